import { thermalMeasurement } from '@inspectra/contract';
import { describe, expect, it } from 'vitest';
import { describeColumns, fitColumns } from './column-fit.ts';

const columns = describeColumns(thermalMeasurement, [
  'tagNumber',
  'date',
  'component',
  { key: 'severity', priority: 1 },
  { key: 'deltaTC', priority: 2 },
  { key: 'maxTemperatureC', priority: 3 },
  { key: 'thermalImage', priority: 3 },
]);

describe('fitColumns', () => {
  it('gives each column a width by its kind and the first column priority 1', () => {
    expect(columns.map((c) => [c.key, c.priority, c.width])).toEqual([
      ['tagNumber', 1, 150],
      ['date', 2, 120],
      ['component', 2, 150],
      ['severity', 1, 150],
      ['deltaTC', 2, 110],
      ['maxTemperatureC', 3, 110],
      ['thermalImage', 3, 80],
    ]);
  });

  it('shows every column when there is room for all', () => {
    expect([...fitColumns(columns, 2000, 100)]).toHaveLength(7);
  });

  it('drops the least important columns first, from the right within one priority', () => {
    // 150 + 150 (priority 1) + 100 actions = 400; 120 (date) fits in 530, component does not.
    const shown = fitColumns(columns, 530, 100);
    expect([...shown].sort()).toEqual(['date', 'severity', 'tagNumber']);
    // Priority 2 is taken from the left while it fits: component (150) does not, deltaTC (110) still does.
    expect(fitColumns(columns, 640, 100).has('deltaTC')).toBe(true);
  });

  it('keeps the priority-1 columns even when they alone do not fit', () => {
    expect([...fitColumns(columns, 200, 100)].sort()).toEqual(['severity', 'tagNumber']);
  });

  it('shows everything while the width is not known yet', () => {
    expect(fitColumns(columns, 0)).toEqual(new Set(columns.map((c) => c.key)));
  });
});
