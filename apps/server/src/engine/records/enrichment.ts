import { inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { visibleTo } from './list-query.ts';
import type { ListQuery, RowContext, StoredRecord } from './read-shapes.ts';
import type { RecordRepository } from './repository.ts';

/**
 * What a page of a list adds to each of its rows (an NDT register row's last report per method, a
 * reviewer's name): named values, each SQL over the row (`row`, the list's table) and what it
 * names, seen through the caller's scope (`visible`). The engine reads them for the page's rows
 * only, in one statement keyed by the page's ids (`readAdditions`), never one per row.
 */
export type PageEnrichment = (o: RowContext) => Readonly<Record<string, SQL>>;

/** What was added to each row of a page, by the row's id. */
export type Additions = ReadonlyMap<string, Readonly<Record<string, unknown>>>;

/**
 * The enrichment's values for these rows, in one statement: the rows' table read by the page's ids,
 * each value a column of the answer (JSON values come back parsed). No statement for an empty page.
 */
export async function readAdditions(
  repo: RecordRepository,
  db: DbOrTx,
  rows: readonly StoredRecord[],
  enrichment: PageEnrichment,
  reader: Pick<ListQuery, 'scope' | 'scopes' | 'caller'>,
): Promise<Additions> {
  if (rows.length === 0) return new Map();
  const added = enrichment({
    row: repo.columns,
    visible: visibleTo(repo, reader, (company) => sql`${company}::uuid`),
    caller: (key) => sql`${reader.caller?.[key] ?? null}`,
  });
  const id = repo.column('id');
  // Written whole rather than through Drizzle's select, which leaves a one-table query's columns
  // unqualified: a value's subquery over another table would read its own `id` for the row's.
  const found = await db.execute<Record<string, unknown> & { id: string }>(
    sql`select ${id} as "id", ${sql.join(
      Object.entries(added).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
      sql`, `,
    )} from ${repo.table} where ${inArray(
      id,
      rows.map((r) => r.id),
    )}`,
  );
  return new Map(found.rows.map(({ id: rowId, ...values }) => [rowId, values]));
}
