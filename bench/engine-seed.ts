/**
 * The engine benchmark's data set, at scale 1 (`--scale` multiplies the row counts, for a quick run):
 * one thermography work order, 1,001 reports each with its thermal analysis, and 1,100,000 thermal
 * measurements (1,000 in each of the first 1,000 analyses, 100,000 in the last); and the
 * work-management data set of bench/work-seed.ts (20,000 equipment, 100,000 work orders, 150,000 task
 * assignments, 300,000 report headers). Every value is derived from the row number through
 * `hashint4`, so two seedings, on PGlite or on PostgreSQL, hold the same rows with the same ids.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { columnName, entities, thermalMeasurement } from '@inspectra/contract';
import type { Db } from '../apps/server/src/db/client.ts';
import { bootstrapAdministrator } from '../apps/server/src/modules/auth/bootstrap.ts';
import type pg from 'pg';
import { benchAdmin } from './engine-scenarios.ts';
import { healthItem } from './health-scenarios.ts';
import { hash, idOf, inBatches, inTransaction, literal, pick, withIndexesAfter } from './seed-sql.ts';
import type { Log } from './seed-sql.ts';
import { summaryFacts } from './summary-seed.ts';
import type { SummaryFacts } from './summary-seed.ts';
import { thicknessFacts } from './thickness-seed.ts';
import type { ThicknessFacts } from './thickness-seed.ts';
import { trendFacts, trendReportPrefixes } from './trend-seed.ts';
import type { TrendName, TrendPoint } from './trend-read.ts';
import { seedAssets, seedWork, workFacts, workSizesAt } from './work-seed.ts';
import type { WorkFacts, WorkSizes } from './work-seed.ts';

/** Bump it whenever the seeded data changes: cached data of another version is seeded again. */
export const seedVersion = 2;

/** Analyses with `perAnalysis` measurements each; one more, the last, has `largeAnalysis`. */
const regular = 1000;
const analyses = regular + 1;
/** Rows per INSERT statement: PGlite keeps a statement's work in memory. */
const batch = 100_000;

export type Sizes = {
  scale: number;
  perAnalysis: number;
  largeAnalysis: number;
  measurements: number;
  work: WorkSizes;
};

export function sizesAt(scale: number): Sizes {
  if (!(scale > 0 && scale <= 1)) throw new Error('--scale must be above 0 and at most 1');
  const perAnalysis = Math.max(10, Math.round(1000 * scale));
  const largeAnalysis = Math.max(100, Math.round(100_000 * scale));
  return {
    scale,
    perAnalysis,
    largeAnalysis,
    measurements: regular * perAnalysis + largeAnalysis,
    work: workSizesAt(scale),
  };
}

/**
 * Two searches over the measurements: a word in about one equipment name in six (~191,000 rows) and a
 * tag number that only a rare piece of equipment carries (a few dozen rows).
 */
export const searchTerms = { broad: 'transformer', narrow: 'DG-9001' };

/**
 * The seed writes it on its thermography work order, last; finding it (and every row) says the data
 * is complete and of this version and scale.
 */
const markerOf = (z: Sizes) => `BENCH-SEED-V${seedVersion}-S${z.scale}`;

const units = [
  'Crude Distillation Unit (CDU)',
  'Vacuum Distillation Unit (VDU)',
  'Hydrocracker Unit (HCU)',
  'Fluid Catalytic Cracker (FCC)',
  'Naphtha Hydrotreater (NHT)',
  'Continuous Catalytic Reformer (CCR)',
  'Sulfur Recovery Unit (SRU)',
  'Amine Treating Unit (ATU)',
  'Utilities and Power Plant',
  'Tank Farm',
  'Jetty and Loading',
  'Cooling Water System',
  'Flare System',
];
const unitOf = (analysis: string) => pick(units, hash(analysis, 9));

