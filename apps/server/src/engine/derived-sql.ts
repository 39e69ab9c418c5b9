import type { EntityDefinition, Expr } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A declared derived value as SQL over the entity's table: the same expression the API computes
 * per record (contract `derive.ts`), so a count by severity and a record's severity agree. Numbers
 * are inlined, not bound, so the expression can be grouped and ordered by.
 */
export function derivedSql(entity: EntityDefinition, key: string, table: object): SQL {
  const expr = entity.derived[key]?.expr;
  if (!expr) throw new Error(`${entity.name}.${key} is not a derived value declared as an expression`);
  return compile(expr, table as Record<string, AnyPgColumn>);
}

const literal = (n: number) => sql.raw(String(n));
/** A declared band value as an SQL string literal (declarations, never user input). */
const text = (s: string) => sql.raw(`'${s.replace(/'/g, "''")}'`);

function compile(expr: Expr, columns: Record<string, AnyPgColumn>): SQL {
  switch (expr.op) {
    case 'field': {
      const column = columns[expr.key];
      if (!column) throw new Error(`No column ${expr.key}`);
      return sql`${column}::float8`;
    }
    case 'number':
      return sql`${literal(expr.value)}::float8`;
    case 'add':
      return sql`(${compile(expr.a, columns)} + ${compile(expr.b, columns)})`;
    case 'sub':
      return sql`(${compile(expr.a, columns)} - ${compile(expr.b, columns)})`;
    case 'mul':
      return sql`(${compile(expr.a, columns)} * ${compile(expr.b, columns)})`;
    case 'round': {
      // Half up, as Math.round: floor(x·10ⁿ + 0.5) / 10ⁿ, in double precision like JavaScript.
      const scale = literal(10 ** expr.digits);
      return sql`(floor(${compile(expr.a, columns)} * ${scale} + 0.5) / ${scale})`;
    }
    case 'bands': {
      const a = compile(expr.a, columns);
      const cases = expr.bands.map(
        (b) =>
          sql`when ${a} ${sql.raw(b.when === 'gt' ? '>' : '>=')} ${literal(b.limit)} then ${text(b.value)}`,
      );
      return sql`(case when ${a} is null then null ${sql.join(cases, sql` `)} else ${text(expr.otherwise)} end)`;
    }
  }
}
