/**
 * Row templates (docs/architecture-engine.md, "Row templates and call messages"): the rows a new
 * parent starts with, written by the engine in the parent's create transaction. Proven on a pump's
 * flowrate inspection, whose test is run as numbered attempts: the template is declared in this
 * test's app only (beside test-only create routes), so the product's own calls are unchanged.
 */
import {
  checkRowTemplate,
  d,
  equipment,
  flowrateInspection,
  flowrateMeasurement,
  inspectionPoint,
  op,
  route,
} from '@inspectra/contract';
import ExcelJS from 'exceljs';
import type { RouteDefinition } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeNotes } from '../src/engine/openapi-bodies.ts';
import { AppError } from '../src/errors.ts';
import { MultipartForm, createReportHeader, unique } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { startWithTestRoutes } from './test-routes.ts';

const tag = 'Test only';
const pump = { variant: 'rotating-equipment' };
const testRoutes: RouteDefinition[] = [
  route('POST', '/test-only/pump-flowrate', op.create(flowrateInspection, 'json', pump), {
    summary: 'A pump’s flowrate inspection, starting with its attempts',
    tag,
  }),
  route('POST', '/test-only/pipe-flowrate', op.create(flowrateInspection, 'json', { variant: 'pipe' }), {
    summary: 'A line’s flowrate inspection (no template of its class)',
    tag,
  }),
  route(
    'GET',
    '/test-only/pump-flowrate/by-report',
    op.getByParent(flowrateInspection, 'reportHeaderId', { ...pump, createIfMissing: true }),
    { summary: 'A pump’s flowrate inspection, made on the first read', tag },
  ),
  route('POST', '/test-only/equipment/upsert', op.upsert(equipment), {
    summary: 'An item of equipment by its number, starting with its bearing points',
    tag,
  }),
  route('POST', '/test-only/equipment/import', op.importSheet(equipment), {
    summary: 'Items of equipment from a sheet, each new one starting with its bearing points',
    tag,
  }),
];

/** Three attempts at every pump; a fourth at the rated flow when one is given; a refused ninth. */
const templates = [
  checkRowTemplate({
    parent: flowrateInspection,
    rows: flowrateMeasurement,
    variants: ['rotating-equipment'],
    items: [{ attemp: 1 }, { attemp: 2 }, { attemp: 3, remarks: 'Valve fully open' }],
  }),
  checkRowTemplate({
    parent: flowrateInspection,
    rows: flowrateMeasurement,
    variants: ['rotating-equipment'],
    when: d.gt(d.field('ratedFlowGPM'), d.number(0)),
    fromParent: { flowrateGPM: 'ratedFlowGPM' },
    items: [{ attemp: 4, remarks: 'At the rated flow' }],
  }),
  checkRowTemplate({
    parent: flowrateInspection,
    rows: flowrateMeasurement,
    variants: ['rotating-equipment'],
    when: d.mentions('equipmentName', ['REFUSED']),
    items: [{ attemp: 9 }],
  }),
  // Keyed writes create too: a new item of equipment starts with its bearing points.
  checkRowTemplate({
    parent: equipment,
    rows: inspectionPoint,
    items: [
      { pointCode: 'DE', description: 'Drive end bearing' },
      { pointCode: 'NDE', description: 'Non-drive end bearing' },
    ],
  }),
];

let t: TestApp;
beforeAll(async () => {
  t = await startWithTestRoutes(testRoutes, {
    rowTemplates: templates,
    // The module's check runs on a template's rows as on any create: here it refuses attempt 9.
    writeChecks: {
      flowrateMeasurement: async ({ values }) => {
        if (values.attemp === 9)
          throw new AppError('VALIDATION_ERROR', 'Attempt 9 is refused', [
            { path: 'attemp', message: 'Attempt 9 is refused' },
          ]);
      },
    },
  });
});
afterAll(() => t?.close());

type Attempt = { id: string; attemp: number; version: number } & Record<string, unknown>;

