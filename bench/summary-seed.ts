/**
 * Summary rows with typed photos in the techniques of each shape (issue 41 item 3: "200,000 summary
 * rows with 3 images each in one technique of each shape"): VCI (an analysis and its summaries) and
 * UFD (an inspection and its findings, graded through the inspection's acceptance code). Each
 * technique gets, at scale 1, two inspections of 100,000 rows (the measured one kept to half of its
 * table, as in a plant with more than one large survey) and one of 1,000 (`Sizes.perAnalysis`), UFD
 * also 200 small ones, every row with three photos of its list's first three declared types. Added
 * to an already seeded database when missing, so the large seed need not be redone; each table
 * written is then vacuumed, as autovacuum would have done, so its pages are read off the index alone.
 */
import {
  columnName,
  ufdDefectTypes,
  ufdInspection,
  ufdPlanarDefects,
  ufdSummary,
  vciAnalysis,
  vciSummary,
} from '@inspectra/contract';
import type { EntityDefinition } from '@inspectra/contract';
import type pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import type { Sizes } from './engine-seed.ts';
import { columnsOf, hash, idOf, inTransaction, literal, pick, timedSteps, valuesOf } from './seed-sql.ts';

/** Photos each summary row carries (issue 41: summary rows with 3 images each). */
export const summaryImages = 3;

/** One inspection of a summary list: its key (ids are made from it), report, variant and rows. */
type SummaryInspection = { key: string; report: string; variant: string; rows: number };

/**
 * A technique's summary rows as the seed writes them: the inspection and row entities (their tables,
 * parents and photo list come from the contract), the inspections by size, and the values of each.
 */
export type SummaryList = {
  inspection: EntityDefinition;
  rows: EntityDefinition;
  /** The large inspection measured, the regular one, and a second large one (in that order). */
  inspections: (z: Sizes) => [large: SummaryInspection, regular: SummaryInspection, SummaryInspection];
  /** The inspection's columns beyond id, variant and report, and their values. */
  inspectionValues: Record<string, string>;
  /** The rows' columns beyond id, variant and parent, and their values over row `i` of `rows`. */
  rowValues: (rows: number) => Record<string, string>;
  /** A photo's file name over its row `s` and position `p`. */
  photoName: string;
  /**
   * Further inspections of a few rows each (keyed `<key>-<k>`, on the bench reports from
   * `firstReport`), as a plant holds many: a list whose rows read through their inspection is then
   * planned as against a table of more than the three measured.
   */
  others?: { key: string; count: number; rows: number; firstReport: number; variant: string };
};

/**
 * The large inspection, the regular one and the second large one, on the bench reports given, keyed
 * `<prefix>-large-<noun>` and so on; the regular one of the second variant.
 */
const sized =
  (prefix: string, noun: string, reports: [number, number, number], variants: [string, string]) =>
  (z: Sizes): [SummaryInspection, SummaryInspection, SummaryInspection] => {
    const of = (size: string, report: number, variant: string, rows: number) => ({
      key: `${prefix}-${size}-${noun}`,
      report: `bench-report-${report}`,
      variant,
      rows,
    });
    return [
      of('large', reports[0], variants[0], z.largeAnalysis),
      of('regular', reports[1], variants[1], z.perAnalysis),
      of('second-large', reports[2], variants[0], z.largeAnalysis),
    ];
  };

/** Spots found over about five years, a few a day, entered in the order found. */
const foundOverFiveYears = (rows: number) => ({
  measurement_date: `date '2021-01-01' + i * 1800 / ${rows}`,
  created_at: `timestamptz '2021-01-01 08:00:00+00' + (i * 1800 / ${rows}) * interval '1 day' + (i % 50) * interval '1 minute'`,
});

/** VCI: two pipe analyses of 100,000 summaries on bench reports 3 and 5, a pipeline one of 1,000 on report 4. */
export const vciSummaries: SummaryList = {
  inspection: vciAnalysis,
  rows: vciSummary,
  inspections: sized('bench-vci', 'analysis', [3, 4, 5], ['pipe', 'pipeline']),
  inspectionValues: { finding: `'Bench: corrosion under insulation survey'` },
  rowValues: (rows) => ({
    measurement_date: foundOverFiveYears(rows).measurement_date,
    location: `'Rack ' || (1 + ${hash('i', 4)} % 40) || ', span ' || (1 + ${hash('i', 5)} % 120)`,
    segment_piping_number: `'L-' || (100 + ${hash('i', 6)} % 900) || '-' || (1 + ${hash('i', 7)} % 12)`,
    feature: pick(['crack', 'corrosion', 'pitting', 'dent', 'coatingDamage'], hash('i', 1)),
    severity: pick(['low', 'medium', 'high', 'critical'], hash('i', 2)),
    vci_spot_number: `'S-' || i`,
    created_at: foundOverFiveYears(rows).created_at,
  }),
  photoName: `'survey-' || s.vci_spot_number || '-' || p || '.jpg'`,
};

