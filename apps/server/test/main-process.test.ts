import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3rverCredentials, startLocalS3 } from './s3-server.ts';
import type { LocalS3 } from './s3-server.ts';
import { buildServerIfStale } from '../scripts/build-server.ts';
import { listeningUrl, runServer as run } from './server-process.ts';
import type { ServerProcess as Started } from './server-process.ts';

// The server as `npm start` runs it: built (when a source is newer than the build), then run by
// Node with the start script's flags, without a TypeScript loader.
beforeAll(() => buildServerIfStale(), 120_000);

describe('the server process', () => {
  let dataDir: string;
  let server: Started;
  let url: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'inspectra-main-'));
    server = run({ DATA_DIR: dataDir, PORT: '0' });
    url = await listeningUrl(server);
  }, 120_000);

  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates the administrator with a generated password kept in DATA_DIR (0600), and seeds the demo', async () => {
    const file = path.join(dataDir, 'initial-admin-password');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const password = (await readFile(file, 'utf8')).trim();
    expect(server.output()).toContain(password);

    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()).data;
    const auth = { authorization: `Bearer ${accessToken}` };
    // The demo: a refinery unit's asset master, and work across statuses and methods.
    const equipment = await (await fetch(`${url}/api/asset?pageSize=1`, { headers: auth })).json();
    expect(equipment.meta.totalCount).toBeGreaterThan(250);
    const all = await (await fetch(`${url}/api/report-headers`, { headers: auth })).json();
    expect(all.meta.totalCount).toBe(5);
    const reports = await (
      await fetch(`${url}/api/report-headers?search=RPT-TH-2026-0001`, { headers: auth })
    ).json();
    expect(reports.data[0].equipmentNo).toMatch(/^\d{8}$/);
    const analysis = await (
      await fetch(`${url}/api/thermal-analysis/by-report?reportHeaderId=${reports.data[0].id}`, {
        headers: auth,
      })
    ).json();
    const result = await (
      await fetch(`${url}/api/thermal-analysis/result?thermalAnalysisId=${analysis.data.id}`, {
        headers: auth,
      })
    ).json();
    expect(result.data.overallSeverity).toBe('repairImmediately');
    const image = result.data.actionRequired[0].thermalImage;
    const bytes = await fetch(`${url}${image.url}`, { headers: auth });
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('image/png');
    expect((await bytes.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('says where it listens, its data, its database and the password file once, in JSON when not on a terminal', async () => {
    await fetch(`${url}/api/health`);
    await new Promise((r) => setTimeout(r, 200));
    const entries = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const banner = entries.filter((e) => String(e.msg).startsWith('Inspectra is listening on'));
    expect(banner).toEqual([
      expect.objectContaining({
        level: 30,
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
        dataDir,
        database: `embedded (PGlite) in ${path.join(dataDir, 'db')}`,
        adminPasswordFile: path.join(dataDir, 'initial-admin-password'),
      }),
    ]);
    // One line a request: the health check's, and no separate "incoming request".
    expect(entries.filter((e) => String(e.msg).startsWith('GET /api/health 200'))).toHaveLength(1);
    expect(entries.some((e) => e.msg === 'incoming request' || e.msg === 'request completed')).toBe(false);
  });

  it('refuses a second process on the same DATA_DIR with a message naming it', async () => {
    const second = run({ DATA_DIR: dataDir, PORT: '0' });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`DATA_DIR ${dataDir} is in use by another Inspectra process`);
  });

  it('stops on SIGTERM after finishing, closing the database and releasing DATA_DIR', async () => {
    // A client gone quiet halfway through sending a request does not hold the stop for ever.
    const { port } = new URL(url);
    const stalled = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => stalled.once('connect', resolve));
    stalled.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n');
    stalled.write('Content-Length: 1000\r\n\r\n{"username":');
    stalled.on('error', () => undefined);
    await new Promise((r) => setTimeout(r, 200));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'inspectra.lock'))).toBe(false);
    expect(server.output()).toContain('Requests still in flight after 10 s: closing their connections');
  }, 45_000);
});

describe('configuration', () => {
  it.each([
    ['PORT', 'harbour', 'Invalid configuration: PORT must be a port number'],
    ['JWT_SECRET', 'too-short', 'Invalid configuration: JWT_SECRET must be at least 32 bytes long'],
    ['SEED_DEMO', 'maybe', 'Invalid configuration: SEED_DEMO'],
    [
      'PASSWORD_HASH_MEMORY_KIB',
      '512',
      'Invalid configuration: PASSWORD_HASH_MEMORY_KIB must be at least 1024',
    ],
    ['DATABASE_URL', 'mysql://x', 'Invalid configuration: DATABASE_URL must start with postgres://'],
    ['S3_BUCKET', 'Not_A_Bucket', 'Invalid configuration: S3_BUCKET must be a bucket name'],
    [
      'S3_ENDPOINT',
      'http://127.0.0.1:9000',
      'Invalid configuration: S3_BUCKET must be set when S3_ENDPOINT is',
    ],
  ])('stops with one line naming %s when it is invalid', async (name, value, message) => {
    const s = run({ [name]: value, DATA_DIR: path.join(os.tmpdir(), 'inspectra-never-created') });
    expect(await s.exited).toBe(1);
    const lines = s.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(message);
  });
});

describe('object storage', () => {
  let s3: LocalS3;
  let dataDir: string;
  beforeAll(async () => {
    s3 = await startLocalS3([]);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'inspectra-main-s3-'));
  });
  afterAll(async () => {
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stops with one line naming a bucket it cannot reach', async () => {
    const s = run({
      DATA_DIR: dataDir,
      PORT: '0',
      S3_BUCKET: 'inspection-photos',
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: s3rverCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3rverCredentials.secretAccessKey,
    });
    expect(await s.exited).toBe(1);
    // On Node 20 the AWS SDK warns once that its releases after January 2027 want Node 22
    // (docs/operations.md, "Node.js"); that warning aside, the stop is one line.
    const sdkWarning = /\(node:\d+\) Warning: NodeVersionSupportWarning[\s\S]*?--trace-warnings[^\n]*\n/;
    expect(s.output().replace(sdkWarning, '').trim().split('\n')).toEqual([
      `Inspectra could not start: The S3 bucket inspection-photos at ${s3.endpoint} cannot be reached: it does not exist`,
    ]);
    // Stopped before the database was made.
    expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
  });
});
