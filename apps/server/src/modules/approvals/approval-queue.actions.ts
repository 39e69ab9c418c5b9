import {
  approvalQueueQuery,
  approvalQueueSummaryQuery,
  contractorCompany,
  equalityFilters,
  equipment,
  inspectionMethod,
  noFindingSeverity,
  ownStaffCompany,
  reportHeader,
  techniques,
} from '@inspectra/contract';
import type { ApprovalQueueItem, ApprovalQueueSummary, ReportStatus } from '@inspectra/contract';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { reportApprovalSteps, tableOf, users } from '../../db/schema/index.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { overrideCountSql, worstFindingSql } from '../../engine/finding-grade.ts';
import { countListBy, defineList, listPage } from '../../engine/records.ts';
import type { RowContext } from '../../engine/records.ts';
import { AppError } from '../../errors.ts';
import { reviewerTable, wroteContentSql } from './approval-path.ts';

const equipmentMaster = tableOf(equipment);
const methods = tableOf(inspectionMethod);
const companies = tableOf(contractorCompany);
const steps = reportApprovalSteps;
const inApproval: ReportStatus[] = ['submitted', 'inReview'];

type Row = Record<string, AnyPgColumn>;

/** The position the report's path names at the level it waits at (null: a fallback level). */
const positionAtLevel = (row: Row) =>
  sql<string | null>`(${row.approvalPath!} -> (${row.approvalLevel!} - 1) ->> 'position')`;

/** A value of the report's author, by the report's `createdBy` (their company: the report's). */
const ofAuthor = (row: Row, column: AnyPgColumn) =>
  sql`(select ${column} from ${users} where ${users.id} = ${row.createdBy!})`;
const authorCompany = (row: Row) => ofAuthor(row, users.contractorCompanyId);

const worstFindings = new WeakMap<Row, SQL>();

/**
 * The report's worst graded finding, by its method's technique (engine/finding-grade.ts), compiled
 * once per row of columns (the list's table): `?severity=` builds its condition on every request,
 * and every technique's grade compiled from the declarations is about 10 KB of SQL.
 */
function worstFinding(row: Row): SQL {
  let worst = worstFindings.get(row);
  if (!worst)
    worstFindings.set(row, (worst = worstFindingSql(sql`${row.id!}`, sql`${row.inspectionMethod!}`)));
  return worst;
}

/**
 * When the report reached the level it waits at: its last approval step (the submission or the
 * previous level's approval), read by the steps' index on (report, time). `updatedAt` stands in for a
 * report moved before steps were kept.
 */
const waitingSince = (row: Row) => sql`coalesce((select max(${steps.at}) from ${steps}
  where ${steps.reportHeaderId} = ${row.id!}), ${row.updatedAt!})`;

/** Every level a technique grades findings by, from the catalogue: what `?severity=` may name. */
const gradedLevels = new Set(
  techniques.flatMap((t) => (t.method && t.findingGrade ? t.findingGrade.levels : [])),
);

/** `?severity=` as the list's condition reads it: levels no technique declares are a 400 naming them. */
function checkedSeverity(levels: string[] | undefined): string[] | undefined {
  if (!levels || levels.length === 0) return undefined;
  const unknown = levels.filter((l) => l !== noFindingSeverity && !gradedLevels.has(l));
  if (unknown.length > 0) {
    const message = `severity names no finding level: ${unknown.join(', ')} (use ${[...gradedLevels, noFindingSeverity].join(', ')})`;
    throw new AppError('VALIDATION_ERROR', message, [{ path: 'severity', message }]);
  }
  return levels;
}

/**
 * What waits for the caller (`where`): reports in approval, never their own, at a fallback level
 * (no position named there) or at a level whose position the caller holds and where they have an
 * active assignment for the method and level covering the report's company: the queue lists what
 * the caller may act on, as judgeActor decides it. The engine adds the caller's company scope.
 */
function waitingFor({ row, caller }: RowContext): SQL {
  const position = positionAtLevel(row);
  const assigned = sql`exists (select 1 from ${reviewerTable} where ${and(
    eq(reviewerTable.userPdmId, caller('id')),
    eq(reviewerTable.isActive, true as never),
    eq(reviewerTable.inspectionMethod, row.inspectionMethod!),
    eq(reviewerTable.levelApproval, row.approvalLevel! as never),
    sql`${reviewerTable.approvalPosition} = ${position}`,
    or(
      isNull(reviewerTable.contractorCompanyId),
      sql`${reviewerTable.contractorCompanyId} = ${authorCompany(row)}`,
    ),
  )})`;
  return and(
    inArray(row.status!, inApproval),
    sql`${row.createdBy!} <> ${caller('id')}`,
    // Four eyes: nor a report whose content the caller wrote (judgeActor's rule, left out here).
    sql`not ${wroteContentSql(row.id!, caller('id'))}`,
    or(sql`${position} is null`, and(sql`${position} = ${caller('approvalPosition')}`, assigned)),
  )!;
}

/**
 * The reviewer's queue, oldest waiting first, as an engine list (docs/approvals.md): filtered by
 * method, severity and the author's company, searched by the report's search fields (number,
 * title, equipment number, and the equipment's tag and description through the master), and each
 * page's reports with what the queue names beside them, read for the page alone.
 */
