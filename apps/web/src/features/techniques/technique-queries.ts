import { maxPageSize } from '@inspectra/contract';
import type { EntityDefinition, PageMeta, TechniqueDefinition, WorkspaceList } from '@inspectra/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/calls.ts';
import { firstPageSize } from '../../engine/EntityTable.tsx';
import type { EntityPage, EntityPageFetcher, EntityPageRequest } from '../../engine/EntityTable.tsx';
import { answerWhenNew } from '../../engine/offline-queue/queued-mark.ts';
import { callTechnique } from './technique-client.ts';
import { findRoute, idArguments, requireRoute } from './technique-routes.ts';
import type { RouteOf } from './technique-routes.ts';

export type TechniqueRecord = Record<string, unknown> & { id: string; version: number };

/** Where a workspace is: which technique, on which report, for which equipment class. */
export type WorkspaceScope = {
  technique: TechniqueDefinition;
  reportId: string;
  /** The equipment class; undefined for a technique without variants. */
  variant: string | undefined;
};

/** The technique's inspection entity (present on every technique with a workspace). */
export function inspectionOf(technique: TechniqueDefinition): EntityDefinition {
  const workspace = technique.workspace;
  if (!workspace) throw new Error(`${technique.module} has no workspace`);
  return workspace.inspection;
}

/**
 * The kinds of row under an inspection of this variant, each shown in its own panel: the main rows
 * (graded, counted) first, then the technique's other lists (`workspace.lists`) its variant holds.
 */
export function rowKinds(technique: TechniqueDefinition, variant: string | undefined): WorkspaceList[] {
  const workspace = technique.workspace;
  const held = workspace?.rowsVariants;
  return [
    ...(workspace?.rows && (!held || held.includes(variant ?? '')) ? [{ entity: workspace.rows }] : []),
    ...(workspace?.lists ?? []).filter((l) => !l.variants || l.variants.includes(variant ?? '')),
  ];
}

/** The kind of row an address names (`?list=`, an entity's name), the main rows when it names none. */
export function rowKind(technique: TechniqueDefinition, name: string | undefined): WorkspaceList | undefined {
  const workspace = technique.workspace;
  if (!name || name === workspace?.rows?.name) return workspace?.rows && { entity: workspace.rows };
  return workspace?.lists?.find((l) => l.entity.name === name);
}

/** Whether these rows are the technique's main rows: the ones graded, profiled and counted. */
export const isMainRows = (technique: TechniqueDefinition, entity: EntityDefinition) =>
  technique.workspace?.rows === entity;

/** Every query of a technique on a report starts with this: one invalidation refreshes them all. */
export const techniqueKey = (technique: TechniqueDefinition, reportId: string) =>
  ['technique', technique.module, reportId] as const;

const scopeKey = (s: WorkspaceScope) => [...techniqueKey(s.technique, s.reportId), s.variant ?? ''] as const;

/** Records a whole-list read asks for per call: the most a paged call gives (`maxPageSize`). */
const wholeListPage = maxPageSize;

/**
 * Most records a whole-list read gathers, page by page (so at most ten calls): a profile or a
 * gallery of more says how many it shows of how many (`WholeList.complete`), never drops the rest
 * in silence; the table beside it pages through every one.
 */
export const wholeListBound = 2_000;

/**
 * Every row of a list, or the first `wholeListBound` of them: `totalCount` is how many the list
 * holds (a lower bound when `totalCountExact` is false), `complete` whether `records` are all of them.
 */
export type WholeList = {
  records: TechniqueRecord[];
  totalCount: number;
  totalCountExact: boolean;
  complete: boolean;
};

/**
 * Reads a by-parent list whole. A paged call is read page after page until the list ends or the
 * bound is reached; an unpaged call answers whole (or refuses, past the server's own limit).
 */
async function listAll(
  s: WorkspaceScope,
  entity: EntityDefinition,
  parentId: string,
  signal?: AbortSignal,
): Promise<WholeList> {
  const route = findRoute(s.technique, 'listByParent', entity, s.variant);
  // A record one per parent read by its own call (vibration's flow rate performance): none or one.
  if (!route) {
    const one = requireRoute(s.technique, 'getByParent', entity, s.variant);
    const { data } = await callTechnique<TechniqueRecord | null>(s.technique, one, {
      query: { [one.operation.parentParam]: parentId },
      signal,
    });
    return whole(data ? [data] : []);
  }
  const read = (paging: { pageNumber: number; pageSize: number } | object) =>
    callTechnique<TechniqueRecord[]>(s.technique, route, {
      query: { [route.operation.parentParam]: parentId, ...paging },
      signal,
    });
  // A call over every variant answers them all: the scope's class only.
  const ofScope = (records: TechniqueRecord[]) =>
    route.operation.everyVariant ? records.filter((r) => r.variant === s.variant) : records;
  if (!route.operation.paged) return whole(ofScope((await read({})).data));
  const records: TechniqueRecord[] = [];
  let meta: PageMeta | undefined;
  for (let pageNumber = 1; records.length < wholeListBound; pageNumber++) {
    const envelope = await read({ pageNumber, pageSize: wholeListPage });
    records.push(...envelope.data);
    meta = envelope.meta;
    // A short page is the list's last; so is the page the count says is last.
    if (envelope.data.length < wholeListPage || (meta?.totalCountExact && records.length >= meta.totalCount))
      break;
  }
  const totalCountExact = meta?.totalCountExact ?? true;
  const totalCount = Math.max(meta?.totalCount ?? records.length, records.length);
  const complete = totalCountExact ? records.length >= totalCount : records.length < wholeListBound;
  if (complete) return whole(ofScope(records));
  return { records: ofScope(records), totalCount, totalCountExact, complete };
}

