/**
 * Searches too short for the trigram indexes (docs/api-conventions.md, "Search"): a one- or
 * two-character term looks through the newest 10,000 records of the list and says so, instead of
 * reading the whole table; and a search pages through its first 10,000 matches at most.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchDepth, shortSearchWalk } from '../src/engine/records.ts';
import { createThermalAnalysis, createWorkOrder, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
let analysisId: string;
beforeAll(async () => {
  t = await startTestApp();
  analysisId = (await createThermalAnalysis(t)).id;
  // 40 old readings of a rare component, then as many newer ones as a short search looks through.
  await t.db.execute(sql`insert into thermal_measurement
      (thermal_analysis_id, date, component, max_temperature_c, reference_temperature_c, created_at)
    select ${analysisId}::uuid, date '2026-11-20',
      case when i <= 40 then 'Qz bushing ' || i else 'Lug ' || i end, 50, 40,
      timestamptz '2026-11-20 08:00:00+00' + i * interval '1 second'
    from generate_series(1, ${shortSearchWalk + 40}) i`);
});
afterAll(() => t?.close());

const search = (term: string, extra = '&pageSize=20') =>
  t.call('GET', `/api/thermal-measurements?search=${encodeURIComponent(term)}${extra}`);

describe('a short search', () => {
  it('looks through the newest records only, and says how many, when the list holds more', async () => {
    const r = await search('qz');
    expect(r.status).toBe(200);
    // The 40 matches are older than the newest the walk reads: not found, and the answer says why.
    expect(r.body.data).toEqual([]);
    expect(r.body.meta).toMatchObject({
      totalCount: 0,
      totalCountExact: false,
      searchLimitedTo: shortSearchWalk,
    });
    const found = await search('g 1');
    expect(found.body.meta.searchLimitedTo).toBeUndefined();
    // A term of one character matches among the newest, newest first.
    const one = await search('9');
    expect(one.status).toBe(200);
    expect(one.body.data[0].component).toBe(`Lug ${shortSearchWalk + 39}`);
    expect(one.body.meta.searchLimitedTo).toBe(shortSearchWalk);
  });

  it('of three characters or more searches every record by its trigram index', async () => {
    const r = await search('qz b', '&pageSize=50');
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(40);
    expect(r.body.meta).toMatchObject({ totalCount: 40, totalCountExact: true });
    expect(r.body.meta.searchLimitedTo).toBeUndefined();
  });

  it('looks through everything of a list shorter than the walk, and counts exactly', async () => {
    // A term no random work-order number can contain (`unique` is base 36): only these two match.
    for (const title of ['Q# survey 1', 'Q# survey 2', 'Other survey']) await createWorkOrder(t, { title });
    const r = await t.call('GET', '/api/work-order-spks?search=q%23&pageSize=20');
    expect(r.status).toBe(200);
    expect(r.body.data.map((w: { title: string }) => w.title).sort()).toEqual(['Q# survey 1', 'Q# survey 2']);
    expect(r.body.meta).toMatchObject({ totalCount: 2, totalCountExact: true });
    expect(r.body.meta.searchLimitedTo).toBeUndefined();
    // A full first page is counted by a walk of its own, a page past it from the count too.
    for (const pageNumber of [1, 2, 3]) {
      const paged = await t.call(
        'GET',
        `/api/work-order-spks?search=q%23&pageSize=1&pageNumber=${pageNumber}`,
      );
      expect(paged.status).toBe(200);
      expect(paged.body.data).toHaveLength(pageNumber <= 2 ? 1 : 0);
      expect(paged.body.meta).toMatchObject({ totalCount: 2, totalCountExact: true });
    }
  });
});

describe('a search', () => {
  it(`pages through its first ${searchDepth.toLocaleString('en')} matches, and asks to be narrowed past them`, async () => {
    const last = await search('lug', `&pageSize=20&pageNumber=${searchDepth / 20}`);
    expect(last.status).toBe(200);
    const deeper = await search('lug', `&pageSize=20&pageNumber=${searchDepth / 20 + 1}`);
    expect(deeper.status).toBe(400);
    expect(deeper.body.message).toMatch(/first 10,000 matches: narrow it/);
    expect(deeper.body.error.details[0].path).toBe('pageNumber');
  });
});
