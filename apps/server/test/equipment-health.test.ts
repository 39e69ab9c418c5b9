/**
 * The equipment health card (issue 40 item 1, docs/equipment-health.md): one equipment's current
 * reports across every technique, each with its worst finding, over the years; superseded reports
 * left out, another company's reports hidden from a contractor.
 */
import type { EquipmentHealth } from '@inspectra/contract';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipmentHistorySql } from '../src/engine/equipment-history.ts';
import { pdfBytes } from './document-bytes.ts';
import {
  contractorOnWorkOrder,
  createApprover,
  createEquipment,
  createReportHeader,
  createRole,
  createThermalAnalysis,
  createThermalMeasurement,
  createUser,
  createWorkOrder,
  jpegBytes,
  multipart,
  pngBytes,
  startTestApp,
  approveReport,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
let approver: { id: string; token: string };

const card = (equipmentNo: string, token?: string) =>
  t.call('GET', `/api/equipment-health/${encodeURIComponent(equipmentNo)}`, undefined, token);

/** Submitted by the administrator who wrote it, approved by another. */
const approve = (id: string) => approveReport(t, id, approver.token);

/** A report of the method on the equipment, done on `date` (under its own work order unless given). */
async function reportOn(
  equipmentNo: string,
  inspectionMethod: string,
  date: string,
  workOrderSPKId?: string,
) {
  const report = await createReportHeader(t, {
    equipmentNo,
    inspectionMethod,
    actualCompletedDate: date,
    ...(workOrderSPKId ? { workOrderSPKId } : {}),
  });
  return report as { id: string; reportNumber: string };
}

/** A thermal report done on `date` whose worst measurement rises `deltaT` °C over its reference. */
async function thermalReport(equipmentNo: string, date: string, deltaT: number, workOrderSPKId?: string) {
  const report = await reportOn(equipmentNo, 'thermal', date, workOrderSPKId);
  const analysis = await createThermalAnalysis(t, { reportHeaderId: report.id });
  await createThermalMeasurement(t, analysis.id, {
    date,
    maxTemperatureC: 40 + deltaT,
    referenceTemperatureC: 40,
  });
  return report;
}

/** A vibration report done on `date`, one bearing reading of `velocity` mm/s (group 2, rigid). */
async function vibrationReport(equipmentNo: string, date: string, velocity: number, workOrderSPKId?: string) {
  const report = await reportOn(equipmentNo, 'vibration', date, workOrderSPKId);
  const analysis = await t.call('PUT', '/api/vibration-analysis', {
    reportHeaderId: report.id,
    driver: 'Electric motor',
    driven: 'Centrifugal pump',
    powerKw: 75,
    machineGroup: 'group2',
    foundation: 'rigid',
  });
  expect(analysis.status, JSON.stringify(analysis.body)).toBe(201);
  const reading = await t.call('POST', '/api/vibration-measurement', {
    vibrationAnalysisId: analysis.body.data.id,
    measurementPoint: 'DE',
    direction: 'horizontal',
    measurementDate: date,
    velocityRmsMmPerS: velocity,
  });
  expect(reading.status, JSON.stringify(reading.body)).toBe(201);
  return report;
}

/** A lube-oil report sampled on `date`, its gearbox oil holding `waterPpm` of water. */
async function lubeOilReport(equipmentNo: string, date: string, waterPpm: number, workOrderSPKId?: string) {
  const report = await reportOn(equipmentNo, 'lubeOil', date, workOrderSPKId);
  const sample = await t.call('PUT', '/api/lube-oil/general-summary', {
    reportHeaderId: report.id,
    sampleDate: date,
    laboratory: 'Lab Pertamina Lubricants',
    sampleNumber: `LO-${date}`,
    newOilIsoVg: 220,
    newOilViscosity40Cst: 218,
    newOilTanMgKohG: 0.3,
    targetIsoCode: '17/15/12',
  });
  expect(sample.status, JSON.stringify(sample.body)).toBe(201);
  const component = await t.call('PUT', '/api/lube-oil/measurements', {
    lubeOilAnalysisId: sample.body.data.id,
    component: 'Gearbox',
    waterPpm,
  });
  expect([200, 201], JSON.stringify(component.body)).toContain(component.status);
  return report;
}

type Seeded = Awaited<ReturnType<typeof seed>>;

/** A pump inspected by thermal, vibration and lube oil over 2017–2026, one thermal report revised. */
async function seed() {
  const pump = await createEquipment(t, {
    tagNumber: `P-101A-${Date.now().toString(36)}`,
    description: 'Crude charge pump',
    categoryCode: 'rotating-equipment',
    objectTypeCode: 'RE-PUMP',
  });
  const equipmentNo = pump.equipmentNo as string;
  const thermal2017 = await thermalReport(equipmentNo, '2017-03-10', 2);
  const vibration2018 = await vibrationReport(equipmentNo, '2018-06-01', 1);
  const lubeOil2019 = await lubeOilReport(equipmentNo, '2019-09-01', 200);
  const thermal2021 = await thermalReport(equipmentNo, '2021-03-12', 20);
  const vibration2024 = await vibrationReport(equipmentNo, '2024-06-03', 3);
  const thermal2025 = await thermalReport(equipmentNo, '2025-03-11', 2);
  const lubeOil2026 = await lubeOilReport(equipmentNo, '2026-09-02', 1200);
  for (const report of [
    thermal2017,
    vibration2018,
    lubeOil2019,
    thermal2021,
    vibration2024,
    thermal2025,
    lubeOil2026,
  ])
    await approve(report.id);
  // The 2025 survey revised and approved again: the revision supersedes it.
  const revised = await t.call('POST', `/api/report-headers/${thermal2025.id}/revision`, {
    reason: 'Lens cleaned, re-measured',
  });
  expect(revised.status, JSON.stringify(revised.body)).toBe(201);
  const thermal2025Revision = revised.body.data as { id: string; reportNumber: string };
  await approve(thermal2025Revision.id);

  // Two contractor companies, each with a report of its own on the pump.
  const alpha = await contractorOnWorkOrder(t, [{ module: 'asset', action: 'view' }], 'vibration');
  const beta = await contractorOnWorkOrder(t, [{ module: 'asset', action: 'view' }], 'lubeOil');
  const alphaVibration = await vibrationReport(equipmentNo, '2026-10-01', 1, alpha.workOrderId);
  const betaLubeOil = await lubeOilReport(equipmentNo, '2026-10-02', 100, beta.workOrderId);
  return {
    equipmentNo,
    thermal2017,
    vibration2018,
    lubeOil2019,
    thermal2021,
    vibration2024,
    thermal2025,
    thermal2025Revision,
    lubeOil2026,
    alpha,
    beta,
    alphaVibration,
    betaLubeOil,
  };
}

let s: Seeded;
beforeAll(async () => {
  t = await startTestApp();
  approver = await createApprover(t);
  s = await seed();
  // Nine reports approved through the API: room for a busy machine.
}, 300_000);
afterAll(() => t?.close());

const methodOf = (health: EquipmentHealth, method: string) =>
  health.methods.find((m) => m.inspectionMethod === method);
const timeline = (health: EquipmentHealth, method: string) =>
  methodOf(health, method)?.reports.map((r) => [r.date, r.worstFinding]);

describe('the health card of one equipment', () => {
  it('shows thermal, vibration and lube oil over the years, each report with its worst finding', async () => {
    const r = await card(s.equipmentNo);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const health = r.body.data as EquipmentHealth;
    expect(health.equipment).toMatchObject({
      equipmentNo: s.equipmentNo,
      description: 'Crude charge pump',
      categoryCode: 'rotating-equipment',
      objectTypeCode: 'RE-PUMP',
    });
    expect(health.names.category).toEqual(expect.any(String));
    expect(health.methods.map((m) => m.inspectionMethod)).toEqual(['lubeOil', 'thermal', 'vibration']);

    // Oldest first; thermal graded by ΔT (2 °C investigate… 20 °C repair immediately).
    expect(timeline(health, 'thermal')).toEqual([
      ['2017-03-10', 'investigate'],
      ['2021-03-12', 'repairImmediately'],
      ['2025-03-11', 'investigate'],
    ]);
    // ISO 20816-3, group 2 rigid: 1 mm/s zone A, 3 mm/s zone C.
    expect(timeline(health, 'vibration')).toEqual([
      ['2018-06-01', 'A'],
      ['2024-06-03', 'C'],
      ['2026-10-01', 'A'],
    ]);
    // Water 1,200 ppm is critical: the standard's grade counts where nobody recorded one.
    expect(timeline(health, 'lubeOil')).toEqual([
      ['2019-09-01', 'normal'],
      ['2026-09-02', 'critical'],
      ['2026-10-02', 'normal'],
    ]);

    const thermal = methodOf(health, 'thermal')!;
    expect(thermal.reportCount).toBe(3);
    // The revision is the current report of 2025; the report it superseded is not on the card.
    expect(thermal.latest).toMatchObject({
      reportHeaderId: s.thermal2025Revision.id,
      reportNumber: s.thermal2025Revision.reportNumber,
      status: 'approved',
      date: '2025-03-11',
    });
    expect(thermal.reports.map((x) => x.reportHeaderId)).not.toContain(s.thermal2025.id);
    expect(methodOf(health, 'vibration')!.latest.reportHeaderId).toBe(s.alphaVibration.id);
    expect(methodOf(health, 'lubeOil')!.reports[1]).toMatchObject({
      reportHeaderId: s.lubeOil2026.id,
      status: 'approved',
      worstFinding: 'critical',
    });
  });

  it("shows a contractor its company's reports only", async () => {
    const alpha = (await card(s.equipmentNo, s.alpha.token)).body.data as EquipmentHealth;
    expect(alpha.equipment.equipmentNo).toBe(s.equipmentNo);
    expect(alpha.methods).toEqual([
      {
        inspectionMethod: 'vibration',
        reportCount: 1,
        latest: expect.objectContaining({ reportHeaderId: s.alphaVibration.id }),
        reports: [expect.objectContaining({ reportHeaderId: s.alphaVibration.id, worstFinding: 'A' })],
      },
    ]);
    const beta = (await card(s.equipmentNo, s.beta.token)).body.data as EquipmentHealth;
    expect(beta.methods.map((m) => [m.inspectionMethod, m.reports.map((x) => x.reportHeaderId)])).toEqual([
      ['lubeOil', [s.betaLubeOil.id]],
    ]);
  });

  it('answers an equipment never inspected with no methods, and lists its drawings', async () => {
    const quiet = await createEquipment(t);
    const registered = await t.call('POST', '/api/ndt-equipment-list', { equipmentNo: quiet.equipmentNo });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const drawing = await t.call(
      'POST',
      '/api/ndt-equipment-list/isometrics',
      multipart(
        {
          ndtEquipmentId: registered.body.data.id,
          fileName: `${quiet.equipmentNo}-ISO.pdf`,
          drawingNumber: 'ISO-7',
          revision: 'C',
        },
        { drawing: { name: 'iso.pdf', type: 'application/pdf', bytes: pdfBytes } },
      ),
    );
    expect(drawing.status, JSON.stringify(drawing.body)).toBe(201);
    const r = await card(quiet.equipmentNo);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      methods: [],
      nextDue: [],
      thicknessDue: null,
      photos: [],
      drawings: [{ fileName: `${quiet.equipmentNo}-ISO.pdf`, drawingNumber: 'ISO-7', revision: 'C' }],
      drawingCount: 1,
    });
  });

  it('is a 404 for an unknown equipment and a 400 for a malformed number, in the envelope', async () => {
    const unknown = await card('NO-SUCH-PUMP');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ data: null, statusCode: 404, error: { code: 'NOT_FOUND' } });
    expect(unknown.body.message).toContain('NO-SUCH-PUMP');
    const bad = await card('!bad');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ data: null, statusCode: 400 });
  });

  it("needs the asset master's view permission", async () => {
    const role = await createRole(t, [{ module: 'thermal', action: 'view' }]);
    const user = await createUser(t, { roleId: role.id });
    const token = (await t.login(user.username, user.password)).json().data.accessToken as string;
    expect((await card(s.equipmentNo, token)).status).toBe(403);
    const anonymous = await t.inject({ method: 'GET', url: `/api/equipment-health/${s.equipmentNo}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

/** A task of the method on a new work order naming the equipment's tag, planned as given. */
async function plannedTask(tagNumber: string, inspectionMethod: string, planned: Record<string, unknown>) {
  const workOrder = await createWorkOrder(t, { tagNumber, ...planned });
  const task = await t.call('POST', '/api/wo-task-assignments', {
    workOrderSPKId: workOrder.id,
    inspectionMethod,
  });
  expect(task.status, JSON.stringify(task.body)).toBe(201);
  return { workOrder: workOrder as { id: string; woNumber: string }, task: task.body.data as { id: string } };
}

describe("the history's statement", () => {
  it('compiles each grade once per row, and only the methods it is given', () => {
    const length = (methods?: string[]) =>
      new PgDialect().sqlToQuery(equipmentHistorySql(sql`${'P-1'}`, undefined, 12, methods)).sql.length;
    // Every technique's worst finding: 343 KB when each derived value was pasted into every use.
    expect(length()).toBeLessThan(40_000);
    // The three a pump has: lube oil's grade read its criteria through 170 KB before.
    expect(length(['thermal', 'vibration', 'lubeOil'])).toBeLessThan(15_000);
    expect(length(['thermal'])).toBeLessThan(length(['thermal', 'lubeOil']));
  });
});

describe('the next inspection due', () => {
  let equipmentNo: string;
  let lateThermal: Awaited<ReturnType<typeof plannedTask>>;
  let vibration: Awaited<ReturnType<typeof plannedTask>>;
  let undatedLubeOil: Awaited<ReturnType<typeof plannedTask>>;
  beforeAll(async () => {
    const panel = await createEquipment(t);
    equipmentNo = panel.equipmentNo as string;
    const tag = panel.tagNumber as string;
    // Thermal: one task past its planned finish, one planned years ahead; the late one is next.
    lateThermal = await plannedTask(tag, 'thermal', { dateStart: '2020-01-06', dateEnd: '2020-01-31' });
    await plannedTask(tag, 'thermal', { dateStart: '2099-01-05', dateEnd: '2099-01-30' });
    // Vibration: finishes ahead (not overdue); a later one starting earlier is not next.
    vibration = await plannedTask(tag, 'vibration', { dateStart: '2098-03-01', dateEnd: '2098-03-10' });
    await plannedTask(tag, 'vibration', { dateStart: '2098-02-01', dateEnd: '2098-04-30' });
    // Lube oil: a cancelled work order and a done task do not count; an undated task does, never overdue.
    await plannedTask(tag, 'lubeOil', {
      dateStart: '2019-01-01',
      dateEnd: '2019-01-02',
      status: 'cancelled',
    });
    const done = await plannedTask(tag, 'lubeOil', { dateStart: '2019-02-01', dateEnd: '2019-02-02' });
    await approve((await lubeOilReport(equipmentNo, '2019-02-02', 100, done.workOrder.id)).id);
    undatedLubeOil = await plannedTask(tag, 'lubeOil', {});
    // Another equipment's task is not this one's.
    await plannedTask((await createEquipment(t)).tagNumber as string, 'ultrasound', {
      dateEnd: '2020-01-01',
    });
  }, 120_000);

  it('answers per method the open task due first, marking the one past its planned finish overdue', async () => {
    const r = await card(equipmentNo);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const health = r.body.data as EquipmentHealth;
    expect(health.nextDue).toEqual([
      {
        inspectionMethod: 'lubeOil',
        taskAssignmentId: undatedLubeOil.task.id,
        workOrderSPKId: undatedLubeOil.workOrder.id,
        woNumber: undatedLubeOil.workOrder.woNumber,
        plannedStart: null,
        plannedFinish: null,
        state: 'todo',
        overdue: false,
        openCount: 1,
      },
      {
        inspectionMethod: 'thermal',
        taskAssignmentId: lateThermal.task.id,
        workOrderSPKId: lateThermal.workOrder.id,
        woNumber: lateThermal.workOrder.woNumber,
        plannedStart: '2020-01-06',
        plannedFinish: '2020-01-31',
        state: 'todo',
        overdue: true,
        openCount: 2,
      },
      expect.objectContaining({
        inspectionMethod: 'vibration',
        taskAssignmentId: vibration.task.id,
        plannedFinish: '2098-03-10',
        overdue: false,
        openCount: 2,
      }),
    ]);
    // The lube-oil report approved under its task is on the card as a report, not as a task due.
    expect(health.methods.map((m) => m.inspectionMethod)).toEqual(['lubeOil']);
  });

  it("shows a contractor only its company's tasks", async () => {
    const alpha = (await card(equipmentNo, s.alpha.token)).body.data as EquipmentHealth;
    expect(alpha.nextDue).toEqual([]);
  });

  it("answers the thickness monitoring's earliest next inspection date, overdue when past", async () => {
    const location = async (name: string, inspectionClass: number) => {
      const r = await t.call('POST', '/api/thickness-locations', {
        equipmentNo,
        name,
        code: 'api570',
        inspectionClass,
        nominalThicknessMm: 10,
        requiredThicknessMm: 6,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.data as { id: string };
    };
    const reading = async (locationId: string, date: string, thicknessMm: number) => {
      const r = await t.call('POST', '/api/thickness-readings', {
        thicknessLocationId: locationId,
        date,
        thicknessMm,
        method: 'utSpot',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    };
    expect(((await card(equipmentNo)).body.data as EquipmentHealth).thicknessDue).toBeNull();
    // The pipe as class 2: half its remaining life, May 2034.
    const pipe = await location('CML-1', 2);
    await reading(pipe.id, '2016-01-15', 10);
    await reading(pipe.id, '2021-01-15', 9);
    await reading(pipe.id, '2026-01-15', 8.5);
    await location('CML-3', 1); // no reading yet: no date
    expect(((await card(equipmentNo)).body.data as EquipmentHealth).thicknessDue).toEqual({
      nextInspectionDate: '2034-05-15',
      thicknessLocationId: pipe.id,
      locationName: 'CML-1',
      overdue: false,
      locationCount: 2,
    });
    // One reading of 2015 as class 1: its 5-year maximum passed in 2020.
    const elbow = await location('CML-2', 1);
    await reading(elbow.id, '2015-01-15', 9.5);
    expect(((await card(equipmentNo)).body.data as EquipmentHealth).thicknessDue).toEqual({
      nextInspectionDate: '2020-01-15',
      thicknessLocationId: elbow.id,
      locationName: 'CML-2',
      overdue: true,
      locationCount: 3,
    });
  });
});

const photo = (name: string, type: 'image/png' | 'image/jpeg') => ({
  name,
  type,
  // Fresh bytes each: the store is content-addressed, and each photo is its own attachment anyway.
  bytes: Buffer.concat([type === 'image/png' ? pngBytes : jpegBytes, randomBytes(16)]),
});

describe('the latest photos', () => {
  let equipmentNo: string;
  beforeAll(async () => {
    equipmentNo = (await createEquipment(t)).equipmentNo as string;
    const older = await reportOn(equipmentNo, 'thermal', '2024-02-01');
    const olderAnalysis = await createThermalAnalysis(t, { reportHeaderId: older.id });
    await createThermalMeasurement(
      t,
      olderAnalysis.id,
      {},
      { thermalImage: photo('old-ir.png', 'image/png') },
    );
    const latest = await reportOn(equipmentNo, 'thermal', '2025-02-01');
    const analysis = await createThermalAnalysis(t, { reportHeaderId: latest.id });
    await createThermalMeasurement(
      t,
      analysis.id,
      { component: 'Phase R lug' },
      { thermalImage: photo('r-ir.png', 'image/png'), visualImage: photo('r-visual.jpg', 'image/jpeg') },
    );
    await createThermalMeasurement(
      t,
      analysis.id,
      { component: 'Phase S lug' },
      { thermalImage: photo('s-ir.png', 'image/png') },
    );
  }, 120_000);

  it("shows the images of each method's latest report, newest first, each downloadable", async () => {
    const health = (await card(equipmentNo)).body.data as EquipmentHealth;
    expect(health.photos.map((p) => p.displayName).sort()).toEqual(['r-ir.png', 'r-visual.jpg', 's-ir.png']);
    expect(health.photos[0]!.displayName).toBe('s-ir.png');
    expect(health.photos.every((p) => p.inspectionMethod === 'thermal' && p.date === '2025-02-01')).toBe(
      true,
    );
    const visual = health.photos.find((p) => p.displayName === 'r-visual.jpg')!;
    expect(visual).toMatchObject({ mediaType: 'image/jpeg', slot: 'visualImage' });
    const file = await t.inject({
      method: 'GET',
      url: visual.url,
      headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/jpeg');
  });

  it('offers no photo of a module the caller may not view', async () => {
    const role = await createRole(t, [{ module: 'asset', action: 'view' }]);
    const user = await createUser(t, { roleId: role.id });
    const token = (await t.login(user.username, user.password)).json().data.accessToken as string;
    const health = (await card(equipmentNo, token)).body.data as EquipmentHealth;
    expect(health.methods.map((m) => m.inspectionMethod)).toEqual(['thermal']);
    expect(health.photos).toEqual([]);
    // Nor its findings to close, which say as much as the reports: it may not read reports.
    expect(health.openRecommendations).toBeNull();
    const admin = (await card(equipmentNo)).body.data as EquipmentHealth;
    expect(admin.openRecommendations).toMatchObject({ total: expect.any(Number) });
  });

  it('keeps to the most recent six', async () => {
    const latest = await reportOn(equipmentNo, 'thermal', '2025-06-01');
    const analysis = await createThermalAnalysis(t, { reportHeaderId: latest.id });
    for (let i = 0; i < 4; i++)
      await createThermalMeasurement(
        t,
        analysis.id,
        { component: `Breaker ${i}` },
        {
          thermalImage: photo(`b${i}-ir.png`, 'image/png'),
          visualImage: photo(`b${i}-visual.jpg`, 'image/jpeg'),
        },
      );
    const health = (await card(equipmentNo)).body.data as EquipmentHealth;
    expect(health.photos).toHaveLength(6);
    expect(health.photos.every((p) => p.reportHeaderId === latest.id)).toBe(true);
    expect(health.photos[0]!.displayName).toMatch(/^b3-/);
  });
});
