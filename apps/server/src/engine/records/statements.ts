import { createHash } from 'node:crypto';
import { Column, SQL, Subquery, fillPlaceholders, is } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db, DbOrTx } from '../../db/client.ts';

/** A statement Drizzle has prepared: executed with the values of its placeholders. */
type Prepared = { execute(values: Record<string, unknown>): Promise<unknown> };

/**
 * How PostgreSQL plans a statement the server runs again and again with other values.
 *
 * - `'shared'`: the values cannot change the best plan (a record by its id, the rows of one parent
 *   off the parent's index, a user by id). The statement goes by name: parsed once per connection,
 *   planned for its values on its first five runs and then, where the plan for any values is
 *   estimated to cost no more, planned no more (`plan_cache_mode = auto`, `plannerSettings`).
 *   Planning cost more than running for most of them: the user check every signed-in call makes
 *   was planned in 0.15 ms and ran in 0.02 (docs/engine-performance.md, "Planned once").
 * - `'perValues'`: the values decide the plan (a search matching 37 rows or 190,000, a company of
 *   ten reports or of ten thousand, a date range, a status most rows hold or few). The statement
 *   goes unnamed: parsed and planned for its values at every run, never held to a plan made for
 *   others.
 */
export type Planning = 'shared' | 'perValues';

/** The name a statement goes by: its own where its plan may be shared, none where it may not. */
const nameFor = (planning: Planning, name: string) => (planning === 'shared' ? name : undefined);

/**
 * The prepared statements of one table's reads, by database and shape. A statement is built once
 * per database and shape, then executed with values: Drizzle does not rebuild it per request, and
 * PostgreSQL parses it once per connection when it goes by name (`Planning`). A name always stands
 * for the same text, so a connection that has prepared it reuses it safely.
 */
export class PreparedStatements {
  private readonly byDb = new WeakMap<object, Map<string, Prepared>>();

  /** @param table the table's SQL name, which leads each statement's name. */
  constructor(private readonly table: string) {}

