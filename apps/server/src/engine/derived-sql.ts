import { entities, partsOf, referencePath, seriesReadKey } from '@inspectra/contract';
import type { Condition, EntityDefinition, Expr, ReadThrough } from '@inspectra/contract';
import { getTableColumns, sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tableOf } from '../db/schema/index.ts';
import { seriesReadSql } from './series.ts';
import { column, compile, conditionOps, sqlOf, text } from './derived-compile.ts';
import type { Columns, Scope } from './derived-compile.ts';

/**
 * A declared derived value as SQL over the entity's table: the same expression the API computes
 * per record (contract `derive.ts`), so a count by severity and a record's severity agree. Numbers
 * are inlined, not bound, so the expression can be grouped and ordered by.
 */
export function derivedSql(entity: EntityDefinition, key: string, table: object): SQL {
  const expr = entity.derived[key]?.expr;
  if (!expr) throw new Error(`${entity.name}.${key} is not a derived value declared as an expression`);
  return compile(expr, withReadsThrough(entity, table as Columns));
}

/** Derived values compiled once per row (`derivedLaterals`): what to add to a `from`, and their columns. */
export type DerivedLaterals = {
  /** `cross join lateral (…) "derived_1" …`, after the table's `from` item; empty when nothing is derived. */
  from: SQL;
  /** The lateral subqueries alone, each aliased, in order: the first may open a `from` of its own. */
  laterals: SQL[];
  /** Each requested derived value, as a column of the laterals. */
  columns: Record<string, SQL>;
};

/**
 * Declared derived values as columns computed once per row of `table`: laterals in dependency
 * order, so a `from` reading `t` reads `from t cross join lateral (select <reads through> …) d0
 * cross join lateral (select <expr over d0> as c0 …) d1 …`. Every value read through a reference (or
 * from the series) is read once in the first; every subexpression used more than once, by one value
 * or by several (a grade over its criteria, a criterion's change read in each band), is compiled
 * once, in the lateral after those it reads, and read as that lateral's column wherever it is used.
 * Each lateral is fenced (`offset 0`) so the planner does not paste its expressions back into their
 * uses. Pasted, lube oil's grade was 170 KB of SQL and planning the equipment history 190 ms
 * (docs/equipment-health.md). `prefix` names the laterals apart from another set in the statement;
 * `refOf` gives the SQL a reference is read through where it is not the row's own column (a list by
 * parent reads its parent by the id it was asked for: once per statement, not once per row).
 */
