import {
  equipment,
  recommendation,
  recommendationExportQuery,
  recommendationListQuery,
  recommendationOwnersQuery,
  recommendationParams,
  recommendationSeverities,
  recommendationStatuses,
  recommendationTransitions,
  recommendationUpdateBody,
  recommendationWorkOrderBody,
  reportHeader,
  woTaskAssignment,
  workOrderSpk,
} from '@inspectra/contract';
import type {
  RecommendationCounts,
  RecommendationSeverity,
  RecommendationStatus,
  RecommendationView,
} from '@inspectra/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Placeholder, SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { tableOf, users } from '../../db/schema/index.ts';
import type { AuthenticatedUser } from '../../engine/access.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { auditable } from '../../engine/auditable.ts';
import type { EngineDeps } from '../../engine/engine-deps.ts';
import { notShownMeta } from '../../engine/page-meta.ts';
import { callerScope } from '../../engine/record-scope.ts';
import type { RecordScopes } from '../../engine/record-scope.ts';
import { countListBy, defineList, listEvery, listPage } from '../../engine/records/declared-list.ts';
import { maxExportRows, sheetDownload, sheetRows } from '../../engine/sheet-operations.ts';
import { writeEntitySheet } from '../../engine/spreadsheet.ts';
import { recordView, writeAudit } from '../../engine/records.ts';
import type { StoredRecord } from '../../engine/records.ts';
import { AppError } from '../../errors.ts';
import { evidenceCandidates } from './evidence-candidates.ts';
import { recommendationSheetRow, recommendationSheetValues } from './recommendation-sheet.ts';
import { auditRecommendation } from './recommendation-writes.ts';
import { pickableUsers } from '../task-assignments/task-assignments.actions.ts';
import { workOrderScopes } from '../work-orders/work-order-scope.ts';
import { isoToday } from '../work-orders/work-order-progress.ts';

/**
 * The register of findings to close (docs/recommendations.md): its list, one finding, the planner's
 * changes under the state machine (`recommendationTransitions`), the work order raised in one step,
 * and the counts the dashboard and the health card read. The findings are written at approval
 * (recommendation-writes.ts).
 */

const reports = tableOf(reportHeader);
const equipmentTable = tableOf(equipment);
const workOrders = tableOf(workOrderSpk);

const isOverdue = (record: { status?: unknown; dueDate?: unknown }, today: string) =>
  record.status !== 'closed' && typeof record.dueDate === 'string' && record.dueDate < today;

/** `isOverdue` in SQL over the row, judged on `day`: what the register filters and counts by. */
const overdueSql = (row: Record<string, AnyPgColumn>, day: SQL | Placeholder) =>
  sql`(${row.status!} <> 'closed' and ${row.dueDate!} < ${day}::date)`;

const reportNumberOf = (id: AnyPgColumn) =>
  sql`(select ${reports.reportNumber} from ${reports} where ${reports.id} = ${id})`;

