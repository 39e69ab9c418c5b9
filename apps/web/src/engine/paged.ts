import type { PageMeta, RouteDefinition } from '@inspectra/contract';
import { callApi, routeOf } from '../api/calls.ts';
import type { RouteKeyWithoutParams } from '../api/calls.ts';
import type { EntityPageRequest } from './EntityTable.tsx';

/** What a table asks of a list: its page, search, the caller's order and filter values. */
export type PageRequest = EntityPageRequest;
export type Page<T> = { records: T[]; meta: PageMeta };

/**
 * A page fetcher that says which call it makes: a table reads the call's sort fields and filters
 * from `route`, and leaves out the filters the page has fixed (`fixedParams`).
 */
export type PagedList<T = Record<string, unknown>> = ((p: PageRequest) => Promise<Page<T>>) & {
  route?: RouteDefinition;
  fixedParams?: readonly string[];
};

/** A page fetcher over a paged list call, for EntityTable; `query` adds the call's own filters. */
export function pagedList<T = Record<string, unknown>>(
  key: RouteKeyWithoutParams,
  query: Record<string, unknown> = {},
): PagedList<T> {
  const fetchPage = async ({ filters, ...p }: PageRequest): Promise<Page<T>> => {
    // The page's own filters win over the same parameter chosen in the table.
    const envelope = await callApi<T[]>(key, { query: { ...filters, ...query, ...p } });
    return {
      records: envelope.data,
      meta: envelope.meta ?? {
        pageNumber: p.pageNumber,
        pageSize: p.pageSize,
        totalCount: envelope.data.length,
        totalPages: 1,
        totalCountExact: true,
      },
    };
  };
  return Object.assign(fetchPage, { route: routeOf(key), fixedParams: Object.keys(query) });
}
