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
  maxInspectionReports,
  reportHeader,
  woTaskAssignment,
  workOrderSpk,
} from '@inspectra/contract';
import type { FieldError } from '@inspectra/contract';
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { roles, tableOf, users } from '../../db/schema/index.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import type { EngineDeps, WriteCheck } from '../../engine/engine-deps.ts';
import { cappedRows, matchedRows, notShownMeta } from '../../engine/page-meta.ts';
import { defineList, likePattern, listEvery, recordViews, writeAudit } from '../../engine/records.ts';
import type { StoredRecord } from '../../engine/records.ts';
import { sheetDownload, sheetRows } from '../../engine/sheet-operations.ts';
import { writeEntitySheet } from '../../engine/spreadsheet.ts';
import { AppError, fieldRefusal } from '../../errors.ts';
import { moveReportStatus } from '../reports/report-status.actions.ts';
import { checkApprovalLevels } from './assignment-levels.ts';
import { callerScope } from '../../engine/record-scope.ts';
import { activeMethodCodes, methodNamed } from '../inspection-methods/method-lookup.ts';
import { mayInspect, mayInspectAny } from './inspector-eligibility.ts';
import { currentReportSql } from '../../engine/equipment-history.ts';

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

const workOrders = tableOf(workOrderSpk);
const reports = tableOf(reportHeader);
const methods = tableOf(inspectionMethod);

/** Most method codes a sheet's drop-down offers. */
const maxMethodCodes = 500;

const repositoryOf = (deps: EngineDeps, name: string) => deps.repositories.get(name)!;

function refuse(path: string, message: string): never {
  throw new AppError('VALIDATION_ERROR', message, [{ path, message }]);
}

/** The name a refusal calls a user by. */
const nameOf = (u: { fullName: string; username: string }) => u.fullName || u.username;

/**
 * Inspectors must be user accounts, named once each, who may be named as inspectors of the
 * assignment's method (`mayInspect`: a role that writes its reports, not the administrator's). An
 * inactive or no longer eligible user cannot be newly named; one already on the assignment may stay
 * (deactivating a user or narrowing a role does not lock the assignments naming them), unless the
 * method changes. Each refusal names the user, with its catalogue code (messages.ts).
 */
const checkInspectors: WriteCheck = async ({ tx, values, before }) => {
  const methodChanged =
    before !== undefined &&
    values.inspectionMethod !== undefined &&
    values.inspectionMethod !== before.inspectionMethod;
  const named = (values.userPDMIds ?? (methodChanged ? before.userPDMIds : undefined)) as
    string[] | null | undefined;
  if (!named || named.length === 0) return;
  const method = await methodNamed(tx, String(values.inspectionMethod ?? before?.inspectionMethod));
  // An unknown method is refused on its own field by its reference (a foreign key).
  if (!method) return;
  const distinct = [...new Set(named)];
  const found = await tx
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      isActive: users.isActive,
      role: roles.name,
      eligible: mayInspect(method.code),
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(inArray(users.id, distinct));
  const byId = new Map(found.map((u) => [u.id, u]));
  const kept = new Set(methodChanged ? [] : ((before?.userPDMIds as string[] | null | undefined) ?? []));
  const problems: FieldError[] = [];
  for (const id of distinct) {
    const user = byId.get(id);
    if (!user) {
      problems.push({ path: 'userPDMIds', message: `No user has the id ${id}`, code: 'userIdentifier' });
      continue;
    }
    const name = nameOf(user);
    if (named.indexOf(id) !== named.lastIndexOf(id))
      problems.push(fieldRefusal('userPDMIds', 'namedTwice', { name }));
    if (kept.has(id)) continue;
    if (!user.isActive) problems.push(fieldRefusal('userPDMIds', 'inspectorInactive', { name }));
    else if (!user.eligible)
      problems.push(
        fieldRefusal('userPDMIds', 'inspectorNotEligible', { name, role: user.role, method: method.name }),
      );
  }
  if (problems.length > 0)
    throw new AppError('VALIDATION_ERROR', problems.map((p) => p.message).join('. '), problems);
};

