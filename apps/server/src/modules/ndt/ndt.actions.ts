import {
  ndtEquipment,
  ndtIsometric,
  reportHeader,
  techniques,
  techniqueOfMethod,
  ndtListQuery,
  ndtEquipmentParams,
  ndtFileParams,
  ndtDownloadQuery,
  equipmentIsometricQuery,
} from '@inspectra/contract';
import type { NdtEquipmentListItem, NdtHistoryEntry, PageMeta } from '@inspectra/contract';
import { and, asc, eq, gte, ilike, inArray, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { attachments, tableOf } from '../../db/schema/index.ts';
import { typedAction } from '../../engine/register-routes.ts';
import type { ActionHandler } from '../../engine/register-routes.ts';
import { countAhead, likePattern, recordView, recordViews } from '../../engine/records.ts';
import type { StoredRecord } from '../../engine/records.ts';
import { AppError } from '../../errors.ts';
import { sendAttachment } from '../files/files.actions.ts';
import { plantWide } from '../../engine/record-scope.ts';
import type { RecordScopes } from '../../engine/record-scope.ts';
import { callerScope, scopeFor } from '../../engine/record-scope.ts';

const equipment = tableOf(ndtEquipment);
const isometrics = tableOf(ndtIsometric);
const reports = tableOf(reportHeader);

/**
 * Reports of an equipment number, by the technique (inspection method) that made them, among those
 * the caller may see (`visible`: their company's scope, none for the owner's staff).
 */
const reportsOf = (visible: SQL | undefined, method?: string) =>
  sql`exists (select 1 from ${reports} where ${reports.equipmentNo} = ${equipment.equipmentNo}${
    method ? sql` and ${reports.inspectionMethod} = ${method}` : sql``
  }${visible ? sql` and ${visible}` : sql``})`;

/**
 * The worst graded finding of each report, from the technique the report was made by (the one
 * serving its inspection method, `techniqueOfMethod`) when that technique grades findings: rows under
 * its inspection under the report, levels in the technique's declared order. Another technique's
 * rows hung under the same report never count: their levels may mean something else.
 */
async function worstFindings(
  db: DbOrTx,
  made: { id: string; method: string }[],
): Promise<Map<string, string>> {
  const worst = new Map<string, string>();
  for (const technique of techniques) {
    const grade = technique.findingGrade;
    const inspection = technique.workspace?.inspection;
    const rows = technique.workspace?.rows;
    const reportIds = made.filter((r) => techniqueOfMethod(r.method) === technique).map((r) => r.id);
    if (!grade || !inspection?.parent || !rows?.parent || reportIds.length === 0) continue;
    const i = tableOf(inspection) as unknown as Record<string, AnyPgColumn> & PgTable;
    const r = tableOf(rows) as unknown as Record<string, AnyPgColumn> & PgTable;
    const found = await db.execute<{ report: string; grade: string }>(
      sql`select distinct ${i[inspection.parent]!} as report, ${r[grade.field]!} as grade
          from ${r} join ${i} on ${r[rows.parent]!} = ${i.id!}
          where ${inArray(i[inspection.parent]!, reportIds)}`,
    );
    for (const row of found.rows) {
      const rank = grade.levels.indexOf(row.grade);
      const current = worst.get(row.report);
      if (rank >= 0 && (current === undefined || rank > grade.levels.indexOf(current)))
        worst.set(row.report, row.grade);
    }
  }
  return worst;
}

/** How many drawings each piece of equipment has, in one grouped query for a page of it. */
async function isometricCounts(db: DbOrTx, equipmentIds: string[]): Promise<Map<string, number>> {
  if (equipmentIds.length === 0) return new Map();
  const found = await db
    .select({ id: isometrics.ndtEquipmentId, n: sql<number>`count(*)::int` })
    .from(isometrics)
    .where(inArray(isometrics.ndtEquipmentId, equipmentIds))
    .groupBy(isometrics.ndtEquipmentId);
  return new Map(found.map((row) => [row.id as string, row.n]));
}

/**
 * Each equipment number's last report per inspection method, with how many it has, of the reports
 * the caller may see: the register is plant-wide, a company's reports are its own.
 */
async function histories(db: DbOrTx, equipmentNos: string[], visible: SQL | undefined) {
  if (equipmentNos.length === 0) return new Map<string, NdtHistoryEntry[]>();
  const found = await db.execute<{
    equipment_no: string;
    inspection_method: string;
    id: string;
    report_number: string;
    status: string;
    date: string | null;
    report_count: number;
  }>(sql`select distinct on (${reports.equipmentNo}, ${reports.inspectionMethod})
        ${reports.equipmentNo} as equipment_no, ${reports.inspectionMethod} as inspection_method,
        ${reports.id} as id, ${reports.reportNumber} as report_number, ${reports.status} as status,
        coalesce(${reports.actualCompletedDate}, ${reports.actualStartDate}, ${reports.createdAt}::date)::text as date,
        (count(*) over (partition by ${reports.equipmentNo}, ${reports.inspectionMethod}))::int as report_count
      from ${reports}
      where ${inArray(reports.equipmentNo, equipmentNos)} and ${reports.inspectionMethod} is not null
        ${visible ? sql`and ${visible}` : sql``}
      order by ${reports.equipmentNo}, ${reports.inspectionMethod}, 6 desc nulls last, ${reports.createdAt} desc`);
  const worst = await worstFindings(
    db,
    found.rows.map((r) => ({ id: r.id, method: r.inspection_method })),
  );
  const byEquipment = new Map<string, NdtHistoryEntry[]>();
  for (const row of found.rows) {
    const list = byEquipment.get(row.equipment_no) ?? [];
    list.push({
      inspectionMethod: row.inspection_method,
      reportHeaderId: row.id,
      reportNumber: row.report_number,
      status: row.status,
      date: row.date,
      reportCount: row.report_count,
      worstFinding: worst.get(row.id) ?? null,
    });
    byEquipment.set(row.equipment_no, list);
  }
  return byEquipment;
}

async function equipmentByNumber(db: DbOrTx, equipmentNo: string) {
  const [found] = await db.select().from(equipment).where(eq(equipment.equipmentNo, equipmentNo)).limit(1);
  if (!found) throw new AppError('NOT_FOUND', `Equipment ${equipmentNo} is not on the NDT list`);
  return found as unknown as StoredRecord;
}

/**
 * Paging meta of a list whose matching rows `matching` selects: counted exactly up to `ahead` rows
 * past the page's start, a lower bound beyond (docs/api-conventions.md, "Paging").
 */
async function boundedPageMeta(
  db: DbOrTx,
  matching: { limit: (n: number) => { as: (alias: string) => unknown } },
  o: { pageNumber: number; pageSize: number; ahead: number },
): Promise<PageMeta> {
  const countLimit = (o.pageNumber - 1) * o.pageSize + o.ahead;
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(matching.limit(countLimit + 1).as('bounded') as never);
  const exact = n <= countLimit;
  const totalCount = exact ? n : countLimit;
  return {
    pageNumber: o.pageNumber,
    pageSize: o.pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / o.pageSize),
    totalCountExact: exact,
  };
}