export function derivedLaterals(
  entity: EntityDefinition,
  keys: readonly string[],
  table: object,
  o: { prefix?: string; refOf?: (ref: string) => SQLWrapper | undefined } = {},
): DerivedLaterals {
  const prefix = o.prefix ?? 'derived';
  const roots = keys.map((key) => {
    const expr = entity.derived[key]?.expr;
    if (!expr) throw new Error(`${entity.name}.${key} is not a derived value declared as an expression`);
    return expr;
  });
  const own = table as Columns;
  const through = readsOf(entity, own, o.refOf);
  const alias = (level: number) => sql.identifier(`${prefix}_${level}`);
  const at = (level: number, name: string) => sql`${alias(level)}.${sql.identifier(name)}`;
  // Values read through references, each read once (level 0), named by their place.
  const read = new Map<string, string>();
  const columns: Columns = new Proxy(own, {
    get: (base, key) => {
      if (typeof key !== 'string' || !(key in through)) return Reflect.get(base, key);
      if (!read.has(key)) read.set(key, `r${read.size}`);
      return at(0, read.get(key)!);
    },
  });
  // Each subexpression by its shape, how often it is used, and which are compiled once.
  const shapes = new Map<Expr, string>();
  const shapeOf = (expr: Expr) => {
    let shape = shapes.get(expr);
    if (shape === undefined) shapes.set(expr, (shape = JSON.stringify(expr)));
    return shape;
  };
  const uses = new Map<string, number>();
  const count = (expr: Expr) => {
    const shape = shapeOf(expr);
    uses.set(shape, (uses.get(shape) ?? 0) + 1);
    if ((uses.get(shape) ?? 0) === 1) subexpressions(expr).forEach(count);
  };
  roots.forEach(count);
  const rootShapes = new Set(roots.map(shapeOf));
  const once = (expr: Expr) =>
    rootShapes.has(shapeOf(expr)) || (!leaves.has(expr.op) && (uses.get(shapeOf(expr)) ?? 0) > 1);
  // A value compiled once goes in the lateral after the latest of those it reads (level 1 up).
  const levels = new Map<string, { level: number; expr: Expr }>();
  const levelOf = (expr: Expr): number => {
    const shape = shapeOf(expr);
    const known = levels.get(shape);
    if (known) return known.level;
    const below = Math.max(0, ...subexpressions(expr).map(levelOf));
    if (!once(expr)) return below;
    levels.set(shape, { level: below + 1, expr });
    return below + 1;
  };
  roots.forEach(levelOf);
  const compiled = new Map<string, SQL>();
  const byLevel: SQL[][] = [];
  const shared: Scope = { columns, compiled: (expr) => compiled.get(shapeOf(expr)) };
  for (const [n, { level, expr }] of [...levels.values()].sort((a, b) => a.level - b.level).entries()) {
    const name = `c${n}`;
    (byLevel[level] ??= []).push(sql`${sqlOf(expr, shared)} as ${sql.identifier(name)}`);
    compiled.set(shapeOf(expr), at(level, name));
  }
  if (read.size > 0)
    byLevel[0] = [...read].map(([key, name]) => sql`${through[key]!} as ${sql.identifier(name)}`);
  const laterals = byLevel.flatMap((selected, level) =>
    selected ? [sql`(select ${sql.join(selected, sql`, `)} offset 0) as ${alias(level)}`] : [],
  );
  return {
    from: sql.join(
      laterals.map((lateral) => sql` cross join lateral ${lateral}`),
      sql``,
    ),
    laterals,
    columns: Object.fromEntries(keys.map((key, i) => [key, compiled.get(shapeOf(roots[i]!))!])),
  };
}

/** The expressions an expression reads directly, in its conditions too. */
function subexpressions(expr: Expr | Condition): Expr[] {
  return partsOf(expr).flatMap((part) => (conditionOps.has(part.op) ? subexpressions(part) : [part as Expr]));
}

/** Expressions read as they are wherever used: a column, a constant. */
const leaves = new Set<Expr['op']>(['field', 'number', 'text', 'series', 'date']);

/**
 * The table's columns and, for each field its derived values read through a reference
 * (`ufdInspectionId.matThickness`), that field of the referenced record: a subselect on the other
 * table's primary key, so counts and grades over many records need no join.
 */
function withReadsThrough(entity: EntityDefinition, table: Columns): Columns {
  if (entity.readsThrough.length === 0 && entity.readsSeries.length === 0) return table;
  const through = readsOf(entity, table);
  return new Proxy(table, {
    get: (own, key) => (typeof key === 'string' && key in through ? through[key] : Reflect.get(own, key)),
  });
}

/**
 * What the entity's derived values read through references and from the series, by key, as SQL;
 * each reference read through `refOf`'s SQL where it gives one, else through the row's column.
 */
function readsOf(
  entity: EntityDefinition,
  table: Columns,
  refOf?: (ref: string) => SQLWrapper | undefined,
): Record<string, SQL> {
  return Object.fromEntries([
    ...entity.readsThrough.map((read) => [
      read.key,
      readThroughSql(entity, read, refOf?.(read.ref) ?? column(table, read.ref)),
    ]),
    // The same series' other readings, by a correlated subquery on its index (series.ts).
    ...entity.readsSeries.map((read) => [
      seriesReadKey(read.of, read.key),
      seriesReadSql(entity, read, (key) => column(table, key)),
    ]),
  ]) as Record<string, SQL>;
}