/** Indication types, planar ones (which the codes reject whatever their size) apart. */
const planar = ufdPlanarDefects as readonly string[];
const bySize = ufdDefectTypes.filter((t) => !planar.includes(t));

/**
 * UFD: two pipe inspections of 100,000 findings on bench reports 6 and 8, a pressure-vessel one of
 * 1,000 on report 7, and 200 more pipe inspections of 5 findings each on reports 9 to 208 (each
 * finding reads its inspection's code and thickness: with three inspections only, the planner
 * rightly reads that table whole for every row); 12.7 mm walls judged by ASME B31.3, so every
 * finding's result by the code is worked out (longest accepted indication above the reference
 * level: 6 mm). One indication in ten is planar; echo heights 20–119 % of screen, lengths 1–30 mm;
 * the inspector's result agrees with the code's.
 */
export const ufdFindings: SummaryList = {
  inspection: ufdInspection,
  rows: ufdSummary,
  inspections: sized('bench-ufd', 'inspection', [6, 7, 8], ['pipe', 'pressure-vessel']),
  inspectionValues: {
    measurement_date: `date '2021-01-04'`,
    procedure_name: `'UT-PROC-014 rev. 3, shear wave weld examination'`,
    acceptance_code: `'ASME B31.3'`,
    mat_thickness: '12.7',
    job_or_joint: `'Crude transfer line, field welds'`,
    equipment_used: `'Olympus EPOCH 650'`,
    probe_used: `'2.25 MHz 60° shear wave'`,
    finding: `'Bench: weld examination survey'`,
  },
  rowValues: (rows) => {
    const type = `case when ${hash('i', 1)} % 10 = 0 then ${pick(planar, hash('i', 2))} else ${pick(bySize, hash('i', 2))} end`;
    const echo = `(20 + ${hash('i', 3)} % 100)`;
    const length = `(1 + ${hash('i', 4)} % 30)`;
    return {
      measurement_date: foundOverFiveYears(rows).measurement_date,
      part_of_subject: `'Weld W-' || (1 + ${hash('i', 5)} % 400) || ', ' || ${pick(['root', 'cap', 'fusion line upstream', 'fusion line downstream', 'heat-affected zone'], hash('i', 6))} || ', ' || (1 + ${hash('i', 7)} % 12) || ' o''clock'`,
      decibels_defect_type: type,
      decibels_defect_length: `${length}::float8`,
      decibels_defect_thickness: `(1 + ${hash('i', 8)} % 110 / 10.0)::float8`,
      decibels_defect_height_of_screen_percentage: `${echo}::float8`,
      transducer_angle: '60::float8',
      result: `case when ${hash('i', 1)} % 10 = 0 or (${echo} > 80 and ${length} > 6) then 'reject' else 'accept' end`,
      created_at: foundOverFiveYears(rows).created_at,
    };
  },
  photoName: `'indication-' || left(s.id::text, 8) || '-' || p || '.jpg'`,
  others: { key: 'bench-ufd-other-inspection', count: 200, rows: 5, firstReport: 9, variant: 'pipe' },
};

/** The summary lists the bench seeds and measures, by technique. */
export const summaryLists = { vci: vciSummaries, ufd: ufdFindings } as const;

const pool = (db: Db) => (db as Db & { $client: pg.Pool }).$client;
const parentOf = (entity: EntityDefinition) => columnName(entity.parent!);
/** Rows of the list's inspections, every one. */
const rowsIn = (list: SummaryList, z: Sizes) =>
  list.inspections(z).reduce((sum, a) => sum + a.rows, 0) +
  (list.others ? list.others.count * list.others.rows : 0);
const otherId = (others: NonNullable<SummaryList['others']>) => idOf(`${literal(`${others.key}-`)} || k`);
/** The ids of the list's inspections, as a subquery. */
const inspectionsIn = (list: SummaryList, z: Sizes) => {
  const measured = list
    .inspections(z)
    .map((a) => idOf(literal(a.key)))
    .join(', ');
  const { others } = list;
  const more = others
    ? ` union all select ${otherId(others)} from generate_series(1, ${others.count}) k`
    : '';
  return `select unnest(array[${measured}])${more}`;
};

