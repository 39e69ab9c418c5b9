import {
  approvalInProgressStatus,
  enumValueLabel,
  isReportFinal,
  isReportLocked,
  reportHeader,
  reportIdParams,
  reportRevisionBody,
  reportStatusQuery,
  reportStatusTransitions,
} from '@inspectra/contract';
import type { ApprovalAction, ReportStatus, RowTemplate } from '@inspectra/contract';
import { can } from '../../engine/access.ts';
import type { AuthenticatedUser } from '../../engine/access.ts';
import type { DbOrTx } from '../../db/client.ts';
import { eq } from 'drizzle-orm';
import { tableOf } from '../../db/schema/index.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { auditable } from '../../engine/auditable.ts';
import type { EngineDeps } from '../../engine/engine-deps.ts';
import { recordViews, writeAudit } from '../../engine/records.ts';
import type { RecordRepository, StoredRecord } from '../../engine/records.ts';
import { AppError } from '../../errors.ts';
import { judgeActor, movedOnMessage, pathFor, recordStep, snapshotOf } from '../approvals/approval-path.ts';
import { callerScope } from '../../engine/record-scope.ts';
import type { WriteCheck } from '../../engine/engine-deps.ts';
import {
  completeWorkOrderIfDone,
  isoToday,
  laterDate,
  reopenWorkOrder,
} from '../work-orders/work-order-progress.ts';
import { assertComplete } from './report-readiness.ts';
import { lastApproval, writeVersion } from './report-versions.ts';
import { copyReportContent } from '../../engine/report-copy.ts';
import { supersedeRevised } from './report-supersession.ts';
import { recordFindings } from '../recommendations/recommendation-writes.ts';
import { assertMaySign } from '../approvals/approval-options.ts';

const statusWords = (status: string) => enumValueLabel(status).toLowerCase();
const reports = tableOf(reportHeader);
const repository = (deps: EngineDeps) => deps.repositories.get(reportHeader.name)!;

/** "The report is in review: it cannot be moved to draft (from in review: approved, returned)". */
function notAllowed(current: ReportStatus, wanted: ReportStatus) {
  const next = Object.keys(reportStatusTransitions[current]).map(statusWords);
  return new AppError(
    'CONFLICT',
    `The report is ${statusWords(current)}: it cannot be moved to ${statusWords(wanted)}${
      next.length > 0 ? ` (from ${statusWords(current)}: ${next.join(', ')})` : ' (it moves nowhere)'
    }`,
    [{ path: 'status', message: `The report is ${statusWords(current)}` }],
  );
}

/** The revision number a report's number carries: `RPT-7-R2` → base `RPT-7`. */
const revisionSuffix = /-R\d+$/;

/** Who moved it and how, for the approval history. */
const stepAction: Partial<Record<ReportStatus, ApprovalAction>> = {
  submitted: 'submitted',
  approved: 'approved',
  returned: 'returned',
  draft: 'withdrawn',
};

/**
 * Moves a report to `status` under `reportStatusTransitions` (docs/report-status.md) and along its
 * approval path (docs/approvals.md), in the caller's transaction, with its audit row and approval
 * history step. A move not allowed from the current status is a 409 naming it; a move that needs
 * `approve` is a 403 for a role without it, for the report's author, and for anyone not assigned at
 * the level it waits at. Submitting copies the path and puts the report at level 1; approving below
 * the last level moves it to the next in review; returning needs a comment. `level`, when given, is
 * the level the caller saw: 409 when the report has moved on. The report is held FOR UPDATE while it
 * is judged and changed, so two reviewers cannot both move it, and a write under it (which holds it
 * FOR SHARE) cannot interleave. The one path of both status calls.
 */
