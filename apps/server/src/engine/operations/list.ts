import type { OperationHandler } from './entity-operation.ts';
import { pagedViews } from './record-views.ts';
import { servedEntity } from './served-entity.ts';

/** `list`: one page of records, with `search`, an optional `id`, the declared filters and tabs. */
export const listOperation: OperationHandler<'list'> = (op) => {
  const served = servedEntity(op);
  return async ({ query, deps, user }) =>
    pagedViews(
      served,
      deps,
      query,
      {
        scope: served.scopeOf({ user }),
        search: query.search as string | undefined,
        id: query.id as string | undefined,
        filters: op.filters,
        filterValues: query,
        tabs: op.tabs,
        tab: query.tab as string | undefined,
      },
      op.withAuthor,
    );
};