/** The list's inspections and their rows, written again when not all there; whether it wrote them. */
export async function ensureSummaryRows(db: Db, list: SummaryList, z: Sizes): Promise<boolean> {
  const rows = list.rows.table;
  const inspection = list.inspection.table;
  const parent = parentOf(list.rows);
  const { rows: found } = await pool(db).query<{ n: number }>(
    `select count(*)::int as n from ${rows} where ${parent} in (${inspectionsIn(list, z)})`,
  );
  if (found[0]!.n === rowsIn(list, z)) return false;
  const inspectionColumns = `id, variant, ${parentOf(list.inspection)}, ${columnsOf(list.inspectionValues)}`;
  await inTransaction(db, async (client) => {
    await client.query(`delete from attachment where owner_entity = ${literal(list.rows.name)}
      and owner_id in (select id from ${rows} where ${parent} in (${inspectionsIn(list, z)}))`);
    await client.query(`delete from ${rows} where ${parent} in (${inspectionsIn(list, z)})`);
    await client.query(`delete from ${inspection} where id in (${inspectionsIn(list, z)})`);
    for (const a of list.inspections(z)) {
      const id = idOf(literal(a.key));
      await client.query(`insert into ${inspection} (${inspectionColumns})
        values (${id}, ${literal(a.variant)}, ${idOf(literal(a.report))}, ${valuesOf(list.inspectionValues)})`);
      const values = list.rowValues(a.rows);
      await client.query(`insert into ${rows} (id, variant, ${parent}, ${columnsOf(values)})
        select ${idOf(`${literal(`${a.key}-summary-`)} || i`)}, ${literal(a.variant)}, ${id}, ${valuesOf(values)}
        from generate_series(1, ${a.rows}) i`);
    }
    const { others } = list;
    if (!others) return;
    await client.query(`insert into ${inspection} (${inspectionColumns})
      select ${otherId(others)}, ${literal(others.variant)}, ${idOf(`'bench-report-' || (${others.firstReport} + k - 1)`)},
        ${valuesOf(list.inspectionValues)}
      from generate_series(1, ${others.count}) k`);
    // Numbered on through the inspections (`i`), so their rows differ and their dates spread.
    const values = list.rowValues(others.count * others.rows);
    await client.query(`insert into ${rows} (id, variant, ${parent}, ${columnsOf(values)})
      select ${idOf(`${literal(`${others.key}-`)} || k || '-summary-' || j`)}, ${literal(others.variant)}, ${otherId(others)},
        ${valuesOf(values)}
      from generate_series(1, ${others.count}) k, generate_series(1, ${others.rows}) j,
        lateral (select (k - 1) * ${others.rows} + j as i) n`);
  });
  await pool(db).query(`vacuum (analyze) ${inspection}, ${rows}`);
  return true;
}

/**
 * Three typed photos on every row of the list's inspections (the list's first three declared
 * types), so their lists by parent answer the images beside each row. The attachment rows point at
 * one stored key: a list reads rows, not bytes. Whether it wrote them.
 */
export async function ensureSummaryImages(db: Db, list: SummaryList, z: Sizes): Promise<boolean> {
  const [slot, images] = Object.entries(list.rows.imageLists)[0]!;
  const types = images.types!.slice(0, summaryImages);
  const owner = literal(list.rows.name);
  const rowsOf = `select id from ${list.rows.table} where ${parentOf(list.rows)} in (${inspectionsIn(list, z)})`;
  const expected = rowsIn(list, z) * summaryImages;
  const { rows: found } = await pool(db).query<{ n: number }>(
    `select count(*)::int as n from attachment where owner_entity = ${owner} and owner_id in (${rowsOf})`,
  );
  if (found[0]!.n === expected) return false;
  await inTransaction(db, async (client) => {
    await client.query(`delete from attachment where owner_entity = ${owner} and owner_id in (${rowsOf})`);
    await client.query(`insert into attachment (owner_entity, owner_id, slot, image_type, display_name,
        position, media_type, size, sha256, storage_key, created_at)
      select ${owner}, s.id, ${literal(slot)}, (array[${types.map(literal).join(', ')}])[1 + p],
        ${list.photoName}, p, 'image/jpeg', 2097152, repeat('0', 64), repeat('0', 64), s.created_at
      from ${list.rows.table} s, generate_series(0, ${summaryImages - 1}) p
      where s.${parentOf(list.rows)} in (${inspectionsIn(list, z)})`);
  });
  await pool(db).query('vacuum (analyze) attachment');
  return true;
}

/** Every summary list's rows and photos, added where missing: the seconds of each step that wrote. */
export const ensureSummaryLists = (db: Db, z: Sizes) =>
  timedSteps(
    Object.entries(summaryLists).flatMap(([name, list]) => [
      [`${name} rows`, () => ensureSummaryRows(db, list, z)] as const,
      [`${name} photos`, () => ensureSummaryImages(db, list, z)] as const,
    ]),
  );

/** The measured inspections of each summary list: the large one and the regular one. */
export type SummaryFacts = Record<keyof typeof summaryLists, { large: string; regular: string }>;

export async function summaryFacts(db: Db, z: Sizes): Promise<SummaryFacts> {
  const facts = {} as SummaryFacts;
  for (const [name, list] of Object.entries(summaryLists) as [keyof typeof summaryLists, SummaryList][]) {
    const [large, regular] = list.inspections(z);
    const { rows } = await pool(db).query<{ large: string; regular: string }>(
      `select ${idOf(literal(large.key))}::text as large, ${idOf(literal(regular.key))}::text as regular`,
    );
    facts[name] = rows[0]!;
  }
  return facts;
}
