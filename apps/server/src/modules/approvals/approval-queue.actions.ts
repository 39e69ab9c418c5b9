import {
  approvalQueueQuery,
  approvalQueueSummaryQuery,
  contractorCompany,
  equipment,
  inspectionMethod,
  noFindingSeverity,
  ownStaffCompany,
  reportHeader,
  techniques,
} from '@inspectra/contract';
import type { ApprovalQueueSummary, ReportStatus } from '@inspectra/contract';
import { and, asc, count, eq, exists, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { reportApprovalSteps, tableOf, users } from '../../db/schema/index.ts';
import type { AuthenticatedUser } from '../../engine/access.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import type { EngineDeps } from '../../engine/engine-deps.ts';
import { worstFindingSql } from '../../engine/finding-grade.ts';
import { pageMeta } from '../../engine/page-meta.ts';
import { scopeFor } from '../../engine/record-scope.ts';
import { likePattern } from '../../engine/records.ts';
import { AppError } from '../../errors.ts';
import { reportTable as reports, reviewerTable } from './approval-path.ts';

const author = users;
const equipmentMaster = tableOf(equipment);
const methods = tableOf(inspectionMethod);
const companies = tableOf(contractorCompany);
const inApproval: ReportStatus[] = ['submitted', 'inReview'];

/** The position the report's path names at the level it waits at (null: a fallback level). */
const positionAtLevel = sql<
  string | null
>`(${reports.approvalPath} -> (${reports.approvalLevel} - 1) ->> 'position')`;

/** The report's worst graded finding, by its method's technique (engine/finding-grade.ts). */
const worstFinding = worstFindingSql(sql`${reports.id}`, sql`${reports.inspectionMethod}`);

/**
 * When the report reached the level it waits at: its last approval step (the submission or the
 * previous level's approval), read by the steps' index on (report, time). `updatedAt` stands in for a
 * report moved before steps were kept.
 */
const waitingSince = sql<Date>`coalesce((select max(${reportApprovalSteps.at}) from ${reportApprovalSteps}
  where ${reportApprovalSteps.reportHeaderId} = ${reports.id}), ${reports.updatedAt})`.mapWith(
  reports.updatedAt,
);

/** Every level a technique grades findings by, from the catalogue: what `?severity=` may name. */
const gradedLevels = new Set(
  techniques.flatMap((t) => (t.method && t.findingGrade ? t.findingGrade.levels : [])),
);

type QueueFilters = {
  inspectionMethod?: string;
  severity?: string[];
  contractorCompanyId?: string;
  search?: string;
};

function severityCondition(levels: string[] | undefined): SQL | undefined {
  if (!levels || levels.length === 0) return undefined;
  const unknown = levels.filter((l) => l !== noFindingSeverity && !gradedLevels.has(l));
  if (unknown.length > 0) {
    const message = `severity names no finding level: ${unknown.join(', ')} (use ${[...gradedLevels, noFindingSeverity].join(', ')})`;
    throw new AppError('VALIDATION_ERROR', message, [{ path: 'severity', message }]);
  }
  const graded = levels.filter((l) => l !== noFindingSeverity);
  return or(
    graded.length > 0 ? sql`${worstFinding} in (${sql.join(graded, sql`, `)})` : undefined,
    levels.includes(noFindingSeverity) ? sql`${worstFinding} is null` : undefined,
  );
}

/**
 * What waits for the caller: reports in approval at a level where they hold an active assignment
 * covering the report's company (or at a fallback level, when they may approve), never their own,
 * within their company scope; then the caller's filters and search.
 */
function queueWhere(deps: EngineDeps, user: AuthenticatedUser, filters: QueueFilters): SQL {
  const assigned = exists(
    deps.db
      .select({ one: sql`1` })
      .from(reviewerTable)
      .where(
        and(
          eq(reviewerTable.userPdmId, user.id),
          eq(reviewerTable.isActive, true as never),
          eq(reviewerTable.inspectionMethod, reports.inspectionMethod),
          eq(reviewerTable.levelApproval, reports.approvalLevel as never),
          // Only while the assignment and the caller hold the position the path names at the
          // level: the queue lists what the caller may act on, as judgeActor decides it.
          sql`${reviewerTable.approvalPosition} = ${positionAtLevel}`,
          sql`${positionAtLevel} = ${user.approvalPosition ?? ''}`,
          or(
            isNull(reviewerTable.contractorCompanyId),
            eq(reviewerTable.contractorCompanyId, author.contractorCompanyId),
          ),
        ),
      ),
  );
  const pattern = filters.search ? likePattern(filters.search) : undefined;
  const company = filters.contractorCompanyId;
  return and(
    inArray(reports.status, inApproval),
    ne(reports.createdBy, user.id),
    scopeFor(deps.scopes, reportHeader, user),
    or(assigned, sql`${positionAtLevel} is null`),
    filters.inspectionMethod ? eq(reports.inspectionMethod, filters.inspectionMethod) : undefined,
    company === ownStaffCompany
      ? isNull(author.contractorCompanyId)
      : company
        ? eq(author.contractorCompanyId, company)
        : undefined,
    severityCondition(filters.severity),
    pattern
      ? or(
          ilike(reports.reportNumber, pattern),
          ilike(reports.title, pattern),
          ilike(reports.equipmentNo, pattern),
          ilike(equipmentMaster.tagNumber, pattern),
          ilike(equipmentMaster.description, pattern),
        )
      : undefined,
  )!;
}

/**
 * The reports in approval with their author and what the queue names beside them: the equipment
 * master's record, the method's and the company's names (left joins: a missing one is null).
 */
function joinQueue<T extends PgSelect>(query: T): T {
  // Every caller names its columns, so the joins do not change the rows' type.
  return query
    .innerJoin(author, eq(author.id, reports.createdBy))
    .leftJoin(equipmentMaster, eq(equipmentMaster.equipmentNo, reports.equipmentNo))
    .leftJoin(methods, eq(methods.code, reports.inspectionMethod))
    .leftJoin(companies, eq(companies.id, author.contractorCompanyId)) as unknown as T;
}

export const approvalQueueActions: Record<string, ActionHandler> = {
  /**
   * The reviewer's queue, oldest waiting first, a page at a time: each report with its worst
   * finding, equipment (tag and description from the master), method, company and since when it
   * waits at its level (docs/approvals.md).
   */
  'approval.queue': typedAction({ query: approvalQueueQuery }, async ({ query, deps, user }) => {
    const where = queueWhere(deps, user!, query);
    const [rows, [total]] = await Promise.all([
      joinQueue(
        deps.db
          .select({
            id: reports.id,
            reportNumber: reports.reportNumber,
            title: reports.title,
            inspectionMethod: reports.inspectionMethod,
            inspectionMethodName: methods.name,
            status: reports.status,
            approvalLevel: reports.approvalLevel,
            approvalPosition: positionAtLevel,
            submittedBy: author.fullName,
            waitingSince,
            equipmentNo: reports.equipmentNo,
            tagNumber: equipmentMaster.tagNumber,
            equipmentDescription: equipmentMaster.description,
            contractorCompanyId: author.contractorCompanyId,
            contractorName: companies.contractorName,
            worstFinding: sql<string | null>`(${worstFinding})::text`,
          })
          .from(reports)
          .$dynamic(),
      )
        .where(where)
        .orderBy(asc(waitingSince), asc(reports.id))
        .limit(query.pageSize)
        .offset((query.pageNumber - 1) * query.pageSize),
      joinQueue(deps.db.select({ n: count() }).from(reports).$dynamic()).where(where),
    ]);
    return {
      data: rows.map((r) => ({
        ...r,
        status: r.status as ReportStatus,
        approvalLevel: Number(r.approvalLevel ?? 1),
        equipmentNo: r.equipmentNo as string,
        waitingSince: new Date(r.waitingSince).toISOString(),
      })),
      meta: pageMeta(query.pageNumber, query.pageSize, total?.n ?? 0, true),
    };
  }),

  /**
   * How many reports wait for the caller under the same filters, in all, by method and by company:
   * the queue page's filter choices (a reviewer need not be able to read the companies list).
   */
  'approval.queueSummary': typedAction(
    { query: approvalQueueSummaryQuery },
    async ({ query, deps, user }) => {
      const where = queueWhere(deps, user!, query);
      const [byMethod, byCompany] = await Promise.all([
        joinQueue(
          deps.db
            .select({
              inspectionMethod: reports.inspectionMethod,
              name: sql<string | null>`min(${methods.name})`,
              count: count(),
            })
            .from(reports)
            .$dynamic(),
        )
          .where(where)
          .groupBy(reports.inspectionMethod)
          .orderBy(asc(reports.inspectionMethod)),
        joinQueue(
          deps.db
            .select({
              contractorCompanyId: author.contractorCompanyId,
              contractorName: sql<string | null>`min(${companies.contractorName})`,
              count: count(),
            })
            .from(reports)
            .$dynamic(),
        )
          .where(where)
          .groupBy(author.contractorCompanyId)
          .orderBy(sql`min(${companies.contractorName}) nulls first`),
      ]);
      const data: ApprovalQueueSummary = {
        total: byMethod.reduce((sum, m) => sum + m.count, 0),
        byMethod: byMethod.map((m) => ({ ...m, inspectionMethod: m.inspectionMethod as string })),
        byCompany,
      };
      return { data };
    },
  ),
};