const whole = (records: TechniqueRecord[]): WholeList => ({
  records,
  totalCount: records.length,
  totalCountExact: true,
  complete: true,
});

async function readSingle(s: WorkspaceScope, signal?: AbortSignal): Promise<TechniqueRecord | null> {
  const entity = inspectionOf(s.technique);
  // One per report and class read from a call listing every class (flowrate's by-report).
  if (!findRoute(s.technique, 'getByParent', entity, s.variant))
    return (await listAll(s, entity, s.reportId, signal)).records[0] ?? null;
  const route = requireRoute(s.technique, 'getByParent', entity, s.variant);
  const envelope = await callTechnique<TechniqueRecord | null>(s.technique, route, {
    query: { [route.operation.parentParam]: s.reportId },
    signal,
  });
  return envelope.data;
}

export const techniqueQueries = {
  /**
   * An inspection's rows per level of the finding grade, counted by the server (the report's
   * technique figures), under the technique's key so that saving or removing a row recounts them.
   */
  gradeCounts: (s: WorkspaceScope, inspectionId: string) =>
    queryOptions({
      queryKey: [...techniqueKey(s.technique, s.reportId), 'figures'],
      queryFn: async ({ signal }) =>
        (await callApi('GET /report-headers/:id/techniques', { params: { id: s.reportId }, signal })).data,
      select: (summaries) =>
        summaries
          .filter((summary) => summary.technique === s.technique.module)
          .flatMap((summary) => summary.perInspection)
          .find((one) => one.id === inspectionId),
    }),
  /** The one inspection of the report (VCI: created on this first read), or null when none yet. */
  single: (s: WorkspaceScope) =>
    queryOptions({
      queryKey: [...scopeKey(s), 'inspection'],
      queryFn: ({ signal }) => readSingle(s, signal),
    }),
  /** The report's inspections, when a report may have several (walkthrough). */
  several: (s: WorkspaceScope) =>
    queryOptions({
      queryKey: [...scopeKey(s), 'inspections'],
      queryFn: async ({ signal }) =>
        (await listAll(s, inspectionOf(s.technique), s.reportId, signal)).records,
    }),
  /** Every row of one kind under an inspection (the main rows unless named): a profile, a gallery. */
  rows: (s: WorkspaceScope, inspectionId: string, entity: EntityDefinition = mainRows(s)) =>
    queryOptions({
      queryKey: [...rowsKey(s, inspectionId, entity), 'all'],
      queryFn: ({ signal }) => listAll(s, entity, inspectionId, signal),
      // Under an inspection made offline: none on the server yet (the queued ones laid over).
      meta: answerWhenNew(whole([])),
    }),
  /** One row, by the technique's own read call when it has one, else from its inspection's rows. */
  row: (s: WorkspaceScope, inspectionId: string, rowId: string, entity: EntityDefinition = mainRows(s)) =>
    queryOptions({
      queryKey: [...rowsKey(s, inspectionId, entity), 'one', rowId],
      queryFn: ({ signal }) => loadRow(s, inspectionId, rowId, signal, entity),
    }),
};

/**
 * The first page of an inspection's rows as the workspace's table first asks for it (its first page
 * size, no search, sort or filter): what taking a task offline loads, so the table opens without a
 * network.
 */
export const firstRowsPage = (s: WorkspaceScope, inspectionId: string, entity: EntityDefinition) => {
  const request: EntityPageRequest = { pageNumber: 1, pageSize: firstPageSize };
  return queryOptions({
    queryKey: [...rowsKey(s, inspectionId, entity), 'page', request],
    queryFn: () => rowPages(s, inspectionId, entity)(request),
  });
};

const mainRows = (s: WorkspaceScope) => s.technique.workspace!.rows!;

/** Query-key prefix of an inspection's rows of one kind (table pages included). */
export const rowsKey = (s: WorkspaceScope, inspectionId: string, entity: EntityDefinition = mainRows(s)) => [
  ...scopeKey(s),
  'rows',
  inspectionId,
  entity.name,
];

