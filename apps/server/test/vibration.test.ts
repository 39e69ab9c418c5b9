/**
 * Vibration (docs/vibration.md): what its declaration adds to the engine. The analysis made by its
 * first write and never by a read; ISO 20816-3 zones at their boundaries for every group and
 * foundation; the grid of points × directions written all or none; the trend of the report's
 * equipment per point and direction with the bands of the analysis's case; Bently Nevada's
 * ISO 7919-3 zones and its 0 rpm rule; the operating parameters every analysis starts with.
 */
import { shaftDisplacementConstants, velocityZoneLimits } from '@inspectra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEquipment, createReportHeader, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type Analysis = { id: string; vibrationAnalysisId: string; reportHeaderId: string };

/** A vibration report on the equipment (a new one when not given) and its analysis, made by the PUT. */
async function analysed(values: Record<string, unknown> = {}, equipmentNo?: string) {
  const report = await createReportHeader(t, {
    inspectionMethod: 'vibration',
    ...(equipmentNo ? { equipmentNo } : {}),
  });
  const r = await t.call('PUT', '/api/vibration-analysis', {
    reportHeaderId: report.id,
    driver: 'Electric motor',
    driven: 'Centrifugal pump',
    powerKw: 75,
    machineGroup: 'group2',
    foundation: 'rigid',
    ...values,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { report, analysis: r.body.data as Analysis };
}

const grid = (vibrationAnalysisId: string, measurementDate: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    vibrationAnalysisId,
    measurementPoint: `P${Math.floor(i / 3) + 1}`,
    direction: (['horizontal', 'vertical', 'axial'] as const)[i % 3],
    measurementDate,
    velocityRmsMmPerS: 1 + (i % 7) / 10,
  }));

const measurementsOf = async (id: string) =>
  (await t.call('GET', `/api/vibration-measurement/report?vibrationAnalysisId=${id}`)).body.data as {
    measurementPoint: string;
    direction: string;
    velocityRmsMmPerS: number;
    zone: string | null;
  }[];

describe('the analysis of a report', () => {
  it('is null on reading until the PUT makes it, and the same PUT updates it after', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'vibration' });
    const read = () => t.call('GET', `/api/vibration-analysis/by-report?reportHeaderId=${report.id}`);
    expect((await read()).body.data).toBeNull();
    expect((await read()).body.data).toBeNull();

    const made = await t.call('PUT', '/api/vibration-analysis', { reportHeaderId: report.id, powerKw: 75 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.vibrationAnalysisId).toBe(made.body.data.id);
    const again = await t.call('PUT', '/api/vibration-analysis', {
      reportHeaderId: report.id,
      machineGroup: 'group2',
      foundation: 'rigid',
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: made.body.data.id, powerKw: 75, machineGroup: 'group2' });
    expect((await read()).body.data.id).toBe(made.body.data.id);
  });

  it('warns, and does not refuse, a power that disagrees with its group', async () => {
    const { analysis } = await analysed({ powerKw: 500, machineGroup: 'group2' });
    expect((analysis as unknown as { warnings: { rule: string }[] }).warnings.map((w) => w.rule)).toEqual([
      'powerOutsideGroup',
    ]);
  });

  it('starts with its operating parameters, blank, whose value is then written', async () => {
    const { analysis } = await analysed();
    const list = await t.call(
      'GET',
      `/api/vibration-operating-parameter/operational-value?vibrationAnalysisId=${analysis.id}`,
    );
    const rows = list.body.data as { id: string; parameter: string; unit: string; value: number | null }[];
    // Listed by name; the template's nine, blank.
    expect(rows.map((p) => `${p.parameter} (${p.unit})`)).toEqual([
      'Bearing temperature (°C)',
      'Discharge pressure (bar)',
      'Flow (m³/h)',
      'Load (%)',
      'Motor current (A)',
      'Oil temperature (°C)',
      'Speed (rpm)',
      'Suction pressure (bar)',
      'Voltage (V)',
    ]);
    expect(rows.every((p) => p.value === null)).toBe(true);

    const current = rows.find((p) => p.parameter === 'Motor current')!;
    const put = await t.call('PUT', `/api/vibration-operating-parameter/${current.id}`, { value: 112.5 });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject({ parameter: 'Motor current', unit: 'A', value: 112.5 });

    const many = await t.call('POST', '/api/vibration-operating-parameter/upsert', [
      { vibrationAnalysisId: analysis.id, parameter: 'Speed', unit: 'rpm', value: 2965 },
      { vibrationAnalysisId: analysis.id, parameter: 'Seal flush pressure', unit: 'bar', value: 4.2 },
    ]);
    expect(many.status, JSON.stringify(many.body)).toBe(200);
    expect([many.body.data.created, many.body.data.updated]).toEqual([1, 1]);

    // Another write of the analysis starts no rows again.
    await t.call('PUT', '/api/vibration-analysis', { reportHeaderId: analysis.reportHeaderId, remarks: 'x' });
    const after = await t.call(
      'GET',
      `/api/vibration-operating-parameter/operational-value?vibrationAnalysisId=${analysis.id}`,
    );
    expect(after.body.data).toHaveLength(10);
  });
});