const motorParts = [
  'Phase R cable lug',
  'Phase S cable lug',
  'Phase T cable lug',
  'Motor terminal box',
  'Motor bearing DE',
  'Motor bearing NDE',
  'Local control station',
];
const panelParts = [
  'Busbar joint',
  'Phase R cable lug',
  'Phase S cable lug',
  'Phase T cable lug',
  'Breaker terminal Phase R',
  'Breaker terminal Phase S',
  'Breaker terminal Phase T',
  'Contactor',
  'Fuse holder',
  'Neutral bar',
];
/** Kinds of equipment, by share of the measurements (out of 1,000), with their names and parts. */
type Kind = { share: number; names: string[]; tag: string; parts: string[]; place: string };
const kinds: Kind[] = [
  {
    share: 173,
    names: ['Power transformer', 'Distribution transformer', 'Lighting transformer', 'Rectifier transformer'],
    tag: `'TR-' || (101 + h3 % 60)`,
    parts: [
      'HV bushing Phase R',
      'HV bushing Phase S',
      'HV bushing Phase T',
      'LV bushing Phase R',
      'LV bushing Phase S',
      'LV bushing Phase T',
      'LV cable box termination',
      'Neutral link',
      'On-load tap changer',
    ],
    place: `'Substation SS-' || (1 + h6 % 9) || ' yard'`,
  },
  {
    share: 301,
    names: [
      'Crude charge pump motor',
      'Reflux pump motor',
      'Boiler feed water pump motor',
      'Cooling water pump motor',
      'Product transfer pump motor',
      'Bottoms pump motor',
      'Fire water pump motor',
    ],
    tag: `'P-' || (101 + h3 % 899) || (array['A', 'B'])[1 + h6 % 2]`,
    parts: motorParts,
    place: `'Pump bay ' || (1 + h6 % 12)`,
  },
  {
    share: 200,
    names: ['MCC feeder', 'MCC incomer'],
    tag: `'MCC-' || (1 + h3 % 6) || '-' || lpad((1 + h6 % 24)::text, 2, '0')`,
    parts: panelParts,
    place: `'Substation SS-' || (1 + h6 % 9) || ', MCC room'`,
  },
  {
    share: 150,
    names: ['Breaker panel', 'Switchgear incomer', 'Lighting distribution board', 'Power distribution board'],
    tag: `'SWG-' || (1 + h3 % 9) || '-CB' || lpad((1 + h6 % 30)::text, 2, '0')`,
    parts: panelParts,
    place: `'Substation SS-' || (1 + h6 % 9) || ', switch room'`,
  },
  {
    share: 60,
    names: ['Wet gas compressor motor', 'Recycle gas compressor motor', 'Instrument air compressor motor'],
    tag: `'K-' || (101 + h3 % 40) || (array['A', 'B'])[1 + h6 % 2]`,
    parts: motorParts,
    place: `'Compressor house'`,
  },
  {
    share: 60,
    names: ['Air cooler fan motor', 'Cooling tower fan motor', 'Furnace draft fan motor'],
    tag: `'EA-' || (101 + h3 % 80) || '-M' || (1 + h6 % 4)`,
    parts: motorParts,
    place: `'Air cooler deck ' || (1 + h6 % 4)`,
  },
  {
    share: 56,
    names: ['UPS rectifier', 'Battery charger', 'DC distribution board'],
    tag: `'UPS-' || (1 + h3 % 8)`,
    parts: panelParts,
    place: `'Substation SS-' || (1 + h6 % 9) || ', UPS room'`,
  },
];
/** One row in about 32,000: the only equipment whose tag is the narrow search term. */
const rare: Omit<Kind, 'share'> = {
  names: ['Black start diesel generator'],
  tag: literal(searchTerms.narrow),
  parts: ['Generator output breaker', 'Exciter terminal', 'Stator cable lug Phase R'],
  place: `'Emergency power building'`,
};

/** `case` over the kinds: the rare one first, then by cumulative share of `h1 % 1000`. */
function byKind(value: (k: Omit<Kind, 'share'>) => string): string {
  let upTo = 0;
  const arms = kinds.map((k) => {
    upTo += k.share;
    return `when h1 % 1000 < ${upTo} then ${value(k)}`;
  });
  return `case when h2 % 32000 = 0 then ${value(rare)} ${arms.join(' ')} end`;
}

const firstDay = `date '2023-01-02'`;
/** Report `i` starts on a working day spread over three years; the last report spans them all. */
const reportStart = (i: string) =>
  `(${firstDay} + case when ${i} <= ${regular} then (${i} - 1) * 1093 / ${regular} else 0 end)`;