async function attemptsOf(inspectionId: string): Promise<Attempt[]> {
  const r = await t.call('GET', `/api/flowrate-measurement/by-inspection?inspectionId=${inspectionId}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as Attempt[];
}

async function createPump(fields: Record<string, unknown> = {}) {
  const report = await createReportHeader(t, { inspectionMethod: 'flowrate' });
  const r = await t.call('POST', '/api/test-only/pump-flowrate', {
    reportHeaderId: report.id,
    equipmentName: 'P-201A',
    ...fields,
  });
  return { report, r };
}

const storedAttempts = async () =>
  Number((await t.db.execute(sql`select count(*)::int as n from flowrate_measurement`)).rows[0]!.n as number);

describe('a new parent starts with its template rows', () => {
  it('as ordinary records of their entity: in order, their measured numbers blank', async () => {
    const { r } = await createPump();
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const rows = await attemptsOf(r.body.data.id);
    expect(rows.map((a) => a.attemp)).toEqual([1, 2, 3]);
    for (const a of rows)
      expect(a).toMatchObject({
        variant: 'rotating-equipment',
        flowrateInspectionId: r.body.data.id,
        flowrateBPD: null,
        flowrateGPM: null,
        suctionPressurePsi: null,
        version: 1,
        // Nothing measured: nothing worked out, no verdict.
        bpdAsGPM: null,
        flowUnitsAgreement: null,
      });
    expect(rows[2]!.remarks).toBe('Valve fully open');
    expect(rows[0]!.remarks).toBe('');
    // Each row's creation is in the audit, as any create's.
    const audited = await t.db.execute(
      sql`select count(*)::int as n from audit_log where entity = 'flowrateMeasurement' and action = 'create'
          and entity_id = any(${`{${rows.map((a) => a.id).join(',')}}`}::uuid[])`,
    );
    expect(audited.rows[0]!.n).toBe(3);
  });

  it('chosen by the parent’s class and values, with fields filled from the parent', async () => {
    const { r } = await createPump({ ratedFlowGPM: 420 });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const rows = await attemptsOf(r.body.data.id);
    expect(rows.map((a) => a.attemp)).toEqual([1, 2, 3, 4]);
    expect(rows[3]).toMatchObject({ flowrateGPM: 420, remarks: 'At the rated flow', flowrateBPD: null });
    // A line's inspection is of a class no template names: it starts with nothing.
    const report = await createReportHeader(t, { inspectionMethod: 'flowrate' });
    const before = await storedAttempts();
    const pipe = await t.call('POST', '/api/test-only/pipe-flowrate', { reportHeaderId: report.id });
    expect(pipe.status, JSON.stringify(pipe.body)).toBe(201);
    expect(await storedAttempts()).toBe(before);
  });

  it('in the parent’s transaction: a refused row refuses the parent, and nothing of either is stored', async () => {
    const before = await storedAttempts();
    const { report, r } = await createPump({ equipmentName: 'P-REFUSED-1' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ data: null, message: 'Attempt 9 is refused' });
    expect(await storedAttempts()).toBe(before);
    const listed = await t.call('GET', `/api/flowrate-inspection/by-report?reportHeaderId=${report.id}`);
    expect(listed.body.data).toEqual([]);
    // Nothing half-stored holds the report's one pump inspection: it can be made now.
    const again = await t.call('POST', '/api/test-only/pump-flowrate', {
      reportHeaderId: report.id,
      equipmentName: 'P-201B',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await attemptsOf(again.body.data.id)).map((a) => a.attemp)).toEqual([1, 2, 3]);
  });

  it('also when the parent is made by its first read', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'flowrate' });
    const first = await t.call('GET', `/api/test-only/pump-flowrate/by-report?reportHeaderId=${report.id}`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const id = first.body.data.id as string;
    expect((await attemptsOf(id)).map((a) => a.attemp)).toEqual([1, 2, 3]);
    // A second read finds it: nothing more is made.
    await t.call('GET', `/api/test-only/pump-flowrate/by-report?reportHeaderId=${report.id}`);
    expect(await attemptsOf(id)).toHaveLength(3);
  });
});

describe('template rows afterwards', () => {
  it('are edited and deleted like any row, and an update of the parent re-creates nothing', async () => {
    const { r } = await createPump();
    const inspectionId = r.body.data.id as string;
    const [first, second] = await attemptsOf(inspectionId);

    const edited = await t.call('PUT', `/api/flowrate-measurement?id=${first!.id}`, {
      flowrateBPD: 12000,
      flowrateGPM: 350,
      version: first!.version,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ attemp: 1, flowrateBPD: 12000, flowrateGPM: 350, version: 2 });
    expect(edited.body.data.flowUnitsAgreement).toBe('agree');

    const deleted = await t.call('DELETE', `/api/flowrate-measurement?id=${second!.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    const parentUpdated = await t.call('PUT', `/api/flowrate-inspection?id=${inspectionId}`, {
      ratedFlowGPM: 420,
      equipmentName: 'P-REFUSED-2',
      version: 1,
    });
    expect(parentUpdated.status, JSON.stringify(parentUpdated.body)).toBe(200);
    const rows = await attemptsOf(inspectionId);
    expect(rows.map((a) => a.attemp)).toEqual([1, 3]);
    expect(rows[0]).toMatchObject({ flowrateBPD: 12000, version: 2 });
  });
});

