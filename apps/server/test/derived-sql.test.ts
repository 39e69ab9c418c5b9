import {
  checkReadsThrough,
  d,
  defineEntity,
  deriveValue,
  evaluate,
  f,
  techniques,
  thermalMeasurement,
  valueKind,
} from '@inspectra/contract';
import type { Expr } from '@inspectra/contract';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableOf } from '../src/db/schema/index.ts';
import { compile } from '../src/engine/derived-compile.ts';
import { derivedLaterals, derivedSql } from '../src/engine/derived-sql.ts';
import { gradeLaterals, worstGradeSql } from '../src/engine/finding-grade.ts';
import { rowGrade } from '../src/engine/row-grade.ts';
import { summarySql } from '../src/modules/reports/report-techniques.actions.ts';
import { createThermalAnalysis, createThermalMeasurement, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('a derived value declared once', () => {
  it('is the same per record and in SQL, at and around every band edge', async () => {
    const analysis = await createThermalAnalysis(t);
    // ΔT at, just below and just above each threshold, with the float sums that round either way.
    const deltas = [
      -0.05, 0, 0.94, 0.95, 0.96, 1, 2.96, 3, 3.04, 3.05, 3.06, 4, 14.95, 15, 15.04, 15.05, 15.06, 40,
    ];
    for (const [i, delta] of deltas.entries()) {
      await createThermalMeasurement(t, analysis.id, {
        maxTemperatureC: 30.1 + delta,
        referenceTemperatureC: 30.1,
        tagNumber: `EDGE-${i}`,
      });
    }
    const m = tableOf(thermalMeasurement);
    const rows = await t.db
      .select({
        max: m.maxTemperatureC,
        ref: m.referenceTemperatureC,
        deltaTC: derivedSql(thermalMeasurement, 'deltaTC', m),
        severity: derivedSql(thermalMeasurement, 'severity', m),
      })
      .from(m)
      .where(eq(m.thermalAnalysisId, analysis.id));
    expect(rows).toHaveLength(deltas.length);
    for (const row of rows) {
      const record = { maxTemperatureC: Number(row.max), referenceTemperatureC: Number(row.ref) };
      expect(Number(row.deltaTC)).toBe(deriveValue(thermalMeasurement.derived.deltaTC!, record));
      expect(row.severity).toBe(deriveValue(thermalMeasurement.derived.severity!, record));
    }
    // Counted by grade as a report's figures count it, off the grade's index alone (`rowGrade`):
    // the index holds the very expression, so its ranks are the API's grades at every edge.
    const thermal = techniques.find((one) => one.module === 'thermal')!;
    const graded = gradeLaterals(thermal, m)!;
    const counted = await offTheIndex(
      t,
      sql`select ${graded.rank} as rank, count(*)::int as n from ${m}${graded.from}
        where ${m.thermalAnalysisId} = ${analysis.id} group by 1 order by 1`,
    );
    expect(counted.plan).toMatch(/Index Only Scan using thermal_measurement_grade_idx/);
    expect(counted.plan).not.toMatch(computedAgain);
    const levels = thermal.findingGrade!.levels;
    const expected = new Map<number, number>();
    for (const row of rows) {
      const severity = deriveValue(thermalMeasurement.derived.severity!, {
        maxTemperatureC: Number(row.max),
        referenceTemperatureC: Number(row.ref),
      });
      const rank = levels.indexOf(String(severity)) + 1;
      expected.set(rank, (expected.get(rank) ?? 0) + 1);
    }
    expect(counted.rows).toEqual([...expected].sort(([a], [b]) => a - b).map(([rank, n]) => ({ rank, n })));
    expect(expected.size).toBe(levels.length);
    // The report's worst finding: the last entry of the index under its analysis.
    const worst = await offTheIndex(
      t,
      sql`select ${worstGradeSql(thermal, sql`${analysis.reportHeaderId}::uuid`)!} as worst`,
    );
    expect(worst.rows).toEqual([{ worst: levels.at(-1) }]);
    expect(worst.plan).toMatch(/Index Only Scan Backward using thermal_measurement_grade_idx/);
  });

  it('is indexed with its parent wherever the row’s own fields decide a grade, and read off that index', async () => {
    const indexed = techniques.flatMap((technique) => {
      const grade = rowGrade(technique);
      return grade ? [{ technique, grade }] : [];
    });
    // Thermal, SACP, motion magnification, MCSA derive theirs; VCI and walkthrough store theirs.
    expect(indexed.map(({ technique }) => technique.module).sort()).toEqual(
      ['mcsa', 'motionMagnification', 'sacp', 'thermal', 'vci', 'walkthrough'].sort(),
    );
    for (const { technique, grade } of indexed) {
      const table = tableOf(grade.entity) as unknown as Record<string, AnyPgColumn> & PgTable;
      const graded = gradeLaterals(technique, table)!;
      const parent = table[grade.entity.parent!]!;
      const { plan } = await offTheIndex(
        t,
        sql`select ${parent}, ${graded.rank}, count(*) from ${table}${graded.from}
          where ${parent} = ${randomUUID()} group by 1, 2`,
      );
      expect(plan, technique.module).toMatch(
        new RegExp(`Index Only Scan using ${grade.entity.table}_grade_idx`),
      );
      expect(plan, technique.module).not.toMatch(computedAgain);
      // A report's figures count each inspection's rows as the index holds them: the grade index
      // read straight into a grouping, no sort and no hash of (inspection, grade) pairs. (An MCSA
      // test is graded as its own record: there are no rows to count.)
      if (grade.entity === technique.workspace?.rows) {
        const figures = await offTheIndex(t, summarySql(technique, sql`${randomUUID()}::uuid`));
        expect(
          nodeAbove(figures.plan, `Index Only Scan using ${grade.entity.table}_grade_idx`),
          technique.module,
        ).toMatch(/^(GroupAggregate|Aggregate)\b/);
      }
      // A report's worst finding is the index's last entry under each parent: one probe, no count.
      const worst = await offTheIndex(
        t,
        sql`select ${worstGradeSql(technique, sql`${randomUUID()}::uuid`)!}`,
      );
      expect(worst.plan, technique.module).toMatch(
        new RegExp(`Index Only Scan Backward using ${grade.entity.table}_grade_idx`),
      );
    }
    // A grade read through a reference, from a series or counted from a verdict pair is not indexed.
    for (const module of ['ufd', 'srut', 'paut', 'vibration', 'ultrasound', 'lubeOil'])
      expect(rowGrade(techniques.find((one) => one.module === module)!), module).toBeUndefined();
  });
});

/**
 * A plan that grades each row again rather than reading the rank the index holds: a lateral per row
 * (a nested loop over a result), then a sort, where the index's own order groups the count.
 */
const computedAgain = /Nested Loop|Result|Sort|Subquery Scan/;

/** The node a plan's first line matching `node` is an input of (its name and what follows). */
function nodeAbove(plan: string, node: string): string {
  const lines = plan.split('\n');
  const at = lines.findIndex((line) => line.includes(node));
  if (at < 0) return `no ${node} in:\n${plan}`;
  const indent = (line: string) => line.search(/\S/);
  const above = lines
    .slice(0, at)
    .reverse()
    .find((line) => indent(line) < indent(lines[at]!) && (line.includes('->') || indent(line) === 0));
  return (above ?? '').replace(/^\s*(->\s*)?/, '');
}

/**
 * A statement's rows and its plan where the table may not be read whole (a test's few rows would
 * rather be): whether the plan can use an index is what is asked.
 */
async function offTheIndex(app: TestApp, statement: SQL) {
  return app.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const explained = await tx.execute(sql`explain ${statement}`);
    const rows = await tx.execute(statement);
    return {
      plan: (explained.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n'),
      rows: rows.rows,
    };
  });
}

