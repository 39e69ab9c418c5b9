import {
  approvalStatusQuery,
  defineEntity,
  f,
  assignableUsersQuery,
  assignmentInspectionsQuery,
  assignmentSheetQuery,
  inspectionMethod,
  maxAssignableUsers,
  maxAssignmentSheetRows,
  reportHeader,
  woTaskAssignment,
  workOrderSpk,
} from '@inspectra/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { tableOf, users } from '../../db/schema/index.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import type { EngineDeps, WriteCheck } from '../../engine/engine-deps.ts';
import { likePattern, recordViews, writeAudit } from '../../engine/records.ts';
import type { StoredRecord } from '../../engine/records.ts';
import { scopeFor } from '../../engine/record-scope.ts';
import { sheetDownload } from '../../engine/sheet-operations.ts';
import { writeEntitySheet } from '../../engine/spreadsheet.ts';
import { AppError } from '../../errors.ts';
import { moveReportStatus } from '../reports/report-status.actions.ts';
import { callerScope } from '../../engine/record-scope.ts';

/**
 * The bulk-assignment sheet (SPEC 5): column 1 a work order's number, column 2 an inspection
 * method's code. Declared like an entity so the engine's sheet writer gives it headers, notes and
 * checks; it has no table (and stays out of the contract's exports, which are the stored entities).
 * The headers are the file format's words, the same in every language.
 */
const assignmentSheetRow = defineEntity('assignmentSheetRow', {
  label: 'Task assignments',
  module: 'taskAssignment',
  fields: {
    woNumber: f.text({
      label: 'WO SPK',
      required: true,
      maxLength: 60,
      description: 'The number of an existing work order (WO number).',
    }),
    inspectionMethod: f.text({
      label: 'Inspection Method',
      required: true,
      maxLength: 60,
      description: 'The code of an inspection method, from the list.',
    }),
  },
});

const assignments = tableOf(woTaskAssignment);
const workOrders = tableOf(workOrderSpk);
const reports = tableOf(reportHeader);
const methods = tableOf(inspectionMethod);

/** Most reports one inspections answer lists (newest first): a work order is a campaign, not a plant. */
export const maxInspectionReports = 1000;
/** Most method codes a sheet's drop-down offers. */
const maxMethodCodes = 500;
/** Rows read per statement while a sheet with data is written. */
const sheetBatch = 1000;

const repositoryOf = (deps: EngineDeps, name: string) => deps.repositories.get(name)!;

function refuse(path: string, message: string): never {
  throw new AppError('VALIDATION_ERROR', message, [{ path, message }]);
}

/**
 * Inspectors must be user accounts, named once each. An inactive user cannot be newly named; one
 * already on the assignment may stay (deactivating a user does not lock the assignments naming them).
 */
const checkInspectors: WriteCheck = async ({ tx, values, before }) => {
  const named = values.userPDMIds as string[] | undefined;
  if (!named || named.length === 0) return;
  const distinct = [...new Set(named)];
  if (distinct.length < named.length) refuse('userPDMIds', 'userPDMIds names a user more than once');
  const found = await tx
    .select({ id: users.id, isActive: users.isActive })
    .from(users)
    .where(inArray(users.id, distinct));
  const active = new Map(found.map((u) => [u.id, u.isActive]));
  const kept = new Set((before?.userPDMIds as string[] | null | undefined) ?? []);
  const unknown = distinct.filter((id) => !active.has(id));
  const inactive = distinct.filter((id) => active.get(id) === false && !kept.has(id));
  const problems = [
    unknown.length > 0 ? `names no user: ${unknown.join(', ')}` : '',
    inactive.length > 0 ? `names inactive users: ${inactive.join(', ')}` : '',
  ].filter(Boolean);
  if (problems.length > 0) refuse('userPDMIds', `userPDMIds ${problems.join('; ')}`);
};

/** The task assignment's checks the engine runs on its create and update. */
export const taskAssignmentWriteChecks: Record<string, WriteCheck> = {
  [woTaskAssignment.name]: checkInspectors,
};

/** Active methods' codes, for a sheet's drop-down. */
async function methodCodes(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ code: methods.code })
    .from(methods)
    .where(sql`${methods.isActive}`)
    .orderBy(asc(methods.code))
    .limit(maxMethodCodes);
  return rows.map((r) => String(r.code));
}

/**
 * The work orders a sheet covers: planned to start on or after `startDate` and to finish on or
 * before `endDate` (its start when it has no planned finish). Without dates, every work order.
 */
