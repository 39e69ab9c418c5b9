import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createThermalAnalysis, createThermalMeasurement, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('prepared statements over a replaced connection', () => {
  it('lists again after the connection that prepared the list was closed', async () => {
    const analysis = await createThermalAnalysis(t);
    await createThermalMeasurement(t, analysis.id);
    const url = `/api/thermal-measurements/by-thermal-analysis?thermalAnalysisId=${analysis.id}`;
    expect((await t.call('GET', url)).status).toBe(200);
    // Close the pool's idle connections: a new one must not trip over statements the old one
    // prepared (on PGlite they live on in the one shared session).
    const pool = t.database.db.$client as pg.Pool;
    const held = await pool.connect();
    held.release(true);
    for (let i = 0; i < 3; i++) {
      const r = await t.call('GET', url);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toHaveLength(1);
    }
    expect((await t.call('GET', '/api/auth/profile')).status).toBe(200);
  });
});
