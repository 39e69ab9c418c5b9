/**
 * The equipment health card (issue 40 item 1, docs/equipment-health.md): one equipment's current
 * reports across every technique, each with its worst finding, over the years; superseded reports
 * left out, another company's reports hidden from a contractor.
 */
import type { EquipmentHealth } from '@inspectra/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { pdfBytes } from './document-bytes.ts';
import {
  completeForSubmission,
  createApprover,
  createEquipment,
  createReportHeader,
  createRole,
  createThermalAnalysis,
  createThermalMeasurement,
  createUser,
  createWorkOrder,
  inspectingGrants,
  multipart,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
let approver: { id: string; token: string };

const card = (equipmentNo: string, token?: string) =>
  t.call('GET', `/api/equipment-health/${encodeURIComponent(equipmentNo)}`, undefined, token);

const move = (id: string, status: string, token?: string) =>
  t.call('PUT', `/api/report-headers/update-report-status/${id}?status=${status}`, undefined, token);

/** Submitted by the administrator who wrote it, approved by another. */
async function approve(id: string) {
  await completeForSubmission(t, id);
  expect((await move(id, 'submitted')).status).toBe(200);
  const approved = await move(id, 'approved', approver.token);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
}

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

/** A contractor company with one inspector of the method, and a work order assigning them that method. */
async function contractor(name: string, inspectionMethod: string) {
  const role = await createRole(t, [
    { module: 'asset', action: 'view' },
    ...inspectingGrants([inspectionMethod]),
  ]);
  const company = await t.call('POST', '/api/contractor-company', multipart({ ContractorName: name }));
  expect(company.status, JSON.stringify(company.body)).toBe(201);
  const user = await createUser(t, { roleId: role.id });
  await t.db.update(users).set({ contractorCompanyId: company.body.data.id }).where(eq(users.id, user.id));
  const token = (await t.login(user.username, user.password)).json().data.accessToken as string;
  const workOrder = await createWorkOrder(t);
  const assigned = await t.call('POST', '/api/wo-task-assignments', {
    workOrderSPKId: workOrder.id,
    inspectionMethod,
    userPDMIds: [user.id],
  });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);
  return { token, workOrderId: workOrder.id as string };
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
  const alpha = await contractor(`Alpha-${Date.now().toString(36)}`, 'vibration');
  const beta = await contractor(`Beta-${Date.now().toString(36)}`, 'lubeOil');
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
