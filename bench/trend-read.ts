/**
 * The trend read of `npm run bench:engine` (issue 38: a point's five-year monthly trend read at the
 * benchmark's scale within 20 ms p50 on PostgreSQL, and at least 0.75 of its floor): one piece of
 * electrical equipment with 60 monthly thermography reports (five years) of a few points each, amid
 * the bench's million thermal measurements (seeded by `ensureTrendSeries`, bench/engine-seed.ts),
 * read as `GET /thermal-measurements/trend?equipmentNo=…&tagNumber=…&component=…` against the
 * leanest SQL for the same answer.
 */
import type { Scenario, Statement } from './engine-scenarios.ts';
import type { SeedFacts } from './engine-seed.ts';

/** Issue 38: the trend read's p50 on PostgreSQL (ms). */
export const trendBudgetMs = 20;
/** The floor ratio: the API's requests per second over its combined leanest floor's. */
export const trendFloorRatio = 0.75;

/** Five years of monthly reports, each reading every point once. */
export const trendSeries = {
  reports: 60,
  /** Their report numbers start with it. */
  prefix: 'TH-TREND/',
  firstDay: '2021-01-04',
  components: ['HV bushing Phase R', 'HV bushing Phase S', 'HV bushing Phase T', 'Neutral link'],
  /** The point read: its readings are the report count, the trend's declared limit. */
  component: 'HV bushing Phase R',
} as const;

/**
 * The leanest statement a skilled engineer would write for the same answer: the equipment's current
 * reports → their analysis → the point's readings, each with the previous one's values (`lag` over
 * the whole history), the latest 60 and one more (it says there are more), oldest first. ΔT is the
 * declared derived value, `round(max − reference, 1)`.
 */
export const trendLeanest = (f: SeedFacts['trend']): Statement => ({
  name: 'bench_leanest_trend',
  text: `select id, report_id, report_number, to_char(date, 'YYYY-MM-DD') as time, v0, v1, p0, p1
    from (
      select m.id, h.id as report_id, h.report_number, m.date, m.created_at,
        m.max_temperature_c as v0, d.delta_t as v1,
        lag(m.max_temperature_c) over walk as p0, lag(d.delta_t) over walk as p1,
        row_number() over (order by m.date desc, m.created_at desc, m.id desc) as back
      from report_header h
        join thermal_analysis a on a.report_header_id = h.id
        join thermal_measurement m on m.thermal_analysis_id = a.id,
        lateral (select round((m.max_temperature_c - m.reference_temperature_c)::numeric, 1)::float8 as delta_t) d
      where h.equipment_no = $1 and h.superseded_by is null and m.tag_number = $2 and m.component = $3
      window walk as (order by m.date, m.created_at, m.id)
    ) readings
    where back <= $4
    order by date, created_at, id`,
  values: [f.equipmentNo, f.tagNumber, f.component, f.readings + 1],
});

export const trendScenario: Scenario = {
  name: "a point's five-year monthly trend (60 readings)",
  route: 'GET /thermal-measurements/trend',
  query: (f) => ({
    equipmentNo: f.trend.equipmentNo,
    tagNumber: f.trend.tagNumber,
    component: f.trend.component,
  }),
  budgetMs: trendBudgetMs,
  floorRatio: trendFloorRatio,
  leanest: (f) => [trendLeanest(f.trend)],
};
