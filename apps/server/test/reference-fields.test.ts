import { entities, referenceTarget } from '@inspectra/contract';
import type { EntityDefinition } from '@inspectra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEquipment,
  createReportHeader,
  createThermalAnalysis,
  createThermalMeasurement,
  createWorkOrder,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

/*
 * Equipment as the plant names it (docs/architecture-engine.md, "Records that name each other by
 * code"): a search over a field naming equipment finds it by tag or description, a record refuses
 * equipment of another category, a new record starts from its parent's equipment, and a list reads
 * the records with given keys.
 */

let t: TestApp;
/** Equipment as the master answers it: its number, tag and description are set here. */
type Equipment = { equipmentNo: string; tagNumber: string; description: string };
let pump: Equipment;
let pipe: Equipment;
beforeAll(async () => {
  t = await startTestApp();
  pump = await createEquipment(t, {
    tagNumber: 'P-9101A',
    description: 'Crude charge pump',
    categoryCode: 'rotating-equipment',
    objectTypeCode: 'RE-PUMP',
    locationCode: null,
  });
  pipe = await createEquipment(t, {
    tagNumber: '6"-P-9001-A1A',
    description: 'Naphtha rundown line',
    categoryCode: 'pipe',
    objectTypeCode: 'PIPE-PROC',
  });
});
afterAll(() => t.close());

describe('searching by what the plant calls equipment', () => {
  it("finds reports by their equipment's tag and description, as well as by its number", async () => {
    const report = await createReportHeader(t, { equipmentNo: pump.equipmentNo, title: 'Vibration round' });
    for (const search of ['P-9101A', 'crude charge', pump.equipmentNo]) {
      const r = await t.call('GET', `/api/report-headers?search=${encodeURIComponent(search)}`);
      expect(r.status, search).toBe(200);
      expect(
        r.body.data.map((h: { id: string }) => h.id),
        search,
      ).toContain(report.id);
    }
    const other = await t.call('GET', '/api/report-headers?search=rundown');
    expect(other.body.data.map((h: { id: string }) => h.id)).not.toContain(report.id);
  });

  it("finds work orders by their equipment's number and description, as well as by its tag", async () => {
    const order = await createWorkOrder(t, {
      tagNumber: pipe.tagNumber,
      equipmentCategory: 'pipe',
      title: 'UT thickness',
    });
    for (const search of [pipe.equipmentNo, 'naphtha rundown', '9001-A1A']) {
      const r = await t.call('GET', `/api/work-order-spks?search=${encodeURIComponent(search)}`);
      expect(r.status, search).toBe(200);
      expect(
        r.body.data.map((w: { id: string }) => w.id),
        search,
      ).toContain(order.id);
    }
  });

  it('searches in short terms too (walked, not indexed)', async () => {
    const report = await createReportHeader(t, { equipmentNo: pipe.equipmentNo });
    const r = await t.call('GET', '/api/report-headers?search=6"');
    expect(r.status).toBe(200);
    expect(r.body.data.map((h: { id: string }) => h.id)).toContain(report.id);
  });
});

