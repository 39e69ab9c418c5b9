import { techniques } from '@inspectra/contract';
import type { EntityDefinition, TechniqueDefinition } from '@inspectra/contract';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { tableOf, verdictAcceptances } from '../db/schema/index.ts';
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
  const override = overrideSql(technique, rowsTable);
  if (!override) return valueSql(rows, grade.field, rowsTable);
  // With a verdict pair, the grade counted (docs/verdict-pairs.md): the standard's where it is
  // stricter than the recorded one, until a reviewer has accepted the recorded one over it; the
  // standard's too where none is recorded (an analyst's own status is optional: lube oil).
  const { recorded, standard, accepted } = override;
  return sql`(case when ${gradeRank(technique, standard)} > coalesce(${gradeRank(technique, recorded)}, 0)
    and not ${accepted} then (${standard})::text else (${recorded})::text end)`;
}

/** A field of the rows, stored or derived, as SQL over their table. */
function valueSql(rows: EntityDefinition, key: string, rowsTable: object): SQL {
  if (rows.fields[key]) return sql`${(rowsTable as Record<string, AnyPgColumn>)[key]!}`;
  return derivedSql(rows, key, rowsTable);
}

/**
 * The overrides among a technique's rows (docs/verdict-pairs.md), as SQL conditions over their
 * table: `any`, the two verdicts set and different; `accepted`, one a reviewer accepted. Undefined
 * when the technique names no verdict pair.
 */
export function overrideSql(
  technique: TechniqueDefinition,
  rowsTable: object,
): { any: SQL; accepted: SQL; recorded: SQL; standard: SQL } | undefined {
  const rows = technique.workspace?.rows;
  const pair = rows?.verdict;
  if (!rows || !pair) return undefined;
  const recorded = valueSql(rows, pair.recorded, rowsTable);
  const standard = valueSql(rows, pair.standard, rowsTable);
  const id = (rowsTable as Record<string, AnyPgColumn>).id!;
  return {
    recorded,
    standard,
    any: sql`(${recorded})::text <> (${standard})::text`,
    accepted: sql`exists (select 1 from ${verdictAcceptances} where ${verdictAcceptances.rowId} = ${id}
      and ${verdictAcceptances.recorded} = (${recorded})::text and ${verdictAcceptances.standard} = (${standard})::text)`,
  };
}

/**
 * How many overrides the report `report` (an id) made by `method` has, and how many of them a
 * reviewer accepted, as SQL giving a JSON array `[total, accepted]`; null for a method without a
 * verdict pair. The approvals queue reads it.
 */
export function overrideCountSql(report: SQL, method: SQL): SQL {
  const counted = techniques.flatMap((technique) => {
    const inspection = technique.workspace?.inspection;
    const rows = technique.workspace?.rows;
    if (!technique.method || !inspection?.parent || !rows?.parent) return [];
    const i = tableOf(inspection) as unknown as Record<string, AnyPgColumn> & PgTable;
    const r = tableOf(rows) as unknown as Record<string, AnyPgColumn> & PgTable;
    const override = overrideSql(technique, r);
    if (!override) return [];
    return [
      sql`when ${technique.method} then (select json_build_array(count(*), count(*) filter (where ${override.accepted}))
        from ${r} join ${i} on ${r[rows.parent]!} = ${i.id!} where ${i[inspection.parent]!} = ${report} and ${override.any})`,
    ];
  });
  return counted.length > 0 ? sql`(case ${method} ${sql.join(counted, sql` `)} end)` : sql`null`;
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