describe('keyed writes start the rows of the records they create', () => {
  const item = (equipmentNo: string) => ({
    equipmentNo,
    tagNumber: `TG-${equipmentNo}`,
    description: 'Cooling water pump',
    categoryCode: 'electrical',
    objectTypeCode: 'EL-PANEL',
  });
  const pointsOf = async (equipmentNo: string) =>
    (
      await t.db.execute(
        sql`select p.point_code from inspection_point p join equipment e on e.id = p.equipment_id
            where e.equipment_no = ${equipmentNo} order by p.point_code`,
      )
    ).rows.map((r) => r.point_code);

  it('an upsert that creates starts them; one that updates starts none', async () => {
    const no = `PU-${unique()}`;
    const created = await t.call('POST', '/api/test-only/equipment/upsert', item(no));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await pointsOf(no)).toEqual(['DE', 'NDE']);
    const updated = await t.call('POST', '/api/test-only/equipment/upsert', {
      ...item(no),
      description: 'Cooling water pump, standby',
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(await pointsOf(no)).toEqual(['DE', 'NDE']);
  });

  it('a sheet import starts them for its new records only, in its transaction', async () => {
    const [stored, fresh] = [`PI-${unique()}`, `PI-${unique()}`];
    expect((await t.call('POST', '/api/test-only/equipment/upsert', item(stored))).status).toBe(201);
    const sheet = async (rows: string[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Equipment');
      ws.addRow(['equipmentNo', 'tagNumber', 'description', 'categoryCode', 'objectTypeCode']);
      for (const row of rows) ws.addRow(row);
      const bytes = Buffer.from(await wb.xlsx.writeBuffer());
      const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      return new MultipartForm({}, { file: { name: 'equipment.xlsx', type, bytes } });
    };
    const row = (no: string) => Object.values(item(no));
    const r = await t.call('POST', '/api/test-only/equipment/import', await sheet([row(stored), row(fresh)]));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ created: 1, updated: 1 });
    expect(await pointsOf(fresh)).toEqual(['DE', 'NDE']);
    expect(await pointsOf(stored)).toEqual(['DE', 'NDE']);
    // A refused sheet keeps nothing: no item, no points.
    const refused = `PI-${unique()}`;
    const bad = await t.call(
      'POST',
      '/api/test-only/equipment/import',
      await sheet([row(refused), [...row(`PI-${unique()}`).slice(0, 3), 'no-such-category', 'EL-PANEL']]),
    );
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    expect(await pointsOf(refused)).toEqual([]);
  });
});

describe('the API document', () => {
  it('says which rows a create starts with, on the calls that create the parent', () => {
    const [pumpCreate, pipeCreate, pumpRead] = testRoutes;
    const notes = routeNotes(pumpCreate!, templates) ?? '';
    expect(notes).toContain(
      'A new flowrate inspection starts with 3 flowrate measurement rows, written with it',
    );
    expect(notes).toContain(
      'starts with 1 flowrate measurement row when its values meet the template’s condition',
    );
    expect(routeNotes(pumpRead!, templates)).toContain('starts with 3 flowrate measurement rows');
    expect(routeNotes(pipeCreate!, templates) ?? '').not.toContain('starts with');
    for (const keyed of testRoutes.slice(3))
      expect(routeNotes(keyed, templates)).toContain('A new equipment starts with 2 inspection point rows');
  });
});
