import { allRecords, exportSheet, referenceChoices, sheetFields } from '../sheet-operations.ts';
import type { OperationHandler } from './entity-operation.ts';
import { sortOf } from './record-views.ts';
import { servedEntity } from './served-entity.ts';

/** `exportSheet`: the list as an .xlsx, streamed, filtered as the list is; or an empty template. */
export const exportSheetOperation: OperationHandler<'exportSheet'> = (op) => {
  const served = servedEntity(op);
  const { entity, variant, repo } = served;
  return async ({ query, deps, user }) =>
    exportSheet(
      entity,
      op,
      op.template
        ? []
        : allRecords(deps.db, repo(deps), {
            search: query.search as string | undefined,
            variant,
            sort: sortOf(query),
            filters: op.filters,
            filterValues: query,
            scope: served.scopeOf({ user }),
          }),
      await referenceChoices(deps.db, deps.repositories, entity, sheetFields(entity, variant)),
    );
};
