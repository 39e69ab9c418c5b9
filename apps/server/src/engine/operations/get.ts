import type { OperationHandler } from './entity-operation.ts';
import { servedEntity } from './served-entity.ts';

/** `get`: one record by its id (in the path, or the query as `id` or the parameter the route names). */
export const getOperation: OperationHandler<'get'> = (op) => {
  const served = servedEntity(op);
  return async ({ query, params, deps, user }) => {
    const id = (op.id === 'path' ? params.id : query[op.param ?? 'id']) as string;
    return {
      data: await served.one(deps, await served.recordOf(deps, deps.db, id, served.scopeOf({ user }))),
    };
  };
};
