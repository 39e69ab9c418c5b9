import { describe, expect, it } from 'vitest';
import {
  calendarDate,
  checkReadsThrough,
  d,
  defineEntity,
  entities,
  evaluate,
  f,
  valueKind,
} from '../src/index.ts';
import type { Expr } from '../src/index.ts';

/** An expression over one record `{ a, b, years }` of two dates and a number. */
const over = (expr: Expr, record: Record<string, unknown>) => evaluate(expr, record);
const a = d.date('a');
const b = d.date('b');
const plus = (date: string | null, years: number | null) =>
  over(d.addYears(a, d.field('years')), { a: date, years });
const between = (from: string | null, to: string | null) => over(d.yearsBetween(a, b), { a: from, b: to });

describe('dates in expressions', () => {
  it('counts years between two dates as their days apart over 365.25, either way round', () => {
    expect(between('2024-01-01', '2025-01-01')).toBe(366 / 365.25);
    expect(between('2023-01-01', '2024-01-01')).toBe(365 / 365.25);
    expect(between('2020-01-01', '2024-01-01')).toBe(4);
    expect(between('2024-02-29', '2024-03-01')).toBe(1 / 365.25);
    expect(between('2025-01-01', '2024-01-01')).toBe(-366 / 365.25);
    expect(between('2024-05-05', '2024-05-05')).toBe(0);
    // Empty in, empty out.
    expect(between(null, '2024-01-01')).toBeNull();
    expect(between('2024-01-01', undefined as never)).toBeNull();
  });

  it('adds years on the calendar: whole months, then the rest of a month as days rounded down', () => {
    expect(plus('2024-01-01', 2.5)).toBe('2026-07-01');
    expect(plus('2024-01-01', 1)).toBe('2025-01-01');
    // The 29th of February plus a year is the 28th; plus four years, the 29th again.
    expect(plus('2024-02-29', 1)).toBe('2025-02-28');
    expect(plus('2024-02-29', 4)).toBe('2028-02-29');
    expect(plus('2024-02-29', -1)).toBe('2023-02-28');
    // A month from the 31st is the month's last day.
    expect(plus('2024-01-31', 1 / 12)).toBe('2024-02-29');
    expect(plus('2023-01-31', 1 / 12)).toBe('2023-02-28');
    // 0.1 year = 1.2 months: a month, then 0.2 × 30.4375 = 6.09 days → 6.
    expect(plus('2024-01-10', 0.1)).toBe('2024-02-16');
    // Backwards rounds down too (never later than the exact span): −1 month, then −6.09 → −7 days.
    expect(plus('2024-03-10', -0.1)).toBe('2024-02-03');
    expect(plus('2024-03-10', 0)).toBe('2024-03-10');
    // Half of 7.3 years of remaining life after an inspection on 15 Aug 2023: 3.65 years = 43.8
    // months, so 43 months (15 Mar 2027) and 0.8 × 30.4375 = 24.35 → 24 days.
    expect(over(d.addYears(a, d.div(d.field('years'), d.number(2))), { a: '2023-08-15', years: 7.3 })).toBe(
      '2027-04-08',
    );
    // Beyond the years 1–9999, or a span no two such dates have, is empty; so is an empty input.
    expect(plus('9999-06-01', 1)).toBeNull();
    expect(plus('0001-03-01', -1)).toBeNull();
    expect(plus('2024-01-01', 20_000)).toBeNull();
    expect(plus(null, 1)).toBeNull();
    expect(plus('2024-01-01', null)).toBeNull();
  });

  it('reads a date and time as its date in UTC, and anything else as no date', () => {
    expect(calendarDate('2026-01-01T06:00:00+07:00')).toBe('2025-12-31');
    expect(calendarDate('2026-01-01T00:00:00.000Z')).toBe('2026-01-01');
    expect(calendarDate(new Date('2024-02-29T23:59:59Z'))).toBe('2024-02-29');
    expect(calendarDate('2024-02-29')).toBe('2024-02-29');
    expect(calendarDate('not a date')).toBeNull();
    expect(calendarDate(20240229)).toBeNull();
    expect(calendarDate(null)).toBeNull();
  });

  it('compares dates and takes the earlier or later of two; a comparison with no date is unknown', () => {
    const record = { a: '2024-02-29', b: '2024-03-01' };
    expect(over(d.if(d.lt(a, b), d.text('before'), d.text('not before')), record)).toBe('before');
    expect(over(d.if(d.gte(a, b), d.text('on or after'), d.text('before')), record)).toBe('before');
    expect(over(d.if(d.eq(a, a), d.text('same'), d.text('differ')), record)).toBe('same');
    expect(over(d.min(a, b), record)).toBe('2024-02-29');
    expect(over(d.max(a, b), record)).toBe('2024-03-01');
    expect(over(d.min(a, b), { a: null, b: '2024-03-01' })).toBeNull();
    // Unknown takes the else, as every `if` does: a verdict puts its words in `then` branches.
    expect(over(d.if(d.lt(a, b), d.text('before')), { a: null, b: '2024-03-01' })).toBeNull();
    // The lesser of half the remaining life and ten years after the inspection (API 570 6.3).
    const next = d.min(d.addYears(a, d.div(d.field('years'), d.number(2))), d.addYears(a, d.number(10)));
    expect(over(next, { a: '2024-01-01', years: 30 })).toBe('2034-01-01');
    expect(over(next, { a: '2024-01-01', years: 5 })).toBe('2026-07-01');
  });

  it('refuses a date where a number goes, a number where a date goes, and a date compared with a number', () => {
    expect(valueKind(d.addYears(a, d.number(1)))).toBe('date');
    expect(valueKind(d.yearsBetween(a, b))).toBe('number');
    expect(() => valueKind(d.yearsBetween(d.field('x'), b))).toThrow(/yearsBetween needs dates/);
    expect(() => valueKind(d.addYears(d.field('x'), d.number(1)))).toThrow(/addYears needs dates/);
    expect(() => valueKind(d.addYears(a, b))).toThrow(/addYears needs numbers/);
    expect(() => valueKind(d.add(a, d.number(1)))).toThrow(/add needs numbers/);
    expect(() => valueKind(d.if(d.lt(a, d.number(1)), d.number(1)))).toThrow(/compares a date with a number/);
    expect(() => valueKind(d.max(a, d.number(1)))).toThrow(/compares a date with a number/);
    expect(() => valueKind(d.if(d.gt(a, b), a, d.number(1)))).toThrow(/numbers in some branches/);
  });
});

