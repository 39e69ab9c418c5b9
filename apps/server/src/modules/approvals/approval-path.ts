import { signatureOf } from '../auth/signatures.ts';
import {
  inspectionMethodApproval,
  reportHeader,
  reviewerAssignment,
  woTaskAssignment,
} from '@inspectra/contract';
import type { ApprovalAction, ApprovalCurrent, FieldError, ReportStatus } from '@inspectra/contract';
import { and, asc, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, reportApprovalSteps, tableOf, users } from '../../db/schema/index.ts';
import type { AuthenticatedUser } from '../../engine/access.ts';
import type { StoredRecord } from '../../engine/records.ts';
import { fieldRefusal } from '../../errors.ts';
import { methodNamed } from '../inspection-methods/method-lookup.ts';

/** One level of the path a report follows; a null position is the fallback level (docs/approvals.md). */
export type PathLevel = { level: number; position: string | null };
export type PathSource = ApprovalCurrent['source'];

/** A method without approval settings: one level, any holder of reportHeader.approve but the author. */
export const fallbackPath: PathLevel[] = [{ level: 1, position: null }];

const assignments = tableOf(woTaskAssignment);
const methodLevels = tableOf(inspectionMethodApproval);
const reviewers = tableOf(reviewerAssignment);
const reports = tableOf(reportHeader);

/** A reviewer's user: `user_pdm_id` is the user's uuid kept as text (it names no declared entity). */
export const reviewerIsUser = sql`${reviewers.userPdmId}::uuid = ${users.id}`;

/**
 * The path a report follows from its submission: its task assignment's own levels and positions when
 * it names any (they override the method's for that work order), else its method's settings, else the
 * fallback. A task assignment's levels are taken in order and numbered 1..N.
 */
export async function pathFor(
  db: DbOrTx,
  report: StoredRecord,
): Promise<{ path: PathLevel[]; source: PathSource }> {
  const [assignment] = await db
    .select({ levels: assignments.levelApprovals, positions: assignments.positionLevels })
    .from(assignments)
    .where(
      and(
        eq(assignments.workOrderSPKId, report.workOrderSPKId as string),
        eq(assignments.inspectionMethod, report.inspectionMethod as string),
      ),
    )
    .limit(1);
  const levels = (assignment?.levels as number[] | null) ?? [];
  if (levels.length > 0) {
    const positions = (assignment?.positions as string[] | null) ?? [];
    const path = levels
      .map((level, i) => ({ level, position: positions[i] ?? null }))
      .sort((a, b) => a.level - b.level)
      .map((step, i) => ({ level: i + 1, position: step.position }));
    return { path, source: 'taskAssignment' };
  }
  const rows = await db
    .select({ level: methodLevels.levelApproval, position: methodLevels.approvalPosition })
    .from(methodLevels)
    .where(eq(methodLevels.inspectionMethod, report.inspectionMethod as string))
    .orderBy(asc(methodLevels.levelApproval));
  if (rows.length > 0)
    return { path: rows.map((r) => ({ level: Number(r.level), position: r.position })), source: 'method' };
  return { path: fallbackPath, source: 'fallback' };
}

/** The path a report in approval follows: the one copied at its submission. */
export function snapshotOf(report: StoredRecord): PathLevel[] {
  const path = report.approvalPath as PathLevel[] | null | undefined;
  return path && path.length > 0 ? path : fallbackPath;
}

/** The contractor company of a report: its author's (null for the owner's staff). */
export async function reportCompany(db: DbOrTx, report: StoredRecord): Promise<string | null> {
  if (!report.createdBy) return null;
  const [author] = await db
    .select({ companyId: users.contractorCompanyId })
    .from(users)
    .where(eq(users.id, report.createdBy as string));
  return author?.companyId ?? null;
}

/**
 * Active reviewer assignments of the report's method at `level` (or, `below`, at a level under it)
 * that cover the report's company. With `position` (the position the report's path names at that
 * level), only assignments to that position, of users who still hold it: a reviewer left over from
 * before the path or their position changed does not act (needs `users` joined).
 */