/** A row as stored now, or undefined when it is gone. */
export async function loadRow(
  s: WorkspaceScope,
  inspectionId: string,
  rowId: string,
  signal?: AbortSignal,
  rows: EntityDefinition = mainRows(s),
): Promise<TechniqueRecord | null> {
  const get = findRoute(s.technique, 'get', rows, s.variant);
  if (get) {
    const envelope = await callTechnique<TechniqueRecord>(s.technique, get, {
      ...idArguments(get, rowId),
      signal,
    });
    return envelope.data;
  }
  // A paged list taking `?id=` (ultrasound's measurements): that row, if it is this inspection's.
  const list = findRoute(s.technique, 'list', rows, s.variant);
  if (list) {
    const envelope = await callTechnique<TechniqueRecord[]>(s.technique, list, {
      query: { id: rowId, pageNumber: 1, pageSize: 1 },
      signal,
    });
    return envelope.data.find((r) => r.id === rowId && r[rows.parent!] === inspectionId) ?? null;
  }
  const all = await listAll(s, rows, inspectionId, signal);
  return all.records.find((r) => r.id === rowId) ?? null;
}

/**
 * An inspection of the report as stored now (the one of a row form, or after a refused save), read
 * by whichever call the technique has; undefined when there is none.
 */
export async function loadInspection(s: WorkspaceScope, id: string): Promise<TechniqueRecord | undefined> {
  const entity = inspectionOf(s.technique);
  if (entity.uniquePerParent) return (await readSingle(s)) ?? undefined;
  if (!id) return undefined;
  const list = findRoute(s.technique, 'list', entity, s.variant);
  if (list) {
    const envelope = await callTechnique<TechniqueRecord[]>(s.technique, list, {
      query: { id, pageNumber: 1, pageSize: 1 },
    });
    // Only an inspection of this report: an address naming another report's is no way into it.
    return envelope.data.find((r) => r.id === id && r[entity.parent!] === s.reportId);
  }
  return (await listAll(s, entity, s.reportId)).records.find((r) => r.id === id);
}

/**
 * A page fetcher over an inspection's rows for EntityTable: the server pages when the call is paged
 * (and then sorts and filters as the table asks, as any list call does); otherwise the whole list (a
 * by-parent read) is paged here.
 */
export function rowPages(
  s: WorkspaceScope,
  inspectionId: string,
  rows: EntityDefinition = mainRows(s),
): EntityPageFetcher {
  // A paged list call that narrows to one inspection (SRUT's summaries) serves the table best: the
  // server pages, and its other filters ("only those located and sized") are offered.
  const list = findRoute(s.technique, 'list', rows, s.variant);
  const byParent = Object.entries(list?.operation.filters ?? {}).find(
    ([, f]) => f.op === 'eq' && f.field === rows.parent,
  );
  if (list && byParent) return pagedFetcher(s, list, { [byParent[0]]: inspectionId });
  const route = findRoute(s.technique, 'listByParent', rows, s.variant);
  if (route?.operation.paged) return pagedFetcher(s, route, { [route.operation.parentParam]: inspectionId });
  return async (request: EntityPageRequest): Promise<EntityPage> => {
    // The whole list of a by-parent read (or the one record of a parent), paged here.
    const { records } = await listAll(s, rows, inspectionId);
    const start = (request.pageNumber - 1) * request.pageSize;
    return {
      records: records.slice(start, start + request.pageSize),
      meta: onePage(records.length, request),
    };
  };
}

/** Pages read from the server, the inspection named by `parent` whatever the table's filters say. */
function pagedFetcher(
  s: WorkspaceScope,
  route: RouteOf<'list'> | RouteOf<'listByParent'>,
  parent: Record<string, string>,
): EntityPageFetcher {
  const fetchPage = async ({ filters, ...request }: EntityPageRequest): Promise<EntityPage> => {
    const envelope = await callTechnique<TechniqueRecord[]>(s.technique, route, {
      query: { ...filters, ...parent, ...request },
    });
    return { records: envelope.data, meta: envelope.meta ?? onePage(envelope.data.length, request) };
  };
  return Object.assign(fetchPage, { route, fixedParams: Object.keys(parent) });
}

function onePage(total: number, request: EntityPageRequest): PageMeta {
  return {
    pageNumber: request.pageNumber,
    pageSize: request.pageSize,
    totalCount: total,
    totalPages: Math.max(1, Math.ceil(total / request.pageSize)),
    totalCountExact: true,
  };
}

/**
 * What the report page shows of each technique on a report (rows, worst finding, files), in one
 * call for them all; read afresh whenever the page is shown, since the workspace changes it.
 */
export function useReportTechniques(reportId: string, enabled = true) {
  return useQuery({ ...reportTechniquesQuery(reportId), enabled });
}

export const reportTechniquesQuery = (reportId: string) =>
  queryOptions({
    queryKey: ['report', reportId, 'techniques'],
    queryFn: async ({ signal }) =>
      (await callApi('GET /report-headers/:id/techniques', { params: { id: reportId }, signal })).data,
    staleTime: 0,
  });