describe('the zone of a measurement (ISO 20816-3, Annex A)', () => {
  const cases = Object.entries(velocityZoneLimits).flatMap(([machineGroup, byFoundation]) =>
    Object.entries(byFoundation).map(([foundation, limits]) => ({ machineGroup, foundation, limits })),
  );

  it.each(cases)('$machineGroup $foundation: a boundary belongs to the lower zone', async (c) => {
    const { analysis } = await analysed({
      machineGroup: c.machineGroup,
      foundation: c.foundation,
      powerKw: c.machineGroup === 'group1' ? 800 : 75,
    });
    const [ab, bc, cd] = c.limits;
    const velocities = [0, ab, ab + 0.01, bc, bc + 0.01, cd, cd + 0.01, 45];
    const r = await t.call(
      'POST',
      '/api/vibration-measurement/upsert',
      velocities.map((velocityRmsMmPerS, i) => ({
        vibrationAnalysisId: analysis.id,
        measurementPoint: `P${i}`,
        direction: 'horizontal',
        measurementDate: '2026-11-02',
        velocityRmsMmPerS,
      })),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const zones = (r.body.data.rows as { record: { zone: string } }[]).map((row) => row.record.zone);
    expect(zones).toEqual(['A', 'A', 'B', 'B', 'C', 'C', 'D', 'D']);
    // The list reads the same zones, worked out in SQL.
    const listed = await measurementsOf(analysis.id);
    expect(listed.map((m) => m.zone)).toEqual(zones);
  });

  it('is blank while the analysis has no group or foundation, and follows them when recorded', async () => {
    const { analysis, report } = await analysed({ machineGroup: null, foundation: null });
    const made = await t.call('POST', '/api/vibration-measurement', {
      vibrationAnalysisId: analysis.id,
      measurementPoint: 'DE',
      direction: 'vertical',
      measurementDate: '2026-11-02',
      velocityRmsMmPerS: 3,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.zone).toBeNull();
    await t.call('PUT', '/api/vibration-analysis', {
      reportHeaderId: report.id,
      machineGroup: 'group1',
      foundation: 'flexible',
    });
    expect((await measurementsOf(analysis.id))[0]!.zone).toBe('A');
  });

  it('refuses a negative velocity, naming the field', async () => {
    const { analysis } = await analysed();
    const r = await t.call('POST', '/api/vibration-measurement', {
      vibrationAnalysisId: analysis.id,
      measurementPoint: 'DE',
      direction: 'horizontal',
      measurementDate: '2026-11-02',
      velocityRmsMmPerS: -3,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details.map((e: { path: string }) => e.path)).toEqual(['velocityRmsMmPerS']);
    expect(await measurementsOf(analysis.id)).toEqual([]);
  });
});

describe('the analyst’s zone beside the standard’s (a verdict pair)', () => {
  it('needs a reason where it differs, and counts the stricter on the report card', async () => {
    const { analysis, report } = await analysed();
    // 3.0 mm/s on a group 2, rigid machine: zone C by ISO 20816-3.
    const reading = {
      vibrationAnalysisId: analysis.id,
      measurementPoint: 'DE',
      direction: 'horizontal',
      measurementDate: '2026-11-02',
      velocityRmsMmPerS: 3,
    };
    const refused = await t.call('POST', '/api/vibration-measurement', { ...reading, analystZone: 'B' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      expect.objectContaining({
        path: 'verdictOverrideReason',
        code: 'verdictOverride',
        params: { recorded: 'B', standard: 'C' },
      }),
    ]);
    expect(await measurementsOf(analysis.id)).toEqual([]);
    const agreed = await t.call('POST', '/api/vibration-measurement', {
      ...reading,
      measurementPoint: 'NDE',
      analystZone: 'C',
    });
    expect(agreed.status, JSON.stringify(agreed.body)).toBe(201);
    expect(agreed.body.data).toMatchObject({ zone: 'C', analystZone: 'C', verdictOverrideReason: null });
    const overridden = await t.call('POST', '/api/vibration-measurement', {
      ...reading,
      analystZone: 'B',
      verdictOverrideReason: 'Spectrum shows pump recirculation at low flow, not a fault',
      acknowledgedWarnings: ['verdictOverride'],
    });
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(201);
    expect(overridden.body.data).toMatchObject({ zone: 'C', analystZone: 'B' });
    // The standard's C counts until a reviewer accepts the analyst's B.
    const figures = await t.call('GET', `/api/report-headers/${report.id}/techniques`);
    const vibration = figures.body.data.find((s: { technique: string }) => s.technique === 'vibration');
    expect(vibration).toMatchObject({ worstFinding: 'C', byGrade: [{ level: 'C', rows: 2 }] });
  });
});

describe('the grid of points × directions', () => {
  it('writes 60 rows in one call, then updates them by point, direction and date', async () => {
    const { analysis } = await analysed();
    const first = await t.call(
      'POST',
      '/api/vibration-measurement/upsert',
      grid(analysis.id, '2026-11-02', 60),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.created).toBe(60);
    const again = await t.call(
      'POST',
      '/api/vibration-measurement/upsert',
      grid(analysis.id, '2026-11-02', 60),
    );
    expect([again.status, again.body.data.created, again.body.data.updated]).toEqual([200, 0, 60]);
    expect(await measurementsOf(analysis.id)).toHaveLength(60);
  });

  it('stores nothing when one row of 60 is bad, and names the row', async () => {
    const { analysis } = await analysed();
    const rows = grid(analysis.id, '2026-11-02', 60);
    rows[37]!.velocityRmsMmPerS = -3;
    const r = await t.call('POST', '/api/vibration-measurement/upsert', rows);
    expect(r.status).toBe(400);
    expect(r.body.error.details.map((e: { path: string }) => e.path)).toEqual(['rows.37.velocityRmsMmPerS']);
    expect(await measurementsOf(analysis.id)).toEqual([]);
  });

  it('refuses a row under another analysis: one call writes under one analysis', async () => {
    const a = await analysed();
    const b = await analysed();
    const rows = [...grid(a.analysis.id, '2026-11-02', 3), ...grid(b.analysis.id, '2026-11-02', 1)];
    const r = await t.call('POST', '/api/vibration-measurement/upsert', rows);
    expect(r.status).toBe(400);
    expect(r.body.error.details.map((e: { path: string }) => e.path)).toEqual(['rows.3.vibrationAnalysisId']);
    expect(await measurementsOf(a.analysis.id)).toEqual([]);
    expect(await measurementsOf(b.analysis.id)).toEqual([]);
  });
});

describe('the trend chart', () => {
  it('answers every report up to this one per point and direction, with the bands of its analysis', async () => {
    const equipmentNo = (await createEquipment(t)).equipmentNo;
    const readings = [
      ['2026-08-03', 1.2],
      ['2026-09-01', 2.0],
      ['2026-10-01', 2.6],
      ['2026-11-02', 3.5],
    ] as const;
    const made: Analysis[] = [];
    for (const [measurementDate, velocity] of readings) {
      const { analysis } = await analysed({}, equipmentNo);
      made.push(analysis);
      const r = await t.call('POST', '/api/vibration-measurement/upsert', [
        {
          vibrationAnalysisId: analysis.id,
          measurementPoint: 'DE',
          direction: 'horizontal',
          measurementDate,
          velocityRmsMmPerS: velocity,
        },
        {
          vibrationAnalysisId: analysis.id,
          measurementPoint: 'DE',
          direction: 'vertical',
          measurementDate,
          velocityRmsMmPerS: velocity / 2,
        },
      ]);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const trend = await t.call(
      'GET',
      `/api/vibration-measurement/trend-chart?vibrationAnalysisId=${made[3]!.id}`,
    );
    expect(trend.status, JSON.stringify(trend.body)).toBe(200);
    const series = trend.body.data.series as {
      key: Record<string, string>;
      readings: { time: string; values: { velocityRmsMmPerS: number } }[];
    }[];
    expect(series.map((s) => s.key)).toEqual([
      { measurementPoint: 'DE', direction: 'horizontal' },
      { measurementPoint: 'DE', direction: 'vertical' },
    ]);
    expect(series[0]!.readings.map((r) => r.values.velocityRmsMmPerS)).toEqual([1.2, 2.0, 2.6, 3.5]);
    expect(trend.body.data.bands).toEqual({
      velocityRmsMmPerS: [
        { limit: 4.5, when: 'gt', level: 'D' },
        { limit: 2.8, when: 'gt', level: 'C' },
        { limit: 1.4, when: 'gt', level: 'B' },
      ],
    });

    // The second report's trend stops at its own readings.
    const second = await t.call(
      'GET',
      `/api/vibration-measurement/trend-chart?vibrationAnalysisId=${made[1]!.id}`,
    );
    expect(second.body.data.series[0].readings.map((r: { time: string }) => r.time)).toEqual([
      '2026-08-03',
      '2026-09-01',
    ]);
    // Named by its report, the trend reads the same analysis's bands.
    const byReport = await t.call(
      'GET',
      `/api/vibration-measurement/trend-chart?reportHeaderId=${made[3]!.reportHeaderId}`,
    );
    expect(byReport.body.data.bands).toEqual(trend.body.data.bands);
  });

  it('draws the flexible bands of an analysis on a flexible foundation', async () => {
    const { analysis } = await analysed({ machineGroup: 'group1', foundation: 'flexible', powerKw: 900 });
    const trend = await t.call(
      'GET',
      `/api/vibration-measurement/trend-chart?vibrationAnalysisId=${analysis.id}`,
    );
    expect(trend.body.data.series).toEqual([]);
    expect(trend.body.data.bands.velocityRmsMmPerS.map((b: { limit: number }) => b.limit)).toEqual([
      11, 7.1, 3.5,
    ]);
  });

  it('answers 404 for an unknown analysis and 400 for one named twice', async () => {
    const unknown = await t.call(
      'GET',
      '/api/vibration-measurement/trend-chart?vibrationAnalysisId=00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.status).toBe(404);
    const { analysis } = await analysed();
    const both = await t.call(
      'GET',
      `/api/vibration-measurement/trend-chart?vibrationAnalysisId=${analysis.id}&reportHeaderId=${analysis.reportHeaderId}`,
    );
    expect(both.status).toBe(400);
  });
});

describe('Bently Nevada readings (ISO 7919-3)', () => {
  const upsert = (rows: unknown) => t.call('POST', '/api/vibration-bently-nevada/upsert', rows);

  it('zones the larger direct amplitude against 4800, 9000 and 13200 over √n', async () => {
    const { analysis } = await analysed();
    const n = 3600; // √n = 60: boundaries 80, 150 and 220 µm pk-pk
    expect(shaftDisplacementConstants.ab / Math.sqrt(n)).toBe(80);
    const amplitudes = [40, 80, 81, 150, 151, 220, 221];
    const r = await upsert(
      amplitudes.map((amplitude, i) => ({
        vibrationAnalysisId: analysis.id,
        probeLocation: `Bearing ${i}`,
        measurementDate: '2026-11-02',
        machineSpeedRpm: n,
        directAmplitudeXUmPkPk: 10,
        directAmplitudeYUmPkPk: amplitude,
        oneXPhaseXDeg: 120,
        gapVoltageXV: -9.8,
        gapVoltageYV: -10.1,
      })),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const zones = (r.body.data.rows as { record: { shaftZone: string } }[]).map(
      (row) => row.record.shaftZone,
    );
    expect(zones).toEqual(['A', 'A', 'B', 'B', 'C', 'C', 'D']);
    const listed = await t.call(
      'GET',
      `/api/vibration-bently-nevada/report?vibrationAnalysisId=${analysis.id}`,
    );
    expect(listed.body.data.map((b: { shaftZone: string }) => b.shaftZone)).toEqual(zones);

    const trend = await t.call(
      'GET',
      `/api/vibration-bently-nevada/trend-chart?vibrationAnalysisId=${analysis.id}`,
    );
    expect(trend.status).toBe(200);
    expect(trend.body.data.series).toHaveLength(7);
  });

  it('refuses a 1X phase at 0 rpm, and stores nothing of the call', async () => {
    const { analysis } = await analysed();
    const r = await upsert([
      {
        vibrationAnalysisId: analysis.id,
        probeLocation: 'Pump DE',
        measurementDate: '2026-11-02',
        machineSpeedRpm: 2980,
      },
      {
        vibrationAnalysisId: analysis.id,
        probeLocation: 'Pump NDE',
        measurementDate: '2026-11-02',
        machineSpeedRpm: 0,
        oneXPhaseXDeg: 45,
      },
    ]);
    expect(r.status).toBe(400);
    expect(r.body.error.details.map((e: { path: string }) => e.path)).toEqual(['rows.1.machineSpeedRpm']);
    const listed = await t.call(
      'GET',
      `/api/vibration-bently-nevada/report?vibrationAnalysisId=${analysis.id}`,
    );
    expect(listed.body.data).toEqual([]);
  });

  it('warns of a gap voltage outside the probe’s linear range', async () => {
    const { analysis } = await analysed();
    const r = await upsert({
      vibrationAnalysisId: analysis.id,
      probeLocation: 'Motor DE',
      measurementDate: '2026-11-02',
      machineSpeedRpm: 2980,
      gapVoltageXV: -1.2,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data.warnings.map((w: { rule: string }) => w.rule)).toEqual(['gapXOutsideRange']);
  });
});

describe('flow rate performance', () => {
  it('is null until written, then one per analysis with its deviations from rated', async () => {
    const { analysis } = await analysed();
    const read = () =>
      t.call('GET', `/api/vibration-analysis/flow-rate-performance?vibrationAnalysisId=${analysis.id}`);
    expect((await read()).body.data).toBeNull();
    const values = {
      vibrationAnalysisId: analysis.id,
      suctionPressureBar: 1.2,
      dischargePressureBar: 9.8,
      flowM3PerH: 180,
      headM: 86,
      efficiencyPercent: 68,
      ratedFlowM3PerH: 200,
      ratedHeadM: 80,
      ratedEfficiencyPercent: 75,
    };
    const made = await t.call('POST', '/api/vibration-analysis/upsert', values);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({
      flowDeviationPercent: -10,
      headDeviationPercent: 7.5,
      efficiencyDeviationPercent: -9.3,
    });
    const again = await t.call('POST', '/api/vibration-analysis/upsert', { ...values, flowM3PerH: 200 });
    expect(again.status).toBe(200);
    expect((await read()).body.data).toMatchObject({ id: made.body.data.id, flowDeviationPercent: 0 });
  });
});
