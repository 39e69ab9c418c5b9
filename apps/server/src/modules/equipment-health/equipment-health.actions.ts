import {
  equipment,
  equipmentCategory,
  equipmentHealthParams,
  functionalLocation,
  healthDrawingCap,
  healthPhotoCap,
  healthReportsPerMethod,
  ndtEquipment,
  ndtIsometric,
  objectType,
  plannerGroup,
  reportHeader,
  thicknessLocation,
  woTaskAssignment,
  workOrderSpk,
} from '@inspectra/contract';
import type {
  EntityDefinition,
  EquipmentHealthMethod,
  EquipmentHealthNextDue,
  EquipmentHealthPhoto,
  EquipmentHealthReport,
  EquipmentHealthThicknessDue,
  TaskState,
} from '@inspectra/contract';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { tableOf } from '../../db/schema/index.ts';
import { can } from '../../engine/access.ts';
import type { AuthenticatedUser } from '../../engine/access.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { equipmentReportsSql, readEquipmentHistory } from '../../engine/equipment-history.ts';
import type { EquipmentHistoryRow } from '../../engine/equipment-history.ts';
import { reportImageEntities, reportImagesSql } from '../../engine/report-images.ts';
import type { ReportImageRow } from '../../engine/report-images.ts';
import { cappedRows, matchedRows } from '../../engine/page-meta.ts';
import { scopePlaceholderFor, scopePlaceholderValues } from '../../engine/record-scope.ts';
import { PreparedStatements, SqlStatements, sqlShape } from '../../engine/records/statements.ts';
import { recordView } from '../../engine/records.ts';
import type { StoredRecord } from '../../engine/records.ts';
import { AppError } from '../../errors.ts';
import { calendarDay } from '../my-tasks/planner-period.ts';
import { live } from '../my-tasks/team-plan.sql.ts';
import { openRecommendationsOf } from '../recommendations/recommendations.actions.ts';

const equipmentTable = tableOf(equipment);
const categories = tableOf(equipmentCategory);
const objectTypes = tableOf(objectType);
const locations = tableOf(functionalLocation);
const plannerGroups = tableOf(plannerGroup);
const registered = tableOf(ndtEquipment);
const isometrics = tableOf(ndtIsometric);
const workOrders = tableOf(workOrderSpk);
const assignments = tableOf(woTaskAssignment);
const thicknessLocations = tableOf(thicknessLocation);

/**
 * The card's statements, each built once per shape and prepared by name (its Drizzle reads and
 * those written as SQL): the equipment number, the caller's company and today are placeholders.
 */
const prepared = new PreparedStatements('equipment_health');
const statements = new SqlStatements('equipment_health');
const equipmentNoSlot = sql.placeholder('equipmentNo');

const reportOf = (row: EquipmentHistoryRow): EquipmentHealthReport => ({
  reportHeaderId: row.id,
  reportNumber: row.report_number,
  status: row.status,
  date: row.date,
  worstFinding: row.worst_finding,
});

/**
 * The history's rows (by method, latest first) as the card's methods: each method's latest report
 * and its reports oldest first, for the timeline.
 */
function methodsOf(rows: EquipmentHistoryRow[]): EquipmentHealthMethod[] {
  const byMethod = new Map<string, EquipmentHistoryRow[]>();
  for (const row of rows) {
    const own = byMethod.get(row.inspection_method) ?? [];
    own.push(row);
    byMethod.set(row.inspection_method, own);
  }
  return [...byMethod.entries()].map(([inspectionMethod, own]) => ({
    inspectionMethod,
    reportCount: own[0]!.report_count,
    latest: reportOf(own[0]!),
    reports: own.map(reportOf).reverse(),
  }));
}

type NextDueRow = {
  inspection_method: string;
  id: string;
  work_order_spkid: string;
  wo_number: string;
  planned_start: string | null;
  planned_finish: string | null;
  state: TaskState;
  overdue: boolean;
  open_count: number;
};

/**
 * Per method, the equipment's next planned inspection: of the open tasks (not done) of the live
 * work orders (open, in progress) naming its tag, the one due first (planned finish, else start;
 * undated last), in the caller's scope over the assignments (`visible`, its company a placeholder).
 * Overdue as my tasks count it. Read off `work_order_spk (tag_number)`, then each work order's tasks
 * by their parent's index.
 */
