import { lookupQuery, workOrderSpk } from '@inspectra/contract';
import type { LookupValue } from '@inspectra/contract';
import { and, asc, count, ilike, isNotNull, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tableOf } from '../../db/schema/index.ts';
import { pageMeta, typedAction } from '../../engine/register-routes.ts';
import type { ActionHandler } from '../../engine/register-routes.ts';
import { countAhead, likePattern } from '../../engine/records.ts';
import { scopeFor } from '../../engine/record-scope.ts';

const workOrders = tableOf(workOrderSpk);

/**
 * The distinct values of one work-order field with how many work orders carry each, in the value's
 * order, searched and paged: read off the field's own index (`indexes` in the declaration), grouped
 * as the index delivers them, so a page stops after its groups. The total counts groups up to
 * `countAhead` past the page, as the engine's lists do.
 */
function distinctValues(column: AnyPgColumn): ActionHandler {
  return typedAction({ query: lookupQuery }, async ({ query, deps, user }) => {
    const { pageNumber, pageSize, search } = query;
    const where = and(
      // A contractor's lookups offer only the values of work orders they see.
      scopeFor(deps.scopes, workOrderSpk, user),
      isNotNull(column),
      ne(column, ''),
      search ? ilike(column, likePattern(search)) : undefined,
    );
    const offset = (pageNumber - 1) * pageSize;
    const countLimit = offset + (search ? countAhead.search : countAhead.list);
    const groups = deps.db
      .select({ value: sql<string>`${column}`.as('value') })
      .from(workOrders)
      .where(where)
      .groupBy(column)
      .limit(countLimit + 1)
      .as('groups');
    const [rows, [counted]] = await Promise.all([
      deps.db
        .select({ value: sql<string>`${column}`, count: count() })
        .from(workOrders)
        .where(where)
        .groupBy(column)
        .orderBy(asc(column))
        .limit(pageSize)
        .offset(offset),
      deps.db.select({ n: count() }).from(groups),
    ]);
    const n = counted?.n ?? 0;
    const exact = n <= countLimit;
    const data: LookupValue[] = rows.map((r) => ({ value: r.value, count: Number(r.count) }));
    return { data, meta: pageMeta(pageNumber, pageSize, exact ? n : countLimit, exact) };
  });
}

/** SPEC 7 "Lookups" of the work-order list: values to filter it by, with how many each. */
export const workOrderActions: Record<string, ActionHandler> = {
  'workOrder.contractNumbers': distinctValues(workOrders.contractNo),
  'workOrder.equipments': distinctValues(workOrders.tagNumber),
};
