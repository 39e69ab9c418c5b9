import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
const indexHtml = '<!doctype html><title>Inspectra</title><div id="root"></div>';

beforeAll(async () => {
  const webDir = await mkdtemp(path.join(os.tmpdir(), 'inspectra-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), indexHtml);
  await writeFile(path.join(webDir, 'assets', 'index-4f2a9c.js'), 'console.log("app")');
  await writeFile(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await startTestApp({ webDir });
});
afterAll(() => t.close());

describe('the web app beside the API', () => {
  it('serves index.html at / and at any screen path, revalidated on every load', async () => {
    for (const url of [
      '/',
      '/auth',
      '/auth/?code=401',
      '/reports/0b7e4f7e-2c1e-4b7c-9a8e-1d2f3a4b5c6d/thermal',
    ]) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(indexHtml);
    }
  });

  it('caches hashed assets for a year and serves other files revalidated', async () => {
    const asset = await t.inject({ method: 'GET', url: '/assets/index-4f2a9c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file with 404, not the app', async () => {
    const res = await t.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(res.statusCode).toBe(404);
  });

  it('leaves /api alone: an unknown call is the 404 envelope, not index.html', async () => {
    for (const url of ['/api/no-such-call', '/api']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ data: null, statusCode: 404, error: { code: 'NOT_FOUND' } });
    }
    const post = await t.inject({ method: 'POST', url: '/reports' });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('NOT_FOUND');
  });

  it('sends a content security policy that allows only the app’s own scripts', async () => {
    const res = await t.inject({ method: 'GET', url: '/' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('img-src');
    expect(csp).toMatch(/img-src[^;]*blob:/);
  });
});
