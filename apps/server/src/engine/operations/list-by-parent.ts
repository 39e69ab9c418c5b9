import { defaultPageSize } from '@inspectra/contract';
import type { OperationHandler } from './entity-operation.ts';
import { listedAdditions, pagedViews, sortOf, streamedViews } from './record-views.ts';
import { servedEntity } from './served-entity.ts';

/** `listByParent`: the records of one parent, by page or, unpaged, streamed whole. */
export const listByParentOperation: OperationHandler<'listByParent'> = (op) => {
  const served = servedEntity(op);
  return async ({ query, deps, user }) => {
    const parentId = query[op.parentParam] as string;
    const scope = served.scopeOf({ user });
    const q = { parentId, filters: op.filters, filterValues: query, scope };
    // An unpaged list may still be asked for by page: past `unpagedLimit` rows it must be.
    if (op.paged || query.pageNumber !== undefined || query.pageSize !== undefined)
      return pagedViews(
        served,
        deps,
        { ...query, pageNumber: query.pageNumber ?? 1, pageSize: query.pageSize ?? defaultPageSize },
        q,
        op.withAuthor,
      );
    await served.parentOf(deps, deps.db, parentId, scope);
    return streamedViews(
      served.entity,
      await served.repo(deps).every(deps.db, { ...q, variant: served.variant, sort: sortOf(query) }),
      op.withAuthor ? (rows) => listedAdditions(served, deps, rows, q, true) : undefined,
    );
  };
};
