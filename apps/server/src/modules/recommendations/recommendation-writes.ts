import { equipment, recommendation } from '@inspectra/contract';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tableOf } from '../../db/schema/index.ts';
import { auditable } from '../../engine/auditable.ts';
import { openedGrades } from '../../engine/findings.ts';
import type { OpenedGrade } from '../../engine/findings.ts';
import type { Actor } from '../../engine/record-scope.ts';
import { writeAudit, writeAudits } from '../../engine/records.ts';
import type { KeptValues, StoredRecord } from '../../engine/records.ts';
import { isoToday } from '../work-orders/work-order-progress.ts';

const recommendations = tableOf(recommendation);
const equipmentTable = tableOf(equipment);

/** An ISO date plus whole days (calendar days, UTC). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Not yet closed: what a revision carries over and a work order's report closes. */
const notClosed = inArray(recommendations.status, ['open', 'inProgress']);

/**
 * The register's writes at a report's final approval (docs/recommendations.md), in the approval's
 * transaction, after the revision it is has superseded its original:
 * 1. the original's findings carried over to the revision's rows (re-pointed, not opened twice);
 *    an open one the revision no longer reports is closed with the revision as its evidence;
 * 2. every other finding the report opens, one per graded row (idempotent by the row), in one
 *    statement per thousand rows with their audit rows likewise;
 * 3. the findings whose work order this report is of, closed with it as evidence.
 * Consequences of the approval, not writes the approver asked for: written beside the repository
 * (like the work order's progress), each with its audit row naming no report content.
 */
export async function recordFindings(tx: DbOrTx, report: StoredRecord, actor: Actor): Promise<void> {
  const today = isoToday();
  const found = await openedGrades(tx, { id: report.id, inspectionMethod: report.inspectionMethod });
  const unclaimed = [...found];
  const revisionOf = report.revisionOf as string | null | undefined;
  if (revisionOf) await carryOver(tx, report, revisionOf, unclaimed, today, actor);
  const area = (await areaOfEach(tx, [String(report.equipmentNo)])).get(String(report.equipmentNo)) ?? null;
  await openFindings(
    tx,
    actor,
    unclaimed.map((grade) => ({
      equipmentNo: report.equipmentNo,
      reportHeaderId: report.id,
      inspectionMethod: report.inspectionMethod,
      gradedEntity: grade.entity.name,
      gradedRowId: grade.rowId,
      area,
      finding: grade.name.slice(0, 300),
      grade: grade.grade,
      severity: grade.opened.severity,
      dueDate: addDays(today, grade.opened.dueDays),
    })),
  );
  await closeByWorkOrder(tx, report, actor);
}

/** Each equipment's area in the asset master (its functional location), kept on its findings. */
export async function areaOfEach(
  tx: DbOrTx,
  equipmentNos: readonly string[],
): Promise<Map<string, string | null>> {
  const items = await tx
    .select({ equipmentNo: equipmentTable.equipmentNo, area: equipmentTable.locationCode })
    .from(equipmentTable)
    .where(inArray(equipmentTable.equipmentNo, [...equipmentNos]));
  return new Map(items.map((item) => [String(item.equipmentNo), (item.area as string | null) ?? null]));
}

/** Rows per insert: well within PostgreSQL's 65,535 parameters at the register's columns. */
const insertBatch = 1000;

/**
 * Opens findings, a multi-row insert per thousand and their audit rows in one statement each:
 * `on conflict do nothing` on the register's unique indexes (one per graded row; one not yet closed
 * per thickness location and kind), so a finding already there is not opened twice. Answers those
 * it opened.
 */
export async function openFindings(
  tx: DbOrTx,
  actor: Actor,
  rows: readonly Record<string, unknown>[],
): Promise<StoredRecord[]> {
  const opened: StoredRecord[] = [];
  for (let at = 0; at < rows.length; at += insertBatch) {
    const created = (await tx
      .insert(recommendations)
      .values(
        rows
          .slice(at, at + insertBatch)
          .map((row) => ({ ...row, status: 'open', createdBy: actor.id, updatedBy: actor.id })) as never,
      )
      .onConflictDoNothing()
      .returning()) as StoredRecord[];
    await writeAudits(
      tx,
      created.map((after) => ({
        entity: recommendation.name,
        entityId: after.id,
        action: 'create' as const,
        actorId: actor.id,
        after: auditable(after),
        contentOf: null,
      })),
    );
    opened.push(...created);
  }
  return opened;
}

/**
 * The revision's rows are copies of the original's with new ids: a finding of the original is
 * carried to the revision's row of the same graded entity and the same name (each row claimed
 * once), keeping its owner, due date (the earlier, when the revision grades it more severely),
 * state and evidence. An open finding the revision no longer reports at an opening level is closed,
 * the revision its evidence; a closed one stays as it was, on the original.
 */
