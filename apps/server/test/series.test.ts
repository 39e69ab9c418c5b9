/**
 * Series (docs/series.md): a reading entity's points over the reports of one equipment. Proven on
 * thermal measurements, whose series is per tag and component over their dates: the trend read
 * (`GET /thermal-measurements/trend`) in order with previous, change and latest, superseded reports
 * left out, the bound said, company scope, and bad parameters refused.
 */
import { randomUUID } from 'node:crypto';
import {
  d,
  declareVerdictPair,
  defineEntity,
  deriveValue,
  entities,
  f,
  op,
  route,
  thermalMeasurement,
} from '@inspectra/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sacpInspectionTable, sacpMeasurementTable, users } from '../src/db/schema/index.ts';
import { derivedSql, readsThroughJson } from '../src/engine/derived-sql.ts';
import { trendAnswer, trendStatement } from '../src/engine/series.ts';
import type { TrendRow } from '../src/engine/series.ts';
import { verdictOfWrite } from '../src/engine/verdicts.ts';
import type { AuthenticatedUser } from '../src/engine/access.ts';
import {
  createEquipment,
  createReportHeader,
  createInspector,
  createThermalAnalysis,
  createThermalMeasurement,
  createWorkOrder,
  multipart,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { startWithTestRoutes } from './test-routes.ts';

let t: TestApp;
beforeAll(async () => {
  // A trend that may name its report by a record of the series' chain: the measurement's analysis.
  t = await startWithTestRoutes([
    route('GET', '/test-only/thermal-trend', op.trend(thermalMeasurement, { by: 'thermalAnalysisId' }), {
      summary: 'Thermal trend, by the analysis',
      tag: 'Test only',
    }),
  ]);
});
afterAll(() => t.close());

const trend = (query: string, token?: string) =>
  t.call('GET', `/api/thermal-measurements/trend?${query}`, undefined, token);

/** A report on the equipment with its analysis, and readings `[date, component, max, reference]`. */
async function surveyed(
  equipmentNo: string,
  readings: [string, string, number, number][],
  overrides: Record<string, unknown> = {},
) {
  const report = await createReportHeader(t, { equipmentNo, ...overrides });
  const analysis = await createThermalAnalysis(t, { reportHeaderId: report.id });
  const made = [];
  for (const [date, component, maxTemperatureC, referenceTemperatureC] of readings)
    made.push(
      await createThermalMeasurement(t, analysis.id, {
        date,
        component,
        tagNumber: 'LP-3A',
        maxTemperatureC,
        referenceTemperatureC,
      }),
    );
  return { report, analysis, made };
}

describe('the trend of an equipment', () => {
  let equipmentNo: string;
  let reports: Awaited<ReturnType<typeof surveyed>>[];
  beforeAll(async () => {
    equipmentNo = (await createEquipment(t)).equipmentNo;
    // Four monthly surveys of two lugs; entered out of order, read in time.
    reports = [
      await surveyed(equipmentNo, [['2026-03-10', 'Phase R lug', 52, 40]]),
      await surveyed(equipmentNo, [
        ['2026-01-10', 'Phase R lug', 45, 40],
        ['2026-01-10', 'Phase S lug', 41, 40],
      ]),
      await surveyed(equipmentNo, [
        ['2026-02-10', 'Phase R lug', 48.5, 40],
        ['2026-02-10', 'Phase S lug', 41, 40],
      ]),
      await surveyed(equipmentNo, [['2026-04-10', 'Phase R lug', 61, 40]]),
    ];
  });

  it('answers per point the readings in time, each with the previous, the change, and the latest', async () => {
    const r = await trend(`equipmentNo=${equipmentNo}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [phaseR, phaseS] = r.body.data.series;
    expect(r.body.data.series).toHaveLength(2);
    expect(phaseR.key).toEqual({ tagNumber: 'LP-3A', component: 'Phase R lug' });
    expect(phaseR.readings.map((x: { time: string }) => x.time)).toEqual([
      '2026-01-10',
      '2026-02-10',
      '2026-03-10',
      '2026-04-10',
    ]);
    expect(
      phaseR.readings.map((x: { values: { maxTemperatureC: number } }) => x.values.maxTemperatureC),
    ).toEqual([45, 48.5, 52, 61]);
    // The first reading has no previous; the others the one before, the change and ΔT's change.
    expect(phaseR.readings[0]).toMatchObject({
      previous: null,
      change: { maxTemperatureC: null, deltaTC: null },
      values: { maxTemperatureC: 45, deltaTC: 5 },
    });
    expect(phaseR.readings[1]).toMatchObject({
      previous: { maxTemperatureC: 45, deltaTC: 5 },
      change: { maxTemperatureC: 3.5, deltaTC: 3.5 },
      reportHeaderId: reports[2]!.report.id,
      reportNumber: reports[2]!.report.reportNumber,
    });
    expect(phaseR.latest).toMatchObject({
      time: '2026-04-10',
      values: { maxTemperatureC: 61 },
      change: { maxTemperatureC: 9 },
    });
    expect(phaseR.more).toBe(false);
    expect(phaseS.key.component).toBe('Phase S lug');
    expect(phaseS.latest.change).toEqual({ maxTemperatureC: 0, deltaTC: 0 });
    expect(r.body.data.bounded).toEqual({ limit: 60, more: false, points: 100, morePoints: false });
  });

  it('answers what the readings make in JavaScript, though the database builds the answer', async () => {
    // The call's answer is JSON the database writes (series.ts `trendJsonSql`); the PDF's trend
    // makes the same answer from the statement's rows (`trendAnswer`). They must agree, bounds,
    // previous, change and times included, for every shape of the call.
    const shapes: [string, Parameters<typeof trendStatement>[1]][] = [
      [`equipmentNo=${equipmentNo}`, { equipmentNo, point: {}, limit: 60 }],
      [`equipmentNo=${equipmentNo}&limit=2`, { equipmentNo, point: {}, limit: 2 }],
      [
        `equipmentNo=${equipmentNo}&until=2026-02-10`,
        { equipmentNo, point: {}, limit: 60, until: '2026-02-10' },
      ],
      [
        `reportHeaderId=${reports[2]!.report.id}&component=${encodeURIComponent('Phase R lug')}&tagNumber=LP-3A&limit=1`,
        {
          equipmentNo,
          reportHeaderId: reports[2]!.report.id,
          point: { component: 'Phase R lug', tagNumber: 'LP-3A' },
          limit: 1,
        },
      ],
      ['equipmentNo=NO-SUCH-EQUIPMENT', { equipmentNo: 'NO-SUCH-EQUIPMENT', point: {}, limit: 60 }],
    ];
    for (const [query, q] of shapes) {
      const r = await trend(query);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const rows = (await t.db.execute<TrendRow>(trendStatement(thermalMeasurement, q))).rows;
      const { bands, ...answered } = r.body.data;
      expect(answered, query).toEqual(trendAnswer(thermalMeasurement, rows, q.limit));
      expect(bands, query).toBeDefined();
    }
  });

  it('runs up to a report: its readings and the others up to its latest, for one point', async () => {
    const r = await trend(
      `reportHeaderId=${reports[0]!.report.id}&component=${encodeURIComponent('Phase R lug')}`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.series).toHaveLength(1);
    expect(r.body.data.series[0].readings.map((x: { time: string }) => x.time)).toEqual([
      '2026-01-10',
      '2026-02-10',
      '2026-03-10',
    ]);
    const until = await trend(`equipmentNo=${equipmentNo}&until=2026-02-10`);
    expect(until.body.data.series[0].latest.time).toBe('2026-02-10');
  });

  it('says where it stopped short, the previous of its first reading read from before the bound', async () => {
    const r = await trend(`equipmentNo=${equipmentNo}&limit=2`);
    expect(r.status).toBe(200);
    const [phaseR, phaseS] = r.body.data.series;
    expect(phaseR.readings.map((x: { time: string }) => x.time)).toEqual(['2026-03-10', '2026-04-10']);
    expect(phaseR.readings[0].previous).toEqual({ maxTemperatureC: 48.5, deltaTC: 8.5 });
    expect(phaseR.more).toBe(true);
    expect(phaseS.more).toBe(false);
    expect(r.body.data.bounded).toMatchObject({ limit: 2, more: true });
  });

  it('says the bound of one point named whole, the previous of its first reading read from before it', async () => {
    const point = `tagNumber=LP-3A&component=${encodeURIComponent('Phase R lug')}`;
    const short = await trend(`equipmentNo=${equipmentNo}&${point}&limit=3`);
    expect(short.status, JSON.stringify(short.body)).toBe(200);
    expect(short.body.data.series).toHaveLength(1);
    const [phaseR] = short.body.data.series;
    expect(phaseR.readings.map((x: { time: string }) => x.time)).toEqual([
      '2026-02-10',
      '2026-03-10',
      '2026-04-10',
    ]);
    expect(phaseR.readings[0].previous).toEqual({ maxTemperatureC: 45, deltaTC: 5 });
    expect(phaseR.more).toBe(true);
    expect(short.body.data.bounded).toEqual({ limit: 3, more: true, points: 100, morePoints: false });
    // At exactly its readings nothing is left: the first has no previous, and there is no more.
    const whole = await trend(`equipmentNo=${equipmentNo}&${point}&limit=4`);
    expect(whole.body.data.series[0].readings).toHaveLength(4);
    expect(whole.body.data.series[0].readings[0].previous).toBeNull();
    expect(whole.body.data.series[0].more).toBe(false);
    expect(whole.body.data.bounded.more).toBe(false);
  });

  it('leaves out the readings of a superseded report, but not of the report it runs up to', async () => {
    const replaced = await surveyed(equipmentNo, [['2026-05-10', 'Phase R lug', 99, 40]]);
    await t.db.execute(
      sql`update report_header set superseded_by = ${reports[3]!.report.id} where id = ${replaced.report.id}`,
    );
    const r = await trend(`equipmentNo=${equipmentNo}`);
    expect(r.body.data.series[0].latest.time).toBe('2026-04-10');
    const own = await trend(`reportHeaderId=${replaced.report.id}`);
    expect(own.body.data.series[0].latest).toMatchObject({
      time: '2026-05-10',
      values: { maxTemperatureC: 99 },
    });
  });

  it('answers no points for an equipment without readings, and 404 for an unknown report', async () => {
    const none = await trend('equipmentNo=NOWHERE-1');
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({
      series: [],
      // The grade's limits on ΔT, from its declaration: drawn across the trend.
      bands: {
        deltaTC: [
          { limit: 15, when: 'gt', level: 'repairImmediately' },
          { limit: 3, when: 'gt', level: 'repairAsTimePermits' },
          { limit: 1, when: 'gte', level: 'investigate' },
        ],
      },
      bounded: { limit: 60, more: false, points: 100, morePoints: false },
    });
    const unknown = await trend(`reportHeaderId=${randomUUID()}`);
    expect(unknown.status).toBe(404);
  });

  it.each([
    ['', /Name the equipment \(equipmentNo\) or a report/],
    [`equipmentNo=X&reportHeaderId=${randomUUID()}`, /one of them/],
    ['reportHeaderId=nope', /reportHeaderId must be an identifier/],
    ['equipmentNo=X&until=2026-13-01', /until must be a date/],
    ['equipmentNo=X&limit=0', /limit is at least 1/],
    ['equipmentNo=X&limit=61', /limit is at most 60/],
    ['equipmentNo=X&limit=two', /limit must be a whole number/],
  ])('refuses %s with 400, saying why', async (query, message) => {
    const r = await trend(query);
    expect(r.status).toBe(400);
    expect(r.body.data).toBeNull();
    expect(JSON.stringify(r.body)).toMatch(message);
  });
});

describe('a trend named by a record of its chain', () => {
  const byAnalysis = (query: string, token?: string) =>
    t.call('GET', `/api/test-only/thermal-trend?${query}`, undefined, token);

  it("answers that record's report's trend, as the report's own id does", async () => {
    const equipmentNo = (await createEquipment(t)).equipmentNo;
    await surveyed(equipmentNo, [['2026-01-10', 'Phase R lug', 45, 40]]);
    const second = await surveyed(equipmentNo, [['2026-02-10', 'Phase R lug', 50, 40]]);
    await surveyed(equipmentNo, [['2026-03-10', 'Phase R lug', 55, 40]]);
    const named = await byAnalysis(`thermalAnalysisId=${second.analysis.id}`);
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.data.series[0].readings.map((x: { time: string }) => x.time)).toEqual([
      '2026-01-10',
      '2026-02-10',
    ]);
    expect(named.body.data).toEqual((await byAnalysis(`reportHeaderId=${second.report.id}`)).body.data);
  });

  it.each([
    [`thermalAnalysisId=${randomUUID()}`, 404, /Thermal analysis .* was not found/],
    ['thermalAnalysisId=nope', 400, /thermalAnalysisId must be an identifier/],
    [`thermalAnalysisId=${randomUUID()}&equipmentNo=X`, 400, /or its thermalAnalysisId, one of them/],
  ])('answers %s with %i, saying why', async (query, status, message) => {
    const r = await byAnalysis(query);
    expect(r.status).toBe(status);
    expect(JSON.stringify(r.body)).toMatch(message);
  });
});

describe('the trend under company scope', () => {
  it("shows a contractor company's user only the readings of its reports", async () => {
    const user = await createInspector(t);
    const company = await t.call(
      'POST',
      '/api/contractor-company',
      multipart({ ContractorName: 'Trend Co' }),
    );
    await t.db.update(users).set({ contractorCompanyId: company.body.data.id }).where(eq(users.id, user.id));
    const token = (await t.login(user.username, user.password)).json().data.accessToken as string;
    const ours = await createWorkOrder(t);
    const assigned = await t.call('POST', '/api/wo-task-assignments', {
      workOrderSPKId: ours.id,
      inspectionMethod: 'thermal',
      userPDMIds: [user.id],
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);
    const equipmentNo = (await createEquipment(t)).equipmentNo;
    await surveyed(equipmentNo, [['2026-01-10', 'Phase R lug', 45, 40]], { workOrderSPKId: ours.id });
    const theirs = await surveyed(equipmentNo, [['2026-02-10', 'Phase R lug', 70, 40]]);

    const seen = await trend(`equipmentNo=${equipmentNo}`, token);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.data.series[0].readings.map((x: { time: string }) => x.time)).toEqual(['2026-01-10']);
    expect((await trend(`reportHeaderId=${theirs.report.id}`, token)).status).toBe(404);
    const byTheirAnalysis = `/api/test-only/thermal-trend?thermalAnalysisId=${theirs.analysis.id}`;
    expect((await t.call('GET', byTheirAnalysis, undefined, token)).status).toBe(404);
    // The owner's staff see both.
    expect((await trend(`equipmentNo=${equipmentNo}`)).body.data.series[0].readings).toHaveLength(2);
  });
});

describe('the trend statement', () => {
  it('reads one equipment off the indexes, never the whole readings table', async () => {
    // 200 pieces of equipment, 3 reports each, 20 readings per report: 12,000 readings.
    await t.db
      .execute(sql`insert into equipment (equipment_no, tag_number, description, category_code, object_type_code)
      select 'BULK-' || g, 'T-' || g, 'Panel', 'electrical', 'EL-PANEL' from generate_series(1, 200) g`);
    const wo = await createWorkOrder(t);
    await t.db
      .execute(sql`insert into report_header (work_order_spkid, report_number, title, equipment_no, inspection_method)
      select ${wo.id}::uuid, 'BULK-R-' || e || '-' || r, 'Bulk', 'BULK-' || e, 'thermal'
      from generate_series(1, 200) e, generate_series(1, 3) r`);
    await t.db.execute(sql`insert into thermal_analysis (report_header_id)
      select id from report_header where report_number like 'BULK-R-%'`);
    await t.db
      .execute(sql`insert into thermal_measurement (thermal_analysis_id, date, tag_number, component, max_temperature_c, reference_temperature_c)
      select a.id, date '2025-01-01' + (c * 7), 'T', 'C-' || c, 40 + c, 40
      from thermal_analysis a join report_header h on h.id = a.report_header_id and h.report_number like 'BULK-R-%',
      generate_series(1, 20) c`);
    await t.db.execute(sql`analyze`);
    const statement = trendStatement(entities.thermalMeasurement!, {
      equipmentNo: 'BULK-7',
      point: {},
      limit: 60,
    });
    const plan = (await t.db.execute<{ 'QUERY PLAN': string }>(sql`explain ${statement}`)).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toMatch(/Index Scan (using|on) report_header_equipment_no_key_idx/);
    expect(plan).toMatch(/Index (Only )?Scan using thermal_measurement_(series|parent_list)_idx/);
    expect(plan).not.toMatch(/Seq Scan on thermal_measurement/);
    const answered = (await t.db.execute(statement)).rows;
    expect(answered).toHaveLength(60);

    // A previous reading read beside one record: by the row's own chain and the equipment's reports.
    // The three reports' readings were written at one instant: the last by id has the others before it.
    const probe = defineEntity('thermalMeasurement', {
      label: 'Temperature probe',
      module: 'thermal',
      fields: {
        thermalAnalysisId: f.ref('thermalAnalysis', { required: true }),
        date: f.date({ required: true }),
        tagNumber: f.text(),
        component: f.text(),
        maxTemperatureC: f.number({}),
      },
      parent: 'thermalAnalysisId',
      series: { key: ['tagNumber', 'component'], time: 'date', values: ['maxTemperatureC'] },
      derived: {
        rise: { field: f.number({}), expr: d.sub(d.field('maxTemperatureC'), d.previous('maxTemperatureC')) },
      },
    });
    const [row] = (
      await t.db.execute<{ id: string }>(
        sql`select m.id from thermal_measurement m join thermal_analysis a on a.id = m.thermal_analysis_id
          join report_header h on h.id = a.report_header_id where h.equipment_no = 'BULK-7' and m.component = 'C-5' order by m.id desc limit 1`,
      )
    ).rows;
    const beside = sql`select ${readsThroughJson(probe)} from thermal_measurement where id = ${row!.id}`;
    const besidePlan = (await t.db.execute<{ 'QUERY PLAN': string }>(sql`explain ${beside}`)).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(besidePlan).toMatch(/Index Scan (using|on) report_header_equipment_no_key_idx/);
    expect(besidePlan).not.toMatch(/Seq Scan on thermal_measurement/);
    const [read] = (await t.db.execute<{ json_build_object: Record<string, number> }>(beside)).rows;
    expect(Object.values(read!)[0]).toEqual({ 'previous(maxTemperatureC)': 45 });
  });
});

/**
 * Probes over SACP's readings table (a test point's potential over surveys), its yes/no column
 * standing for a baseline mark: `d.previous` and `d.first` compiled to SQL and worked out in JS from
 * the values read beside the record, which must agree.
 */
function potentialProbe(baseline: boolean) {
  return defineEntity('sacpMeasurement', {
    label: 'Potential probe',
    module: 'sacp',
    fields: {
      sacpInspectionId: f.ref('sacpInspection', { required: true }),
      measurementDate: f.date({ required: true }),
      testPoint: f.text(),
      potential: f.number({}),
      connectedYesNo: f.boolean(),
    },
    parent: 'sacpInspectionId',
    series: {
      key: ['testPoint'],
      time: 'measurementDate',
      values: ['potential'],
      ...(baseline ? { baseline: 'connectedYesNo' as const } : {}),
    },
    derived: {
      change: { field: f.number({}), expr: d.sub(d.field('potential'), d.previous('potential')) },
      shift: { field: f.number({}), expr: d.sub(d.field('potential'), d.first('potential')) },
    },
  });
}

/**
 * A survey of the equipment on `surveyed` (a report, its SACP inspection of that date) holding one
 * reading of `reading` (its own date `surveyed` unless given); answers the inspection's id and the row.
 */
async function survey(equipmentNo: string, surveyed: string, reading?: Record<string, unknown>) {
  const report = await createReportHeader(t, { equipmentNo });
  const [inspection] = (await t.db
    .insert(sacpInspectionTable)
    .values({ reportHeaderId: report.id, measurementDate: surveyed, variant: 'pipe' } as never)
    .returning()) as { id: string }[];
  const [row] = reading
    ? ((await t.db
        .insert(sacpMeasurementTable)
        .values({
          sacpInspectionId: inspection!.id,
          measurementDate: surveyed,
          variant: 'pipe',
          ...reading,
        } as never)
        .returning()) as Record<string, unknown>[])
    : [];
  return { inspectionId: inspection!.id, row };
}

describe('series expressions', () => {
  /** The probe's values per reading of the test point, in time: SQL's, checked against JS's. */
  async function worked(probe: ReturnType<typeof potentialProbe>, testPoint: string) {
    const table = sacpMeasurementTable;
    const through = readsThroughJson(probe)!;
    const rows = (
      await t.db.execute<Record<string, unknown>>(
        sql`select id, potential, measurement_date::text as date, ${through} as through,
        ${derivedSql(probe, 'change', table)} as change, ${derivedSql(probe, 'shift', table)} as shift
        from sacp_measurement where test_point = ${testPoint} order by measurement_date`,
      )
    ).rows;
    for (const row of rows) {
      const input = { potential: row.potential, ...(row.through as object) };
      expect(deriveValue(probe.derived.change!, input)).toBe(row.change);
      expect(deriveValue(probe.derived.shift!, input)).toBe(row.shift);
    }
    return rows.map((r) => ({ date: r.date, change: r.change, shift: r.shift }));
  }

  let testPoint: string;
  beforeAll(async () => {
    testPoint = `TP-${randomUUID().slice(0, 8)}`;
    const equipmentNo = (await createEquipment(t)).equipmentNo;
    const readings: [string, number | null, boolean][] = [
      ['2026-01-05', -0.9, false],
      ['2026-02-05', -0.95, false],
      ['2026-03-05', null, false],
      ['2026-04-05', -1.1, true],
      ['2026-05-05', -1.0, false],
    ];
    for (const [date, potential, marked] of readings)
      await survey(equipmentNo, date, { testPoint, potential, connectedYesNo: marked });
  });

  it('reads the previous reading of the point: none for the first, empty over an empty one', async () => {
    const rows = await worked(potentialProbe(false), testPoint);
    expect(rows.map((r) => r.change)).toEqual([
      null,
      expect.closeTo(-0.05, 9),
      null,
      null,
      expect.closeTo(0.1, 9),
    ]);
  });

  it("reads the point's first reading, itself for the first", async () => {
    const rows = await worked(potentialProbe(false), testPoint);
    expect(rows.map((r) => r.shift)).toEqual([
      0,
      expect.closeTo(-0.05, 9),
      null,
      expect.closeTo(-0.2, 9),
      expect.closeTo(-0.1, 9),
    ]);
  });

  it('reads the latest reading marked baseline at or before the row, else the first', async () => {
    const rows = await worked(potentialProbe(true), testPoint);
    expect(rows.map((r) => r.shift)).toEqual([0, expect.closeTo(-0.05, 9), null, 0, expect.closeTo(0.1, 9)]);
  });

  it('is refused at load without a series, or over a field that is not a number', () => {
    expect(() =>
      defineEntity('probeRow', {
        label: 'Probe',
        module: 'probe',
        fields: { probeId: f.ref('reportHeader', { required: true }), value: f.number({}) },
        parent: 'probeId',
        derived: { rise: { field: f.number({}), expr: d.sub(d.field('value'), d.first('value')) } },
      }),
    ).toThrow(/d\.first\(value\) reads a number field of the same series/);
  });
});

/**
 * A verdict pair whose standard reads the series (the rise of a test point's potential over its
 * first or baseline reading), over SACP's readings table, its electrode column standing for the
 * recorded verdict: a write reads the point's history to judge the override, as the row leaves
 * the write (docs/verdict-pairs.md, docs/series.md).
 */
describe('a verdict pair over a series, judged at a write', () => {
  const levels = ['cse', 'agAgCl', 'zinc'] as const;
  const probe = defineEntity('sacpMeasurement', {
    label: 'Drift probe',
    module: 'sacp',
    fields: {
      sacpInspectionId: f.ref('sacpInspection', { required: true }),
      measurementDate: f.date({ required: true }),
      testPoint: f.text(),
      potential: f.number({}),
      connectedYesNo: f.boolean(),
      referenceElectrode: f.enumOf(levels),
    },
    parent: 'sacpInspectionId',
    series: {
      key: ['testPoint'],
      time: 'measurementDate',
      values: ['potential'],
      baseline: 'connectedYesNo',
    },
    derived: {
      drift: {
        field: f.enumOf(levels),
        expr: d.bands(
          d.sub(d.field('potential'), d.first('potential')),
          [
            { when: 'gte', limit: 100, value: 'zinc' },
            { when: 'gte', limit: 50, value: 'agAgCl' },
          ],
          'cse',
        ),
      },
    },
  });
  declareVerdictPair(probe, { recorded: 'referenceElectrode', standard: 'drift', levels });
  const user = { id: randomUUID(), fullName: 'Dewi Lestari' } as AuthenticatedUser;
  const judged = (values: Record<string, unknown>) =>
    verdictOfWrite(t.db, {
      entity: probe,
      values,
      sent: 'verdictOverrideReason' in values,
      user,
      now: new Date(),
      warnings: [],
    });

  let testPoint: string;
  let secondInspection: string;
  let stored: Record<string, unknown>;
  beforeAll(async () => {
    testPoint = `TP-${randomUUID().slice(0, 8)}`;
    const equipmentNo = (await createEquipment(t)).equipmentNo;
    stored = (await survey(equipmentNo, '2026-01-05', { testPoint, potential: -1000 })).row!;
    secondInspection = (await survey(equipmentNo, '2026-02-05')).inspectionId;
  });

  const later = (o: Record<string, unknown>) => ({
    sacpInspectionId: secondInspection,
    measurementDate: '2026-02-05',
    testPoint,
    ...o,
  });

  it('refuses a new reading whose recorded verdict differs from the rise over the first, without a reason', async () => {
    // -880 is 120 over the first reading's -1000: the standard gives zinc.
    const refused = judged(later({ potential: -880, referenceElectrode: 'cse' }));
    await expect(refused).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'verdictOverrideReason', params: { recorded: 'cse', standard: 'zinc' } }],
    });
  });

  it('keeps the override with its reason, and needs none where the verdicts agree', async () => {
    const kept = await judged(
      later({ potential: -880, referenceElectrode: 'cse', verdictOverrideReason: ' Re-zeroed ' }),
    );
    expect(kept.verdictOverrideReason).toBe('Re-zeroed');
    const agreeing = await judged(later({ potential: -930, referenceElectrode: 'agAgCl' }));
    expect(agreeing.verdictOverrideReason).toBeNull();
  });

  it('reads a reading marked baseline, or the first of its point, as its own baseline', async () => {
    expect(
      (await judged(later({ potential: -880, referenceElectrode: 'cse', connectedYesNo: true })))
        .verdictOverrideReason,
    ).toBeNull();
    expect(
      (await judged(later({ testPoint: `${testPoint}-new`, potential: -200, referenceElectrode: 'cse' })))
        .verdictOverrideReason,
    ).toBeNull();
  });

  it('judges a stored reading as the write leaves it, never by its stored values', async () => {
    // The first reading rewritten is still its own baseline: no rise, whatever its new value.
    expect(
      (await judged({ ...stored, potential: -500, referenceElectrode: 'cse' })).verdictOverrideReason,
    ).toBeNull();
    // And its recorded verdict is judged against that rise (none): another one needs a reason.
    await expect(judged({ ...stored, potential: -1000, referenceElectrode: 'zinc' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });
});

/**
 * A time read from the record the row is under (docs/series.md, "The time"): SACP's readings probed
 * as if their date were the survey's only, each row's own date written out of order so that only the
 * survey's date can put them in time.
 */
function surveyDateProbe() {
  return defineEntity('sacpMeasurement', {
    label: 'Potential probe',
    module: 'sacp',
    fields: {
      sacpInspectionId: f.ref('sacpInspection', { required: true }),
      testPoint: f.text(),
      potential: f.number({}),
    },
    parent: 'sacpInspectionId',
    series: {
      key: ['testPoint'],
      time: { from: 'sacpInspectionId', field: 'measurementDate' },
      values: ['potential'],
    },
    derived: {
      change: { field: f.number({}), expr: d.sub(d.field('potential'), d.previous('potential')) },
      shift: { field: f.number({}), expr: d.sub(d.field('potential'), d.first('potential')) },
    },
  });
}

describe('a series whose time is read from the parent', () => {
  const probe = surveyDateProbe();
  let equipmentNo: string;
  let testPoint: string;
  beforeAll(async () => {
    testPoint = `TP-${randomUUID().slice(0, 8)}`;
    equipmentNo = (await createEquipment(t)).equipmentNo;
    // [survey date, the row's own date (misleading on purpose), potential], entered out of order.
    const readings: [string, string, number][] = [
      ['2026-03-05', '2026-01-01', -1.0],
      ['2026-01-05', '2026-03-01', -0.9],
      ['2026-02-05', '2026-02-01', -0.95],
    ];
    for (const [surveyed, own, potential] of readings)
      await survey(equipmentNo, surveyed, { measurementDate: own, testPoint, potential });
  });

  it("walks the trend by the parent's date, and answers it as the reading's time", async () => {
    const read = async (q: Parameters<typeof trendStatement>[1]) =>
      trendAnswer(probe, (await t.db.execute<TrendRow>(trendStatement(probe, q))).rows, q.limit).series[0]!
        .readings;
    const readings = await read({ equipmentNo, point: { testPoint }, limit: 60 });
    expect(readings.map((r) => [r.time, r.values.potential, r.previous?.potential ?? null])).toEqual([
      ['2026-01-05', -0.9, null],
      ['2026-02-05', -0.95, -0.9],
      ['2026-03-05', -1, -0.95],
    ]);
    // Run up to the February report: its survey's date is the horizon, not its rows' own.
    const [february] = (
      await t.db.execute<{ id: string }>(
        sql`select report_header_id as id from sacp_inspection where measurement_date = '2026-02-05'
          and report_header_id in (select id from report_header where equipment_no = ${equipmentNo})`,
      )
    ).rows;
    const upTo = await read({ equipmentNo, reportHeaderId: february!.id, point: { testPoint }, limit: 60 });
    expect(upTo.map((r) => r.time)).toEqual(['2026-01-05', '2026-02-05']);
  });

  it('reads previous and first by the parent’s date, in SQL and in JS alike', async () => {
    const through = readsThroughJson(probe)!;
    const table = sacpMeasurementTable;
    const rows = (
      await t.db.execute<Record<string, unknown>>(
        sql`select sacp_measurement.potential, ${through} as through, ${derivedSql(probe, 'change', table)} as change,
          ${derivedSql(probe, 'shift', table)} as shift
        from sacp_measurement join sacp_inspection i on i.id = sacp_measurement.sacp_inspection_id
        where test_point = ${testPoint} order by i.measurement_date`,
      )
    ).rows;
    for (const row of rows) {
      const input = { potential: row.potential, ...(row.through as object) };
      expect(deriveValue(probe.derived.change!, input)).toBe(row.change);
      expect(deriveValue(probe.derived.shift!, input)).toBe(row.shift);
    }
    expect(rows.map((r) => [r.change, r.shift])).toEqual([
      [null, 0],
      [expect.closeTo(-0.05, 9), expect.closeTo(-0.05, 9)],
      [expect.closeTo(-0.05, 9), expect.closeTo(-0.1, 9)],
    ]);
  });

  it('reads one equipment off the indexes: the parent by its report, the readings by parent and point', async () => {
    await t.db
      .execute(sql`insert into equipment (equipment_no, tag_number, description, category_code, object_type_code)
      select 'SURVEY-' || g, 'S-' || g, 'Line', 'electrical', 'EL-PANEL' from generate_series(1, 200) g`);
    const wo = await createWorkOrder(t);
    await t.db
      .execute(sql`insert into report_header (work_order_spkid, report_number, title, equipment_no, inspection_method)
      select ${wo.id}::uuid, 'SURVEY-R-' || e || '-' || r, 'Bulk', 'SURVEY-' || e, 'sacp'
      from generate_series(1, 200) e, generate_series(1, 3) r`);
    await t.db.execute(sql`insert into sacp_inspection (report_header_id, variant, measurement_date)
      select id, 'pipe', date '2025-01-01' + (random() * 300)::int from report_header where report_number like 'SURVEY-R-%'`);
    await t.db
      .execute(sql`insert into sacp_measurement (sacp_inspection_id, variant, measurement_date, test_point, potential)
      select i.id, 'pipe', i.measurement_date, 'TP-' || c, -0.9
      from sacp_inspection i join report_header h on h.id = i.report_header_id and h.report_number like 'SURVEY-R-%',
      generate_series(1, 20) c`);
    await t.db.execute(sql`analyze`);
    const explain = async (statement: ReturnType<typeof sql>) =>
      (await t.db.execute<{ 'QUERY PLAN': string }>(sql`explain ${statement}`)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    const plan = await explain(trendStatement(probe, { equipmentNo: 'SURVEY-7', point: {}, limit: 60 }));
    expect(plan).toMatch(/Index Scan (using|on) report_header_equipment_no_key_idx/);
    expect(plan).toMatch(/Index (Only )?Scan using sacp_measurement_\w+_idx/);
    expect(plan).not.toMatch(/Seq Scan on sacp_measurement/);
    expect(plan).not.toMatch(/Seq Scan on sacp_inspection/);
    const [row] = (
      await t.db.execute<{ id: string }>(
        sql`select m.id from sacp_measurement m join sacp_inspection i on i.id = m.sacp_inspection_id
          join report_header h on h.id = i.report_header_id where h.equipment_no = 'SURVEY-7' and m.test_point = 'TP-5' limit 1`,
      )
    ).rows;
    const besidePlan = await explain(
      sql`select ${readsThroughJson(probe)} from sacp_measurement where id = ${row!.id}`,
    );
    expect(besidePlan).toMatch(/Index Scan (using|on) report_header_equipment_no_key_idx/);
    expect(besidePlan).not.toMatch(/Seq Scan on sacp_measurement/);
    expect(besidePlan).not.toMatch(/Seq Scan on sacp_inspection/);
  });
});
