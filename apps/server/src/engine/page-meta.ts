import type { PageMeta } from '@inspectra/contract';

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
