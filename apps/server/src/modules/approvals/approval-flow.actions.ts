import { approvalCurrentQuery, approvalHistoryQuery, reportHeader } from '@inspectra/contract';
import type { ApprovalCurrent, ReportStatus } from '@inspectra/contract';
import { and, asc, eq } from 'drizzle-orm';
import { reportApprovalSteps } from '../../db/schema/index.ts';
import { can } from '../../engine/access.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import type { EngineDeps } from '../../engine/engine-deps.ts';
import { judgeActor, pathFor, reportCompany, reviewersAt, snapshotOf } from './approval-path.ts';

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
    let wroteContent = false;
    if (!waiting) reason = `The report is not waiting for approval (${status})`;
    else if (!can(user!, { module: 'reportHeader', action: 'approve' }))
      reason = 'Your role does not allow approving reports';
    else {
      const verdict = await judgeActor(deps.db, report, user!);
      if (!verdict.ok) {
        reason = verdict.message;
        wroteContent = verdict.wroteContent ?? false;
      }
    }
    const data: ApprovalCurrent = {
      reportHeaderId: report.id,
      status,
      approvalLevel: waiting ? Number(report.approvalLevel ?? 1) : null,
      source,
      path: withReviewers,
      canAct: reason === null,
      reason,
      wroteContent,
    };
    return { data };
  }),
};
