import { randomUUID } from 'node:crypto';
import { d, defineEntity, evaluate, f } from '@inspectra/contract';
import type { Expr } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../src/engine/derived-compile.ts';
import { derivedSql, readsThroughJson } from '../src/engine/derived-sql.ts';
import { createEquipment, createReportHeader, createThermalAnalysis, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** A walk of dates: leap days, month ends, the turn of years and centuries, the first and last days. */
function datesWalked(): (string | null)[] {
  const fixed = [
    '2024-02-29',
    '2023-02-28',
    '2024-01-31',
    '2023-12-31',
    '2024-03-01',
    '1900-02-28',
    '2000-02-29',
    '2100-02-28',
    '0001-01-01',
    '0001-12-31',
    '9999-12-31',
    '9998-06-30',
    '1970-01-01',
    '1969-12-31',
  ];
  // A fixed stream of others (a linear congruential generator: the same walk every run).
  let seed = 38;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const drawn = Array.from({ length: 40 }, () => {
    const day = new Date(Date.UTC(1950, 0, 1) + Math.floor(next() * 120 * 365.25) * 86_400_000);
    return day.toISOString().slice(0, 10);
  });
  return [...fixed, ...drawn, null];
}

const yearsWalked = [
  0,
  1,
  -1,
  2.5,
  0.1,
  -0.1,
  1 / 12,
  1 / 3,
  7.3 / 2,
  5,
  10,
  100,
  -100,
  0.0001,
  -0.0001,
  9998,
  10_000,
  10_001,
  1e9,
  -1e9,
  null,
];

describe('dates in derived values, in SQL as per record', () => {
  it('gives the same years between, date plus years, comparisons and earlier or later, over a walk of values', async () => {
    const dates = datesWalked();
    // Every date against a neighbour and with every span of years: leap days and month ends meet
    // spans that land on them.
    const records = dates.flatMap((a, i) =>
      yearsWalked.map((years, j) => ({ a, b: dates[(i + j + 1) % dates.length]!, years })),
    );
    const a = d.date('a');
    const b = d.date('b');
    const years = d.field('years');
    const expressions: Record<string, { expr: Expr; date: boolean }> = {
      yearsBetween: { expr: d.yearsBetween(a, b), date: false },
      yearsBetweenRounded: { expr: d.round(d.yearsBetween(b, a), 2), date: false },
      addYears: { expr: d.addYears(a, years), date: true },
      addHalfYears: { expr: d.addYears(a, d.div(years, d.number(2))), date: true },
      addTwoAndAHalf: { expr: d.addYears(b, d.number(2.5)), date: true },
      lt: { expr: d.if(d.lt(a, b), d.text('before'), d.text('not before')), date: false },
      gte: { expr: d.if(d.gte(a, b), d.number(1), d.number(0)), date: false },
      eq: { expr: d.if(d.eq(a, d.addYears(a, years)), d.text('same'), d.text('moved')), date: false },
      min: { expr: d.min(a, b), date: true },
      max: { expr: d.max(a, d.addYears(b, years)), date: true },
      dateBranches: { expr: d.if(d.gt(years, d.number(0)), a, b), date: true },
      isSet: { expr: d.if(d.isSet(d.addYears(a, years)), d.text('set'), d.text('empty')), date: false },
    };
    const columns = { a: sql.raw('v.a'), b: sql.raw('v.b'), years: sql.raw('v.years') };
    const values = sql.join(
      records.map((r, i) => sql`(${i}::int, ${r.a}::date, ${r.b}::date, ${r.years}::float8)`),
      sql`, `,
    );
    let compared = 0;
    for (const [name, { expr, date }] of Object.entries(expressions)) {
      const compiled: SQL = date ? sql`(${compile(expr, columns)})::text` : compile(expr, columns);
      const result = await t.db.execute<{ value: number | string | null }>(
        sql`select ${compiled} as value from (values ${values}) as v(i, a, b, years) order by v.i`,
      );
      const inSql = result.rows.map((r) => (typeof r.value === 'string' && !date ? r.value : r.value));
      const perRecord = records.map((r) => evaluate(expr, r));
      for (const [i, r] of records.entries())
        expect(inSql[i], `${name} of ${JSON.stringify(r)}`).toEqual(perRecord[i]);
      compared += records.length;
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it('reads a date and time as its date in UTC, whatever the session time zone', async () => {
    const stamp = Object.assign(sql.raw('v.t'), { getSQLType: () => 'timestamp with time zone' });
    const times = [
      '2026-01-01T06:00:00+07:00',
      '2025-12-31T23:59:59Z',
      '2024-02-29T17:00:00Z',
      '2024-03-01T00:30:00+09:00',
      null,
    ];
    const expr = d.yearsBetween(d.date('t'), d.addYears(d.date('t'), d.number(1)));
    const shown = d.addYears(d.date('t'), d.number(0));
    const values = sql.join(
      times.map((x, i) => sql`(${i}::int, ${x}::timestamptz)`),
      sql`, `,
    );
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Asia/Jakarta'`);
      const result = await tx.execute<{ years: number | null; day: string | null }>(
        sql`select ${compile(expr, { t: stamp })} as years, (${compile(shown, { t: stamp })})::text as day from (values ${values}) as v(i, t) order by v.i`,
      );
      expect(result.rows.map((r) => r.day)).toEqual(times.map((x) => evaluate(shown, { t: x })));
      expect(result.rows.map((r) => r.day)).toEqual([
        '2025-12-31',
        '2025-12-31',
        '2024-02-29',
        '2024-02-29',
        null,
      ]);
      expect(result.rows.map((r) => r.years)).toEqual(times.map((x) => evaluate(expr, { t: x })));
    });
  });
});

describe('reading through more than one reference', () => {
  /** A row under a thermal analysis, reading its report's dates and its equipment's master. */
  const probe = defineEntity('throughProbe', {
    label: 'Through probe',
    module: 'thermal',
    fields: { thermalAnalysisId: f.ref('thermalAnalysis'), inspected: f.date() },
    derived: {
      yearsSinceStart: {
        field: f.number(),
        expr: d.yearsBetween(d.date('thermalAnalysisId.reportHeaderId.actualStartDate'), d.date('inspected')),
      },
      nextDue: {
        field: f.date(),
        expr: d.addYears(d.date('thermalAnalysisId.reportHeaderId.actualStartDate'), d.number(2.5)),
      },
      ageAtInspection: {
        field: f.number(),
        expr: d.sub(
          d.round(
            d.div(
              d.yearsBetween(d.date('thermalAnalysisId.reportHeaderId.actualStartDate'), d.date('inspected')),
              d.number(1),
            ),
            0,
          ),
          d.field('thermalAnalysisId.reportHeaderId.equipmentNo.yearInstalled'),
        ),
      },
      installed: {
        field: f.number(),
        expr: d.field('thermalAnalysisId.reportHeaderId.equipmentNo.yearInstalled'),
      },
    },
  });

  it('follows row → analysis → report → equipment master in SQL as per record; a reference to nothing is empty', async () => {
    const installedIn = async (yearInstalled: number | null, actualStartDate: string | null) => {
      const equipment = await createEquipment(t, yearInstalled === null ? {} : { yearInstalled });
      const report = await createReportHeader(t, {
        equipmentNo: equipment.equipmentNo,
        ...(actualStartDate ? { actualStartDate } : {}),
      });
      return (await createThermalAnalysis(t, { reportHeaderId: report.id })).id as string;
    };
    const leap = await installedIn(1998, '2024-02-29');
    const noYear = await installedIn(null, '2023-01-31');
    const noStart = await installedIn(2010, null);
    const rows: { ref: string | null; inspected: string | null }[] = [
      { ref: leap, inspected: '2025-02-28' },
      { ref: leap, inspected: '2028-02-29' },
      { ref: leap, inspected: null },
      { ref: noYear, inspected: '2024-01-31' },
      { ref: noStart, inspected: '2024-06-01' },
      // A reference that points nowhere, and none at all.
      { ref: randomUUID(), inspected: '2024-06-01' },
      { ref: null, inspected: '2024-06-01' },
    ];
    const values = sql.join(
      rows.map((r, i) => sql`(${i}::int, ${r.ref}::uuid, ${r.inspected}::date)`),
      sql`, `,
    );
    const columns = { thermalAnalysisId: sql.raw('v.ref'), inspected: sql.raw('v.inspected') };
    const keys = Object.keys(probe.derived) as (keyof typeof probe.derived)[];
    const selected = sql.join(
      keys.map((key) => {
        const value = derivedSql(probe, key, columns);
        return sql`${probe.derived[key]!.field.kind === 'date' ? sql`(${value})::text` : value} as ${sql.identifier(key)}`;
      }),
      sql`, `,
    );
    const result = await t.db.execute<Record<string, unknown>>(
      sql`select ${selected}, ${readsThroughJson(probe, { given: () => sql.raw('v.ref') })!} as through from (values ${values}) as v(i, ref, inspected) order by v.i`,
    );
    const perRecord = result.rows.map((row, i) =>
      Object.fromEntries(
        keys.map((key) => [
          key,
          evaluate(probe.derived[key]!.expr!, { ...rows[i], ...(row.through as object) }),
        ]),
      ),
    );
    const inSql = result.rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key] ?? null])));
    expect(inSql).toEqual(perRecord);
    expect(inSql[0]).toEqual({
      yearsSinceStart: 365 / 365.25,
      nextDue: '2026-08-29',
      ageAtInspection: 1 - 1998,
      installed: 1998,
    });
    expect(inSql[1]!.yearsSinceStart).toBe(1461 / 365.25);
    expect(inSql[3]).toMatchObject({ installed: null, ageAtInspection: null, nextDue: '2025-07-31' });
    expect(inSql[4]).toMatchObject({ installed: 2010, yearsSinceStart: null, nextDue: null });
    for (const nowhere of [inSql[5], inSql[6]])
      expect(nowhere).toEqual({
        yearsSinceStart: null,
        nextDue: null,
        ageAtInspection: null,
        installed: null,
      });
  });

  it('reads each hop by an index: every table on the path by its key', async () => {
    const plan = await t.db.transaction(async (tx) => {
      // Small tables are scanned whole by choice; forbidding that shows whether an index serves.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute<Record<string, string>>(
        sql`explain select ${derivedSql(probe, 'ageAtInspection', { thermalAnalysisId: sql`${randomUUID()}::uuid`, inspected: sql`'2024-01-01'::date` })}`,
      );
      return result.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    for (const table of ['thermal_analysis', 'report_header', 'equipment'])
      expect(plan, plan).toMatch(new RegExp(`Index (Only )?Scan using \\S+ on ${table}`));
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