const approvalQueue = defineList<ApprovalQueueItem>(reportHeader, 'approvalQueue', {
  filters: equalityFilters('inspectionMethod'),
  where: waitingFor,
  conditions: {
    contractorCompanyId: ({ row, value }) => sql`${authorCompany(row)} = ${value()}::uuid`,
    ownStaff: ({ row }) => sql`${authorCompany(row)} is null`,
    severity: ({ row, value }) =>
      sql`coalesce((${worstFinding(row)})::text, ${noFindingSeverity}) = any(${value()}::text[])`,
  },
  order: ({ row }) => [asc(waitingSince(row))],
  adds: ({ row }) => ({
    inspectionMethodName: sql`(select ${methods.name} from ${methods} where ${methods.code} = ${row.inspectionMethod!})`,
    approvalPosition: positionAtLevel(row),
    submittedBy: ofAuthor(row, users.fullName),
    waitingSince: waitingSince(row),
    tagNumber: sql`(select ${equipmentMaster.tagNumber} from ${equipmentMaster} where ${equipmentMaster.equipmentNo} = ${row.equipmentNo!})`,
    equipmentDescription: sql`(select ${equipmentMaster.description} from ${equipmentMaster} where ${equipmentMaster.equipmentNo} = ${row.equipmentNo!})`,
    contractorCompanyId: authorCompany(row),
    contractorName: sql`(select ${companies.contractorName} from ${companies} where ${companies.id} = ${authorCompany(row)})`,
    worstFinding: sql`(${worstFinding(row)})::text`,
    overrides: overrideCountSql(sql`${row.id!}`, sql`${row.inspectionMethod!}`),
  }),
  view: (row, added) => ({
    id: row.id,
    reportNumber: row.reportNumber as string,
    title: row.title as string,
    inspectionMethod: row.inspectionMethod as string,
    inspectionMethodName: added.inspectionMethodName as string | null,
    status: row.status as ReportStatus,
    approvalLevel: Number(row.approvalLevel ?? 1),
    approvalPosition: added.approvalPosition as string | null,
    submittedBy: (added.submittedBy as string | null) ?? '',
    waitingSince: new Date(added.waitingSince as string | Date).toISOString(),
    equipmentNo: row.equipmentNo as string,
    tagNumber: added.tagNumber as string | null,
    equipmentDescription: added.equipmentDescription as string | null,
    contractorCompanyId: added.contractorCompanyId as string | null,
    contractorName: added.contractorName as string | null,
    worstFinding: added.worstFinding as string | null,
    overrides: overridesOf(added.overrides),
  }),
});

/** The overrides' counts as the statement gives them (`[total, accepted]`, null without a pair). */
function overridesOf(value: unknown): { total: number; accepted: number } {
  const pair = (typeof value === 'string' ? JSON.parse(value) : value) as [number, number] | null;
  return { total: Number(pair?.[0] ?? 0), accepted: Number(pair?.[1] ?? 0) };
}

/** The queue's filters as its list reads them: `none` is the owner's staff, severity checked. */
function queueQuery<Q extends { contractorCompanyId?: string; severity?: string[] }>(query: Q) {
  const ownStaff = query.contractorCompanyId === ownStaffCompany;
  return {
    ...query,
    contractorCompanyId: ownStaff ? undefined : query.contractorCompanyId,
    ownStaff: ownStaff || undefined,
    severity: checkedSeverity(query.severity),
  };
}

export const approvalQueueActions: Record<string, ActionHandler> = {
  /**
   * The reviewer's queue, oldest waiting first, a page at a time: each report with its worst
   * finding, equipment (tag and description from the master), method, company and since when it
   * waits at its level (docs/approvals.md).
   */
  'approval.queue': typedAction({ query: approvalQueueQuery }, ({ query, deps, user }) =>
    listPage(deps, approvalQueue, queueQuery(query), user!),
  ),

  /**
   * How many reports wait for the caller under the same filters, in all, by method and by company:
   * the queue page's filter choices (a reviewer need not be able to read the companies list).
   */
  'approval.queueSummary': typedAction(
    { query: approvalQueueSummaryQuery },
    async ({ query, deps, user }) => {
      const filters = queueQuery(query);
      const [byMethod, byCompany] = await Promise.all([
        countListBy(deps, approvalQueue, filters, user!, {
          name: 'byMethod',
          by: (row) => ({
            inspectionMethod: sql`${row.inspectionMethod!}`,
            name: sql`(select ${methods.name} from ${methods} where ${methods.code} = ${row.inspectionMethod!})`,
          }),
        }),
        countListBy(deps, approvalQueue, filters, user!, {
          name: 'byCompany',
          by: (row) => ({
            contractorName: sql`(select ${companies.contractorName} from ${companies} where ${companies.id} = ${authorCompany(row)})`,
            contractorCompanyId: authorCompany(row),
          }),
        }),
      ]);
      const data: ApprovalQueueSummary = {
        total: byMethod.reduce((sum, m) => sum + m.count, 0),
        byMethod: byMethod.map((m) => ({
          inspectionMethod: m.inspectionMethod as string,
          name: m.name as string | null,
          count: m.count,
        })),
        byCompany: byCompany.map((c) => ({
          contractorCompanyId: c.contractorCompanyId as string | null,
          contractorName: c.contractorName as string | null,
          count: c.count,
        })),
      };
      return { data };
    },
  ),
};
