import { thermalAnalysis, thermalMeasurement } from '@inspectra/contract';
import { describe, expect, it } from 'vitest';
import { readerName } from './entity-labels.ts';

describe('a record’s name to a reader', () => {
  it('is its lead field: a measurement by its tag', () => {
    expect(readerName(thermalMeasurement, { tagNumber: 'PL-102-S03', maxTemperatureC: 44.9 })).toBe(
      'PL-102-S03',
    );
  });

  it('is cut at a word past 40 characters, so a summary names an analysis in a line', () => {
    const summary = 'Section 2 scanned at 80 % load (MX9AKM5QTN2GQ).';
    expect(readerName(thermalAnalysis, { summary })).toBe('Section 2 scanned at 80 % load…');
  });

  it('is nothing when the record holds nothing to read', () => {
    expect(readerName(thermalMeasurement, { tagNumber: '  ' })).toBeUndefined();
  });
});
