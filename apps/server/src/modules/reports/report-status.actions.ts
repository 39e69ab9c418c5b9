import { reportHeader, reportStatusQuery, reportStatusTransitions } from '@inspectra/contract';
import type { ReportStatus } from '@inspectra/contract';
import { z } from 'zod';
import { can } from '../../engine/access.ts';
import { typedAction } from '../../engine/register-routes.ts';
import type { ActionHandler } from '../../engine/register-routes.ts';
import { recordViews, writeAudit } from '../../engine/records.ts';
import { AppError } from '../../errors.ts';

const idParams = z.object({ id: z.uuid() });

/**
 * A report's status changes only here, under `reportStatusTransitions`: a move not allowed from the
 * current status is a 409 naming it, and approving or rejecting needs the `approve` permission. The
 * report is locked while it is judged and changed, so two reviewers cannot both move it.
 */
export const reportStatusActions: Record<string, ActionHandler> = {
  'reportHeader.updateStatus': typedAction(
    { params: idParams, query: reportStatusQuery },
    async ({ params, query, deps, user }) => {
      const repo = deps.repositories.get(reportHeader.name)!;
      const row = await deps.db.transaction(async (tx) => {
        const before = await repo.get(tx, params.id, { lock: true });
        const current = before.status as ReportStatus;
        const needed = reportStatusTransitions[current][query.status];
        if (!needed)
          throw new AppError(
            'CONFLICT',
            `The report is ${current}: it cannot be moved to ${query.status}${
              Object.keys(reportStatusTransitions[current]).length > 0
                ? ` (from ${current}: ${Object.keys(reportStatusTransitions[current]).join(', ')})`
                : ''
            }`,
          );
        if (!can(user!, { module: 'reportHeader', action: needed }))
          throw new AppError('FORBIDDEN', `Your role does not allow this (reportHeader: ${needed})`);
        const updated = await repo.update(tx, params.id, { status: query.status }, undefined, user!.id);
        await writeAudit(tx, {
          entity: reportHeader.name,
          entityId: params.id,
          action: 'update',
          actorId: user!.id,
          before: JSON.parse(JSON.stringify(before)) as unknown,
          after: JSON.parse(JSON.stringify(updated)) as unknown,
        });
        return updated;
      });
      return {
        data: (await recordViews(deps.db, reportHeader, [row]))[0],
        message: `Report ${String(row.reportNumber)} is ${query.status}`,
      };
    },
  ),
};
