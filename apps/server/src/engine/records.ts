/**
 * The records engine, one idea per file under `records/` (docs/architecture-engine.md, "Files of
 * the engine"). This index keeps the names importers used before the split; new code imports the
 * file that holds the idea.
 */
export { RecordRepository } from './records/repository.ts';
export type { StoredRecord } from './records/repository.ts';
export { likePattern } from './records/list-query.ts';
export type { ListQuery, RowCondition, RowContext } from './records/list-query.ts';
export { countAhead } from './records/bounded-count.ts';
export { walkAhead } from './records/paging.ts';
export type { Page } from './records/paging.ts';
export { minIndexedSearch, searchDepth, shortSearchWalk } from './records/short-search.ts';
export { denseValues } from './records/range-density.ts';
export { unpagedBatch, unpagedLimit } from './records/unpaged.ts';
export type { RecordBatch } from './records/unpaged.ts';
export { attachmentsOf, hasFiles } from './records/listed-images.ts';
export type { AttachmentRow, ListedAttachment } from './records/listed-images.ts';
export { attachmentView, recordView, recordViews } from './records/views.ts';
export { writeAudit } from './records/audit.ts';
export { defineList, listPage } from './records/declared-list.ts';
export type { DeclaredList } from './records/declared-list.ts';
export type { PageEnrichment } from './records/enrichment.ts';
