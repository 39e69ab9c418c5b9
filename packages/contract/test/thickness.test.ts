import { describe, expect, it } from 'vitest';
import { assessThickness, evaluate, thicknessLimits, thicknessReadingChange } from '../src/index.ts';
import { thicknessSourceTechniques } from '../src/index.ts';

/** A location's inputs: its code and class, required thickness, and its first, previous and latest readings. */
function inputs(o: {
  readings: [string, number][];
  required?: number;
  code?: 'api570' | 'api510' | 'api653';
  inspectionClass?: number | null;
}) {
  const sorted = [...o.readings].sort(([a], [b]) => a.localeCompare(b));
  const first = sorted[0];
  const latest = sorted.at(-1);
  const previous = sorted.length > 1 ? sorted.at(-2) : undefined;
  return {
    requiredThicknessMm: o.required ?? 6.0,
    code: o.code ?? 'api570',
    inspectionClass: o.inspectionClass === undefined ? 1 : o.inspectionClass,
    firstDate: first?.[0] ?? null,
    firstThicknessMm: first?.[1] ?? null,
    previousDate: previous?.[0] ?? null,
    previousThicknessMm: previous?.[1] ?? null,
    latestDate: latest?.[0] ?? null,
    latestThicknessMm: latest?.[1] ?? null,
  };
}

const issuePipe: [string, number][] = [
  ['2016-01-15', 10.0],
  ['2021-01-15', 9.0],
  ['2026-01-15', 8.5],
];

describe('thickness assessment (API 570 §7.1.1, API 510 §7.1/§6.5, API 653 §6.3.3)', () => {
  it("works out the issue's pipe: LT 0.15, ST 0.10, 16.7 years, next January 2031 as class 1", () => {
    expect(assessThickness(inputs({ readings: issuePipe }))).toEqual({
      corrosionRateLongTermMmPerYear: 0.15,
      corrosionRateShortTermMmPerYear: 0.1,
      remainingLifeYears: 16.7,
      nextInspectionDate: '2031-01-15',
      projectedRequiredDate: '2042-09-15',
      status: 'ok',
      rateNote: null,
    });
  });

  it('as class 2 or 3, half the remaining life (8.3 years) comes before 10 years: May 2034', () => {
    for (const inspectionClass of [2, 3])
      expect(assessThickness(inputs({ readings: issuePipe, inspectionClass })).nextInspectionDate).toBe(
        '2034-05-15',
      );
  });

  it('class 4 has no maximum interval; a vessel caps at 10 years and a tank shell at 15', () => {
    const slow: [string, number][] = [
      ['2016-01-15', 10.0],
      ['2026-01-15', 9.9],
    ];
    // 0.01 mm/y over 3.9 mm: 390 years of life; class 4 takes half of it (195.0 years), the others their maximum.
    expect(assessThickness(inputs({ readings: slow, inspectionClass: 4 })).nextInspectionDate).toBe(
      '2221-01-24',
    );
    expect(
      assessThickness(inputs({ readings: slow, code: 'api510', inspectionClass: null })).nextInspectionDate,
    ).toBe('2036-01-15');
    expect(
      assessThickness(inputs({ readings: slow, code: 'api653', inspectionClass: null })).nextInspectionDate,
    ).toBe('2041-01-15');
    expect(thicknessLimits.classMaxYears).toEqual({ 1: 5, 2: 10, 3: 10 });
  });

  it('one reading: no rate and no life (a stated reason, never 0); the class maximum from its date', () => {
    expect(assessThickness(inputs({ readings: [['2026-01-15', 8.5]] }))).toMatchObject({
      corrosionRateLongTermMmPerYear: null,
      corrosionRateShortTermMmPerYear: null,
      remainingLifeYears: null,
      nextInspectionDate: '2031-01-15',
      status: 'ok',
      rateNote: 'oneReading',
    });
  });

  it('no reading: nothing, and the reason', () => {
    expect(assessThickness(inputs({ readings: [] }))).toMatchObject({
      status: null,
      nextInspectionDate: null,
      rateNote: 'noReadings',
    });
  });

  it('a negative rate (growth) is reported and not used for life', () => {
    const a = assessThickness(
      inputs({
        readings: [
          ['2016-01-15', 10.0],
          ['2021-01-15', 8.0],
          ['2026-01-15', 8.5],
        ],
      }),
    );
    expect(a).toMatchObject({
      corrosionRateLongTermMmPerYear: 0.15,
      corrosionRateShortTermMmPerYear: -0.1,
      remainingLifeYears: 16.7,
      rateNote: 'growthNotUsed',
    });
    const grown = assessThickness(
      inputs({
        readings: [
          ['2016-01-15', 8.0],
          ['2026-01-15', 8.5],
        ],
      }),
    );
    expect(grown).toMatchObject({
      remainingLifeYears: null,
      rateNote: 'noMetalLoss',
      nextInspectionDate: '2031-01-15',
    });
  });

  it('status at its edges: at required below; at required × 1.10 approaching, above it ok; under 2 years approaching', () => {
    const one = (t: number) => assessThickness(inputs({ readings: [['2025-01-15', t]] })).status;
    expect(one(5.99)).toBe('belowRequired');
    expect(one(6.0)).toBe('belowRequired');
    expect(one(6.6)).toBe('approaching');
    expect(one(6.61)).toBe('ok');
    const life = (latest: number) =>
      assessThickness(
        inputs({
          readings: [
            ['2015-01-15', 10.0],
            ['2025-01-15', latest],
          ],
          required: 5.0,
        }),
      );
    // Loss (10 − latest) over 10.0 years; life (latest − 5) ÷ rate: 2 years at latest ≈ 5.83.
    expect(life(5.8).status).toBe('approaching');
    expect(life(5.8).remainingLifeYears).toBeLessThan(2);
    expect(life(5.9).status).toBe('ok');
    expect(life(5.9).remainingLifeYears).toBeGreaterThanOrEqual(2);
  });

  it('below required: no life left, the next inspection is the latest reading’s day', () => {
    expect(
      assessThickness(
        inputs({
          readings: [
            ['2020-01-15', 7.0],
            ['2025-01-15', 5.5],
          ],
        }),
      ),
    ).toMatchObject({ status: 'belowRequired', remainingLifeYears: 0, nextInspectionDate: '2025-01-15' });
  });
});

