/**
 * The trend reads' data (bench/trend-read.ts): for each technique one piece of equipment of the
 * asset master with 60 monthly reports (five years), each with its inspection and a reading of every
 * point; and, for vibration, the surveys amid which its trend is read: every vibration report of the
 * work-management data set (4,556 at scale 0.2, about 23,000 at scale 1) gets its analysis and six
 * readings. Added to an already seeded database when missing, so the large seed need not be redone.
 */
import type pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import {
  adminCte,
  columnsOf,
  hash,
  idOf,
  inTransaction,
  literal,
  pick,
  timedSteps,
  valuesOf,
} from './seed-sql.ts';
import { seriesTables, trendReads } from './trend-read.ts';
import type { TrendName, TrendPoint } from './trend-read.ts';

/**
 * How a trend's reports are written: the ids' stem, the reports' numbers' prefix and first day, its
 * equipment (the first item of the asset master in this condition and order), the report's words,
 * the inspection's columns over its report `h`, the points and the readings' columns over the
 * report's number `i`, the point's number `p`, its report `h` and its equipment `e`, and the key
 * values of the point read (the others are read off the seeded readings).
 */
type TrendSeries = {
  stem: string;
  prefix: string;
  firstDay: string;
  equipment: string;
  report: { title: string; method: string; category: string; location: string };
  inspection: Record<string, string>;
  points: number;
  readings: Record<string, string>;
  point: Record<string, string>;
};

/** Five years of monthly reports, each reading every point once. */
const monthlyReports = 60;

const transformerParts = ['HV bushing Phase R', 'HV bushing Phase S', 'HV bushing Phase T', 'Neutral link'];
const bearings = ['Motor DE', 'Motor NDE', 'Pump DE', 'Pump NDE'];
const directions = ['horizontal', 'vertical', 'axial'];

export const trendSeries: Record<TrendName, TrendSeries> = {
  // The asset master's last electrical equipment, with its work-management reports: four bushings
  // and a neutral link, ΔT drifting up over the years with a month's scatter.
  thermal: {
    stem: 'bench-trend',
    prefix: 'TH-TREND/',
    firstDay: '2021-01-04',
    equipment: `category_code = 'electrical' order by equipment_no desc`,
    report: {
      title: 'Monthly thermography of the main transformer',
      method: 'thermal',
      category: 'electrical',
      location: 'Main substation',
    },
    inspection: { summary: `'Monthly infrared survey of the main transformer under load.'` },
    points: transformerParts.length,
    readings: {
      date: 'h.actual_start_date',
      tag_number: 'e.tag_number',
      equipment_name: 'e.description',
      component: `(array[${transformerParts.map(literal).join(', ')}])[p]`,
      max_temperature_c: `(41 + i * 0.15 + ${hash('i * 8 + p', 1)} % 30 / 10.0)::float8`,
      reference_temperature_c: '40::float8',
    },
    point: { component: 'HV bushing Phase R' },
  },
  // The asset master's first rotating equipment: a 250 kW pump train (ISO 20816-3 group 2, rigid),
  // its motor's and pump's bearings in three directions, the velocity creeping from zone A into B.
  vibration: {
    stem: 'bench-vibration-trend',
    prefix: 'VIB-TREND/',
    firstDay: '2021-01-11',
    equipment: `category_code = 'rotating-equipment' order by equipment_no`,
    report: {
      title: 'Monthly vibration survey of the pump train',
      method: 'vibration',
      category: 'rotating-equipment',
      location: 'Pump house',
    },
    inspection: {
      measurement_date: 'h.actual_start_date',
      driver: `'Electric motor'`,
      driven: `'Centrifugal pump'`,
      power_kw: '250',
      speed_rpm: '2980',
      machine_group: `'group2'`,
      foundation: `'rigid'`,
    },
    points: bearings.length * directions.length,
    readings: {
      measurement_point: `(array[${bearings.map(literal).join(', ')}])[1 + (p - 1) / ${directions.length}]`,
      direction: `(array[${directions.map(literal).join(', ')}])[1 + (p - 1) % ${directions.length}]`,
      measurement_date: 'h.actual_start_date',
      velocity_rms_mm_per_s: `(0.9 + i * 0.02 + ${hash('i * 16 + p', 2)} % 40 / 100.0)::float8`,
      acceleration_g: `(0.2 + ${hash('i * 16 + p', 3)} % 60 / 100.0)::float8`,
      displacement_um_pk_pk: `(12 + ${hash('i * 16 + p', 4)} % 200 / 10.0)::float8`,
    },
    point: { measurementPoint: 'Pump DE', direction: 'horizontal' },
  },
};

