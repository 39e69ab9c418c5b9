/**
 * Lube oil (docs/lube-oil.md): what its declaration adds, not the engine's calls again. The
 * analysis made by its first write with its template components, each component graded at the
 * limits' boundaries against the new oil, the ISO 4406 code's shape, the components written many
 * at once (one bad value stores nothing and names the row), the report's components by its path,
 * and the trend over two reports' samples, in the samples' dates.
 */
import { lubeOilComponentsPerCall, lubeOilLimits } from '@inspectra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEquipment, createReportHeader, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Row = Record<string, any>;

/** The sample of a gearbox oil, ISO VG 220 measured at 218 cSt new, TAN 0.3, target 17/15/12. */
const sample = {
  sampleDate: '2026-11-02',
  laboratory: 'Lab Pertamina Lubricants',
  sampleNumber: 'LO-2611-014',
  oilBrand: 'Shell',
  oilGrade: 'Omala S2 GX 220',
  newOilIsoVg: 220,
  newOilViscosity40Cst: 218,
  newOilTanMgKohG: 0.3,
  targetIsoCode: '17/15/12',
  finding: 'Gearbox oil wet.',
};

async function analysed(o: { equipmentNo?: string; sampleDate?: string } = {}) {
  const report = await createReportHeader(t, {
    inspectionMethod: 'lubeOil',
    ...(o.equipmentNo ? { equipmentNo: o.equipmentNo } : {}),
  });
  const r = await t.call('PUT', '/api/lube-oil/general-summary', {
    reportHeaderId: report.id,
    ...sample,
    ...(o.sampleDate ? { sampleDate: o.sampleDate } : {}),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { report, analysis: r.body.data as Row };
}

const componentsOf = async (lubeOilAnalysisId: string) => {
  const r = await t.call('GET', `/api/lube-oil/measurements?lubeOilAnalysisId=${lubeOilAnalysisId}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as Row[];
};

const write = (rows: Row | Row[]) => t.call('PUT', '/api/lube-oil/measurements', rows);

describe('the oil analysis', () => {
  it('does not exist before its first write; that write starts the template components', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'lubeOil' });
    const before = await t.call('GET', `/api/lube-oil/by-report?reportHeaderId=${report.id}`);
    expect(before.status).toBe(200);
    expect(before.body.data).toBeNull();
    expect((await t.call('GET', `/api/lube-oil/components/${report.id}`)).body.data).toEqual([]);

    const first = await t.call('PUT', '/api/lube-oil/general-summary', {
      reportHeaderId: report.id,
      ...sample,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const id = first.body.data.id;
    expect(first.body.data).toMatchObject({ lubeOilAnalysisId: id, sampleDate: '2026-11-02' });
    const components = await componentsOf(id);
    expect(components.map((c) => c.component).sort()).toEqual(['Bearings', 'Gearbox', 'Reservoir']);
    // Nothing measured yet: no grade, blanks stay blank.
    expect(components.every((c) => c.grade === null && c.waterPpm === null)).toBe(true);

    // The second write updates the same analysis and starts no more rows.
    const again = await t.call('PUT', '/api/lube-oil/general-summary', {
      reportHeaderId: report.id,
      ...sample,
      recommendation: 'Drain and flush the gearbox.',
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id, version: 2, recommendation: 'Drain and flush the gearbox.' });
    expect(await componentsOf(id)).toHaveLength(3);
    const byReport = await t.call('GET', `/api/lube-oil/components/${report.id}`);
    expect(byReport.status).toBe(200);
    expect(byReport.body.data).toHaveLength(3);
  });

  it('answers 404 for the components of an unknown report, and 400 for a malformed one', async () => {
    expect(
      (await t.call('GET', '/api/lube-oil/components/0b0f6f57-2c4c-4a8f-9a51-1f4f1e8f0000')).status,
    ).toBe(404);
    const bad = await t.call('GET', '/api/lube-oil/components/nope');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/reportHeaderId must be an identifier/);
  });
});

describe("a component's grade", () => {
  let analysisId: string;
  beforeAll(async () => {
    analysisId = (await analysed()).analysis.id;
  });

  /** The component `name` written with these readings, as answered. */
  async function graded(name: string, readings: Row): Promise<Row> {
    const r = await write({ lubeOilAnalysisId: analysisId, component: name, ...readings });
    expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
    return r.body.data;
  }

  it.each([
    // Water, ppm: above 500 caution, above 1,000 critical.
    [{ waterPpm: 500 }, 'waterGrade', 'normal'],
    [{ waterPpm: 501 }, 'waterGrade', 'caution'],
    [{ waterPpm: 1000 }, 'waterGrade', 'caution'],
    [{ waterPpm: 1001 }, 'waterGrade', 'critical'],
    // Viscosity against the new oil's 218 cSt: ±10 % (196.2–239.8) normal, beyond ±20 % critical.
    [{ viscosity40Cst: 239.8 }, 'viscosityGrade', 'normal'],
    [{ viscosity40Cst: 240 }, 'viscosityGrade', 'caution'],
    [{ viscosity40Cst: 196 }, 'viscosityGrade', 'caution'],
    [{ viscosity40Cst: 174.4 }, 'viscosityGrade', 'caution'],
    [{ viscosity40Cst: 174 }, 'viscosityGrade', 'critical'],
    [{ viscosity40Cst: 262 }, 'viscosityGrade', 'critical'],
    // TAN over the new oil's 0.3: a rise above 0.2 caution, above 0.4 critical.
    [{ tanMgKohG: 0.5 }, 'tanGrade', 'normal'],
    [{ tanMgKohG: 0.51 }, 'tanGrade', 'caution'],
    [{ tanMgKohG: 0.7 }, 'tanGrade', 'caution'],
    [{ tanMgKohG: 0.71 }, 'tanGrade', 'critical'],
    // Against the target 17/15/12: one scale number above at any size caution, two critical.
    [{ isoCode: '17/15/12' }, 'cleanlinessGrade', 'normal'],
    [{ isoCode: '16/14/11' }, 'cleanlinessGrade', 'normal'],
    [{ isoCode: '17/16/12' }, 'cleanlinessGrade', 'caution'],
    [{ isoCode: '19/15/12' }, 'cleanlinessGrade', 'critical'],
    // Wear metals: the worst of them against its general limits.
    [{ ironPpm: 50, copperPpm: 25 }, 'wearGrade', 'normal'],
    [{ ironPpm: 51 }, 'wearGrade', 'caution'],
    [{ ironPpm: 10, siliconPpm: 26 }, 'wearGrade', 'critical'],
    [{ chromiumPpm: 10.5 }, 'wearGrade', 'critical'],
  ] as [Row, string, string][])('%j reads %s %s', async (readings, key, level) => {
    const row = await graded(`C-${key}-${JSON.stringify(readings)}`, readings);
    expect(row[key]).toBe(level);
    expect(row.grade).toBe(level);
  });

  it('is the worst of its criteria, and the report’s worst finding', async () => {
    const row = await graded('Gearbox', {
      viscosity40Cst: 221,
      waterPpm: 1400,
      tanMgKohG: 0.42,
      isoCode: '18/15/12',
      ironPpm: 22,
    });
    expect(row).toMatchObject({
      viscosityChangePercent: 1.4,
      viscosityGrade: 'normal',
      waterGrade: 'critical',
      tanIncrease: 0.12,
      tanGrade: 'normal',
      cleanlinessGrade: 'caution',
      wearGrade: 'normal',
      grade: 'critical',
    });
  });

  it("takes the ISO VG's mid-point where the new oil's viscosity is not given", async () => {
    const { analysis } = await analysed();
    await t.call('PUT', '/api/lube-oil/general-summary', {
      reportHeaderId: analysis.reportHeaderId,
      ...sample,
      newOilViscosity40Cst: null,
    });
    const r = await write({ lubeOilAnalysisId: analysis.id, component: 'Gearbox', viscosity40Cst: 198 });
    expect(r.body.data).toMatchObject({ viscosityChangePercent: -10, viscosityGrade: 'normal' });
  });

  it("counts the analyst's status where it is stricter, and needs a reason where it is laxer", async () => {
    const { report, analysis } = await analysed();
    const wet = { lubeOilAnalysisId: analysis.id, component: 'Gearbox', waterPpm: 1200 };
    const laxer = await write({ ...wet, status: 'caution' });
    expect(laxer.status).toBe(400);
    expect(laxer.body.error.details).toEqual([
      expect.objectContaining({ path: 'verdictOverrideReason', code: 'verdictOverride' }),
    ]);
    const reasoned = await write({
      ...wet,
      status: 'caution',
      verdictOverrideReason: 'Sample drawn after washdown',
    });
    expect(reasoned.status, JSON.stringify(reasoned.body)).toBe(200);
    const card = await t.call('GET', `/api/report-headers/${report.id}/techniques`);
    expect(JSON.stringify(card.body.data)).toContain('critical');
  });
});

describe('the ISO 4406 code', () => {
  it.each(['99/2/x', '18/16', '18-16-13', '29/16/13', '18/6/1/'])(
    'refuses %j, naming the field',
    async (code) => {
      const { analysis } = await analysed();
      const r = await write({ lubeOilAnalysisId: analysis.id, component: 'Gearbox', isoCode: code });
      expect(r.status).toBe(400);
      expect(r.body.error.details).toEqual([
        expect.objectContaining({
          path: 'isoCode',
          message: expect.stringMatching(/ISO 4406 code as three scale numbers/),
        }),
      ]);
      const stored = (await componentsOf(analysis.id)).find((c) => c.component === 'Gearbox');
      expect(stored?.isoCode).toBeNull();
    },
  );

  it('refuses a target of the wrong shape on the analysis too', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'lubeOil' });
    const r = await t.call('PUT', '/api/lube-oil/general-summary', {
      reportHeaderId: report.id,
      ...sample,
      targetIsoCode: '17/15',
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([expect.objectContaining({ path: 'targetIsoCode' })]);
    expect((await t.call('GET', `/api/lube-oil/by-report?reportHeaderId=${report.id}`)).body.data).toBeNull();
  });
});

describe('the components written at once', () => {
  it('writes the sample’s components by analysis and component, the template rows updated', async () => {
    const { analysis } = await analysed();
    const r = await write([
      { lubeOilAnalysisId: analysis.id, component: 'Bearings', waterPpm: 120 },
      { lubeOilAnalysisId: analysis.id, component: 'Gearbox', waterPpm: 1500 },
      { lubeOilAnalysisId: analysis.id, component: 'Coupling', waterPpm: 80 },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ created: 1, updated: 2 });
    expect(r.body.message).toBe('3 lube oil component records written: 1 created, 2 updated');
    expect(await componentsOf(analysis.id)).toHaveLength(4);
  });

  it('stores nothing when one row of many has a bad value, and names the row', async () => {
    const { analysis } = await analysed();
    const rows = Array.from({ length: 12 }, (_, i) => ({
      lubeOilAnalysisId: analysis.id,
      component: `Point ${i + 1}`,
      waterPpm: 100 + i,
    }));
    rows[7] = { ...rows[7]!, waterPpm: -5 };
    const r = await write(rows);
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([expect.objectContaining({ path: 'rows.7.waterPpm' })]);
    const stored = await componentsOf(analysis.id);
    expect(stored.map((c) => c.component).sort()).toEqual(['Bearings', 'Gearbox', 'Reservoir']);
    expect(stored.every((c) => c.waterPpm === null)).toBe(true);

    const tooMany = await write(
      Array.from({ length: lubeOilComponentsPerCall + 1 }, (_, i) => ({
        lubeOilAnalysisId: analysis.id,
        component: `P${i}`,
      })),
    );
    expect(tooMany.status).toBe(400);
  });
});

describe('the trend of a component', () => {
  it("walks the samples of the equipment's reports in their sample dates", async () => {
    const equipmentNo = (await createEquipment(t)).equipmentNo;
    // Entered out of order: the later sample first.
    const later = await analysed({ equipmentNo, sampleDate: '2026-11-02' });
    const earlier = await analysed({ equipmentNo, sampleDate: '2026-08-04' });
    await write({ lubeOilAnalysisId: later.analysis.id, component: 'Gearbox', waterPpm: 1400, ironPpm: 30 });
    await write({ lubeOilAnalysisId: earlier.analysis.id, component: 'Gearbox', waterPpm: 300, ironPpm: 18 });

    const r = await t.call('GET', `/api/lube-oil/trend?equipmentNo=${equipmentNo}&component=Gearbox`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [gearbox] = r.body.data.series;
    expect(gearbox.key).toEqual({ component: 'Gearbox' });
    expect(gearbox.readings.map((x: Row) => [x.time, x.values.waterPpm, x.change.waterPpm])).toEqual([
      ['2026-08-04', 300, null],
      ['2026-11-02', 1400, 1100],
    ]);
    expect(gearbox.latest).toMatchObject({ reportHeaderId: later.report.id, previous: { ironPpm: 18 } });

    // Up to the earlier report: its own sample only.
    const upTo = await t.call(
      'GET',
      `/api/lube-oil/trend?reportHeaderId=${earlier.report.id}&component=Gearbox`,
    );
    expect(upTo.body.data.series[0].readings.map((x: Row) => x.time)).toEqual(['2026-08-04']);
    expect(lubeOilLimits.waterPpm.critical).toBe(1000);
  });
});
