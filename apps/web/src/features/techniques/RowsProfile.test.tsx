import { flowrate, labelInSentence } from '@inspectra/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { drawnRows, profileChartProps } from './RowsProfile.tsx';

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

describe('a profile with blanks', () => {
  const profile = flowrate.workspace!.profile!;

  it('leaves out a row without a value, never drawing it at 0', () => {
    const rows = [
      { attemp: 2, flowrateGPM: 41 },
      { attemp: 1, flowrateGPM: null },
      { attemp: 3, flowrateGPM: 0 },
      { attemp: null, flowrateGPM: 40 },
    ];
    expect(drawnRows(profile, rows)).toEqual([
      { attemp: 2, flowrateGPM: 41 },
      { attemp: 3, flowrateGPM: 0 },
    ]);
    expect(drawnRows(profile, [{ attemp: 1, flowrateGPM: null }])).toEqual([]);
  });

  it('says in a sentence, from the field’s label, that nothing has a value yet', () => {
    const sentence = (language: string, label: string) =>
      i18n.getFixedT(language)('workspace.profileEmpty', { x: labelInSentence(label) });
    expect(sentence('en', 'Attempt')).toBe('No attempt has a value yet.');
    expect(sentence('id', 'Percobaan')).toBe('Belum ada percobaan yang memiliki nilai.');
    expect(sentence('en', 'KP')).toBe('No KP has a value yet.');
  });
});
