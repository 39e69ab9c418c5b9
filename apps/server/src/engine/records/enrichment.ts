import { sql } from 'drizzle-orm';
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
 * Built once per shape and prepared by name (`SqlStatements`, the table's `written`): the page's
 * ids, the caller's company and the caller's values (`caller(key)`) are placeholders, so what the
 * values compile (an NDT register row's history with its grades, a reviewer's worst finding) is
 * compiled and rendered once, not per page. The shape: the enrichment and the scopes it reads (the
 * objects themselves, not a name), whether the caller's company scopes what they see, and which of
 * the caller's values there are.
 */
export async function readAdditions(
  repo: RecordRepository,
  db: DbOrTx,
  rows: readonly StoredRecord[],
  enrichment: PageEnrichment,
  reader: Pick<ListQuery, 'scope' | 'scopes' | 'caller'>,
): Promise<Additions> {
  if (rows.length === 0) return new Map();
  const caller = reader.caller ?? {};
  const company = 'companyId' in reader.scope ? reader.scope.companyId : null;
  const build = () => {
    const added = enrichment({
      row: repo.columns,
      visible: visibleTo(repo, reader, () => sql`${sql.placeholder('company')}::uuid`),
      caller: (key) => (key in caller ? sql`${sql.placeholder(`caller_${key}`)}` : sql`null`),
    });
    const id = repo.column('id');
    // Written whole rather than through Drizzle's select, which leaves a one-table query's columns
    // unqualified: a value's subquery over another table would read its own `id` for the row's.
    return sql`select ${id} as "id", ${sql.join(
      Object.entries(added).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
      sql`, `,
    )} from ${repo.table} where ${id} = any(${sql.placeholder('ids')})`;
  };
  const values: Record<string, unknown> = { company, ids: rows.map((r) => r.id) };
  for (const [key, value] of Object.entries(caller)) values[`caller_${key}`] = value ?? null;
  const shape = ['adds', enrichment, reader.scopes ?? null, !!company, ...Object.keys(caller).sort()];
  const found = await repo.written.execute<Record<string, unknown> & { id: string }>(
    db,
    shape,
    build,
    values,
    // The page's rows by id: what is added is read per row, by its keys.
    'shared',
  );
  return new Map(found.map(({ id: rowId, ...values }) => [rowId, values]));
}
