import { verdictOverrideReasonKey } from '@inspectra/contract';
import type { EntityDefinition } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tableOf } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { auditable } from '../auditable.ts';
import { saveImageLists, saveImageSlots } from '../record-files.ts';
import { writeAudit } from '../records.ts';
import { prefillValues } from '../reference-fields.ts';
import { startTemplateRows } from '../row-templates.ts';
import { judgeWrite } from '../rules.ts';
import { verdictOfWrite } from '../verdicts.ts';
import { bodyReader, requireFiles, writing } from './entity-body.ts';
import type { OperationHandler } from './entity-operation.ts';
import { servedEntity } from './served-entity.ts';

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
    const row = await writing(ctx, body, async () => {
      const { acknowledgedWarnings, ...values } = body.values;
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
        return created;
      });
    });
    // Its status and message are the route's (`routeSuccess`): 201 and the declared words.
    return { data: await served.one(deps, row) };
  };
};

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
