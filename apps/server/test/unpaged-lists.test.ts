/**
 * No silent caps (docs/api-conventions.md, "Lists answered whole"): a list without paging answers
 * every matching row, read and sent in batches, up to `unpagedLimit`; past it the answer is a 400
 * that tells the caller to page, never a shorter list that looks whole.
 */
import { thermalMeasurement } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordScopes } from '../src/app.ts';
import { entityTables } from '../src/db/schema/index.ts';
import { entityScope, unscoped } from '../src/engine/record-scope.ts';
import { RecordRepository, unpagedBatch, unpagedLimit } from '../src/engine/records.ts';
import { createThermalAnalysis, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** `n` measurements of an analysis, written in one statement, numbered from 1 in `component`. */
async function seedMeasurements(analysisId: string, n: number) {
  await t.db.execute(sql`insert into thermal_measurement
      (thermal_analysis_id, date, component, max_temperature_c, reference_temperature_c, created_at)
    select ${analysisId}::uuid, date '2026-11-20', 'Lug ' || i, 40 + i % 50, 35,
      timestamptz '2026-11-20 08:00:00+00' + i * interval '1 second'
    from generate_series(1, ${n}) i`);
}

const list = (analysisId: string, extra = '') =>
  `/api/thermal-measurements/measurement-data-input?thermalAnalysisId=${analysisId}${extra}`;

describe('a list answered whole', () => {
  it('answers all 8,000 readings of an analysis, in list order, while the server holds a batch at a time', async () => {
    const analysis = await createThermalAnalysis(t);
    await seedMeasurements(analysis.id, 8000);
    const heap: number[] = [];
    const sampler = setInterval(() => heap.push(process.memoryUsage().heapUsed), 5);
    const before = process.memoryUsage().heapUsed;
    const r = await t.call('GET', list(analysis.id));
    clearInterval(sampler);
    expect(r.status).toBe(200);
    expect(r.body.statusCode).toBe(200);
    const rows = r.body.data as { id: string; component: string; createdAt: string }[];
    expect(rows).toHaveLength(8000);
    expect(new Set(rows.map((m) => m.id)).size).toBe(8000);
    // The declared order (newest first) holds across batches.
    const times = rows.map((m) => m.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const peakMiB = (Math.max(before, ...heap) - before) / 2 ** 20;
    const answerMiB = r.res.rawPayload.length / 2 ** 20;
    console.info(`8,000 rows: answer ${answerMiB.toFixed(1)} MiB, heap peak +${peakMiB.toFixed(1)} MiB`);
    // The answer itself is collected by the test's client in this process; the server's part is a batch.
    expect(peakMiB).toBeLessThan(answerMiB * 4 + 32);
  });

  it('is read in batches of at most the batch size, never the whole list at once', async () => {
    const analysis = await createThermalAnalysis(t);
    await seedMeasurements(analysis.id, unpagedBatch * 2 + 7);
    const repo = new RecordRepository(thermalMeasurement, entityTables.thermalMeasurement!, {
      scope: entityScope(recordScopes, thermalMeasurement),
    });
    const sizes: number[] = [];
    for await (const batch of await repo.every(t.db, {
      parentId: analysis.id,
      scope: unscoped('a test reads its own seeded rows'),
    }))
      sizes.push(batch.rows.length);
    expect(sizes).toEqual([unpagedBatch, unpagedBatch, 7]);
  });

  it(`refuses past ${unpagedLimit.toLocaleString('en')} rows with a 400 telling the caller to page, and pages`, async () => {
    const analysis = await createThermalAnalysis(t);
    await seedMeasurements(analysis.id, unpagedLimit + 1);
    const whole = await t.call('GET', list(analysis.id));
    expect(whole.status).toBe(400);
    expect(whole.body.data).toBeNull();
    expect(whole.body.message).toMatch(/more than 20,000 .* ask for it by page \(pageNumber and pageSize\)/);
    const page = await t.call('GET', list(analysis.id, '&pageNumber=3&pageSize=200'));
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(200);
    expect(page.body.meta).toMatchObject({ pageNumber: 3, pageSize: 200 });
    expect(page.body.data[0].component).toBe(`Lug ${unpagedLimit + 1 - 400}`);
  });
});
