import { gradedEntity, techniques } from '@inspectra/contract';
import type { EntityDefinition, TechniqueDefinition } from '@inspectra/contract';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { tableOf, verdictAcceptances } from '../db/schema/index.ts';
import { derivedLaterals } from './derived-sql.ts';
import { levelsArray, rankAmong, rowGrade, rowGradeRank, rowGradeValue } from './row-grade.ts';

type Table = PgTable & Record<string, AnyPgColumn>;

/**
 * Where a technique's graded records (`gradedEntity`) sit under a report, as SQL: `from`, their
 * table (joined to their inspection when they are its rows) and `report`, the column naming their
 * report, so `select … from ${from} where ${report} = $id` reads one report's graded records by the
 * parents' indexes. Undefined when the technique grades nothing under a report.
 */
export function gradedUnderReport(
  technique: TechniqueDefinition,
): { entity: EntityDefinition; table: Table; from: SQL; report: AnyPgColumn } | undefined {
  const entity = gradedEntity(technique);
  const inspection = technique.workspace?.inspection;
  if (!entity || !inspection?.parent || !entity.parent) return undefined;
  const i = tableOf(inspection) as unknown as Table;
  // The inspection is the graded record itself (an MCSA test): it names its report.
  if (entity === inspection) return { entity, table: i, from: sql`${i}`, report: i[inspection.parent]! };
  const r = tableOf(entity) as unknown as Table;
  return {
    entity,
    table: r,
    from: sql`${r} join ${i} on ${r[entity.parent]!} = ${i.id!}`,
    report: i[inspection.parent]!,
  };
}

/**
 * A technique's finding grade (`findingGrade`) over its graded records' table (its rows', or its
 * inspection's when that is the graded record), computed once per row: `from`, the laterals to add
 * after the table in a `from` (empty for a stored grade), `grade` and `rank` (its place among the
 * levels, 1 = least severe, null for no level) as their columns. A grade the row's own fields
 * decide (`rowGrade`) is the expression its index holds, inline, with no lateral; another derived
 * value is compiled once per row (`derivedLaterals`), the same the API computes for each record; with
 * a verdict pair, the grade counted, itself computed once in a lateral after both verdicts (docs/
 * verdict-pairs.md). Undefined when the technique grades nothing.
 */
export function gradeLaterals(
  technique: TechniqueDefinition,
  gradedTable: object,
): { from: SQL; laterals: SQL[]; grade: SQL; rank: SQL } | undefined {
  const grade = technique.findingGrade;
  const graded = gradedEntity(technique);
  if (!grade || !graded) return undefined;
  // Decided by the row's own fields: the very expression its index holds (`rowGrade`), inline, so
  // a count by grade under a parent reads the index alone.
  const own = rowGrade(technique);
  if (own) {
    const columns = gradedTable as Record<string, AnyPgColumn>;
    return {
      from: sql``,
      laterals: [],
      grade: rowGradeValue(own, columns),
      rank: rowGradeRank(own, columns),
    };
  }
  const override = overrideSql(technique, gradedTable);
  if (!override) {
    const values = valuesSql(graded, [grade.field], gradedTable);
    const value = values.columns[grade.field]!;
    return { ...values, grade: value, rank: gradeRank(technique, value) };
  }
  // With a verdict pair, the grade counted (docs/verdict-pairs.md): the standard's where it is
  // stricter than the recorded one, until a reviewer has accepted the recorded one over it; the
  // standard's too where nobody recorded one (a reading graded by its rise alone).
  const { recorded, standard, accepted } = override;
  const counted = sql.identifier('grade_counted');
  const lateral = sql`(select (case when ${recorded} is null then (${standard})::text
    when ${gradeRank(technique, standard)} > ${gradeRank(technique, recorded)}
    and not ${accepted} then (${standard})::text else (${recorded})::text end) as grade offset 0) as ${counted}`;
  const value = sql`${counted}.grade`;
  return {
    from: sql`${override.from} cross join lateral ${lateral}`,
    laterals: [...override.laterals, lateral],
    grade: value,
    rank: gradeRank(technique, value),
  };
}

/**
 * A technique's finding grade as one SQL value over its graded records' table (`gradeLaterals`'s,
 * as a scalar subquery over the row's laterals where it is derived or counted from a pair), for a
 * statement that reads it once per row. Undefined when the technique grades nothing.
 */
export function gradeSql(technique: TechniqueDefinition, gradedTable: object): SQL | undefined {
  const graded = gradeLaterals(technique, gradedTable);
  if (!graded) return undefined;
  const [first, ...rest] = graded.laterals;
  if (!first) return graded.grade;
  return sql`(select ${graded.grade} from ${first}${sql.join(
    rest.map((lateral) => sql` cross join lateral ${lateral}`),
    sql``,
  )})`;
}

/**
 * Fields of the graded records, stored or derived, as SQL over their table: the derived ones as
 * columns of laterals (`derivedLaterals`, `from` and `laterals` empty when none is derived).
 */
