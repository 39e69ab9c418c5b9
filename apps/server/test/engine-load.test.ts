import http from 'node:http';
import type pg from 'pg';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countAhead } from '../src/engine/records.ts';
import { createThermalAnalysis, jpegBytes, multipart, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

/** Measurements straight into the table, as a bulk import would: `n` rows over 400 days. */
async function insertMeasurements(t: TestApp, analysisId: string, n: number, tag = 'BULK') {
  await t.db.execute(sql`insert into thermal_measurement
      (thermal_analysis_id, date, tag_number, max_temperature_c, reference_temperature_c)
    select ${analysisId}, date '2026-01-01' + (i % 400), ${tag} || '-' || i, 40 + i % 30, 35
    from generate_series(1, ${n}) i`);
}

const ids = (body: { data: { id: string }[] }) => body.data.map((m) => m.id);

describe('paging meta: an exact count up to a bound past the page, a lower bound beyond it', () => {
  let t: TestApp;
  let big: string;
  const rows = countAhead.list + 100;
  beforeAll(async () => {
    t = await startTestApp();
    big = (await createThermalAnalysis(t)).id;
    await insertMeasurements(t, big, rows);
    await t.database.maintain();
  });
  afterAll(() => t.close());
  const page = (pageNumber: number, pageSize = 20, analysis = big) =>
    t.call(
      'GET',
      `/api/thermal-measurements/by-thermal-analysis?thermalAnalysisId=${analysis}&pageNumber=${pageNumber}&pageSize=${pageSize}`,
    );

  it('has fresh planner statistics after a bulk write (PGlite has no autovacuum; the server keeps them)', async () => {
    const stats = await t.db.execute(
      sql`select reltuples::int as n from pg_class where relname = 'thermal_measurement'`,
    );
    expect(stats.rows[0]).toEqual({ n: rows });
  });

  it('says "at least" on page 1 of a list longer than the bound', async () => {
    const first = await page(1);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.meta).toEqual({
      pageNumber: 1,
      pageSize: 20,
      totalCount: countAhead.list,
      totalPages: countAhead.list / 20,
      totalCountExact: false,
    });
  });

  it('counts exactly once the end is within the bound, and pages neither overlap nor skip', async () => {
    const last = await page(Math.ceil(rows / 20));
    expect(last.body.meta).toMatchObject({ totalCount: rows, totalCountExact: true });
    expect(last.body.data).toHaveLength(rows % 20 || 20);
    const seen = new Set<string>();
    for (let p = 1; p <= Math.ceil(rows / 200); p++)
      for (const id of ids((await page(p, 200)).body)) seen.add(id);
    expect(seen.size).toBe(rows);
  });

  it('lists in order: newest date first', async () => {
    const dates = (await page(3, 50)).body.data.map((m: { date: string }) => m.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('answers a page past the end with no rows and the exact total', async () => {
    const past = await page(200);
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toMatchObject({
      totalCount: rows,
      totalCountExact: true,
      totalPages: Math.ceil(rows / 20),
    });
  });

  it('tells an empty analysis (200, nothing) from an unknown one (404)', async () => {
    const empty = (await createThermalAnalysis(t)).id;
    const none = await page(1, 20, empty);
    expect(none.status).toBe(200);
    expect(none.body.meta).toMatchObject({ totalCount: 0, totalCountExact: true, totalPages: 0 });
    const unknown = await page(1, 20, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
  });

  it('counts a search less far: 200 past the page, then a lower bound', async () => {
    const broad = await t.call('GET', `/api/thermal-measurements?search=BULK&pageSize=20`);
    expect(broad.body.meta).toMatchObject({ totalCount: countAhead.search, totalCountExact: false });
    const later = await t.call('GET', `/api/thermal-measurements?search=BULK&pageSize=20&pageNumber=50`);
    expect(later.body.meta).toMatchObject({ totalCount: rows, totalCountExact: true });
  });

  it('counts a search exactly when few match', async () => {
    const found = await t.call('GET', `/api/thermal-measurements?search=BULK-77&pageSize=50`);
    // BULK-77 and BULK-770 … BULK-779 (and BULK-77x beyond the rows there are none).
    expect(found.body.meta).toMatchObject({ totalCount: 11, totalCountExact: true });
  });

  it('shows images of listed records, read in the same statement', async () => {
    const a = await createThermalAnalysis(t);
    const form = multipart(
      { thermalAnalysisId: a.id, date: '2026-11-20', maxTemperatureC: '70', referenceTemperatureC: '40' },
      { thermalImage: { name: 'IR 0001.jpg', type: 'image/jpeg', bytes: jpegBytes } },
    );
    const m = (await t.call('POST', '/api/thermal-measurements', form)).body.data;
    const listed = await page(1, 20, a.id);
    expect(listed.body.data[0].id).toBe(m.id);
    expect(listed.body.data[0].thermalImage).toMatchObject({
      slot: 'thermalImage',
      url: expect.stringMatching(/^\/api\/files\//),
      createdAt: expect.stringMatching(/Z$/),
    });
    expect(listed.body.data[0].visualImage).toBeNull();
  });
});

describe('a request that waits too long, or whose client has gone', () => {
  let t: TestApp;
  let base: string;
  let analysis: string;
  const slots = () => t.database.db.$client.slots;
  /** Holds every connection for `seconds`, as a long transaction would (no statement to time out). */
  const holdDatabase = async (seconds: number) => {
    const held = await Promise.all(
      Array.from({ length: slots() }, () => (t.database.db.$client as pg.Pool).connect()),
    );
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        for (const client of held) client.release();
        resolve();
      }, seconds * 1000),
    );
  };
  beforeAll(async () => {
    t = await startTestApp({
      statementTimeoutMs: 1000,
      routes: (app) =>
        app.get('/api/test/slow', async () => {
          await t.db.execute(sql`select pg_sleep(3) -- slow route`);
          return { data: 'finished' };
        }),
    });
    analysis = (await createThermalAnalysis(t)).id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());
  const list = () =>
    t.call('GET', `/api/thermal-measurements/by-thermal-analysis?thermalAnalysisId=${analysis}`);

  it('answers 503 when the database stays busy past the bound, and serves the next call', async () => {
    const held = holdDatabase(1.5);
    await new Promise((r) => setTimeout(r, 50));
    const waited = await list();
    expect(waited.status).toBe(503);
    expect(waited.body).toMatchObject({
      data: null,
      error: { code: 'SERVICE_UNAVAILABLE' },
      message: 'The database is busy and did not answer in time. Try again in a moment.',
    });
    await held;
    expect((await list()).status).toBe(200);
  });

  it('stops a statement over the time limit on PostgreSQL (PGlite cannot interrupt one), and the connection stays usable', async () => {
    const slow = await t.call('GET', '/api/test/slow');
    if (t.database.kind === 'postgres') {
      expect(slow.status).toBe(503);
      expect(slow.body.message).toMatch(/took too long/);
    } else {
      expect(slow.status).toBe(200);
    }
    for (let i = 0; i < slots() + 1; i++) expect((await list()).status).toBe(200);
  });

  /** Sends a request over the network and hangs up after `ms`. */
  const abandon = (path: string, ms: number) =>
    new Promise<void>((resolve) => {
      const request = http.get(`${base}${path}`, {
        headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
      });
      request.on('error', () => resolve());
      setTimeout(() => {
        request.destroy();
        resolve();
      }, ms);
    });

  it('takes the work of a client that hung up out of the queue before it runs', async () => {
    const held = holdDatabase(0.6);
    await new Promise((r) => setTimeout(r, 50));
    const path = `/api/thermal-measurements/by-thermal-analysis?thermalAnalysisId=${analysis}`;
    await Promise.all([abandon(path, 100), abandon(path, 100), abandon(path, 100)]);
    await new Promise((r) => setTimeout(r, 50));
    expect(t.database.db.$client.queued).toBe(0);
    await held;
    expect((await list()).status).toBe(200);
  });

  it('cancels the running statement of a client that hung up on PostgreSQL, and the connection stays usable', async () => {
    if (t.database.kind !== 'postgres') return;
    const started = Date.now();
    await abandon('/api/test/slow', 150);
    // The 3 s statement is cancelled when its client goes, well before the 1 s time limit.
    await new Promise((r) => setTimeout(r, 400));
    const running = await t.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where query like '%-- slow route' and state = 'active'`,
    );
    expect(running.rows[0]).toEqual({ n: 0 });
    expect(Date.now() - started).toBeLessThan(1000);
    for (let i = 0; i < slots() + 1; i++) expect((await list()).status).toBe(200);
  });
});
