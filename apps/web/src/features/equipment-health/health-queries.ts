import type { EquipmentHealth, EquipmentHealthMethod } from '@inspectra/contract';
import { techniqueOfMethod } from '@inspectra/contract';
import { callApi } from '../../api/calls.ts';
import { gradeStep } from '../techniques/LevelBadge.tsx';

/** Every health-card query starts with this. */
export const equipmentHealthKey = ['equipmentHealth'] as const;

export const equipmentHealthQuery = (equipmentNo: string) => ({
  queryKey: [...equipmentHealthKey, equipmentNo],
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (
      await callApi<EquipmentHealth>('GET /equipment-health/:equipmentNo', {
        params: { equipmentNo },
        signal,
      })
    ).data,
});

/**
 * A worst finding's place on the four-step scale every technique's grade is drawn on (LevelBadge's
 * `gradeStep`: 0 least severe, 3 most), so levels of different techniques share one axis; null when
 * the report has no graded finding or its method grades none.
 */
export function findingStep(method: string, level: string | null): number | null {
  const levels = techniqueOfMethod(method)?.findingGrade?.levels;
  if (!level || !levels) return null;
  const index = levels.indexOf(level);
  return index < 0 ? null : gradeStep(index, levels.length);
}

/** A calendar day as milliseconds in UTC: where a report sits on the time axis. */
export const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** One row of the timeline: a day, and per method (`m0`, `m1`…) the step of its report that day. */
export type TimelineRow = { at: number } & Record<string, number | null>;

/**
 * The methods' reports as the chart's rows, one per day a report was done, oldest first: each
 * method's column holds the step of its worst finding that day (the worst, where it has two), empty
 * on other days. Reports without a date or a graded finding are not drawn.
 */
export function timelineRows(methods: EquipmentHealthMethod[]): TimelineRow[] {
  const byDay = new Map<number, TimelineRow>();
  methods.forEach((method, i) => {
    for (const report of method.reports) {
      const step = findingStep(method.inspectionMethod, report.worstFinding);
      if (!report.date || step === null) continue;
      const at = dayOf(report.date);
      const row = byDay.get(at) ?? ({ at } as TimelineRow);
      row[`m${i}`] = Math.max(step, row[`m${i}`] ?? -1);
      byDay.set(at, row);
    }
  });
  return [...byDay.values()].sort((a, b) => a.at - b.at);
}

/** Whole days from a 'YYYY-MM-DD' day to `now` (0 on the day itself). */
export function daysSince(date: string, now: number): number {
  return Math.max(0, Math.floor((now - dayOf(date)) / 86_400_000));
}
