import type { PageMeta } from '@inspectra/contract';
import { callApi } from '../api/calls.ts';
import type { RouteKeyWithoutParams } from '../api/calls.ts';

export type PageRequest = { pageNumber: number; pageSize: number; search?: string };
export type Page<T> = { records: T[]; meta: PageMeta };

/** A page fetcher over a paged list call, for EntityTable; `query` adds the call's own filters. */
export function pagedList<T = Record<string, unknown>>(
  key: RouteKeyWithoutParams,
  query: Record<string, unknown> = {},
) {
  return async (p: PageRequest): Promise<Page<T>> => {
    const envelope = await callApi<T[]>(key, { query: { ...query, ...p } });
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
}
