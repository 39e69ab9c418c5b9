import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import type { Database } from '../src/db/client.ts';
import { throttleLimits } from '../src/modules/auth/login-throttle.ts';
import { sweepOrphanFiles } from '../src/modules/files/files.actions.ts';
import { createS3FileStore } from '../src/storage/s3-file-store.ts';
import type { FileStore } from '../src/storage/file-store.ts';
import { buildServerIfStale } from '../scripts/build-server.ts';
import { MultipartForm, multipart, pngBytes } from './helpers.ts';
import { s3rverCredentials, startLocalS3 } from './s3-server.ts';
import type { LocalS3 } from './s3-server.ts';
import { listeningUrl, runServer } from './server-process.ts';
import type { ServerProcess } from './server-process.ts';
import { onServer, withDatabase } from './template-database.ts';

/**
 * A site (docs/deployment.md): two server processes, started from the build as `npm start` starts
 * them, on one PostgreSQL database and one bucket (s3rver), behind nginx (Debian's package, run as a
 * child of this test with a generated configuration), round robin. Each claim is checked through
 * nginx and through each process directly. Needs a PostgreSQL server: TEST_POSTGRES_URL, which
 * scripts/test-passes.ts gives the PostgreSQL pass only, so the test runs once in `npm test`.
 */
const postgresUrl = process.env.TEST_POSTGRES_URL;
const skipReason =
  'needs a PostgreSQL server in TEST_POSTGRES_URL (scripts/test-passes.ts gives it to the PostgreSQL pass)';

const adminPassword = `Site-${randomUUID()}`;
const bucket = 'inspectra-site';

/** Debian's nginx; /usr/sbin is not on every user's PATH. */
const nginxBinary = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/** A TCP port nothing listens on now, chosen by the system. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** nginx's configuration: `origins` round robin, idempotent requests sent on when one fails. */
function nginxConfig(dir: string, port: number, origins: string[]): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${dir}/${name};`)
    .join('\n');
  // Run as root (CI), nginx's workers would drop to `nobody`, who cannot write the temp directory.
  const user = process.getuid?.() === 0 ? `user ${os.userInfo().username};\n` : '';
  return `${user}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