const register = defineList<RecommendationView>(recommendation, 'recommendations', {
  conditions: {
    id: { field: 'id', value: 'key' },
    equipmentNo: { field: 'equipmentNo', value: 'key' },
    // A state or a severity few findings hold is read otherwise than one most hold: each set asked
    // for is a statement of its own (`DeclaredCondition`).
    status: { field: 'status', value: recommendationStatuses },
    severity: { field: 'severity', value: recommendationSeverities },
    ownerId: ({ row, value }) => sql`${row.ownerId!} = ${value()}`,
    // The equipment's functional location (the asset master's "unit, area, system"), kept on the finding.
    area: ({ row, value }) => eq(row.area!, value()),
    // `?overdue=` as the day it is judged on, bound, so one statement serves every day.
    dueBefore: ({ row, value }) => overdueSql(row, value()),
    notDueBefore: ({ row, value }) => sql`not ${overdueSql(row, value())}`,
  },
  // Soonest due first, then worst.
  order: ({ row }) => [
    asc(row.dueDate!),
    sql`array_position(array[${sql.join(
      [...recommendationSeverities].reverse().map((s) => sql`${s}`),
      sql`, `,
    )}]::text[], ${row.severity!}::text)`,
  ],
  adds: ({ row }) => ({
    reportNumber: reportNumberOf(row.reportHeaderId!),
    evidenceReportNumber: reportNumberOf(row.evidenceReportId!),
    ownerName: sql`(select ${users.fullName} from ${users} where ${users.id}::text = ${row.ownerId!})`,
    woNumber: sql`(select ${workOrders.woNumber} from ${workOrders} where ${workOrders.id} = ${row.workOrderSPKId!})`,
  }),
  view: (row, added) => {
    const today = isoToday();
    const view = recordView(recommendation, row, []) as Record<string, unknown>;
    return {
      ...view,
      overdue: isOverdue(view, today),
      reportNumber: (added.reportNumber as string | null) ?? null,
      evidenceReportNumber: (added.evidenceReportNumber as string | null) ?? null,
      area: (view.area as string | null | undefined) ?? null,
      ownerName: (added.ownerName as string | null) ?? null,
      woNumber: (added.woNumber as string | null) ?? null,
    } as RecommendationView;
  },
});

/** The list's query with `overdue` as the day it is judged on. */
function registerQuery<Q extends { overdue?: boolean }>(query: Q) {
  const { overdue, ...rest } = query;
  if (overdue === true) return { ...rest, dueBefore: isoToday() };
  if (overdue === false) return { ...rest, notDueBefore: isoToday() };
  return rest;
}

async function viewOf(deps: EngineDeps, id: string, user: AuthenticatedUser): Promise<RecommendationView> {
  const page = await listPage(deps, register, { pageNumber: 1, pageSize: 1, id }, user);
  const found = page.data[0];
  if (!found) throw new AppError('NOT_FOUND', `No recommendation has the id ${id}`);
  return found;
}

/**
 * One equipment's findings not yet closed, for its health card: how many per severity (every
 * severity named, 0 when none), how many overdue, under the caller's company scope.
 */
export async function openRecommendationsOf(
  deps: EngineDeps,
  equipmentNo: string,
  user: AuthenticatedUser,
): Promise<{ bySeverity: Record<RecommendationSeverity, number>; overdue: number; total: number }> {
  const open = { equipmentNo, status: ['open', 'inProgress'] };
  const bySeverity = Object.fromEntries(recommendationSeverities.map((s) => [s, 0])) as Record<
    RecommendationSeverity,
    number
  >;
  let overdue = 0;
  for (const c of await countListBy(deps, register, open, user, bySeverityAndDue, { today: isoToday() })) {
    bySeverity[c.severity as RecommendationSeverity] += c.count;
    if (c.overdue === true) overdue += c.count;
  }
  return { bySeverity, overdue, total: Object.values(bySeverity).reduce((n, c) => n + c, 0) };
}

/**
 * The open findings by severity and whether each is overdue (`dueBefore`'s test: due before today,
 * not closed), in one statement where two counts were.
 */
const bySeverityAndDue = {
  name: 'bySeverityAndDue',
  by: (row: Record<string, AnyPgColumn>, value: (name: string) => SQL) => ({
    severity: sql`${row.severity!}`,
    overdue: sql`coalesce(${overdueSql(row, value('today'))}, false)`,
  }),
};
const byAreaCount = {
  name: 'byArea',
  by: (row: Record<string, AnyPgColumn>) => ({ area: sql`${row.area!}` }),
};

/** A refusal of one field of the body: 400 with the field named. */
const refuse = (path: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, [{ path, message }]);

/** An active user's id, or a 400 on `ownerId`. */
async function assertOwner(db: DbOrTx, ownerId: string) {
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, ownerId), eq(users.isActive, true)))
    .limit(1);
  if (!owner) throw refuse('ownerId', 'No active user has this id: the owner is someone who can act on it');
}

