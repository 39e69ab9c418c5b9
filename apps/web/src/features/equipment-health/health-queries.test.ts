import type { EquipmentHealthMethod } from '@inspectra/contract';
import { describe, expect, it } from 'vitest';
import { daysSince, dayOf, findingStep, timelineRows } from './health-queries.ts';

const report = (date: string | null, worstFinding: string | null) => ({
  reportHeaderId: '00000000-0000-4000-8000-000000000000',
  reportNumber: 'RPT-1',
  status: 'approved',
  date,
  worstFinding,
});
const method = (inspectionMethod: string, reports: ReturnType<typeof report>[]): EquipmentHealthMethod => ({
  inspectionMethod,
  reportCount: reports.length,
  latest: reports.at(-1)!,
  reports,
});

describe('the health timeline', () => {
  it("puts every technique's levels on the badges' four-step scale", () => {
    // Thermal's four severities, vibration's four zones, lube oil's three grades.
    expect(
      ['normal', 'investigate', 'repairAsTimePermits', 'repairImmediately'].map((l) =>
        findingStep('thermal', l),
      ),
    ).toEqual([0, 1, 2, 3]);
    expect(['A', 'B', 'C', 'D'].map((l) => findingStep('vibration', l))).toEqual([0, 1, 2, 3]);
    expect(['normal', 'caution', 'critical'].map((l) => findingStep('lubeOil', l))).toEqual([0, 2, 3]);
    // No grade, an unknown level, a method no technique serves: no point.
    expect(findingStep('thermal', null)).toBeNull();
    expect(findingStep('thermal', 'hot')).toBeNull();
    expect(findingStep('noSuchMethod', 'A')).toBeNull();
  });

  it('gives one row per day, oldest first, each method in its own column, the worst of a day kept', () => {
    const rows = timelineRows([
      method('thermal', [report('2021-03-12', 'repairImmediately'), report('2025-03-11', 'investigate')]),
      method('vibration', [report('2021-03-12', 'A'), report('2021-03-12', 'C'), report(null, 'D')]),
      method('lubeOil', [report('2019-09-01', null), report('2023-09-04', 'caution')]),
    ]);
    expect(rows).toEqual([
      { at: dayOf('2021-03-12'), m0: 3, m1: 2 },
      { at: dayOf('2023-09-04'), m2: 2 },
      { at: dayOf('2025-03-11'), m0: 1 },
    ]);
  });

  it('counts whole days since a report', () => {
    expect(daysSince('2026-12-01', dayOf('2026-12-03') + 3_600_000)).toBe(2);
    expect(daysSince('2026-12-04', dayOf('2026-12-03'))).toBe(0);
  });
});