const workOrderSql = `
insert into work_order_spk (id, created_at, updated_at, created_by, updated_by, wo_number, title,
  description, work_type, contract_no, equipment_category, tag_number, date_start, date_end, status)
select ${idOf(`'bench-work-order'`)}, timestamptz '2023-01-02 01:00:00+00', timestamptz '2023-01-02 01:00:00+00',
  admin.id, admin.id, 'SPK/2023/TH-0001', 'Thermography of refinery electrical equipment 2023-2025',
  'Periodic infrared survey of motors, transformers, MCCs and switchgear in every process unit',
  'conditionMonitoring', null, 'electrical', null, date '2023-01-02', date '2025-12-31',
  'inProgress'
from user_account admin where lower(admin.username) = ${literal(benchAdmin.username)}`;

/** Each report names a piece of electrical equipment of the asset master (seeded before). */
const reportsSql = `
with electrical as (
  select equipment_no, object_type_code, row_number() over (order by equipment_no) as n, count(*) over () as total
  from equipment where category_code = 'electrical'
)
insert into report_header (id, created_at, updated_at, created_by, updated_by, work_order_spkid,
  report_number, title, equipment_no, equipment_category, object_type, inspection_method, location,
  actual_start_date, actual_completed_date, status)
select ${idOf(`'bench-report-' || i`)}, started, started, admin.id, admin.id, ${idOf(`'bench-work-order'`)},
  'TH/' || extract(year from day) || '/' || lpad(i::text, 4, '0'),
  case when i <= ${regular} then 'Thermography survey, ' || unit else 'Continuous thermography monitoring, main substation' end,
  e.equipment_no, 'electrical', e.object_type_code, 'thermal', unit, day,
  case when i <= ${regular} then day + 1 else date '2025-12-31' end,
  case when i <= 950 then 'approved' when i <= 990 then 'submitted' else 'draft' end
from (
  select i, ${reportStart('i')} as day, (${reportStart('i')} + time '08:00') at time zone 'UTC' as started, ${unitOf('i')} as unit
  from generate_series(1, ${analyses}) i
) r join electrical e on e.n = 1 + r.i % e.total, user_account admin
where lower(admin.username) = ${literal(benchAdmin.username)}`;

const analysesSql = `
insert into thermal_analysis (id, created_at, updated_at, created_by, updated_by, report_header_id, summary, result)
select ${idOf(`'bench-analysis-' || i`)}, started, started, admin.id, admin.id, ${idOf(`'bench-report-' || i`)},
  'Infrared survey of the electrical equipment under normal operating load.',
  case when i <= 950 then 'Hot spots found are listed with their priority; repair per the recommendations.' end
from (select i, (${reportStart('i')} + time '09:00') at time zone 'UTC' as started from generate_series(1, ${analyses}) i) r,
  user_account admin
where lower(admin.username) = ${literal(benchAdmin.username)}`;

