import type { CappedMeta, PageMeta } from '@inspectra/contract';

/** The paging meta of a list's answer; `exact` is false when the count was bounded. */
export function pageMeta(pageNumber: number, pageSize: number, totalCount: number, exact: boolean): PageMeta {
  return {
    pageNumber,
    pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / pageSize),
    totalCountExact: exact,
  };
}

/**
 * The meta of an answer with capped lists (a route's `capped`): for each list, by its key in `data`,
 * how many rows it shows and how many matched; the meta says how many more matched than it shows.
 */
export function notShownMeta(lists: Record<string, [shown: number, matched: number]>): CappedMeta {
  return {
    notShown: Object.fromEntries(
      Object.entries(lists).map(([key, [shown, matched]]) => [key, Math.max(0, matched - shown)]),
    ),
  };
}
