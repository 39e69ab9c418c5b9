import { inspectionMethod, inspectionMethodCatalogue, reportStatuses, thermal } from '@inspectra/contract';
import type { TechniqueDefinition } from '@inspectra/contract';
import { techniques } from '@inspectra/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableOf } from '../src/db/schema/index.ts';
import { ensureCatalogueMethods } from '../src/modules/inspection-methods/catalogue-methods.ts';
import {
  completeForSubmission,
  createReportHeader,
  createWorkOrder,
  keptCounts,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Method = { code: string; name: string; equipmentCategories: string[]; isActive: boolean };
type Summary = {
  code: string;
  name: string;
  openAssignments: number;
  reportsByStatus: Record<string, number>;
};

const codes = (methods: Method[]) => methods.map((m) => m.code);

async function assign(workOrderSPKId: string, inspectionMethod: string) {
  const r = await t.call('POST', '/api/wo-task-assignments', { workOrderSPKId, inspectionMethod });
  expect(r.status).toBe(201);
}

describe('inspection methods', () => {
  it('lists all thirteen seeded techniques, unpaged, in code order', async () => {
    const r = await t.call('GET', '/api/master-inspection-method/all');
    expect(r.status).toBe(200);
    expect(r.body.meta).toEqual({ notShown: { data: 0 } });
    expect(codes(r.body.data)).toEqual([
      'flowrate',
      'lubeOil',
      'mcsa',
      'motionMagnification',
      'paut',
      'sacp',
      'srut',
      'thermal',
      'ufd',
      'ultrasound',
      'vci',
      'vibration',
      'walkthrough',
    ]);
    expect(r.body.data.find((m: Method) => m.code === 'vci').equipmentCategories).toEqual([
      'pipe',
      'pipeline',
    ]);
    // One name for the thermal technique: the method is named by the technique's label.
    expect(r.body.data.find((m: Method) => m.code === 'thermal').name).toBe(thermal.label);
  });

  it("names the active methods that apply to an object type's category", async () => {
    const r = await t.call('GET', '/api/master-inspection-method/get-by-object-type?objectType=TK-FLOAT');
    expect(r.status).toBe(200);
    expect(codes(r.body.data)).toEqual(['motionMagnification', 'srut']);

    const srut = (await t.call('GET', '/api/master-inspection-method?search=srut')).body.data[0];
    expect(
      (await t.call('PUT', `/api/master-inspection-method/${srut.id}`, { isActive: false })).status,
    ).toBe(200);
    const after = await t.call('GET', '/api/master-inspection-method/get-by-object-type?objectType=TK-FLOAT');
    expect(codes(after.body.data)).toEqual(['motionMagnification']);
    await t.call('PUT', `/api/master-inspection-method/${srut.id}`, { isActive: true });
  });

  it('answers 404 for an unknown object type and 400 without one', async () => {
    const unknown = await t.call('GET', '/api/master-inspection-method/get-by-object-type?objectType=BOILER');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      data: null,
      message: 'No object type has the code BOILER',
      error: { code: 'NOT_FOUND' },
    });
    const missing = await t.call('GET', '/api/master-inspection-method/get-by-object-type');
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('creates and updates a method with its categories, refusing a list that is not one of codes', async () => {
    const created = await t.call('POST', '/api/master-inspection-method', {
      code: 'rvi',
      name: 'Remote visual inspection',
      equipmentCategories: ['pressure-vessel', 'storage-tank'],
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      isActive: true,
      equipmentCategories: ['pressure-vessel', 'storage-tank'],
    });
    const bad = await t.call('PUT', `/api/master-inspection-method/${created.body.data.id}`, {
      equipmentCategories: 'pipe',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('equipmentCategories');
    const unknown = await t.call('PUT', `/api/master-inspection-method/${created.body.data.id}`, {
      equipmentCategories: ['pipe', 'no-such-category'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual([
      {
        path: 'equipmentCategories',
        message: 'No equipment category has the code "no-such-category"',
      },
    ]);
    const paged = await t.call('GET', '/api/master-inspection-method?pageSize=5');
    expect(paged.body.meta).toMatchObject({ pageNumber: 1, pageSize: 5, totalCount: 14, totalPages: 3 });
    const duplicate = await t.call('POST', '/api/master-inspection-method', { code: 'rvi', name: 'Again' });
    expect(duplicate.status).toBe(409);
  });
});

describe('the methods of the catalogue', () => {
  it('are all in the database, every technique serving one of them', async () => {
    const stored = codes((await t.call('GET', '/api/master-inspection-method/all')).body.data);
    expect(stored).toEqual(expect.arrayContaining(inspectionMethodCatalogue.map((m) => m.code)));
    for (const technique of techniques as readonly TechniqueDefinition[])
      if (technique.method) expect(stored).toContain(technique.method);
  });

  it('are inserted at start when missing, never changing one an administrator has changed', async () => {
    const methods = tableOf(inspectionMethod);
    const mcsa = (await t.call('GET', '/api/master-inspection-method?search=mcsa')).body.data[0];
    const renamed = await t.call('PUT', `/api/master-inspection-method/${mcsa.id}`, {
      name: 'Motor current analysis',
      equipmentCategories: ['pipe'],
      isActive: false,
      version: mcsa.version,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    // A planned method removed from a database (nothing names it) comes back.
    const paut = (await t.call('GET', '/api/master-inspection-method?search=paut')).body.data[0];
    expect((await t.call('DELETE', `/api/master-inspection-method/${paut.id}`)).status).toBe(200);

    expect(await ensureCatalogueMethods(t.db)).toEqual(['paut']);
    expect(await ensureCatalogueMethods(t.db)).toEqual([]);
    const [kept] = await t.db.select().from(methods).where(eq(methods.code, 'mcsa'));
    expect(kept).toMatchObject({
      name: 'Motor current analysis',
      equipmentCategories: ['pipe'],
      isActive: false,
      version: mcsa.version + 1,
    });
    const [back] = await t.db.select().from(methods).where(eq(methods.code, 'paut'));
    expect(back).toMatchObject({ name: 'PAUT', equipmentCategories: ['pipe', 'pipeline'], isActive: true });
  });
});

describe('the summary per method', () => {
  it('counts assignments on open work orders and reports by status, every status present', async () => {
    const open = await createWorkOrder(t);
    const done = await createWorkOrder(t, { status: 'completed' });
    const cancelled = await createWorkOrder(t, { status: 'cancelled' });
    await assign(open.id, 'vci');
    await assign(open.id, 'walkthrough');
    await assign(done.id, 'vci');
    await assign(cancelled.id, 'vci');

    const draft = await createReportHeader(t, { workOrderSPKId: open.id, inspectionMethod: 'vci' });
    const submitted = await createReportHeader(t, { workOrderSPKId: open.id, inspectionMethod: 'vci' });
    await completeForSubmission(t, submitted.id);
    expect(
      (await t.call('PUT', `/api/report-headers/update-report-status/${submitted.id}?status=submitted`))
        .status,
    ).toBe(200);

    const r = await t.call('GET', '/api/master-inspection-method/summary');
    expect(r.status).toBe(200);
    const byCode = new Map<string, Summary>(r.body.data.map((s: Summary) => [s.code, s]));
    expect(byCode.get('vci')).toEqual({
      code: 'vci',
      name: 'Visual crack inspection',
      openAssignments: 1,
      reportsByStatus: { draft: 1, submitted: 1, inReview: 0, returned: 0, approved: 0 },
    });
    expect(byCode.get('walkthrough')?.openAssignments).toBe(1);
    const ufd = byCode.get('ufd')!;
    expect(ufd.openAssignments).toBe(0);
    expect(Object.keys(ufd.reportsByStatus).sort()).toEqual([...reportStatuses].sort());

    // Closing a work order takes its assignments off the open work; reopening puts them back.
    const vciOpen = async () =>
      (await t.call('GET', '/api/master-inspection-method/summary?search=vci')).body.data[0]
        .openAssignments as number;
    // Its reports moved it to in progress meanwhile (docs/work-orders.md): the version read now.
    const { version } = (await t.call('GET', `/api/work-order-spks?id=${open.id}`)).body.data[0];
    const closed = await t.call('PUT', `/api/work-order-spks/${open.id}`, { status: 'completed', version });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(await vciOpen()).toBe(0);
    await t.call('PUT', `/api/work-order-spks/${open.id}`, {
      status: 'inProgress',
      version: version + 1,
    });
    expect(await vciOpen()).toBe(1);
    // A report deleted leaves the counts; a report moved to another method moves with it.
    // (The draft: the submitted one holds the finding it needed to be submitted.)
    expect((await t.call('DELETE', `/api/report-headers/${draft.id}`)).status).toBe(200);
    const summary = await t.call('GET', '/api/master-inspection-method/summary?search=vci');
    expect(summary.body.data[0].reportsByStatus).toMatchObject({ draft: 0, submitted: 1 });
    const { kept, counted } = await keptCounts(t);
    expect(kept).toEqual(counted);

    const searched = await t.call('GET', '/api/master-inspection-method/summary?search=walk');
    expect(searched.body.data.map((s: Summary) => s.code)).toEqual(['walkthrough']);
    const nothing = await t.call('GET', '/api/master-inspection-method/summary?search=zzz');
    expect(nothing.body.data).toEqual([]);
  });
});
