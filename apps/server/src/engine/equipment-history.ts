import { reportHeader } from '@inspectra/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db/client.ts';
import { reportApprovalSteps, tableOf } from '../db/schema/index.ts';
import { worstFindingSql } from './finding-grade.ts';
import { SqlStatements, sqlShape } from './records/statements.ts';

const reports = tableOf(reportHeader);

/**
 * "Current reports only" as SQL over the reports table: a report no approved revision has
 * superseded (docs/revisions-and-supersession.md). What histories and worst-finding reads count
 * (the equipment history, the NDT register, my tasks).
 */
export const currentReportSql = sql`${reports.supersededBy} is null`;

/** When a report's inspection was done: completed, else started, else the day it was written. */
export const reportDoneSql = sql`coalesce(${reports.actualCompletedDate}, ${reports.actualStartDate}, ${reports.createdAt}::date)`;

/**
 * When a report was approved at its last level: its approval step into `approved`
 * (`report_approval_step (report_header_id, at)`), or when it was written for a report approved
 * without recorded steps (imported or seeded as approved).
 */
export const reportApprovedAtSql = sql`coalesce((select max(${reportApprovalSteps.at}) from ${reportApprovalSteps}
  where ${reportApprovalSteps.reportHeaderId} = ${reports.id} and ${reportApprovalSteps.toStatus} = 'approved'),
  ${reports.createdAt})`;

/**
 * An equipment's approved, current reports the caller may see (`visible`: their company's scope
 * over `report_header`, undefined for the owner's staff), as a condition over the reports table,
 * read by `report_header (equipment_no)`: what is offered from an equipment's records (thickness
 * values taken as readings, the evidence that closes a finding).
 */
export function approvedCurrentReportsSql(equipmentNo: SQL | AnyPgColumn, visible: SQL | undefined): SQL {
  return and(
    eq(reports.equipmentNo, equipmentNo as AnyPgColumn),
    sql`${reports.status} = 'approved'`,
    currentReportSql,
    visible,
  )!;
}

/** One report of an equipment's history, as `equipmentHistorySql` selects it (snake_case columns). */
export type EquipmentHistoryRow = {
  inspection_method: string;
  id: string;
  report_number: string;
  status: string;
  /** When the inspection was done (YYYY-MM-DD). */
  date: string | null;
  /** How many current reports the method has on the equipment, also those past `latest`. */
  report_count: number;
  /** 1 for the method's last report, 2 for the one before… */
  recency: number;
  worst_finding: string | null;
};

/**
 * One equipment's history across every technique (docs/equipment-health.md), as a subquery: its
 * current reports (`currentReportSql`) made by an inspection method, of those the caller may see
 * (`visible`: their company's scope over `report_header`, undefined for the owner's staff), the
 * last `latest` of each method (latest done, then newest), each with its date, status, the method's
 * report count and the report's worst finding (`worstFindingSql`: the technique's declared grade
 * over its graded records, the stricter verdict of a verdict pair). No technique is named: a new
 * one's reports join by its declaration.
 *
 * Planned on indexes: `report_header (equipment_no)` for the equipment's reports, then each kept
 * report's graded records by their parents' indexes; one window sort of the equipment's reports.
 * `equipmentNo` is a value or the column of an outer row (the NDT register's equipment). `methods`,
 * for one equipment, are its reports' methods (`readEquipmentMethods`): only their techniques' worst
 * findings are compiled, a statement of a few KB instead of every technique's.
 */
export function equipmentHistorySql(
  equipmentNo: SQL | AnyPgColumn,
  visible: SQL | undefined,
  latest: number,
  methods?: readonly string[],
): SQL {
  return sql`select h.inspection_method, h.id, h.report_number, h.status, h.date, h.report_count, h.recency,
      ${worstFindingSql(sql`h.id`, sql`h.inspection_method`, methods)} as worst_finding
    from (${equipmentReportsSql(equipmentNo, visible)}) h where h.recency <= ${latest}`;
}

