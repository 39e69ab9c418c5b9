import { valueKind } from '@inspectra/contract';
import type { Condition, EntityDefinition, Expr } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';

/**
 * A declared derived value as SQL over the entity's table: the same expression the API computes
 * per record (contract `derive.ts`), so a count by severity and a record's severity agree. Numbers
 * are inlined, not bound, so the expression can be grouped and ordered by.
 */
export function derivedSql(entity: EntityDefinition, key: string, table: object): SQL {
  const expr = entity.derived[key]?.expr;
  if (!expr) throw new Error(`${entity.name}.${key} is not a derived value declared as an expression`);
  return compile(expr, table as Columns);
}

const literal = (n: number) => sql.raw(String(n));
/** A declared word as an SQL string literal (declarations, never user input). */
const text = (s: string) => sql.raw(`'${s.replace(/'/g, "''")}'`);

type Columns = Record<string, SQLWrapper>;

function column(columns: Columns, key: string): SQLWrapper {
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
  return sqlOf(expr, columns);
}

function sqlOf(expr: Expr, columns: Columns): SQL {
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
      return sql`(${sqlOf(expr.a, columns)} ${sql.raw(operators[expr.op])} ${sqlOf(expr.b, columns)})`;
    case 'div':
      // Empty, not an error, where the divisor is zero (as the API's value).
      return sql`(${sqlOf(expr.a, columns)} / nullif(${sqlOf(expr.b, columns)}, 0))`;
    case 'min':
    case 'max': {
      // least and greatest skip nulls; the API's value is empty when either is.
      const a = sqlOf(expr.a, columns);
      const b = sqlOf(expr.b, columns);
      return sql`(case when ${a} is null or ${b} is null then null else ${sql.raw(expr.op === 'min' ? 'least' : 'greatest')}(${a}, ${b}) end)`;
    }
    case 'round': {
      // Half up, as Math.round: floor(x·10ⁿ + 0.5) / 10ⁿ, in double precision like JavaScript.
      const scale = literal(10 ** expr.digits);
      return sql`(floor(${sqlOf(expr.a, columns)} * ${scale} + 0.5) / ${scale})`;
    }
    case 'bands': {
      const a = sqlOf(expr.a, columns);
      const cases = expr.bands.map(
        (b) =>
          sql`when ${a} ${sql.raw(b.when === 'gt' ? '>' : '>=')} ${literal(b.limit)} then ${text(b.value)}`,
      );
      return sql`(case when ${a} is null then null ${sql.join(cases, sql` `)} else ${text(expr.otherwise)} end)`;
    }
    case 'if':
      // An unknown condition takes the else branch, as the API's.
      return sql`(case when ${condition(expr.when, columns)} then ${sqlOf(expr.then, columns)} else ${sqlOf(expr.else, columns)} end)`;
    case 'countItems': {
      // Over the stored list (jsonb); 0 when it is empty or not a list, as the API's count.
      const list = column(columns, expr.key);
      const values = sql.join(expr.values.map(text), sql`, `);
      return sql`(case when jsonb_typeof(${list}) = 'array' then (select count(*) from jsonb_array_elements(${list}) as item where item->>${text(expr.field)} in (${values})) else 0 end)::float8`;
    }
    case 'byValue': {
      const key = column(columns, expr.key);
      const cases = Object.entries(expr.cases).map(
        ([value, branch]) => sql`when ${key}::text = ${text(value)} then ${sqlOf(branch, columns)}`,
      );
      const otherwise = expr.otherwise ? sqlOf(expr.otherwise, columns) : sql`null`;
      return sql`(case ${sql.join(cases, sql` `)} else ${otherwise} end)`;
    }
  }
}

/** A condition as SQL's three-valued boolean, as `holds` answers it. */
function condition(c: Condition, columns: Columns): SQL {
  switch (c.op) {
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte':
    case 'eq':
      return sql`(${sqlOf(c.a, columns)} ${sql.raw(comparisons[c.op])} ${sqlOf(c.b, columns)})`;
    case 'oneOf':
      return sql`(${column(columns, c.key)}::text in (${sql.join(
        c.values.map((v) => text(v)),
        sql`, `,
      )}))`;
    case 'isSet':
      return sql`(${sqlOf(c.a, columns)} is not null)`;
    case 'and':
    case 'or':
      return sql`(${sql.join(
        c.all.map((x) => condition(x, columns)),
        sql.raw(c.op === 'and' ? ' and ' : ' or '),
      )})`;
    case 'not':
      return sql`(not ${condition(c.c, columns)})`;
  }
}
