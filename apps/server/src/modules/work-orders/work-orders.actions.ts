import { entities, lookupQuery, referenceTarget, workOrderSpk } from '@inspectra/contract';
import type { LookupValue } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tableOf } from '../../db/schema/index.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { countedPage, likePattern, pageWindow } from '../../engine/records.ts';
import { scopeFor } from '../../engine/record-scope.ts';

const workOrders = tableOf(workOrderSpk);

/**
 * The distinct values of one work-order field with how many work orders carry each, in the value's
 * order, searched and paged. A read model of its own (the values are not records), paged and
 * counted by the engine's window: the total counts values up to `countAhead` past the page.
 *
 * The values are found without reading every work order: a field naming a record of a master (an
 * equipment tag) is read from the master, each kept when a work order names it; any other field by
 * skipping through its index one value at a time (a recursive probe per value). Only the page's
 * values are counted. A contractor's scope is a few work orders, grouped as they are.
 */
function distinctValues(key: keyof typeof workOrderSpk.fields & string): ActionHandler {
  const column = workOrders[key] as AnyPgColumn;
  const field = workOrderSpk.fields[key];
  // The master a `references` field names (`equipment.tagNumber`), from the declaration.
  const target =
    field.kind === 'text' && field.references
      ? referenceTarget(field.references, (name) => entities[name])
      : undefined;
  const master = target
    ? ((tableOf(target.entity) as unknown as Record<string, AnyPgColumn>)[target.field] as AnyPgColumn)
    : undefined;
  return typedAction({ query: lookupQuery }, async ({ query, deps, user }) => {
    const { search } = query;
    // Paged and counted as the engine's lists are (engine paging.ts `pageWindow`).
    const window = pageWindow(query);
    const scope = scopeFor(deps.scopes, workOrderSpk, user);
    const pattern = search ? likePattern(search) : undefined;
    const matching = pattern ? sql`and value ilike ${pattern}` : sql``;
    const values = scope
      ? sql`(select ${column} as value from ${workOrders} where ${scope} and ${column} > '' group by 1) v`
      : master
        ? // A search reads the master's matches first (its trigram index; `offset 0` keeps them
          // apart): in the master's order the planner walked 13,000 tags to find 20 "PUMP" ones.
          sql`(select value from (select ${master} as value from ${master.table}
              ${pattern ? sql`where ${master} ilike ${pattern} offset 0` : sql``}) m
            where exists (select 1 from ${workOrders} where ${column} = m.value)) v`
        : sql`(with recursive v(value) as (
              (select ${column} from ${workOrders} where ${column} > '' order by 1 limit 1)
              union all
              select (select ${column} from ${workOrders} where ${column} > v.value order by 1 limit 1)
              from v where v.value is not null)
            select value from v where value is not null) v`;
    const [rows, counted] = await Promise.all([
      deps.db.execute<{ value: string; count: number }>(sql`select page.value,
          (select count(*) from ${workOrders} where ${column} = page.value ${scope ? sql`and ${scope}` : sql``})::int as count
        from (select value from ${values} where true ${matching}
          order by value limit ${window.pageSize} offset ${window.offset}) page
        order by page.value`),
      deps.db.execute<{ n: number }>(sql`select count(*)::int as n
        from (select 1 from ${values} where true ${matching} limit ${window.countLimit + 1}) counted`),
    ]);
    const data: LookupValue[] = rows.rows.map((r) => ({ value: r.value, count: Number(r.count) }));
    return { data, meta: countedPage(window, counted.rows[0]?.n ?? 0) };
  });
}

/** SPEC 7 "Lookups" of the work-order list: values to filter it by, with how many each. */
export const workOrderActions: Record<string, ActionHandler> = {
  'workOrder.contractNumbers': distinctValues('contractNo'),
  'workOrder.equipments': distinctValues('tagNumber'),
};