describe('a derived value that is a date, and reading through references', () => {
  const declare = (field: ReturnType<typeof f.date> | ReturnType<typeof f.number>, expr: Expr) =>
    defineEntity('dateProbe', {
      label: 'Date probe',
      module: 'thermal',
      fields: {
        thermalAnalysisId: f.ref('thermalAnalysis'),
        inspected: f.date(),
        stamped: f.datetime(),
        remainingLifeYears: f.number(),
        note: f.text(),
      },
      derived: { probe: { field, expr } },
    });

  it('is declared by its field: a date field for a date, and dates read from date fields only', () => {
    const nextDue = declare(
      f.date(),
      d.addYears(d.date('inspected'), d.div(d.field('remainingLifeYears'), d.number(2))),
    );
    expect(nextDue.derived.probe!.field.kind).toBe('date');
    expect(() => declare(f.date(), d.date('stamped'))).not.toThrow();
    expect(() => declare(f.number(), d.date('inspected'))).toThrow(/must give a number/);
    expect(() => declare(f.date(), d.yearsBetween(d.date('inspected'), d.date('stamped')))).toThrow(
      /must give a date/,
    );
    expect(() => declare(f.date(), d.date('note'))).toThrow(/not: note/);
    expect(() => declare(f.date(), d.date('remainingLifeYears'))).toThrow(/not: remainingLifeYears/);
  });

  it('follows references hop by hop to the equipment master, checked with the catalogue', () => {
    const probe = declare(
      f.number(),
      d.yearsBetween(d.date('thermalAnalysisId.reportHeaderId.actualStartDate'), d.date('inspected')),
    );
    expect(probe.readsThrough).toEqual([
      {
        key: 'thermalAnalysisId.reportHeaderId.actualStartDate',
        ref: 'thermalAnalysisId',
        hops: ['thermalAnalysisId', 'reportHeaderId'],
        field: 'actualStartDate',
        as: 'date',
      },
    ]);
    const all = (entity: ReturnType<typeof declare>) => ({ ...entities, dateProbe: entity });
    expect(() => checkReadsThrough(all(probe))).not.toThrow();
    // Through the report's equipment number (a `references` field) to the master's installation year.
    const installed = declare(
      f.number(),
      d.field('thermalAnalysisId.reportHeaderId.equipmentNo.yearInstalled'),
    );
    expect(() => checkReadsThrough(all(installed))).not.toThrow();
    // The last step must be a field of the kind read; every step before it a reference.
    expect(() =>
      checkReadsThrough(
        all(declare(f.number(), d.field('thermalAnalysisId.reportHeaderId.equipmentNo.description'))),
      ),
    ).toThrow(
      /reads thermalAnalysisId.reportHeaderId.equipmentNo.description, not a number field of equipment/,
    );
    expect(() =>
      checkReadsThrough(all(declare(f.number(), d.field('thermalAnalysisId.summary.yearInstalled')))),
    ).toThrow(/every step before the last must be a reference/);
    expect(() =>
      checkReadsThrough(
        all(declare(f.date(), d.date('thermalAnalysisId.reportHeaderId.equipmentNo.yearInstalled'))),
      ),
    ).toThrow(/not a date field of equipment/);
    // The first step is the record's own reference.
    expect(() => declare(f.number(), d.field('note.yearInstalled'))).toThrow(/not: note.yearInstalled/);
  });
});
