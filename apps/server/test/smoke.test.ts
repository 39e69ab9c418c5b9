import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('answers health in the envelope', async () => {
  const r = await t.inject({ method: 'GET', url: '/api/health' });
  expect(r.statusCode).toBe(200);
  expect(r.json()).toEqual({ data: { status: 'ok' }, statusCode: 200, message: 'OK' });
});

it('answers liveness while a heavy query runs: the database does not hold the event loop', async () => {
  const order: string[] = [];
  const heavy = t.db
    .execute(sql`select count(*) from generate_series(1, 3000000) a, generate_series(1, 2) b`)
    .then(() => order.push('heavy query'));
  // Let the query reach the database before asking.
  await new Promise((r) => setTimeout(r, 20));
  const live = await t.inject({ method: 'GET', url: '/api/health/live' });
  order.push('live');
  await heavy;
  expect(live.statusCode).toBe(200);
  expect(order).toEqual(['live', 'heavy query']);
});

it('answers readiness 503 while the database does not answer, and 200 again once it does', async () => {
  // Every connection busy for longer than readiness waits (2 s): the database does not answer.
  const busy = Array.from({ length: t.database.db.$client.slots }, () =>
    t.db.execute(sql`select pg_sleep(3)`).then(() => {}),
  );
  await new Promise((r) => setTimeout(r, 50));
  const stalled = await t.inject({ method: 'GET', url: '/api/health' });
  expect(stalled.statusCode).toBe(503);
  expect(stalled.json()).toMatchObject({
    data: null,
    error: { code: 'SERVICE_UNAVAILABLE' },
    message: expect.stringContaining('did not answer within 2 s'),
  });
  await Promise.all(busy);
  const ready = await t.inject({ method: 'GET', url: '/api/health' });
  expect(ready.statusCode).toBe(200);
});

it('answers an unknown call with 404 in the envelope', async () => {
  const r = await t.inject({ method: 'GET', url: '/api/no-such-call?x=1' });
  expect(r.statusCode).toBe(404);
  expect(r.json()).toMatchObject({ data: null, statusCode: 404, error: { code: 'NOT_FOUND' } });
});

it('serves the OpenAPI document generated from the route table', async () => {
  const r = await t.inject({ method: 'GET', url: '/api/docs/json' });
  expect(r.statusCode).toBe(200);
  const doc = r.json();
  expect(Object.keys(doc.paths)).toContain('/api/thermal-measurements/measurement-data-input');
  expect(
    doc.paths['/api/thermal-measurements'].put.parameters.map((p: { name: string }) => p.name),
  ).toContain('id');
  // A JSON-or-multipart call documents its JSON body, with the required fields of the entity.
  const body = doc.paths['/api/thermal-measurements'].post.requestBody.content['application/json'].schema;
  expect(body.required).toEqual(expect.arrayContaining(['thermalAnalysisId', 'date', 'maxTemperatureC']));
});
