import { verdictOverrideReasonKey } from '@inspectra/contract';
import type { EntityDefinition } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tableOf } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { auditable } from '../auditable.ts';
import { clientIdTaken } from '../constraint-messages.ts';
import type { AuthenticatedUser } from '../access.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { discardUnreferenced, holdsSentFiles, saveImageLists, saveImageSlots } from '../record-files.ts';
import { writeAudit } from '../records.ts';
import type { StoredRecord } from '../records.ts';
import { prefillValues } from '../reference-fields.ts';
import { startTemplateRows } from '../row-templates.ts';
import { judgeWrite } from '../rules.ts';
import { verdictOfWrite } from '../verdicts.ts';
import { receivedFiles } from '../request-body/parsed-body.ts';
import type { ParsedBody } from '../request-body/parsed-body.ts';
import { bodyReader, requireFiles, writing } from './entity-body.ts';
import type { OperationHandler } from './entity-operation.ts';
import { servedEntity } from './served-entity.ts';
import type { ServedEntity } from './served-entity.ts';

/**
 * `create`: a new record from the body, with its files, its rules' warnings and its audit row, in
 * one transaction; the module's write check runs in it first.
 */
export const createOperation: OperationHandler<'create'> = (op, route) => {
  const served = servedEntity(op);
  const { entity, variant, repo, actor } = served;
  const readBody = bodyReader(served, route);
  return async (ctx) => {
    const { deps } = ctx;
    repo(deps).assertMayWrite(ctx.user!);
    const body = await readBody(ctx, op.body);
    const { row, repeated } = await writing(ctx, body, async () => {
      const { acknowledgedWarnings, ...values } = body.values;
      // A client-made id (docs/offline-capture.md, part 2); null, as an empty form part reads, is none.
      if (values.id === null) delete values.id;
      requireFiles(entity, variant, body, 'create');
      await served.parentOfNew(deps, values, served.scopeOf(ctx));
      // Fields the body leaves out that the declaration fills from the parent (`prefill`).
      Object.assign(values, await prefillValues(deps.db, entity, values, variant));
      const warnings = judgeWrite({
        entity,
        values,
        acknowledged: acknowledgedWarnings as string[] | undefined,
        previous: undefined,
        user: ctx.user!,
        now: new Date(),
      });
      return deps.db.transaction(async (tx) => {
        // A client-made id already held: the same create sent again is answered, nothing written.
        const held =
          typeof values.id === 'string' ? await heldId(tx, deps, served, body, values, ctx.user!) : undefined;
        if (held) return { row: held, repeated: true };
        if (entity.single) await refuseSecondRecord(tx, entity);
        await deps.writeChecks?.[entity.name]?.({ tx, values, before: undefined, user: ctx.user! });
        // A verdict that differs from the standard's is saved with a reason (docs/verdict-pairs.md).
        const verdict = await verdictOfWrite(tx, {
          entity,
          values,
          sent: verdictOverrideReasonKey in values,
          user: ctx.user!,
          now: new Date(),
          warnings,
        });
        const created = await repo(deps).insert(
          tx,
          { ...values, ...(variant ? { variant } : {}), warnings, ...verdict },
          ctx.user!,
        );
        await saveImageSlots(tx, entity, created.id, body.images, [], actor(ctx));
        await saveImageLists(tx, entity, created.id, body.lists, actor(ctx));
        await writeAudit(tx, {
          entity: entity.name,
          entityId: created.id,
          action: 'create',
          actorId: actor(ctx),
          after: auditable(created),
        });
        // The rows a new record starts with, declared (row templates): in this transaction.
        await startTemplateRows(tx, deps, { entity, record: created, user: ctx.user!, actorId: actor(ctx) });
        return { row: created, repeated: false };
      });
    });
    // The repeat's own files are not the record's: the first create's are.
    if (repeated) await discardUnreferenced(deps.db, deps.files, receivedFiles(body));
    // Its status and message are the route's (`routeSuccess`): 201 and the declared words.
    return { data: await served.one(deps, row) };
  };
};

/**
 * The record a create's client-made id names already (docs/offline-capture.md, part 2): when it is
 * the same user's create of the same values (every field a client writes, as stored) and the same
 * files (by content, per field and order), it is the answer to this create, which writes nothing;
 * any other record holding the id, whoever's and wherever it is, is refused alike, so the refusal
 * tells nothing of it.
 */
async function heldId(
  tx: DbOrTx,
  deps: EngineDeps,
  served: ServedEntity,
  body: ParsedBody,
  values: Record<string, unknown>,
  user: AuthenticatedUser,
): Promise<StoredRecord | undefined> {
  const { entity, variant } = served;
  const fields = Object.entries(entity.fieldsOf(variant))
    .filter(([, field]) => !field.serverOwned && !field.keptByServer)
    .map(([key]) => key);
  const held = await served
    .repo(deps)
    .heldByClientId(tx, values.id as string, { values, fields, variant, actor: user });
  if (!held) return undefined;
  if (held.sameCreate && (await holdsSentFiles(tx, entity, held.record.id, body))) return held.record;
  throw new AppError('CONFLICT', clientIdTaken, [{ path: 'id', message: clientIdTaken, code: 'taken' }]);
}

/**
 * A `single` entity (the plant owner) holds one record: a second create is refused with 409. The
 * lock takes two first creates at once one after the other, so the second sees the first.
 */
async function refuseSecondRecord(tx: DbOrTx, entity: EntityDefinition) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${entity.name}))`);
  const held = await tx.execute(sql`select 1 from ${tableOf(entity)} limit 1`);
  if (held.rows.length > 0) {
    const label = entity.label ?? entity.name;
    throw new AppError(
      'CONFLICT',
      `The ${label.charAt(0).toLowerCase()}${label.slice(1)} is already set: update it instead`,
    );
  }
}