/** The report a finding came from (its number and when it was made); none for a thickness location's. */
async function sourceReport(tx: DbOrTx, finding: StoredRecord) {
  if (!finding.reportHeaderId) return undefined;
  const [source] = await tx
    .select({ reportNumber: reports.reportNumber, createdAt: reports.createdAt })
    .from(reports)
    .where(eq(reports.id, String(finding.reportHeaderId)))
    .limit(1);
  return source;
}

/**
 * The evidence report: one the caller may read, on the same equipment, approved, current, and
 * approved after the finding was opened (an evidence candidate, `evidenceCandidates`); else a 400
 * on `evidenceReportId` saying which.
 */
async function assertEvidenceReport(
  deps: EngineDeps,
  tx: DbOrTx,
  before: StoredRecord,
  id: string,
  user: AuthenticatedUser,
) {
  const repo = deps.repositories.get(reportHeader.name)!;
  const evidence = await repo.find(tx, id, callerScope(user));
  if (!evidence) throw refuse('evidenceReportId', 'No report you can read has this id');
  const named = `Report ${String(evidence.reportNumber)}`;
  if (evidence.equipmentNo !== before.equipmentNo)
    throw refuse(
      'evidenceReportId',
      `${named} is on other equipment than the finding (${String(before.equipmentNo)})`,
    );
  if (evidence.status !== 'approved')
    throw refuse('evidenceReportId', `${named} is not approved: only an approved report is evidence`);
  if (evidence.supersededBy)
    throw refuse(
      'evidenceReportId',
      `${named} is superseded by a revision: the revision is the report of record, name it`,
    );
  const [candidates] = await evidenceCandidates(tx, deps, before, user, id);
  if (candidates.length === 0)
    throw refuse(
      'evidenceReportId',
      `${named} is not later than ${before.reportHeaderId ? 'the report the finding came from' : 'the finding'}: only a report approved after the finding was opened is evidence`,
    );
}