/**
 * The equipment's current reports made by an inspection method, of those the caller may see, as a
 * subquery without their findings: `inspection_method`, `id`, `report_number`, `status`, `date`,
 * `report_count` and `recency` (1 for each method's last report), as `equipmentHistorySql` reads
 * them. One read of `report_header (equipment_no)` and one window sort of the equipment's reports.
 */
export function equipmentReportsSql(equipmentNo: SQL | AnyPgColumn, visible: SQL | undefined): SQL {
  const byRecency = sql`partition by ${reports.inspectionMethod} order by ${reportDoneSql} desc nulls last, ${reports.createdAt} desc, ${reports.id} desc`;
  return sql`select ${reports.inspectionMethod} as inspection_method, ${reports.id} as id,
      ${reports.reportNumber} as report_number, ${reports.status} as status, ${reportDoneSql}::text as date,
      (count(*) over (partition by ${reports.inspectionMethod}))::int as report_count,
      (row_number() over (${byRecency}))::int as recency
    from ${reports} where ${equipmentReportsOf(equipmentNo, visible)}`;
}

/** The equipment's current reports made by an inspection method, of those the caller may see. */
const equipmentReportsOf = (equipmentNo: SQL | AnyPgColumn, visible: SQL | undefined) =>
  and(
    eq(reports.equipmentNo, equipmentNo as AnyPgColumn),
    sql`${reports.inspectionMethod} is not null`,
    currentReportSql,
    visible,
  );

/** The inspection methods of an equipment's current reports the caller may see (`method`). */
const equipmentMethodsSql = (equipmentNo: SQL, visible: SQL | undefined) =>
  sql`select distinct ${reports.inspectionMethod} as method from ${reports} where ${equipmentReportsOf(equipmentNo, visible)}`;

/** The equipment history's statements (`readEquipmentHistory`, `readEquipmentMethods`), by shape. */
const historyStatements = new SqlStatements('equipment_history');

/**
 * The inspection methods of an equipment's current reports the caller may see, by
 * `report_header (equipment_no)`, sorted: what a history (`equipmentHistorySql`) or a worst finding
 * (`worstFindingSql`) needs to compile for one equipment. Prepared once per scope (`SqlStatements`);
 * `visible` is the caller's scope with its company a placeholder (`scopePlaceholderFor`), `values`
 * that placeholder's value. On the database or in a transaction.
 */
export async function readEquipmentMethods(
  db: DbOrTx,
  equipmentNo: string,
  visible: SQL | undefined,
  values: Record<string, unknown>,
): Promise<string[]> {
  const found = await historyStatements.execute<{ method: string }>(
    db,
    ['methods', sqlShape(visible)],
    () => equipmentMethodsSql(sql`${sql.placeholder('equipmentNo')}`, visible),
    { ...values, equipmentNo },
    // One equipment's reports off its index, whichever equipment and company.
    'shared',
  );
  return found.map((row) => row.method).sort();
}

/**
 * One equipment's history (`equipmentHistorySql`), each method's last `latest` reports, by method
 * then latest first, as two statements prepared once per shape (`SqlStatements`): the methods of
 * its reports (`readEquipmentMethods`), then the history compiling only those methods' worst
 * findings, prepared per set of methods, `latest` and scope. `visible` is the caller's scope with
 * its company a placeholder (`scopePlaceholderFor`), `values` that placeholder's value: one
 * statement serves every equipment and company, built once and parsed once per connection (the
 * history's SQL, its grades compiled from the declarations, is 10 KB for a pump's three methods).
 */
export async function readEquipmentHistory(
  db: Db,
  equipmentNo: string,
  visible: SQL | undefined,
  values: Record<string, unknown>,
  latest: number,
): Promise<EquipmentHistoryRow[]> {
  const methods = await readEquipmentMethods(db, equipmentNo, visible, values);
  return historyStatements.run<EquipmentHistoryRow>(
    db,
    ['history', methods.join(','), latest, sqlShape(visible)],
    () => sql`select * from (${equipmentHistorySql(sql`${sql.placeholder('equipmentNo')}`, visible, latest, methods)}) r
      order by r.inspection_method, r.recency`,
    { ...values, equipmentNo },
    'shared',
  );
}
