/**
 * Readings taken from the UFD, SRUT and PAUT records of a location's equipment
 * (docs/thickness-monitoring.md): the values offered (approved, current reports of the same
 * equipment, not yet taken, the caller's company's only), and taking them as readings, all or none,
 * judged as readings sent by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveReport,
  contractorToken,
  createApprover,
  createEquipment,
  createReportHeader,
  createUser,
  multipart,
  standardRoleId,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
let approver: { id: string; token: string };
beforeAll(async () => {
  t = await startTestApp();
  approver = await createApprover(t);
});
afterAll(() => t?.close());

type Candidate = {
  recordId: string;
  reportHeaderId: string;
  reportNumber: string;
  date: string;
  method: string;
  label: string;
  thicknessMm: number;
};

const approve = (id: string) => approveReport(t, id, approver.token);

/** A report of `method` on the equipment, its inspection done on `date`. */
const report = (equipmentNo: string, method: string, date: string) =>
  createReportHeader(t, { equipmentNo, inspectionMethod: method, actualCompletedDate: date }) as Promise<{
    id: string;
    reportNumber: string;
  }>;

/** A UFD examination whose material thickness is `mm`, on a new report of the equipment. */
async function ufdReport(equipmentNo: string, date: string, mm: string) {
  const r0 = await report(equipmentNo, 'ufd', date);
  const r = await t.call(
    'POST',
    '/api/ufd-inspection-pipe',
    multipart({ reportHeaderId: r0.id, measurementDate: date, jobOrJoint: 'Joint W-17', matThickness: mm }),
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { report: r0, recordId: r.body.data.id as string };
}

/** A SRUT scan (tag A-03) of 12.7 mm nominal with an indication 2.4 mm deep: 10.3 mm of wall left. */
async function srutReport(equipmentNo: string, date: string) {
  const r0 = await report(equipmentNo, 'srut', date);
  const inspection = await t.call(
    'POST',
    '/api/srut-inspection-pressure-vessel',
    multipart({
      reportHeaderId: r0.id,
      measurementDate: date,
      nominalThickness: '12.7',
      minimumThickness: '9.5',
    }),
  );
  expect(inspection.status, JSON.stringify(inspection.body)).toBe(201);
  const row = await t.call(
    'POST',
    '/api/srut-summary-pressure-vessel',
    multipart({ srutInspectionId: inspection.body.data.id, tag: 'A-03', estimationOfDepth: '2.4' }),
  );
  expect(row.status, JSON.stringify(row.body)).toBe(201);
  return { report: r0, recordId: row.body.data.id as string };
}

/** A PAUT joint J-12 whose thinnest wall measured is `mm`. */
async function pautReport(equipmentNo: string, date: string, mm: number) {
  const r0 = await report(equipmentNo, 'paut', date);
  const inspection = await t.call('POST', '/api/paut-inspection-pipe', {
    reportHeaderId: r0.id,
    measurementDate: date,
    procedureNo: 'PAUT-PRC-003',
  });
  expect(inspection.status, JSON.stringify(inspection.body)).toBe(201);
  const row = await t.call('POST', '/api/paut-summary-pipe', {
    pautInspectionId: inspection.body.data.id,
    measurementDate: date,
    jointNumber: 'J-12',
    minimumWallThickness: mm,
  });
  expect(row.status, JSON.stringify(row.body)).toBe(201);
  return { report: r0, recordId: row.body.data.id as string };
}

async function createLocation(equipmentNo: string, nominalThicknessMm = 12) {
  const r = await t.call('POST', '/api/thickness-locations', {
    equipmentNo,
    name: `CML-${Math.random().toString(36).slice(2, 7)}`,
    code: 'api570',
    inspectionClass: 1,
    nominalThicknessMm,
    requiredThicknessMm: 6,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { id: string };
}

const candidates = async (locationId: string, token?: string) => {
  const r = await t.call(
    'GET',
    `/api/thickness-readings/candidates?thicknessLocationId=${locationId}`,
    undefined,
    token,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { data: Candidate[]; meta: { notShown: { data: number } } };
};

const take = (thicknessLocationId: string, recordIds: string[], token?: string) =>
  t.call('POST', '/api/thickness-readings/from-records', { thicknessLocationId, recordIds }, token);

const readingsOf = async (locationId: string) =>
  (await t.call('GET', `/api/thickness-readings/by-location?thicknessLocationId=${locationId}`)).body
    .data as Record<string, unknown>[];

/** One equipment with an approved UFD (2021), SRUT (2023) and PAUT (2026) report, and what is not offered. */
async function plant() {
  const { equipmentNo } = await createEquipment(t);
  const ufd = await ufdReport(equipmentNo, '2021-01-15', '9.0');
  const srut = await srutReport(equipmentNo, '2023-06-01');
  const paut = await pautReport(equipmentNo, '2026-01-15', 8.5);
  for (const r of [ufd, srut, paut]) await approve(r.report.id);
  // Not offered: a report not approved, and another equipment's approved one.
  await ufdReport(equipmentNo, '2025-01-15', '8.8');
  const other = await ufdReport((await createEquipment(t)).equipmentNo, '2024-01-15', '8.9');
  await approve(other.report.id);
  return { equipmentNo, ufd, srut, paut, other };
}

describe("a location's candidates from the records of its equipment", () => {
  it('offers each technique’s declared thickness of approved, current reports, latest first', async () => {
    const p = await plant();
    const location = await createLocation(p.equipmentNo);
    const offered = await candidates(location.id);
    expect(offered.meta).toEqual({ notShown: { data: 0 } });
    expect(offered.data.map((c) => [c.method, c.date, c.thicknessMm, c.label, c.reportNumber])).toEqual([
      ['paut', '2026-01-15', 8.5, 'J-12', p.paut.report.reportNumber],
      ['srut', '2023-06-01', 10.3, 'A-03', p.srut.report.reportNumber],
      ['ufd', '2021-01-15', 9, expect.stringContaining('Joint W-17'), p.ufd.report.reportNumber],
    ]);
    expect(offered.data[0]).toMatchObject({ recordId: p.paut.recordId, reportHeaderId: p.paut.report.id });
  });

  it('takes the chosen ones as readings dated by the report, by the technique, and offers them no more', async () => {
    const p = await plant();
    const location = await createLocation(p.equipmentNo);
    const r = await take(location.id, [p.ufd.recordId, p.paut.recordId]);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(
      r.body.data.map((x: Record<string, unknown>) => [x.date, x.thicknessMm, x.method, x.sourceReportId]),
    ).toEqual([
      ['2021-01-15', 9, 'ufd', p.ufd.report.id],
      ['2026-01-15', 8.5, 'paut', p.paut.report.id],
    ]);
    // The location's series and rates follow, in the same transaction: 0.5 mm over 5 years.
    const view = (await t.call('GET', `/api/thickness-locations/${location.id}`)).body.data;
    expect(view).toMatchObject({ readingCount: 2, corrosionRateLongTermMmPerYear: 0.1 });
    expect((await candidates(location.id)).data.map((c) => c.recordId)).toEqual([p.srut.recordId]);
    // The readings list says where each came from and its change.
    expect((await readingsOf(location.id)).map((x) => [x.method, x.changeMm, x.rateMmPerYear])).toEqual([
      ['ufd', null, null],
      ['paut', -0.5, 0.1],
    ]);

    // A record taken is taken once, whichever location asks: 409, nothing more written.
    const again = await take(location.id, [p.srut.recordId, p.ufd.recordId]);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ data: null, error: { code: 'CONFLICT' } });
    const elsewhere = await createLocation(p.equipmentNo);
    expect((await take(elsewhere.id, [p.paut.recordId])).status).toBe(409);
    expect(await readingsOf(location.id)).toHaveLength(2);
    expect(await readingsOf(elsewhere.id)).toHaveLength(0);
  });

  it('refuses as a hand-entered reading is refused, and keeps nothing of the call', async () => {
    const p = await plant();
    // Nominal 10.0 mm: SRUT's 10.3 mm wall is thicker than nominal; taken with UFD's 9.0, neither is.
    const location = await createLocation(p.equipmentNo, 10);
    const thicker = await take(location.id, [p.ufd.recordId, p.srut.recordId]);
    expect(thicker.status).toBe(400);
    expect(thicker.body).toMatchObject({
      data: null,
      error: { code: 'VALIDATION_ERROR', details: [expect.objectContaining({ path: 'thicknessMm' })] },
    });
    expect(await readingsOf(location.id)).toHaveLength(0);
    // A reading by hand the same day as the report: one reading per location and day, 409.
    const byHand = await t.call('POST', '/api/thickness-readings', {
      thicknessLocationId: location.id,
      date: '2021-01-15',
      thicknessMm: 9.1,
      method: 'utSpot',
    });
    expect(byHand.status).toBe(201);
    const sameDay = await take(location.id, [p.ufd.recordId]);
    expect(sameDay.status).toBe(409);
    expect(await readingsOf(location.id)).toHaveLength(1);
    // A record of a report not approved, of another equipment, or no record: 404.
    expect((await take(location.id, [p.other.recordId])).status).toBe(404);
    expect((await take(location.id, ['00000000-0000-4000-8000-000000000000'])).status).toBe(404);
    const unknownLocation = await take('00000000-0000-4000-8000-000000000000', [p.ufd.recordId]);
    expect(unknownLocation.status).toBe(404);
    for (const body of [
      { thicknessLocationId: location.id, recordIds: [] },
      { thicknessLocationId: location.id, recordIds: ['x'] },
      { thicknessLocationId: location.id, recordIds: [p.paut.recordId, p.paut.recordId] },
      { recordIds: [p.paut.recordId] },
    ]) {
      const bad = await t.call('POST', '/api/thickness-readings/from-records', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.data).toBeNull();
    }
    // The server sets where a reading came from: a client that sends it is refused.
    const sent = await t.call('POST', '/api/thickness-readings', {
      thicknessLocationId: location.id,
      date: '2020-01-15',
      thicknessMm: 9.5,
      method: 'ufd',
      sourceRecordId: p.paut.recordId,
    });
    expect(sent.status).toBe(400);
    expect(await readingsOf(location.id)).toHaveLength(1);
  });

  it('leaves out a superseded report: its approved revision is offered instead', async () => {
    const { equipmentNo } = await createEquipment(t);
    const first = await pautReport(equipmentNo, '2026-01-15', 8.5);
    await approve(first.report.id);
    const revised = await t.call('POST', `/api/report-headers/${first.report.id}/revision`, {
      reason: 'Joint J-12 re-measured',
    });
    expect(revised.status, JSON.stringify(revised.body)).toBe(201);
    const revision = revised.body.data as { id: string };
    await approve(revision.id);
    const location = await createLocation(equipmentNo);
    const offered = (await candidates(location.id)).data;
    expect(offered.map((c) => c.reportHeaderId)).toEqual([revision.id]);
    expect((await take(location.id, [first.recordId])).status).toBe(404);
  });

  it("answers a contractor's user its company's reports only, and refuses it the write", async () => {
    const p = await plant();
    const location = await createLocation(p.equipmentNo);
    const token = await contractorToken(t);
    expect((await candidates(location.id, token)).data).toEqual([]);
    const write = await take(location.id, [p.ufd.recordId], token);
    expect(write.status).toBe(403);
    expect(await readingsOf(location.id)).toHaveLength(0);
    // A viewer may read the readings but not ask for candidates: they are for taking.
    const viewer = await createUser(t, { roleId: await standardRoleId(t, 'Viewer') });
    const viewerToken = (await t.login(viewer.username, viewer.password)).json().data.accessToken as string;
    const asked = await t.call(
      'GET',
      `/api/thickness-readings/candidates?thicknessLocationId=${location.id}`,
      undefined,
      viewerToken,
    );
    expect(asked.status).toBe(403);
  });
});
