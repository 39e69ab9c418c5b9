import { describe, expect, it } from 'vitest';
import { profileChartProps } from './RowsProfile.tsx';

describe('the profile chart of the rows', () => {
  it('draws straight segments between the readings, never a curve through values nobody read', () => {
    expect(profileChartProps('en', false).curveType).toBe('linear');
    expect(profileChartProps('id', true).curveType).toBe('linear');
  });

  it('writes the numbers on both axes and in the tooltip in the reader’s language', () => {
    const id = profileChartProps('id', false);
    expect(id.xAxisProps.tickFormatter(0.5)).toBe('0,5');
    expect(id.yAxisProps.tickFormatter(-1200)).toBe('-1.200');
    expect(id.valueFormatter(-850.5)).toBe('-850,5');
    const en = profileChartProps('en', false);
    expect(en.xAxisProps.tickFormatter(0.5)).toBe('0.5');
    expect(en.yAxisProps.tickFormatter(-1200)).toBe('-1,200');
  });

  it('ticks whole numbers only along a counted axis', () => {
    expect(profileChartProps('en', true).xAxisProps.allowDecimals).toBe(false);
    expect(profileChartProps('en', false).xAxisProps.allowDecimals).toBe(true);
  });
});