export async function moveReportStatus(
  tx: DbOrTx,
  repositories: Map<string, RecordRepository>,
  user: AuthenticatedUser,
  id: string,
  status: ReportStatus,
  o: {
    comment?: string;
    level?: number;
    /** The rows new records start with (the app's): a template's blank rows are not recorded rows. */
    rowTemplates?: readonly RowTemplate[];
  } = {},
): Promise<{ before: StoredRecord; updated: StoredRecord }> {
  const repo = repositories.get(reportHeader.name)!;
  const before = await repo.get(tx, id, callerScope(user), { lock: true });
  const current = before.status as ReportStatus;
  const needed = reportStatusTransitions[current][status];
  if (!needed) throw notAllowed(current, status);
  const comment = o.comment || null;
  const path = snapshotOf(before);
  const level = before.approvalLevel == null ? null : Number(before.approvalLevel);
  let changes: Record<string, unknown>;
  let step: { level: number | null; position: string | null };
  if (!can(user, { module: 'reportHeader', action: needed }))
    throw new AppError('FORBIDDEN', `Your role does not allow this (reportHeader: ${needed})`);
  if (needed === 'approve') {
    if (o.level !== undefined && o.level !== (level ?? 1))
      throw new AppError('CONFLICT', await movedOnMessage(tx, before));
    const verdict = await judgeActor(tx, before, user);
    if (!verdict.ok) throw new AppError(verdict.code, verdict.message, verdict.details);
    // The approval record carries the approver's signature; the options may require one.
    if (status === 'approved') await assertMaySign(tx, user);
    if (status === 'returned' && !comment)
      throw new AppError('VALIDATION_ERROR', 'Say why the report is returned: a comment is required', [
        { path: 'comment', message: 'A comment is required to return a report' },
      ]);
    const at = level ?? 1;
    step = { level: at, position: path.find((s) => s.level === at)?.position ?? null };
    const last = Math.max(...path.map((s) => s.level));
    changes =
      status === 'approved' && at < last
        ? { status: approvalInProgressStatus, approvalLevel: at + 1 }
        : { status, approvalLevel: null };
    // Approved for good: the work it reports is done, so an empty actual completed date becomes the
    // approval's day (never before the actual start).
    if (changes.status === 'approved' && !before.actualCompletedDate)
      changes.actualCompletedDate = laterDate(isoToday(), before.actualStartDate as string | null);
  } else if (status === 'submitted') {
    // A report lacking what its method requires never reaches a reviewer (docs/report-status.md).
    await assertComplete(tx, before, o.rowTemplates);
    const resolved = (await pathFor(tx, before)).path;
    step = { level: 1, position: resolved[0]?.position ?? null };
    changes = { status, approvalLevel: 1, approvalPath: resolved };
  } else {
    step = { level, position: null };
    changes = { status, approvalLevel: null };
  }
  // The move itself changes the lock's field: the lock it lifts or sets does not refuse it.
  const updated = await repo.update(tx, id, { ...changes, statusComment: comment }, undefined, user, {
    movesLock: true,
  });
  if (updated.status === 'approved') {
    // Approved for good: the report as approved becomes the next version of its chain.
    await writeVersion({ db: tx, repositories }, updated, { id: user.id, fullName: user.fullName });
    // An approved revision supersedes the report it revises, in this same transaction.
    await supersedeRevised(tx, updated, user);
    // Its findings enter the register of findings to close (carried over from the report it
    // supersedes), and the findings its work order was raised for are closed by it.
    await recordFindings(tx, updated, user);
    // The last report of a work order approved completes it, in this same transaction.
    await completeWorkOrderIfDone(tx, String(updated.workOrderSPKId), user);
  }
  await writeAudit(tx, {
    entity: reportHeader.name,
    entityId: id,
    action: 'update',
    actorId: user.id,
    before: auditable(before),
    after: auditable(updated),
    // A move is the flow's act, not the report's content: the reviewer who returns a report may
    // still approve it once resubmitted (four eyes reads content writers only).
    contentOf: null,
  });
  await recordStep(tx, {
    reportHeaderId: id,
    ...step,
    actor: user,
    action: stepAction[status]!,
    comment,
    fromStatus: current,
    toStatus: updated.status as ReportStatus,
  });
  return { before, updated };
}

