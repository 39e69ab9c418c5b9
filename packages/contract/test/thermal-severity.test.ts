import { describe, expect, it } from 'vitest';
import { deriveValue, thermalDeltaT, thermalMeasurement, thermalSeverity } from '../src/index.ts';

describe('thermal severity (NETA ΔT priorities)', () => {
  it.each([
    [-5, 'normal'],
    [0.9, 'normal'],
    [1, 'investigate'],
    [3, 'investigate'],
    [3.1, 'repairAsTimePermits'],
    [4, 'repairAsTimePermits'],
    [15, 'repairAsTimePermits'],
    [15.1, 'repairImmediately'],
    [80, 'repairImmediately'],
  ] as const)('ΔT %s °C is %s', (deltaT, severity) => {
    expect(thermalSeverity(deltaT)).toBe(severity);
  });

  it('rounds ΔT to 0.1 °C before classifying', () => {
    expect(thermalDeltaT(43.04, 40)).toBe(3);
    expect(thermalSeverity(thermalDeltaT(43.04, 40))).toBe('investigate');
  });

  it('derives ΔT and severity on the response schema of a measurement', () => {
    expect(
      deriveValue(thermalMeasurement.derived.severity!, {
        maxTemperatureC: 96.4,
        referenceTemperatureC: 41.2,
      }),
    ).toBe('repairImmediately');
    expect(Object.keys(thermalMeasurement.schemas.response.shape)).toEqual(
      expect.arrayContaining(['deltaTC', 'severity', 'thermalImage', 'visualImage', 'version']),
    );
  });

  it('requires date and temperatures on create, and accepts a partial update', () => {
    const create = thermalMeasurement.schemas.create.safeParse({ thermalAnalysisId: crypto.randomUUID() });
    expect(create.success).toBe(false);
    expect(thermalMeasurement.schemas.update.safeParse({ remarks: 'ok', version: 2 }).success).toBe(true);
    expect(thermalMeasurement.schemas.update.safeParse({ remarks: 'a\u0000b' }).success).toBe(false);
  });
});
