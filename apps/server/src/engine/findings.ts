import { techniqueOfMethod } from '@inspectra/contract';
import type { EntityDefinition, OpenedFinding } from '@inspectra/contract';
import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { gradeLaterals, gradedUnderReport } from './finding-grade.ts';
import { recordName } from './report-tree.ts';

/** One graded row of a report whose counted grade opens a finding to close. */
export type OpenedGrade = {
  entity: EntityDefinition;
  rowId: string;
  /** The level counted: the stricter verdict of a pair until a reviewer accepts the recorded one. */
  grade: string;
  /** The row as a reader finds it in the report (`recordName`). */
  name: string;
  opened: OpenedFinding;
};

/**
 * How a finding reads in the register: the graded row's searched text fields that hold a value
 * (a thermal measurement's tag and component, a VCI finding's location and spot), joined as the web
 * joins a record's name, at most 300 characters; the engine's name of the row when none holds one.
 */
export function findingName(entity: EntityDefinition, values: Record<string, unknown>): string {
  const said = (entity.search ?? [])
    .map((key) => values[key])
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => v.trim());
  const name = said.length > 0 ? said.join(' · ') : recordName(entity, values);
  return name.length > 300 ? `${name.slice(0, 299)}…` : name;
}

/**
 * The findings a report opens (docs/recommendations.md): the graded records under it
 * (`gradedUnderReport`) whose grade counted (`gradeLaterals`, the stricter verdict of a pair) is a level
 * its technique's grade declares as opening one (`findingGrade.opens`), each with that level's
 * severity and days until due. Empty for a report whose method grades nothing or opens nothing.
 * One statement over the report's graded records by their parents' indexes; knows no technique.
 */
export async function openedGrades(
  db: DbOrTx,
  report: { id: string; inspectionMethod: unknown },
): Promise<OpenedGrade[]> {
  const technique = techniqueOfMethod(
    typeof report.inspectionMethod === 'string' ? report.inspectionMethod : null,
  );
  const opens = technique?.findingGrade?.opens;
  const under = technique ? gradedUnderReport(technique) : undefined;
  if (!technique || !opens || !under) return [];
  // The report's graded rows with their grade, computed once per row in laterals (`gradeLaterals`).
  const graded = gradeLaterals(technique, under.table)!;
  const levels = Object.keys(opens);
  const counted = sql`(select ${under.table.id!} as graded_id, ${graded.grade} as grade
    from ${under.from}${graded.from} where ${under.report} = ${report.id}) as "counted"`;
  const rows = await db
    .select({ ...getTableColumns(under.table), countedGrade: sql<string>`"counted".grade` })
    .from(under.table)
    .innerJoin(counted, sql`"counted".graded_id = ${under.table.id!}`)
    .where(inArray(sql`"counted".grade`, levels));
  return rows.map((row) => {
    const values = row as Record<string, unknown>;
    return {
      entity: under.entity,
      rowId: String(values.id),
      grade: String(values.countedGrade),
      name: findingName(under.entity, values),
      opened: opens[String(values.countedGrade)]!,
    };
  });
}
