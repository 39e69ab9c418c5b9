import type { ListedAttachment } from './listed-images.ts';
import type { StoredRecord } from './read-shapes.ts';

/** What a page of a list is: the window it reads and counts in, and what it answers. */

/**
 * Where a page starts (`offset`, from `pageNumber` and `pageSize`) and how far its list counts
 * (`countLimit`: `countAhead` past the page's start, less far for a search). Every paged list
 * reads its page by this, the engine's and a module's own read model alike (my tasks, the lookups),
 * and answers its count with `countedPage` (bounded-count.ts).
 */
export type PageWindow = { pageNumber: number; pageSize: number; offset: number; countLimit: number };

export type Page = {
  rows: StoredRecord[];
  attachments: ListedAttachment[];
  totalCount: number;
  /** False when more rows matched than were counted: `totalCount` is then a lower bound. */
  exact: boolean;
  /** A short search looked through only this many newest records, of a list holding more. */
  searchLimitedTo?: number;
  /** Each row's view as JSON text, in page order, when the database built them (`PageOptions.asJson`). */
  json?: string[];
};
