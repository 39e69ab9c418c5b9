import {
  approvalCurrentQuery,
  approvalHistoryQuery,
  approvalQueueQuery,
  reportHeader,
} from '@inspectra/contract';
import type { ApprovalCurrent, ReportStatus } from '@inspectra/contract';
import { and, asc, count, eq, exists, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { reportApprovalSteps, users } from '../../db/schema/index.ts';
import { can } from '../../engine/access.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import type { EngineDeps } from '../../engine/engine-deps.ts';
import { pageMeta } from '../../engine/page-meta.ts';
import { scopeFor } from '../../engine/record-scope.ts';
import { likePattern } from '../../engine/records.ts';
import {
  judgeActor,
  pathFor,
  reportCompany,
  reportTable,
  reviewersAt,
  reviewerTable,
  snapshotOf,
} from './approval-path.ts';

const reports = reportTable;
const repo = (deps: EngineDeps) => deps.repositories.get(reportHeader.name)!;
const inApproval: ReportStatus[] = ['submitted', 'inReview'];

export const approvalFlowActions: Record<string, ActionHandler> = {
  'approval.history': typedAction({ query: approvalHistoryQuery }, async ({ query, deps, user }) => {
    // A report outside the caller's company scope is not found, its history with it.
    await repo(deps).get(deps.db, query.reportHeaderId, { companyId: user?.companyId ?? null });
    const rows = await deps.db
      .select()
      .from(reportApprovalSteps)
      .where(
        and(
          eq(reportApprovalSteps.reportHeaderId, query.reportHeaderId),
          query.username ? eq(reportApprovalSteps.actorUsername, query.username) : undefined,
        ),
      )
      .orderBy(asc(reportApprovalSteps.at), asc(reportApprovalSteps.id));
    return {
      data: rows.map((r) => ({
        ...r,
        action: r.action as never,
        fromStatus: r.fromStatus as ReportStatus,
        toStatus: r.toStatus as ReportStatus,
        at: r.at.toISOString(),
      })),
    };
  }),

  /**
   * The report page's approval panel: the path the report follows (its snapshot while in approval,
   * else the one a submission would copy), who may act at each level, and whether the caller may now.
   */
  'approval.current': typedAction({ query: approvalCurrentQuery }, async ({ query, deps, user }) => {
    const report = await repo(deps).get(deps.db, query.reportHeaderId, {
      companyId: user?.companyId ?? null,
    });
    const status = report.status as ReportStatus;
    const waiting = inApproval.includes(status);
    const { path, source } = waiting
      ? { path: snapshotOf(report), source: 'snapshot' as const }
      : await pathFor(deps.db, report);
    const company = await reportCompany(deps.db, report);
    const withReviewers = await Promise.all(
      path.map(async (step) => ({
        ...step,
        reviewers:
          step.position === null
            ? []
            : await reviewersAt(deps.db, report, step.level, company, step.position),
      })),
    );
    let reason: string | null = null;
    if (!waiting) reason = `The report is not waiting for approval (${status})`;
    else if (!can(user!, { module: 'reportHeader', action: 'approve' }))
      reason = 'Your role does not allow approving reports';
    else {
      const verdict = await judgeActor(deps.db, report, user!);
      if (!verdict.ok) reason = verdict.message;
    }
    const data: ApprovalCurrent = {
      reportHeaderId: report.id,
      status,
      approvalLevel: waiting ? Number(report.approvalLevel ?? 1) : null,
      source,
      path: withReviewers,
      canAct: reason === null,
      reason,
    };
    return { data };
  }),

  /**
   * What waits for the caller: reports in approval at a level where they hold an active assignment
   * covering the report's company (or at a fallback level, when they may approve), never their own.
   */
  'approval.queue': typedAction({ query: approvalQueueQuery }, async ({ query, deps, user }) => {
    const author = users;
    const positionAtLevel = sql<
      string | null
    >`(${reports.approvalPath} -> (${reports.approvalLevel} - 1) ->> 'position')`;
    const assigned = exists(
      deps.db
        .select({ one: sql`1` })
        .from(reviewerTable)
        .where(
          and(
            eq(reviewerTable.userPdmId, user!.id),
            eq(reviewerTable.isActive, true as never),
            eq(reviewerTable.inspectionMethod, reports.inspectionMethod),
            eq(reviewerTable.levelApproval, reports.approvalLevel as never),
            // Only while the assignment and the caller hold the position the path names at the
            // level: the queue lists what the caller may act on, as judgeActor decides it.
            sql`${reviewerTable.approvalPosition} = ${positionAtLevel}`,
            sql`${positionAtLevel} = ${user!.approvalPosition ?? ''}`,
            or(
              isNull(reviewerTable.contractorCompanyId),
              eq(reviewerTable.contractorCompanyId, author.contractorCompanyId),
            ),
          ),
        ),
    );
    const pattern = query.search ? likePattern(query.search) : undefined;
    const where = and(
      inArray(reports.status, inApproval),
      ne(reports.createdBy, user!.id),
      scopeFor(deps.scopes, reportHeader, user),
      or(assigned, sql`${positionAtLevel} is null`),
      pattern ? or(ilike(reports.reportNumber, pattern), ilike(reports.title, pattern)) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      deps.db
        .select({
          id: reports.id,
          reportNumber: reports.reportNumber,
          title: reports.title,
          inspectionMethod: reports.inspectionMethod,
          status: reports.status,
          approvalLevel: reports.approvalLevel,
          approvalPosition: positionAtLevel,
          submittedBy: author.fullName,
          waitingSince: reports.updatedAt,
        })
        .from(reports)
        .innerJoin(author, eq(author.id, reports.createdBy))
        .where(where)
        .orderBy(asc(reports.updatedAt), asc(reports.id))
        .limit(query.pageSize)
        .offset((query.pageNumber - 1) * query.pageSize),
      deps.db
        .select({ n: count() })
        .from(reports)
        .innerJoin(author, eq(author.id, reports.createdBy))
        .where(where),
    ]);
    return {
      data: rows.map((r) => ({
        ...r,
        status: r.status as ReportStatus,
        approvalLevel: Number(r.approvalLevel ?? 1),
        waitingSince: r.waitingSince.toISOString(),
      })),
      meta: pageMeta(query.pageNumber, query.pageSize, total?.n ?? 0, true),
    };
  }),
};
