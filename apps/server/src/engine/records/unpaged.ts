import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { takesStatementsAtOnce } from '../../db/handle.ts';
import { AppError } from '../../errors.ts';
import { listConditions, parentIdParam } from './list-query.ts';
import { orderBy } from './list-order.ts';
import { rowsWithImages, withImages } from './listed-images.ts';
import type { ListedAttachment } from './listed-images.ts';
import type { ListQuery, StoredRecord } from './read-shapes.ts';
import type { RecordTable } from './record-table.ts';
import { recordForView } from './views.ts';

/**
 * The most records a list without paging answers (`everyRecord`); a longer one is refused with 400
 * and asked for by page (docs/api-conventions.md).
 */
export const unpagedLimit = 20_000;
/** Rows an unpaged list reads, turns into JSON and sends at a time. */
export const unpagedBatch = 500;

/** One batch of an unpaged list: its rows in list order and their images. */
export type RecordBatch = { rows: StoredRecord[]; attachments: ListedAttachment[] };

/**
 * A whole list's own hard limit, below `unpagedLimit` (a sheet of at most 10,000 assignments), and
 * what its caller is told past it instead of the engine's request to page.
 */
export type UnpagedLimit = {
  limit?: number;
  tooMany?: () => Error;
  /** `false`: the rows without their images (a caller that reads each row's files whole itself). */
  images?: boolean;
  /**
   * `true`: each time (`timestamptz`) as ISO text, sliced from PostgreSQL's text (`recordForView`),
   * for a caller that writes the rows as text (a report's walk) and would only turn a Date back.
   */
  timesAsText?: boolean;
};

type RowWithImages = { record: StoredRecord; images?: ListedAttachment[] };

/** A row's columns as read: the table's, or with its times as ISO text (`UnpagedLimit.timesAsText`). */
const recordColumns = (repo: RecordTable, timesAsText: boolean) =>
  timesAsText ? recordForView(repo) : repo.table;

/**
 * Every record that matches, in list order, read in batches of `unpagedBatch` rows with their
 * images, so a long list never sits whole in the server's memory. The first batch is read at once
 * with its images (most lists end there: one statement). A longer list then reads the matching ids
 * (one walk of the list-order index, at most `unpagedLimit` + 1 of them): past the limit it is
 * refused with a 400 telling the caller to page, before anything is sent; it is never cut short in
 * silence. Rows deleted meanwhile are left out; a row added meanwhile comes after the first batch.
 */
export async function everyRecord(
  repo: RecordTable,
  db: DbOrTx,
  q: ListQuery,
  o: UnpagedLimit = {},
): Promise<AsyncGenerator<RecordBatch>> {
  const limit = Math.min(o.limit ?? unpagedLimit, unpagedLimit);
  const refuse = () => {
    throw (
      o.tooMany?.() ??
      new AppError(
        'BAD_REQUEST',
        `This list holds more than ${limit.toLocaleString('en')} ${repo.entity.label.toLowerCase()} records: ask for it by page (pageNumber and pageSize)`,
      )
    );
  };
  const { where, values, shape, order, ofOtherVariant, byParent, planning } = listConditions(repo, q);
  const images = o.images ?? true;
  const timesAsText = o.timesAsText ?? false;
  const columns = `${images ? '' : ':bare'}${timesAsText ? ':text' : ''}`;
  // The limits are written in (a constant, and the list's own bound): bound, PostgreSQL would weigh
  // the one plan for every parent as if it read a tenth of the rows (paging.ts `writtenPageSizes`).
  const firstBatchAndOne = sql.raw(String(unpagedBatch + 1));
  const limitAndOne = sql.raw(String(limit + 1));
  const head = await repo.statements.run<RowWithImages[]>(
    db,
    `every:head:${shape}${columns}`,
    () =>
      db
        .select({
          record: recordColumns(repo, timesAsText),
          ...withImages(repo.entity, { images, byParent }),
        })
        .from(repo.table)
        .where(where)
        .orderBy(...orderBy(repo, q.sort, order))
        .limit(firstBatchAndOne as unknown as number),
    values,
    planning,
  );
  if (ofOtherVariant(head.map((h) => h.record)))
    return (async function* () {
      yield { rows: [], attachments: [] };
    })();
  const first = rowsWithImages(head.slice(0, unpagedBatch));
  if (head.length > limit) refuse();
  if (head.length <= unpagedBatch)
    return (async function* () {
      yield first;
    })();
  const ids = await repo.statements.run<{ id: string }[]>(
    db,
    `every:${limit}:${shape}`,
    () =>
      db
        .select({ id: repo.column('id') })
        .from(repo.table)
        .where(where)
        .orderBy(...orderBy(repo, q.sort, order))
        .limit(limitAndOne as unknown as number),
    values,
    planning,
  );
  if (ids.length > limit) refuse();
  const sent = new Set(first.rows.map((r) => r.id));
  const rest = batches(
    repo,
    db,
    ids.map((r) => r.id).filter((id) => !sent.has(id)),
    { images, timesAsText, parentId: byParent ? values[parentIdParam] : undefined },
  );
  return firstThenRest({ batch: first }, rest);
}

