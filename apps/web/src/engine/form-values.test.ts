import { flowrateInspection, flowrateMeasurement, thermalMeasurement } from '@inspectra/contract';
import { describe, expect, it } from 'vitest';
import { blankNumbers } from './form-values.ts';

describe('a new record’s numbers nobody entered', () => {
  it('are sent blank (null), never left for SPEC’s 0, and only those of the class', () => {
    const pump = blankNumbers(flowrateInspection, 'rotating-equipment');
    expect(pump).toMatchObject({ flowrateBPD: null, flowrateGPM: null, dischargePressurePsi: null });
    expect(pump).not.toHaveProperty('percentControlValpeOpen');
    expect(blankNumbers(flowrateInspection, 'pipe')).toHaveProperty('percentControlValpeOpen', null);
    // An attempt's number is never empty; text and fields without a default are left out.
    expect(blankNumbers(flowrateMeasurement, 'rotating-equipment')).not.toHaveProperty('attemp');
    expect(blankNumbers(flowrateMeasurement, 'rotating-equipment')).not.toHaveProperty('remarks');
    expect(blankNumbers(thermalMeasurement, undefined)).toEqual({});
  });
});