/**
 * One field read through references, as a subselect given the SQL of the record's own reference
 * (`ref`): the first referenced table by its primary key (or the key a `references` field names),
 * joined hop by hop on each next key, every hop a unique index's lookup, so grades and counts over
 * many findings need no join of their own. Each table is named apart (`ufdInspectionId_read`,
 * `thermalAnalysisId.reportHeaderId_read`…) and written out in full: a grade over findings may join
 * their inspections, and a query over one table writes its own columns unqualified. A date and time
 * read as a date is its date in UTC; a reference that points nowhere reads empty.
 */
export function readThroughSql(entity: EntityDefinition, read: ReadThrough, ref: SQLWrapper): SQL {
  const path = referencePath(entity, read.hops, (name) => entities[name]);
  if (!path)
    throw new Error(`${entity.name}: ${read.key} follows a field that references no declared entity`);
  const named = path.map((_, i) => sql.identifier(`${read.hops.slice(0, i + 1).join('.')}_read`));
  const columnOf = (i: number, key: string) => {
    const columns = getTableColumns(tableOf(path[i]!.entity)) as Record<string, AnyPgColumn>;
    const found = columns[key];
    if (!found)
      throw new Error(`${entity.name}: ${read.key} reads no column ${key} of ${path[i]!.entity.name}`);
    return sql`${named[i]!}.${sql.identifier(found.name)}`;
  };
  const from = path.map((hop, i) => {
    const table = sql`${sql.identifier(hop.entity.table)} as ${named[i]!}`;
    return i === 0
      ? table
      : sql`join ${table} on ${columnOf(i, hop.key)} = ${columnOf(i - 1, read.hops[i]!)}`;
  });
  const last = path.length - 1;
  const field = path[last]!.entity.fields[read.field];
  const value =
    read.as === 'date' && field?.kind === 'datetime'
      ? sql`(${columnOf(last, read.field)} at time zone 'UTC')::date`
      : columnOf(last, read.field);
  return sql`(select ${value} from ${sql.join(from, sql` `)} where ${columnOf(0, path[0]!.key)} = ${ref})`;
}

/**
 * What a record's derived values read through its references, as one JSON object keyed as they
 * read it (`{"ufdInspectionId.matThickness": 25}`, a date as `YYYY-MM-DD`), selected beside the
 * record in a list's statement; undefined when they read nothing through one. Each reference is
 * the entity's own column unless `refOf` gives its SQL (a list by parent's parent id); `given`
 * reads for references given, not for rows of the table (a verdict's inputs), and `reads` limits
 * what is read.
 */
export function readsThroughJson(
  entity: EntityDefinition,
  o: {
    given?: (ref: string) => SQLWrapper;
    refOf?: (ref: string) => SQLWrapper | undefined;
    reads?: readonly ReadThrough[];
  } = {},
): SQL<Record<string, unknown>> | undefined {
  const reads = o.reads ?? entity.readsThrough;
  // A series read is the record's own history (read beside it in views); read for given
  // references, a verdict's inputs take none.
  const series = o.given ? [] : entity.readsSeries;
  if (reads.length === 0 && series.length === 0) return undefined;
  const own = () => getTableColumns(tableOf(entity)) as Record<string, AnyPgColumn>;
  const ownColumn = (key: string) => sql`${sql.identifier(entity.table)}.${sql.identifier(own()[key]!.name)}`;
  const pairs = [
    ...reads.map(
      (read) =>
        sql`${text(read.key)}::text, ${readThroughSql(entity, read, o.given?.(read.ref) ?? o.refOf?.(read.ref) ?? ownColumn(read.ref))}`,
    ),
    ...series.map(
      (read) =>
        sql`${text(seriesReadKey(read.of, read.key))}::text, ${seriesReadSql(entity, read, ownColumn)}`,
    ),
  ];
  return sql<Record<string, unknown>>`json_build_object(${sql.join(pairs, sql`, `)})`;
}