function plannedWithin(q: z.output<typeof assignmentSheetQuery>): SQL | undefined {
  return and(
    q.startDate ? gte(workOrders.dateStart, q.startDate) : undefined,
    q.endDate ? lte(sql`coalesce(${workOrders.dateEnd}, ${workOrders.dateStart})`, q.endDate) : undefined,
  );
}

/** The assignments of the period as sheet rows, a batch at a time, in work order and method order. */
async function* assignmentSheetRows(db: DbOrTx, where: SQL | undefined) {
  for (let offset = 0; offset < maxAssignmentSheetRows; offset += sheetBatch) {
    const batch = await db
      .select({ woNumber: workOrders.woNumber, inspectionMethod: assignments.inspectionMethod })
      .from(assignments)
      .innerJoin(workOrders, eq(workOrders.id, assignments.workOrderSPKId))
      .where(where)
      .orderBy(asc(workOrders.woNumber), asc(assignments.inspectionMethod))
      .limit(Math.min(sheetBatch, maxAssignmentSheetRows - offset))
      .offset(offset);
    yield* batch;
    if (batch.length < sheetBatch) return;
  }
}

/** The sheet's users by id, with whether they may still be named. */
async function inspectorsOf(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, InspectorView>();
  const rows = await db
    .select({ id: users.id, username: users.username, fullName: users.fullName, isActive: users.isActive })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((u) => [u.id, u]));
}
type InspectorView = { id: string; username: string; fullName: string; isActive: boolean };

