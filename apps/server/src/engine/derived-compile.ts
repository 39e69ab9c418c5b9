import { codePartPattern, foldAsciiCase, maxYearsAdded, seriesReadKey, valueKind } from '@inspectra/contract';
import type { Condition, Expr } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// A declared expression as SQL over columns, and nothing else: no table is read here, so the
// tables' own definitions (entity-table.ts) compile a stored grade's index from it too.

/** The operations of a condition (a three-valued boolean), as against those of a value. */
export const conditionOps = new Set<string>([
  'lt',
  'lte',
  'gt',
  'gte',
  'eq',
  'oneOf',
  'mentions',
  'isSet',
  'and',
  'or',
  'not',
]);

export const literal = (n: number) => sql.raw(String(n));
/** A declared word as an SQL string literal (declarations, never user input). */
export const text = (s: string) => sql.raw(`'${s.replace(/'/g, "''")}'`);

export type Columns = Record<string, SQLWrapper>;

export function column(columns: Columns, key: string): SQLWrapper {
  const found = columns[key];
  if (!found) throw new Error(`No column ${key}`);
  return found;
}

const operators = { add: '+', sub: '-', mul: '*' } as const;
const comparisons = { lt: '<', lte: '<=', gt: '>', gte: '>=', eq: '=' } as const;

/**
 * An expression as SQL: float8 for numbers, text for words, null where the API's value is null.
 * Refused, as `defineEntity` refuses it, when it mixes numbers and words.
 */
export function compile(expr: Expr, columns: Columns): SQL {
  valueKind(expr);
  return sqlOf(expr, { columns });
}

/** What an expression compiles against: the columns, and the subexpressions already compiled once. */
export type Scope = { columns: Columns; compiled?: (expr: Expr) => SQL | undefined };

