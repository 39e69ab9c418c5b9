import { auditable } from '../auditable.ts';
import { can } from '../access.ts';
import { lockStateOf } from '../record-lock.ts';
import { writeAudit } from '../records.ts';
import { startTemplateRows } from '../row-templates.ts';
import type { OperationHandler } from './entity-operation.ts';
import { servedEntity } from './served-entity.ts';

/**
 * `getByParent`: the one record of a parent, or `null` when it has none yet; with
 * `createIfMissing`, an empty one is created on the first read of a caller who may create.
 */
export const getByParentOperation: OperationHandler<'getByParent'> = (op) => {
  const served = servedEntity(op);
  const { entity, variant, repo } = served;
  return async (ctx) => {
    const { query, deps } = ctx;
    const parentId = query[op.parentParam] as string;
    const scope = served.scopeOf(ctx);
    await served.parentOf(deps, deps.db, parentId, scope);
    const row = await repo(deps).first(deps.db, { parentId, variant, scope });
    if (row) return { data: await served.one(deps, row) };
    const none = { data: null, message: `No ${entity.label.toLowerCase()} yet` };
    // Reading never writes for a caller who may not create: nothing is there, and so it says.
    if (!op.createIfMissing || !can(ctx.user!, { module: entity.module, action: 'create' })) return none;
    // A read never fails on a lock: under a locked report there is nothing, and nothing is made.
    const parents = served.parentRepo(deps);
    const locked = parents && (await lockStateOf(deps.db, parents.entity, parentId));
    if (locked)
      return {
        data: null,
        message: `No ${entity.label.toLowerCase()}: the ${locked.holder.label.toLowerCase()} is ${locked.value}`,
      };
    // Kept one per parent by a unique index: two first reads at once create it once.
    const created = await deps.db.transaction(async (tx) => {
      const inserted = await repo(deps).insertIfAbsent(
        tx,
        { [entity.parent!]: parentId, ...(variant ? { variant } : {}), warnings: [] },
        ctx.user!,
      );
      if (inserted) {
        await writeAudit(tx, {
          entity: entity.name,
          entityId: inserted.id,
          action: 'create',
          actorId: served.actor(ctx),
          after: auditable(inserted),
        });
        await startTemplateRows(tx, deps, {
          entity,
          record: inserted,
          user: ctx.user!,
          actorId: served.actor(ctx),
        });
      }
      return inserted;
    });
    const found = created ?? (await repo(deps).first(deps.db, { parentId, variant, scope }));
    return { data: await served.one(deps, found!) };
  };
};
