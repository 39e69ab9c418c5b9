/**
 * The requests `npm run bench:engine` puts under load, one row each, and the figures it keeps. A
 * module adds its lists by adding rows: `route` names a row of the contract's route table, `query`
 * builds the query string from the seeded data (bench/engine-seed.ts).
 */
import {
  reportHeader,
  techniques,
  thermalAnalysis,
  thermalMeasurement,
  thermalThresholds,
  ufdDefectTypes,
  ufdPlanarDefects,
  ufdReferenceEchoPercent,
} from '@inspectra/contract';
import { fillPlaceholders, getTableName, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { tableOf } from '../apps/server/src/db/schema/index.ts';
import { gradeRank, gradeSql } from '../apps/server/src/engine/finding-grade.ts';
import { countAhead } from '../apps/server/src/engine/records/bounded-count.ts';
import { childrenOf, reportTechniques } from '../apps/server/src/engine/report-tree.ts';
import type { SeedFacts } from './engine-seed.ts';
import { healthScenario } from './health-scenarios.ts';
import { listFloorRatio } from './list-floor.ts';
import { thicknessScenarios } from './thickness-scenarios.ts';
import { trendScenarios } from './trend-read.ts';
import { workScenarios } from './work-scenarios.ts';

export type RequestSpec = {
  /** `METHOD /path` of a GET row of the route table (paths are under `/api`). */
  route: string;
  /** The path's parameters (`:id`), from the seeded data. */
  params?: (facts: SeedFacts) => Record<string, string>;
  query?: (facts: SeedFacts) => Record<string, string | number>;
  /**
   * What of an answer that is no list of records a floor must answer too, as the floor's last
   * statement's `id` column reads it (default: the records' ids).
   */
  answer?: (data: unknown) => unknown[];
  /** Free-text search filters rows by nature: its plan is shown, not judged. */
  search?: boolean;
  /**
   * A date range: its page walks a bounded stretch of the list order, then reads and sorts the
   * range's matches (records.ts `page`), by design: its plan is shown, not judged; its time is.
   */
  dateRange?: boolean;
};

export type Scenario = RequestSpec & {
  name: string;
  /** Connections on this request (default: the run's). */
  connections?: number;
  /** Loaded at the same time on the run's remaining connections, to see what it does to this one. */
  alongside?: RequestSpec;
  /** `work`: the lists of issue 10, loaded for `--work-duration` seconds on `--work-connections`. */
  group?: 'work';
  /** The p50 the list must stay within on PostgreSQL (ms); a p50 above it is flagged. */
  budgetMs?: number;
  /**
   * The least share of its combined leanest floor the API must reach, in requests per second
   * (`leanest`; judged on PostgreSQL): a ratio below it is flagged.
   */
  floorRatio?: number;
  /**
   * The leanest floor: the statement(s) a skilled engineer would write by hand for the same answer
   * (the same rows and columns, the images embedded, the same bounded count), run prepared through
   * the same pool after the user check a signed-in request needs (`userCheck`). The last statement
   * answers the page: its rows' `id`s and `counted` are checked against the API's answer.
   */
  leanest?: (facts: SeedFacts) => Statement[];
};

/** Who a signed-in request is: the access token's subject and sign-in (refresh-token family). */
export type SignedIn = { userId: string; familyId: string };

/**
 * The user check every signed-in request needs, written by hand: the active user, their role and
 * its permissions, and whether the token's sign-in is still live, in one statement (what
 * apps/server/src/modules/auth/sessions.ts `loadUser` answers, nothing more).
 */
export const userCheck = ({ userId, familyId }: SignedIn): Statement => ({
  name: 'bench_leanest_user_check',
  text: `select u.id, u.username, u.full_name, u.email, u.contractor_company_id, u.approval_position,
      r.id as role_id, r.name as role_name, r.is_administrator,
      coalesce((select array_agg(p.module || '.' || p.action) from role_permission p where p.role_id = r.id), '{}') as granted
    from user_account u join role r on r.id = u.role_id
    where u.id = $1 and u.is_active
      and exists (select 1 from refresh_token t where t.family_id = $2 and t.user_id = u.id
        and t.revoked_at is null and t.family_expires_at > now())`,
  values: [userId, familyId],
});

/**
 * A list by parent as the leanest SQL reads it: its table, parent column, list order and files'
 * owner, and the values the answer carries beside the columns (`derived`, over the row `r` and the
 * parent's values `through` reads once, as `i`).
 */
type ByParent = {
  table: string;
  parent: string;
  order: string;
  owner: string;
  derived?: string;
  through?: { table: string; columns: string };
};
/** A measurement's ΔT to 0.1 °C and its NETA priority by it, as a hand-written page answers them. */
const thermalDerived = (() => {
  const { immediateAbove, repairAbove, investigateFromC } = thermalThresholds;
  const delta = `round((r.max_temperature_c - r.reference_temperature_c)::numeric, 1)`;
  return `${delta}::float8 as delta_tc, case when ${delta} > ${immediateAbove} then 'repairImmediately'
      when ${delta} > ${repairAbove} then 'repairAsTimePermits' when ${delta} >= ${investigateFromC} then 'investigate'
      when ${delta} is not null then 'normal' end as severity`;
})();
const thermalByAnalysis: ByParent = {
  table: 'thermal_measurement',
  parent: 'thermal_analysis_id',
  order: 'date desc, created_at desc, id',
  owner: 'thermalMeasurement',
  derived: thermalDerived,
};
const inList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
/**
 * A UFD finding's result by the code, as a hand-written page works it out: whether the inspection's
 * acceptance code is one the proposal applies and the longest indication it accepts at the
 * inspection's thickness, read once for the page; then per row, planar indications rejected, others
 * by echo height against the reference level and length against that longest.
 */
const ufdByInspection: ByParent = {
  table: 'ufd_summary',
  parent: 'ufd_inspection_id',
  order: 'measurement_date desc, created_at desc, id',
  owner: 'ufdSummary',
  through: {
    table: 'ufd_inspection',
    columns: `(acceptance_code ilike '%B31.3%' or (acceptance_code ilike '%VIII%'
        and not acceptance_code ilike any (array['%Div. 2%', '%Div 2%', '%Division 2%']))) as code_applies,
      case when mat_thickness <= 19 then 6 when mat_thickness <= 57 then mat_thickness / 3 when mat_thickness is not null then 19 end as longest`,
  },
  derived: `case when i.code_applies then case
      when r.decibels_defect_type in (${inList(ufdPlanarDefects)}) then 'reject'
      when r.decibels_defect_type in (${inList(ufdDefectTypes.filter((t) => !(ufdPlanarDefects as readonly string[]).includes(t)))})
        and r.decibels_defect_height_of_screen_percentage is not null then case
        when r.decibels_defect_height_of_screen_percentage <= ${ufdReferenceEchoPercent} then 'accept'
        when r.decibels_defect_length > i.longest then 'reject' when r.decibels_defect_length <= i.longest then 'accept' end
    end end as proposed_result`,
};
/** The summary lists by parent (bench/summary-seed.ts): each technique's list order and photos' owner. */
const summaryByParent: Record<keyof SeedFacts['summaries'], ByParent> = {
  vci: {
    table: 'vci_summary',
    parent: 'vci_analysis_id',
    order: 'measurement_date desc, created_at desc, id',
    owner: 'vciSummary',
  },
  ufd: ufdByInspection,
};

/**
 * A page of a list by parent by hand: the rows in list order off the (parent, order…) index, every
 * column, the images as JSON, and the engine's bounded count (`countAhead.list` past the page's
 * start, one more to tell "more than that"). Page 1 reads its rows straight off the index; a later
 * page picks its ids off the index alone and joins the rows back by key, so skipped rows are never
 * read from the table. Nothing else: a parent fixes everything about its rows (a variant too). The
 * values the API works out per row (thermal's ΔT and priority) are worked out in the same statement.
 */
const byParentPage = (list: ByParent, parentId: string, pageNumber: number, pageSize: number): Statement => {
  const offset = (pageNumber - 1) * pageSize;
  const through = list.through
    ? `, (select ${list.through.columns} from ${list.through.table} where id = $1) i`
    : '';
  const rows =
    pageNumber === 1
      ? `${list.table} r${through} where r.${list.parent} = $1 order by r.${list.order.replaceAll(', ', ', r.')} limit ${pageSize}`
      : `(select id from ${list.table} where ${list.parent} = $1 order by ${list.order} limit ${pageSize} offset ${offset}) p
        join ${list.table} r on r.id = p.id${through} order by r.${list.order.replaceAll(', ', ', r.')}`;
  return {
    name: `bench_leanest_${list.table}_page_${pageNumber}_${pageSize}`,
    text: `select r.*,${list.derived ? ` ${list.derived},` : ''}
      (select count(*) from (select 1 from ${list.table} c where c.${list.parent} = $1 limit $2) c) as counted,
      coalesce((select json_agg(json_build_object('id', a.id, 'ownerId', a.owner_id, 'slot', a.slot,
          'imageType', a.image_type, 'category', a.category, 'position', a.position,
          'displayName', a.display_name, 'mediaType', a.media_type, 'size', a.size, 'createdAt', a.created_at))
        from attachment a where a.owner_entity = '${list.owner}' and a.owner_id = r.id), '[]'::json) as images
    from ${rows}`,
    values: [parentId, offset + countAhead.list + 1],
  };
};

/** A row's files as JSON, as a hand-written read embeds them (`owner`: the entity, `r`: the row). */
const filesJson = (owner: string) => `coalesce((select json_agg(json_build_object('id', a.id, 'slot', a.slot,
      'imageType', a.image_type, 'category', a.category, 'position', a.position, 'displayName', a.display_name,
      'mediaType', a.media_type, 'size', a.size, 'sha256', a.sha256, 'storageKey', a.storage_key,
      'createdAt', a.created_at) order by a.slot, a.position)
    from attachment a where a.owner_entity = '${owner}' and a.owner_id = r.id), '[]'::json) as files`;

/**
 * A report's complete read by hand, for the seeded report (its thermography): the header; which of
 * every technique's lists under a report hold its records (one probe a list, what a reader of a
 * report of thirteen techniques must ask); its analyses; then their measurements off the
 * (analysis, list order) index with ΔT, priority and files. The last statement answers the rows in
 * the tree's order. Left out: the names of the header's references (a read by key each).
 */
const completeRead = (reportId: string): Statement[] => {
  const probes = reportTechniques
    .flatMap((technique) => childrenOf(technique, reportHeader))
    .map((entity) => {
      const table = tableOf(entity) as unknown as Record<string, AnyPgColumn> & PgTable;
      return `select '${entity.name}' as entity where exists (select 1 from ${getTableName(table)}
        where ${table[entity.parent!]!.name} = $1)`;
    });
  const rows = thermalByAnalysis;
  return [
    {
      name: 'bench_leanest_report_header',
      text: 'select * from report_header where id = $1',
      values: [reportId],
    },
    { name: 'bench_leanest_report_lists', text: probes.join(' union all '), values: [reportId] },
    {
      name: 'bench_leanest_report_analyses',
      text: `select r.*, ${filesJson('thermalAnalysis')} from thermal_analysis r where r.report_header_id = $1
        order by r.created_at, r.id`,
      values: [reportId],
    },
    {
      name: 'bench_leanest_report_rows',
      text: `select r.*, ${rows.derived}, ${filesJson(rows.owner)} from ${rows.table} r
        where r.${rows.parent} in (select id from thermal_analysis where report_header_id = $1)
        order by r.${rows.order.replaceAll(', ', ', r.')}`,
      values: [reportId],
    },
  ];
};

/** The ids of a complete read's rows (the records two levels under the header), in the tree's order. */
const completeReadRows = (data: unknown) =>
  (
    data as {
      content: {
        sections: { lists: { records: { lists: { records: { fields: { id: string } }[] }[] }[] }[] }[];
      };
    }
  ).content.sections.flatMap((section) =>
    section.lists.flatMap((list) =>
      list.records.flatMap((record) =>
        record.lists.flatMap((rows) => rows.records.map((row) => row.fields.id)),
      ),
    ),
  );

/** Page 500 of 20, or the same place in the list at a smaller `--scale`. */
const page500 = (f: SeedFacts) => Math.max(1, Math.round(500 * f.sizes.scale));

/** What the report's figures answer, to check a floor against: per technique and class, its rows by grade. */
const reportFigures = (data: unknown) =>
  (
    data as {
      technique: string;
      variant: string | null;
      rows: number;
      byGrade: { level: string; rows: number }[];
    }[]
  ).map(
    (t) =>
      `${t.technique}/${t.variant ?? ''}: ${t.rows} (${t.byGrade.map((g) => `${g.level} ${g.rows}`).join(', ')})`,
  );

/**
 * The thermal rows of a report counted by severity in one grouped statement: the report's analyses,
 * each one's rows off the (analysis, grade) index in its order, counted as read (a lateral per
 * analysis: no hashing of the rows), graded by the contract's declared severity (the SQL the engine
 * compiles from it, finding-grade.ts: a hand-written CASE would be the same bands). What a report's
 * figures cannot do with less; it answers as `reportFigures` reads the API's answer.
 */
const groupedCount = (reportId: string): Statement => {
  const thermal = techniques.find((t) => t.module === 'thermal')!;
  const r = tableOf(thermalMeasurement) as unknown as Record<string, AnyPgColumn> & PgTable;
  const i = tableOf(thermalAnalysis) as unknown as Record<string, AnyPgColumn> & PgTable;
  const levels = thermal.findingGrade!.levels;
  const query = new PgDialect().sqlToQuery(sql`select 'thermal/: ' || sum(c) || ' (' || coalesce(string_agg(
        (array[${sql.join(
          levels.map((l) => sql.raw(`'${l}'`)),
          sql`, `,
        )}])[g] || ' ' || c, ', ' order by g) filter (where g is not null), '') || ')' as id
    from (select rc.g, sum(rc.c) as c from ${i} cross join lateral (
        select ${gradeRank(thermal, gradeSql(thermal, r)!)} as g, count(*) as c from ${r}
        where ${r.thermalAnalysisId!} = ${i.id!} group by 1) rc
      where ${i.reportHeaderId!} = ${sql.placeholder('report')} group by 1) per_grade`);
  return {
    name: 'bench_leanest_report_grouped_count',
    text: query.sql,
    values: fillPlaceholders(query.params, { report: reportId }),
  };
};

/**
 * A summary list's page 1 of its 1,000-row inspection and page 500 of its 100,000-row one, each
 * through its route (`[route, parent parameter]`) against the leanest page.
 */
const summaryScenarios = (
  rows: string,
  list: keyof SeedFacts['summaries'],
  parent: string,
  routes: Record<'regular' | 'large', [string, string]>,
): Scenario[] => [
  {
    name: `${rows} (variant, 3 photos each) of a 1,000-row ${parent}, page 1`,
    route: routes.regular[0],
    query: (f) => ({ [routes.regular[1]]: f.summaries[list].regular, pageNumber: 1, pageSize: 20 }),
    leanest: (f) => [byParentPage(summaryByParent[list], f.summaries[list].regular, 1, 20)],
    floorRatio: listFloorRatio.page1,
  },
  {
    name: `${rows} (variant, 3 photos each) of the 100,000-row ${parent}, page 500`,
    route: routes.large[0],
    query: (f) => ({ [routes.large[1]]: f.summaries[list].large, pageNumber: page500(f), pageSize: 20 }),
    leanest: (f) => [byParentPage(summaryByParent[list], f.summaries[list].large, page500(f), 20)],
    floorRatio: listFloorRatio.later,
  },
];

const byAnalysis = 'GET /thermal-measurements/by-thermal-analysis';
const measurements = 'GET /thermal-measurements';
const broadSearch = (f: SeedFacts) => ({ search: f.search.broad.term, pageNumber: 1, pageSize: 20 });

export const scenarios: Scenario[] = [
  {
    name: 'measurements of a 1,000-row analysis, page 1',
    route: byAnalysis,
    query: (f) => ({ thermalAnalysisId: f.analyses.thousand, pageNumber: 1, pageSize: 20 }),
    leanest: (f) => [byParentPage(thermalByAnalysis, f.analyses.thousand, 1, 20)],
    floorRatio: listFloorRatio.page1,
  },
  {
    name: 'measurements of the 100,000-row analysis, page 500',
    route: byAnalysis,
    query: (f) => ({ thermalAnalysisId: f.analyses.hundredThousand, pageNumber: page500(f), pageSize: 20 }),
    leanest: (f) => [byParentPage(thermalByAnalysis, f.analyses.hundredThousand, page500(f), 20)],
    floorRatio: listFloorRatio.later,
  },
  // Summary rows with three photos each in a technique of each shape (issue 39 item 2, issue 41
  // item 3): VCI's analyses and UFD's inspections, each with variants, listed by parent.
  ...summaryScenarios('VCI summaries', 'vci', 'analysis', {
    regular: ['GET /vci-summary-pipeline/by-reporting', 'vciAnalysisId'],
    large: ['GET /vci-summary-pipe/by-analysis', 'vciAnalysisId'],
  }),
  ...summaryScenarios('UFD findings', 'ufd', 'inspection', {
    regular: ['GET /ufd-summary-pressure-vessel/by-inspection', 'inspectionId'],
    large: ['GET /ufd-summary-pipe/by-inspection', 'inspectionId'],
  }),
  // The report page's figures per technique (issue 39 item 3): one grouped pass over the rows.
  ...(['thousand', 'hundredThousand'] as const).map((size): Scenario => ({
    name: `report figures per technique, a report of ${size === 'thousand' ? '1,000' : '100,000'} rows`,
    route: 'GET /report-headers/:id/techniques',
    params: (f) => ({ id: f.reports[size] }),
    answer: reportFigures,
    leanest: (f) => [groupedCount(f.reports[size])],
    budgetMs: size === 'thousand' ? undefined : 50,
    connections: 2,
    floorRatio: 1 / 1.2,
  })),
  // A report's complete read (issue 41): the header and every technique's records and files as one
  // tree with its fingerprint, as the whole-report page and an auditor's copy read it.
  {
    name: "a report's complete read, a report of 1,000 rows",
    route: 'GET /report-headers/:id/content',
    params: (f) => ({ id: f.reports.thousand }),
    answer: completeReadRows,
    leanest: (f) => completeRead(f.reports.thousand),
    connections: 2,
    budgetMs: 50,
  },
  { name: 'search matching ~191,000 rows, page 1', route: measurements, query: broadSearch, search: true },
  {
    name: 'search matching ~37 rows, page 1',
    route: measurements,
    query: (f) => ({ search: f.search.narrow.term, pageNumber: 1, pageSize: 20 }),
    search: true,
  },
  // Search boxes send what users type, from the first character: too short for a trigram index, a
  // term is looked for among the newest records only (records.ts `shortSearchPage`).
  {
    name: 'search of one character, page 1',
    route: measurements,
    query: () => ({ search: 'a', pageNumber: 1, pageSize: 20 }),
    search: true,
    budgetMs: 50,
  },
  {
    name: 'search of two characters matching nothing, page 1',
    route: measurements,
    query: () => ({ search: 'zq', pageNumber: 1, pageSize: 20 }),
    search: true,
    budgetMs: 50,
  },
  {
    name: 'search of four characters matching nothing, page 1',
    route: measurements,
    query: () => ({ search: 'zqxw', pageNumber: 1, pageSize: 20 }),
    search: true,
    budgetMs: 50,
  },
  {
    name: '200 VCI summaries with 6 photos each',
    route: 'GET /vci-summary-pipe/by-analysis',
    query: (f) => ({ vciAnalysisId: f.photos.vciAnalysisId }),
  },
  {
    name: 'profile while the other connections search ~191,000 rows',
    route: 'GET /auth/profile',
    connections: 1,
    alongside: { route: measurements, query: broadSearch, search: true },
  },
  ...trendScenarios,
  healthScenario,
  ...workScenarios,
  ...thicknessScenarios,
];

/** Who the benchmark signs in as; the seed creates this administrator. */
export const benchAdmin = { username: 'admin', password: 'bench-copper-lantern-harbour-2026' };

export type Statement = { text: string; values: unknown[]; name?: string };
export type Percentiles = { p50: number; p90: number; p99: number; max: number };
/** Requests finished within the duration, per second, and their latency in milliseconds. */
export type Load = Percentiles & {
  requests: number;
  seconds: number;
  perSecond: number;
  /** Answers other than 2xx, connection errors and timeouts. */
  failed: number;
  firstError?: string;
};
export type Seeding = {
  seconds: Record<string, number>;
  at: string;
  reused: boolean;
  /** The data added to a seeded database by this run's `ensure…` steps that wrote: seconds each. */
  added?: Record<string, number>;
};

export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}
