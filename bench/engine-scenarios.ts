/**
 * The requests `npm run bench:engine` puts under load, one row each, and the figures it keeps. A
 * module adds its lists by adding rows: `route` names a row of the contract's route table, `query`
 * builds the query string from the seeded data (bench/engine-seed.ts).
 */
import { countAhead } from '../apps/server/src/engine/records/bounded-count.ts';
import type { SeedFacts } from './engine-seed.ts';
import { trendScenario } from './trend-read.ts';
import { workScenarios } from './work-scenarios.ts';

export type RequestSpec = {
  /** `METHOD /path` of a GET row of the route table (paths are under `/api`). */
  route: string;
  query?: (facts: SeedFacts) => Record<string, string | number>;
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
 * Page 1 of a thermal analysis's measurements by hand: the 20 rows in list order off the
 * (analysis, date, created, id) index, every column, the images as JSON, and the engine's bounded
 * count (`countAhead.list` past the page's start, one more to tell "more than that").
 */
const measurementsPage = (analysisId: string, pageSize: number): Statement => ({
  name: `bench_leanest_measurements_page_${pageSize}`,
  text: `select m.*,
      (select count(*) from (select 1 from thermal_measurement c where c.thermal_analysis_id = $1 limit $2) c) as counted,
      coalesce((select json_agg(json_build_object('id', a.id, 'ownerId', a.owner_id, 'slot', a.slot,
          'imageType', a.image_type, 'category', a.category, 'position', a.position,
          'displayName', a.display_name, 'mediaType', a.media_type, 'size', a.size, 'createdAt', a.created_at))
        from attachment a where a.owner_entity = 'thermalMeasurement' and a.owner_id = m.id), '[]'::json) as images
    from thermal_measurement m
    where m.thermal_analysis_id = $1
    order by m.date desc, m.created_at desc, m.id
    limit ${pageSize}`,
  values: [analysisId, countAhead.list + 1],
});

const byAnalysis = 'GET /thermal-measurements/by-thermal-analysis';
const measurements = 'GET /thermal-measurements';
const broadSearch = (f: SeedFacts) => ({ search: f.search.broad.term, pageNumber: 1, pageSize: 20 });

export const scenarios: Scenario[] = [
  {
    name: 'measurements of a 1,000-row analysis, page 1',
    route: byAnalysis,
    query: (f) => ({ thermalAnalysisId: f.analyses.thousand, pageNumber: 1, pageSize: 20 }),
    leanest: (f) => [measurementsPage(f.analyses.thousand, 20)],
  },
  {
    name: 'measurements of the 100,000-row analysis, page 500',
    route: byAnalysis,
    query: (f) => ({
      thermalAnalysisId: f.analyses.hundredThousand,
      // The same place in the list at a smaller `--scale`.
      pageNumber: Math.max(1, Math.round(500 * f.sizes.scale)),
      pageSize: 20,
    }),
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
  trendScenario,
  ...workScenarios,
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
export type Seeding = { seconds: Record<string, number>; at: string; reused: boolean };

export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}
