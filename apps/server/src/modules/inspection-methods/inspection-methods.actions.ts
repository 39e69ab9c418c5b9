import {
  byObjectTypeQuery,
  inspectionMethod,
  objectType,
  reportHeader,
  inspectionMethodSummaryQuery,
  methodListCap,
  reportStatuses,
  woTaskAssignment,
  workOrderSpk,
} from '@inspectra/contract';
import type { InspectionMethodSummary, workOrderStatuses } from '@inspectra/contract';
import { and, asc, count, eq, getTableColumns, ilike, inArray, notInArray, or, sql } from 'drizzle-orm';
import { openAssignmentCounts, reportStatusCounts, tableOf } from '../../db/schema/index.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { cappedRows, matchedRows, notShownMeta } from '../../engine/page-meta.ts';
import { likePattern, recordView } from '../../engine/records.ts';
import { scopeFor } from '../../engine/record-scope.ts';
import type { StoredRecord } from '../../engine/records.ts';
import { AppError } from '../../errors.ts';
import { plantWide } from '../../engine/record-scope.ts';
import type { RecordScopes } from '../../engine/record-scope.ts';

const methods = tableOf(inspectionMethod);
const objectTypes = tableOf(objectType);
const assignments = tableOf(woTaskAssignment);
const workOrders = tableOf(workOrderSpk);
const reports = tableOf(reportHeader);

/** Work orders whose assignments are no longer open work. */
const closedWorkOrderStatuses: (typeof workOrderStatuses)[number][] = ['completed', 'cancelled'];

const views = (rows: unknown[]) => rows.map((row) => recordView(inspectionMethod, row as StoredRecord));

/** Inspection methods: every one, those that apply to an object type, and the open work per method. */
export const inspectionMethodActions: Record<string, ActionHandler> = {
  'inspectionMethod.all': async ({ deps }) => {
    const [rows, matched] = await deps.db
      .select({ ...getTableColumns(methods), matched: matchedRows() })
      .from(methods)
      .orderBy(asc(methods.code))
      .limit(methodListCap)
      .then(cappedRows);
    return { data: views(rows), meta: notShownMeta({ data: [rows.length, matched] }) };
  },

  /**
   * The active methods whose equipment categories include the object type's category; an unknown
   * object type is a 404 rather than an empty list, so a typing mistake is not read as "none apply".
   */
  'inspectionMethod.byObjectType': typedAction({ query: byObjectTypeQuery }, async ({ query, deps }) => {
    const [type] = await deps.db
      .select({ categoryCode: objectTypes.categoryCode })
      .from(objectTypes)
      .where(eq(objectTypes.code, query.objectType))
      .limit(1);
    if (!type) throw new AppError('NOT_FOUND', `No object type has the code ${query.objectType}`);
    const [rows, matched] = await deps.db
      .select({ ...getTableColumns(methods), matched: matchedRows() })
      .from(methods)
      .where(
        and(
          eq(methods.isActive, true as never),
          sql`${methods.equipmentCategories} @> ${JSON.stringify([type.categoryCode])}::jsonb`,
        ),
      )
      .orderBy(asc(methods.code))
      .limit(methodListCap)
      .then(cappedRows);
    return { data: views(rows), meta: notShownMeta({ data: [rows.length, matched] }) };
  }),

  /**
   * Per method (searched by code or name): task assignments on work orders still open (neither
   * completed nor cancelled), and its reports by status with every status present. One grouped
   * statement each, over the page of methods only.
   */
  'inspectionMethod.summary': typedAction(
    { query: inspectionMethodSummaryQuery },
    async ({ query, deps, user }) => {
      const search = query.search;
      const [found, matched] = await deps.db
        .select({
          code: sql<string>`${methods.code}`,
          name: sql<string>`${methods.name}`,
          matched: matchedRows(),
        })
        .from(methods)
        .where(
          search
            ? or(ilike(methods.code, likePattern(search)), ilike(methods.name, likePattern(search)))
            : undefined,
        )
        .orderBy(asc(methods.code))
        .limit(methodListCap)
        .then(cappedRows);
      const meta = notShownMeta({ data: [found.length, matched] });
      const codes = found.map((m) => m.code);
      if (codes.length === 0) return { data: [], meta };
      // A contractor sees only its company's assignments (docs/company-scoping.md).
      const scoped = scopeFor(deps.scopes, woTaskAssignment, user);
      // Owner staff see every record: the counts the database keeps (migration 0020). A contractor's
      // scope is a few work orders: counted from them.
      const [open, byStatus] = scoped
        ? await Promise.all([
            deps.db
              .select({ method: assignments.inspectionMethod, n: count() })
              .from(assignments)
              .innerJoin(workOrders, eq(workOrders.id, assignments.workOrderSPKId))
              .where(
                and(
                  inArray(assignments.inspectionMethod, codes),
                  notInArray(workOrders.status, closedWorkOrderStatuses),
                  scoped,
                ),
              )
              .groupBy(assignments.inspectionMethod),
            deps.db
              .select({ method: reports.inspectionMethod, status: reports.status, n: count() })
              .from(reports)
              .where(and(inArray(reports.inspectionMethod, codes), scopeFor(deps.scopes, reportHeader, user)))
              .groupBy(reports.inspectionMethod, reports.status),
          ])
        : await Promise.all([
            deps.db
              .select({ method: openAssignmentCounts.inspectionMethod, n: openAssignmentCounts.n })
              .from(openAssignmentCounts)
              .where(inArray(openAssignmentCounts.inspectionMethod, codes)),
            deps.db
              .select({
                method: reportStatusCounts.inspectionMethod,
                status: reportStatusCounts.status,
                n: reportStatusCounts.n,
              })
              .from(reportStatusCounts)
              .where(inArray(reportStatusCounts.inspectionMethod, codes)),
          ]);
      const data: InspectionMethodSummary[] = found.map((m) => {
        const reportsByStatus = Object.fromEntries(reportStatuses.map((s) => [s, 0]));
        for (const row of byStatus) if (row.method === m.code) reportsByStatus[row.status as string] = row.n;
        return {
          code: m.code,
          name: m.name,
          openAssignments: open.find((row) => row.method === m.code)?.n ?? 0,
          reportsByStatus,
        };
      });
      return { data, meta };
    },
  ),
};

/** The catalogue of inspection methods every company's work is planned in. */
export const inspectionMethodScopes: RecordScopes = {
  inspectionMethod: plantWide('the catalogue of inspection methods every work order and report names'),
};