function reviewerConditions(
  method: string,
  level: number,
  company: string | null,
  o: { below?: boolean; position?: string } = {},
) {
  return and(
    o.position === undefined
      ? undefined
      : // Positions are keys: each column is a foreign key to the position's name.
        and(eq(reviewers.approvalPosition, o.position), eq(users.approvalPosition, o.position)),
    eq(reviewers.inspectionMethod, method),
    o.below ? lt(reviewers.levelApproval, level as never) : eq(reviewers.levelApproval, level as never),
    eq(reviewers.isActive, true as never),
    company
      ? or(isNull(reviewers.contractorCompanyId), eq(reviewers.contractorCompanyId, company))
      : isNull(reviewers.contractorCompanyId),
  );
}

/** The active users assigned to act on the report at `level`. */
export async function reviewersAt(
  db: DbOrTx,
  report: StoredRecord,
  level: number,
  company: string | null,
  position: string,
) {
  return db
    .selectDistinct({ id: users.id, username: users.username, fullName: users.fullName })
    .from(reviewers)
    .innerJoin(users, reviewerIsUser)
    .where(
      and(
        reviewerConditions(report.inspectionMethod as string, level, company, { position }),
        eq(users.isActive, true as never),
      ),
    )
    .orderBy(asc(users.fullName));
}

