import { Readable } from 'node:stream';
import type { EntityDefinition } from '@inspectra/contract';
import type { ActionResult } from '../action-handler.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { pageMeta } from '../page-meta.ts';
import { recordView } from '../records.ts';
import type { ListQuery, RecordBatch } from '../records.ts';
import type { ServedEntity } from './served-entity.ts';

/** The caller's sort (`sortBy`, `sortDirection`), or none for the declared order. */
export const sortOf = (query: Record<string, unknown>): ListQuery['sort'] =>
  query.sortBy
    ? {
        field: query.sortBy as string,
        direction: (query.sortDirection as 'asc' | 'desc' | undefined) ?? 'asc',
      }
    : undefined;

/** One page of records as views, with the paging meta. */
export async function pagedViews(
  served: ServedEntity,
  deps: EngineDeps,
  query: Record<string, unknown>,
  q: ListQuery,
) {
  const pageNumber = query.pageNumber as number;
  const pageSize = query.pageSize as number;
  const page = await served
    .repo(deps)
    .page(
      deps.db,
      { ...q, variant: served.variant, sort: sortOf(query), pageNumber, pageSize },
      { forView: true },
    );
  // Rows under a parent prove it exists (foreign key); an empty page must look for it, or an
  // unknown parent would read as one without records.
  if (page.rows.length === 0 && q.parentId) await served.parentOf(deps, deps.db, q.parentId, q.scope);
  return {
    data: page.rows.map((row) => recordView(served.entity, row, page.attachments)),
    meta: {
      ...pageMeta(pageNumber, pageSize, page.totalCount, page.exact),
      ...(page.searchLimitedTo ? { searchLimitedTo: page.searchLimitedTo } : {}),
    },
  };
}

/**
 * A whole list sent as its batches are read (`RecordRepository.every`): the envelope is written
 * around a JSON array, so the server holds one batch at a time, not the list.
 */
export function streamedViews(entity: EntityDefinition, batches: AsyncGenerator<RecordBatch>): ActionResult {
  return {
    raw: {
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: Readable.from(
        (async function* () {
          yield '{"data":[';
          let first = true;
          for await (const batch of batches) {
            const views = batch.rows.map((row) => JSON.stringify(recordView(entity, row, batch.attachments)));
            if (views.length === 0) continue;
            yield (first ? '' : ',') + views.join(',');
            first = false;
          }
          yield '],"statusCode":200,"message":"OK"}';
        })(),
      ),
    },
  };
}
