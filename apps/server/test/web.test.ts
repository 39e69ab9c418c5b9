import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createLocalFileStore } from '../src/storage/local-file-store.ts';
import { freshDatabase, jwtSecret, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
let webDir: string;
const indexHtml = '<!doctype html><title>Inspectra</title><div id="root"></div>';
const appJs = `console.log(${JSON.stringify('the app '.repeat(200))})`;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'inspectra-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), indexHtml);
  // What the build writes: each asset, and its brotli and gzip copies beside it.
  await writeFile(path.join(webDir, 'assets', 'index-4f2a9c.js'), appJs);
  await writeFile(path.join(webDir, 'assets', 'index-4f2a9c.js.br'), brotliCompressSync(appJs));
  await writeFile(path.join(webDir, 'assets', 'index-4f2a9c.js.gz'), gzipSync(appJs));
  // A small file the build leaves uncompressed.
  await writeFile(path.join(webDir, 'assets', 'tiny-77aa01.css'), 'a{}');
  await writeFile(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // Vite's manifest, read by the size budget's check and never served.
  await mkdir(path.join(webDir, '.vite'));
  await writeFile(
    path.join(webDir, '.vite', 'manifest.json'),
    '{"index.html":{"file":"assets/index-4f2a9c.js"}}',
  );
  t = await startTestApp({ webDir });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

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

  it("does not serve the build's dot folders (Vite's manifest names the source files)", async () => {
    const res = await t.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('index-4f2a9c');
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
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('img-src');
    expect(csp).toMatch(/img-src[^;]*blob:/);
  });

  it("lets the page ask for the device's position for its own origin only", async () => {
    for (const url of ['/', '/reports/1', '/api/health']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy'], url).toBe('geolocation=(self)');
    }
  });

  it('lets the page play its own blob: media (a video chosen, not yet saved) and nothing wider', async () => {
    for (const url of ['/', '/reports/1', '/api/health']) {
      const res = await t.inject({ method: 'GET', url });
      const csp = res.headers['content-security-policy'] as string;
      expect(
        csp.split(';').map((directive) => directive.trim()),
        url,
      ).toContain("media-src 'self' blob:");
    }
  });
});

describe('served over plain HTTP (the default: a tablet opening http://server:3000)', () => {
  it('never tells the browser to switch to HTTPS, on the page, its assets or the API', async () => {
    for (const url of ['/', '/auth', '/assets/index-4f2a9c.js', '/api/health', '/api/no-such-call']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).not.toContain('upgrade-insecure-requests');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
  });

  it('refuses framing in both headers alike', async () => {
    const res = await t.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('served over HTTPS (PUBLIC_URL=https://…, a TLS proxy in front)', () => {
  it('upgrades insecure requests and sends HSTS', async () => {
    // A copy of the run's migrated database (migrating one afresh took 10 s of PGlite a pass).
    const database = await freshDatabase();
    const filesDir = await mkdtemp(path.join(os.tmpdir(), 'inspectra-files-'));
    const app = await buildApp({
      database,
      files: await createLocalFileStore(filesDir),
      jwtSecret,
      maxUploadBytes: 1024 * 1024,
      webDir,
      servedOverHttps: true,
    });
    try {
      for (const url of ['/', '/assets/index-4f2a9c.js', '/api/health']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        const csp = res.headers['content-security-policy'] as string;
        expect(csp, url).toContain('upgrade-insecure-requests');
        expect(csp, url).toContain("frame-ancestors 'none'");
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
        expect(res.headers['x-frame-options'], url).toBe('DENY');
        expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      }
    } finally {
      await app.close();
      await database.close();
      await rm(filesDir, { recursive: true, force: true });
    }
  });

  it('takes HTTPS from PUBLIC_URL and refuses an address that is not http(s)', () => {
    expect(loadConfig({}).servedOverHttps).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://10.20.0.5:3000' }).servedOverHttps).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://inspectra.plant.example' }).servedOverHttps).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'HTTPS://Inspectra.Plant.Example/' }).servedOverHttps).toBe(true);
    for (const bad of ['inspectra.plant.example', 'ftp://inspectra.plant.example']) {
      expect(() => loadConfig({ PUBLIC_URL: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ PUBLIC_URL: bad })).toThrow(
        'Invalid configuration: PUBLIC_URL must be an http:// or https:// address',
      );
    }
  });
});

describe('precompressed files', () => {
  const asset = '/assets/index-4f2a9c.js';

  it('sends the brotli copy to a browser that accepts it, with the year-long cache kept', async () => {
    const res = await t.inject({
      method: 'GET',
      url: asset,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(appJs);
  });

  it('sends the gzip copy when brotli is not accepted, and the file itself when nothing is', async () => {
    const gz = await t.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(appJs);
    const plain = await t.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The plain answer varies by Accept-Encoding too, or a shared cache could hand it to every browser.
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(appJs);
  });

  it('sends a file without compressed copies as it is', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/assets/tiny-77aa01.css',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('a{}');
  });
});