describe('equipment of the record’s category', () => {
  it('refuses a pump on a piping work order (400 on the tag), and a piping category under a pump', async () => {
    const refused = await t.call('POST', '/api/work-order-spks', {
      woNumber: 'WO-MISMATCH-1',
      title: 'Piping survey',
      equipmentCategory: 'pipe',
      tagNumber: pump.tagNumber,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION_ERROR');
    expect(refused.body.error.details).toEqual([
      {
        path: 'tagNumber',
        message: 'This equipment is not of the equipment category chosen for this work order',
      },
    ]);
    expect((await t.call('GET', '/api/work-order-spks?woNumber=WO-MISMATCH-1')).body.data).toEqual([]);

    // An update is judged on the record it leaves: a new category against the kept equipment.
    const order = await createWorkOrder(t, {
      tagNumber: pump.tagNumber,
      equipmentCategory: 'rotating-equipment',
    });
    const moved = await t.call('PUT', `/api/work-order-spks/${order.id}`, {
      equipmentCategory: 'pipe',
      version: order.version,
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error.details[0].path).toBe('tagNumber');
    const kept = await t.call('GET', `/api/work-order-spks/${order.id}`);
    expect(kept.body.data).toMatchObject({ equipmentCategory: 'rotating-equipment', version: order.version });

    // Without a category, any equipment; the same category, accepted.
    expect(
      (await t.call('PUT', `/api/work-order-spks/${order.id}`, { equipmentCategory: null })).status,
    ).toBe(200);
  });

  it('refuses a report whose equipment is not of its category', async () => {
    const order = await createWorkOrder(t);
    const r = await t.call('POST', '/api/report-headers', {
      workOrderSPKId: order.id,
      reportNumber: 'RPT-MISMATCH-1',
      title: 'Pump on a pipe report',
      equipmentNo: pump.equipmentNo,
      equipmentCategory: 'pipe',
      inspectionMethod: 'thermal',
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([
      {
        path: 'equipmentNo',
        message: 'This equipment is not of the equipment category chosen for this report',
      },
    ]);
  });
});

describe("a new record starts from its parent's equipment", () => {
  it("fills a report's category, object type and location from its equipment and work order", async () => {
    expect(
      (await t.call('POST', '/api/asset/locations', { code: 'CDU1', name: 'Crude unit 1' })).status,
    ).toBe(201);
    const order = await createWorkOrder(t, {
      tagNumber: pump.tagNumber,
      equipmentCategory: 'rotating-equipment',
      location: 'CDU1',
    });
    const report = await createReportHeader(t, { workOrderSPKId: order.id, equipmentNo: pump.equipmentNo });
    expect(report).toMatchObject({
      equipmentCategory: 'rotating-equipment',
      objectType: 'RE-PUMP',
      location: 'CDU1',
    });
    // What the body says (null included) is kept: nothing is filled over it.
    const chosen = await createReportHeader(t, {
      workOrderSPKId: order.id,
      equipmentNo: pump.equipmentNo,
      objectType: null,
      location: 'Pump house',
    });
    expect(chosen).toMatchObject({ objectType: null, location: 'Pump house' });
  });

  it("starts a thermal measurement on its report's equipment, unless the inspector names another", async () => {
    const report = await createReportHeader(t, { equipmentNo: pump.equipmentNo });
    const analysis = await createThermalAnalysis(t, { reportHeaderId: report.id });
    const filled = await createThermalMeasurement(t, analysis.id);
    expect(filled).toMatchObject({ tagNumber: 'P-9101A', equipmentName: 'Crude charge pump' });
    const named = await createThermalMeasurement(t, analysis.id, {
      tagNumber: 'P-9101A-M',
      equipmentName: null,
    });
    expect(named).toMatchObject({ tagNumber: 'P-9101A-M', equipmentName: null });
  });

  it('declares only paths that follow declared fields', () => {
    for (const entity of Object.values(entities) as EntityDefinition[])
      for (const [key, field] of Object.entries(entity.fields)) {
        if (!field.prefill) continue;
        let at: EntityDefinition = entity;
        const steps = field.prefill.split('.');
        for (const [i, step] of steps.entries()) {
          const next = at.fields[step];
          expect(next, `${entity.name}.${key}: ${field.prefill}`).toBeDefined();
          if (i === steps.length - 1) break;
          if (next!.kind === 'ref') at = entities[next!.entity]!;
          else if (next!.kind === 'text' && next!.references)
            at = referenceTarget(next!.references, (n) => entities[n]).entity;
          else expect.fail(`${entity.name}.${key}: ${step} is neither a ref nor a reference`);
        }
      }
  });
});

describe('records by their keys', () => {
  it('lists the equipment with the numbers or tags given, in one call', async () => {
    const byNumber = await t.call(
      'GET',
      `/api/asset/equipment-numbers?equipmentNo=${pump.equipmentNo},${pipe.equipmentNo}&pageSize=50`,
    );
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.data.map((e: { tagNumber: string }) => e.tagNumber).sort()).toEqual(
      [pipe.tagNumber, pump.tagNumber].sort(),
    );
    const byTag = await t.call('GET', `/api/asset?tagNumber=${encodeURIComponent(pipe.tagNumber)}`);
    expect(byTag.body.data.map((e: { equipmentNo: string }) => e.equipmentNo)).toEqual([pipe.equipmentNo]);
    const categories = await t.call('GET', '/api/asset/categories?code=pipe,rotating-equipment');
    expect(categories.body.data.map((c: { code: string }) => c.code)).toEqual(['pipe', 'rotating-equipment']);
  });

  it('refuses more keys than an in-filter takes', async () => {
    const many = Array.from({ length: 51 }, (_, i) => `K${i}`).join(',');
    const r = await t.call('GET', `/api/asset/equipment-numbers?equipmentNo=${many}`);
    expect(r.status).toBe(400);
  });
});