/** The report numbers of every trend's reports: the data set's own count leaves them out. */
export const trendReportPrefixes = Object.values(trendSeries).map((s) => s.prefix);

const pool = (db: Db) => (db as Db & { $client: pg.Pool }).$client;

/** The trend's reports, their inspections and readings, written again when not all there; whether it wrote them. */
export async function ensureTrendSeries(db: Db, name: TrendName): Promise<boolean> {
  const s = trendSeries[name];
  const t = seriesTables(trendReads[name].entity);
  const report = (i: string) => idOf(`'${s.stem}-report-' || ${i}`);
  const inspection = (i: string) => idOf(`'${s.stem}-analysis-' || ${i}`);
  const reports = `select ${report('i')} from generate_series(1, ${monthlyReports}) i`;
  const { rows } = await pool(db).query<{ n: number }>(
    `select count(*)::int as n from ${t.readings} m join ${t.inspection} a on a.id = m.${t.parent}
     where a.${t.report} in (${reports})`,
  );
  if (rows[0]!.n === monthlyReports * s.points) return false;
  await inTransaction(db, async (client) => {
    await client.query(`delete from ${t.readings} where ${t.parent} in
    (select id from ${t.inspection} where ${t.report} in (${reports}))`);
    await client.query(`delete from ${t.inspection} where ${t.report} in (${reports})`);
    await client.query(`delete from report_header where id in (${reports})`);
    await client.query(`with ${adminCte}, eq as (
      select equipment_no, object_type_code from equipment where ${s.equipment} limit 1
    )
    insert into report_header (id, created_at, updated_at, created_by, updated_by, work_order_spkid,
      report_number, title, equipment_no, equipment_category, object_type, inspection_method, location,
      actual_start_date, actual_completed_date, status)
    select ${report('i')}, started, started, admin.id, admin.id, ${idOf(`'bench-work-order'`)},
      ${literal(s.prefix)} || lpad(i::text, 2, '0'), ${literal(s.report.title)},
      eq.equipment_no, ${literal(s.report.category)}, eq.object_type_code, ${literal(s.report.method)},
      ${literal(s.report.location)}, day, day, 'approved'
    from (select i, day, (day + time '08:00') at time zone 'UTC' as started
      from generate_series(1, ${monthlyReports}) i,
        lateral (select (date ${literal(s.firstDay)} + (i - 1) * interval '1 month')::date as day) d) r,
      eq, admin`);
    await client.query(`with ${adminCte}
    insert into ${t.inspection} (id, created_at, updated_at, created_by, updated_by, ${t.report}, ${columnsOf(s.inspection)})
    select ${inspection('i')}, h.created_at, h.created_at, admin.id, admin.id, h.id, ${valuesOf(s.inspection)}
    from generate_series(1, ${monthlyReports}) i join report_header h on h.id = ${report('i')}, admin`);
    await client.query(`with ${adminCte}
    insert into ${t.readings} (id, created_at, updated_at, created_by, updated_by, ${t.parent}, ${columnsOf(s.readings)})
    select ${idOf(`'${s.stem}-measurement-' || i || '-' || p`)}, h.created_at + p * interval '1 minute',
      h.created_at + p * interval '1 minute', admin.id, admin.id, ${inspection('i')}, ${valuesOf(s.readings)}
    from generate_series(1, ${monthlyReports}) i
      join report_header h on h.id = ${report('i')}
      join equipment e on e.equipment_no = h.equipment_no,
      generate_series(1, ${s.points}) p, admin`);
  });
  await pool(db).query(`vacuum (analyze) report_header, ${t.inspection}, ${t.readings}`);
  return true;
}

/** The readings of a work-management vibration survey: two bearings in three directions. */
const surveyPoints = 6;

/**
 * The work-management data set's vibration reports that get a survey: every one but those of the
 * vibration trend's equipment (its readings are its 60 monthly reports', and no more).
 */
const surveyedReports = `select h.id, h.created_at, coalesce(h.actual_start_date, h.created_at::date) as day,
    row_number() over (order by h.id) as n
  from report_header h
  where h.inspection_method = 'vibration' and h.report_number like 'RPT/%'
    and h.equipment_no <> (select equipment_no from equipment where ${trendSeries.vibration.equipment} limit 1)`;

/**
 * The vibration surveys amid which the vibration trend is read: an analysis on every surveyed report
 * (a machine of 15–400 kW, its group by its power, its foundation drawn) and its motor's and pump's
 * drive-end bearings in three directions, velocities over zones A to D. Whether it wrote them.
 */
