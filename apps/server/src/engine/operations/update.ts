import { ALabel, labelInSentence, verdictOverrideReasonKey } from '@inspectra/contract';
import type { RecordedWarning } from '@inspectra/contract';
import { AppError } from '../../errors.ts';
import { auditable } from '../auditable.ts';
import { checkIfMatch } from '../entity-tags.ts';
import { saveImageLists, saveImageSlots } from '../record-files.ts';
import { writeAudit } from '../records.ts';
import type { StoredRecord } from '../records.ts';
import { unknownFields } from '../request-body/body-keys.ts';
import type { ParsedBody } from '../request-body/parsed-body.ts';
import { judgeWrite } from '../rules.ts';
import { verdictOfWrite } from '../verdicts.ts';
import { bodyReader, requireFiles, writing } from './entity-body.ts';
import type { OperationHandler } from './entity-operation.ts';
import { servedEntity } from './served-entity.ts';

/**
 * `update`: the changes in the body applied to the stored record, locked, at the version the
 * caller read; the rules judge the record as it will be. Its files and audit row in the same
 * transaction.
 */
export const updateOperation: OperationHandler<'update'> = (op, route) => {
  const served = servedEntity(op);
  const { entity, variant, repo, actor } = served;
  const readBody = bodyReader(served, route);
  return async (ctx) => {
    const { deps } = ctx;
    repo(deps).assertMayWrite(ctx.user!);
    const body = await readBody(ctx, op.body).catch((error: unknown) => {
      // A call that names its record in the body reads no id elsewhere: one sent in the query
      // alone is ignored, and saying only that the body's id is missing would send the client
      // looking in the wrong place. (With the id in the body too, the query's is not read.)
      const missingId = error instanceof AppError && error.details?.some((d) => d.path === 'id');
      if (op.id === 'body' && ctx.query.id !== undefined && missingId) {
        const message = `This call names the ${labelInSentence(entity.label)} by the id in its body, not in the query: send id in the body`;
        throw new AppError('VALIDATION_ERROR', message, [{ path: 'id', message }]);
      }
      throw error;
    });
    const id = (
      op.id === 'path' ? ctx.params.id : op.id === 'query' ? ctx.query.id : body.values.id
    ) as string;
    const { version, id: _bodyId, acknowledgedWarnings, ...changes } = body.values;
    const row = await writing(ctx, body, () => {
      if (!op.everyVariant) requireFiles(entity, variant, body, 'update');
      return deps.db.transaction(async (tx) => {
        // Locked: the rules below judge it merged with the changes, so no one may change it meanwhile.
        const before = await served.recordOf(deps, tx, id, served.scopeOf(ctx), { lock: true });
        // A call over every variant reads the body with every variant's fields: the record's own
        // variant decides which of them it has.
        if (op.everyVariant) {
          refuseOtherVariants(served, before, body, changes);
          requireFiles(entity, String(before.variant), body, 'update');
        }
        // An integrator's `If-Match` (the ETag of its read) must still name this version: 412 if not.
        checkIfMatch(ctx.request.headers['if-match'], entity, before);
        // A record stays under the parent it was created under: moving a measurement to another
        // report would rewrite an integrity record's history. Sending the same parent is harmless.
        if (entity.parent && entity.parent in changes) {
          if (changes[entity.parent] !== before[entity.parent]) {
            throw new AppError('VALIDATION_ERROR', `${entity.parent} cannot be changed`, [
              {
                path: entity.parent,
                message: `${ALabel(entity.label)} stays where it was created`,
              },
            ]);
          }
          delete changes[entity.parent];
        }
        await deps.writeChecks?.[entity.name]?.({ tx, values: changes, before, user: ctx.user! });
        // Rules judge the record as it will be, not the patch alone: a new end date is checked
        // against the stored start date. Reading and writing in one transaction keeps them true.
        changes.warnings = judgeWrite({
          entity,
          values: { ...before, ...changes },
          acknowledged: acknowledgedWarnings as string[] | undefined,
          previous: before.warnings as RecordedWarning[],
          user: ctx.user!,
          now: new Date(),
        });
        // A verdict that differs from the standard's is saved with a reason (docs/verdict-pairs.md).
        Object.assign(
          changes,
          await verdictOfWrite(tx, {
            entity,
            values: { ...before, ...changes },
            sent: verdictOverrideReasonKey in changes,
            before,
            user: ctx.user!,
            now: new Date(),
            warnings: changes.warnings as RecordedWarning[],
          }),
        );
        const updated = await repo(deps).update(tx, id, changes, version as number | undefined, ctx.user!);
        await saveImageSlots(tx, entity, id, body.images, body.clearedSlots, actor(ctx));
        await saveImageLists(tx, entity, id, body.lists, actor(ctx));
        await writeAudit(tx, {
          entity: entity.name,
          entityId: id,
          action: 'update',
          actorId: actor(ctx),
          before: auditable(before),
          after: auditable(updated),
        });
        return updated;
      });
    });
    return { data: await served.one(deps, row) };
  };
};

/**
 * Refuses (400, naming each) what a body sent to an every-variant update names of another variant
 * than the record's: a field, a file slot (sent or emptied) or an image list.
 */
function refuseOtherVariants(
  served: ReturnType<typeof servedEntity>,
  record: StoredRecord,
  body: ParsedBody,
  changes: Record<string, unknown>,
) {
  const { entity } = served;
  const variant = String(record.variant);
  const fields = entity.fieldsOf(variant);
  const slots = entity.imagesOf(variant);
  const lists = entity.imageListsOf(variant);
  const foreign = [
    ...Object.keys(changes).filter((key) => key in entity.fields && !(key in fields)),
    ...[...body.images.map((i) => i.slot), ...body.clearedSlots].filter((slot) => !(slot in slots)),
    ...Object.keys(body.lists).filter((key) => !(key in lists)),
  ];
  if (foreign.length > 0) throw unknownFields(entity, [...new Set(foreign)]);
}