/** The task assignment's checks the engine runs on its create and update. */
export const taskAssignmentWriteChecks: Record<string, WriteCheck> = {
  [woTaskAssignment.name]: async (check) => {
    // Who may set the approval path first: a planner's refusal names the levels, not the people.
    await checkApprovalLevels(check);
    await checkInspectors(check);
  },
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

/** The number of the work order an assignment is under. */
const woNumberOf = (row: Record<string, AnyPgColumn>) =>
  sql`(select ${workOrders.woNumber} from ${workOrders} where ${workOrders.id} = ${row.workOrderSPKId!})`;

/**
 * The assignments whose work order is planned as `planned` says (the period's ends). An array, not
 * `in (select …)`: the work orders are found first, then their assignments through the index by
 * work order, never every assignment (a hash join read all 2,000 to keep 10).
 */
const underWorkOrders = (row: Record<string, AnyPgColumn>, planned: SQL) =>
  sql`${row.workOrderSPKId!} = any(array(select ${workOrders.id} from ${workOrders} where ${planned}))`;

/**
 * The assignments a sheet with data lists, as sheet rows, in work order and method order: of the
 * work orders planned to start on or after `startDate` and to finish on or before `endDate` (their
 * start when they have no planned finish); without dates, every work order. An engine list read
 * whole (`listEvery`), in the caller's company scope.
 */
const assignmentSheet = defineList<{ woNumber: string; inspectionMethod: string }>(
  woTaskAssignment,
  'assignmentSheet',
  {
    conditions: {
      startDate: ({ row, value }) => underWorkOrders(row, sql`${workOrders.dateStart} >= ${value()}`),
      endDate: ({ row, value }) =>
        underWorkOrders(row, sql`coalesce(${workOrders.dateEnd}, ${workOrders.dateStart}) <= ${value()}`),
    },
    order: ({ row }) => [asc(woNumberOf(row)), asc(row.inspectionMethod!)],
    adds: ({ row }) => ({ woNumber: woNumberOf(row) }),
    view: (row, added) => ({
      woNumber: added.woNumber as string,
      inspectionMethod: row.inspectionMethod as string,
    }),
  },
);

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

/**
 * The users a caller is offered to name: a contractor's staff, their company's (naming another
 * company's inspector is refused by the assignment's company scope, docs/company-scoping.md); the
 * plant owner's staff, anyone.
 */
const ownCompany = (caller: { companyId: string | null }) =>
  caller.companyId ? eq(users.contractorCompanyId, caller.companyId) : undefined;

/**
 * A picker's page of users: active, among `eligible`, of the caller's own company when a
 * contractor's, matching what was typed; by name, at most `maxAssignableUsers`, `meta.notShown`
 * counting the rest.
 */
export async function pickableUsers(
  db: DbOrTx,
  caller: { companyId: string | null },
  search: string | undefined,
  eligible?: SQL,
) {
  const pattern = search ? likePattern(search) : undefined;
  const [rows, matched] = await db
    .select({ id: users.id, username: users.username, fullName: users.fullName, matched: matchedRows() })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        eligible,
        // A contractor's staff name their own company's people; other people are not theirs to see.
        ownCompany(caller),
        pattern ? or(ilike(users.fullName, pattern), ilike(users.username, pattern)) : undefined,
      ),
    )
    .orderBy(asc(users.fullName), asc(users.username))
    .limit(maxAssignableUsers)
    .then(cappedRows);
  return { data: rows, meta: notShownMeta({ data: [rows.length, matched] }) };
}

export const taskAssignmentActions: Record<string, ActionHandler> = {
  'taskAssignment.assignableUsers': typedAction(
    { query: assignableUsersQuery },
    async ({ query, deps, user }) => {
      let eligible: SQL;
      if (query.inspectionMethod) {
        const method = await methodNamed(deps.db, query.inspectionMethod);
        if (!method)
          throw new AppError(
            'VALIDATION_ERROR',
            `No inspection method has the code "${query.inspectionMethod}"`,
            [
              {
                path: 'inspectionMethod',
                message: `No inspection method has the code "${query.inspectionMethod}"`,
                code: 'notInList',
              },
            ],
          );
        eligible = mayInspect(method.code);
      } else eligible = mayInspectAny(await activeMethodCodes(deps.db));
      return pickableUsers(deps.db, user!, query.search, eligible);
    },
  ),

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
      if (codes.length === 0) return { data: [], meta: notShownMeta({ reports: [0, 0] }) };
      const [names, [made, reportsMatched], inspectors] = await Promise.all([
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
            matched: matchedRows(),
          })
          .from(reports)
          // Current reports only: a superseded one is shown as its approved revision.
          .where(
            and(
              eq(reports.workOrderSPKId, workOrder.id),
              inArray(reports.inspectionMethod, codes),
              currentReportSql,
            ),
          )
          .orderBy(desc(reports.updatedAt), asc(reports.id))
          .limit(maxInspectionReports)
          .then(cappedRows),
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
        // Each report is under the one assignment of its method: all those read are shown.
        meta: notShownMeta({ reports: [made.length, reportsMatched] }),
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
        const { updated: moved } = await moveReportStatus(
          tx,
          deps.repositories,
          user!,
          report.id,
          query.status,
          {
            comment: query.comment,
            level: query.level,
            rowTemplates: deps.rowTemplates,
          },
        );
        // approvalStatus follows the reports, kept by the database as the move changed them
        // (migration 0046): the call keeps the comment.
        const updated: StoredRecord = await assignmentRepo.update(
          tx,
          params.id,
          { approvalComment: query.comment || null },
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
    // Refused before the download starts: a refusal after it has started could only cut the file.
    const batches = await listEvery(deps, assignmentSheet, query, ctx.user!, {
      limit: maxAssignmentSheetRows,
      tooMany: () =>
        new AppError(
          'PAYLOAD_TOO_LARGE',
          `More than ${maxAssignmentSheetRows} assignments fall in this period: choose a shorter one`,
        ),
    });
    const period = `${query.startDate ?? 'any'}-to-${query.endDate ?? 'any'}`;
    return sheetDownload(
      writeEntitySheet(assignmentSheetRow, sheetRows(batches), {
        choices: { inspectionMethod: { values: await methodCodes(deps.db), complete: true } },
      }),
      `wo-task-assignments-${period}.xlsx`,
    );
  }),
};
