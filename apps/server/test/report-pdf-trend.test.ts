/**
 * The trend in the PDF (docs/report-pdf.md "The trend", docs/series.md): a rows table whose entity
 * declares a series is followed by its readings over the equipment's reports, read by the report
 * with the engine's trend statement, bounded and said so, the grade's bands named. Proven on thermal
 * measurements (a series per tag and component, ΔT graded by NETA severity).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text.ts';
import {
  createEquipment,
  createReportHeader,
  createThermalAnalysis,
  createThermalMeasurement,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { trendBound } from '../src/modules/reports/report-pdf-trend.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const pdf = (id: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/report-headers/${id}/pdf${query}`,
    headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
  });

/** A thermal survey of the equipment on `date`: a reading `[component, max, reference]` per point. */
async function survey(equipmentNo: string, date: string, readings: [string, number, number][]) {
  const report = await createReportHeader(t, { equipmentNo });
  const analysis = await createThermalAnalysis(t, { reportHeaderId: report.id });
  for (const [component, maxTemperatureC, referenceTemperatureC] of readings)
    await createThermalMeasurement(t, analysis.id, {
      date,
      tagNumber: 'LP-3A',
      component,
      maxTemperatureC,
      referenceTemperatureC,
    });
  return report;
}

/** The text of a PDF from the trend's title to the next heading after it. */
async function trendText(bytes: Buffer, title: string) {
  const { all } = await pdfText(bytes);
  const from = all.indexOf(title);
  return from < 0 ? undefined : all.slice(from, from + 1200);
}

const title = "Trend of ΔT over the equipment's reports";
const bound = `Up to ${trendBound.points} of this report's points, the latest ${trendBound.readings} readings of each`;

describe('the trend of a series in the PDF', () => {
  let reports: { id: string }[];
  beforeAll(async () => {
    const { equipmentNo } = await createEquipment(t);
    // Three monthly surveys of three lugs, Phase R warming through the bands; a later survey the
    // second report's trend stops short of.
    reports = [];
    for (const [date, r] of [
      ['2026-01-12', 42],
      ['2026-02-09', 46.5],
      ['2026-03-10', 58],
    ] as const)
      reports.push(
        await survey(equipmentNo, date, [
          ['Phase R lug', r, 40],
          ['Phase S lug', 41, 40],
          ['Phase T lug', 40.5, 40],
        ]),
      );
  });

  it('draws the value the grade is over on a date axis after the rows, its bands named, the bound said', async () => {
    const res = await pdf(reports[2]!.id);
    expect(res.statusCode).toBe(200);
    const { pages } = await pdfText(res.rawPayload);
    // After the rows table, on its page.
    const page = pages.find((p) => p.includes(title))!;
    expect(page.indexOf('Thermal measurement · 3 records')).toBeLessThan(page.indexOf(title));
    const trend = (await trendText(res.rawPayload, title))!;
    // Each point named, this report's readings marked, the date axis titled with the time field.
    for (const words of [
      'LP-3A · Phase R lug',
      'LP-3A · Phase S lug',
      'LP-3A · Phase T lug',
      "This report's readings",
      'Measurement date',
      '°C',
      bound,
      'readings of superseded reports are left out',
    ])
      expect(trend).toContain(words);
    // The grade's bands across, by their level names and limits.
    for (const band of ['Repair immediately > 15 °C', 'Repair as time permits > 3 °C', 'Investigate ≥ 1 °C'])
      expect(trend).toContain(band);
    // Within the print's time budget (docs/report-of-record.md: 3 s at 200 rows and 60 photos), the
    // print's worker warm as a server's is after its first print.
    const started = performance.now();
    expect((await pdf(reports[2]!.id)).statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('is said in the reader’s language', async () => {
    const trend = (await trendText(
      (await pdf(reports[2]!.id, '?lang=id')).rawPayload,
      'Tren ΔT pada laporan-laporan peralatan',
    ))!;
    expect(trend).toContain('Pembacaan laporan ini');
    expect(trend).toContain(`Paling banyak ${trendBound.points} titik laporan ini`);
    expect(trend).toMatch(/Perbaiki segera > 15 °C/);
  });

  it('prints no chart where each point has a single reading, and says so', async () => {
    const { equipmentNo } = await createEquipment(t);
    const first = await survey(equipmentNo, '2026-05-04', [['Phase R lug', 44, 40]]);
    const trend = (await trendText((await pdf(first.id)).rawPayload, title))!;
    expect(trend).toContain('Each point has a single reading so far: there is no trend to draw yet.');
    expect(trend).not.toContain("This report's readings");
  });

  it('draws the first points of a report with more, and says how many it has', async () => {
    const { equipmentNo } = await createEquipment(t);
    const many = trendBound.points + 2;
    const components = Array.from({ length: many }, (_, i) => `Feeder ${i + 1}`);
    await survey(
      equipmentNo,
      '2026-06-01',
      components.map((c) => [c, 45, 40]),
    );
    const latest = await survey(
      equipmentNo,
      '2026-07-01',
      components.map((c) => [c, 47, 40]),
    );
    const trend = (await trendText((await pdf(latest.id)).rawPayload, title))!;
    expect(trend).toContain(`The first ${trendBound.points} of its ${many} points are drawn.`);
    // Points in key order: "Feeder 1", "Feeder 2", …; the last two left out.
    expect(trend).toContain('LP-3A · Feeder 1');
    expect(trend).not.toContain('LP-3A · Feeder 8');
  });
});

describe('the bands of the rows’ own case in the PDF', () => {
  it('draws a vibration trend with the zones of its analysis’s group and foundation (ISO 20816-3)', async () => {
    const { equipmentNo } = await createEquipment(t);
    let last = '';
    for (const [date, velocityRmsMmPerS] of [
      ['2026-09-02', 1.2],
      ['2026-10-02', 2.6],
    ] as const) {
      const report = await createReportHeader(t, { equipmentNo, inspectionMethod: 'vibration' });
      const analysis = await t.call('PUT', '/api/vibration-analysis', {
        reportHeaderId: report.id,
        machineGroup: 'group2',
        foundation: 'rigid',
      });
      expect(analysis.status, JSON.stringify(analysis.body)).toBe(201);
      const r = await t.call('POST', '/api/vibration-measurement', {
        vibrationAnalysisId: analysis.body.data.id,
        measurementPoint: 'DE',
        direction: 'horizontal',
        measurementDate: date,
        velocityRmsMmPerS,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      last = report.id;
    }
    const res = await pdf(last);
    expect(res.statusCode).toBe(200);
    const trend = (await trendText(
      res.rawPayload,
      "Trend of Velocity (r.m.s.) over the equipment's reports",
    ))!;
    // Group 2 on a rigid foundation: B above 1.4, C above 2.8, D above 4.5 mm/s.
    for (const band of ['B > 1.4 mm/s', 'C > 2.8 mm/s', 'D > 4.5 mm/s']) expect(trend).toContain(band);
  });
});
