import { upsertRecord } from '../sheet-operations.ts';
import { bodyReader } from './entity-body.ts';
import type { OperationHandler } from './entity-operation.ts';
import { servedEntity } from './served-entity.ts';

/** `upsert`: creates the record, or updates the one with the same natural key; the owner's staff's alone. */
export const upsertOperation: OperationHandler<'upsert'> = (op, route) => {
  const served = servedEntity(op);
  const { entity, variant, repo } = served;
  const readBody = bodyReader(served, route);
  return async (ctx) => {
    served.refuseKeyedWriteInScope(ctx);
    const body = await readBody(ctx, 'json');
    const { acknowledgedWarnings: _ack, ...values } = body.values;
    await served.parentOfNew(ctx.deps, values, served.scopeOf(ctx));
    const { row, created } = await ctx.deps.db.transaction((tx) =>
      upsertRecord(tx, repo(ctx.deps), { values, variant, user: ctx.user! }),
    );
    return created
      ? { data: await served.one(ctx.deps, row), statusCode: 201, message: `${entity.label} created` }
      : { data: await served.one(ctx.deps, row), message: `${entity.label} updated` };
  };
};