export const taskAssignmentActions: Record<string, ActionHandler> = {
  'taskAssignment.assignableUsers': typedAction({ query: assignableUsersQuery }, async ({ query, deps }) => {
    const pattern = query.search ? likePattern(query.search) : undefined;
    const rows = await deps.db
      .select({ id: users.id, username: users.username, fullName: users.fullName })
      .from(users)
      .where(
        and(
          eq(users.isActive, true),
          pattern ? or(ilike(users.fullName, pattern), ilike(users.username, pattern)) : undefined,
        ),
      )
      .orderBy(asc(users.fullName), asc(users.username))
      .limit(maxAssignableUsers);
    return { data: rows };
  }),

  'taskAssignment.inspections': typedAction(
    { query: assignmentInspectionsQuery },
    async ({ query, deps, user }) => {
      const db = deps.db;
      // Out of a contractor's scope, the work order is not found; all below it inherits that.
      const scope = callerScope(user!);
      const workOrder = await repositoryOf(deps, workOrderSpk.name).get(db, query.workOrderSPKId, scope);
      let method: string | undefined;
      if (query.reportHeaderId) {
        const report = await repositoryOf(deps, reportHeader.name).get(db, query.reportHeaderId, scope);
        if (report.workOrderSPKId !== workOrder.id)
          refuse('reportHeaderId', `Report ${String(report.reportNumber)} is not under this work order`);
        method = report.inspectionMethod as string;
      }
      // One assignment per work order and method: a handful of rows, never a long list.
      const rows = (
        await repositoryOf(deps, woTaskAssignment.name).all(db, { parentId: workOrder.id, scope })
      ).filter((row) => method === undefined || row.inspectionMethod === method);
      const codes = rows.map((row) => row.inspectionMethod as string);
      if (codes.length === 0) return { data: [] };
      const [names, made, inspectors] = await Promise.all([
        db
          .select({ code: methods.code, name: methods.name })
          .from(methods)
          .where(inArray(methods.code, codes)),
        db
          .select({
            id: reports.id,
            reportNumber: reports.reportNumber,
            title: reports.title,
            equipmentNo: reports.equipmentNo,
            status: reports.status,
            updatedAt: reports.updatedAt,
            inspectionMethod: reports.inspectionMethod,
          })
          .from(reports)
          .where(and(eq(reports.workOrderSPKId, workOrder.id), inArray(reports.inspectionMethod, codes)))
          .orderBy(desc(reports.updatedAt), asc(reports.id))
          .limit(maxInspectionReports),
        inspectorsOf(db, [...new Set(rows.flatMap((row) => (row.userPDMIds as string[] | null) ?? []))]),
      ]);
      const nameOf = new Map(names.map((m) => [m.code, m.name]));
      const views = await recordViews(db, woTaskAssignment, rows);
      return {
        data: views.map((view, i) => {
          const code = codes[i]!;
          return {
            ...view,
            inspectionMethodName: nameOf.get(code) ?? code,
            inspectors: ((rows[i]!.userPDMIds as string[] | null) ?? []).flatMap((id) => {
              const user = inspectors.get(id);
              return user ? [user] : [];
            }),
            reports: made
              .filter((r) => r.inspectionMethod === code)
              .map(({ inspectionMethod: _method, updatedAt, ...r }) => ({
                ...r,
                updatedAt: updatedAt.toISOString(),
              })),
          };
        }),
      };
    },
  ),

  'taskAssignment.updateApprovalStatus': typedAction(
    { params: z.object({ id: z.uuid() }), query: approvalStatusQuery },
    async ({ params, query, deps, user }) => {
      const assignmentRepo = repositoryOf(deps, woTaskAssignment.name);
      const reportRepo = repositoryOf(deps, reportHeader.name);
      const { row, reportNumber, reportStatus } = await deps.db.transaction(async (tx) => {
        const scope = callerScope(user!);
        const before = await assignmentRepo.get(tx, params.id, scope, { lock: true });
        const report = await reportRepo.get(tx, query.reportHeaderId, scope);
        if (
          report.workOrderSPKId !== before.workOrderSPKId ||
          report.inspectionMethod !== before.inspectionMethod
        )
          refuse(
            'reportHeaderId',
            `Report ${String(report.reportNumber)} is not one of this assignment's: it is under another work order or made by another method`,
          );
        const { updated: moved } = await moveReportStatus(tx, reportRepo, user!, report.id, query.status, {
          comment: query.comment,
          level: query.level,
        });
        // Approved once every report of the assignment is (an approved report moves no further).
        const [pending] = await tx
          .select({ n: count() })
          .from(reports)
          .where(
            and(
              eq(reports.workOrderSPKId, report.workOrderSPKId as string),
              eq(reports.inspectionMethod, report.inspectionMethod as string),
              ne(reports.status, 'approved'),
            ),
          );
        const updated: StoredRecord = await assignmentRepo.update(
          tx,
          params.id,
          { approvalComment: query.comment || null, approvalStatus: (pending?.n ?? 0) === 0 },
          undefined,
          user!,
        );
        await writeAudit(tx, {
          entity: woTaskAssignment.name,
          entityId: params.id,
          action: 'update',
          actorId: user!.id,
          before: JSON.parse(JSON.stringify(before)) as unknown,
          after: JSON.parse(
            JSON.stringify({ ...updated, reportHeaderId: report.id, reportStatus: moved.status }),
          ) as unknown,
        });
        return {
          row: updated,
          reportNumber: String(report.reportNumber),
          reportStatus: String(moved.status),
        };
      });
      return {
        data: (await recordViews(deps.db, woTaskAssignment, [row]))[0],
        message: `Report ${reportNumber} is ${reportStatus}`,
      };
    },
  ),

  'taskAssignment.template': async ({ deps }) =>
    sheetDownload(
      writeEntitySheet(assignmentSheetRow, [], {
        template: true,
        choices: { inspectionMethod: { values: await methodCodes(deps.db), complete: true } },
      }),
      'wo-task-assignment-template.xlsx',
    ),

  'taskAssignment.templateWithData': typedAction({ query: assignmentSheetQuery }, async (ctx) => {
    const { query, deps } = ctx;
    const where = and(plannedWithin(query), scopeFor(deps.scopes, woTaskAssignment, ctx.user));
    // Counted before the download starts: a refusal after it has started could only cut the file.
    const [counted] = await deps.db.select({ n: count() }).from(
      deps.db
        .select({ one: sql`1` })
        .from(assignments)
        .innerJoin(workOrders, eq(workOrders.id, assignments.workOrderSPKId))
        .where(where)
        .limit(maxAssignmentSheetRows + 1)
        .as('bounded'),
    );
    if ((counted?.n ?? 0) > maxAssignmentSheetRows)
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `More than ${maxAssignmentSheetRows} assignments fall in this period: choose a shorter one`,
      );
    const period = `${query.startDate ?? 'any'}-to-${query.endDate ?? 'any'}`;
    return sheetDownload(
      writeEntitySheet(assignmentSheetRow, assignmentSheetRows(deps.db, where), {
        choices: { inspectionMethod: { values: await methodCodes(deps.db), complete: true } },
      }),
      `wo-task-assignments-${period}.xlsx`,
    );
  }),
};