/**
 * The first batch, then the rest: the first let go once its reader has gone on, so the rows of a
 * long list's first batch are not kept in memory until its last (a report's walk, an export).
 */
async function* firstThenRest(
  held: { batch?: RecordBatch },
  rest: AsyncGenerator<RecordBatch>,
): AsyncGenerator<RecordBatch> {
  yield held.batch!;
  held.batch = undefined;
  yield* rest;
}

/**
 * The rows of `ids`, `unpagedBatch` at a time, in their order. The first batch's statement is sent
 * at once (while the caller works through the list's first rows), and each next one before the
 * batch before it is handed on: the database reads one batch ahead of the caller, never more.
 * The ids of a list by parent (`parentId`) are read under that parent, so what the rows read through
 * it is read once a batch, as the list's first batch reads it; a row moved meanwhile is left out,
 * as a row deleted is.
 */
function batches(
  repo: RecordTable,
  db: DbOrTx,
  ids: string[],
  o: { images: boolean; timesAsText: boolean; parentId?: unknown },
): AsyncGenerator<RecordBatch> {
  const { images, timesAsText, parentId } = o;
  const parent = parentId !== undefined ? repo.entity.parent : undefined;
  const byId = sql`${repo.column('id')} = any(${sql.placeholder('ids')}::uuid[])`;
  const read = (start: number) => {
    const wanted = ids.slice(start, start + unpagedBatch);
    const found = repo.statements.run<RowWithImages[]>(
      db,
      `batch${parent ? ':parent' : ''}${images ? '' : ':bare'}${timesAsText ? ':text' : ''}`,
      () =>
        db
          .select({
            record: recordColumns(repo, timesAsText),
            ...withImages(repo.entity, { images, byParent: !!parent }),
          })
          .from(repo.table)
          .where(parent ? and(byId, eq(repo.column(parent), sql.placeholder(parentIdParam))) : byId),
      { ids: wanted, ...(parent ? { [parentIdParam]: parentId } : {}) },
      // Rows by their keys, off the primary key.
      'shared',
    );
    // A caller that stops early leaves the batch read ahead unread: its failure is not theirs.
    found.catch(() => undefined);
    return { wanted, found };
  };
  // In a transaction (one connection) each batch is read when asked for.
  const readAhead = takesStatementsAtOnce(db);
  let ahead = ids.length > 0 && readAhead ? read(0) : undefined;
  return (async function* () {
    for (let start = 0; start < ids.length; start += unpagedBatch) {
      const { wanted, found } = ahead ?? read(start);
      const rows = await found;
      ahead = readAhead && start + unpagedBatch < ids.length ? read(start + unpagedBatch) : undefined;
      const readById = new Map(rows.map((f) => [f.record.id, f]));
      yield rowsWithImages(wanted.map((id) => readById.get(id)).filter((f) => f !== undefined));
    }
  })();
}

/** The first record that matches in list order (the one record of a parent), or undefined. */
export async function firstRecord(
  repo: RecordTable,
  db: DbOrTx,
  q: ListQuery,
): Promise<StoredRecord | undefined> {
  const { where, values, shape, order, ofOtherVariant, planning } = listConditions(repo, q);
  const [row] = await repo.statements.run<StoredRecord[]>(
    db,
    `first:${shape}`,
    () =>
      db
        .select()
        .from(repo.table)
        .where(where)
        .orderBy(...orderBy(repo, q.sort, order))
        .limit(1),
    values,
    planning,
  );
  return row && !ofOtherVariant([row]) ? row : undefined;
}
