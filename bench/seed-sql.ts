/**
 * Building blocks of the benchmark's seeding SQL. Every value is derived from a row number through
 * `hashint4`, so two seedings, on PGlite or on PostgreSQL, hold the same rows with the same ids.
 */
import type pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import { benchAdmin } from './engine-scenarios.ts';

/** A version 4 UUID made from a name, as the API's id validation expects one. */
export const idOf = (name: string) =>
  `overlay(overlay(md5(${name}) placing '4' from 13) placing '8' from 17)::uuid`;
export const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
/** A non-negative pseudo-random integer from a row number; `stream` gives independent draws per column. */
export const hash = (key: string, stream: number) => `(hashint4(${key} * 16 + ${stream}) & 2147483647)`;
export const pick = (values: readonly string[], draw: string) =>
  `(array[${values.map(literal).join(', ')}])[1 + ${draw} % ${values.length}]`;
/**
 * `case` choosing a value by weight (out of the weights' sum) from a draw: `weighted('h1 % 100',
 * [['a', 70], ['b', 30]])`. The values are SQL expressions.
 */
export const weighted = (draw: string, arms: readonly (readonly [string, number])[]) => {
  let upTo = 0;
  const whens = arms.slice(0, -1).map(([value, weight]) => {
    upTo += weight;
    return `when ${draw} < ${upTo} then ${value}`;
  });
  return `case ${whens.join(' ')} else ${arms.at(-1)![0]} end`;
};
/** The columns of `{ column: value SQL }`, for an INSERT's column list, and their values in the same order. */
export const columnsOf = (values: Record<string, string>) => Object.keys(values).join(', ');
export const valuesOf = (values: Record<string, string>) => Object.values(values).join(', ');
/** A CTE naming the bench administrator's id: `admin.id`. */
export const adminCte = `admin as (select id from user_account where lower(username) = ${literal(benchAdmin.username)})`;

/**
 * Runs `write` in one transaction on a connection held for it: through the pool, the statements of
 * the table upkeep after a seeding step (a VACUUM) could run on PGlite's one session inside it, and
 * abort it.
 */
export async function inTransaction(db: Db, write: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await (db as unknown as { $client: pg.Pool }).$client.connect();
  await client.query('begin');
  try {
    await write(client);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Runs `ensure…` steps in order, each saying whether it wrote (it writes only what is missing), and
 * returns how long each one that wrote took, in seconds.
 */
export async function timedSteps(
  steps: readonly (readonly [string, () => Promise<boolean>])[],
): Promise<Record<string, number>> {
  const seconds: Record<string, number> = {};
  for (const [step, run] of steps) {
    const started = performance.now();
    if (await run()) seconds[step] = Math.round(performance.now() - started) / 1000;
  }
  return seconds;
}

/** Where a seeding step says how far it got. */
export type Log = (line: string) => void;

/**
 * Runs `sql` over rows 1..`rows` in batches of `size`, its `$1` and `$2` the batch's first and last
 * row numbers, saying each batch done.
 */
export async function inBatches(
  client: pg.Pool,
  sql: string,
  rows: number,
  size: number,
  what: string,
  log: Log,
): Promise<void> {
  for (let from = 1; from <= rows; from += size) {
    const to = Math.min(from + size - 1, rows);
    await client.query(sql, [from, to]);
    log(`  seeded ${what} ${from.toLocaleString('en')}–${to.toLocaleString('en')}`);
  }
}

/**
 * Runs a bulk seeding step with the tables' indexes built after it, not row by row: each index that
 * backs no constraint (a primary key or unique constraint stays, foreign keys reference them) is
 * dropped first and created again from its own definition (`pg_get_indexdef`) once the rows are in,
 * so the tables end with the indexes the migrations made. An index the step reads by stays
 * (`keep`): without it, each lookup would scan the table. Built in one pass over the rows, a trigram
 * or expression index costs a fraction of keeping it up per inserted row, which the embedded
 * database (one thread, WebAssembly) pays most (docs/engine-performance.md, "Measured in turns; the
 * embedded database at scale 1"). The definitions are written down before the drop, in a schema the
 * seed never empties: a seed stopped half-way leaves them there, and the next one creates them
 * again before anything else.
 */
export async function withIndexesAfter(
  client: pg.Pool,
  tables: readonly string[],
  run: () => Promise<void>,
  keep: readonly string[] = [],
): Promise<void> {
  await client.query(`create schema if not exists bench_seed`);
  await client.query(
    `create table if not exists bench_seed.deferred_index (name text primary key, definition text not null)`,
  );
  await restoreDeferredIndexes(client);
  const { rows: deferred } = await client.query<{ name: string; definition: string }>(
    `select format('%I', ci.relname) as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
       join pg_class ci on ci.oid = i.indexrelid
       join pg_class t on t.oid = i.indrelid
       join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = current_schema() and t.relname = any($1::text[])
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
        and ci.relname <> all($2::text[])
      order by ci.relname`,
    [tables, keep],
  );
  for (const index of deferred) {
    await client.query(`insert into bench_seed.deferred_index (name, definition) values ($1, $2)`, [
      index.name,
      index.definition,
    ]);
    await client.query(`drop index ${index.name}`);
  }
  try {
    await run();
  } finally {
    await restoreDeferredIndexes(client);
  }
}

/** Creates again every index a seeding step dropped and has not created yet (`withIndexesAfter`). */
async function restoreDeferredIndexes(client: pg.Pool): Promise<void> {
  const { rows } = await client.query<{ name: string; definition: string; present: boolean }>(
    `select d.name, d.definition, to_regclass(d.name) is not null as present
       from bench_seed.deferred_index d order by d.name`,
  );
  for (const index of rows) {
    if (!index.present) await client.query(index.definition);
    await client.query(`delete from bench_seed.deferred_index where name = $1`, [index.name]);
  }
}
