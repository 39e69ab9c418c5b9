import { drawnValue, entities } from '@inspectra/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { trendChartData } from './RowsTrend.tsx';
import type { Trend } from './RowsTrend.tsx';

const reading = (time: string, deltaTC: number | null) => ({
  time,
  values: { maxTemperatureC: 50, deltaTC },
});
const bounded = { limit: 60, more: false, points: 100, morePoints: false };

describe('the trend chart of a series', () => {
  it("draws the value the grade judges, with the grade's limits across", () => {
    const { value, bands } = drawnValue(entities.thermalMeasurement!, 'severity');
    expect(value).toBe('deltaTC');
    expect(bands.map((b) => [b.level, b.limit])).toEqual([
      ['repairImmediately', 15],
      ['repairAsTimePermits', 3],
      ['investigate', 1],
    ]);
  });

  it("draws the limits the trend answers for the report's case: an analysis's group and foundation", () => {
    const rows = entities.vibrationMeasurement!;
    // Before the answer, no case is known: no other case's limits are drawn.
    expect(drawnValue(rows, 'zone')).toEqual({ value: 'velocityRmsMmPerS', bands: [] });
    const answered: Trend = {
      series: [],
      bands: {
        velocityRmsMmPerS: [
          { limit: 4.5, when: 'gt', level: 'D' },
          { limit: 2.8, when: 'gt', level: 'C' },
          { limit: 1.4, when: 'gt', level: 'B' },
        ],
      },
      bounded,
    };
    expect(drawnValue(rows, 'zone', answered.bands).bands.map((b) => [b.level, b.limit])).toEqual([
      ['D', 4.5],
      ['C', 2.8],
      ['B', 1.4],
    ]);
  });

  it('puts each point on a date axis, a line per point, leaving out empty values', () => {
    const trend: Trend = {
      series: [
        {
          key: { component: 'R' },
          readings: [reading('2026-01-10', 5), reading('2026-02-10', null)],
          more: false,
        },
        {
          key: { component: 'S' },
          readings: [reading('2026-02-10', 1), reading('2026-03-10', 2)],
          more: false,
        },
      ],
      bounded,
    };
    expect(trendChartData(trend, 'deltaTC')).toEqual([
      { at: Date.UTC(2026, 0, 10), p0: 5 },
      { at: Date.UTC(2026, 1, 10), p1: 1 },
      { at: Date.UTC(2026, 2, 10), p1: 2 },
    ]);
  });

  it('says where the server stopped short, in both languages', () => {
    expect(i18n.getFixedT('en')('workspace.trendBounded', { count: 60 })).toBe(
      'Each point shows its latest 60 readings only; earlier ones are left out.',
    );
    expect(i18n.getFixedT('id')('workspace.trendMorePoints', { count: 100 })).toBe(
      'Hanya 100 titik pertama yang digambar; peralatan ini memiliki lebih banyak titik.',
    );
  });
});