/** Rows `$1`..`$2` of the measurements; the first ones in blocks of `perAnalysis` per analysis, the rest to the last. */
const measurementsSql = (z: Sizes) => `
with drawn as (
  select n, a, ${hash('n', 1)} as h1, ${hash('n', 2)} as h2, ${hash('n', 3)} as h3, ${hash('n', 4)} as h4,
    ${hash('n', 5)} as h5, ${hash('n', 6)} as h6, ${hash('n', 7)} as h7, ${hash('n', 8)} as h8,
    ${unitOf('a')} as unit,
    case when a <= ${regular} then ${reportStart('a')} + ${hash('n', 10)} % 2
      else ${firstDay} + ${hash('n', 10)} % 1094 end as day
  from (
    select n, case when n <= ${regular * z.perAnalysis} then (n - 1) / ${z.perAnalysis} + 1 else ${analyses} end as a
    from generate_series($1::int, $2::int) n
  ) numbered
), temperatures as (
  select drawn.*, 240 + h4 % 120 as ambient_t, 280 + h4 % 120 + h5 % 200 as reference_t,
    case when h7 % 1000 < 700 then h8 % 10
      when h7 % 1000 < 850 then 10 + h8 % 21
      when h7 % 1000 < 960 then 31 + h8 % 120
      else 151 + h8 % 450 end as delta_t
  from drawn
)
insert into thermal_measurement (id, created_at, updated_at, created_by, updated_by, thermal_analysis_id, date,
  tag_number, equipment_name, component, location, max_temperature_c, reference_temperature_c,
  ambient_temperature_c, emissivity, load_percent, distance_m, remarks, recommendation)
select ${idOf(`'bench-measurement-' || n`)}, stamp, stamp, admin.id, admin.id, ${idOf(`'bench-analysis-' || a`)}, day,
  ${byKind((k) => k.tag)},
  ${byKind((k) => pick(k.names, 'h3'))},
  ${byKind((k) => pick(k.parts, 'h5'))},
  unit || ', ' || ${byKind((k) => k.place)},
  ((reference_t + delta_t) / 10.0)::float8, (reference_t / 10.0)::float8, (ambient_t / 10.0)::float8,
  (array[0.95, 0.95, 0.95, 0.93, 0.9, 0.85])[1 + h6 % 6]::float8, (35 + h3 % 66)::float8, ((10 + h5 % 40) / 10.0)::float8,
  case when delta_t > 150 then 'Severe hot spot, discolouration visible'
    when delta_t > 30 then 'Hot spot at the connection' end,
  case when delta_t > 150 then 'Repair immediately: replace the connection and check the conductor'
    when delta_t > 30 then 'Clean and retighten the connection at the next planned shutdown' end
from (select temperatures.*, (day + time '07:00' + h2 % 36000 * interval '1 second') at time zone 'UTC' as stamp
  from temperatures) t, user_account admin
where lower(admin.username) = ${literal(benchAdmin.username)}`;

const pool = (db: Db) => (db as Db & { $client: pg.Pool }).$client;

/** Whether this database holds the whole data set of this seed version and scale. */
export async function isSeeded(db: Db, z: Sizes): Promise<boolean> {
  // The trend reads' and the health card's reports and readings (bench/trend-seed.ts,
  // ensureHealthHistory) are added after the seed: not counted.
  const added = [...trendReportPrefixes, healthItem.reportPrefix].map((prefix) => `${prefix}%`);
  const { rows } = await pool(db).query<{ marked: boolean; measurements: number; reports: number }>(
    `select exists (select 1 from work_order_spk where contract_no = $1) as marked,
       (select count(*) from thermal_measurement)::int - (select count(*) from thermal_measurement m
         join thermal_analysis a on a.id = m.thermal_analysis_id
         join report_header h on h.id = a.report_header_id
         where h.report_number like any ($2::text[]))::int as measurements,
       (select count(*) from report_header where not report_number like any ($2::text[]))::int as reports`,
    [markerOf(z), added],
  );
  const [found] = rows;
  return (
    found!.marked && found!.measurements === z.measurements && found!.reports === analyses + z.work.reports
  );
}

const migrationsFolder = path.resolve(import.meta.dirname, '../apps/server/drizzle');

/**
 * The reference data the migrations seed (equipment categories, object types, inspection methods):
 * emptying the tables removed it, so its INSERT statements are run again, as an installation has them.
 */
async function restoreReferenceData(client: pg.Pool) {
  const files = (await readdir(migrationsFolder)).filter((f) => f.endsWith('.sql')).sort();
  for (const file of files) {
    const text = await readFile(path.join(migrationsFolder, file), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) {
      if (/^\s*(--[^\n]*\n\s*)*insert\s+into\b/i.test(statement)) await client.query(statement);
    }
  }
}

/** Empties every table of the application (the migrations' bookkeeping is in its own schema). */
export async function emptyTables(db: Db): Promise<void> {
  const { rows } = await pool(db).query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  );
  if (rows.length > 0) await pool(db).query(`truncate ${rows.map((r) => r.name).join(', ')} cascade`);
}

