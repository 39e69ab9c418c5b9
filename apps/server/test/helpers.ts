import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  entities,
  inspectorGrantsOf,
  methodModules,
  recordedFields,
  reportHeader,
  rowEntitiesOf,
  taskStateOf,
  techniques,
} from '@inspectra/contract';
import type { EntityDefinition, ReportMissing, ReportStatus } from '@inspectra/contract';
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import type { Database } from '../src/db/client.ts';
import { rolePermissions, roles, tableOf, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import type { FileStore } from '../src/storage/file-store.ts';
import { createLocalFileStore } from '../src/storage/local-file-store.ts';
import { adminPassword, onServer, prepare, withDatabase } from './template-database.ts';
import { createRecord, validValue } from './entity-factory.ts';

export { adminPassword };
export const jwtSecret = 'test-secret-that-is-long-enough-for-hs256!';

/**
 * The template's archive, read once per worker process into shared memory: each database's thread
 * reads it in place (PGlite only reads it), where reading the file and handing the thread a copy
 * cost about 0.5 s a file.
 */
let archive: { file: string; bytes: Promise<Uint8Array<SharedArrayBuffer>> } | undefined;
function sharedArchive(file: string) {
  if (archive?.file !== file) {
    const bytes = readFile(file).then((read) => {
      const shared = new Uint8Array(new SharedArrayBuffer(read.byteLength));
      shared.set(read);
      return shared;
    });
    archive = { file, bytes };
  }
  return archive.bytes;
}

/**
 * A fresh database for one test file, a copy of the run's template (template-database.ts): an
 * in-memory PGlite, or, when TEST_DATABASE_URL names a PostgreSQL server, a new database on it that
 * is dropped afterwards. Opening one is a copy, not a migration: a test that needs a database the
 * app has not started on changes the copy (auth.test.ts takes its users away).
 */
export async function freshDatabase(
  statementTimeoutMs?: number,
  connectVia: (url: string) => string = (url) => url,
): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject('templateDatabase');
  if (!serverUrl || !('postgresDatabase' in template)) {
    if (!('pgliteArchive' in template)) throw new Error('The template database is not PGlite');
    return openDatabase({
      pgliteDir: undefined,
      copyOf: await sharedArchive(template.pgliteArchive),
      statementTimeoutMs,
    });
  }
  const name = `inspectra_test_${randomUUID().replace(/-/g, '')}`;
  await onServer(serverUrl, `create database ${name} template ${template.postgresDatabase}`);
  const opened = await openDatabase({
    url: connectVia(withDatabase(serverUrl, name)),
    poolSize: 5,
    statementTimeoutMs,
  });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** buildApp on a fresh database and file directory, with an administrator signed in. */
export async function startTestApp(
  o: {
    maxUploadBytes?: number;
    /** Limit of documents and drawings; the photo limit when left out, as in the app. */
    maxDocumentBytes?: number;
    /** Limit of videos; the document limit when left out, as in the app. */
    maxVideoBytes?: number;
    webDir?: string;
    statementTimeoutMs?: number;
    /** Extra routes a test needs beside the API's, added before the app is ready. */
    routes?: (app: FastifyInstance) => void;
    /** The server's logger, for a test that reads the log (a pino destination stream). */
    logger?: FastifyServerOptions['logger'];
    /** Another store than a fresh local directory (object storage). */
    files?: FileStore;
    /** On PostgreSQL, the address the server reaches its database by (a relay a test can cut). */
    connectVia?: (url: string) => string;
  } = {},
) {
  const database = await freshDatabase(o.statementTimeoutMs, o.connectVia);
  const filesDir = await mkdtemp(path.join(os.tmpdir(), 'inspectra-files-'));
  const files = o.files ?? (await createLocalFileStore(filesDir));
  // As the server does at start (main.ts): the template has done it, so this finds it done.
  await prepare(database);
  const app = await buildApp({
    database,
    files,
    jwtSecret,
    maxUploadBytes: o.maxUploadBytes ?? 1024 * 1024,
    maxDocumentBytes: o.maxDocumentBytes,
    maxVideoBytes: o.maxVideoBytes,
    // TEST_LOG=1 shows what the server logs (500s above all) while debugging a test.
    logger: o.logger ?? (process.env.TEST_LOG ? { level: 'error' } : false),
    webDir: o.webDir,
  });
  o.routes?.(app);
  await app.ready();

  const inject = (options: InjectOptions) => app.inject(options);
  const login = async (username = 'admin', password = adminPassword, ip = '127.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      remoteAddress: ip,
    });
  const adminTokens = (await login()).json().data as { accessToken: string; refreshToken: string };

  /**
   * A request as the administrator (or with `token`), answering status and parsed envelope. The
   * payload is sent as JSON, or as multipart when it is a `multipart()` form.
   */
  const call = async (
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    token = adminTokens.accessToken,
  ) => {
    const authorization = `Bearer ${token}`;
    const res = await app.inject({
      method,
      url,
      ...(payload instanceof MultipartForm
        ? { payload: payload.payload, headers: { ...payload.headers, authorization } }
        : {
            headers: { authorization },
            ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
          }),
    });
    return { status: res.statusCode, body: parse(res), res };
  };

  return {
    app,
    db: database.db,
    database,
    files,
    filesDir,
    inject,
    login,
    call,
    adminTokens,
    close: async () => {
      await app.close();
      await database.close();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

function parse(res: LightMyRequestResponse): any {
  try {
    return res.json();
  } catch {
    return res.body;
  }
}

let sequence = 0;
/** A value no other call of the run has made: names, numbers and codes that must not repeat. */
export const unique = () => `${Date.now().toString(36)}-${++sequence}`;

let ipSequence = 0;
/** A distinct client address per call, so the sign-in throttling of one test never touches another's. */
export const nextIp = () => `10.77.${Math.floor(++ipSequence / 250)}.${(ipSequence % 250) + 1}`;

/** The id of a standard role (modules/users/standard-roles.ts) by its name: 'Inspector', 'Reviewer'… */
export async function standardRoleId(t: TestApp, name: string): Promise<string> {
  const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!role) throw new Error(`No standard role named ${name}`);
  return role.id;
}

/**
 * A user inserted directly (there is no user API yet), with the administrators' role unless told
 * (`roleId`, or `role`: a standard role's name), and the password to sign in with. The
 * administrator is never named as an inspector: a user to name is made with `createInspector`.
 */
export async function createUser(
  t: TestApp,
  o: { username?: string; password?: string; isActive?: boolean; roleId?: string; role?: string } = {},
) {
  const username = o.username ?? `user-${unique()}`;
  const password = o.password ?? `pw-${randomUUID()}`;
  const roleId =
    o.roleId ??
    (o.role
      ? await standardRoleId(t, o.role)
      : (await t.db.select().from(roles).where(eq(roles.isAdministrator, true)))[0]!.id);
  const [row] = await t.db
    .insert(users)
    .values({
      username,
      fullName: `Test ${username}`,
      passwordHash: await hashPassword(password),
      roleId,
      isActive: o.isActive ?? true,
    })
    .returning();
  return { id: row!.id, username, password };
}

/** A user of the standard Inspector role: one who may be named as an inspector of every method. */
export const createInspector = (
  t: TestApp,
  o: { username?: string; password?: string; isActive?: boolean } = {},
) => createUser(t, { ...o, role: 'Inspector' });

/**
 * The grants that let a role's users be named as inspectors of these methods (every method of the
 * catalogue unless told): `inspectorGrantsOf`, for a test's own narrow roles.
 */
export function inspectingGrants(
  methods: readonly string[] = methodModules,
): { module: string; action: string }[] {
  const keyed = new Map(
    methods.flatMap(inspectorGrantsOf).map((g) => [`${g.module}.${g.action}`, g] as const),
  );
  return [...keyed.values()];
}

/** A role granting exactly these permissions (none: a role that may do nothing). */
export async function createRole(t: TestApp, grants: { module: string; action: string }[], name = 'role') {
  const [role] = await t.db
    .insert(roles)
    .values({ name: `${name}-${randomUUID()}` })
    .returning();
  if (grants.length > 0)
    await t.db.insert(rolePermissions).values(grants.map((g) => ({ roleId: role!.id, ...g })));
  return role!;
}

/**
 * Another administrator: the reviewer of reports the test's administrator wrote, since nobody
 * approves or returns their own report (docs/approvals.md).
 */
export async function createApprover(t: TestApp): Promise<{ id: string; token: string }> {
  const approver = await createUser(t);
  const signedIn = await t.login(approver.username, approver.password, nextIp());
  return { id: approver.id, token: signedIn.json().data.accessToken as string };
}

export const approverToken = async (t: TestApp) => (await createApprover(t)).token;

/**
 * A two-level approval path for `method`, with `reviewerId` holding its position and assigned at
 * both levels: a report of that method stays in review after its first approval.
 */
export async function setTwoLevelPath(t: TestApp, method: string, reviewerId: string) {
  const position = `Reviewer ${unique()}`;
  await t.call('POST', '/api/reviewer-assignment/position-level-approval', { name: position });
  await t.db.update(users).set({ approvalPosition: position }).where(eq(users.id, reviewerId));
  const settings = await t.call('GET', '/api/inspection-method-approvals/get-settings');
  const { inspectionMethodId } = settings.body.data.find(
    (m: { inspectionMethod: string }) => m.inspectionMethod === method,
  );
  const levels = [1, 2].map((levelApproval) => ({ levelApproval, approvalPosition: position }));
  const path = await t.call('POST', '/api/inspection-method-approvals/upsert-many', {
    inspectionMethodId,
    levels,
  });
  if (path.status !== 200) throw new Error(`approval path: ${path.status} ${JSON.stringify(path.body)}`);
  for (const levelApproval of [1, 2]) {
    const r = await t.call('POST', '/api/reviewer-assignment/assign-user', {
      inspectionMethod: method,
      levelApproval,
      userPdmIds: [reviewerId],
    });
    if (r.status !== 200) throw new Error(`reviewer: ${r.status} ${JSON.stringify(r.body)}`);
  }
}

/** Factories: each creates a record through the API and returns its view. */
export async function createWorkOrder(t: TestApp, overrides: Record<string, unknown> = {}) {
  const r = await t.call('POST', '/api/work-order-spks', {
    woNumber: `WO-${unique()}`,
    title: 'Thermography survey',
    ...overrides,
  });
  if (r.status !== 201) throw new Error(`work order: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** A piece of equipment in the asset master (an electrical panel unless told otherwise). */
export async function createEquipment(t: TestApp, overrides: Record<string, unknown> = {}) {
  const id = unique();
  const r = await t.call('POST', '/api/asset', {
    equipmentNo: `EQ-${id}`,
    tagNumber: `LP-${id}`,
    description: 'Lighting panel',
    categoryCode: 'electrical',
    objectTypeCode: 'EL-PANEL',
    ...overrides,
  });
  if (r.status !== 201) throw new Error(`equipment: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/**
 * A report on a new piece of equipment, by the thermal method unless told otherwise. An object type
 * or category given names the equipment's too (`objectType: 'PIPE-PROC'`, `equipmentCategory: 'pipe'`).
 */
export async function createReportHeader(t: TestApp, overrides: Record<string, unknown> = {}) {
  const workOrderSPKId = overrides.workOrderSPKId ?? (await createWorkOrder(t)).id;
  const equipmentNo =
    overrides.equipmentNo ??
    (
      await createEquipment(t, {
        ...(overrides.objectType ? { objectTypeCode: overrides.objectType } : {}),
        ...(overrides.equipmentCategory ? { categoryCode: overrides.equipmentCategory } : {}),
      })
    ).equipmentNo;
  const r = await t.call('POST', '/api/report-headers', {
    workOrderSPKId,
    reportNumber: `RPT-${unique()}`,
    title: 'Panel LP-3A',
    equipmentNo,
    inspectionMethod: 'thermal',
    ...overrides,
  });
  if (r.status !== 201) throw new Error(`report header: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

export async function createThermalAnalysis(t: TestApp, overrides: Record<string, unknown> = {}) {
  const reportHeaderId = overrides.reportHeaderId ?? (await createReportHeader(t)).id;
  const r = await t.call('POST', '/api/thermal-analysis', { reportHeaderId, ...overrides });
  if (r.status !== 201) throw new Error(`thermal analysis: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** A measurement of the analysis; with `files` (`thermalImage`, …), sent as a multipart form. */
export async function createThermalMeasurement(
  t: TestApp,
  thermalAnalysisId: string,
  overrides: Record<string, unknown> = {},
  files?: Record<string, FilePart>,
) {
  const values = {
    thermalAnalysisId,
    date: '2026-11-20',
    component: 'Phase R lug',
    maxTemperatureC: 50,
    referenceTemperatureC: 40,
    ...overrides,
  };
  const r = await t.call(
    'POST',
    '/api/thermal-measurements',
    files
      ? multipart(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])), files)
      : values,
  );
  if (r.status !== 201) throw new Error(`thermal measurement: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

export type FilePart = { name: string; type: string; bytes: Buffer };

/**
 * Gives a report what its method requires before it may be submitted (docs/report-status.md
 * "Completeness"), as the server's readiness answer lists it, from the declarations alone: each
 * missing record is made by the entity factory with only its required values (the report's
 * inspection, made when it has none, a row under it holding a value that records it, a supporting
 * document), so a new technique needs nothing here. Nothing when it is complete, so it may be
 * called before every submission. Tests of other things submit through it.
 */
export async function completeForSubmission(t: TestApp, reportHeaderId: string) {
  const readiness = await t.call('GET', `/api/report-headers/${reportHeaderId}/readiness`);
  // A report the caller cannot read (an unknown id, a malformed one): the submission answers for itself.
  if (readiness.status !== 200) return;
  for (const missing of readiness.body.data.missing as ReportMissing[]) {
    const entity = entities[missing.entity];
    if (!entity?.parent) throw new Error(`completeForSubmission: cannot add ${JSON.stringify(missing)}`);
    for (let n = missing.found; n < missing.min; n++) {
      const parent = entity.fields[entity.parent];
      // An inspection (an MCSA test) or a document hangs off the report; rows under an inspection.
      if (parent?.kind === 'ref' && parent.entity === reportHeader.name)
        await createRecord(t, entity, entity.variants?.[0], { [entity.parent]: reportHeaderId }, 'required');
      else await createRecordedRow(t, reportHeaderId, missing, entity);
    }
  }
}

/**
 * The access token of a new user of a new contractor company, holding `role` (Contractor inspector
 * unless told): a caller whose reads are its company's scope.
 */
export async function contractorToken(t: TestApp, role = 'Contractor inspector'): Promise<string> {
  const company = await t.call(
    'POST',
    '/api/contractor-company',
    multipart({ ContractorName: `C-${unique()}` }),
  );
  if (company.status !== 201) throw new Error(`company: ${company.status} ${JSON.stringify(company.body)}`);
  const user = await createUser(t, { roleId: await standardRoleId(t, role) });
  await t.db.update(users).set({ contractorCompanyId: company.body.data.id }).where(eq(users.id, user.id));
  return (await t.login(user.username, user.password)).json().data.accessToken as string;
}

/**
 * A contractor company's user with `grants` and inspecting by `inspectionMethod`, holding that
 * method's task on a new work order: the reports under that work order are its company's, others not.
 */
export async function contractorOnWorkOrder(
  t: TestApp,
  grants: { module: string; action: string }[],
  inspectionMethod = 'thermal',
) {
  const role = await createRole(t, [...grants, ...inspectingGrants([inspectionMethod])]);
  const company = await t.call(
    'POST',
    '/api/contractor-company',
    multipart({ ContractorName: `C-${unique()}` }),
  );
  if (company.status !== 201) throw new Error(`company: ${company.status} ${JSON.stringify(company.body)}`);
  const user = await createUser(t, { roleId: role.id });
  await t.db.update(users).set({ contractorCompanyId: company.body.data.id }).where(eq(users.id, user.id));
  const token = (await t.login(user.username, user.password)).json().data.accessToken as string;
  const workOrder = await createWorkOrder(t);
  const assigned = await t.call('POST', '/api/wo-task-assignments', {
    workOrderSPKId: workOrder.id,
    inspectionMethod,
    userPDMIds: [user.id],
  });
  if (assigned.status !== 201) throw new Error(`task: ${assigned.status} ${JSON.stringify(assigned.body)}`);
  return { user, token, workOrderId: workOrder.id as string };
}

/**
 * A report made complete, submitted by the administrator who wrote it and approved by another
 * (`approverToken`, on a one-level path): a report of record.
 */
export async function approveReport(t: TestApp, reportHeaderId: string, approverToken: string) {
  await completeForSubmission(t, reportHeaderId);
  const move = (status: string, token?: string) =>
    t.call(
      'PUT',
      `/api/report-headers/update-report-status/${reportHeaderId}?status=${status}`,
      undefined,
      token,
    );
  const submitted = await move('submitted');
  if (submitted.status !== 200)
    throw new Error(`submit: ${submitted.status} ${JSON.stringify(submitted.body)}`);
  const approved = await move('approved', approverToken);
  if (approved.status !== 200)
    throw new Error(`approve: ${approved.status} ${JSON.stringify(approved.body)}`);
}

/**
 * A row of `rows` under the report's inspection of its technique (made when the report has none, of
 * a class holding such rows), with a value in the first field that records it (`recordedFields`):
 * a row a template starts blank does not count until one is filled.
 */
async function createRecordedRow(
  t: TestApp,
  reportHeaderId: string,
  missing: ReportMissing,
  rows: EntityDefinition,
) {
  const technique = techniques.find((x) => x.module === missing.technique);
  const inspection = technique?.workspace?.inspection;
  if (!technique || !inspection?.parent)
    throw new Error(`completeForSubmission: no inspection for ${rows.name}`);
  const holding = (variant: string) => rowEntitiesOf(technique, variant).includes(rows);
  const table = tableOf(inspection) as unknown as Record<string, AnyPgColumn> & PgTable;
  const [found] = (await t.db.select().from(table).where(eq(table[inspection.parent]!, reportHeaderId))) as {
    id: string;
    variant?: string;
  }[];
  const made =
    found && (!found.variant || holding(found.variant))
      ? found
      : await createRecord(
          t,
          inspection,
          inspection.variants?.find(holding),
          { [inspection.parent]: reportHeaderId },
          'required',
        );
  const recorded = recordedFields(technique, rows)?.[0];
  await createRecord(
    t,
    rows,
    made.variant ?? undefined,
    {
      [rows.parent!]: made.id,
      ...(recorded ? { [recorded]: validValue(recorded, rows.fields[recorded]!, 'recorded') } : {}),
    },
    'required',
  );
}

/** One part of a multipart body: a text value or a file, under its field's name. */
export type FormPart = { name: string; value: string } | { name: string; file: FilePart };

/**
 * A multipart body as a browser would send it: text fields, then files, or the parts in the order
 * given (a browser's FormData, a name as often as it comes). A list of values or files under one
 * name sends each as its own part with that name (the photos of an image list).
 */
export class MultipartForm {
  readonly payload: Buffer;
  readonly headers: Record<string, string>;

  constructor(
    fields: Record<string, string | string[]> | readonly FormPart[],
    files: Record<string, FilePart | FilePart[]> = {},
  ) {
    const each = <T>(entries: Record<string, T | T[]>) =>
      Object.entries(entries).flatMap(([name, values]) =>
        (Array.isArray(values) ? values : [values]).map((value) => [name, value] as const),
      );
    const parts: readonly FormPart[] = isPartList(fields)
      ? fields
      : [
          ...each(fields).map(([name, value]) => ({ name, value })),
          ...each(files).map(([name, file]) => ({ name, file })),
        ];
    const boundary = `----inspectra${randomUUID()}`;
    const chunks: Buffer[] = [];
    for (const part of parts) {
      if ('value' in part) {
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
          ),
        );
      } else {
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.file.name}"\r\nContent-Type: ${part.file.type}\r\n\r\n`,
          ),
          part.file.bytes,
          Buffer.from('\r\n'),
        );
      }
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    this.payload = Buffer.concat(chunks);
    this.headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  }
}

