import {
  equipment,
  equipmentCategory,
  equipmentHealthParams,
  functionalLocation,
  healthDrawingCap,
  healthReportsPerMethod,
  ndtEquipment,
  ndtIsometric,
  objectType,
  plannerGroup,
  reportHeader,
} from '@inspectra/contract';
import type { EquipmentHealthMethod, EquipmentHealthReport } from '@inspectra/contract';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { tableOf } from '../../db/schema/index.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { equipmentHistorySql } from '../../engine/equipment-history.ts';
import type { EquipmentHistoryRow } from '../../engine/equipment-history.ts';
import { cappedRows, matchedRows } from '../../engine/page-meta.ts';
import { scopeFor } from '../../engine/record-scope.ts';
import { recordView } from '../../engine/records.ts';
import type { StoredRecord } from '../../engine/records.ts';
import { AppError } from '../../errors.ts';

const equipmentTable = tableOf(equipment);
const categories = tableOf(equipmentCategory);
const objectTypes = tableOf(objectType);
const locations = tableOf(functionalLocation);
const plannerGroups = tableOf(plannerGroup);
const registered = tableOf(ndtEquipment);
const isometrics = tableOf(ndtIsometric);

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

/**
 * The equipment health card (docs/equipment-health.md). Three statements whatever the number of
 * techniques or reports: the equipment with the names of its codes (by the master's keys), its
 * drawings (the NDT register's, by the equipment number's unique index, then by parent), and the
 * engine's equipment history of the caller's scope (`report_header (equipment_no)` → each report's
 * graded records by parent). The asset master is plant-wide; the reports are the caller's company's.
 */
export const equipmentHealthActions: Record<string, ActionHandler> = {
  'equipmentHealth.card': typedAction({ params: equipmentHealthParams }, async ({ params, deps, user }) => {
    const { equipmentNo } = params;
    const visible = scopeFor(deps.scopes, reportHeader, user);
    const [identity, drawings, history] = await Promise.all([
      deps.db
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
        .where(eq(equipmentTable.equipmentNo, equipmentNo))
        .limit(1),
      deps.db
        .select({
          id: isometrics.id,
          fileName: isometrics.fileName,
          drawingNumber: isometrics.drawingNumber,
          revision: isometrics.revision,
          matched: matchedRows(),
        })
        .from(isometrics)
        .innerJoin(registered, and(eq(registered.id, isometrics.ndtEquipmentId)))
        .where(eq(registered.equipmentNo, equipmentNo))
        .orderBy(asc(isometrics.fileName))
        .limit(healthDrawingCap)
        .then(cappedRows),
      deps.db.execute(
        sql`select * from (${equipmentHistorySql(sql`${equipmentNo}`, visible, healthReportsPerMethod)}) r
          order by r.inspection_method, r.recency`,
      ),
    ]);
    const [found] = identity;
    if (!found) throw new AppError('NOT_FOUND', `Equipment ${equipmentNo} is not in the asset master`);
    const { categoryName, objectTypeName, locationName, plannerGroupName, ...row } = found;
    const [shown, drawingCount] = drawings;
    return {
      data: {
        equipment: recordView(equipment, row as unknown as StoredRecord),
        names: {
          category: categoryName,
          objectType: objectTypeName,
          location: locationName,
          plannerGroup: plannerGroupName,
        },
        drawings: shown as {
          id: string;
          fileName: string;
          drawingNumber: string | null;
          revision: string | null;
        }[],
        drawingCount,
        methods: methodsOf(history.rows as EquipmentHistoryRow[]),
      },
    };
  }),
};
