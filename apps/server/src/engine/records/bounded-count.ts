import type { PageMeta } from '@inspectra/contract';
import { pageMeta } from '../page-meta.ts';
import type { PageWindow } from './page.ts';

/**
 * How far past the start of a page a list counts: an exact total up to this many more rows, a lower
 * bound beyond (docs/api-conventions.md, "Paging"). A free-text search counts less far: each row it
 * counts is a text match on every search field, not an index entry (a broad search counting 1,000
 * matches read 5,700 rows and took 8× its page).
 */
export const countAhead = { list: 1000, search: 200 };

/** A count that stopped past `countLimit`: exact up to it, a lower bound (`exact: false`) beyond. */
export function countOf(walked: number, countLimit: number) {
  return walked > countLimit ? { totalCount: countLimit, exact: false } : { totalCount: walked, exact: true };
}

/**
 * The paging meta of a page read by `window` (paging.ts `pageWindow`), from how many matches its
 * count walked: at most `countLimit` + 1, so a total past the limit is a lower bound. A module's
 * own read model counts with `limit countLimit + 1` and answers its meta by this.
 */
export function countedPage(window: PageWindow, walked: number): PageMeta {
  const { totalCount, exact } = countOf(walked, window.countLimit);
  return pageMeta(window.pageNumber, window.pageSize, totalCount, exact);
}