describe('every operation of the expression language', () => {
  /** Records over two numbers and a word, empty values, zero divisors and equal values among them. */
  const records = [
    { a: 1, b: 2, kind: 'cse', note: 'ASME B31.3-2022', code: '18/16/13' },
    { a: 2, b: 2, kind: 'agAgCl', note: 'asme viii div. 1, appendix 12', code: '-/16/13' },
    { a: -850, b: 0, kind: 'zinc', note: 'API 1104', code: '99/2/x' },
    { a: -849.99, b: -850, kind: 'other', note: '', code: '1/2' },
    { a: 0.1 + 0.2, b: 0.3, kind: 'cse', note: 'ASME VIII DIV. 2', code: '1234567890/1/7' },
    { a: null, b: 3, kind: 'cse', note: null, code: null },
    { a: 4, b: null, kind: null, note: 'İSTANBUL b31.3 ÉTÉ', code: '' },
    { a: null, b: null, kind: 'agAgCl', note: 'B31', code: '007/15/12' },
  ];
  const a = d.field('a');
  const b = d.field('b');
  const expressions: Record<string, Expr> = {
    add: d.add(a, b),
    sub: d.sub(a, b),
    mul: d.mul(a, b),
    div: d.div(a, b),
    min: d.min(a, b),
    max: d.max(a, b),
    round: d.round(d.div(a, d.number(3)), 2),
    bands: d.bands(
      a,
      [
        { when: 'gte', limit: 2, value: 'high' },
        { when: 'gt', limit: 0, value: 'some' },
      ],
      'none',
    ),
    lt: d.if(d.lt(a, b), d.text('yes'), d.text('no')),
    lte: d.if(d.lte(a, b), d.text('yes'), d.text('no')),
    gt: d.if(d.gt(a, b), d.number(1), d.number(0)),
    gte: d.if(d.gte(a, b), d.number(1), d.number(0)),
    eq: d.if(d.eq(a, b), d.text('same'), d.text('differ')),
    oneOf: d.if(d.oneOf('kind', ['cse', 'zinc']), d.text('in'), d.text('out')),
    isSet: d.if(d.isSet(a), d.text('set'), d.text('empty')),
    and: d.if(d.and(d.gt(a, d.number(0)), d.oneOf('kind', ['cse'])), d.text('both'), d.text('not both')),
    or: d.if(d.or(d.gt(a, d.number(1)), d.oneOf('kind', ['zinc'])), d.text('either'), d.text('neither')),
    not: d.if(d.not(d.gt(a, b)), d.text('not above'), d.text('above or unknown')),
    // A limit that depends on an enumerated value: the criterion by reference electrode.
    byValue: d.byValue('kind', { cse: d.number(-850), agAgCl: d.number(-800) }, d.sub(b, d.number(1))),
    byValueNoOtherwise: d.byValue('kind', { zinc: d.text('zinc') }),
    // Case of A–Z only, on both sides: the dotted capital I and accented letters are left alone.
    mentions: d.if(d.mentions('note', ['b31.3', 'VIII']), d.text('applies'), d.text('does not')),
    mentionsNot: d.if(
      d.not(d.mentions('note', ['Div. 2'])),
      d.text('not div. 2'),
      d.text('div. 2 or unknown'),
    ),
    ifWithoutElse: d.if(d.gt(a, d.number(1)), d.text('above one')),
    // An ISO 4406 code's scale numbers: a part that is not a short whole number is empty.
    codePart1: d.codePart('code', 1),
    codePart3: d.codePart('code', 3),
    codePartSum: d.add(d.codePart('code', 2), d.codePart('code', 3)),
    nested: d.if(
      d.lte(a, d.byValue('kind', { cse: d.number(-850), zinc: d.number(-850) }, d.number(-800))),
      d.text('protected'),
      d.if(d.isSet(a), d.text('unprotected'), d.text('unknown')),
    ),
  };

  it('gives in SQL what it gives per record, empty values and zero divisors included', async () => {
    const columns = {
      a: sql.raw('v.a'),
      b: sql.raw('v.b'),
      kind: sql.raw('v.kind'),
      note: sql.raw('v.note'),
      code: sql.raw('v.code'),
    };
    const values = sql.join(
      records.map(
        (r, i) =>
          sql`(${i}::int, ${r.a}::float8, ${r.b}::float8, ${r.kind}::text, ${r.note}::text, ${r.code}::text)`,
      ),
      sql`, `,
    );
    for (const [name, expr] of Object.entries(expressions)) {
      const result = await t.db.execute<{ i: number; value: number | string | null }>(
        sql`select v.i, ${compile(expr, columns)} as value from (values ${values}) as v(i, a, b, kind, note, code) order by v.i`,
      );
      const inSql = result.rows.map((r) => r.value);
      expect(inSql, name).toEqual(records.map((r) => evaluate(expr, r)));
    }
    // A code's parts as numbers: a dash, letters or ten digits are no number; a missing part is empty.
    expect(records.map((r) => evaluate(expressions.codePart1!, r))).toEqual([
      18,
      null,
      99,
      1,
      null,
      null,
      null,
      7,
    ]);
    expect(records.map((r) => evaluate(expressions.codePart3!, r))).toEqual([
      13,
      13,
      null,
      null,
      7,
      null,
      null,
      12,
    ]);
  });

  it('gives the same compiled once per row in laterals, a subexpression used again compiled once', async () => {
    const a = d.field('a');
    const sum = d.add(a, d.field('b'));
    // A value read three times, and a value over another declared value (pasted, each copy again).
    const shared: Record<string, Expr> = {
      sharedSum: d.if(d.gt(sum, d.number(1)), sum, d.sub(sum, d.number(1))),
      overAnother: d.bands(expressions.round!, [{ when: 'gt', limit: 0, value: 'positive' }], 'not positive'),
    };
    const all = { ...expressions, ...shared };
    const probe = defineEntity('derivedLateralProbe', {
      label: 'Derived lateral probe',
      module: 'thermal',
      fields: {
        a: f.number(),
        b: f.number(),
        kind: f.enumOf(['cse', 'agAgCl', 'zinc', 'other']),
        note: f.text(),
        code: f.text(),
      },
      derived: Object.fromEntries(
        Object.entries(all).map(([key, expr]) => [
          key,
          { field: valueKind(expr) === 'number' ? f.number() : f.text(), expr },
        ]),
      ),
    });
    const columns = Object.fromEntries(['a', 'b', 'kind', 'note', 'code'].map((k) => [k, sql.raw(`v.${k}`)]));
    const keys = Object.keys(all);
    const laterals = derivedLaterals(probe, keys, columns);
    const values = sql.join(
      records.map(
        (r, i) =>
          sql`(${i}::int, ${r.a}::float8, ${r.b}::float8, ${r.kind}::text, ${r.note}::text, ${r.code}::text)`,
      ),
      sql`, `,
    );
    const result = await t.db.execute<Record<string, number | string | null>>(
      sql`select v.i, ${sql.join(
        keys.map((key) => sql`${laterals.columns[key]!} as ${sql.identifier(key)}`),
        sql`, `,
      )} from (values ${values}) as v(i, a, b, kind, note, code)${laterals.from} order by v.i`,
    );
    for (const [key, expr] of Object.entries(all))
      expect(
        result.rows.map((row) => row[key]),
        key,
      ).toEqual(records.map((r) => evaluate(expr, r)));
    const text = new PgDialect().sqlToQuery(sql`select 1${laterals.from}`).sql;
    expect(text.split('(v.a::float8 + v.b::float8)')).toHaveLength(2);
    expect(text.split('floor((v.a::float8 / nullif(3::float8, 0)) * 100 + 0.5)')).toHaveLength(2);
  });

  it('refuses a declaration that mixes numbers and words, compares words, or reads a field as what it is not', () => {
    expect(() => compile(d.if(d.gt(d.field('a'), d.number(0)), d.number(1), d.text('x')), {})).toThrow(
      /numbers in some branches and words in others/,
    );
    expect(() => compile(d.add(d.field('a'), d.text('x')), {})).toThrow(/add needs numbers/);
    expect(() => compile(d.if(d.lt(d.text('a'), d.text('b')), d.number(1), d.number(0)), {})).toThrow(
      /lt needs numbers/,
    );
    const declare = (expr: Expr, kind: 'number' | 'text' = 'number') =>
      defineEntity('derivedProbe', {
        label: 'Derived probe',
        module: 'thermal',
        fields: { reading: f.number(), electrode: f.enumOf(['cse', 'zinc']), note: f.longText() },
        derived: { probe: { field: kind === 'number' ? f.number() : f.text(), expr } },
      });
    expect(() => declare(d.byValue('electrode', { cse: d.number(-850) }, d.field('reading')))).not.toThrow();
    // A choice read as a number, a number chosen by, an undeclared field, a word for a number.
    expect(() => declare(d.field('electrode'))).toThrow(/not: electrode/);
    expect(() => declare(d.byValue('reading', { cse: d.number(1) }))).toThrow(/not: reading/);
    expect(() => declare(d.field('missing'))).toThrow(/not: missing/);
    expect(() => declare(d.text('protected'))).toThrow(/must give a number/);
    // Through a reference: starting at a reference of the record; the hops after it and what it
    // reads there are checked with the catalogue, where the other entities are known.
    const throughRef = (expr: Expr) =>
      defineEntity('derivedChild', {
        label: 'Derived child',
        module: 'thermal',
        fields: { parentId: f.ref('derivedProbe'), reading: f.number() },
        derived: { probe: { field: f.number(), expr } },
      });
    expect(throughRef(d.sub(d.field('parentId.reading'), d.field('reading'))).readsThrough).toEqual([
      { key: 'parentId.reading', ref: 'parentId', hops: ['parentId'], field: 'reading', as: 'number' },
    ]);
    expect(() => throughRef(d.field('reading.value'))).toThrow(/not: reading.value/);
    expect(() =>
      checkReadsThrough({
        derivedChild: throughRef(d.field('parentId.parentId.reading')),
        derivedProbe: declare(d.number(1)),
      }),
    ).toThrow(/reads parentId.parentId.reading, not a number field of a declared entity/);
    expect(() =>
      checkReadsThrough({
        derivedChild: throughRef(d.field('parentId.note')),
        derivedProbe: declare(d.number(1)),
      }),
    ).toThrow(/reads parentId.note, not a number field of derivedProbe/);
  });
});
