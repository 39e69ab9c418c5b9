/**
 * MCSA (docs/mcsa.md): what its declaration adds. The rotor classes at every boundary of the
 * sideband table, the evaluation call with its action, inputs and load, the low-load warning, the
 * line frequency, SPEC 7's paths (paged list, by report) and 404 for an unknown test. The
 * conformance walk proves the engine's create, read and update.
 */
import { randomUUID } from 'node:crypto';
import { mcsaRotorCondition } from '@inspectra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportHeader, multipart, pngBytes, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { reportPdfText } from './pdf-text.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A 75 kW, 4-pole motor's nameplate, tested at 120 A of its 132 A (91 %). */
const nameplate = {
  testDate: '2026-05-12',
  manufacturer: 'WEG',
  model: 'W22 315S/M',
  ratedPowerKw: 75,
  ratedVoltageV: 400,
  ratedCurrentA: 132,
  ratedSpeedRpm: 1485,
  poles: 4,
  rotorBars: 40,
  lineFrequencyHz: 50,
  loadCurrentA: 120,
};

async function tested(reportHeaderId: string, fields: Record<string, unknown>) {
  const r = await t.call('POST', '/api/MCSA', {
    reportHeaderId,
    ...nameplate,
    acknowledgedWarnings: ['lowLoad'],
    ...fields,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data;
}

describe('the rotor condition by the sideband level', () => {
  it.each([
    [75, 'excellent'],
    [60.1, 'excellent'],
    [60, 'good'],
    [54, 'good'],
    [53.9, 'moderate'],
    [48, 'moderate'],
    [47.9, 'crackDeveloping'],
    [42, 'crackDeveloping'],
    [41.9, 'barsBroken'],
    [36, 'barsBroken'],
    [35.9, 'multipleBarsBroken'],
    [30, 'multipleBarsBroken'],
    [29.9, 'severe'],
    [0, 'severe'],
  ])('classes %s dB down as %s', (db, condition) => {
    expect(mcsaRotorCondition(db)).toBe(condition);
  });
});

describe('the evaluation of a test', () => {
  it('answers the inputs, the load as a share of rated, the class and its action', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'mcsa' });
    const test = await tested(report.id, { sidebandDbDown: 44.5 });
    const r = await t.call('GET', `/api/MCSA/evaluation/${test.id}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      mcsaId: test.id,
      sidebandDbDown: 44.5,
      ratedCurrentA: 132,
      loadCurrentA: 120,
      loadPercent: 90.9,
      rotorCondition: 'crackDeveloping',
      recommendedAction: 'shortenInterval',
    });
  });

  it.each([
    [61, 'excellent', 'continueOperation'],
    [55, 'good', 'continueOperation'],
    [50, 'moderate', 'trendCondition'],
    [38, 'barsBroken', 'confirmByVibration'],
    [31, 'multipleBarsBroken', 'overhaulSoon'],
    [25, 'severe', 'overhaulNow'],
  ])('recommends for %s dB down (%s): %s', async (sidebandDbDown, rotorCondition, recommendedAction) => {
    const report = await createReportHeader(t, { inspectionMethod: 'mcsa' });
    const test = await tested(report.id, { sidebandDbDown });
    const r = await t.call('GET', `/api/MCSA/evaluation/${test.id}`);
    expect(r.body.data).toMatchObject({ rotorCondition, recommendedAction });
  });

  it('leaves the class empty until the sideband is measured, and answers 404 for an unknown test', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'mcsa' });
    const test = await tested(report.id, { sidebandDbDown: undefined, ratedCurrentA: undefined });
    const r = await t.call('GET', `/api/MCSA/evaluation/${test.id}`);
    expect(r.body.data).toMatchObject({ rotorCondition: null, recommendedAction: null, loadPercent: null });
    for (const path of [`/api/MCSA/evaluation/${randomUUID()}`, `/api/MCSA/${randomUUID()}`])
      expect((await t.call('GET', path)).status, path).toBe(404);
    expect((await t.call('PUT', `/api/MCSA/${randomUUID()}`, { finding: 'x' })).status).toBe(404);
  });
});

describe('a test as it is written', () => {
  it('warns below 70 % of rated current, and refuses a line frequency other than 50 or 60 Hz', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'mcsa' });
    const light = { reportHeaderId: report.id, ...nameplate, loadCurrentA: 90, sidebandDbDown: 50 };
    // Saved, the warning recorded unconfirmed (the form asks first); confirmed, with who confirmed it.
    const warned = await t.call('POST', '/api/MCSA', light);
    expect(warned.status, JSON.stringify(warned.body)).toBe(201);
    expect(warned.body.data.warnings).toEqual([
      expect.objectContaining({
        rule: 'lowLoad',
        fields: ['loadCurrentA', 'ratedCurrentA'],
        acknowledgedBy: null,
      }),
    ]);
    expect(warned.body.data.loadPercent).toBe(68.2);
    const confirmed = await t.call('POST', '/api/MCSA', { ...light, acknowledgedWarnings: ['lowLoad'] });
    expect(confirmed.body.data.warnings).toEqual([
      expect.objectContaining({ rule: 'lowLoad', acknowledgedBy: expect.any(String) }),
    ]);
    // At 70 % exactly (92.4 A of 132 A) the reading is reliable: nothing to confirm.
    const atLimit = await t.call('POST', '/api/MCSA', { ...light, loadCurrentA: 92.4 });
    expect(atLimit.status, JSON.stringify(atLimit.body)).toBe(201);
    expect(atLimit.body.data.warnings).toEqual([]);
    const odd = await t.call('POST', '/api/MCSA', {
      ...light,
      lineFrequencyHz: 55,
      acknowledgedWarnings: ['lowLoad'],
    });
    expect(odd.status).toBe(400);
    expect(odd.body.error.details).toEqual([expect.objectContaining({ path: 'lineFrequencyHz' })]);
    const listed = await t.call('GET', `/api/MCSA/by-report?reportHeaderId=${report.id}`);
    expect(listed.body.data).toHaveLength(3);
  });

  it('takes its spectra as a typed image list by multipart', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'mcsa' });
    const r = await t.call(
      'POST',
      '/api/MCSA',
      multipart(
        {
          reportHeaderId: report.id,
          testDate: '2026-05-12',
          sidebandDbDown: '52',
          spectrumImages: JSON.stringify([{ file: 0, imageType: 'sidebandZoom', displayName: 'Sidebands' }]),
        },
        { spectrumImages: { name: 'zoom.png', type: 'image/png', bytes: pngBytes } },
      ),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data.spectrumImages).toEqual([
      expect.objectContaining({ imageType: 'sidebandZoom', displayName: 'Sidebands' }),
    ]);
  });

  it('lists tests by page with search and ?reportHeaderId=, and by report', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'mcsa' });
    const other = await createReportHeader(t, { inspectionMethod: 'mcsa' });
    await tested(report.id, { motorTag: 'PM-101A', sidebandDbDown: 58 });
    await tested(report.id, { motorTag: 'PM-101B', sidebandDbDown: 40 });
    await tested(other.id, { motorTag: 'PM-101A', sidebandDbDown: 58 });
    const paged = await t.call('GET', `/api/MCSA?reportHeaderId=${report.id}&pageNumber=1&pageSize=1`);
    expect(paged.status).toBe(200);
    expect(paged.body.meta).toMatchObject({ totalCount: 2, totalPages: 2 });
    const searched = await t.call('GET', `/api/MCSA?reportHeaderId=${report.id}&search=101B`);
    expect(searched.body.data.map((m: { motorTag: string }) => m.motorTag)).toEqual(['PM-101B']);
    const byReport = await t.call('GET', `/api/MCSA/by-report?reportHeaderId=${other.id}`);
    expect(byReport.body.data).toHaveLength(1);
  });
});

describe('a report of the method', () => {
  it('asks for a test before it may be submitted: the test is the record, with no rows under it', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'mcsa' });
    const readiness = () => t.call('GET', `/api/report-headers/${report.id}/readiness`);
    expect((await readiness()).body.data.missing).toEqual([
      expect.objectContaining({
        requirement: 'inspections',
        technique: 'mcsa',
        entity: 'mcsaTest',
        min: 1,
        found: 0,
        message: 'MCSA: record at least one MCSA test',
      }),
    ]);
    await tested(report.id, { sidebandDbDown: 58 });
    expect((await readiness()).body.data.missing).toEqual([]);
  });

  it('is graded by its tests’ rotor condition: the report card and the PDF name the worst', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'mcsa' });
    await tested(report.id, { motorTag: 'PM-7A', sidebandDbDown: 58 });
    await tested(report.id, { motorTag: 'PM-7B', sidebandDbDown: 40 });
    const figures = await t.call('GET', `/api/report-headers/${report.id}/techniques`);
    expect(figures.body.data.find((s: { technique: string }) => s.technique === 'mcsa')).toMatchObject({
      inspections: 2,
      worstFinding: 'barsBroken',
      byGrade: [
        { level: 'good', rows: 1 },
        { level: 'barsBroken', rows: 1 },
      ],
    });
    const { all } = await reportPdfText(t, report.id);
    expect(all).toMatch(/2 entries, by grade:/);
    expect(all).toMatch(/Worst: PM-7B/);
  });
});
