import type { TechniqueDefinition } from '@inspectra/contract';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { derivedSql } from './derived-sql.ts';

/**
 * A technique's finding grade (`findingGrade`) as SQL over its rows' table: the stored column, or
 * the derived value's expression (derived-sql.ts), the same the API computes for each row. Undefined
 * when the technique grades nothing.
 */
export function gradeSql(technique: TechniqueDefinition, rowsTable: object): SQL | undefined {
  const grade = technique.findingGrade;
  const rows = technique.workspace?.rows;
  if (!grade || !rows) return undefined;
  if (rows.fields[grade.field]) return sql`${(rowsTable as Record<string, AnyPgColumn>)[grade.field]!}`;
  return derivedSql(rows, grade.field, rowsTable);
}

/** A grade's rank among the technique's levels (1 = least severe), null for no level. */
export function gradeRank(technique: TechniqueDefinition, grade: SQL): SQL {
  const levels = technique.findingGrade!.levels;
  return sql`array_position(array[${sql.join(
    levels.map((level) => sql`${level}`),
    sql`, `,
  )}]::text[], (${grade})::text)`;
}
