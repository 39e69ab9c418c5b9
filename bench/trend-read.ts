/**
 * The trend reads of `npm run bench:engine` (issue 38: a point's five-year monthly trend read at the
 * benchmark's scale within 20 ms p50 on PostgreSQL, and at least 0.75 of its floor; issue 41 item 3:
 * vibration points over five years of monthly readings): one piece of equipment per technique with
 * 60 monthly reports (five years) of a few points each, amid the bench's other readings of that
 * technique (seeded by bench/trend-seed.ts), read as `GET …?equipmentNo=…&<the point's key>=…`
 * against the leanest SQL for the same answer. The scenario and its leanest statement are worked out
 * from the readings' declared series: thermal measurements and vibration measurements alike.
 */
import {
  columnName,
  entities,
  seriesOf,
  thermalMeasurement,
  vibrationMeasurement,
} from '@inspectra/contract';
import type { EntityDefinition, RefField } from '@inspectra/contract';
import type { Scenario, Statement } from './engine-scenarios.ts';
import type { SeedFacts } from './engine-seed.ts';

/** Issue 38: the trend read's p50 on PostgreSQL (ms). */
export const trendBudgetMs = 20;
/** The issue's floor ratio: the API's requests per second over its combined leanest floor's. */
export const trendFloorRatio = 0.75;

/**
 * A trend read: its scenario's name, the technique's trend route, the readings' entity, and the
 * answer's values in the series' declared order as SQL over the reading `m` (a derived value worked
 * out by hand, as a skilled engineer writes it).
 */
type TrendRead = { name: string; route: string; entity: EntityDefinition; values: string[] };

export const trendReads = {
  thermal: {
    name: "a point's five-year monthly trend (60 readings)",
    route: 'GET /thermal-measurements/trend',
    entity: thermalMeasurement,
    // ΔT is the declared derived value, `round(max − reference, 1)`.
    values: [
      'm.max_temperature_c',
      'round((m.max_temperature_c - m.reference_temperature_c)::numeric, 1)::float8',
    ],
  },
  vibration: {
    name: "a vibration point's five-year monthly trend (60 readings)",
    route: 'GET /vibration-measurement/trend-chart',
    entity: vibrationMeasurement,
    values: ['m.velocity_rms_mm_per_s', 'm.acceleration_g', 'm.displacement_um_pk_pk'],
  },
} as const satisfies Record<string, TrendRead>;

export type TrendName = keyof typeof trendReads;

/** A trend read's point: its equipment, its key's values by field, and its readings. */
export type TrendPoint = { equipmentNo: string; point: Record<string, string>; readings: number };

/** The tables and columns a series is read through: readings → their parent (the inspection) → report. */
export function seriesTables(entity: EntityDefinition) {
  const series = seriesOf(entity);
  if (typeof series.time !== 'string')
    throw new Error(`${entity.name}: a trend read needs the row's own time`);
  const parent = entities[(entity.fields[entity.parent!] as RefField).entity]!;
  return {
    readings: entity.table,
    parent: columnName(entity.parent!),
    inspection: parent.table,
    report: columnName(parent.parent!),
    time: columnName(series.time),
    key: series.key.map((k) => ({ field: k, column: columnName(k) })),
  };
}

/**
 * The leanest statement a skilled engineer would write for the same answer: the equipment's current
 * reports → their inspection → the point's readings, each with the previous one's values (`lag` over
 * the whole history), the latest `readings` and one more (it says there are more), oldest first.
 */
export function trendLeanest(read: TrendRead, f: TrendPoint): Statement {
  const t = seriesTables(read.entity);
  const each = (of: (i: number) => string) => read.values.map((_, i) => of(i)).join(', ');
  return {
    name: `bench_leanest_trend_${t.readings}`,
    text: `select id, report_id, report_number, to_char(t, 'YYYY-MM-DD') as time, ${each((i) => `v${i}, p${i}`)}
    from (
      select r.*, ${each((i) => `lag(v${i}) over walk as p${i}`)},
        row_number() over (order by t desc, c desc, id desc) as back
      from (
        select m.id, h.id as report_id, h.report_number, m.${t.time} as t, m.created_at as c,
          ${read.values.map((v, i) => `${v} as v${i}`).join(', ')}
        from report_header h
          join ${t.inspection} a on a.${t.report} = h.id
          join ${t.readings} m on m.${t.parent} = a.id
        where h.equipment_no = $1 and h.superseded_by is null
          and ${t.key.map((k, i) => `m.${k.column} = $${i + 2}`).join(' and ')}
      ) r
      window walk as (order by t, c, id)
    ) readings
    where back <= $${t.key.length + 2}
    order by t, c, id`,
    values: [f.equipmentNo, ...t.key.map((k) => f.point[k.field]), f.readings + 1],
  };
}

/** The scenario reading a technique's trend of one point against its leanest statement. */
const trendScenario = (name: TrendName): Scenario => ({
  name: trendReads[name].name,
  route: trendReads[name].route,
  query: (f: SeedFacts) => ({ equipmentNo: f.trends[name].equipmentNo, ...f.trends[name].point }),
  budgetMs: trendBudgetMs,
  floorRatio: trendFloorRatio,
  leanest: (f: SeedFacts) => [trendLeanest(trendReads[name], f.trends[name])],
});

export const trendScenarios = (Object.keys(trendReads) as TrendName[]).map(trendScenario);