  async run<T>(
    db: DbOrTx,
    key: string,
    build: () => { prepare(name: string | undefined): Prepared },
    values: Record<string, unknown>,
    planning: Planning,
  ): Promise<T> {
    let byKey = this.byDb.get(db);
    if (!byKey) this.byDb.set(db, (byKey = new Map()));
    const keyed = `${planning}:${key}`;
    let statement = byKey.get(keyed);
    if (!statement) {
      // PostgreSQL names are at most 63 bytes: the shape is hashed into the name.
      const name = `${this.table.slice(0, 30)}_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
      statement = withRowMapper(build().prepare(nameFor(planning, name)));
      byKey.set(keyed, statement);
    }
    return (await statement.execute(values)) as T;
  }
}

/** What Drizzle's prepared select keeps of its select list (drizzle-orm/node-postgres/session.js). */
type SelectFields = { path: string[]; field: unknown }[];
type PreparedSelect = Prepared & {
  fields?: SelectFields;
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};
type Decoder = { mapFromDriverValue(value: unknown): unknown };

/**
 * A prepared select's rows made into objects by a mapper worked out once per statement: Drizzle's
 * own (`mapResultRow`) finds each column's decoder by class checks and walks its path with an
 * iterator per value, which for the thousands of rows of a report's walk was a fifth of what the
 * read allocated. Left to Drizzle when a joined table may be absent (its rows then become null).
 */
function withRowMapper(prepared: Prepared): Prepared {
  const select = prepared as PreparedSelect;
  if (!select.fields || select.customResultMapper) return prepared;
  if (Object.values(select.joinsNotNullableMap ?? {}).some((always) => !always)) return prepared;
  const columns = select.fields.map(({ path, field }) => ({
    head: path.slice(0, -1),
    last: path.at(-1)!,
    decoder: decoderOf(field),
  }));
  select.customResultMapper = (rows) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) {
        const { head, last, decoder } = columns[i]!;
        let node = result;
        for (const part of head) node = (node[part] ??= {}) as Record<string, unknown>;
        const raw = row[i];
        node[last] = raw === null ? null : decoder.mapFromDriverValue(raw);
      }
      return result;
    });
  return prepared;
}

/** The decoder of a select list's field, as Drizzle finds it (a column, an SQL, an alias, a subquery). */
function decoderOf(field: unknown): Decoder {
  // `decoder` is Drizzle's own member (internal in its types): what its row mapping reads too.
  const decoder = (sql: unknown) => (sql as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoder(field);
  if (is(field, Subquery)) return decoder(field._.sql);
  return decoder((field as SQL.Aliased).sql);
}

const dialect = new PgDialect();

/**
 * A part of an `SqlStatements` shape: a value its text depends on (a set of methods, a bound, a
 * scope's `sqlShape`), or a definition it is built from, which stands for itself (`identityOf`).
 */
export type ShapePart = string | number | boolean | null | object;

const identities = new WeakMap<object, number>();
let nextIdentity = 1;

/** A definition's identity in a shape: its own serial, never reused, whatever its name. */
function identityOf(definition: object): number {
  let serial = identities.get(definition);
  if (serial === undefined) identities.set(definition, (serial = nextIdentity++));
  return serial;
}

/** A shape as the cache's key: values as JSON, definitions by identity (a form JSON never takes). */
const keyOf = (shape: readonly ShapePart[]) =>
  shape
    .map((part) =>
      part !== null && (typeof part === 'object' || typeof part === 'function')
        ? `\u0000${identityOf(part)}`
        : JSON.stringify(part),
    )
    .join('|');

/**
 * Statements written as SQL rather than with Drizzle's builders (the engine composes them from
 * declarations: a trend, an equipment's history, its photos), rendered once per shape and run with
 * their placeholders' values. Rendering such a statement per call costs the server more than the
 * database spends on it (docs/engine-performance.md); by name (`Planning`), PostgreSQL parses it
 * once per connection. A shape's key says everything the text and its fixed values depend on; what changes
 * per call is a placeholder (`sql.placeholder`). The name is the text's hash, so a name always
 * stands for the same text. Shapes are few; the cache starts again past `bound` of them.
 *
 * A shape names the definitions its statement is built from by the objects themselves (a technique,
 * an entity, a list's enrichment: `ShapePart`), never by their names: a second definition under the
 * same name (a test's own technique, a module's own list) builds its own statement.
 */
export class SqlStatements {
  private readonly byShape = new Map<string, { name: string; text: string; params: unknown[] }>();

  /** @param prefix leads each statement's name (at most 30 characters: names are at most 63 bytes). */
  constructor(
    private readonly prefix: string,
    private readonly bound = 1000,
  ) {}

  async run<T extends pg.QueryResultRow>(
    db: Db,
    shape: readonly ShapePart[],
    build: () => SQL,
    values: Record<string, unknown>,
    planning: Planning,
  ): Promise<T[]> {
    const statement = this.statementOf(shape, build);
    const answered: pg.QueryResult<T> = await db.$client.query({
      name: nameFor(planning, statement.name),
      text: statement.text,
      values: fillPlaceholders(statement.params, values),
    });
    return answered.rows;
  }

  /**
   * `run` on the database or in a transaction (through the handle's session), the rows as
   * `db.execute` answers them: Drizzle's parsers, dates and timestamps as text. For a read that was
   * `db.execute` and keeps its answer (the NDT register's history, a finding's evidence candidates).
   */
  async execute<T extends pg.QueryResultRow>(
    db: DbOrTx,
    shape: readonly ShapePart[],
    build: () => SQL,
    values: Record<string, unknown>,
    planning: Planning,
  ): Promise<T[]> {
    const statement = this.statementOf(shape, build);
    const query = { sql: statement.text, params: statement.params };
    const prepared = db._.session.prepareQuery(query, undefined, nameFor(planning, statement.name), false);
    const answered = (await prepared.execute(values)) as pg.QueryResult<T>;
    return answered.rows;
  }

  private statementOf(shape: readonly ShapePart[], build: () => SQL) {
    const key = keyOf(shape);
    let statement = this.byShape.get(key);
    if (!statement) {
      const built = dialect.sqlToQuery(build());
      const name = `${this.prefix.slice(0, 30)}_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
      if (this.byShape.size >= this.bound) this.byShape.clear();
      this.byShape.set(key, (statement = { name, text: built.sql, params: built.params }));
    }
    return statement;
  }
}

/**
 * A condition's part of an `SqlStatements` shape: its text and fixed values (a company's scope),
 * '' for none.
 */
export function sqlShape(condition: SQL | undefined): string {
  if (!condition) return '';
  const built = dialect.sqlToQuery(condition);
  return `${built.sql} ${JSON.stringify(built.params)}`;
}