async function nextDueOf(
  db: Db,
  equipmentNo: string,
  visible: SQL | undefined,
  values: Record<string, unknown>,
  today: string,
): Promise<EquipmentHealthNextDue[]> {
  const found = await statements.run<NextDueRow>(
    db,
    ['nextDue', sqlShape(visible)],
    () => {
      const tag = sql`(select ${equipmentTable.tagNumber} from ${equipmentTable} where ${equipmentTable.equipmentNo} = ${equipmentNoSlot})`;
      const day = sql`${sql.placeholder('today')}::date`;
      return sql`
    select distinct on (${assignments.inspectionMethod}) ${assignments.inspectionMethod} as inspection_method,
      ${assignments.id} as id, ${assignments.workOrderSPKId} as work_order_spkid, ${workOrders.woNumber} as wo_number,
      ${assignments.plannedStart}::text as planned_start, ${assignments.plannedFinish}::text as planned_finish,
      ${assignments.state} as state, coalesce(${assignments.plannedFinish} < ${day}, false) as overdue,
      (count(*) over (partition by ${assignments.inspectionMethod}))::int as open_count
    from ${workOrders} join ${assignments} on ${assignments.workOrderSPKId} = ${workOrders.id}
    where ${and(eq(workOrders.tagNumber, tag as unknown as AnyPgColumn), live, sql`${assignments.state} <> 'done'`, visible)}
    order by ${assignments.inspectionMethod}, coalesce(${assignments.plannedFinish}, ${assignments.plannedStart}) nulls last,
      ${assignments.plannedStart} nulls last, ${workOrders.woNumber}`;
    },
    { ...values, equipmentNo, today },
    // The card's statements read one equipment off its keys' indexes, whichever it is.
    'shared',
  );
  return found.map((row) => ({
    inspectionMethod: row.inspection_method,
    taskAssignmentId: row.id,
    workOrderSPKId: row.work_order_spkid,
    woNumber: row.wo_number,
    plannedStart: row.planned_start,
    plannedFinish: row.planned_finish,
    state: row.state,
    overdue: row.overdue,
    openCount: row.open_count,
  }));
}

/**
 * The thickness monitoring's next due date: the earliest next inspection date of the equipment's
 * thickness locations, as each location keeps it (its assessment, kept by every write of its
 * readings, docs/thickness-monitoring.md), with how many locations it has. Plant-wide, as the
 * locations are. Read off the locations' natural key (equipment, name).
 */
async function thicknessDueOf(
  db: Db,
  equipmentNo: string,
  today: string,
): Promise<EquipmentHealthThicknessDue | null> {
  const next = thicknessLocations.nextInspectionDate;
  const [row] = await statements.run<{ id: string; name: string; next: string | null; n: number }>(
    db,
    ['thicknessDue'],
    () => sql`
    select l.id, l.name, l.next, l.n from (select ${thicknessLocations.id} as id, ${thicknessLocations.name} as name,
      (${next})::date::text as next, (count(*) over ())::int as n
      from ${thicknessLocations} where ${thicknessLocations.equipmentNo} = ${equipmentNoSlot}) l
    order by l.next nulls last, l.name limit 1`,
    { equipmentNo },
    'shared',
  );
  if (!row?.next) return null;
  return {
    nextInspectionDate: row.next,
    thicknessLocationId: row.id,
    locationName: row.name,
    overdue: row.next < today,
    locationCount: row.n,
  };
}

/**
 * The latest photos: the images of the records under each method's latest report (the reports on
 * the card's method cards), of the modules the caller may view, newest report first, at most
 * `healthPhotoCap`. One statement, prepared per set of viewable image entities and scope: the
 * latest reports once, their records' files by the engine's walk of the declarations
 * (`reportImagesSql`).
 */
async function photosOf(
  db: Db,
  equipmentNo: string,
  visible: SQL | undefined,
  values: Record<string, unknown>,
  user: AuthenticatedUser,
): Promise<EquipmentHealthPhoto[]> {
  const mayView = (entity: EntityDefinition) => can(user, { module: entity.module, action: 'view' });
  const viewed = reportImageEntities(mayView);
  if (viewed.length === 0) return [];
  const found = await statements.run<
    ReportImageRow & { report_number: string; inspection_method: string; date: string | null }
  >(
    db,
    ['photos', viewed.join(','), sqlShape(visible)],
    () => sql`
    with latest as (select r.id, r.report_number, r.inspection_method, r.date
      from (${equipmentReportsSql(sql`${equipmentNoSlot}`, visible)}) r where r.recency = 1)
    select i.*, l.report_number, l.inspection_method, l.date
    from (${reportImagesSql(sql`select id from latest`, mayView)}) i join latest l on l.id = i.report_header_id
    order by l.date desc nulls last, l.id, i.created_at desc, i.id
    limit ${healthPhotoCap}`,
    { ...values, equipmentNo },
    'shared',
  );
  return found.map((row) => ({
    id: row.id,
    url: `/api/files/${row.id}`,
    displayName: row.display_name,
    mediaType: row.media_type,
    slot: row.slot,
    imageType: row.image_type,
    reportHeaderId: row.report_header_id,
    reportNumber: row.report_number,
    inspectionMethod: row.inspection_method,
    date: row.date,
  }));
}