${temp}
  client_max_body_size 20m;
  upstream inspectra {
${origins.map((o) => `    server ${new URL(o).host} max_fails=1 fail_timeout=10s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://inspectra;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_next_upstream error timeout;
    }
  }
}
`;
}

type Answer = { status: number; body: { data?: Record<string, unknown>; error?: { code: string } } };

/** A JSON (or multipart) request to `origin`, answering status and parsed envelope. */
async function call(
  origin: string,
  method: string,
  url: string,
  o: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const form = o.body instanceof MultipartForm ? o.body : undefined;
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(form ? form.headers : o.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...o.headers,
    },
    body: form ? new Uint8Array(form.payload) : o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  // nginx's own answers (502) are HTML.
  const json = res.headers.get('content-type')?.startsWith('application/json');
  return { status: res.status, body: json ? ((await res.json()) as Answer['body']) : {} };
}

/** Signs in from `address` (the client address nginx forwards), answering the token pair. */
async function signIn(origin: string, username: string, password: string, address: string) {
  const res = await call(origin, 'POST', '/api/auth/login', {
    body: { username, password },
    headers: { 'x-forwarded-for': address },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { accessToken: string; refreshToken: string };
}

describe.skipIf(!postgresUrl)(
  `two processes behind nginx on one PostgreSQL and one bucket${postgresUrl ? '' : ` (skipped: ${skipReason})`}`,
  () => {
    const serverUrl = postgresUrl ?? '';
    const databaseName = `inspectra_site_${randomUUID().replace(/-/g, '')}`;
    let databaseUrl: string;
    let dir: string;
    let s3: LocalS3;
    let servers: ServerProcess[] = [];
    /** Each process's own address, and nginx's. */
    let direct: string[] = [];
    let site: string;
    let nginx: ChildProcess | undefined;
    let nginxLog = '';
    let database: Database;
    let token: string;

    beforeAll(async () => {
      const built = buildServerIfStale();
      dir = await mkdtemp(path.join(os.tmpdir(), 'inspectra-site-'));
      s3 = await startLocalS3([bucket]);
      await onServer(serverUrl, `create database ${databaseName}`);
      databaseUrl = withDatabase(serverUrl, databaseName);
      await built;
      // What every process of a site shares (docs/deployment.md): the database, the bucket, the
      // token secret and the report-signing key. Each has its own DATA_DIR.
      const shared = {
        DATABASE_URL: databaseUrl,
        S3_BUCKET: bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        AWS_ACCESS_KEY_ID: s3rverCredentials.accessKeyId,
        AWS_SECRET_ACCESS_KEY: s3rverCredentials.secretAccessKey,
        JWT_SECRET: randomUUID() + randomUUID(),
        REPORT_SIGNING_KEY: generateKeyPairSync('ed25519')
          .privateKey.export({ format: 'pem', type: 'pkcs8' })
          .toString(),
        TRUST_PROXY: '127.0.0.1',
        ADMIN_PASSWORD: adminPassword,
        SEED_DEMO: 'false',
        HOST: '127.0.0.1',
        PORT: '0',
      };
      // Both at once on the empty database: one migrates it and creates the administrator, the
      // other waits for it (the start's advisory lock) and finds both done.
      const starting = Date.now();
      servers = await Promise.all(
        ['a', 'b'].map(async (name) => {
          const dataDir = path.join(dir, name);
          await mkdir(dataDir);
          return runServer({ ...shared, DATA_DIR: dataDir });
        }),
      );
      // A start migrates an empty database, which on a busy machine takes a while.
      direct = await Promise.all(servers.map((s) => listeningUrl(s, 150_000)));
      console.log(`both processes listening ${Date.now() - starting} ms after they were started together`);

      const port = await freePort();
      const conf = path.join(dir, 'nginx.conf');
      await writeFile(conf, nginxConfig(dir, port, direct));
      nginx = spawn(nginxBinary, ['-c', conf, '-p', dir, '-e', path.join(dir, 'error.log')], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      nginx.stdout!.on('data', (d) => (nginxLog += d));
      nginx.stderr!.on('data', (d) => (nginxLog += d));
      site = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        const ok = await fetch(`${site}/api/health/live`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (i === 100 || nginx.exitCode !== null) throw new Error(`nginx did not start: ${nginxLog}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      database = await openDatabase({ url: databaseUrl, poolSize: 2 });
      token = (await signIn(site, 'admin', adminPassword, '10.1.0.1')).accessToken;
    }, 240_000);

    afterAll(async () => {
      nginx?.kill('SIGTERM');
      for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
      await Promise.all(servers.map((s) => s.exited));
      await database?.close();
      await s3?.close();
      await onServer(serverUrl, `drop database if exists ${databaseName} with (force)`);
      await rm(dir, { recursive: true, force: true });
    });

    it('migrates an empty database once and creates one administrator when both start together', async () => {
      const journal = JSON.parse(
        await readFile(new URL('../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
      ) as { entries: unknown[] };
      const applied = await database.db.execute<{ n: number; distinct: number }>(
        sql`select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
      );
      expect(applied.rows[0]).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
      const admins = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from user_account where username = 'admin'`,
      );
      expect(admins.rows[0]!.n).toBe(1);
      // Both serve: each process directly, and nginx in turn.
      for (const origin of [...direct, site, site])
        expect((await call(origin, 'GET', '/api/auth/profile', { token })).status).toBe(200);
    });

    it('keeps a session made through one process valid on the other, and ends it on both at sign-out', async () => {
      const [a, b] = direct as [string, string];
      const made = await signIn(a, 'admin', adminPassword, '10.1.0.1');
      expect((await call(b, 'GET', '/api/auth/profile', { token: made.accessToken })).status).toBe(200);
      expect((await call(site, 'GET', '/api/auth/profile', { token: made.accessToken })).status).toBe(200);
      const out = await call(b, 'POST', '/api/auth/logout', { body: { refreshToken: made.refreshToken } });
      expect(out.status).toBe(200);
      for (const origin of [a, b, site])
        expect((await call(origin, 'GET', '/api/auth/profile', { token: made.accessToken })).status).toBe(
          401,
        );
    });

    it('refuses on one process a refresh token rotated on the other, and ends the family', async () => {
      const [a, b] = direct as [string, string];
      const first = await signIn(site, 'admin', adminPassword, '10.1.0.1');
      const rotated = await call(a, 'POST', '/api/auth/refresh', {
        body: { refreshToken: first.refreshToken },
      });
      expect(rotated.status).toBe(200);
      const next = rotated.body.data as { accessToken: string; refreshToken: string };
      const replayed = await call(b, 'POST', '/api/auth/refresh', {
        body: { refreshToken: first.refreshToken },
      });
      expect(replayed.status).toBe(401);
      // The replay revoked the family: the winner's tokens are refused everywhere too.
      expect((await call(a, 'GET', '/api/auth/profile', { token: next.accessToken })).status).toBe(401);
      const again = await call(site, 'POST', '/api/auth/refresh', {
        body: { refreshToken: next.refreshToken },
      });
      expect(again.status).toBe(401);
    });

    it('counts failed sign-ins in the shared database: a limit reached across both processes holds on each', async () => {
      const [a, b] = direct as [string, string];
      const username = `nobody-${randomUUID().slice(0, 8)}`;
      const address = '10.2.0.7';
      const attempt = (origin: string) =>
        call(origin, 'POST', '/api/auth/login', {
          body: { username, password: 'not the password' },
          headers: { 'x-forwarded-for': address },
        });
      const counted = [];
      for (let i = 0; i < throttleLimits.pair; i++) counted.push((await attempt(i % 2 ? b : a)).status);
      expect(counted).toEqual(Array(throttleLimits.pair).fill(401));
      for (const origin of [a, b, site]) expect((await attempt(origin)).status).toBe(429);
      // Another address is not refused for this one's failures.
      const elsewhere = await call(site, 'POST', '/api/auth/login', {
        body: { username, password: 'not the password' },
        headers: { 'x-forwarded-for': '10.2.0.8' },
      });
      expect(elsewhere.status).toBe(401);
    });

    /** A thermal analysis on a new report, made through nginx. */
    async function thermalAnalysis(): Promise<string> {
      const id = randomUUID().slice(0, 8);
      const made = async (url: string, body: Record<string, unknown>) => {
        const res = await call(site, 'POST', url, { token, body });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body.data!;
      };
      const workOrder = await made('/api/work-order-spks', { woNumber: `WO-${id}`, title: 'Survey' });
      const equipment = await made('/api/asset', {
        equipmentNo: `EQ-${id}`,
        tagNumber: `LP-${id}`,
        description: 'Lighting panel',
        categoryCode: 'electrical',
        objectTypeCode: 'EL-PANEL',
      });
      const report = await made('/api/report-headers', {
        workOrderSPKId: workOrder.id,
        reportNumber: `RPT-${id}`,
        title: 'Panel',
        equipmentNo: equipment.equipmentNo,
        inspectionMethod: 'thermal',
      });
      return String((await made('/api/thermal-analysis', { reportHeaderId: report.id })).id);
    }

    it('serves an image uploaded through one process from the other, whole and by Range', async () => {
      const [a, b] = direct as [string, string];
      const form = multipart(
        {
          thermalAnalysisId: await thermalAnalysis(),
          date: '2026-11-20',
          maxTemperatureC: '50',
          referenceTemperatureC: '40',
        },
        { thermalImage: { name: 'IR 0001.png', type: 'image/png', bytes: pngBytes } },
      );
      const created = await call(a, 'POST', '/api/thermal-measurements', { token, body: form });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const { url } = created.body.data!.thermalImage as { url: string };
      for (const origin of [b, site, site]) {
        const part = await fetch(`${origin}${url}`, {
          headers: { authorization: `Bearer ${token}`, range: 'bytes=8-23' },
        });
        expect(part.status).toBe(206);
        expect(part.headers.get('content-range')).toBe(`bytes 8-23/${pngBytes.length}`);
        expect(Buffer.from(await part.arrayBuffer()).equals(pngBytes.subarray(8, 24))).toBe(true);
      }
      const whole = await fetch(`${b}${url}`, { headers: { authorization: `Bearer ${token}` } });
      expect(Buffer.from(await whole.arrayBuffer()).equals(pngBytes)).toBe(true);
    });

    it('runs the start and the file sweep one process at a time, and a sweep twice at once is safe', async () => {
      const other = await openDatabase({ url: databaseUrl, poolSize: 1 });
      try {
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        const holding = database.exclusively('file-sweep', () => held);
        await new Promise((r) => setTimeout(r, 200));
        expect(await other.exclusively('file-sweep', async () => 'ran', { wait: false })).toBeUndefined();
        const waited = other.exclusively('file-sweep', async () => 'ran');
        release();
        await holding;
        expect(await waited).toBe('ran');

        // Sweeps in two processes at once on one bucket: the orphan goes once, the image stays.
        const files: FileStore[] = await Promise.all(
          [0, 1].map(() => createS3FileStore(s3.storeOptions(bucket))),
        );
        // A photo left by a failed upload: a PNG no record points at.
        const orphan = await files[0]!.put(
          Readable.from([Buffer.concat([pngBytes, Buffer.from(randomUUID())])]),
          {
            maxBytes: 1024 * 1024,
            allowedMediaTypes: ['image/png'],
          },
        );
        const removed = await Promise.all([
          sweepOrphanFiles(database.db, files[0]!, 0),
          sweepOrphanFiles(other.db, files[1]!, 0),
        ]);
        // Each may count it (the second delete finds nothing to delete, which is no error).
        expect(removed.map((n) => n <= 1)).toEqual([true, true]);
        expect(removed[0]! + removed[1]!).toBeGreaterThanOrEqual(1);
        const kept: string[] = [];
        for await (const { key } of files[0]!.list()) kept.push(key);
        expect(kept).not.toContain(orphan.key);
        expect(kept.length).toBeGreaterThan(0);
      } finally {
        await other.close();
      }
    });

    it('imports one sheet through both processes at once: every row once, each process in its own slot', async () => {
      const [a, b] = direct as [string, string];
      const prefix = `IMP-${randomUUID().slice(0, 6)}`;
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Equipment');
      ws.addRow(['Equipment number', 'Tag number', 'Description', 'Category', 'Object type']);
      for (let i = 0; i < 300; i++)
        ws.addRow([`${prefix}-${i}`, `T-${prefix}-${i}`, 'Charge pump', 'rotating-equipment', 'RE-PUMP']);
      const bytes = Buffer.from(await wb.xlsx.writeBuffer());
      const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      const form = () => multipart({}, { file: { name: 'equipment.xlsx', type, bytes } });
      const both = await Promise.all(
        [a, b].map((origin) => call(origin, 'POST', '/api/asset/import', { token, body: form() })),
      );
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      const counts = both.map((r) => r.body.data as { created: number; updated: number });
      expect(counts[0]!.created + counts[1]!.created).toBe(300);
      expect(counts.map((c) => c.created + c.updated)).toEqual([300, 300]);
      const stored = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from equipment where equipment_no like ${`${prefix}-%`}`,
      );
      expect(stored.rows[0]!.n).toBe(300);
    });

    it('keeps every acknowledged write when one process is killed mid-request, and serves on through nginx', async () => {
      const [, b] = direct as [string, string];
      const prefix = `WO-K-${randomUUID().slice(0, 6)}`;
      const acknowledged: string[] = [];
      const refused: { woNumber: string; status: number }[] = [];
      const reads: number[] = [];
      let n = 0;
      let killed = false;
      const writer = async () => {
        for (let i = 0; i < 40; i++) {
          const woNumber = `${prefix}-${n++}`;
          const res = await call(site, 'POST', '/api/work-order-spks', {
            token,
            body: { woNumber, title: 'Survey' },
          }).catch(() => ({ status: 0 }) as Answer);
          if (res.status === 201) acknowledged.push(woNumber);
          else refused.push({ woNumber, status: res.status });
          if (i === 10 && !killed) {
            killed = true;
            servers[0]!.child.kill('SIGKILL');
          }
        }
      };
      const reader = async () => {
        for (let i = 0; i < 40; i++)
          reads.push((await call(site, 'GET', '/api/work-order-spks?pageSize=5', { token })).status);
      };
      await Promise.all([writer(), writer(), writer(), reader(), reader()]);
      expect(await servers[0]!.exited).toBeNull(); // killed by the signal
      // Reads in flight on the killed process were sent on to the other by nginx.
      expect(reads.filter((s) => s !== 200)).toEqual([]);
      // A write nginx could not deliver is answered 502 and never sent again (POST is not
      // idempotent); every write answered 201 is in the database.
      expect(refused.filter((r) => r.status !== 502)).toEqual([]);
      const stored = await database.db.execute<{ wo_number: string }>(
        sql`select wo_number from work_order_spk where wo_number like ${`${prefix}-%`}`,
      );
      const numbers = stored.rows.map((r) => r.wo_number);
      expect(numbers).toEqual(expect.arrayContaining(acknowledged));
      const storedUnanswered = refused.filter((r) => numbers.includes(r.woNumber)).length;
      // Sent again, such a write is created, or refused as a duplicate when it had been stored.
      for (const { woNumber } of refused) {
        const again = await call(site, 'POST', '/api/work-order-spks', {
          token,
          body: { woNumber, title: 'Survey' },
        });
        expect(again.status).toBe(numbers.includes(woNumber) ? 409 : 201);
      }
      expect(acknowledged.length).toBeGreaterThan(60);
      // The survivor serves directly too.
      expect((await call(b, 'GET', '/api/auth/profile', { token })).status).toBe(200);
      console.log(
        `killed mid-request: ${acknowledged.length} writes acknowledged and kept, ${refused.length} answered 502 (${storedUnanswered} of them stored), ${reads.length} reads all 200`,
      );
    });
  },
);
