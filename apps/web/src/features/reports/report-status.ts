import { reportStatusTransitions } from '@inspectra/contract';
import type { PermissionAction, ReportStatus } from '@inspectra/contract';
import type { TFunction } from 'i18next';

/** Badge colour of each status: grey while written, blue and violet on its way, orange sent back, green done. */
export const reportStatusColors: Record<ReportStatus, string> = {
  draft: 'gray',
  submitted: 'blue',
  inReview: 'violet',
  returned: 'orange',
  approved: 'green',
};

/** How a report's state reads: its words and colour, and whether it is drawn as current (light) or not. */
export type ReportStatusLook = { words: string; color: string; variant: 'light' | 'outline' };

/**
 * The one place a report's status becomes words and a colour (every badge, card and dialog that
 * says a report's state reads it here): a report an approved revision replaced (`supersededBy`)
 * reads "Superseded" in an outlined dark badge, never a green "Approved" as if it were current.
 */
export function reportStatusLook(
  t: TFunction,
  status: ReportStatus,
  supersededBy?: string | null,
): ReportStatusLook {
  return supersededBy
    ? { words: t('supersession.status'), color: 'dark', variant: 'outline' }
    : {
        words: t(`entities.reportHeader.values.status.${status}`),
        color: reportStatusColors[status],
        variant: 'light',
      };
}

/**
 * Whether a report in this status, and every record under it, cannot change (in approval: frozen as
 * submitted; approved: for good), and whether it is final (approved: changed by a new revision):
 * the contract's rules, the ones the server's lock enforces.
 */
export { isReportFinal, isReportLocked } from '@inspectra/contract';

export type ReportMove = { to: ReportStatus; permission: PermissionAction };

/**
 * The moves the user may make from a status: the contract's transitions, kept to those whose
 * permission the user's role grants (`may`; the server checks again), in the declared order.
 */
export function allowedMoves(status: ReportStatus, may: (action: PermissionAction) => boolean): ReportMove[] {
  return Object.entries(reportStatusTransitions[status])
    .map(([to, permission]) => ({ to: to as ReportStatus, permission: permission! }))
    .filter((move) => may(move.permission));
}

/** A move that sends the report back asks why (the comment is kept on the report). */
export const asksForReason = (to: ReportStatus) => to === 'returned';
