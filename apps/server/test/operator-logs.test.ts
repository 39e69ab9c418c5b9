import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type os from 'node:os';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureImportSlots, defaultImportWaitMs, withImportSlot } from '../src/engine/import-slots.ts';
import { loadConfig } from '../src/config.ts';
import { logFormatFor, prettyLine } from '../src/logging.ts';
import { lanAddresses, startBanner } from '../src/start-banner.ts';
import { MultipartForm, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

// What an operator reads in the log (docs/operations.md): one line a request; a client hanging up
// and a busy slot's 503 are no error; a real failure is one error line with its stack and the
// request's id. The test app logs into `entries`, as the server logs to stdout.

type Entry = Record<string, unknown> & { level: number; msg: string; reqId?: string };
const entries: Entry[] = [];
const destination = { write: (line: string) => void entries.push(JSON.parse(line) as Entry) };

let t: TestApp;
/** The held request has reached its handler; and then has finished failing after its client left. */
let reached: () => void;
const heldReached = new Promise<void>((resolve) => (reached = resolve));
let heldDone: () => void;
const heldFinished = new Promise<void>((resolve) => (heldDone = resolve));

beforeAll(async () => {
  t = await startTestApp({
    logger: { level: 'info', stream: destination },
    routes: (app) => {
      // A page's list whose tab is closed while the database is busy: the query runs after the client left.
      app.get('/test/held', async (_request, reply) => {
        reached();
        await new Promise((resolve) => reply.raw.once('close', resolve));
        try {
          return await t.db.execute(sql`select count(*) from equipment`);
        } finally {
          setTimeout(heldDone, 50);
        }
      });
      app.get('/test/broken', async () => {
        throw new Error('The disk is on fire');
      });
    },
  });
});
afterAll(async () => t?.close());
afterEach(() => configureImportSlots({ maxConcurrent: 2, waitMs: defaultImportWaitMs }));

const ofRequest = (reqId: unknown) => entries.filter((e) => e.reqId === reqId);
const errorLines = (lines: Entry[]) => lines.filter((e) => e.level >= 50);

describe('the server log', () => {
  it('says a request its client abandoned in one info line, without SQL or stack', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const client = http.get(`http://127.0.0.1:${port}/test/held`);
    client.on('error', () => {});
    await heldReached;
    client.destroy();
    await heldFinished;

    const abandoned = entries.find((e) => (e.request as { url?: string } | undefined)?.url === '/test/held');
    expect(abandoned).toMatchObject({ level: 30, request: { method: 'GET', abandoned: true } });
    expect(abandoned!.msg).toMatch(/^GET \/test\/held abandoned by its client after \d+ ms$/);
    const lines = ofRequest(abandoned!.reqId);
    expect(lines).toHaveLength(1);
    expect(errorLines(entries)).toEqual([]);
    expect(JSON.stringify(entries)).not.toMatch(/select count|"stack"/);
  });

  it("logs a busy import slot's 503 as a warning in its own words, without stack", async () => {
    configureImportSlots({ maxConcurrent: 1, waitMs: 100 });
    let letGo!: () => void;
    const held = withImportSlot(() => new Promise<void>((resolve) => (letGo = resolve)));
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Sheet').addRow(['Equipment number', 'Description']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const refused = await t.call(
      'POST',
      '/api/ndt-equipment-list/import',
      new MultipartForm({}, { file: { name: 'sheet.xlsx', type, bytes } }),
    );
    letGo();
    await held;
    expect(refused.status).toBe(503);

    const line = entries.find((e) => e.msg?.startsWith('POST /api/ndt-equipment-list/import 503'));
    expect(line).toMatchObject({ level: 30, request: { status: 503 } });
    const lines = ofRequest(line!.reqId);
    // The warning and the request's line: nothing at error level, no stack.
    expect(lines.map((e) => e.level)).toEqual([40, 30]);
    expect(lines[0]).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      msg: expect.stringMatching(/^Other spreadsheet imports/),
    });
    expect(JSON.stringify(lines)).not.toContain('"stack"');
    expect(errorLines(entries)).toEqual([]);
  });

  it('logs a 4xx in the request line alone', async () => {
    const missing = await t.call('GET', '/api/no-such-call');
    expect(missing.status).toBe(404);
    const line = entries.find((e) => e.msg?.startsWith('GET /api/no-such-call 404'));
    expect(ofRequest(line!.reqId)).toHaveLength(1);
  });

  it('says the cause under a 4xx in one warning line, without its stack', async () => {
    const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const bytes = Buffer.from('PK\x03\x04 this is not a workbook');
    const refused = await t.call(
      'POST',
      '/api/ndt-equipment-list/import',
      new MultipartForm({}, { file: { name: 'broken.xlsx', type, bytes } }),
    );
    expect(refused.status).toBe(400);
    const line = entries.find((e) => e.msg?.startsWith('POST /api/ndt-equipment-list/import 400'));
    const lines = ofRequest(line!.reqId);
    expect(lines.map((e) => e.level)).toEqual([40, 30]);
    expect(lines[0]).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'The file could not be read as an .xlsx workbook',
      cause: expect.any(String),
    });
    expect(JSON.stringify(lines)).not.toContain('"stack"');
    expect(errorLines(entries)).toEqual([]);
  });

  it("keeps a 5xx's stack once, under the request's id", async () => {
    const failed = await t.inject({ method: 'GET', url: '/test/broken' });
    expect(failed.statusCode).toBe(500);
    const [error, ...others] = errorLines(entries);
    expect(others).toEqual([]);
    expect(error).toMatchObject({ msg: 'request failed', err: { message: 'The disk is on fire' } });
    expect(error!.reqId).toEqual(expect.any(String));
    expect((error!.err as { stack: string }).stack).toContain('operator-logs.test.ts');
    // The request's own line follows, at info, under the same id.
    expect(ofRequest(error!.reqId).map((e) => [e.level, e.msg])).toEqual([
      [50, 'request failed'],
      [30, expect.stringMatching(/^GET \/test\/broken 500 \d+ ms$/)],
    ]);
    // Read on a terminal: one line, then the stack indented under it.
    const shown = prettyLine(error!);
    expect(shown).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} ERROR \[req-\w+\] request failed\n {4}Error: The disk is on fire\n/,
    );
  });
});