/** Whether the user holds an active assignment on the report's method at `level` (or, `below`, under it). */
export async function isAssigned(
  db: DbOrTx,
  report: StoredRecord,
  userId: string,
  level: number,
  company: string | null,
  o: { below?: boolean; position?: string } = {},
): Promise<boolean> {
  const [row] = await db
    .select({ id: reviewers.id })
    .from(reviewers)
    .innerJoin(users, reviewerIsUser)
    .where(
      and(
        reviewerConditions(report.inspectionMethod as string, level, company, o),
        eq(reviewers.userPdmId, userId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The report and every report it revises, back along its line (`revisionOf`), as a recursive SQL
 * relation `line(id, revision_of, created_by)`. A revision copies what the reports before it hold,
 * so whoever wrote any of them wrote some of what the revision asks to approve.
 */
const lineOf = (reportId: AnyPgColumn | SQL | string) =>
  // Aliased: the report named may be a column of an outer statement's own report_header (the queue).
  sql`with recursive line(id, revision_of, created_by, hops) as (
      select r.id, r.revision_of, r.created_by, 0 from ${reports} r where r.id = ${reportId}
      union all
      select r.id, r.revision_of, r.created_by, line.hops + 1 from ${reports} r
        join line on r.id = line.revision_of where line.hops < 1000)`;

/**
 * Whether the user wrote any of the report's content, as SQL (the queue's condition): an audit row
 * of theirs naming the report, or a report it revises, as the content it changed (its header, any
 * technique's record or row, a photo or document with them: `audit_log.content_of`, one probe of its
 * index per report of the line), or authorship of one of them (`createdBy`: records seeded without
 * audit). Status moves write no content. Four eyes across revisions (docs/revisions-and-supersession.md).
 */
export const wroteContentSql = (reportId: AnyPgColumn | SQL, userId: AnyPgColumn | SQL | string) =>
  sql`exists (${lineOf(reportId)} select 1 from line where line.created_by = ${userId}
    or exists (select 1 from ${auditLog} where ${auditLog.contentOf} = line.id and ${auditLog.actorId} = ${userId}))`;

/**
 * Four eyes (docs/approvals.md): whether `userId` wrote the report or any of its content (`own`), or
 * only content of a report it revises (`revised`, naming the nearest such report's number); null
 * when neither.
 */
export async function wroteContent(
  db: DbOrTx,
  report: StoredRecord,
  userId: string,
): Promise<{ own: true } | { own: false; revised: string } | null> {
  const rows = await db.execute<{ hops: number; report_number: string }>(
    sql`${lineOf(report.id)} select line.hops, ${reports.reportNumber} as report_number from line
      join ${reports} on ${reports.id} = line.id
      where line.created_by = ${userId}
        or exists (select 1 from ${auditLog} where ${auditLog.contentOf} = line.id and ${auditLog.actorId} = ${userId})
      order by line.hops limit 1`,
  );
  const found = rows.rows[0];
  if (!found) return null;
  return Number(found.hops) === 0 ? { own: true } : { own: false, revised: found.report_number };
}

/** A verdict on whether `user` may approve or return the report now, and if not, why (403 or 409). */
export type ActVerdict =
  | { ok: true }
  | {
      ok: false;
      code: 'FORBIDDEN' | 'CONFLICT';
      message: string;
      /** The refusal by catalogue code, for the web to say in the user's language. */
      details?: FieldError[];
      /** The caller wrote some of the report's content: they never act on it. */
      wroteContent?: boolean;
    };

/**
 * Who may act on a report at the level it waits at (docs/approvals.md): never anyone who wrote any
 * of its content (its author, or whoever changed its header, records, photos or documents); at a
 * fallback level any holder of reportHeader.approve (checked by the caller); otherwise only an active
 * reviewer of (method, level) covering the report's company. A reviewer whose level has already passed
 * in this round is told the report moved on (409), not that they may not act (403).
 */
export async function judgeActor(
  db: DbOrTx,
  report: StoredRecord,
  user: AuthenticatedUser,
): Promise<ActVerdict> {
  const level = Number(report.approvalLevel ?? 1);
  const step = snapshotOf(report).find((s) => s.level === level);
  // Four eyes: whoever wrote any of what is judged does not judge it, at any level.
  // A revision carries its line's authors: whoever wrote what it copies does not judge it either.
  const wrote = await wroteContent(db, report, user.id);
  if (wrote) {
    const refusal = wrote.own
      ? fieldRefusal('id', 'wroteReport')
      : fieldRefusal('id', 'wroteRevisedReport', { report: wrote.revised });
    return { ok: false, code: 'FORBIDDEN', message: refusal.message, details: [refusal], wroteContent: true };
  }
  if (!step || step.position === null) return { ok: true };
  const company = await reportCompany(db, report);
  if (await isAssigned(db, report, user.id, level, company, { position: step.position })) return { ok: true };
  if (level > 1 && (await isAssigned(db, report, user.id, level, company, { below: true })))
    return { ok: false, code: 'CONFLICT', message: await movedOnMessage(db, report) };
  return {
    ok: false,
    code: 'FORBIDDEN',
    message: `Only the reviewers assigned to ${await methodName(db, report)} at level ${level} (${step.position}) may approve or return this report now`,
  };
}

/** A report's inspection method as people name it ("Thermography"), its code when it has no record. */
async function methodName(db: DbOrTx, report: StoredRecord): Promise<string> {
  const code = String(report.inspectionMethod);
  return (await methodNamed(db, code))?.name ?? code;
}

/** "Already approved at level 1 by Rina Putri; it now waits at level 2". */
export async function movedOnMessage(db: DbOrTx, report: StoredRecord): Promise<string> {
  const [last] = await db
    .select({
      level: reportApprovalSteps.level,
      action: reportApprovalSteps.action,
      who: reportApprovalSteps.actorFullName,
    })
    .from(reportApprovalSteps)
    .where(eq(reportApprovalSteps.reportHeaderId, report.id))
    .orderBy(desc(reportApprovalSteps.at), desc(reportApprovalSteps.id))
    .limit(1);
  const now =
    report.approvalLevel == null
      ? `it is now ${String(report.status)}`
      : `it now waits at level ${String(report.approvalLevel)}`;
  return last && last.action === 'approved'
    ? `Report ${String(report.reportNumber)} was already approved at level ${String(last.level)} by ${last.who}; ${now}`
    : `Report ${String(report.reportNumber)} has moved on: ${now}`;
}

/** Writes one step of a report's approval history, in the caller's transaction. */
export async function recordStep(
  tx: DbOrTx,
  step: {
    reportHeaderId: string;
    level: number | null;
    position: string | null;
    actor: AuthenticatedUser;
    action: ApprovalAction;
    comment: string | null;
    fromStatus: ReportStatus;
    toStatus: ReportStatus;
  },
) {
  // An approval carries the approver's signature as it is now, by its stored file.
  const signature = step.action === 'approved' ? await signatureOf(tx, step.actor.id) : undefined;
  await tx.insert(reportApprovalSteps).values({
    signatureKey: signature?.storageKey ?? null,
    signatureMediaType: signature?.mediaType ?? null,
    reportHeaderId: step.reportHeaderId,
    level: step.level,
    position: step.position,
    actorId: step.actor.id,
    actorUsername: step.actor.username,
    actorFullName: step.actor.fullName,
    action: step.action,
    comment: step.comment,
    fromStatus: step.fromStatus,
    toStatus: step.toStatus,
  });
}

export { reports as reportTable, reviewers as reviewerTable, methodLevels as methodLevelTable };
