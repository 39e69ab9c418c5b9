/**
 * The records engine as modules use it: one door to the ideas that live one per file under
 * `records/` (docs/architecture-engine.md, "Files of the records engine"). Modules import from here;
 * the engine's own files import each other directly.
 */
export { RecordRepository } from './records/repository.ts';
export type { KeptValues } from './records/repository.ts';
export { likePattern } from './records/list-query.ts';
export type { ListQuery, RowCondition, RowContext, StoredRecord } from './records/read-shapes.ts';
export { countAhead, countedPage } from './records/bounded-count.ts';
export { pageWindow, walkAhead } from './records/paging.ts';
export type { Page, PageWindow } from './records/page.ts';
export { minIndexedSearch, searchDepth, shortSearchWalk } from './records/short-search.ts';
export { denseValues } from './records/range-density.ts';
export { unpagedBatch, unpagedLimit } from './records/unpaged.ts';
export type { RecordBatch } from './records/unpaged.ts';
export { attachmentsOf, hasFiles, readsThroughOf } from './records/listed-images.ts';
export type { AttachmentRow, ListedAttachment } from './records/listed-images.ts';
export { attachmentView, recordView, recordViews } from './records/views.ts';
export { writeAudit, writeAudits } from './records/audit.ts';
export { countListBy, defineList, listEvery, listPage } from './records/declared-list.ts';
export type { DeclaredList } from './records/declared-list.ts';
export type { PageEnrichment } from './records/enrichment.ts';
export { readAdditions } from './records/enrichment.ts';
export { listedAuthors } from './records/listed-authors.ts';