export async function ensureVibrationSurveys(db: Db): Promise<boolean> {
  const { rows } = await pool(db).query<{ reports: number; readings: number }>(
    `with surveyed as (${surveyedReports})
     select (select count(*) from surveyed)::int as reports,
       (select count(*) from vibration_measurement m join vibration_analysis a on a.id = m.vibration_analysis_id
         join surveyed s on s.id = a.report_header_id)::int as readings`,
  );
  if (rows[0]!.readings === rows[0]!.reports * surveyPoints) return false;
  const analysis = idOf(`'bench-vibration-survey-' || s.id`);
  await inTransaction(db, async (client) => {
    await client.query(`delete from vibration_measurement where vibration_analysis_id in
    (select a.id from vibration_analysis a join (${surveyedReports}) s on s.id = a.report_header_id)`);
    await client.query(
      `delete from vibration_analysis where report_header_id in (select id from (${surveyedReports}) s)`,
    );
    await client.query(`with ${adminCte}
    insert into vibration_analysis (id, created_at, updated_at, created_by, updated_by, report_header_id,
      measurement_date, driver, driven, power_kw, speed_rpm, machine_group, foundation)
    select ${analysis}, s.created_at, s.created_at, admin.id, admin.id, s.id, s.day, 'Electric motor',
      ${pick(['Centrifugal pump', 'Centrifugal compressor', 'Fan', 'Gearbox and pump'], hash('s.n::int', 1))}, kw,
      (array[1480, 2980, 3600])[1 + ${hash('s.n::int', 2)} % 3], case when kw > 300 then 'group1' else 'group2' end,
      ${pick(['rigid', 'flexible'], hash('s.n::int', 3))}
    from (${surveyedReports}) s, lateral (select (15 + ${hash('s.n::int', 4)} % 386)::float8 as kw) k, admin`);
    await client.query(`with ${adminCte}
    insert into vibration_measurement (id, created_at, updated_at, created_by, updated_by, vibration_analysis_id,
      measurement_point, direction, measurement_date, velocity_rms_mm_per_s, acceleration_g, displacement_um_pk_pk)
    select ${idOf(`'bench-vibration-survey-' || s.id || '-' || p`)}, s.created_at + p * interval '1 minute',
      s.created_at + p * interval '1 minute', admin.id, admin.id, ${analysis},
      (array['Motor DE', 'Pump DE'])[1 + (p - 1) / 3], (array[${directions.map(literal).join(', ')}])[1 + (p - 1) % 3], s.day,
      (0.5 + ${hash('s.n::int * 8 + p', 5)} % 80 / 10.0)::float8, (0.1 + ${hash('s.n::int * 8 + p', 6)} % 100 / 100.0)::float8,
      (10 + ${hash('s.n::int * 8 + p', 7)} % 400 / 10.0)::float8
    from (${surveyedReports}) s, generate_series(1, ${surveyPoints}) p, admin`);
  });
  await pool(db).query('vacuum (analyze) vibration_analysis, vibration_measurement');
  return true;
}

/**
 * Every trend's data, added where missing: the surveys first, then each trend's reports; the
 * seconds of each step that wrote.
 */
export const ensureTrends = (db: Db) =>
  timedSteps([
    ['vibration surveys', () => ensureVibrationSurveys(db)],
    ...(Object.keys(trendSeries) as TrendName[]).map(
      (name) => [`${name} trend`, () => ensureTrendSeries(db, name)] as const,
    ),
  ]);

/** Each trend read's point: the equipment of its reports, its key's values, and its readings. */
export async function trendFacts(db: Db): Promise<Record<TrendName, TrendPoint>> {
  const facts = {} as Record<TrendName, TrendPoint>;
  for (const name of Object.keys(trendSeries) as TrendName[]) {
    const s = trendSeries[name];
    const t = seriesTables(trendReads[name].entity);
    const given = t.key.filter((k) => s.point[k.field] !== undefined);
    const { rows } = await pool(db).query<{ equipmentNo: string; readings: number } & Record<string, string>>(
      `select h.equipment_no as "equipmentNo", ${t.key.map((k) => `m.${k.column} as "${k.field}"`).join(', ')},
         count(*)::int as readings
       from report_header h join ${t.inspection} a on a.${t.report} = h.id join ${t.readings} m on m.${t.parent} = a.id
       where h.report_number like $1 ${given.map((k, i) => `and m.${k.column} = $${i + 2}`).join(' ')}
       group by ${t.key.map((_, i) => i + 2).join(', ')}, 1 order by 1, 2 limit 1`,
      [`${s.prefix}%`, ...given.map((k) => s.point[k.field])],
    );
    const { equipmentNo, readings, ...point } = rows[0]!;
    facts[name] = { equipmentNo, point, readings };
  }
  return facts;
}