describe('the start banner', () => {
  const facts = {
    host: '127.0.0.1',
    port: 3000,
    dataDir: '/srv/inspectra/data',
    databaseUrl: undefined,
    adminPasswordFile: '/srv/inspectra/data/initial-admin-password',
    adminPasswordConfigured: false,
    lanAddresses: ['192.168.10.20'],
  };

  it('names the address, the data directory, the embedded database and the password file', () => {
    expect(startBanner(facts).lines).toEqual([
      'Inspectra is listening on http://127.0.0.1:3000',
      '  data directory: /srv/inspectra/data',
      '  database:       embedded (PGlite) in /srv/inspectra/data/db',
      '  files:          in /srv/inspectra/data/files',
      "  first administrator's password: in /srv/inspectra/data/initial-admin-password (change it after signing in, then delete the file)",
    ]);
  });

  it('adds the network addresses when listening on every address, and names PostgreSQL without its password', () => {
    const { lines, fields } = startBanner({
      ...facts,
      host: '0.0.0.0',
      databaseUrl: 'postgres://inspectra:s3cret-pass@db.plant.local:5432/inspectra',
      objectStorage: {
        bucket: 'inspectra-files',
        endpoint: 'https://key:s3cret-pass@minio.plant.local:9000/x',
      },
      adminPasswordFile: undefined,
      adminPasswordConfigured: true,
    });
    expect(lines).toEqual([
      'Inspectra is listening on http://127.0.0.1:3000',
      '  on the network: http://192.168.10.20:3000',
      '  data directory: /srv/inspectra/data',
      '  database:       PostgreSQL db.plant.local:5432/inspectra as inspectra',
      '  files:          bucket inspectra-files at https://minio.plant.local:9000',
      "  first administrator's password: the one set in ADMIN_PASSWORD",
    ]);
    expect(fields).toMatchObject({ networkUrls: ['http://192.168.10.20:3000'] });
    expect(JSON.stringify({ lines, fields })).not.toContain('s3cret');
  });

  it('finds the network addresses among the interfaces, leaving out loopback and IPv6', () => {
    const address = (a: string, family: 'IPv4' | 'IPv6', internal: boolean) =>
      ({ address: a, family, internal, netmask: '', mac: '', cidr: null }) as os.NetworkInterfaceInfo;
    expect(
      lanAddresses({
        lo: [address('127.0.0.1', 'IPv4', true)],
        eth0: [address('10.1.2.3', 'IPv4', false), address('fe80::1', 'IPv6', false)],
      }),
    ).toEqual(['10.1.2.3']);
  });
});

describe('LOG_FORMAT', () => {
  it('chooses readable lines on a terminal and JSON elsewhere unless set', () => {
    expect(logFormatFor(undefined, true)).toBe('pretty');
    expect(logFormatFor(undefined, false)).toBe('json');
    expect(logFormatFor('json', true)).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(
      'Invalid configuration: LOG_FORMAT must be pretty or json',
    );
  });
});