/** Seeds an empty, migrated database; returns how long each step took, in seconds. */
export async function seed(
  db: Db,
  kind: 'pglite' | 'postgres',
  z: Sizes,
  log: Log,
): Promise<Record<string, number>> {
  const client = pool(db);
  const seconds: Record<string, number> = {};
  const timed = async (step: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    seconds[step] = Math.round(performance.now() - started) / 1000;
  };
  await timed('administrator', () =>
    bootstrapAdministrator(db, { ...benchAdmin, dataDir: undefined, log: () => {} }),
  );
  await timed('reference data', () => restoreReferenceData(client));
  await seedAssets(client, z.work, timed);
  await seedWork(client, z.work, timed, log);
  await timed('thermal reports', async () => {
    await client.query(workOrderSql);
    await client.query(reportsSql);
    await client.query(analysesSql);
  });
  await timed('measurements', () =>
    withIndexesAfter(client, ['thermal_measurement'], () =>
      inBatches(client, measurementsSql(z), z.measurements, batch, 'measurements', log),
    ),
  );
  // Last: the marker says that everything before it is there.
  await client.query(`update work_order_spk set contract_no = $1 where id = ${idOf(`'bench-work-order'`)}`, [
    markerOf(z),
  ]);
  // PGlite has no autovacuum; a PostgreSQL server's would start on these rows soon, perhaps in the
  // middle of a measurement, so it is done now, leaving the state it would have reached anyway.
  if (kind === 'postgres') await timed('vacuum and analyze', () => client.query('vacuum (analyze)'));
  else await timed('analyze', () => client.query('analyze'));
  seconds.total = Math.round(Object.values(seconds).reduce((a, b) => a + b, 0) * 1000) / 1000;
  return seconds;
}

/** Summary rows of the photo scenario and the photos each carries (issue 9: 200 rows × 6 images). */
export const photoRows = { rows: 200, imagesPerRow: 6 };

/**
 * A pipe VCI analysis on the first bench report with 200 summaries of 6 typed photos each. Added to
 * an already seeded database when missing (it is small), so the large seed need not be redone. The
 * photos' attachment rows point at one stored key: a list reads rows, not bytes.
 */
export async function ensurePhotoRows(db: Db): Promise<void> {
  const analysis = idOf(`'bench-vci-analysis'`);
  const { rows } = await pool(db).query<{ n: number }>(
    `select count(*)::int as n from vci_summary where vci_analysis_id = ${analysis}`,
  );
  if (rows[0]!.n === photoRows.rows) return;
  await inTransaction(db, async (client) => {
    await client.query(`delete from attachment where owner_entity = 'vciSummary'
    and owner_id in (select id from vci_summary where vci_analysis_id = ${analysis})`);
    await client.query(`delete from vci_summary where vci_analysis_id = ${analysis}`);
    await client.query(`delete from vci_analysis where id = ${analysis}`);
    await client.query(`insert into vci_analysis (id, variant, report_header_id, finding)
    values (${analysis}, 'pipe', ${idOf(`'bench-report-1'`)}, 'Bench: surface cracks along the rack')`);
    await client.query(`insert into vci_summary (id, variant, vci_analysis_id, measurement_date, location,
      feature, severity, vci_spot_number, created_at)
    select ${idOf(`'bench-vci-summary-' || i`)}, 'pipe', ${analysis}, date '2026-01-01' + (i % 300),
      'Rack 4, span ' || i, ${pick(['crack', 'corrosion', 'pitting', 'dent', 'coatingDamage'], hash('i', 1))},
      ${pick(['low', 'medium', 'high', 'critical'], hash('i', 2))}, 'S-' || i,
      timestamptz '2026-01-01 00:00:00+00' + i * interval '1 minute'
    from generate_series(1, ${photoRows.rows}) i`);
    await client.query(`insert into attachment (owner_entity, owner_id, slot, image_type, display_name,
      position, media_type, size, sha256, storage_key)
    select 'vciSummary', ${idOf(`'bench-vci-summary-' || i`)}, 'summaryImages',
      ${pick(['overview', 'closeUp', 'measurement', 'marking'], hash('i * 8 + p', 3))},
      'photo-' || i || '-' || p || '.jpg', p, 'image/jpeg', 3145728, repeat('0', 64), repeat('0', 64)
    from generate_series(1, ${photoRows.rows}) i, generate_series(0, ${photoRows.imagesPerRow - 1}) p`);
  });
}