/** The NDT equipment list with its history, and isometric drawings by equipment and by file name. */
export const ndtActions: Record<string, ActionHandler> = {
  'ndt.list': typedAction({ query: ndtListQuery }, async ({ query, deps, user }) => {
    const { pageNumber, pageSize } = query;
    const visible = scopeFor(deps.scopes, reportHeader, user);
    const conditions: SQL[] = [];
    const search = query.search;
    if (search)
      conditions.push(
        or(
          ilike(equipment.equipmentNo, likePattern(search)),
          ilike(equipment.tagNumber, likePattern(search)),
          ilike(equipment.description, likePattern(search)),
        )!,
      );
    if (query.equipmentNo) conditions.push(eq(equipment.equipmentNo, query.equipmentNo));
    if (query.objectType) conditions.push(eq(equipment.objectType, query.objectType));
    if (query.inspectionMethodId) conditions.push(reportsOf(visible, query.inspectionMethodId));
    if (query.dateUpdate) {
      const since = query.dateUpdate;
      conditions.push(
        or(
          gte(equipment.updatedAt, new Date(`${since}T00:00:00Z`)),
          sql`exists (select 1 from ${reports} where ${reports.equipmentNo} = ${equipment.equipmentNo}
              and ${reports.updatedAt} >= ${`${since}T00:00:00Z`}::timestamptz${visible ? sql` and ${visible}` : sql``})`,
        )!,
      );
    }
    const where = and(...conditions);
    const rows = await deps.db
      .select({ record: equipment })
      .from(equipment)
      .where(where)
      .orderBy(asc(equipment.equipmentNo), asc(equipment.id))
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize);
    const meta = await boundedPageMeta(
      deps.db,
      deps.db
        .select({ one: sql`1` })
        .from(equipment)
        .where(where),
      {
        pageNumber,
        pageSize,
        ahead: search ? countAhead.search : countAhead.list,
      },
    );
    const history = await histories(
      deps.db,
      rows.map((r) => r.record.equipmentNo as string),
      visible,
    );
    const drawings = await isometricCounts(
      deps.db,
      rows.map((r) => r.record.id),
    );
    const data: NdtEquipmentListItem[] = rows.map((r) => ({
      ...(recordView(ndtEquipment, r.record as unknown as StoredRecord) as NdtEquipmentListItem),
      isometricCount: drawings.get(r.record.id) ?? 0,
      history: history.get(r.record.equipmentNo as string) ?? [],
    }));
    return { data, meta };
  }),

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
  'ndt.equipmentIsometrics': typedAction({ query: equipmentIsometricQuery }, async ({ query, deps }) => {
    const { pageNumber, pageSize } = query;
    const where = query.equipmentNo ? eq(equipment.equipmentNo, query.equipmentNo) : undefined;
    const rows = await deps.db
      .select({ record: isometrics, equipmentNo: equipment.equipmentNo })
      .from(isometrics)
      .innerJoin(equipment, eq(equipment.id, isometrics.ndtEquipmentId))
      .where(where)
      .orderBy(asc(isometrics.fileName))
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize);
    const counted = deps.db
      .select({ one: sql`1` })
      .from(isometrics)
      .innerJoin(equipment, eq(equipment.id, isometrics.ndtEquipmentId))
      .where(where);
    const views = await recordViews(
      deps.db,
      ndtIsometric,
      rows.map((r) => r.record as unknown as StoredRecord),
    );
    return {
      data: views.map((view, i) => ({ ...view, equipmentNo: rows[i]!.equipmentNo })),
      meta: await boundedPageMeta(deps.db, counted, { pageNumber, pageSize, ahead: countAhead.list }),
    };
  }),

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