/**
 * The equipment health card (docs/equipment-health.md). Six statements whatever the number of
 * techniques or reports: the equipment with the names of its codes (by the master's keys), its
 * drawings (the NDT register's, by the equipment number's unique index, then by parent), the
 * engine's equipment history of the caller's scope (its methods read first, then
 * `report_header (equipment_no)` → each report's graded records by parent, compiling only those
 * methods' grades), the next due task per method, the thickness locations' next date and
 * the latest reports' photos. The asset master, drawings and thickness locations are plant-wide;
 * the reports and tasks are the caller's company's.
 */
export const equipmentHealthActions: Record<string, ActionHandler> = {
  'equipmentHealth.card': typedAction({ params: equipmentHealthParams }, async ({ params, deps, user }) => {
    const { equipmentNo } = params;
    const db = deps.db;
    const visible = scopePlaceholderFor(deps.scopes, reportHeader, user);
    const values = scopePlaceholderValues(user!);
    const today = calendarDay(new Date());
    const at = { equipmentNo };
    type Identity = StoredRecord & {
      categoryName: string | null;
      objectTypeName: string | null;
      locationName: string | null;
      plannerGroupName: string | null;
    };
    type Drawing = { id: string; fileName: string; drawingNumber: string | null; revision: string | null };
    const [identity, drawings, history, nextDue, thicknessDue, photos, openRecommendations] =
      await Promise.all([
        prepared.run<Identity[]>(
          db,
          'identity',
          () =>
            db
              .select({
                ...getTableColumns(equipmentTable),
                categoryName: categories.name,
                objectTypeName: objectTypes.name,
                locationName: locations.name,
                plannerGroupName: plannerGroups.name,
              })
              .from(equipmentTable)
              .leftJoin(categories, eq(categories.code, equipmentTable.categoryCode))
              .leftJoin(objectTypes, eq(objectTypes.code, equipmentTable.objectTypeCode))
              .leftJoin(locations, eq(locations.code, equipmentTable.locationCode))
              .leftJoin(plannerGroups, eq(plannerGroups.code, equipmentTable.plannerGroupCode))
              .where(eq(equipmentTable.equipmentNo, equipmentNoSlot))
              .limit(1),
          at,
          'shared',
        ),
        prepared
          .run<(Drawing & { matched: number })[]>(
            db,
            'drawings',
            () =>
              db
                .select({
                  id: isometrics.id,
                  fileName: isometrics.fileName,
                  drawingNumber: isometrics.drawingNumber,
                  revision: isometrics.revision,
                  matched: matchedRows(),
                })
                .from(isometrics)
                .innerJoin(registered, eq(registered.id, isometrics.ndtEquipmentId))
                .where(eq(registered.equipmentNo, equipmentNoSlot))
                .orderBy(asc(isometrics.fileName))
                .limit(healthDrawingCap),
            at,
            'shared',
          )
          .then(cappedRows),
        // The equipment's methods first: the history compiles only their techniques' grades.
        readEquipmentHistory(db, equipmentNo, visible, values, healthReportsPerMethod),
        nextDueOf(db, equipmentNo, scopePlaceholderFor(deps.scopes, woTaskAssignment, user), values, today),
        thicknessDueOf(db, equipmentNo, today),
        photosOf(db, equipmentNo, visible, values, user!),
        // A finding says as much as its report: counted for a caller who may read reports.
        can(user!, { module: 'reportHeader', action: 'view' })
          ? openRecommendationsOf(deps, equipmentNo, user!)
          : null,
      ]);
    const [found] = identity;
    if (!found) throw new AppError('NOT_FOUND', `Equipment ${equipmentNo} is not in the asset master`);
    const { categoryName, objectTypeName, locationName, plannerGroupName, ...row } = found;
    const [shown, drawingCount] = drawings;
    return {
      data: {
        equipment: recordView(equipment, row),
        names: {
          category: categoryName,
          objectType: objectTypeName,
          location: locationName,
          plannerGroup: plannerGroupName,
        },
        drawings: shown,
        drawingCount,
        methods: methodsOf(history),
        nextDue,
        thicknessDue,
        photos,
        openRecommendations,
      },
    };
  }),
};
