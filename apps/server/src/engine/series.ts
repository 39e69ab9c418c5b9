import {
  defaultSeriesLimit,
  entities,
  maxSeriesKeys,
  seriesChain,
  seriesOf,
  ownSeriesTime,
  seriesReadKey,
  seriesTimeField,
} from '@inspectra/contract';
import type { EntityDefinition } from '@inspectra/contract';
import { getTableColumns, sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { tableOf } from '../db/schema/index.ts';
import { derivedSql } from './derived-sql.ts';
import { isoTimestamp } from './records/listed-images.ts';
import { SqlStatements, sqlShape } from './records/statements.ts';

/**
 * A series' SQL (docs/series.md): its readings reached from the report's equipment down the parent
 * chain (`report_header (equipment_no)` → each table by its parent → the readings by the derived
 * `(parent, key…, time)` index), readings of superseded reports left out.
 */

const columnsOf = (entity: EntityDefinition) =>
  getTableColumns(tableOf(entity)) as unknown as Record<string, AnyPgColumn>;

/** A column of a table read under an alias: `"s0"."component"`. */
const at = (alias: string, column: AnyPgColumn) =>
  sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`;

/**
 * The tables from the report down to the readings, joined under aliases `${prefix}0` (the readings)
 * … `${prefix}n`, and the condition tying the last to the report row `report` (an SQL reference to
 * its id); from `${prefix}${start}` up when `start` is given (the readings' parents only).
 */
function chainJoins(
  entity: EntityDefinition,
  prefix: string,
  report: SQLWrapper,
  start = 0,
): { from: SQL; toReport: SQL } {
  const chain = seriesChain(entity, (name) => entities[name]);
  const top = chain.length - 1;
  const named = (i: number) => `${prefix}${i}`;
  const table = (i: number) =>
    sql`${sql.identifier(entities[chain[i]!.entity]!.table)} as ${sql.identifier(named(i))}`;
  const parentOf = (i: number) => at(named(i), columnsOf(entities[chain[i]!.entity]!)[chain[i]!.parent]!);
  const joins = [table(top)];
  for (let i = top - 1; i >= start; i--)
    joins.push(sql`join ${table(i)} on ${parentOf(i)} = ${sql.identifier(named(i + 1))}.id`);
  return { from: sql.join(joins, sql` `), toReport: sql`${parentOf(top)} = ${report}` };
}

/** The row's own columns under an alias, by field key, as derived values compile against them. */
function aliased(entity: EntityDefinition, alias: string): Record<string, SQL> {
  return Object.fromEntries(
    Object.entries(columnsOf(entity)).map(([key, column]) => [key, at(alias, column)]),
  );
}

/** A series value as SQL over the row under `alias`: its field, or its derived number. */
function valueSql(entity: EntityDefinition, key: string, alias: string): SQL {
  const own = columnsOf(entity)[key];
  if (own && entity.fields[key]) return sql`${at(alias, own)}::float8`;
  return sql`(${derivedSql(entity, key, aliased(entity, alias))})::float8`;
}

/**
 * Where a series' time is: a column of the readings, or of the record they are under (the chain's
 * next table, `${prefix}1`, joined already). `column(alias)` reads it in a chain joined under that
 * prefix; `ofRow(row)` reads it for one row whose columns `row` gives, through its parent's id.
 */
function seriesTime(entity: EntityDefinition) {
  const found = seriesTimeField(entity, (name) => entities[name]);
  const holder = entities[found.entity]!;
  const column = columnsOf(holder)[found.key]!;
  return {
    kind: found.field.kind,
    column: (prefix: string) => at(`${prefix}${found.fromParent ? 1 : 0}`, column),
    ofRow: (row: (key: string) => SQLWrapper): SQL =>
      found.fromParent
        ? sql`(select ${sql.identifier(column.name)} from ${sql.identifier(holder.table)} where id = ${row(found.fromParent)})`
        : sql`${row(found.key)}`,
  };
}

/**
 * A series' time as the statement answers it, cheap to turn into the API's text in JS
 * (`trendTimeText`): a date as its day number since 1970-01-01 (whatever the session's DateStyle),
 * a datetime as PostgreSQL's text, which `isoTimestamp` slices.
 */
function timeAnswered(entity: EntityDefinition, time: SQL): SQL {
  return seriesTime(entity).kind === 'date' ? sql`${time} - date '1970-01-01'` : sql`${time}::text`;
}

/** A series' time as the API writes it: a date as `YYYY-MM-DD`, a datetime as ISO in UTC. */
function trendTimeText(entity: EntityDefinition): (answered: unknown) => string {
  return seriesTime(entity).kind === 'date'
    ? (day) => dayText(Number(day))
    : (text) => isoTimestamp(String(text));
}

/**
 * Days' texts once worked out: a plant's trends read the same few thousand days over and over, and a
 * `Date` per reading was a visible share of a trend request's time (docs/engine-performance.md).
 */
const dayTexts = new Map<number, string>();
function dayText(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) {
    if (dayTexts.size >= 50_000) dayTexts.clear();
    text = new Date(day * 86_400_000).toISOString().slice(0, 10);
    dayTexts.set(day, text);
  }
  return text;
}

export type TrendQuery = {
  equipmentNo: string;
  /** The report the trend runs up to: its readings, and the others' up to its latest time. */
  reportHeaderId?: string;
  /** Readings on or before this date. */
  until?: string;
  /** One point: values of (some of) the key fields. */
  point: Record<string, string | number>;
  limit: number;
  /** The caller's company scope over `report_header`, when it has one. */
  scope?: SQL;
};

/** One reading of a trend as the statement answers it (`trendAnswer` makes it the API's). */
export type TrendRow = {
  id: string;
  report_id: string;
  report_number: string;
  /** The time, as `timeAnswered` selects it. */
  t: unknown;
  /** Its place from the point's latest reading: 1 for the latest. */
  back: number;
  /** The point's place among the equipment's points, in key order: 1 for the first. */
  point: number;
  has_previous: boolean;
} & Record<`k${number}` | `v${number}` | `p${number}`, unknown>;

/**
 * The trend of one equipment in one statement and one window pass, over one sort of its readings by
 * point and time: every reading of its points (readings of superseded reports left out, but the
 * report the trend runs up to), each with the point's previous reading (`lag`, over the whole
 * history even where the answer stops short), the latest `limit + 1` of each point (one more than
 * answered: it says there are more) and the first `maxSeriesKeys + 1` points. A call naming its one
 * point has no points to rank. What the answer does not carry (creation times, the previous's id)
 * is not selected; times are turned into text in JS (`trendAnswer`).
 */
export function trendStatement(entity: EntityDefinition, q: TrendQuery): SQL {
  return trendSql(entity, { ...q, kept: q.limit + 1 });
}

/** A value of a trend's statement: given, or a placeholder filled when a prepared statement runs. */
type Given<T> = T | SQLWrapper;

/** `trendStatement`'s, with each value given or a placeholder: how many readings a point keeps (`limit + 1`). */
type TrendValues = {
  equipmentNo: Given<string>;
  reportHeaderId?: Given<string>;
  until?: Given<string>;
  point: Record<string, Given<string | number>>;
  kept: Given<number>;
  scope?: SQL;
};

function trendSql(entity: EntityDefinition, q: TrendValues): SQL {
  const series = seriesOf(entity);
  const own = columnsOf(entity);
  const { from, toReport } = chainJoins(entity, 's', sql`"report_header".id`);
  const when = seriesTime(entity);
  const time = when.column('s');
  const keys = series.key.map((k) => at('s0', own[k]!));
  const conditions: SQL[] = [
    sql`"report_header".equipment_no = ${q.equipmentNo}`,
    q.reportHeaderId
      ? sql`("report_header".superseded_by is null or "report_header".id = ${q.reportHeaderId}::uuid)`
      : sql`"report_header".superseded_by is null`,
  ];
  if (q.scope) conditions.push(q.scope);
  for (const [i, k] of series.key.entries())
    if (q.point[k] !== undefined) conditions.push(sql`${keys[i]!} = ${q.point[k]}`);
  if (q.until)
    conditions.push(
      when.kind === 'date'
        ? sql`${time} <= ${q.until}::date`
        : sql`${time} < (${q.until}::date + 1)::timestamptz`,
    );
  if (q.reportHeaderId) {
    // The report's own latest reading: the others' count up to it (all of them while it has none).
    const horizon = chainJoins(entity, 'h', sql`${q.reportHeaderId}::uuid`);
    const latest = when.column('h');
    conditions.push(
      sql`${time} <= coalesce((select max(${latest}) from ${horizon.from} where ${horizon.toReport}), ${time})`,
    );
  }
  // Every key field named by an equality: one point (a reading with an empty key is none of it).
  const onePoint = series.key.every((k) => q.point[k] !== undefined);
  const k = (i: number) => sql.identifier(`k${i}`);
  const pointCols = sql.join(
    series.key.map((_, i) => k(i)),
    sql`, `,
  );
  const byPoint = onePoint ? sql`` : sql`partition by ${pointCols}`;
  const values = series.values.map((v, i) => sql`${valueSql(entity, v, 's0')} as ${sql.identifier(`v${i}`)}`);
  const lags = series.values.map(
    (_, i) => sql`lag(${sql.identifier(`v${i}`)}) over walk as ${sql.identifier(`p${i}`)}`,
  );
  // One sort by (point, time, creation, id): the walk's; the point's count and the points' rank
  // are over its prefixes, so they need no sort of their own, nor does the answer's order.
  const rank = onePoint ? sql`1` : sql`dense_rank() over (order by ${pointCols})`;
  return sql`select id, report_id, report_number, t, ${pointCols}, ${sql.join(
    series.values.map((_, i) => sql`${sql.identifier(`v${i}`)}, ${sql.identifier(`p${i}`)}`),
    sql`, `,
  )}, n > 1 as has_previous, (total - n + 1)::int as back, point
    from (
      select readings.*, ${sql.join(lags, sql`, `)}, row_number() over walk as n,
        count(*) over (${byPoint}) as total, (${rank})::int as point
      from (
        select s0.id, "report_header".id as report_id, "report_header".report_number,
          ${timeAnswered(entity, time)} as t, ${time} as walk_time, s0.created_at as c, ${sql.join(
            keys.map((key, i) => sql`${key} as ${k(i)}`),
            sql`, `,
          )}, ${sql.join(values, sql`, `)}
        from "report_header" join ${from} on ${toReport}
        where ${sql.join(conditions, sql` and `)}
      ) readings
      window walk as (${byPoint} order by walk_time, c, id)
    ) walked
    where total - n < ${q.kept}${onePoint ? sql`` : sql` and point <= ${maxSeriesKeys + 1}`}
    order by ${onePoint ? sql`` : sql`${pointCols}, `}walk_time, c, id`;
}

/**
 * The trend's readings with each answered reading's JSON built by the database (`trendAnswer`'s
 * reading: values, previous and change as numbers, `float8`, so a change is the same subtraction
 * JavaScript makes; the time as the API writes it), in the walk's order; `trendAnswerText` groups
 * them by point as text. The server neither parses the readings' values nor stringifies them
 * (docs/engine-performance.md, "The page built by the database").
 */
function trendJsonSql(entity: EntityDefinition, q: TrendValues): SQL {
  const series = seriesOf(entity);
  const column = (name: string) => sql`w.${sql.identifier(name)}`;
  // Each object a row of named columns, made JSON by `row_to_json` (compact, as JSON.stringify writes).
  const named = (pairs: [string, SQL][]) =>
    sql.join(
      pairs.map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
      sql`, `,
    );
  const numbers = (of: (i: number) => SQL) => named(series.values.map((v, i) => [v, of(i)]));
  const value = (i: number) => sql`${column(`v${i}`)}::float8`;
  const before = (i: number) => sql`${column(`p${i}`)}::float8`;
  const time =
    seriesTime(entity).kind === 'date'
      ? sql`to_char(date '1970-01-01' + w.t, 'YYYY-MM-DD')`
      : sql`to_char(w.t::timestamptz at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const reading = named([
    ['id', column('id')],
    ['reportHeaderId', column('report_id')],
    ['reportNumber', column('report_number')],
    ['time', time],
    ['values', sql`now_`],
    ['previous', sql`case when w.has_previous then before_ end`],
    ['change', sql`change_`],
  ]);
  return sql`select w.point, w.back, ${sql.join(
    series.key.map((_, i) => column(`k${i}`)),
    sql`, `,
  )}, case when w.back < ${q.kept} then row_to_json(reading_)::text end as reading
    from (${trendSql(entity, q)}) w
      cross join lateral (select ${numbers(value)}) now_
      cross join lateral (select ${numbers(before)}) before_
      cross join lateral (select ${numbers((i) => sql`${value(i)} - ${before(i)}`)}) change_
      cross join lateral (select ${reading}) reading_`;
}

/** A reading of `trendJsonSql`: its point, its place from the latest, its key's values and its JSON. */
type TrendJsonRow = { point: number; back: number; reading: string | null } & Record<`k${number}`, unknown>;

/** `trendAnswer`'s answer as JSON text, from readings whose JSON the database built (`trendJsonSql`). */
function trendAnswerText(entity: EntityDefinition, rows: TrendJsonRow[], limit: number): string {
  const series = seriesOf(entity);
  const points: string[] = [];
  let more = false;
  let morePoints = false;
  let i = 0;
  while (i < rows.length) {
    const first = rows[i]!;
    if (first.point > maxSeriesKeys) {
      morePoints = true;
      break;
    }
    const key = Object.fromEntries(series.key.map((k, j) => [k, first[`k${j}`] ?? null]));
    const readings: string[] = [];
    let pointMore = false;
    for (; i < rows.length && rows[i]!.point === first.point; i++) {
      const row = rows[i]!;
      // The one reading past the limit says the point has more, and is not answered.
      if (row.back > limit) pointMore = true;
      else readings.push(row.reading!);
    }
    more ||= pointMore;
    points.push(
      `{"key":${JSON.stringify(key)},"readings":[${readings.join(',')}],"more":${pointMore},"latest":${readings.at(-1)}}`,
    );
  }
  const bounded = { limit, more, points: maxSeriesKeys, morePoints };
  return `{"series":[${points.join(',')}],"bounded":${JSON.stringify(bounded)}}`;
}

/**
 * The trend statements, by shape (the entity, the key fields named, `until`, a report, the caller's
 * company scope): each built once, its values left as placeholders. Built per call, a trend's
 * statement cost more in the server than in the database (docs/engine-performance.md); named,
 * PostgreSQL parses it once per connection.
 */
const trendStatements = new SqlStatements('trend');

/** The trend call's answer as JSON text (`trendJsonSql`, bands aside), run as a statement prepared for the call's shape (`trendStatements`). */
export async function readTrendJson(db: Db, entity: EntityDefinition, q: TrendQuery): Promise<string> {
  const series = seriesOf(entity);
  const named = series.key.filter((k) => q.point[k] !== undefined);
  const shape = [
    entity,
    named.join(','),
    q.until !== undefined,
    q.reportHeaderId !== undefined,
    sqlShape(q.scope),
  ];
  const slot = (name: string, given: unknown) => (given === undefined ? undefined : sql.placeholder(name));
  const rows = await trendStatements.run<TrendJsonRow>(
    db,
    shape,
    () =>
      trendJsonSql(entity, {
        equipmentNo: sql.placeholder('equipmentNo'),
        reportHeaderId: slot('reportHeaderId', q.reportHeaderId),
        until: slot('until', q.until),
        point: Object.fromEntries(named.map((k) => [k, sql.placeholder(`point.${k}`)])),
        kept: sql.placeholder('kept'),
        scope: q.scope,
      }),
    {
      equipmentNo: q.equipmentNo,
      reportHeaderId: q.reportHeaderId,
      until: q.until,
      kept: q.limit + 1,
      ...Object.fromEntries(named.map((k) => [`point.${k}`, q.point[k]])),
    },
    // One point's readings off the series' key index, whichever point, date and company.
    'shared',
  );
  return trendAnswerText(entity, rows, q.limit);
}

type Numbers = Record<string, number | null>;
type Reading = {
  id: string;
  reportHeaderId: string;
  reportNumber: string;
  time: string;
  values: Numbers;
  previous: Numbers | null;
  change: Numbers;
};

/** The statement's rows as the trend call answers them (contract `trendResponseSchema`). */
export function trendAnswer(entity: EntityDefinition, rows: TrendRow[], limit: number) {
  const series = seriesOf(entity);
  const timeText = trendTimeText(entity);
  const number = (x: unknown) => (x === null || x === undefined ? null : Number(x));
  const names = series.values;
  const valueColumns = names.map((_, i) => `v${i}` as const);
  const previousColumns = names.map((_, i) => `p${i}` as const);
  const byPoint = new Map<number, { key: Record<string, unknown>; readings: Reading[]; more: boolean }>();
  for (const row of rows) {
    if (row.point > maxSeriesKeys) continue;
    let found = byPoint.get(row.point);
    if (!found) {
      const key = Object.fromEntries(series.key.map((k, i) => [k, row[`k${i}`] ?? null]));
      byPoint.set(row.point, (found = { key, readings: [], more: false }));
    }
    // The one reading past the limit says the point has more, and is not answered.
    if (row.back > limit) {
      found.more = true;
      continue;
    }
    // Three objects a reading, filled in one pass over the values (no arrays of entries per row).
    const values: Numbers = {};
    const previous: Numbers = {};
    const change: Numbers = {};
    for (let i = 0; i < names.length; i++) {
      const v = names[i]!;
      const now = number(row[valueColumns[i]!]);
      const before = number(row[previousColumns[i]!]);
      values[v] = now;
      previous[v] = before;
      change[v] = now === null || before === null ? null : now - before;
    }
    found.readings.push({
      id: row.id,
      reportHeaderId: row.report_id,
      reportNumber: row.report_number,
      time: timeText(row.t),
      values,
      previous: row.has_previous ? previous : null,
      change,
    });
  }
  const answered = [...byPoint.values()].map((p) => ({ ...p, latest: p.readings.at(-1)! }));
  return {
    series: answered,
    bounded: {
      limit,
      more: answered.some((p) => p.more),
      points: maxSeriesKeys,
      morePoints: rows.some((r) => r.point > maxSeriesKeys),
    },
  };
}

/** The readings per point a trend answers when the call does not ask for fewer. */
export const seriesLimit = (entity: EntityDefinition) => seriesOf(entity).limit ?? defaultSeriesLimit;

/**
 * A number field of the same series' other reading, for a row whose columns `row` gives (by field
 * key, `createdAt` and `id` too): its previous reading, or its baseline (the latest reading marked
 * baseline at or before it, else the point's first, which may be the row itself). A correlated
 * subquery: the row's equipment through its own chain, then that equipment's reports (not
 * superseded) down to their readings of the same point, read off the series index.
 */
export function seriesReadSql(
  entity: EntityDefinition,
  read: { of: 'previous' | 'first'; key: string },
  row: (key: string) => SQLWrapper,
): SQL {
  const own = columnsOf(entity);
  const p = (key: string) => at('p0', own[key]!);
  const mine = chainJoins(entity, 'q', sql`"series_report".id`);
  const equipment = sql`(select "series_report".equipment_no from "report_header" as "series_report" join ${mine.from} on ${mine.toReport} where "q0".id = ${row('id')})`;
  const theirs = chainJoins(entity, 'p', sql`"series_reports".id`);
  const when = seriesTime(entity);
  const walk = { time: when.column('p'), p };
  const here = { time: when.ofRow(row), p: row };
  return sql`(select ${p(read.key)}::float8 from "report_header" as "series_reports" join ${theirs.from} on ${theirs.toReport}
    where ${samePointOf(entity, equipment, p, row)} and ${walkedTo(read, walk, here)}
    order by ${seriesOrder(entity, read, walk)} limit 1)`;
}

type Walked = (key: string) => SQLWrapper;
/** A reading in a point's walk: its time (on it or on its parent) and its other columns. */
type WalkedReading = { time: SQLWrapper; p: Walked };

/** The readings of the point `row` names on the equipment `equipment`, reports not superseded. */
function samePointOf(entity: EntityDefinition, equipment: SQL, p: Walked, row: Walked): SQL {
  const samePoint = seriesOf(entity).key.map((k) => sql`${p(k)} is not distinct from ${row(k)}`);
  return sql`"series_reports".equipment_no = ${equipment} and "series_reports".superseded_by is null
      and ${sql.join(samePoint, sql` and `)}`;
}

/** The readings up to `row` in the point's walk (time, then creation, then id): before it, or up to it for `first`. */
function walkedTo(read: { of: 'previous' | 'first' }, c: WalkedReading, row: WalkedReading): SQL {
  return sql`(${c.time}, ${c.p('createdAt')}, ${c.p('id')}) ${sql.raw(read.of === 'previous' ? '<' : '<=')} (${row.time}, ${row.p('createdAt')}, ${row.p('id')})`;
}

/** The order whose first reading is the one read: the latest before, or the baseline (else the first). */
function seriesOrder(entity: EntityDefinition, read: { of: 'previous' | 'first' }, c: WalkedReading): SQL {
  const series = seriesOf(entity);
  const { time, p } = c;
  const baseline = series.baseline ? p(series.baseline) : undefined;
  return read.of === 'previous'
    ? sql`${time} desc, ${p('createdAt')} desc, ${p('id')} desc`
    : baseline
      ? sql`(${baseline} is true) desc, (case when ${baseline} is true then ${time} end) desc, ${time}, ${p('createdAt')}, ${p('id')}`
      : sql`${time}, ${p('createdAt')}, ${p('id')}`;
}

/** A value of a write as a statement's parameter: a date as ISO text, nothing as null. */
const param = (value: unknown) =>
  value instanceof Date ? value.toISOString() : ((value as string | number | boolean | undefined) ?? null);

/** The id a row not yet stored walks by: after every stored reading of its time and creation. */
const lastId = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/**
 * The series reads of a row as a write leaves it, stored or not yet (`seriesReadSql` reads a
 * stored row's): its equipment found through its parent, the stored row's own values replaced by
 * the write's, and for `first` the row itself among the readings (a point's first reading is
 * itself). A row not yet stored walks after every stored reading of its time. One statement
 * answering a JSON object keyed as derived values read them (`first(ultrasoundValueDb)`); what a
 * verdict pair's standard reads when a write is judged (verdicts.ts).
 */
export function seriesReadsOfRowSql(entity: EntityDefinition, values: Record<string, unknown>): SQL {
  const series = seriesOf(entity);
  const own = columnsOf(entity);
  const chain = seriesChain(entity, (name) => entities[name]);
  const parent = sql`${(values[entity.parent!] as string | undefined) ?? null}::uuid`;
  const equipment =
    chain.length === 1
      ? sql`(select "series_report".equipment_no from "report_header" as "series_report" where "series_report".id = ${parent})`
      : (() => {
          const mine = chainJoins(entity, 'q', sql`"series_report".id`, 1);
          return sql`(select "series_report".equipment_no from "report_header" as "series_report" join ${mine.from} on ${mine.toReport} where "q1".id = ${parent})`;
        })();
  const stored = typeof values.id === 'string';
  const createdAt = values.createdAt ? new Date(values.createdAt as string | Date).toISOString() : null;
  const when = seriesTime(entity);
  const timeType = when.kind === 'date' ? 'date' : 'timestamptz';
  const ownTime = ownSeriesTime(series);
  // The row's walk position and point, as parameters typed like the columns they are compared with.
  const given: Record<string, SQL> = {
    id: sql`${stored ? (values.id as string) : lastId}::uuid`,
    createdAt: createdAt ? sql`${createdAt}::timestamptz` : sql`now()`,
    ...(ownTime ? { [ownTime]: sql`${param(values[ownTime])}::${sql.raw(timeType)}` } : {}),
  };
  const row = (key: string) => given[key] ?? sql`${param(values[key])}::${sql.raw(own[key]!.getSQLType())}`;
  // The row's time: its own field as written, or its parent's date (the parent is stored first).
  const rowTime = ownTime ? row(ownTime) : when.ofRow(row);
  const theirs = chainJoins(entity, 'p', sql`"series_reports".id`);
  // The candidates: the point's stored readings (the row's stored self left out) and the row as written.
  const candidate = (key: string) => sql.identifier(`c_${key}`);
  const carried = [
    ...new Set([
      'createdAt',
      'id',
      ...(series.baseline ? [series.baseline] : []),
      ...entity.readsSeries.map((r) => r.key),
    ]),
  ];
  const time = sql.identifier('c_series_time');
  const storedReadings = sql`select ${when.column('p')} as ${time}, ${sql.join(
    carried.map((key) => sql`${at('p0', own[key]!)} as ${candidate(key)}`),
    sql`, `,
  )} from "report_header" as "series_reports" join ${theirs.from} on ${theirs.toReport}
    where ${samePointOf(entity, equipment, (k) => at('p0', own[k]!), row)} and "p0".id <> ${given.id!}`;
  const itself = sql`select ${rowTime} as ${time}, ${sql.join(
    carried.map((key) => sql`${row(key)} as ${candidate(key)}`),
    sql`, `,
  )}`;
  const reads = entity.readsSeries.map((read) => {
    const from =
      read.of === 'first' ? sql`(${storedReadings} union all ${itself})` : sql`(${storedReadings})`;
    const c = { time: sql`"c".${time}`, p: (key: string) => sql`"c".${candidate(key)}` };
    return sql`${sql.raw(`'${seriesReadKey(read.of, read.key)}'`)}::text, (select ${c.p(read.key)}::float8 from ${from} as "c"
      where ${walkedTo(read, c, { time: rowTime, p: row })} order by ${seriesOrder(entity, read, c)} limit 1)`;
  });
  return sql`select json_build_object(${sql.join(reads, sql`, `)}) as through`;
}
