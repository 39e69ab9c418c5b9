import { reportHeader, workOrderSpk } from '@inspectra/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tableOf } from '../../db/schema/index.ts';
import type { Actor } from '../../engine/record-scope.ts';
import { auditable } from '../../engine/auditable.ts';
import { writeAudit } from '../../engine/records.ts';
import type { StoredRecord } from '../../engine/records.ts';

const workOrders = tableOf(workOrderSpk);
const reports = tableOf(reportHeader);

/** Today's date on the server (UTC), as ISO text. */
export const isoToday = () => new Date().toISOString().slice(0, 10);

/** The later of two ISO dates (text compares in calendar order); `b` may be absent. */
export const laterDate = (a: string, b: string | null | undefined) => (b && b > a ? b : a);

/**
 * Changes a work order's status and actual dates as a consequence of its reports, in the caller's
 * transaction, with its version bumped (a planner's form read before answers 409, not overwrites) and
 * an audit row. Written here rather than by the caller's repository: it follows from a report
 * move the caller may make, not from a write the caller asked for, so neither the caller's company
 * scope nor the planner's permission applies (docs/work-orders.md "Status from the reports").
 */
async function progressWorkOrder(
  tx: DbOrTx,
  workOrderId: string,
  actor: Actor,
  decide: (
    workOrder: StoredRecord,
  ) => Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>,
): Promise<void> {
  // FOR NO KEY UPDATE, as the reports' trigger takes it (migration 0028): writers of one work order
  // take turns, and reading its reports after holding it sees every one committed before.
  const [before] = (await tx
    .select()
    .from(workOrders)
    .where(eq(workOrders.id, workOrderId))
    .for('no key update')) as StoredRecord[];
  if (!before) return;
  const changes = await decide(before);
  if (!changes) return;
  const [after] = (await tx
    .update(workOrders)
    .set({ ...changes, version: sql`${workOrders.version} + 1`, updatedAt: sql`now()`, updatedBy: actor.id })
    .where(eq(workOrders.id, workOrderId))
    .returning()) as StoredRecord[];
  await writeAudit(tx, {
    entity: workOrderSpk.name,
    entityId: workOrderId,
    action: 'update',
    actorId: actor.id,
    before: auditable(before),
    after: auditable(after!),
  });
}

/**
 * A work order whose every report is approved is completed: its actual finish is the latest actual
 * completed date of its reports, its actual start (when empty) the earliest actual start of theirs.
 * Called in the transaction that approves a report; a cancelled or already completed work order is
 * left as it is, and so is one with a report still short of approval.
 */
export async function completeWorkOrderIfDone(tx: DbOrTx, workOrderId: string, actor: Actor) {
  await progressWorkOrder(tx, workOrderId, actor, async (workOrder) => {
    if (workOrder.status === 'completed' || workOrder.status === 'cancelled') return undefined;
    const [figures] = await tx
      .select({
        pending: sql<number>`count(*) filter (where ${reports.status} <> 'approved')::int`,
        firstStart: sql<string | null>`min(${reports.actualStartDate})::text`,
        lastEnd: sql<string | null>`max(${reports.actualCompletedDate})::text`,
      })
      .from(reports)
      .where(eq(reports.workOrderSPKId, workOrderId));
    if (!figures || figures.pending > 0) return undefined;
    const start = (workOrder.actualStartDate as string | null) ?? figures.firstStart;
    const end = (workOrder.actualEndDate as string | null) ?? figures.lastEnd ?? isoToday();
    return {
      status: 'completed',
      actualStartDate: start,
      actualEndDate: start ? laterDate(end, start) : end,
    };
  });
}

/**
 * A new report (or a new revision) under a work order means work on it: an open work order is in
 * progress, and a completed one is reopened to in progress without its actual finish. A cancelled
 * work order stays cancelled (the planner's decision).
 */
export async function reopenWorkOrder(tx: DbOrTx, workOrderId: string, actor: Actor) {
  await progressWorkOrder(tx, workOrderId, actor, (workOrder) =>
    workOrder.status === 'completed'
      ? { status: 'inProgress', actualEndDate: null }
      : workOrder.status === 'open'
        ? { status: 'inProgress' }
        : undefined,
  );
}