const isPartList = (fields: object): fields is readonly FormPart[] => Array.isArray(fields);

export const multipart = (...args: ConstructorParameters<typeof MultipartForm>) => new MultipartForm(...args);

/** A real 2×2 PNG and a real 1×1 JPEG. */
export const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
export const jpegBytes = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/**
 * What the database keeps beside the rows (migrations 0020, 0023, 0024, 0026, 0032), read again from the
 * rows themselves: the reports per method and status, the open assignments per method, every
 * assignment's state (by the contract's `taskStateOf`, not the database's function), its copies of
 * its work order, and its rows per inspector in `inspector_task`. Equal when the triggers kept up.
 */
export async function keptCounts(t: TestApp) {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await t.db.execute(query)).rows as T[];
  const byKey = (list: { key: string; n: number }[]) =>
    Object.fromEntries(list.filter((r) => Number(r.n) !== 0).map((r) => [r.key, Number(r.n)]));
  const copies = await rows<{ id: string; kept: string; copied: string }>(sql`
    select a.id, json_build_array(a.wo_number, a.wo_title, a.tag_number, a.equipment_category,
        a.planned_start, a.planned_finish)::text as kept,
      json_build_array(w.wo_number, w.title, w.tag_number, w.equipment_category,
        w.date_start, w.date_end)::text as copied
    from wo_task_assignment a join work_order_spk w on w.id = a.work_order_spkid`);
  const tasks = await rows<{ id: string; state: string; statuses: ReportStatus[] }>(sql`
    select a.id, a.state, array_remove(array_agg(r.status), null) as statuses
    from wo_task_assignment a left join report_header r
      on r.work_order_spkid = a.work_order_spkid and r.inspection_method = a.inspection_method
    group by a.id, a.state`);
  const byInspector = async (query: ReturnType<typeof sql>) =>
    Object.fromEntries((await rows<{ key: string; row: string }>(query)).map((r) => [r.key, r.row] as const));
  return {
    kept: {
      inspectors: await byInspector(sql`select t.assignment_id || ' ' || t.user_id as key,
          json_build_array(t.planned_finish, t.wo_number, t.inspection_method, t.state, t.planned_from,
            t.planned_to, t.equipment_category, t.search_text, t.long_title)::text as row
        from inspector_task t`),
      reports: byKey(
        await rows(sql`select inspection_method || ' ' || status as key, n from report_status_count`),
      ),
      open: byKey(await rows(sql`select inspection_method as key, n from open_assignment_count`)),
      states: Object.fromEntries(tasks.map((task) => [task.id, task.state])),
      workOrders: Object.fromEntries(copies.map((c) => [c.id, c.kept])),
    },
    counted: {
      inspectors: await byInspector(sql`select distinct a.id || ' ' || u.id as key,
          json_build_array(a.planned_finish, a.wo_number, a.inspection_method, a.state,
            coalesce(a.planned_start, a.planned_finish), coalesce(a.planned_finish, a.planned_start),
            a.equipment_category,
            lower(concat_ws(chr(10), a.wo_number, a.tag_number,
              (select e.equipment_no from equipment e where e.tag_number = a.tag_number),
              case when octet_length(a.wo_title) <= 800 then a.wo_title end)),
            octet_length(a.wo_title) > 800)::text as row
        from wo_task_assignment a, jsonb_array_elements_text(a.user_pdmids) u(id)`),
      reports: byKey(
        await rows(sql`select inspection_method || ' ' || status as key, count(*) as n
          from report_header group by 1`),
      ),
      open: byKey(
        await rows(sql`select a.inspection_method as key, count(*) as n from wo_task_assignment a
          join work_order_spk w on w.id = a.work_order_spkid
          where w.status not in ('completed', 'cancelled') group by 1`),
      ),
      states: Object.fromEntries(tasks.map((task) => [task.id, taskStateOf(task.statuses)])),
      workOrders: Object.fromEntries(copies.map((c) => [c.id, c.copied])),
    },
  };
}

/** The statements of the committed migration whose name ends so (`_approval_position_references`). */
export async function migrationStatements(nameEnd: string): Promise<string[]> {
  const folder = new URL('../drizzle/', import.meta.url);
  const file = (await readdir(folder)).find((name) => name.endsWith(`${nameEnd}.sql`));
  if (!file) throw new Error(`No migration ends with ${nameEnd}`);
  return (await readFile(new URL(file, folder), 'utf8'))
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim());
}
