import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('answers health', async () => {
  const r = await t.inject({ method: 'GET', url: '/api/health' });
  expect(r.statusCode).toBe(200);
});
