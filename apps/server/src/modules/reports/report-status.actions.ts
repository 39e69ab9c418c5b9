import { reportHeader, reportStatusQuery, reportStatusTransitions } from '@inspectra/contract';
import type { ReportStatus } from '@inspectra/contract';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { can } from '../../engine/access.ts';
import type { AuthenticatedUser } from '../../engine/access.ts';
import { typedAction } from '../../engine/register-routes.ts';
import type { ActionHandler } from '../../engine/register-routes.ts';
import { recordViews, writeAudit } from '../../engine/records.ts';
import type { RecordRepository, StoredRecord } from '../../engine/records.ts';
import { AppError } from '../../errors.ts';

const idParams = z.object({ id: z.uuid() });

/**
 * Moves a report to `status` under `reportStatusTransitions`, in the caller's transaction, with its
 * audit row: a move not allowed from the current status is a 409 naming it, and the move needs the
 * `reportHeader` permission the transition names (`approve` for approving). The report is locked
 * while it is judged and changed, so two reviewers cannot both move it. Shared with the task
 * assignments' approval-status call.
 */
export async function moveReportStatus(
  tx: DbOrTx,
  repo: RecordRepository,
  user: AuthenticatedUser,
  id: string,
  status: ReportStatus,
): Promise<{ before: StoredRecord; updated: StoredRecord }> {
  const before = await repo.get(tx, id, { lock: true });
  const current = before.status as ReportStatus;
  const needed = reportStatusTransitions[current][status];
  if (!needed)
    throw new AppError(
      'CONFLICT',
      `The report is ${current}: it cannot be moved to ${status}${
        Object.keys(reportStatusTransitions[current]).length > 0
          ? ` (from ${current}: ${Object.keys(reportStatusTransitions[current]).join(', ')})`
          : ''
      }`,
    );
  if (!can(user, { module: 'reportHeader', action: needed }))
    throw new AppError('FORBIDDEN', `Your role does not allow this (reportHeader: ${needed})`);
  const updated = await repo.update(tx, id, { status }, undefined, user.id);
  await writeAudit(tx, {
    entity: reportHeader.name,
    entityId: id,
    action: 'update',
    actorId: user.id,
    before: JSON.parse(JSON.stringify(before)) as unknown,
    after: JSON.parse(JSON.stringify(updated)) as unknown,
  });
  return { before, updated };
}

/** `PUT /report-headers/update-report-status/{id}?status`: one report moved by `moveReportStatus`. */
export const reportStatusActions: Record<string, ActionHandler> = {
  'reportHeader.updateStatus': typedAction(
    { params: idParams, query: reportStatusQuery },
    async ({ params, query, deps, user }) => {
      const repo = deps.repositories.get(reportHeader.name)!;
      const row = await deps.db.transaction(
        async (tx) => (await moveReportStatus(tx, repo, user!, params.id, query.status)).updated,
      );
      return {
        data: (await recordViews(deps.db, reportHeader, [row]))[0],
        message: `Report ${String(row.reportNumber)} is ${query.status}`,
      };
    },
  ),
};
