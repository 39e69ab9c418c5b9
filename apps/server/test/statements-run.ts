import { fillPlaceholders } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { vi } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { PreparedStatements, SqlStatements } from '../src/engine/records/statements.ts';
import type { Planning } from '../src/engine/records/statements.ts';

/** A statement a test saw run: its text and its values in place. */
export type StatementRun = { text: string; params: unknown[] };

const dialect = new PgDialect();

/**
 * The statements written as SQL that ran while `act` ran, in order: those run through `db.execute`
 * and those prepared by shape (`SqlStatements`, `run` and `execute`), whether their shape was built
 * for this call or before. A prepared statement goes to the database by name, past `db.execute`: a
 * test that counts a read's statements counts both, so it still fails when there are more.
 */
export async function statementsRun(db: Db, act: () => Promise<unknown>): Promise<StatementRun[]> {
  const seen: StatementRun[] = [];
  const execute = db.execute.bind(db);
  const spies = [
    vi.spyOn(db, 'execute').mockImplementation(((statement: SQL) => {
      const query = dialect.sqlToQuery(statement);
      seen.push({ text: query.sql, params: query.params });
      return execute(statement);
    }) as never),
    ...(['run', 'execute'] as const).map((method) => {
      const original = SqlStatements.prototype[method] as (...args: unknown[]) => Promise<unknown>;
      return vi.spyOn(SqlStatements.prototype, method).mockImplementation(function (
        this: SqlStatements,
        ...args: unknown[]
      ) {
        const [, , build, values] = args as [unknown, unknown, () => SQL, Record<string, unknown>];
        const query = dialect.sqlToQuery(build());
        seen.push({ text: query.sql, params: fillPlaceholders(query.params, values) });
        return original.apply(this, args);
      } as never);
    }),
  ];
  try {
    await act();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return seen;
}

/**
 * The engine's statements built with Drizzle (`PreparedStatements`) run while `act` runs, each with
 * its key, its values in place and how it is planned; a page's additions are written as SQL (`statementsRun`).
 */
export async function preparedStatementsOf(
  act: () => Promise<unknown>,
): Promise<(StatementRun & { key: string; planning: Planning })[]> {
  const prepared: (StatementRun & { key: string; planning: Planning })[] = [];
  const run = PreparedStatements.prototype.run;
  const spy = vi.spyOn(PreparedStatements.prototype, 'run').mockImplementation(function (
    this: PreparedStatements,
    db,
    key,
    build,
    values,
    planning,
  ) {
    const query = (build() as unknown as { toSQL(): { sql: string; params: unknown[] } }).toSQL();
    prepared.push({ key, text: query.sql, params: fillPlaceholders(query.params, values), planning });
    return run.call(this, db, key, build, values, planning);
  });
  try {
    await act();
  } finally {
    spy.mockRestore();
  }
  return prepared;
}