function valuesSql(
  graded: EntityDefinition,
  keys: readonly string[],
  gradedTable: object,
): { from: SQL; laterals: SQL[]; columns: Record<string, SQL> } {
  const stored = (key: string) => sql`${(gradedTable as Record<string, AnyPgColumn>)[key]!}`;
  const derived = keys.filter((key) => !graded.fields[key]);
  const values =
    derived.length > 0
      ? derivedLaterals(graded, derived, gradedTable)
      : { from: sql``, laterals: [], columns: {} as Record<string, SQL> };
  return {
    ...values,
    columns: Object.fromEntries(keys.map((key) => [key, values.columns[key] ?? stored(key)])),
  };
}

/**
 * The overrides among a technique's graded records (docs/verdict-pairs.md), as SQL over their
 * table and `from`, the laterals (added after the table in a `from`) computing both verdicts once
 * per row: `recorded` and `standard`; `any`, the two verdicts set and different; `accepted`, one a
 * reviewer accepted. Undefined when the technique names no verdict pair.
 */
export function overrideSql(
  technique: TechniqueDefinition,
  gradedTable: object,
): { from: SQL; laterals: SQL[]; any: SQL; accepted: SQL; recorded: SQL; standard: SQL } | undefined {
  const graded = gradedEntity(technique);
  const pair = graded?.verdict;
  if (!graded || !pair) return undefined;
  const values = valuesSql(graded, [pair.recorded, pair.standard], gradedTable);
  const recorded = values.columns[pair.recorded]!;
  const standard = values.columns[pair.standard]!;
  const id = (gradedTable as Record<string, AnyPgColumn>).id!;
  return {
    from: values.from,
    laterals: values.laterals,
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
    const under = gradedUnderReport(technique);
    if (!technique.method || !under) return [];
    const override = overrideSql(technique, under.table);
    if (!override) return [];
    return [
      sql`when ${technique.method} then (select json_build_array(count(*), count(*) filter (where ${override.accepted}))
        from ${under.from}${override.from} where ${under.report} = ${report} and ${override.any})`,
    ];
  });
  return counted.length > 0 ? sql`(case ${method} ${sql.join(counted, sql` `)} end)` : sql`null`;
}

/** A grade's rank among the technique's levels (1 = least severe), null for no level. */
export function gradeRank(technique: TechniqueDefinition, grade: SQL): SQL {
  return rankAmong(technique.findingGrade!.levels, grade);
}

/**
 * The worst graded finding of the report `report` (an id) made by `method` (its code), as SQL: from
 * the technique serving that method when it grades findings, over its graded records under the
 * report (rows under its inspections, or the inspections themselves), levels in the technique's
 * declared order. Another technique's records hung under the same report never count: their
 * levels may mean something else. Null when nothing is graded. `methods`, when given, are the only
 * methods the reports may be made by (an equipment's, read first): the others' branches are left
 * out, so the statement plans only what can be read.
 * The NDT register's history and the approvals queue read it.
 */
export function worstFindingSql(report: SQL, method: SQL, methods?: readonly string[]): SQL {
  const graded = techniques.flatMap((technique) => {
    const named = technique.method && (!methods || methods.includes(technique.method));
    const worst = named ? worstGradeSql(technique, report) : undefined;
    return worst ? [sql`when ${technique.method} then ${worst}`] : [];
  });
  return graded.length > 0 ? sql`(case ${method} ${sql.join(graded, sql` `)} end)` : sql`null`;
}

/**
 * The worst level among one technique's graded records under the report `report` (an id), as SQL
 * (a scalar subquery), null when none is graded; undefined when the technique grades nothing.
 */
export function worstGradeSql(technique: TechniqueDefinition, report: SQL): SQL | undefined {
  const under = gradedUnderReport(technique);
  const graded = under ? gradeLaterals(technique, under.table) : undefined;
  if (!under || !graded) return undefined;
  // A grade the row's own fields decide: the greatest rank under each parent is the last entry of
  // its grade index there (`rowGrade`), one index probe per inspection, however many rows it holds.
  const own = rowGrade(technique);
  if (own) {
    const levels = levelsArray(own.levels);
    const inspection = technique.workspace!.inspection;
    if (own.entity === inspection)
      return sql`(select (${levels})[max(${graded.rank})] from ${under.table} where ${under.report} = ${report})`;
    const i = tableOf(inspection) as unknown as Table;
    const parent = under.table[own.entity.parent!]!;
    return sql`(select (${levels})[max(worst.rank)] from (select (select max(${graded.rank}) from ${under.table}
      where ${parent} = ${i.id!}) as rank from ${i} where ${under.report} = ${report}) as worst)`;
  }
  return sql`(select ${graded.grade} from ${under.from}${graded.from}
    where ${under.report} = ${report} and ${graded.rank} is not null order by ${graded.rank} desc limit 1)`;
}
