import { routeSchemas, sortableFields } from '@inspectra/contract';
import type { EntityDefinition, Field, Filter, ListTab, RouteDefinition } from '@inspectra/contract';

/** One filter a list call declares, as a table offers it. */
export type TableFilter = {
  /** The query parameter it is sent as. */
  param: string;
  filter: Filter;
  /** The field it narrows; none for `hasValues`, which names several, nor `unlessIncluded`. */
  field?: Field;
  fieldKey?: string;
};

/** A table's choice of order: a sortable field and its direction. */
export type TableSort = { field: string; direction: 'asc' | 'desc' };

const sortableByRoute = new WeakMap<RouteDefinition, Set<string>>();

/**
 * The fields a list call lets its caller sort by: none when the call takes no `sortBy` (a whole
 * list by parent, a module's own action). Worked out once per call, not on every render.
 */
export function sortableColumns(route: RouteDefinition | undefined): Set<string> {
  const op = route?.operation;
  if (!route || !op || (op.kind !== 'list' && op.kind !== 'listByParent')) return new Set();
  let fields = sortableByRoute.get(route);
  if (!fields) {
    fields = routeSchemas(route).query?.shape.sortBy
      ? new Set(sortableFields(op.entity, op.variant))
      : new Set<string>();
    sortableByRoute.set(route, fields);
  }
  return fields;
}

/** The filters a list call declares, less those the page has fixed (a work order's reports). */
export function tableFilters(
  route: RouteDefinition | undefined,
  entity: EntityDefinition,
  fixed: readonly string[] = [],
): TableFilter[] {
  const op = route?.operation;
  if (!op || (op.kind !== 'list' && op.kind !== 'listByParent')) return [];
  return Object.entries(op.filters)
    .filter(([param]) => !fixed.includes(param))
    .map(([param, filter]) =>
      filter.op === 'hasValues' || filter.op === 'unlessIncluded'
        ? { param, filter }
        : { param, filter, field: entity.fields[filter.field], fieldKey: filter.field },
    );
}

/** The filter values that narrow anything: empty ones are not sent. */
export function activeFilters(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
}

/** The named tabs a list call declares (`?tab=`), in declaration order; none for other calls. */
export function tableTabs(route: RouteDefinition | undefined): [string, ListTab][] {
  const op = route?.operation;
  return op?.kind === 'list' ? Object.entries(op.tabs ?? {}) : [];
}
