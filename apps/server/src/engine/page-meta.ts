import type { CappedMeta, PageMeta } from '@inspectra/contract';
import { sql } from 'drizzle-orm';

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

/**
 * What a capped read selects beside its columns: how many rows (or groups) its statement matched
 * before its limit, `count(*) over ()`, in the same statement. Only for reads of small tables (a
 * vocabulary, the methods, the approval levels): the window reads every match to count it.
 */
export const matchedRows = () => sql<number>`(count(*) over ())::int`.mapWith(Number);

/** A capped read's rows without their `matched` column, and how many matched (0 when none did). */
export function cappedRows<T extends { matched: number }>(
  found: T[],
): [rows: Omit<T, 'matched'>[], matched: number] {
  return [found.map(({ matched: _matched, ...row }) => row), found[0]?.matched ?? 0];
}