export const recommendationActions: Record<string, ActionHandler> = {
  'recommendation.list': typedAction({ query: recommendationListQuery }, ({ query, deps, user }) =>
    listPage(deps, register, registerQuery(query), user!),
  ),

  'recommendation.export': typedAction(
    { query: recommendationExportQuery },
    async ({ query, deps, user }) => {
      // Refused before the download starts: a refusal after it has started could only cut the file.
      const batches = await listEvery(deps, register, registerQuery(query), user!, {
        limit: maxExportRows,
        tooMany: () =>
          new AppError(
            'PAYLOAD_TOO_LARGE',
            `An export holds at most ${maxExportRows} findings: narrow the register with its filters`,
          ),
      });
      const rows = async function* () {
        for await (const view of sheetRows(batches)) yield recommendationSheetValues(view);
      };
      return sheetDownload(
        writeEntitySheet(recommendationSheetRow, rows()),
        `findings-to-close-${isoToday()}.xlsx`,
      );
    },
  ),

  'recommendation.owners': typedAction({ query: recommendationOwnersQuery }, ({ query, deps, user }) =>
    pickableUsers(deps.db, user!, query.search),
  ),

  'recommendation.evidenceCandidates': typedAction(
    { params: recommendationParams },
    async ({ params, deps, user }) => {
      const finding = await deps.repositories
        .get(recommendation.name)!
        .get(deps.db, params.id, callerScope(user!));
      const [data, matched] = await evidenceCandidates(deps.db, deps, finding, user!);
      return { data, meta: notShownMeta({ data: [data.length, matched] }) };
    },
  ),

  'recommendation.get': typedAction({ params: recommendationParams }, async ({ params, deps, user }) => ({
    data: await viewOf(deps, params.id, user!),
  })),

  'recommendation.counts': typedAction({}, async ({ deps, user }) => {
    const open = { status: ['open', 'inProgress'] };
    const counts: RecommendationCounts = {
      bySeverity: [],
      byArea: (await countListBy(deps, register, open, user!, byAreaCount)).map((c) => ({
        area: (c.area as string | null) ?? null,
        count: c.count,
      })),
      overdue: 0,
    };
    // By severity (in the severities' order: the statement's), and how many of them are overdue.
    for (const c of await countListBy(deps, register, open, user!, bySeverityAndDue, { today: isoToday() })) {
      const severity = String(c.severity);
      const last = counts.bySeverity.at(-1);
      if (last?.severity === severity) last.count += c.count;
      else counts.bySeverity.push({ severity, count: c.count });
      if (c.overdue === true) counts.overdue += c.count;
    }
    return { data: counts };
  }),

  'recommendation.update': typedAction(
    { params: recommendationParams, body: recommendationUpdateBody },
    async ({ params, body, deps, user }) => {
      const repo = deps.repositories.get(recommendation.name)!;
      await deps.db.transaction(async (tx) => {
        const before = await repo.get(tx, params.id, callerScope(user!), { lock: true });
        const current = before.status as RecommendationStatus;
        const { version, ...asked } = body;
        const status = asked.status ?? current;
        if (current === 'closed')
          throw new AppError('CONFLICT', 'The recommendation is closed: nothing of it changes any more', [
            { path: 'status', message: 'The recommendation is closed' },
          ]);
        if (status !== current && !recommendationTransitions[current].includes(status))
          throw new AppError('CONFLICT', `A recommendation ${current} cannot be moved to ${status}`, [
            { path: 'status', message: `From ${current}: ${recommendationTransitions[current].join(', ')}` },
          ]);
        if (asked.ownerId) await assertOwner(tx, asked.ownerId);
        if (asked.evidenceReportId)
          await assertEvidenceReport(deps, tx, before, asked.evidenceReportId, user!);
        const values: Record<string, unknown> = { ...asked };
        if (asked.evidenceComment !== undefined) values.evidenceComment = asked.evidenceComment || null;
        if (status === 'closed') {
          // Closing needs a comment and a later report or the work order raised for it.
          const comment =
            values.evidenceComment !== undefined ? values.evidenceComment : before.evidenceComment;
          const report =
            values.evidenceReportId !== undefined ? values.evidenceReportId : before.evidenceReportId;
          const missing = [
            ...(comment
              ? []
              : [
                  {
                    path: 'evidenceComment',
                    message: 'Say how the finding was dealt with: closing needs a comment',
                  },
                ]),
            ...(report || before.workOrderSPKId
              ? []
              : [
                  {
                    path: 'evidenceReportId',
                    message:
                      'Name a later report that shows the finding dealt with, or raise a work order for it',
                  },
                ]),
          ];
          if (missing.length > 0)
            throw new AppError(
              'VALIDATION_ERROR',
              `Closing needs evidence: ${missing.map((m) => m.message).join('; ')}`,
              missing,
            );
          values.closedAt = sql`now()`;
          values.closedBy = user!.id;
        }
        const after = await repo.update(tx, params.id, values, version, user!);
        await auditRecommendation(tx, user!, before, after);
      });
      return { data: await viewOf(deps, params.id, user!), message: 'Recommendation saved' };
    },
  ),

  'recommendation.workOrder': typedAction(
    { params: recommendationParams, body: recommendationWorkOrderBody },
    async ({ params, body, deps, user }) => {
      const repo = deps.repositories.get(recommendation.name)!;
      await deps.db.transaction(async (tx) => {
        const before = await repo.get(tx, params.id, callerScope(user!), { lock: true });
        if (before.status === 'closed')
          throw new AppError('CONFLICT', 'The recommendation is closed: it needs no work order');
        if (before.workOrderSPKId) {
          const [held] = await tx
            .select({ woNumber: workOrders.woNumber })
            .from(workOrders)
            .where(eq(workOrders.id, String(before.workOrderSPKId)))
            .limit(1);
          throw new AppError(
            'CONFLICT',
            `A work order was already raised for this finding (${held?.woNumber ?? ''})`,
          );
        }
        const [item] = await tx
          .select()
          .from(equipmentTable)
          .where(eq(equipmentTable.equipmentNo, String(before.equipmentNo)))
          .limit(1);
        if (!item)
          throw new AppError(
            'CONFLICT',
            `Equipment ${String(before.equipmentNo)} is no longer in the asset master`,
          );
        const today = isoToday();
        const dateStart = body.dateStart ?? today;
        const dateEnd =
          body.dateEnd ?? (String(before.dueDate) >= dateStart ? String(before.dueDate) : dateStart);
        const source = await sourceReport(tx, before);
        const origin = source
          ? `Finding of report ${String(source.reportNumber)} (${String(before.inspectionMethod)})`
          : 'Finding of thickness monitoring';
        const created = await deps.repositories.get(workOrderSpk.name)!.insert(
          tx,
          {
            woNumber: body.woNumber,
            title: body.title ?? `${String(before.finding)}`.slice(0, 200),
            description: `${origin}: ${String(before.finding)}, graded ${String(before.grade)}, ${String(before.severity)}; due ${String(before.dueDate)}`,
            workType: 'corrective',
            priority: workOrderPriority[before.severity as RecommendationSeverity],
            tagNumber: item.tagNumber,
            equipmentCategory: item.categoryCode,
            location: item.locationCode,
            plannerGroup: item.plannerGroupCode,
            dateStart,
            dateEnd,
            status: 'open',
          },
          user!,
        );
        await writeAudit(tx, {
          entity: workOrderSpk.name,
          entityId: created.id,
          action: 'create',
          actorId: user!.id,
          after: auditable(created),
        });
        // The method carried over: its task on the new work order, inspectors still to be named (a
        // thickness location's finding names no method: the planner adds the task).
        if (before.inspectionMethod) {
          const task = await deps.repositories
            .get(woTaskAssignment.name)!
            .insert(tx, { workOrderSPKId: created.id, inspectionMethod: before.inspectionMethod }, user!);
          await writeAudit(tx, {
            entity: woTaskAssignment.name,
            entityId: task.id,
            action: 'create',
            actorId: user!.id,
            after: auditable(task),
          });
        }
        const after = await repo.update(
          tx,
          params.id,
          { workOrderSPKId: created.id, status: 'inProgress' },
          undefined,
          user!,
        );
        await auditRecommendation(tx, user!, before, after);
      });
      return { data: await viewOf(deps, params.id, user!), message: 'Work order raised' };
    },
  ),
};

/** The work order's priority from the finding's severity. */
const workOrderPriority: Record<RecommendationSeverity, string> = {
  critical: 'veryHigh',
  high: 'high',
  medium: 'medium',
  low: 'low',
};

/**
 * A recommendation is seen by whoever sees the report it came from (docs/company-scoping.md): a
 * contractor company's user, its company's findings only, and the plant's thickness findings.
 */
const reportScope = workOrderScopes[reportHeader.name] as {
  condition: (row: Record<string, AnyPgColumn>, companyId: SQL) => SQL;
};
export const recommendationScopes: RecordScopes = {
  [recommendation.name]: {
    // A thickness location's finding is plant-wide, as the location is (thickness.actions.ts).
    condition: (row, companyId) =>
      sql`(${row.reportHeaderId!} in (select ${reports.id} from ${reports} where ${reportScope.condition(reports as never, companyId)})
        or ${row.thicknessLocationId!} is not null)`,
    fields: ['reportHeaderId'],
    refusal: "A finding belongs to its report: your company sees its own reports' findings",
  },
};
