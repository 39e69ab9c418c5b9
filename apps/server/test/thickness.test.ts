/**
 * Thickness monitoring (docs/thickness-monitoring.md): locations and readings through their calls,
 * each location answered with its rates, remaining life, next inspection and status, at every
 * boundary of the formulas, and the bad input the issue names refused whole.
 */
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thicknessLocation } from '@inspectra/contract';
import { tableOf, users } from '../src/db/schema/index.ts';
import { addDays } from '../src/modules/recommendations/recommendation-writes.ts';
import { keepUnkeptLocations } from '../src/modules/thickness/thickness.actions.ts';
import { createEquipment, createUser, multipart, standardRoleId, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const thicknessLocations = tableOf(thicknessLocation);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Location = Record<string, unknown> & { id: string };

async function createLocation(overrides: Record<string, unknown> = {}): Promise<Location> {
  const equipmentNo = (overrides.equipmentNo as string | undefined) ?? (await createEquipment(t)).equipmentNo;
  const r = await t.call('POST', '/api/thickness-locations', {
    equipmentNo,
    name: 'CML-1',
    component: 'Elbow 90° downstream of P-101',
    code: 'api570',
    inspectionClass: 1,
    nominalThicknessMm: 10.0,
    requiredThicknessMm: 6.0,
    corrosionAllowanceMm: 3.0,
    ...overrides,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data;
}

/** A reading sent by hand (UT spot), as the call answers it. */
const postReading = (locationId: string, date: string, thicknessMm: number, token?: string) =>
  t.call(
    'POST',
    '/api/thickness-readings',
    { thicknessLocationId: locationId, date, thicknessMm, method: 'utSpot' },
    token,
  );

async function addReading(locationId: string, date: string, thicknessMm: number) {
  const r = await postReading(locationId, date, thicknessMm);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data;
}

const view = async (id: string) => {
  const r = await t.call('GET', `/api/thickness-locations/${id}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

/** The issue's pipe: 10.0 mm (2016), 9.0 mm (2021), 8.5 mm (2026), required 6.0 mm. */
async function issuePipe(overrides: Record<string, unknown> = {}) {
  const location = await createLocation(overrides);
  await addReading(location.id, '2016-01-15', 10.0);
  await addReading(location.id, '2021-01-15', 9.0);
  await addReading(location.id, '2026-01-15', 8.5);
  return location;
}

describe("a location's rates, remaining life and next inspection", () => {
  it("answers the issue's pipe as class 1: LT 0.15, ST 0.10, 16.7 years, next January 2031", async () => {
    const location = await issuePipe();
    const v = await view(location.id);
    expect(v).toMatchObject({
      readingCount: 3,
      firstReading: { date: '2016-01-15', thicknessMm: 10 },
      previousReading: { date: '2021-01-15', thicknessMm: 9 },
      latestReading: { date: '2026-01-15', thicknessMm: 8.5 },
      corrosionRateLongTermMmPerYear: 0.15,
      corrosionRateShortTermMmPerYear: 0.1,
      remainingLifeYears: 16.7,
      nextInspectionDate: '2031-01-15',
      status: 'ok',
      rateNote: null,
    });
    // 8.5 mm reaches 6.0 mm at 0.15 mm/y about 16.7 years on: September 2042.
    expect(v.projectedRequiredDate).toMatch(/^2042-09-/);
  });

  it('as class 2, half the remaining life (8.3 years) comes first: May 2034', async () => {
    const location = await issuePipe({ inspectionClass: 2 });
    const v = await view(location.id);
    expect(v.nextInspectionDate).toMatch(/^2034-05-/);
    expect(v.remainingLifeYears).toBe(16.7);
  });

  it('as class 4 (no maximum interval) the half-life date alone; a vessel caps at 10 years, a tank shell at 15', async () => {
    expect((await view((await issuePipe({ inspectionClass: 4 })).id)).nextInspectionDate).toMatch(
      /^2034-05-/,
    );
    const vessel = await issuePipe({ code: 'api510', inspectionClass: null });
    expect((await view(vessel.id)).nextInspectionDate).toMatch(/^2034-05-/);
    // A slow loss: life 60 years, half 30, so the code's 15-year maximum governs.
    const slow = await createLocation({ code: 'api653', inspectionClass: null, requiredThicknessMm: 3.0 });
    await addReading(slow.id, '2016-01-15', 10.0);
    await addReading(slow.id, '2026-01-15', 9.0);
    const tank = await view(slow.id);
    expect(tank.remainingLifeYears).toBe(60);
    expect(tank.nextInspectionDate).toBe('2041-01-15');
  });

  it('with one reading: no rate (a stated reason, not 0), the class maximum from its date', async () => {
    const location = await createLocation();
    await addReading(location.id, '2026-01-15', 8.5);
    const v = await view(location.id);
    expect(v).toMatchObject({
      readingCount: 1,
      previousReading: null,
      corrosionRateLongTermMmPerYear: null,
      corrosionRateShortTermMmPerYear: null,
      remainingLifeYears: null,
      nextInspectionDate: '2031-01-15',
      status: 'ok',
      rateNote: 'oneReading',
    });
  });

  it('with no readings: nothing worked out, and says so', async () => {
    const v = await view((await createLocation()).id);
    expect(v).toMatchObject({
      readingCount: 0,
      status: null,
      nextInspectionDate: null,
      rateNote: 'noReadings',
    });
  });

  it('reports a negative rate (growth) and judges life by the other; with no loss at all, no life', async () => {
    const grown = await createLocation();
    await addReading(grown.id, '2016-01-15', 10.0);
    await addReading(grown.id, '2021-01-15', 8.0);
    await addReading(grown.id, '2026-01-15', 8.5);
    const g = await view(grown.id);
    expect(g.corrosionRateShortTermMmPerYear).toBe(-0.1);
    expect(g.corrosionRateLongTermMmPerYear).toBe(0.15);
    expect(g.remainingLifeYears).toBe(16.7);
    expect(g.rateNote).toBe('growthNotUsed');

    const steady = await createLocation();
    await addReading(steady.id, '2016-01-15', 9.0);
    await addReading(steady.id, '2026-01-15', 9.0);
    const s = await view(steady.id);
    expect(s).toMatchObject({
      corrosionRateLongTermMmPerYear: 0,
      remainingLifeYears: null,
      nextInspectionDate: '2031-01-15',
      status: 'ok',
      rateNote: 'noMetalLoss',
    });
  });

  it('status at its edges: at required is below; within 10 % of required, or under two years of life, approaching', async () => {
    const at = await createLocation();
    await addReading(at.id, '2025-01-15', 6.0);
    expect((await view(at.id)).status).toBe('belowRequired');

    // 6.6 mm is required × 1.10: approaching; 6.7 mm is not (one reading: no life to judge).
    const margin = await createLocation();
    await addReading(margin.id, '2025-01-15', 6.6);
    expect((await view(margin.id)).status).toBe('approaching');
    const clear = await createLocation();
    await addReading(clear.id, '2025-01-15', 6.7);
    expect((await view(clear.id)).status).toBe('ok');

    // 1 mm a year: life (7.0 − 6.0) ÷ 1.0 ≈ 1.0 year, approaching though 7.0 mm is clear of the margin.
    const fast = await createLocation();
    await addReading(fast.id, '2023-01-15', 9.0);
    await addReading(fast.id, '2025-01-15', 7.0);
    const f = await view(fast.id);
    expect(f.remainingLifeYears).toBe(1);
    expect(f.status).toBe('approaching');
    // Below required: no life left, the next inspection is now (the latest reading's day).
    const below = await createLocation();
    await addReading(below.id, '2020-01-15', 7.0);
    await addReading(below.id, '2025-01-15', 5.5);
    expect(await view(below.id)).toMatchObject({
      status: 'belowRequired',
      remainingLifeYears: 0,
      nextInspectionDate: '2025-01-15',
    });
  });

  it('lists locations paged, filtered by equipment and by status in the statement', async () => {
    const { equipmentNo } = await createEquipment(t);
    const ok = await createLocation({ equipmentNo, name: 'A-ok' });
    await addReading(ok.id, '2025-01-15', 9.5);
    const near = await createLocation({ equipmentNo, name: 'B-near' });
    await addReading(near.id, '2025-01-15', 6.3);
    const below = await createLocation({ equipmentNo, name: 'C-below' });
    await addReading(below.id, '2025-01-15', 5.9);
    await createLocation({ equipmentNo, name: 'D-none' });
    const nearAgain = await createLocation({ equipmentNo, name: 'E-near' });
    await addReading(nearAgain.id, '2025-01-15', 6.4);
    const belowAgain = await createLocation({ equipmentNo, name: 'F-below' });
    await addReading(belowAgain.id, '2025-01-15', 5.8);

    const all = await t.call('GET', `/api/thickness-locations?equipmentNo=${equipmentNo}`);
    expect(all.status).toBe(200);
    expect(all.body.meta).toMatchObject({ pageNumber: 1, totalCount: 6 });
    expect(all.body.data.map((l: Location) => [l.name, l.status])).toEqual([
      ['A-ok', 'ok'],
      ['B-near', 'approaching'],
      ['C-below', 'belowRequired'],
      ['D-none', null],
      ['E-near', 'approaching'],
      ['F-below', 'belowRequired'],
    ]);
    // Two states: each state's locations read in list order and merged (paging.ts `mergedValues`),
    // alternating here from one state to the other; the first page cut at its size.
    const attention = await t.call(
      'GET',
      `/api/thickness-locations?equipmentNo=${equipmentNo}&status=belowRequired,approaching`,
    );
    expect(attention.body.data.map((l: Location) => l.name)).toEqual([
      'B-near',
      'C-below',
      'E-near',
      'F-below',
    ]);
    expect(attention.body.meta.totalCount).toBe(4);
    const firstThree = await t.call(
      'GET',
      `/api/thickness-locations?equipmentNo=${equipmentNo}&status=belowRequired,approaching&pageSize=3`,
    );
    expect(firstThree.body.data.map((l: Location) => l.name)).toEqual(['B-near', 'C-below', 'E-near']);
    expect(firstThree.body.meta).toMatchObject({ totalCount: 4, totalPages: 2 });
    const secondPage = await t.call(
      'GET',
      `/api/thickness-locations?equipmentNo=${equipmentNo}&status=belowRequired,approaching&pageSize=3&pageNumber=2`,
    );
    expect(secondPage.body.data.map((l: Location) => l.name)).toEqual(['F-below']);
    const paged = await t.call(
      'GET',
      `/api/thickness-locations?equipmentNo=${equipmentNo}&pageSize=1&pageNumber=2`,
    );
    expect(paged.body.data.map((l: Location) => l.name)).toEqual(['B-near']);
    expect(paged.body.meta).toMatchObject({ pageSize: 1, totalCount: 6, totalPages: 6 });

    const wrong = await t.call('GET', '/api/thickness-locations?status=fine');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ data: null, error: { code: 'VALIDATION_ERROR' } });
  });

  it('lists each location as its own read answers it: no readings, one, two, three, growth', async () => {
    // On PostgreSQL the list's page is written by the database (`viewSql`), the read by the server.
    const { equipmentNo } = await createEquipment(t);
    const none = await createLocation({ equipmentNo, name: 'A-none', inspectionClass: null, code: 'api510' });
    const one = await createLocation({ equipmentNo, name: 'B-one' });
    await addReading(one.id, '2024-03-01', 9.25);
    const two = await createLocation({ equipmentNo, name: 'C-two', corrosionAllowanceMm: null });
    await addReading(two.id, '2020-02-29', 9.8);
    await addReading(two.id, '2025-08-31', 9.8333);
    const three = await issuePipe({ equipmentNo, name: 'D-three' });
    const grown = await createLocation({ equipmentNo, name: 'E-grown' });
    await addReading(grown.id, '2019-06-30', 7.1);
    await addReading(grown.id, '2023-12-31', 7.3);
    await addReading(grown.id, '2026-01-02', 6.95);

    const listed = await t.call('GET', `/api/thickness-locations?equipmentNo=${equipmentNo}`);
    expect(listed.status).toBe(200);
    const ids = [none, one, two, three, grown].map((l) => l.id);
    expect(listed.body.data.map((l: Location) => l.id)).toEqual(ids);
    for (const [i, id] of ids.entries()) expect(listed.body.data[i]).toEqual(await view(id));
    expect(listed.body.data[0]).toMatchObject({ readingCount: 0, firstReading: null, latestReading: null });
    expect(listed.body.data[3]).toMatchObject({
      readingCount: 3,
      firstReading: { date: '2016-01-15', thicknessMm: 10 },
      previousReading: { date: '2021-01-15', thicknessMm: 9 },
      latestReading: { date: '2026-01-15', thicknessMm: 8.5 },
    });
  });

  it("lists one location's readings oldest first, and follows an edit and a delete", async () => {
    const location = await issuePipe();
    const r = await t.call('GET', `/api/thickness-readings/by-location?thicknessLocationId=${location.id}`);
    expect(r.status).toBe(200);
    expect(r.body.data.map((x: { date: string }) => x.date)).toEqual([
      '2016-01-15',
      '2021-01-15',
      '2026-01-15',
    ]);
    // Each against the one before it: −1.0 mm over 5 years (0.20 mm/y), −0.5 mm (0.10 mm/y); the
    // first has none (empty, not 0).
    expect(
      r.body.data.map((x: Record<string, unknown>) => [x.previousReading, x.changeMm, x.rateMmPerYear]),
    ).toEqual([
      [null, null, null],
      [{ date: '2016-01-15', thicknessMm: 10 }, -1, 0.2],
      [{ date: '2021-01-15', thicknessMm: 9 }, -0.5, 0.1],
    ]);
    expect(r.body.meta).toEqual({ notShown: { data: 0 } });
    const latest = r.body.data[2];
    const edited = await t.call('PUT', `/api/thickness-readings/${latest.id}`, {
      thicknessMm: 8.0,
      version: latest.version,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await view(location.id)).corrosionRateShortTermMmPerYear).toBe(0.2);
    expect((await t.call('DELETE', `/api/thickness-readings/${latest.id}`)).status).toBe(200);
    expect(await view(location.id)).toMatchObject({ readingCount: 2, corrosionRateShortTermMmPerYear: 0.2 });
  });

  it('answers a reading dated back as the new first, each change against the reading before it in time', async () => {
    const location = await createLocation();
    await addReading(location.id, '2021-01-15', 9.0);
    // Growth reads as a negative rate, as the location's rates do.
    await addReading(location.id, '2024-01-15', 9.3);
    await addReading(location.id, '2016-01-15', 10.0);
    const r = await t.call('GET', `/api/thickness-readings/by-location?thicknessLocationId=${location.id}`);
    expect(r.body.data.map((x: Record<string, unknown>) => [x.date, x.changeMm, x.rateMmPerYear])).toEqual([
      ['2016-01-15', null, null],
      ['2021-01-15', -1, 0.2],
      ['2024-01-15', 0.3, -0.1],
    ]);
    const unknown = await t.call(
      'GET',
      '/api/thickness-readings/by-location?thicknessLocationId=00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.data).toBeNull();
    const malformed = await t.call('GET', '/api/thickness-readings/by-location?thicknessLocationId=x');
    expect(malformed.status).toBe(400);
  });
});

describe('the series and status each location keeps', () => {
  const listed = async (equipmentNo: string, status: string) =>
    (
      await t.call('GET', `/api/thickness-locations?equipmentNo=${equipmentNo}&status=${status}`)
    ).body.data.map((l: Location) => l.name);

  it('follows a change of the required thickness, an edit and a delete of a reading', async () => {
    const { equipmentNo } = await createEquipment(t);
    const location = await createLocation({ equipmentNo, name: 'K-1' });
    const first = await addReading(location.id, '2020-01-15', 7.5);
    const latest = await addReading(location.id, '2025-01-15', 7.0);
    expect(await listed(equipmentNo, 'ok')).toEqual(['K-1']);
    // Required 6.5 mm: 7.0 is within 10 % of it (7.15): approaching, listed so at once.
    const raised = await t.call('PUT', `/api/thickness-locations/${location.id}`, {
      requiredThicknessMm: 6.5,
      version: location.version,
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(await listed(equipmentNo, 'approaching')).toEqual(['K-1']);
    expect(await listed(equipmentNo, 'ok')).toEqual([]);
    // The latest reading edited below required: below required.
    const edited = await t.call('PUT', `/api/thickness-readings/${latest.id}`, {
      thicknessMm: 6.4,
      version: latest.version,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await listed(equipmentNo, 'belowRequired')).toEqual(['K-1']);
    // Both readings deleted: no status, in no state's list.
    expect((await t.call('DELETE', `/api/thickness-readings/${latest.id}`)).status).toBe(200);
    expect(await view(location.id)).toMatchObject({
      readingCount: 1,
      latestReading: { date: '2020-01-15', thicknessMm: 7.5 },
      previousReading: null,
      status: 'ok',
    });
    expect((await t.call('DELETE', `/api/thickness-readings/${first.id}`)).status).toBe(200);
    expect(await view(location.id)).toMatchObject({ readingCount: 0, latestReading: null, status: null });
    for (const status of ['ok', 'approaching', 'belowRequired'])
      expect(await listed(equipmentNo, status)).toEqual([]);
  });

  it('is set by the server only: a client that sends it is refused', async () => {
    const location = await createLocation();
    for (const body of [{ status: 'ok' }, { latestThicknessMm: 9 }, { readingCount: 3 }]) {
      const r = await t.call('PUT', `/api/thickness-locations/${location.id}`, {
        ...body,
        version: location.version,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body).toMatchObject({ data: null, error: { code: 'VALIDATION_ERROR' } });
    }
  });

  it('is kept at start for locations stored before it was kept', async () => {
    const { equipmentNo } = await createEquipment(t);
    const location = await issuePipe({ equipmentNo, name: 'Old-1' });
    await t.db
      .update(thicknessLocations)
      .set({ readingCount: null, latestThicknessMm: null, latestDate: null, status: null })
      .where(eq(thicknessLocations.id, location.id));
    expect(await listed(equipmentNo, 'ok')).toEqual([]);
    expect(await keepUnkeptLocations(t.db)).toBeGreaterThanOrEqual(1);
    expect(await listed(equipmentNo, 'ok')).toEqual(['Old-1']);
    expect(await view(location.id)).toMatchObject({ readingCount: 3, remainingLifeYears: 16.7 });
    // Every location kept: the next start finds none and keeps nothing.
    expect(await keepUnkeptLocations(t.db)).toBe(0);
    expect(await view(location.id)).toMatchObject({ readingCount: 3, remainingLifeYears: 16.7 });
  });
});

describe('bad input: a clear 4xx, nothing stored', () => {
  it('refuses a reading thicker than nominal, in the future, or a second one the same day', async () => {
    const location = await createLocation();
    await addReading(location.id, '2020-01-15', 9.0);
    const thick = await postReading(location.id, '2021-01-15', 10.5);
    expect(thick.status).toBe(400);
    expect(thick.body).toMatchObject({
      data: null,
      error: { code: 'VALIDATION_ERROR', details: [{ path: 'thicknessMm', code: 'thickerThanNominal' }] },
    });
    const future = await postReading(location.id, '2999-01-01', 8.0);
    expect(future.status).toBe(400);
    expect(future.body.error.code).toBe('VALIDATION_ERROR');
    const twice = await postReading(location.id, '2020-01-15', 8.9);
    expect(twice.status).toBe(409);
    expect((await view(location.id)).readingCount).toBe(1);
  });

  it('takes a back-filled older reading in its place in time: the rates follow the dates', async () => {
    const location = await createLocation();
    await addReading(location.id, '2026-01-15', 8.5);
    await addReading(location.id, '2021-01-15', 9.0);
    await addReading(location.id, '2016-01-15', 10.0);
    expect(await view(location.id)).toMatchObject({
      corrosionRateLongTermMmPerYear: 0.15,
      corrosionRateShortTermMmPerYear: 0.1,
      latestReading: { date: '2026-01-15' },
    });
  });

  it('refuses a location whose required thickness is not below nominal, or a pipe without its class', async () => {
    const { equipmentNo } = await createEquipment(t);
    const bad = await t.call('POST', '/api/thickness-locations', {
      equipmentNo,
      name: 'X',
      code: 'api570',
      inspectionClass: 1,
      nominalThicknessMm: 6,
      requiredThicknessMm: 6,
    });
    expect(bad.status).toBe(400);
    const noClass = await t.call('POST', '/api/thickness-locations', {
      equipmentNo,
      name: 'Y',
      code: 'api570',
      nominalThicknessMm: 10,
      requiredThicknessMm: 6,
    });
    expect(noClass.status).toBe(400);
    const unknown = await t.call('POST', '/api/thickness-locations', {
      equipmentNo: 'NO-SUCH-EQUIPMENT',
      name: 'Z',
      code: 'api510',
      nominalThicknessMm: 10,
      requiredThicknessMm: 6,
    });
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
    const list = await t.call('GET', `/api/thickness-locations?equipmentNo=${equipmentNo}`);
    expect(list.body.meta.totalCount).toBe(0);
    const missing = await t.call('GET', '/api/thickness-locations/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
  });

  it("a contractor's inspector reads the plant's locations but writes none", async () => {
    const location = await issuePipe();
    const company = await t.call(
      'POST',
      '/api/contractor-company',
      multipart({ ContractorName: `TM-${Date.now()}` }),
    );
    expect(company.status).toBe(201);
    const user = await createUser(t, { roleId: await standardRoleId(t, 'Contractor inspector') });
    await t.db.update(users).set({ contractorCompanyId: company.body.data.id }).where(eq(users.id, user.id));
    const token = (await t.login(user.username, user.password)).json().data.accessToken as string;
    const read = await t.call('GET', `/api/thickness-locations/${location.id}`, undefined, token);
    expect(read.status).toBe(200);
    expect(read.body.data.remainingLifeYears).toBe(16.7);
    const write = await postReading(location.id, '2026-02-01', 8.4, token);
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ data: null, error: { code: 'FORBIDDEN' } });
    expect((await view(location.id)).readingCount).toBe(3);
  });

  it('refuses every call without a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/thickness-locations' });
    expect(res.statusCode).toBe(401);
  });
});

describe('readings from a spreadsheet', () => {
  /** An .xlsx of readings under the template's own header. */
  async function sheet(header: string[], rows: unknown[][]) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Readings');
    ws.addRow(header);
    for (const row of rows) ws.addRow(row);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    return multipart({}, { file: { name: 'readings.xlsx', type, bytes } });
  }

  it('gives a template, and imports readings all or none, judged as single writes', async () => {
    const template = await t.call('GET', '/api/thickness-readings/export/template');
    expect(template.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.res.rawPayload as unknown as ArrayBuffer);
    const header = (wb.worksheets[0]!.getRow(1).values as unknown[]).filter(Boolean).map(String);
    expect(header).toEqual(['Location', 'Date', 'Thickness', 'Method', 'Source report']);

    const location = await createLocation();
    const rows = (thicker: number) => [
      [location.id, '2016-01-15', 10.0, 'utSpot'],
      [location.id, '2021-01-15', thicker, 'utSpot'],
      [location.id, '2026-01-15', 8.5, 'paut'],
    ];
    const refused = await t.call(
      'POST',
      '/api/thickness-readings/import',
      await sheet(header.slice(0, 4), rows(10.4)),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.error)).toContain('Thicker than the nominal 10 mm');
    expect((await view(location.id)).readingCount).toBe(0);

    const imported = await t.call(
      'POST',
      '/api/thickness-readings/import',
      await sheet(header.slice(0, 4), rows(9.0)),
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.data).toMatchObject({ created: 3 });
    expect(await view(location.id)).toMatchObject({
      corrosionRateLongTermMmPerYear: 0.15,
      corrosionRateShortTermMmPerYear: 0.1,
      remainingLifeYears: 16.7,
    });
    // The spreadsheet library loads at first use, and three sheets pass through it: on a loaded
    // machine (load average 10) this took 41 s.
  }, 120_000);
});

describe("the register's findings of thickness locations (docs/recommendations.md)", () => {
  const today = () => new Date().toISOString().slice(0, 10);
  type Finding = { id: string; grade: string; severity: string; dueDate: string; status: string } & Record<
    string,
    unknown
  >;
  const findingsOf = async (equipmentNo: string): Promise<Finding[]> => {
    const r = await t.call(
      'GET',
      `/api/recommendations?pageSize=100&equipmentNo=${equipmentNo}&status=open,inProgress,closed`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };

  it('opens a critical finding at the required thickness, a high one under two years of life, none at two', async () => {
    const area = `AREA-${Date.now().toString(36)}`.toUpperCase();
    expect((await t.call('POST', '/api/asset/locations', { code: area, name: 'Crude unit' })).status).toBe(
      201,
    );
    const { equipmentNo } = await createEquipment(t, { locationCode: area });
    // At required (6.0 mm): below required, critical, due in a week.
    const at = await createLocation({ equipmentNo, name: 'CML-at' });
    await addReading(at.id, '2025-01-15', 6.0);
    // Just above required with one reading: no life to judge, no finding.
    const above = await createLocation({ equipmentNo, name: 'CML-above' });
    await addReading(above.id, '2025-01-15', 6.1);
    // 10.0 → 8.0 mm over two years: 2.0 years of life, not under two; 7.95 mm: 1.9 years, high.
    const two = await createLocation({ equipmentNo, name: 'CML-two' });
    await addReading(two.id, '2023-01-15', 10.0);
    await addReading(two.id, '2025-01-15', 8.0);
    expect((await view(two.id)).remainingLifeYears).toBe(2);
    const under = await createLocation({ equipmentNo, name: 'CML-under' });
    await addReading(under.id, '2023-01-15', 10.0);
    await addReading(under.id, '2025-01-15', 7.95);
    expect((await view(under.id)).remainingLifeYears).toBe(1.9);

    const found = await findingsOf(equipmentNo);
    expect(
      found.map((f) => [f.thicknessLocationId, f.grade, f.severity, f.dueDate, f.status, f.area]).sort(),
    ).toEqual(
      [
        [at.id, 'belowRequired', 'critical', addDays(today(), 7), 'open', area],
        [under.id, 'underTwoYears', 'high', addDays(today(), 30), 'open', area],
      ].sort(),
    );
    const critical = found.find((f) => f.grade === 'belowRequired')!;
    expect(critical).toMatchObject({ reportHeaderId: null, inspectionMethod: null, gradedRowId: null });
    // The location by name, and the figures the reader's language words (no English from the server).
    expect(critical).toMatchObject({
      finding: 'CML-at · Elbow 90° downstream of P-101',
      thicknessMm: 6,
      requiredThicknessMm: 6,
      remainingLifeYears: null,
    });
    const high = found.find((f) => f.grade === 'underTwoYears')!;
    expect(high).toMatchObject({
      finding: 'CML-under · Elbow 90° downstream of P-101',
      thicknessMm: null,
      requiredThicknessMm: null,
      remainingLifeYears: 1.9,
    });
    // The register's file words the figures in English, its one language.
    const file = await t.call('GET', `/api/recommendations/export?equipmentNo=${equipmentNo}`);
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect([2, 3].map((n) => sheet.getRow(n).getCell(7).value)).toEqual([
      'CML-at · Elbow 90° downstream of P-101: 6 mm, required 6 mm',
      'CML-under · Elbow 90° downstream of P-101: 1.9 years of remaining life',
    ]);
    expect((await findingsOf(equipmentNo)).length).toBe(2);
  });

  it('opens one finding per location and kind, keeps it when the wall recovers, opens again once closed', async () => {
    const { equipmentNo } = await createEquipment(t);
    const location = await createLocation({ equipmentNo });
    await addReading(location.id, '2023-01-15', 10.0);
    await addReading(location.id, '2024-01-15', 7.9);
    // Under two years (high), then below required too (critical): one finding of each kind.
    await addReading(location.id, '2025-01-15', 5.9);
    await addReading(location.id, '2025-02-15', 5.8);
    const both = await findingsOf(equipmentNo);
    expect(both.map((f) => f.grade).sort()).toEqual(['belowRequired', 'underTwoYears']);
    // A change of the location itself (its name) keeps its status and opens nothing more.
    const changed = await t.call('PUT', `/api/thickness-locations/${location.id}`, {
      name: 'CML-1b',
      version: (await view(location.id)).version,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await findingsOf(equipmentNo)).length).toBe(2);

    // The wrong reading removed: the wall reads as before, yet both findings stay for a person to close.
    const readings = await t.call(
      'GET',
      `/api/thickness-readings/by-location?thicknessLocationId=${location.id}`,
    );
    for (const r of readings.body.data.filter((x: { date: string }) => x.date >= '2025-01-01'))
      expect((await t.call('DELETE', `/api/thickness-readings/${r.id}`)).status).toBe(200);
    expect((await findingsOf(equipmentNo)).map((f) => f.status)).toEqual(['open', 'open']);

    // Closing needs evidence as any finding does; closed, the next low reading opens a new one.
    const critical = (await findingsOf(equipmentNo)).find((f) => f.grade === 'belowRequired')!;
    const bare = await t.call('PUT', `/api/recommendations/${critical.id}`, { status: 'closed' });
    expect(bare.status).toBe(400);
    expect(bare.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'evidenceComment',
      'evidenceReportId',
    ]);
    await t.db.execute(
      sql`update recommendation set status = 'closed', evidence_comment = 'Replaced spool' where id = ${critical.id}`,
    );
    await addReading(location.id, '2025-03-15', 5.7);
    const after = await findingsOf(equipmentNo);
    expect(
      after
        .filter((f) => f.grade === 'belowRequired')
        .map((f) => f.status)
        .sort(),
    ).toEqual(['closed', 'open']);
  });

  it('refuses in the database a finding with no source or with both', async () => {
    const { equipmentNo } = await createEquipment(t);
    const insert = (source: string) =>
      t.db.execute(
        sql.raw(`insert into recommendation (equipment_no, finding, grade, severity, due_date${source ? ', report_header_id, thickness_location_id' : ''})
          values ('${equipmentNo}', 'x', 'belowRequired', 'high', current_date${source})`),
      );
    // The check's name is in the driver's error under the query's (its cause).
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'stored',
        (e: Error & { cause?: Error }) => String(e.cause?.message ?? e.message),
      );
    expect(await refusal(insert(''))).toMatch(/recommendation_source_one/);
    expect(await refusal(insert(', gen_random_uuid(), gen_random_uuid()'))).toMatch(
      /recommendation_source_one/,
    );
  });
});