export function sqlOf(expr: Expr, scope: Scope): SQL {
  const once = scope.compiled?.(expr);
  if (once) return once;
  const { columns } = scope;
  switch (expr.op) {
    case 'field':
      return sql`${column(columns, expr.key)}::float8`;
    case 'number':
      return sql`${literal(expr.value)}::float8`;
    case 'text':
      return sql`${text(expr.value)}::text`;
    case 'add':
    case 'sub':
    case 'mul':
      return sql`(${sqlOf(expr.a, scope)} ${sql.raw(operators[expr.op])} ${sqlOf(expr.b, scope)})`;
    case 'div':
      // Empty, not an error, where the divisor is zero (as the API's value).
      return sql`(${sqlOf(expr.a, scope)} / nullif(${sqlOf(expr.b, scope)}, 0))`;
    case 'min':
    case 'max': {
      // least and greatest skip nulls; the API's value is empty when either is.
      const a = sqlOf(expr.a, scope);
      const b = sqlOf(expr.b, scope);
      return sql`(case when ${a} is null or ${b} is null then null else ${sql.raw(expr.op === 'min' ? 'least' : 'greatest')}(${a}, ${b}) end)`;
    }
    case 'round': {
      // Half up, as Math.round: floor(x·10ⁿ + 0.5) / 10ⁿ, in double precision like JavaScript.
      const scale = literal(10 ** expr.digits);
      return sql`(floor(${sqlOf(expr.a, scope)} * ${scale} + 0.5) / ${scale})`;
    }
    case 'bands': {
      const a = sqlOf(expr.a, scope);
      const cases = expr.bands.map(
        (b) =>
          sql`when ${a} ${sql.raw(b.when === 'gt' ? '>' : '>=')} ${literal(b.limit)} then ${text(b.value)}`,
      );
      return sql`(case when ${a} is null then null ${sql.join(cases, sql` `)} else ${text(expr.otherwise)} end)`;
    }
    case 'if':
      // An unknown condition takes the else branch, as the API's; empty when there is none.
      return sql`(case when ${condition(expr.when, scope)} then ${sqlOf(expr.then, scope)} else ${expr.else ? sqlOf(expr.else, scope) : sql`null`} end)`;
    case 'countItems': {
      // Over the stored list (jsonb); 0 when it is empty or not a list, as the API's count.
      const list = column(columns, expr.key);
      const values = sql.join(expr.values.map(text), sql`, `);
      return sql`(case when jsonb_typeof(${list}) = 'array' then (select count(*) from jsonb_array_elements(${list}) as item where item->>${text(expr.field)} in (${values})) else 0 end)::float8`;
    }
    case 'series':
      // Read beside the record (`withReadsThrough`): the series' other reading, by its index.
      return sql`${column(columns, seriesReadKey(expr.of, expr.key))}::float8`;
    case 'byValue': {
      const key = column(columns, expr.key);
      const cases = Object.entries(expr.cases).map(
        ([value, branch]) => sql`when ${key}::text = ${text(value)} then ${sqlOf(branch, scope)}`,
      );
      const otherwise = expr.otherwise ? sqlOf(expr.otherwise, scope) : sql`null`;
      // An empty word is empty, as the API's: `otherwise` is for another value.
      return sql`(case when ${key} is null then null ${sql.join(cases, sql` `)} else ${otherwise} end)`;
    }
    case 'date': {
      // A date and time is its date in UTC, as the API's `calendarDate`, whatever the session's zone.
      const found = column(columns, expr.key);
      const stamped =
        'getSQLType' in found && String((found as AnyPgColumn).getSQLType()).startsWith('timestamp');
      return stamped ? sql`(${found} at time zone 'UTC')::date` : sql`${found}::date`;
    }
    case 'codePart': {
      // split_part is '' past the last slash; a part that is not a short whole number is empty, as the API's.
      const part = sql`split_part(${column(columns, expr.key)}::text, '/', ${literal(expr.part)}::int)`;
      return sql`(case when ${part} ~ ${text(codePartPattern.source)} then ${part}::float8 end)`;
    }
    case 'yearsBetween':
      // date − date is whole days; over 365.25 in double precision, as the API's.
      return sql`((${sqlOf(expr.b, scope)} - ${sqlOf(expr.a, scope)})::float8 / 365.25)`;
    case 'addYears': {
      // As the API's `addYears`, in the same order: whole months on the calendar (PostgreSQL's
      // interval clamps to the month's last day, as the API does), then the rest of a month as
      // days of 365.25 / 12, rounded down; empty beyond the years 1–9999. The month reached is
      // judged before any date is made (a timestamp ends at 4713 BC, and an int at 2³¹), in nested
      // cases since SQL's `and` keeps no order; the months are clamped inside too, so no plan that
      // folds constants leaves an int's range.
      const date = sqlOf(expr.a, scope);
      const years = sqlOf(expr.years, scope);
      const months = sql`trunc(${years} * 12)`;
      const reached = sql`((extract(year from ${date}) * 12 + extract(month from ${date}) - 1)::float8 + ${months})`;
      const clamped = sql`least(greatest(${months}, ${literal(-12 * maxYearsAdded)}), ${literal(12 * maxYearsAdded)})::int`;
      const moved = sql`((${date} + make_interval(months => ${clamped}))::date + floor((${years} * 12 - ${months}) * ${literal(365.25 / 12)})::int)`;
      return sql`(case when ${reached} between 12 and ${literal(9999 * 12 + 11)} then (case when ${moved} between '0001-01-01'::date and '9999-12-31'::date then ${moved} end) end)`;
    }
  }
}

/** A condition as SQL's three-valued boolean, as `holds` answers it. */
function condition(c: Condition, scope: Scope): SQL {
  const { columns } = scope;
  switch (c.op) {
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte':
    case 'eq':
      return sql`(${sqlOf(c.a, scope)} ${sql.raw(comparisons[c.op])} ${sqlOf(c.b, scope)})`;
    case 'oneOf':
      return sql`(${column(columns, c.key)}::text in (${sql.join(
        c.values.map((v) => text(v)),
        sql`, `,
      )}))`;
    case 'mentions': {
      // A–Z folded on both sides and nothing else, as the API's `foldAsciiCase`: no collation decides.
      const folded = sql`translate(${column(columns, c.key)}::text, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;
      return sql`(${sql.join(
        c.words.map((w) => sql`strpos(${folded}, ${text(foldAsciiCase(w))}) > 0`),
        sql` or `,
      )})`;
    }
    case 'isSet':
      return sql`(${sqlOf(c.a, scope)} is not null)`;
    case 'and':
    case 'or':
      return sql`(${sql.join(
        c.all.map((x) => condition(x, scope)),
        sql.raw(c.op === 'and' ? ' and ' : ' or '),
      )})`;
    case 'not':
      return sql`(not ${condition(c.c, scope)})`;
  }
}
