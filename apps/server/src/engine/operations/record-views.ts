import { Readable } from 'node:stream';
import type { EntityDefinition } from '@inspectra/contract';
import { JsonText } from '../json-text.ts';
import type { ActionResult } from '../action-handler.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { pageMeta } from '../page-meta.ts';
import { listedAuthors, readAdditions, recordView } from '../records.ts';
import { viewJsonSql } from '../records/view-json.ts';
import type { ListQuery, RecordBatch, StoredRecord } from '../records.ts';
import type { ServedEntity } from './served-entity.ts';

/** The caller's sort (`sortBy`, `sortDirection`), or none for the declared order. */
export const sortOf = (query: Record<string, unknown>): ListQuery['sort'] =>
  query.sortBy
    ? {
        field: query.sortBy as string,
        direction: (query.sortDirection as 'asc' | 'desc' | undefined) ?? 'asc',
      }
    : undefined;

/**
 * What a list adds to its rows beyond the records (`withAuthor`: who added each), read for a page or
 * a batch in one statement; nothing to read for a list that adds nothing.
 */
export async function listedAdditions(
  served: ServedEntity,
  deps: EngineDeps,
  rows: readonly StoredRecord[],
  q: Pick<ListQuery, 'scope'>,
  withAuthor: boolean | undefined,
): Promise<ReadonlyMap<string, Readonly<Record<string, unknown>>>> {
  if (!withAuthor) return new Map();
  return readAdditions(served.repo(deps), deps.db, rows, listedAuthors, {
    scope: q.scope,
    scopes: deps.scopes,
  });
}

/** One page of records as views, with the paging meta (and who added each, for a `withAuthor` list). */
export async function pagedViews(
  served: ServedEntity,
  deps: EngineDeps,
  query: Record<string, unknown>,
  q: ListQuery,
  withAuthor?: boolean,
) {
  const pageNumber = query.pageNumber as number;
  const pageSize = query.pageSize as number;
  const repo = served.repo(deps);
  // The views built by the database where it can build them, the list adds nothing of its own and
  // the database is not the embedded one (`pageViews`); a list by parent reads the parent once.
  const view =
    withAuthor || deps.pageViews === 'server'
      ? undefined
      : viewJsonSql(repo, served.variant, { byParent: !!q.parentId });
  const page = await repo.page(
    deps.db,
    { ...q, variant: served.variant, sort: sortOf(query), pageNumber, pageSize },
    { forView: true, ...(view ? { asJson: { name: served.variant ?? '', view } } : {}) },
  );
  // Rows under a parent prove it exists (foreign key); an empty page must look for it, or an
  // unknown parent would read as one without records.
  if (page.rows.length === 0 && q.parentId) await served.parentOf(deps, deps.db, q.parentId, q.scope);
  const added = await listedAdditions(served, deps, page.rows, q, withAuthor);
  return {
    data: page.json
      ? new JsonText(`[${page.json.join(',')}]`)
      : page.rows.map((row) => ({
          ...recordView(served.entity, row, page.attachments),
          ...added.get(row.id),
        })),
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
export function streamedViews(
  entity: EntityDefinition,
  batches: AsyncGenerator<RecordBatch>,
  /** What the list adds to a batch's rows, read once per batch. */
  additions?: (
    rows: readonly StoredRecord[],
  ) => Promise<ReadonlyMap<string, Readonly<Record<string, unknown>>>>,
): ActionResult {
  return {
    raw: {
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: Readable.from(
        (async function* () {
          yield '{"data":[';
          let first = true;
          for await (const batch of batches) {
            const added = additions ? await additions(batch.rows) : undefined;
            const views = batch.rows.map((row) =>
              JSON.stringify({ ...recordView(entity, row, batch.attachments), ...added?.get(row.id) }),
            );
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
