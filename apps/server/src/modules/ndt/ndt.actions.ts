import {
  equalityFilters,
  ndtEquipment,
  ndtIsometric,
  reportHeader,
  ndtListQuery,
  ndtEquipmentParams,
  ndtFileParams,
  ndtDownloadQuery,
  equipmentIsometricQuery,
} from '@inspectra/contract';
import type { NdtEquipmentListItem } from '@inspectra/contract';
import { and, eq, gte, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { attachments, tableOf } from '../../db/schema/index.ts';
import { typedAction } from '../../engine/action-handler.ts';
import { equipmentHistorySql } from '../../engine/equipment-history.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { defineList, listPage, recordViews } from '../../engine/records.ts';
import type { StoredRecord } from '../../engine/records.ts';
import { AppError } from '../../errors.ts';
import { sendAttachment } from '../files/files.actions.ts';
import { plantWide } from '../../engine/record-scope.ts';
import type { RecordScopes } from '../../engine/record-scope.ts';
import { callerScope } from '../../engine/record-scope.ts';

const equipment = tableOf(ndtEquipment);
const isometrics = tableOf(ndtIsometric);
const reports = tableOf(reportHeader);

/**
 * The reports of the row's equipment number that the caller may see (`visible`: their company's
 * scope, none for the owner's staff), and that also meet `also`.
 */
const reportsOfRow = (row: Record<string, AnyPgColumn>, visible: SQL | undefined, also: SQL) =>
  sql`exists (select 1 from ${reports} where ${and(eq(reports.equipmentNo, row.equipmentNo!), also, visible)})`;

/**
 * The NDT register as it lists: each equipment with its drawings count and, of the reports the
 * caller may see, its last report per inspection method with how many there are and the worst
 * finding of it. The register is plant-wide, a company's reports are its own: the history and the
 * filters by method and by date of update read only the caller's.
 */
const ndtRegister = defineList<NdtEquipmentListItem>(ndtEquipment, 'ndtRegister', {
  filters: equalityFilters('equipmentNo', 'objectType'),
  conditions: {
    /** The technique (inspection method) the equipment was inspected by. */
    inspectionMethodId: ({ row, value, visible }) =>
      reportsOfRow(row, visible(reportHeader), eq(reports.inspectionMethod, value())),
    /** Changed on or after the day: the equipment itself, or a report on it. */
    dateUpdate: ({ row, value, visible }) => {
      const since = sql`(${value()}::date)::timestamp at time zone 'UTC'`;
      return or(
        gte(row.updatedAt!, since),
        reportsOfRow(row, visible(reportHeader), gte(reports.updatedAt, since)),
      )!;
    },
  },
  adds: ({ row, visible }) => ({
    isometricCount: sql`(select count(*)::int from ${isometrics} where ${isometrics.ndtEquipmentId} = ${row.id!})`,
    // Each method's last report (the engine's equipment history, one per method) and its count.
    history: sql`coalesce((select json_agg(json_build_object('inspectionMethod', h.inspection_method,
        'reportHeaderId', h.id, 'reportNumber', h.report_number, 'status', h.status, 'date', h.date,
        'reportCount', h.report_count, 'worstFinding', h.worst_finding)
        order by h.inspection_method) from (${equipmentHistorySql(row.equipmentNo!, visible(reportHeader), 1)}) h), '[]'::json)`,
  }),
});

/** Drawings with the equipment number they belong to, by file name (SPEC 7 Asset). */
const equipmentDrawings = defineList(ndtIsometric, 'equipmentDrawings', {
  conditions: {
    equipmentNo: ({ row, value }) =>
      sql`${row.ndtEquipmentId!} in (select ${equipment.id} from ${equipment} where ${eq(equipment.equipmentNo, value())})`,
  },
  adds: ({ row }) => ({
    equipmentNo: sql`(select ${equipment.equipmentNo} from ${equipment} where ${equipment.id} = ${row.ndtEquipmentId!})`,
  }),
});

async function equipmentByNumber(db: DbOrTx, equipmentNo: string) {
  const [found] = await db.select().from(equipment).where(eq(equipment.equipmentNo, equipmentNo)).limit(1);
  if (!found) throw new AppError('NOT_FOUND', `Equipment ${equipmentNo} is not on the NDT list`);
  return found as unknown as StoredRecord;
}

/** The NDT equipment list with its history, and isometric drawings by equipment and by file name. */
export const ndtActions: Record<string, ActionHandler> = {
  'ndt.list': typedAction({ query: ndtListQuery }, ({ query, deps, user }) =>
    listPage(deps, ndtRegister, query, user!),
  ),

  'ndt.isometrics': typedAction({ params: ndtEquipmentParams }, async ({ params, deps, user }) => {
    const found = await equipmentByNumber(deps.db, params.equipmentNo);
    const rows = await deps.repositories
      .get(ndtIsometric.name)!
      .all(deps.db, { parentId: found.id, scope: callerScope(user!) });
    return { data: await recordViews(deps.db, ndtIsometric, rows) };
  }),

  /**
   * Drawings with their equipment number (SPEC 7 Asset), by file name: one equipment's (its
   * drawings by parent index) or all of them (the unique file-name index), a page at a time.
   */
  'ndt.equipmentIsometrics': typedAction({ query: equipmentIsometricQuery }, ({ query, deps, user }) =>
    listPage(deps, equipmentDrawings, query, user!),
  ),

  /**
   * A drawing by its file name. The name was checked against the safe-name pattern before this runs
   * (no separator, `..` or NUL), is looked up in the database, never joined to a path, and with
   * `?equipmentNo=` must be that equipment's drawing.
   */
  'ndt.downloadIsometric': typedAction(
    { params: ndtFileParams, query: ndtDownloadQuery },
    async ({ params, query, deps }) => {
      const fileName = params.fileName;
      const [drawing] = await deps.db
        .select({ isometric: isometrics, equipmentNo: equipment.equipmentNo })
        .from(isometrics)
        .innerJoin(equipment, eq(equipment.id, isometrics.ndtEquipmentId))
        .where(eq(isometrics.fileName, fileName))
        .limit(1);
      const wanted = query.equipmentNo;
      if (!drawing || (wanted !== undefined && drawing.equipmentNo !== wanted))
        throw new AppError('NOT_FOUND', `No drawing ${fileName}${wanted ? ` of equipment ${wanted}` : ''}`);
      const [file] = await deps.db
        .select()
        .from(attachments)
        .where(
          and(eq(attachments.ownerEntity, ndtIsometric.name), eq(attachments.ownerId, drawing.isometric.id)),
        )
        .limit(1);
      if (!file) throw new AppError('NOT_FOUND', `Drawing ${fileName} has no file`);
      const sent = await sendAttachment(deps.files, file, fileName);
      // A download call saves the drawing, also a PNG or JPEG one a browser could show in the tab.
      if ('raw' in sent)
        sent.raw.headers['content-disposition'] = sent.raw.headers['content-disposition']!.replace(
          /^inline/,
          'attachment',
        );
      return sent;
    },
  ),
};

/**
 * The NDT register lists the plant's equipment and its drawings for every company's inspectors; what
 * it shows of reports (the history) is the caller's company's own.
 */
export const ndtScopes: RecordScopes = {
  ndtEquipment: plantWide(
    "the plant's register of equipment for NDT and its drawings, used by every company",
  ),
};
