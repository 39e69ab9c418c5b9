/**
 * Ultrasound (docs/ultrasound.md): what its declaration adds to the engine's calls. SPEC 8's
 * messages and statuses exactly, SPEC 5's date rule, the analysis made by its first write, the dB
 * rise over the point's baseline across reports graded at every band's boundary, the trend, and the
 * analyst's condition paired with the rise's. The conformance walk proves the rest.
 */
import { randomUUID } from 'node:crypto';
import { ultrasoundConditionOfRise, ultrasoundMeasurement } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableOf } from '../src/db/schema/index.ts';
import { gradeSql } from '../src/engine/finding-grade.ts';
import { ultrasound } from '@inspectra/contract';
import { createEquipment, createReportHeader, multipart, pngBytes, startTestApp } from './helpers.ts';
import type { FilePart, TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const png = (name: string): FilePart => ({ name, type: 'image/png', bytes: pngBytes });

/** A report on the equipment by the ultrasound method, with its analysis made by the first write. */
async function analysed(equipmentNo?: string) {
  const report = await createReportHeader(t, {
    inspectionMethod: 'ultrasound',
    ...(equipmentNo ? { equipmentNo } : {}),
  });
  const r = await t.call('PUT', '/api/ultrasound-analysis', {
    reportHeaderId: report.id,
    finding: 'DE bearing loud',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { report, analysis: r.body.data };
}

/** A measurement as SPEC's client sends it: multipart, the date's date portion, numbers when defined. */
function measure(
  ultrasoundAnalysisId: string,
  fields: Record<string, string>,
  files: Record<string, FilePart> = {},
) {
  return t.call(
    'POST',
    '/api/ultrasound-measurement',
    multipart({ ultrasoundAnalysisId, measurementPointName: 'Pump DE bearing', ...fields }, files),
  );
}

async function measured(ultrasoundAnalysisId: string, fields: Record<string, string>) {
  const r = await measure(ultrasoundAnalysisId, fields);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data;
}

describe('the ultrasound analysis', () => {
  it('is made by its first write (201), never by a read, and answered as SPEC 8 says', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'ultrasound' });
    const before = await t.call('GET', `/api/ultrasound-analysis/by-report?reportHeaderId=${report.id}`);
    expect(before.status).toBe(200);
    expect(before.body.data).toBeNull();
    expect(
      (await t.call('GET', `/api/ultrasound-analysis/by-report?reportHeaderId=${report.id}`)).body.data,
    ).toBeNull();

    const made = await t.call('PUT', '/api/ultrasound-analysis', {
      reportHeaderId: report.id,
      finding: 'First',
    });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe('Ultrasound analysis updated successfully');
    expect(made.body.data).toMatchObject({
      reportHeaderId: report.id,
      finding: 'First',
      ultrasoundAnalysisId: made.body.data.id,
    });

    const again = await t.call('PUT', '/api/ultrasound-analysis', {
      reportHeaderId: report.id,
      recommendation: 'Grease',
    });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Ultrasound analysis updated successfully');
    expect(again.body.data).toMatchObject({
      id: made.body.data.id,
      finding: 'First',
      recommendation: 'Grease',
    });
    const read = await t.call('GET', `/api/ultrasound-analysis/by-report?reportHeaderId=${report.id}`);
    expect(read.body.data.id).toBe(made.body.data.id);
  });

  it('answers the inspection calls with SPEC 8 messages and statuses, and 404 for an unknown id', async () => {
    const { analysis } = await analysed();
    const created = await t.call('POST', '/api/ultrasound-inspection', {
      ultrasoundAnalysisId: analysis.id,
      inspectionDate: '2026-04-10',
      instrument: 'UE Systems Ultraprobe 15000',
      sensor: 'contactProbe',
    });
    expect([created.status, created.body.message]).toEqual([
      201,
      'Ultrasound inspection created successfully',
    ]);
    const id = created.body.data.id;
    expect(created.body.data.ultrasoundInspectionId).toBe(id);
    const updated = await t.call('PUT', `/api/ultrasound-inspection/${id}`, { area: 'Pump house' });
    expect([updated.status, updated.body.message]).toEqual([
      200,
      'Ultrasound inspection updated successfully',
    ]);
    expect((await t.call('GET', `/api/ultrasound-inspection/${id}`)).body.data.area).toBe('Pump house');
    const deleted = await t.call('DELETE', `/api/ultrasound-inspection/${id}`);
    expect([deleted.status, deleted.body.message]).toEqual([
      200,
      'Ultrasound inspection deleted successfully',
    ]);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const r = await t.call(
        method,
        `/api/ultrasound-inspection/${randomUUID()}`,
        method === 'PUT' ? { area: 'x' } : undefined,
      );
      expect(r.status, method).toBe(404);
    }
  });
});