/** `PUT /report-headers/update-report-status/{id}?status`: one report moved by `moveReportStatus`. */
export const reportStatusActions: Record<string, ActionHandler> = {
  'reportHeader.updateStatus': typedAction(
    { params: reportIdParams, query: reportStatusQuery },
    async ({ params, query, deps, user }) => {
      const row = await deps.db.transaction(
        async (tx) =>
          (
            await moveReportStatus(tx, deps.repositories, user!, params.id, query.status, {
              comment: query.comment,
              level: query.level,
              rowTemplates: deps.rowTemplates,
            })
          ).updated,
      );
      return {
        data: (await recordViews(deps.db, reportHeader, [row]))[0],
        message: `Report ${String(row.reportNumber)} is ${statusWords(String(row.status))}`,
      };
    },
  ),

  /**
   * A new revision of an approved report: a draft copy of its header, numbered after the original
   * (`RPT-7` → `RPT-7-R1`, its revision `RPT-7-R1` → `RPT-7-R2`), pointing at the report it revises.
   * Only an approved report is revised (a draft is simply edited, one in approval returned first),
   * with a reason; the revision holds a copy of the whole report, records and files, to correct, and
   * the approved report keeps its records and its version.
   */
  'reportHeader.revise': typedAction(
    { params: reportIdParams, body: reportRevisionBody },
    async ({ params, body, deps, user }) => {
      const repo = repository(deps);
      const row = await deps.db.transaction(async (tx) => {
        const original = await repo.get(tx, params.id, callerScope(user!), { lock: true });
        if (!isReportFinal(original.status as string))
          throw new AppError(
            'CONFLICT',
            `The report is ${statusWords(original.status as string)}: ${
              isReportLocked(original.status as string)
                ? 'it is in approval and changes only once returned'
                : 'change it directly'
            }; only an approved report gets a new revision`,
          );
        // One line of revisions: the newest is revised, so numbers never clash or fork.
        const [newer] = await tx
          .select({ reportNumber: reports.reportNumber })
          .from(reports)
          .where(eq(reports.revisionOf, original.id))
          .limit(1);
        if (newer)
          throw new AppError(
            'CONFLICT',
            `Report ${String(original.reportNumber)} already has a revision (${newer.reportNumber}): revise that one`,
          );
        const revision = Number(original.revision ?? 0) + 1;
        const base = String(original.reportNumber).replace(revisionSuffix, '');
        const suffix = `-R${revision}`;
        const copied = Object.fromEntries(
          Object.entries(reportHeader.fields)
            .filter(([, field]) => !field.serverOwned)
            .map(([key]) => [key, original[key]]),
        );
        const created = await repo.insert(
          tx,
          {
            ...copied,
            reportNumber: `${base.slice(0, 60 - suffix.length)}${suffix}`,
            status: 'draft',
            revision,
            revisionOf: original.id,
            revisionReason: body.reason,
            warnings: [],
          },
          user!,
        );
        // The approved report keeps its version: one approved before versions were kept gets it
        // now, as it stands (it is final), so the revision's approval extends an unbroken chain.
        await writeVersion(
          { db: tx, repositories: deps.repositories },
          original,
          await lastApproval(tx, original.id),
        );
        // A revision is work again on its work order: a completed one is reopened.
        await reopenWorkOrder(tx, String(created.workOrderSPKId), user!);
        await writeAudit(tx, {
          entity: reportHeader.name,
          entityId: created.id,
          action: 'create',
          actorId: user!.id,
          after: auditable(created),
        });
        // The revision starts as the approved report stands: every record and file, to correct.
        await copyReportContent(tx, deps.repositories, original.id, created.id, user!);
        // Both histories say who revised, when and why.
        for (const [reportHeaderId, toStatus] of [
          [original.id, 'approved'],
          [created.id, 'draft'],
        ] as const)
          await recordStep(tx, {
            reportHeaderId,
            level: null,
            position: null,
            actor: user!,
            action: 'revised',
            comment: body.reason,
            fromStatus: 'approved',
            toStatus,
          });
        return created;
      });
      return {
        data: (await recordViews(deps.db, reportHeader, [row]))[0],
        statusCode: 201,
        message: `Report ${String(row.reportNumber)} created as revision ${String(row.revision)}`,
      };
    },
  ),
};

/**
 * Checks of a report write, in its transaction (engine `writeChecks`): a new report is work on its
 * work order, which an open or completed work order then shows as in progress (work-orders.md).
 */
export const reportWriteChecks: Record<string, WriteCheck> = {
  [reportHeader.name]: async ({ tx, values, before, user }) => {
    if (!before && typeof values.workOrderSPKId === 'string')
      await reopenWorkOrder(tx, values.workOrderSPKId, user);
  },
};
