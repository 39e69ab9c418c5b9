import { can } from '../../engine/access.ts';
import type { WriteCheck } from '../../engine/engine-deps.ts';
import { AppError, fieldRefusal } from '../../errors.ts';

/** The fields of a task assignment that set its reports' approval path (docs/approvals.md). */
const pathFields = ['levelApprovals', 'positionLevels'] as const;

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const sameList = (a: unknown, b: unknown) => JSON.stringify(listOf(a)) === JSON.stringify(listOf(b));

/**
 * A task assignment's levels and positions override its method's approval path for its work order,
 * so they are the approval settings' to change: a write that sets them to anything but what is
 * stored (a create: anything but none) needs `approval.update`, whatever `taskAssignment` grants.
 * 403 on the fields otherwise, nothing written. Sending them unchanged (a form saving the whole
 * record) is not a change. A report already in approval keeps the path copied at its submission,
 * so even an allowed change never shortens a path under way.
 */
export const checkApprovalLevels: WriteCheck = async ({ values, before, user }) => {
  const changed = pathFields.filter((key) => key in values && !sameList(values[key], before?.[key]));
  if (changed.length === 0 || can(user, { module: 'approval', action: 'update' })) return;
  const refusals = changed.map((key) => fieldRefusal(key, 'levelsNeedApprovalSettings'));
  throw new AppError('FORBIDDEN', refusals[0]!.message, refusals);
};