describe('ultrasound measurements', () => {
  it('take both spectrum images by multipart, numbers only when sent, and are deleted with SPEC 8 words', async () => {
    const { analysis } = await analysed();
    const r = await measure(
      analysis.id,
      { dateTime: '2026-04-10', ultrasoundValueDb: '31.5', mode: 'contact', remarks: 'Steady' },
      { ultrasoundSpectrumImage: png('spectrum.png'), waveformImage: png('wave.png') },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data).toMatchObject({
      dateTime: '2026-04-10',
      ultrasoundValueDb: 31.5,
      frequencyHz: null,
      percentSensitivity: null,
      ultrasoundSpectrumImage: expect.objectContaining({ id: expect.any(String) }),
      waveformImage: expect.objectContaining({ id: expect.any(String) }),
    });
    const updated = await t.call(
      'PUT',
      '/api/ultrasound-measurement',
      multipart({ id: r.body.data.id, frequencyHz: '30000', percentSensitivity: '70' }, {}),
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({
      frequencyHz: 30000,
      percentSensitivity: 70,
      ultrasoundValueDb: 31.5,
    });
    const deleted = await t.call('DELETE', `/api/ultrasound-measurement?id=${r.body.data.id}`);
    expect([deleted.status, deleted.body.message]).toEqual([200, 'Measurement deleted successfully']);
    expect((await t.call('DELETE', `/api/ultrasound-measurement?id=${r.body.data.id}`)).status).toBe(404);
  });

  it('refuses a date with a time (SPEC 5: the client sends its date portion), storing nothing', async () => {
    const { analysis } = await analysed();
    for (const dateTime of ['2026-04-10T23:30:00+07:00', '2026-04-10T10:00:00Z', '10/04/2026']) {
      const r = await measure(analysis.id, { dateTime, ultrasoundValueDb: '30' });
      expect(r.status, dateTime).toBe(400);
      expect(r.body.error.details).toEqual([expect.objectContaining({ path: 'dateTime' })]);
    }
    const listed = await t.call('GET', `/api/ultrasound-measurement?ultrasoundAnalysisId=${analysis.id}`);
    expect(listed.body.meta.totalCount).toBe(0);
  });

  it("lists an analysis's measurements by page, and a day's by ?dateTime=", async () => {
    const { analysis } = await analysed();
    for (const dateTime of ['2026-04-10', '2026-04-10', '2026-04-11'])
      await measured(analysis.id, { dateTime, ultrasoundValueDb: '30' });
    const all = await t.call(
      'GET',
      `/api/ultrasound-measurement?ultrasoundAnalysisId=${analysis.id}&pageNumber=1&pageSize=2`,
    );
    expect(all.body.meta).toMatchObject({ totalCount: 3, totalPages: 2, pageSize: 2 });
    const day = await t.call(
      'GET',
      `/api/ultrasound-measurement?ultrasoundAnalysisId=${analysis.id}&dateTime=2026-04-10`,
    );
    expect(day.body.data.map((m: { dateTime: string }) => m.dateTime)).toEqual(['2026-04-10', '2026-04-10']);
    const bad = await t.call('GET', `/api/ultrasound-measurement?dateTime=2026-04-10T00:00:00Z`);
    expect(bad.status).toBe(400);
  });
});

describe('the rise over the baseline', () => {
  it.each([
    [0, 'normal'],
    [7.9, 'normal'],
    [8, 'lubricate'],
    [15.9, 'lubricate'],
    [16, 'damageDeveloping'],
    [34.9, 'damageDeveloping'],
    [35, 'severe'],
    [50, 'severe'],
  ])('grades a rise of %s dB as %s', (rise, condition) => {
    expect(ultrasoundConditionOfRise(rise)).toBe(condition);
  });

  it("reads the point's first reading across the equipment's reports, graded alike in the API and SQL", async () => {
    const { equipmentNo } = await createEquipment(t, { description: 'Crude charge pump' });
    const levels = [
      ['2026-01-10', '30'],
      ['2026-02-10', '37.9'],
      ['2026-03-10', '38'],
      ['2026-04-10', '46'],
      ['2026-05-10', '65'],
    ];
    const made = [];
    for (const [dateTime, ultrasoundValueDb] of levels) {
      const { analysis } = await analysed(equipmentNo);
      made.push(await measured(analysis.id, { dateTime: dateTime!, ultrasoundValueDb: ultrasoundValueDb! }));
    }
    const read = await Promise.all(made.map((m) => t.call('GET', `/api/ultrasound-measurement?id=${m.id}`)));
    expect(read.map((r) => [r.body.data[0].riseDb, r.body.data[0].conditionByRise])).toEqual([
      [0, 'normal'],
      [7.9, 'normal'],
      [8, 'lubricate'],
      [16, 'damageDeveloping'],
      [35, 'severe'],
    ]);
    // The SQL grade (report cards, the worst finding) reads the same rise.
    const table = tableOf(ultrasoundMeasurement);
    const graded = await t.db.execute<{ id: string; grade: string }>(
      sql`select id, ${gradeSql(ultrasound, table)} as grade from ultrasound_measurement where id = any(${sql.param(made.map((m) => m.id))}::uuid[])`,
    );
    const byId = new Map(graded.rows.map((r) => [r.id, r.grade]));
    // Nobody recorded a condition: the rise's counts.
    expect(made.map((m) => byId.get(m.id))).toEqual([
      'normal',
      'normal',
      'lubricate',
      'damageDeveloping',
      'severe',
    ]);

    // The trend of the last report: the point over the five reports, each with its rise.
    const last = read.at(-1)!.body.data[0];
    const analysis = await t.call(
      'GET',
      `/api/ultrasound-analysis/by-report?reportHeaderId=${await reportOf(last.ultrasoundAnalysisId)}`,
    );
    const trend = await t.call(
      'GET',
      `/api/ultrasound-measurement/trend?reportHeaderId=${analysis.body.data.reportHeaderId}`,
    );
    expect(trend.status, JSON.stringify(trend.body)).toBe(200);
    expect(trend.body.data.series).toHaveLength(1);
    expect(trend.body.data.series[0].key).toEqual({ measurementPointName: 'Pump DE bearing' });
    expect(
      trend.body.data.series[0].readings.map((r: { values: { riseDb: number } }) => r.values.riseDb),
    ).toEqual([0, 7.9, 8, 16, 35]);
  });

  it('starts again from a reading marked baseline (after lubrication)', async () => {
    const { equipmentNo } = await createEquipment(t);
    const { analysis } = await analysed(equipmentNo);
    await measured(analysis.id, { dateTime: '2026-01-10', ultrasoundValueDb: '30' });
    await measured(analysis.id, { dateTime: '2026-02-10', ultrasoundValueDb: '40', condition: 'lubricate' });
    const greased = await measured(analysis.id, {
      dateTime: '2026-02-11',
      ultrasoundValueDb: '33',
      isBaseline: 'true',
    });
    const after = await measured(analysis.id, { dateTime: '2026-03-10', ultrasoundValueDb: '36' });
    expect([greased.riseDb, after.riseDb, after.conditionByRise]).toEqual([0, 3, 'normal']);
  });
});

describe("the analyst's condition beside the rise's", () => {
  it('needs a reason where it differs from the rise over the baseline read across reports', async () => {
    const { equipmentNo } = await createEquipment(t);
    const first = await analysed(equipmentNo);
    await measured(first.analysis.id, { dateTime: '2026-01-10', ultrasoundValueDb: '28' });
    const second = await analysed(equipmentNo);
    // 28 → 45: a 17 dB rise, damage developing; the analyst says lubricate.
    const refused = await measure(second.analysis.id, {
      dateTime: '2026-02-10',
      ultrasoundValueDb: '45',
      condition: 'lubricate',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      expect.objectContaining({
        path: 'verdictOverrideReason',
        code: 'verdictOverride',
        params: { recorded: 'lubricate', standard: 'damageDeveloping' },
      }),
    ]);
    const listed = await t.call(
      'GET',
      `/api/ultrasound-measurement?ultrasoundAnalysisId=${second.analysis.id}`,
    );
    expect(listed.body.meta.totalCount).toBe(0);
    const kept = await measure(second.analysis.id, {
      dateTime: '2026-02-10',
      ultrasoundValueDb: '45',
      condition: 'lubricate',
      verdictOverrideReason: 'Greased on the spot; the level fell to 31 dB',
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    expect(kept.body.data).toMatchObject({
      condition: 'lubricate',
      conditionByRise: 'damageDeveloping',
      verdictOverrideReason: 'Greased on the spot; the level fell to 31 dB',
    });
  });
});

async function reportOf(ultrasoundAnalysisId: string): Promise<string> {
  const r = await t.db.execute<{ report_header_id: string }>(
    sql`select report_header_id from ultrasound_analysis where id = ${ultrasoundAnalysisId}::uuid`,
  );
  return r.rows[0]!.report_header_id;
}
