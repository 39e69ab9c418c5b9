import { deriveValue, thermalMeasurement } from '@inspectra/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableOf } from '../src/db/schema/index.ts';
import { derivedSql } from '../src/engine/derived-sql.ts';
import { createThermalAnalysis, createThermalMeasurement, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('a derived value declared once', () => {
  it('is the same per record and in SQL, at and around every band edge', async () => {
    const analysis = await createThermalAnalysis(t);
    // ΔT at, just below and just above each threshold, with the float sums that round either way.
    const deltas = [
      -0.05, 0, 0.94, 0.95, 0.96, 1, 2.96, 3, 3.04, 3.05, 3.06, 4, 14.95, 15, 15.04, 15.05, 15.06, 40,
    ];
    for (const [i, delta] of deltas.entries()) {
      await createThermalMeasurement(t, analysis.id, {
        maxTemperatureC: 30.1 + delta,
        referenceTemperatureC: 30.1,
        tagNumber: `EDGE-${i}`,
      });
    }
    const m = tableOf(thermalMeasurement);
    const rows = await t.db
      .select({
        max: m.maxTemperatureC,
        ref: m.referenceTemperatureC,
        deltaTC: derivedSql(thermalMeasurement, 'deltaTC', m),
        severity: derivedSql(thermalMeasurement, 'severity', m),
      })
      .from(m)
      .where(eq(m.thermalAnalysisId, analysis.id));
    expect(rows).toHaveLength(deltas.length);
    for (const row of rows) {
      const record = { maxTemperatureC: Number(row.max), referenceTemperatureC: Number(row.ref) };
      expect(Number(row.deltaTC)).toBe(deriveValue(thermalMeasurement.derived.deltaTC!, record));
      expect(row.severity).toBe(deriveValue(thermalMeasurement.derived.severity!, record));
    }
  });
});
