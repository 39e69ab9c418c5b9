import { auditable } from '../auditable.ts';
import { deleteRecordFiles } from '../record-files.ts';
import { writeAudit } from '../records.ts';
import type { OperationHandler } from './entity-operation.ts';
import { servedEntity } from './served-entity.ts';

/**
 * `delete`: one record by id, locked, after the module's delete check; its files and audit row in
 * the same transaction.
 */
export const deleteOperation: OperationHandler<'delete'> = (op) => {
  const served = servedEntity(op);
  const { entity, repo } = served;
  return async (ctx) => {
    const { deps } = ctx;
    repo(deps).assertMayWrite(ctx.user!);
    const id = (op.id === 'path' ? ctx.params.id : ctx.query.id) as string;
    await deps.db.transaction(async (tx) => {
      const before = await served.recordOf(deps, tx, id, served.scopeOf(ctx), { lock: true });
      await deps.deleteChecks?.[entity.name]?.({ tx, before, user: ctx.user! });
      const removed = await repo(deps).delete(tx, id, ctx.user!);
      await deleteRecordFiles(tx, entity, id);
      await writeAudit(tx, {
        entity: entity.name,
        entityId: id,
        action: 'delete',
        actorId: served.actor(ctx),
        before: auditable(removed),
      });
    });
    return { data: { id } };
  };
};
