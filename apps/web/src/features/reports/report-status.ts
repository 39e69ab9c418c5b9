import { reportStatusTransitions } from '@inspectra/contract';
import type { PermissionAction, ReportStatus } from '@inspectra/contract';

/** Badge colour of each status: grey while written, blue and violet on its way, orange sent back, green done. */
export const reportStatusColors: Record<ReportStatus, string> = {
  draft: 'gray',
  submitted: 'blue',
  inReview: 'violet',
  returned: 'orange',
  approved: 'green',
};

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