async function carryOver(
  tx: DbOrTx,
  revision: StoredRecord,
  originalId: string,
  unclaimed: OpenedGrade[],
  today: string,
  actor: Actor,
): Promise<void> {
  const held = (await tx
    .select()
    .from(recommendations)
    .where(eq(recommendations.reportHeaderId, originalId))
    .for('update')) as StoredRecord[];
  for (const before of held) {
    const at = unclaimed.findIndex(
      (g) => g.entity.name === before.gradedEntity && g.name.slice(0, 300) === before.finding,
    );
    if (at >= 0) {
      const [grade] = unclaimed.splice(at, 1);
      const due = addDays(today, grade!.opened.dueDays);
      await change(tx, actor, before, {
        reportHeaderId: revision.id,
        gradedRowId: grade!.rowId,
        grade: grade!.grade,
        severity: grade!.opened.severity,
        dueDate: due < String(before.dueDate) ? due : before.dueDate,
      });
    } else if (before.status !== 'closed')
      await change(tx, actor, before, {
        status: 'closed',
        evidenceReportId: revision.id,
        evidenceComment: `No longer reported by ${String(revision.reportNumber)}, the revision that supersedes the source report`,
        closedAt: sql`now()`,
        closedBy: actor.id,
      });
  }
}

/** A work order raised from a finding (`POST /recommendations/{id}/work-order`): its approved report closes it. */
async function closeByWorkOrder(tx: DbOrTx, report: StoredRecord, actor: Actor): Promise<void> {
  const held = (await tx
    .select()
    .from(recommendations)
    .where(
      and(
        eq(recommendations.workOrderSPKId, String(report.workOrderSPKId)),
        eq(recommendations.equipmentNo, String(report.equipmentNo)),
        ne(recommendations.reportHeaderId, report.id),
        notClosed,
      ),
    )
    .for('update')) as StoredRecord[];
  for (const before of held)
    await change(tx, actor, before, {
      status: 'closed',
      evidenceReportId: report.id,
      evidenceComment: `Closed by report ${String(report.reportNumber)} of the work order raised for it, approved`,
      closedAt: sql`now()`,
      closedBy: actor.id,
    });
}

/** One recommendation changed beside the repository, its version bumped, with its audit row. */
export async function change(
  tx: DbOrTx,
  actor: Actor,
  before: StoredRecord,
  values: Record<string, unknown>,
): Promise<StoredRecord> {
  const [after] = (await tx
    .update(recommendations)
    .set({
      ...values,
      version: sql`${recommendations.version} + 1`,
      updatedAt: sql`now()`,
      updatedBy: actor.id,
    } as never)
    .where(eq(recommendations.id, before.id))
    .returning()) as StoredRecord[];
  await auditRecommendation(tx, actor, before, after!);
  return after!;
}

/** A recommendation's audit row: created or changed, naming no report content (four eyes reads none). */
export async function auditRecommendation(
  tx: DbOrTx,
  actor: Actor,
  before: StoredRecord | undefined,
  after: StoredRecord,
) {
  await writeAudit(tx, {
    entity: recommendation.name,
    entityId: after.id,
    action: before ? 'update' : 'create',
    actorId: actor.id,
    ...(before ? { before: auditable(before) } : {}),
    after: auditable(after),
    contentOf: null,
  });
}

/**
 * Keeps the area on the findings of the equipment `where` picks (`area`: the asset master's
 * functional location), one statement; answers how many findings changed.
 */
async function keepAreas(tx: DbOrTx, where: SQL): Promise<number> {
  const result = await tx.execute(sql`update ${recommendations} set ${sql.identifier(
    recommendations.area.name,
  )} = ${equipmentTable.locationCode}
    from ${equipmentTable} where ${equipmentTable.equipmentNo} = ${recommendations.equipmentNo}
    and ${recommendations.area} is distinct from ${equipmentTable.locationCode} and ${where}`);
  return result.rowCount ?? 0;
}

/** An equipment item moved to another area takes its findings with it, in the same transaction. */
export const recommendationKeptValues: Record<string, KeptValues> = {
  [equipment.name]: async (tx, rows) => {
    await keepAreas(
      tx,
      inArray(recommendations.equipmentNo, [...new Set(rows.map((r) => String(r.equipmentNo)))]),
    );
  },
};

/**
 * Findings written before their area was kept (a database upgraded to this version): filled at
 * start, one statement over those without one. Answers how many it filled.
 */
export const keepUnkeptAreas = (db: DbOrTx) => keepAreas(db, isNull(recommendations.area));
