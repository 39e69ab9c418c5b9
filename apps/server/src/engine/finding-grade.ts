import { techniques } from '@inspectra/contract';
import type { TechniqueDefinition } from '@inspectra/contract';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { tableOf } from '../db/schema/index.ts';
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

/**
 * The worst graded finding of the report `report` (an id) made by `method` (its code), as SQL: from
 * the technique serving that method when it grades findings, over rows under its inspection under
 * the report, levels in the technique's declared order. Another technique's rows hung under the
 * same report never count: their levels may mean something else. Null when nothing is graded.
 * The NDT register's history and the approvals queue read it.
 */
export function worstFindingSql(report: SQL, method: SQL): SQL {
  const graded = techniques.flatMap((technique) => {
    const inspection = technique.workspace?.inspection;
    const rows = technique.workspace?.rows;
    if (!technique.method || !inspection?.parent || !rows?.parent) return [];
    const i = tableOf(inspection) as unknown as Record<string, AnyPgColumn> & PgTable;
    const r = tableOf(rows) as unknown as Record<string, AnyPgColumn> & PgTable;
    const grade = gradeSql(technique, r);
    if (!grade) return [];
    const rank = gradeRank(technique, grade);
    return [
      sql`when ${technique.method} then (select ${grade} from ${r} join ${i} on ${r[rows.parent]!} = ${i.id!}
        where ${i[inspection.parent]!} = ${report} and ${rank} is not null order by ${rank} desc limit 1)`,
    ];
  });
  return graded.length > 0 ? sql`(case ${method} ${sql.join(graded, sql` `)} end)` : sql`null`;
}