describe("a reading's change from the one before it (thicknessReadingChange)", () => {
  const change = (reading: [string, number], previous?: [string, number]) =>
    Object.fromEntries(
      Object.entries(thicknessReadingChange).map(([key, expr]) => [
        key,
        evaluate(expr, {
          date: reading[0],
          thicknessMm: reading[1],
          previousDate: previous?.[0] ?? null,
          previousThicknessMm: previous?.[1] ?? null,
        }),
      ]),
    );

  it("answers the issue's readings: −1.0 mm at 0.20 mm/y, then −0.5 mm at 0.10 mm/y; the first none", () => {
    expect(change(['2016-01-15', 10])).toEqual({ changeMm: null, rateMmPerYear: null });
    expect(change(['2021-01-15', 9], ['2016-01-15', 10])).toEqual({ changeMm: -1, rateMmPerYear: 0.2 });
    expect(change(['2026-01-15', 8.5], ['2021-01-15', 9])).toEqual({ changeMm: -0.5, rateMmPerYear: 0.1 });
  });

  it('reads growth as a positive change and a negative rate', () => {
    expect(change(['2024-01-15', 9.3], ['2021-01-15', 9])).toEqual({ changeMm: 0.3, rateMmPerYear: -0.1 });
  });
});

describe('the techniques whose records measure a wall (thicknessSource)', () => {
  it('are UFD, SRUT and PAUT, each naming a number in mm of its records', () => {
    expect(
      thicknessSourceTechniques.map((t) => [
        t.method,
        t.thicknessSource!.entity.name,
        t.thicknessSource!.field,
      ]),
    ).toEqual([
      ['ufd', 'ufdInspection', 'matThickness'],
      ['paut', 'pautSummary', 'minimumWallThickness'],
      ['srut', 'srutSummary', 'remainingWall'],
    ]);
  });
});