/** What the benchmark needs to know of the seeded data to build its requests. */
export type SeedFacts = {
  /** Rows of each entity's table. */
  rows: Record<string, number>;
  /** The thermal analysis with 1,000 measurements and the one with 100,000 (at scale 1). */
  analyses: { thousand: string; hundredThousand: string };
  search: Record<keyof typeof searchTerms, { term: string; rows: number }>;
  /**
   * For each entity with a parent: the parent records with the most and the fewest children (a plan
   * that suits one may not suit the other).
   */
  parents: Record<string, { id: string; children: number; variant?: string }[]>;
  /** The VCI analysis with 200 summaries of 6 photos each. */
  photos: { vciAnalysisId: string; rows: number; imagesPerRow: number };
  /** The summary lists' measured inspections (bench/summary-seed.ts): VCI and UFD. */
  summaries: SummaryFacts;
  /** Reports holding only the thermal analysis of 1,000 measurements, and the one of 100,000. */
  reports: { thousand: string; hundredThousand: string };
  /** The seeded sizes (`--scale`). */
  sizes: Sizes;
  /** Values the work-management scenarios filter by. */
  work: WorkFacts;
  /** Each trend read's point (bench/trend-read.ts) and its readings. */
  trends: Record<TrendName, TrendPoint>;
  /** The thickness list's equipment (bench/thickness-seed.ts). */
  thickness: ThicknessFacts;
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function seedFacts(db: Db, z: Sizes): Promise<SeedFacts> {
  const client = pool(db);
  const rows: SeedFacts['rows'] = {};
  const parents: SeedFacts['parents'] = {};
  for (const entity of Object.values(entities)) {
    const table = quote(entity.table);
    const counted = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    rows[entity.name] = counted.rows[0]!.n;
    if (!entity.parent) continue;
    const parent = quote(columnName(entity.parent));
    parents[entity.name] = [];
    for (const order of ['desc', 'asc']) {
      // Variants are listed one at a time: a parent is recorded with the variant of its children.
      const variant = entity.variants ? ', variant' : '';
      const { rows: found } = await client.query<{ id: string; children: number; variant?: string }>(
        `select ${parent} as id, count(*)::int as children${variant} from ${table}
         group by 1${variant ? ', 3' : ''} order by 2 ${order}, 1 limit 1`,
      );
      for (const p of found)
        if (!parents[entity.name]!.some((q) => q.id === p.id)) parents[entity.name]!.push(p);
    }
  }
  // The engine's search: every search field, case-insensitive, containing the term.
  const searched = thermalMeasurement.search.map((key) => `${quote(columnName(key))} ilike $1`).join(' or ');
  const search = {} as SeedFacts['search'];
  for (const [name, term] of Object.entries(searchTerms) as [keyof typeof searchTerms, string][]) {
    const {
      rows: [found],
    } = await client.query<{ n: number }>(
      `select count(*)::int as n from ${quote(thermalMeasurement.table)} where ${searched}`,
      [`%${term}%`],
    );
    search[name] = { term, rows: found!.n };
  }
  const {
    rows: [ids],
  } = await client.query<SeedFacts['analyses']>(
    `select ${idOf(`'bench-analysis-1'`)}::text as thousand,
       ${idOf(`'bench-analysis-${analyses}'`)}::text as "hundredThousand"`,
  );
  const {
    rows: [photo],
  } = await client.query<{ id: string }>(`select ${idOf(`'bench-vci-analysis'`)}::text as id`);
  // Report 1 holds the photo scenario's VCI analysis; reports 3 to 8 the summary lists' (summary-seed.ts).
  const {
    rows: [named],
  } = await client.query<{ report: string; largeReport: string }>(
    `select ${idOf(`'bench-report-2'`)}::text as report, ${idOf(`'bench-report-${analyses}'`)}::text as "largeReport"`,
  );
  // The upload scenario writes under this analysis: its report must be open, whatever status the
  // work-management seed gave it (an approved report locks everything under it).
  await client.query(
    `update report_header set status = 'draft' where status = 'approved'
       and id = (select report_header_id from vci_analysis where id = $1)`,
    [photo!.id],
  );
  return {
    rows,
    analyses: ids!,
    summaries: await summaryFacts(db, z),
    reports: { thousand: named!.report, hundredThousand: named!.largeReport },
    search,
    parents,
    photos: { vciAnalysisId: photo!.id, ...photoRows },
    sizes: z,
    work: await workFacts(client),
    trends: await trendFacts(db),
    thickness: await thicknessFacts(db),
  };
}
