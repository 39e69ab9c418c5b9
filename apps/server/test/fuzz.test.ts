/**
 * Property-based robustness: every call of the route table, as the administrator, with arbitrary
 * query strings, path ids and bodies, answers a client error or success in the envelope — never a
 * 5xx, never a stack trace, SQL or a server path — and leaves existing records alone.
 */
import { imageMediaTypes, routeBodyKind, routeSchemas, routeTable } from '@inspectra/contract';
import type { Field, RouteDefinition } from '@inspectra/contract';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { attachments, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';

import {
  adminPassword,
  createReportHeader,
  createThermalAnalysis,
  createThermalMeasurement,
  createWorkOrder,
  jpegBytes,
  multipart,
  pngBytes,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { formatExample } from './entity-factory.ts';

const maxUploadBytes = 64 * 1024;
// A budget of requests for the whole route table, shared out evenly, rather than a number of runs
// per route: each technique adds routes, and the pass must stay inside CI's time. Every route gets
// at least 5 runs. The PostgreSQL pass (CI's second) checks the same server on the other database
// with a smaller budget, as what varies between them is the database's answers, not the inputs.
// Each run draws a new seed (printed with a failure; FUZZ_SEED replays it), so the inputs tried
// grow from run to run. FUZZ_RUNS fixes the runs per route instead.
const requestBudget = process.env.TEST_DATABASE_URL ? 2_400 : 6_000;
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let t: TestApp;
/** Records made before fuzzing; no write may target them, and they must read back unchanged. */
type Row = { id: string } & Record<string, unknown>;
let existing: { workOrder: Row; reportHeader: Row; analysis: Row; measurement: Row };
let protectedIds: Set<string>;
/** Records made for the fuzzer to write to (update, delete), so writes reach the database. */
let targetIds: Set<string>;
/** Ids by entity name: the protected record first, then the fuzz target. */
const idsByEntity = new Map<string, string[]>();
let snapshotBefore: unknown;

/** GETs of the records made in beforeAll, as the API returns them. */
async function snapshot() {
  const get = async (url: string) => {
    const r = await t.call('GET', url);
    expect(r.status, `${url}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body.data;
  };
  return {
    workOrder: await get(`/api/work-order-spks/${existing.workOrder.id}`),
    reportHeader: await get(`/api/report-headers?id=${existing.reportHeader.id}`),
    analysis: await get(`/api/thermal-analysis/by-report?reportHeaderId=${existing.reportHeader.id}`),
    measurement: await get(`/api/thermal-measurements/${existing.measurement.id}`),
  };
}

beforeAll(async () => {
  t = await startTestApp({ maxUploadBytes });
  const workOrder = await createWorkOrder(t);
  const reportHeader = await createReportHeader(t, { workOrderSPKId: workOrder.id });
  const analysis = await createThermalAnalysis(t, { reportHeaderId: reportHeader.id });
  const measurement = await createThermalMeasurement(t, analysis.id);
  existing = { workOrder, reportHeader, analysis, measurement };
  protectedIds = new Set([workOrder.id, reportHeader.id, analysis.id, measurement.id]);
  const wo2 = await createWorkOrder(t);
  const rh2 = await createReportHeader(t, { workOrderSPKId: wo2.id });
  const ta2 = await createThermalAnalysis(t, { reportHeaderId: rh2.id });
  const tm2 = await createThermalMeasurement(t, ta2.id);
  targetIds = new Set([wo2.id, rh2.id, ta2.id, tm2.id]);
  idsByEntity.set('workOrderSpk', [workOrder.id, wo2.id]);
  idsByEntity.set('reportHeader', [reportHeader.id, rh2.id]);
  idsByEntity.set('thermalAnalysis', [analysis.id, ta2.id]);
  idsByEntity.set('thermalMeasurement', [measurement.id, tm2.id]);
  snapshotBefore = await snapshot();
  const [admin] = await t.db.select().from(users).where(eq(users.username, 'admin'));
  await t.db.insert(users).values({
    username: sessionEnder.username,
    fullName: 'Second administrator',
    passwordHash: await hashPassword(adminPassword),
    roleId: admin!.roleId,
  });
});
afterAll(() => t?.close());

/**
 * Signing out everywhere ends every session of its caller: it is fuzzed as a second administrator,
 * signed in afresh for each request, so the administrator's session lives through the run.
 */
const sessionEnder = { username: 'second-admin' };
const endsSessions = (r: RouteDefinition) => r.method === 'POST' && r.path === '/auth/logout-all';
async function callerToken(route: RouteDefinition): Promise<string> {
  if (!endsSessions(route)) return t.adminTokens.accessToken;
  const res = await t.login(sessionEnder.username, adminPassword);
  return (res.json().data as { accessToken: string }).accessToken;
}

const routes = routeTable as readonly RouteDefinition[];
const numRuns = Number(process.env.FUZZ_RUNS ?? Math.max(5, Math.floor(requestBudget / routes.length)));
const label = (r: RouteDefinition) => `${r.method} ${r.path}`;
const isWrite = (r: RouteDefinition) => r.method !== 'GET';

// ---------------------------------------------------------------------------------------------
// What a response must never be

const stackTrace = /\bat\s+(?:[^\s()]+\s+\()?(?:file:\/\/)?[^\s()"]*(?:\.ts:\d|node:internal)/;
const serverPath = /\/work\/|\/tmp\/|node_modules/;
const sqlWords = /\b(select|insert into|update .* set|delete from)\b/i;

type Sent = { method: string; url: string; bodyNote: string };

function describeRequest(s: Sent) {
  const url = s.url.length > 300 ? `${s.url.slice(0, 300)}…(${s.url.length} chars)` : s.url;
  return `${s.method} ${url} body=${s.bodyNote.length > 300 ? `${s.bodyNote.slice(0, 300)}…` : s.bodyNote}`;
}

/** The invariants of every answer; throws with the request that broke them. */
function checkResponse(route: RouteDefinition, sent: Sent, res: LightMyRequestResponse) {
  const where = `${describeRequest(sent)} → ${res.statusCode} ${res.body.slice(0, 500)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  expect(res.statusCode, where).toBeGreaterThanOrEqual(200);
  const raw = res.body;
  // A report's PDF answers bytes (compressed streams, not text to search): a whole PDF document.
  if (String(res.headers['content-type']).startsWith('application/pdf') && res.statusCode === 200) {
    expect(raw.slice(0, 5), where).toBe('%PDF-');
    expect(raw.trimEnd().endsWith('%%EOF'), where).toBe(true);
    return;
  }
  expect(stackTrace.test(raw), `stack trace in ${where}`).toBe(false);
  expect(serverPath.test(raw), `server path in ${where}`).toBe(false);
  // The file download is the one call that answers bytes; random ids never reach a file.
  if (route.path === '/files/:id' && res.statusCode === 200) return;
  // So do the sheet exports: an .xlsx is a zip archive.
  const sheet = String(res.headers['content-type']).includes('spreadsheetml');
  if ((route.operation.kind === 'exportSheet' || sheet) && res.statusCode === 200) {
    expect(raw.slice(0, 2), where).toBe('PK');
    return;
  }
  let body: {
    statusCode?: unknown;
    message?: unknown;
    data?: unknown;
    error?: { code?: unknown; details?: { message?: unknown }[] };
  };
  try {
    body = JSON.parse(raw);
  } catch {
    throw new Error(`not JSON: ${where}`);
  }
  expect(String(res.headers['content-type']), where).toMatch(/^application\/json/);
  expect(body !== null && typeof body === 'object' && !Array.isArray(body), where).toBe(true);
  expect(body.statusCode, where).toBe(res.statusCode);
  expect(typeof body.message, where).toBe('string');
  const message = String(body.message);
  expect(message.trim().length, where).toBeGreaterThan(0);
  expect('data' in body, where).toBe(true);
  const messages = [message];
  if (res.statusCode >= 400) {
    expect(body.data, where).toBeNull();
    expect(typeof body.error?.code, where).toBe('string');
    const details = body.error?.details;
    if (details !== undefined) {
      expect(Array.isArray(details), where).toBe(true);
      for (const d of details) messages.push(String(d.message));
    }
  }
  for (const m of messages) expect(sqlWords.test(m), `SQL in message of ${where}`).toBe(false);
}

async function sendAndCheck(
  route: RouteDefinition,
  req: {
    method: string;
    url: string;
    payload?: InjectOptions['payload'];
    headers?: Record<string, string>;
    bodyNote?: string;
  },
) {
  const res = await t.inject({
    method: req.method as InjectOptions['method'],
    url: req.url,
    headers: { authorization: `Bearer ${await callerToken(route)}`, ...req.headers },
    ...(req.payload === undefined ? {} : { payload: req.payload }),
  });
  checkResponse(route, { method: req.method, url: req.url, bodyNote: req.bodyNote ?? '' }, res);
  return res;
}

// ---------------------------------------------------------------------------------------------
// Arbitraries

const longString = 'x'.repeat(10_000);
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
);

/** Query and form values: the kinds the brief names, plus control characters and unicode. */
const valueArb = (ids: fc.Arbitrary<string>) =>
  fc.oneof(
    fc.string(),
    fc.integer().map(String),
    fc.constant(''),
    fc.constant('1e9'),
    fc.constant('-1'),
    fc.constant('../../etc/passwd'),
    fc.uuid(),
    ids,
    fc.constant(longString),
    fc.constantFrom('0', '1', '200', '201', 'true', 'false', 'null', 'NaN', 'Infinity', '0x10', ' 1 ', '1.5'),
    fc.constantFrom('2026-11-20', '2026-02-30', '0000-01-01', '9999-12-31', '2026-11-20T10:00:00Z'),
    fc.constantFrom('%', '_', '\\', "' or 1=1 --", '\u0000', 'a\u0000b', '\ud800', '😀'),
    fc.string({ unit: 'binary', maxLength: 30 }),
  );

/** Path ids: UUIDs, arbitrary text, encoded traversal. */
const pathIdArb = (ids: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.uuid() },
    { weight: 5, arbitrary: ids },
    { weight: 3, arbitrary: fc.string().map(pct) },
    { weight: 1, arbitrary: fc.constant('..%2F..%2Fetc') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('not-a-uuid', '%00', '00000000-0000-0000-0000-000000000000', '..', '%2e%2e'),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map(pct) },
    { weight: 1, arbitrary: fc.constantFrom(...rawQueryValues.filter((v) => !v.includes('&'))) },
  );

/** Ids a call may use: the existing records only when it reads, random UUIDs always. */
function idPool(route: RouteDefinition): fc.Arbitrary<string> {
  const known = isWrite(route) ? [...targetIds] : [...protectedIds, ...targetIds];
  return fc.oneof(fc.uuid(), fc.constantFrom(...known));
}

/** Ids that may appear in bodies as references (a new child of an existing record is fine). */
function refPool(entity?: string): fc.Arbitrary<string> {
  const known = (entity && idsByEntity.get(entity)) || [...protectedIds, ...targetIds];
  return fc.oneof(fc.uuid(), fc.constantFrom(...known));
}

/** Percent-encodes the UTF-8 bytes of a string (a lone surrogate becomes U+FFFD); never throws. */
function pct(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Query values sent as they are: broken percent-escapes and invalid UTF-8. */
const rawQueryValues = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%FF%FE',
  '%00',
  '%C0%AF',
  '+',
  '%2B%2B',
  'a&b=c',
];

const jsonSafe = (v: unknown) => {
  try {
    JSON.stringify(v);
    return true;
  } catch {
    return false;
  }
};
const anyJson = fc.anything().filter(jsonSafe);

/** Plausible and implausible values of one declared field. */
function fieldValueArb(field: Field | undefined): fc.Arbitrary<unknown> {
  const generic = fc.oneof(anyJson, fc.jsonValue(), fc.constant(null), fc.constant(longString));
  if (!field) return generic;
  let typed: fc.Arbitrary<unknown>;
  switch (field.kind) {
    case 'text':
    case 'longText':
      typed = fc.oneof(
        fc.string(),
        fc.string({ unit: 'binary' }),
        fc.constantFrom(
          '',
          '   ',
          '\u0000',
          'nul\u0000inside',
          '\ud800',
          '../../etc/passwd',
          "'; drop table x; --",
        ),
        fc.constant('y'.repeat(field.maxLength)),
        fc.constant('y'.repeat(field.maxLength + 1)),
      );
      break;
    case 'number':
    case 'integer':
      typed = fc.oneof(
        fc.double(),
        fc.integer(),
        fc.constantFrom(
          0,
          -0,
          1e308,
          -1e308,
          2 ** 53,
          2 ** 31,
          -(2 ** 31) - 1,
          0.1,
          field.min ?? 0,
          field.max ?? 0,
        ),
        fc.constantFrom('1', '1e3', ''),
      );
      break;
    case 'date':
    case 'datetime':
      typed = fc.oneof(
        fc.constantFrom(
          '2026-11-20',
          '2026-02-30',
          '2026-13-01',
          '0000-01-01',
          '0001-01-01',
          '9999-12-31',
          '2026-11-20T10:00:00Z',
          '20261120',
          '',
        ),
        fc
          .date({ noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, field.kind === 'date' ? 10 : 24)),
      );
      break;
    case 'boolean':
      typed = fc.oneof(fc.boolean(), fc.constantFrom('true', 0, 1));
      break;
    case 'enum':
      typed = fc.oneof(fc.constantFrom(...field.values), fc.string());
      break;
    case 'ref':
      typed = fc.oneof(
        refPool(field.entity),
        fc.string(),
        fc.constant('00000000-0000-0000-0000-000000000000'),
      );
      break;
    case 'json':
      typed = fc.jsonValue();
      break;
  }
  return fc.oneof({ weight: 3, arbitrary: typed }, { weight: 1, arbitrary: generic });
}

/** The declared fields of a route's body with their field definitions (entity fields, or the action's keys). */
function bodyFields(route: RouteDefinition): Record<string, Field | undefined> {
  const op = route.operation;
  if (op.kind === 'create' || op.kind === 'update') {
    const fields: Record<string, Field | undefined> = { ...op.entity.fields };
    if (op.kind === 'update') {
      fields.version = { kind: 'integer', min: 1 };
      // An id in the body names the record to update: never one of the existing ones.
      if (op.id === 'body') fields.id = undefined;
    }
    for (const slot of Object.keys(op.entity.images)) fields[slot] = undefined;
    return fields;
  }
  const shape = routeSchemas(route).body;
  const keys = shape && 'shape' in shape ? Object.keys((shape as { shape: object }).shape) : [];
  return Object.fromEntries(keys.map((k) => [k, { kind: 'text', maxLength: 100 } as Field]));
}

type Body =
  | { kind: 'none' }
  | { kind: 'json'; text: string }
  | { kind: 'raw'; text: string; contentType: string }
  | {
      kind: 'multipart';
      fields: Record<string, string>;
      files: Record<string, { name: string; type: string; bytes: Buffer }>;
    };

/** A value the field accepts, so that bodies built from them pass validation and reach the database. */
function validFieldArb(field: Field, unique: boolean): fc.Arbitrary<unknown> {
  if (field.kind === 'text' && field.format) {
    const format = field.format;
    return fc.uuid().map((u) => formatExample(format, u));
  }
  switch (field.kind) {
    case 'text':
    case 'longText':
      return unique
        ? fc.uuid().map((u) => `FZ-${u}`.slice(0, field.maxLength))
        : fc
            .string({ minLength: 1, maxLength: Math.min(field.maxLength, 40) })
            .filter((x) => x.trim().length > 0);
    case 'number':
      return fc.double({
        min: field.min ?? -1e9,
        max: field.max ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'integer':
      return fc.integer({ min: field.min ?? -2_147_483_648, max: field.max ?? 2_147_483_647 });
    case 'date':
      return fc
        .date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2100-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString().slice(0, 10));
    case 'datetime':
      return fc.date({ noInvalidDate: true, min: new Date(0) }).map((d) => d.toISOString());
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...field.values);
    case 'ref':
      return fc.constantFrom(...(idsByEntity.get(field.entity) ?? [...protectedIds]));
    case 'json':
      return fc.jsonValue();
  }
}

/**
 * A body that is valid but for up to two fields: the entity's fields with accepted values (required
 * ones always present on create), then a few keys overwritten with anything.
 */
function nearValidArb(route: RouteDefinition): fc.Arbitrary<Record<string, unknown>> {
  const op = route.operation;
  if (op.kind !== 'create' && op.kind !== 'update') return entityObjectArb(route);
  const valid: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const [key, field] of Object.entries(op.entity.fields)) {
    valid[key] = validFieldArb(field, op.entity.unique.includes(key));
    if (op.kind === 'create' && field.required) required.push(key);
  }
  if (op.kind === 'update' && op.id === 'body') {
    // A record of the fuzzed ones where there are some (the first is kept as it was), else any id.
    const known = idsByEntity.get(op.entity.name)?.slice(1) ?? [];
    valid.id = known.length > 0 ? fc.oneof(fc.uuid(), fc.constantFrom(...known)) : fc.uuid();
    required.push('id');
  }
  const fields = bodyFields(route);
  const keys = Object.keys(fields);
  const mutation = fc.dictionary(
    fc.constantFrom(...keys.filter((k) => k !== 'id')),
    fc.constantFrom(...keys).chain((k) => fieldValueArb(fields[k])),
    { maxKeys: 2 },
  );
  return fc
    .tuple(fc.record(valid, { requiredKeys: required }), fc.oneof(fc.constant({}), mutation))
    .map(([base, changes]) => ({ ...base, ...changes }));
}

function entityObjectArb(route: RouteDefinition): fc.Arbitrary<Record<string, unknown>> {
  const fields = bodyFields(route);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, field] of Object.entries(fields)) {
    record[key] =
      key === 'id'
        ? fc.oneof(fc.uuid(), fc.string(), fc.constant(null), idPool(route))
        : fieldValueArb(field);
  }
  return fc.record(record, { requiredKeys: [] });
}

function bodyArb(route: RouteDefinition): fc.Arbitrary<Body> {
  const fields = bodyFields(route);
  const keys = Object.keys(fields);
  const keyArb = keys.length
    ? fc.oneof(fc.constantFrom(...keys), fc.string(), fc.constantFrom('__proto__', 'constructor', 'id'))
    : fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor'));
  const slots =
    route.operation.kind === 'create' || route.operation.kind === 'update'
      ? Object.keys(route.operation.entity.images)
      : [];
  const json = (a: fc.Arbitrary<unknown>) =>
    a
      .filter((v) => JSON.stringify(v) !== undefined)
      .map((v): Body => ({ kind: 'json', text: JSON.stringify(v) }));
  const fileArb = fc.oneof(
    fc
      .uint8Array({ maxLength: 2048 })
      .map((b) => ({ name: 'random.bin', type: 'application/octet-stream', bytes: Buffer.from(b) })),
    fc.constant({ name: '../../x.svg', type: 'image/svg+xml', bytes: svg }),
    fc.constant({ name: '../../x.svg', type: 'image/png', bytes: svgWithScript }),
    fc.constant({ name: '..\\..\\x.png', type: 'image/png', bytes: pngBytes }),
    fc.constant({ name: '/etc/passwd', type: 'image/jpeg', bytes: jpegBytes }),
    fc.constant({
      name: 'big.png',
      type: 'image/png',
      bytes: Buffer.concat([pngBytes, Buffer.alloc(maxUploadBytes + 1)]),
    }),
    fc.string().map((name) => ({ name, type: 'image/png', bytes: pngBytes })),
  );
  const formValue = fc.oneof(
    fc.string(),
    fc.constantFrom('', 'null', '1', '2026-11-20', '\u0000', longString),
    refPool(),
  );
  const multipartArb = fc
    .record({
      fields: fc.oneof(fc.constant({}), fc.dictionary(keyArb, formValue, { maxKeys: 4 })),
      // Entity field values that pass validation more often, so the file reaches the store.
      base: fc.oneof(nearValidArb(route), entityObjectArb(route)),
      files: fc.dictionary(
        slots.length ? fc.oneof(fc.constantFrom(...slots), fc.string()) : fc.string(),
        fileArb,
        { maxKeys: 2 },
      ),
    })
    .map(({ fields, base, files }): Body => {
      const form: Record<string, string> = {};
      for (const [k, v] of Object.entries(base))
        if (v !== undefined) form[k] = typeof v === 'string' ? v : JSON.stringify(v);
      Object.assign(form, fields);
      return { kind: 'multipart', fields: form, files };
    });
  const malformed = fc
    .oneof(
      fc.constantFrom(
        '{',
        '{"a":',
        '[1,2',
        'nul',
        '{"a":1}}',
        "{'a':1}",
        '{"__proto__":{"polluted":1}}',
        '{"constructor":{"prototype":{"polluted":1}}}',
        '\u0000',
        '\ufeff{}',
        '1e999999',
        `{"title":"${'x'.repeat(2_000_000)}"}`,
      ),
      fc.string(),
    )
    .map((text): Body => ({ kind: 'raw', text, contentType: 'application/json' }));
  const otherTypes = fc
    .record({
      text: fc.string(),
      contentType: fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'application/json; charset=utf-16',
        'multipart/form-data',
        'multipart/form-data; boundary=',
      ),
    })
    .map(({ text, contentType }): Body => ({ kind: 'raw', text, contentType }));
  return fc.oneof(
    { weight: 2, arbitrary: json(fc.jsonValue()) },
    { weight: 2, arbitrary: json(fc.object()) },
    { weight: 4, arbitrary: json(entityObjectArb(route)) },
    { weight: 6, arbitrary: json(nearValidArb(route)) },
    { weight: 2, arbitrary: json(fc.dictionary(keyArb, fieldValueArb(undefined), { maxKeys: 6 })) },
    { weight: 2, arbitrary: malformed },
    { weight: 1, arbitrary: otherTypes },
    { weight: 2, arbitrary: multipartArb },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  );
}

type QueryPart = [key: string, value: string, raw: boolean];

function queryArb(route: RouteDefinition): fc.Arbitrary<QueryPart[]> {
  const keys = Object.keys(routeSchemas(route).query?.shape ?? {});
  const key = keys.length
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...keys) },
        { weight: 1, arbitrary: fc.string() },
        { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'pageSize[]', 'id[0]', 'a.b') },
      )
    : fc.oneof(fc.string(), fc.constantFrom('__proto__', 'id'));
  const part = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(key, valueArb(idPool(route)), fc.constant(false)) },
    { weight: 1, arbitrary: fc.tuple(key, fc.constantFrom(...rawQueryValues), fc.constant(true)) },
  );
  // Mostly valid values for the declared parameters, so that calls get past validation.
  const known = isWrite(route) ? [...targetIds] : [...protectedIds, ...targetIds];
  const candidates = [...known, '1', '2', '10', '200', '2026-11-20', 'true', 'false', 'Phase', 'WO-'];
  const base = Object.entries(routeSchemas(route).query?.shape ?? {}).map(([k, schema]) => {
    const ok = candidates.filter((c) => schema.safeParse(c).success);
    const uuidOk = schema.safeParse('3f1c9c1e-5a7b-4c3d-9e8f-0a1b2c3d4e5f').success;
    const value = ok.length
      ? uuidOk
        ? fc.oneof(fc.constantFrom(...ok), fc.uuid())
        : fc.constantFrom(...ok)
      : fc.uuid();
    const required = !schema.safeParse(undefined).success;
    return fc
      .tuple(fc.integer({ min: 0, max: 9 }), value)
      .map(([roll, v]): QueryPart[] => (roll < (required ? 8 : 3) ? [[k, v, false]] : []));
  });
  return fc
    .tuple(fc.tuple(...base), fc.oneof(fc.constant([]), fc.array(part, { minLength: 1, maxLength: 6 })))
    .map(([b, extra]) => [...b.flat(), ...extra]);
}

/** A built request: the URL (path ids and query filled) and the body as injected. */
function buildRequest(route: RouteDefinition, pathId: string, query: QueryPart[], body: Body) {
  const path = route.path.replace(/:id\b/g, pathId);
  const qs = query.map(([k, v, raw]) => `${pct(k)}=${raw ? v : pct(v)}`).join('&');
  const url = `/api${path}${qs ? `?${qs}` : ''}`;
  switch (body.kind) {
    case 'none':
      return { method: route.method, url, bodyNote: '(none)' };
    case 'json':
      return {
        method: route.method,
        url,
        payload: body.text,
        headers: { 'content-type': 'application/json' },
        bodyNote: body.text,
      };
    case 'raw':
      return {
        method: route.method,
        url,
        payload: body.text,
        headers: { 'content-type': body.contentType },
        bodyNote: `[${body.contentType}] ${JSON.stringify(body.text)}`,
      };
    case 'multipart': {
      const m = multipart(body.fields, body.files);
      const note = `multipart fields=${JSON.stringify(body.fields)} files=${JSON.stringify(Object.fromEntries(Object.entries(body.files).map(([k, f]) => [k, { name: f.name, type: f.type, size: f.bytes.length }])))}`;
      return { method: route.method, url, payload: m.payload, headers: m.headers, bodyNote: note };
    }
  }
}

/**
 * One request for a route: path id, query and body. Calls without a body get one now and then; writes
 * never name a record made before fuzzing (the id pools hold none, and the filters make sure).
 */
function requestArb(route: RouteDefinition) {
  const hasBody = routeBodyKind(route) !== undefined || route.method === 'POST' || route.method === 'PUT';
  const ids = idPool(route);
  const pathId = pathIdArb(ids).filter((id) => !isWrite(route) || !protectedIds.has(safeDecode(id)));
  return fc.record({
    pathId: route.path.includes(':id') ? pathId : fc.constant(''),
    query: queryArb(route).filter((q) => !isWrite(route) || q.every(([, v]) => !protectedIds.has(v))),
    body: hasBody
      ? bodyArb(route)
      : fc.oneof(
          { weight: 4, arbitrary: fc.constant<Body>({ kind: 'none' }) },
          { weight: 1, arbitrary: bodyArb(route) },
        ),
  });
}

function safeDecode(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

// ---------------------------------------------------------------------------------------------

describe('the leak detectors', () => {
  it('recognise stack traces, server paths and SQL, and pass ordinary messages', () => {
    expect(stackTrace.test('Error: x\n    at readBody (/srv/app/src/engine/request-body.ts:12:3)')).toBe(
      true,
    );
    expect(
      stackTrace.test('    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)'),
    ).toBe(true);
    expect(stackTrace.test('    at file:///srv/app/src/app.ts:40:7')).toBe(true);
    expect(stackTrace.test('At most 200 characters; look at the form')).toBe(false);
    expect(serverPath.test('ENOENT: open /tmp/inspectra-files-x/ab')).toBe(true);
    expect(serverPath.test('/work/main/apps/server/node_modules/pg')).toBe(true);
    expect(sqlWords.test('Failed query: select "id" from "work_order_spk"')).toBe(true);
    expect(sqlWords.test('insert into "audit_log" values ($1)')).toBe(true);
    expect(sqlWords.test('update "report_header" set "title" = $1')).toBe(true);
    expect(sqlWords.test('Work order updated')).toBe(false);
    expect(sqlWords.test('Your role does not allow this (thermal: update)')).toBe(false);
  });
});

describe('fuzzing every route as the administrator', () => {
  for (const route of routes) {
    it(`${label(route)} never fails on the server nor leaks`, { timeout: 45_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(requestArb(route), async ({ pathId, query, body }) => {
          // A write must never name a record made before fuzzing (random UUIDs never do).
          if (isWrite(route) && route.operation.kind === 'update' && body.kind === 'json') {
            const parsed = JSON.parse(body.text) as unknown;
            if (
              parsed &&
              typeof parsed === 'object' &&
              protectedIds.has((parsed as { id?: string }).id ?? '')
            )
              return;
          }
          await sendAndCheck(route, buildRequest(route, pathId, query, body));
        }),
        { numRuns, ...(seed === undefined ? {} : { seed }), endOnFailure: false },
      );
    });
  }
});

describe('fixed regression cases', () => {
  const find = (method: string, path: string) => {
    const r = routes.find((x) => x.method === method && x.path === path);
    if (!r) throw new Error(`no route ${method} ${path}`);
    return r;
  };
  const expectStatus = async (
    method: string,
    path: string,
    url: string,
    status: number,
    extra: { payload?: string; headers?: Record<string, string> } = {},
  ) => {
    const res = await sendAndCheck(find(method, path), {
      method,
      url,
      ...extra,
      bodyNote: extra.payload ?? '',
    });
    expect(res.statusCode, `${method} ${url.slice(0, 200)}: ${res.body.slice(0, 300)}`).toBe(status);
    return res;
  };
  const unknown = '3f1c9c1e-5a7b-4c3d-9e8f-0a1b2c3d4e5f';

  it('refuses bad paging and oversized search with 400', async () => {
    for (const path of ['/work-order-spks', '/report-headers', '/thermal-measurements']) {
      await expectStatus('GET', path, `/api${path}?pageSize=0`, 400);
      await expectStatus('GET', path, `/api${path}?pageSize=1e9`, 400);
      await expectStatus('GET', path, `/api${path}?pageNumber=-1`, 400);
      await expectStatus('GET', path, `/api${path}?pageNumber=1.5`, 400);
      await expectStatus('GET', path, `/api${path}?pageSize=abc`, 400);
      await expectStatus('GET', path, `/api${path}?search=${'s'.repeat(10_000)}`, 400);
      await expectStatus('GET', path, `/api${path}?pageSize=1&pageSize=2`, 400);
      await expectStatus('GET', path, `/api${path}?pageNumber=1000000&pageSize=200`, 200);
      await expectStatus('GET', path, `/api${path}?search=${encodeURIComponent('%_\\')}`, 200);
    }
    await expectStatus(
      'GET',
      '/thermal-measurements/by-thermal-analysis',
      `/api/thermal-measurements/by-thermal-analysis?thermalAnalysisId=${existing.analysis.id}&pageSize=0`,
      400,
    );
  });

  it('answers 404 for unknown ids', async () => {
    await expectStatus('GET', '/work-order-spks/:id', `/api/work-order-spks/${unknown}`, 404);
    await expectStatus('GET', '/thermal-measurements/:id', `/api/thermal-measurements/${unknown}`, 404);
    await expectStatus('DELETE', '/work-order-spks/:id', `/api/work-order-spks/${unknown}`, 404);
    await expectStatus('DELETE', '/report-headers/:id', `/api/report-headers/${unknown}`, 404);
    await expectStatus('DELETE', '/thermal-measurements', `/api/thermal-measurements?id=${unknown}`, 404);
    await expectStatus('PUT', '/report-headers/:id', `/api/report-headers/${unknown}`, 404, {
      payload: JSON.stringify({ title: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    await expectStatus('PUT', '/thermal-measurements', `/api/thermal-measurements?id=${unknown}`, 404, {
      payload: JSON.stringify({ component: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    await expectStatus('PUT', '/thermal-analysis', '/api/thermal-analysis', 404, {
      payload: JSON.stringify({ id: unknown, summary: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    await expectStatus(
      'GET',
      '/thermal-analysis/summary',
      `/api/thermal-analysis/summary?thermalAnalysisId=${unknown}`,
      404,
    );
    await expectStatus(
      'GET',
      '/thermal-analysis/result',
      `/api/thermal-analysis/result?thermalAnalysisId=${unknown}`,
      404,
    );
    await expectStatus(
      'GET',
      '/thermal-analysis/by-report',
      `/api/thermal-analysis/by-report?reportHeaderId=${unknown}`,
      404,
    );
    await expectStatus(
      'GET',
      '/thermal-measurements/by-thermal-analysis',
      `/api/thermal-measurements/by-thermal-analysis?thermalAnalysisId=${unknown}`,
      404,
    );
    await expectStatus('GET', '/files/:id', `/api/files/${unknown}`, 404);
    // A reference to a record that does not exist is the caller's mistake, not the server's.
    await expectStatus('POST', '/report-headers', '/api/report-headers', 400, {
      payload: JSON.stringify({ workOrderSPKId: unknown, reportNumber: `RPT-${Date.now()}`, title: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
  });

  it('answers 400 for ids that are not UUIDs', async () => {
    await expectStatus('GET', '/work-order-spks/:id', '/api/work-order-spks/not-a-uuid', 400);
    await expectStatus('GET', '/thermal-measurements/:id', '/api/thermal-measurements/not-a-uuid', 400);
    await expectStatus('GET', '/files/:id', '/api/files/not-a-uuid', 400);
    await expectStatus('GET', '/report-headers', '/api/report-headers?id=not-a-uuid', 400);
    await expectStatus('GET', '/thermal-measurements', '/api/thermal-measurements?id=not-a-uuid', 400);
    await expectStatus('DELETE', '/thermal-measurements', '/api/thermal-measurements?id=not-a-uuid', 400);
    await expectStatus('DELETE', '/work-order-spks/:id', '/api/work-order-spks/not-a-uuid', 400);
    await expectStatus(
      'GET',
      '/thermal-analysis/summary',
      '/api/thermal-analysis/summary?thermalAnalysisId=not-a-uuid',
      400,
    );
    await expectStatus(
      'GET',
      '/thermal-analysis/by-report',
      '/api/thermal-analysis/by-report?reportHeaderId=not-a-uuid',
      400,
    );
  });

  it('refuses bodies that are not JSON objects with 400 on every write', { timeout: 90_000 }, async () => {
    const writes = routes.filter((r) => r.method === 'POST' || r.method === 'PUT');
    expect(writes.length).toBeGreaterThan(0);
    for (const r of writes) {
      const url = `/api${r.path.replace(':id', unknown)}${r.operation.kind === 'update' && r.operation.id === 'query' ? `?id=${unknown}` : ''}`;
      const json = { 'content-type': 'application/json' };
      // A call that takes only multipart refuses well-formed JSON as the wrong media type; JSON
      // that does not parse is a bad request before any call sees it.
      const refused = routeBodyKind(r) === 'multipart' ? 415 : 400;
      // A call whose body may be left out (`logout-all`) takes an empty one, or `null`, as none.
      const optional = r.operation.kind === 'action' && r.operation.body?.safeParse(undefined).success;
      for (const payload of ['[]', ...(optional ? [] : ['null']), '"string"', '42', 'true']) {
        await expectStatus(r.method, r.path, url, refused, { payload, headers: json });
      }
      for (const payload of ['{', '{"a":1,}', ...(optional ? [] : [''])]) {
        await expectStatus(r.method, r.path, url, 400, { payload, headers: json });
      }
      const proto = await sendAndCheck(r, {
        method: r.method,
        url,
        payload: '{"__proto__":{"polluted":true}}',
        headers: json,
        bodyNote: '__proto__',
      });
      expect(proto.statusCode).toBe(400);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  // A NUL character is valid JSON and valid percent-encoding, but PostgreSQL text cannot hold it
  // (SQLSTATE 22021). It must be refused as a client error, whichever way it arrives.
  const json = { 'content-type': 'application/json' };
  const post = (path: string, body: unknown) =>
    sendAndCheck(find('POST', path), {
      method: 'POST',
      url: `/api${path}`,
      payload: JSON.stringify(body),
      headers: json,
      bodyNote: JSON.stringify(body),
    });
  const get = (path: string, qs: string) =>
    sendAndCheck(find('GET', path), { method: 'GET', url: `/api${path}?${qs}`, bodyNote: '' });

  it('refuses a NUL character in a text field of a body as a client error', async () => {
    const res = await post('/work-order-spks', { woNumber: `WO-NUL-${Date.now()}`, title: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a NUL character in a text field of a multipart form as a client error', async () => {
    const m = multipart({
      thermalAnalysisId: existing.analysis.id,
      date: '2026-11-20',
      maxTemperatureC: '50',
      referenceTemperatureC: '40',
      component: 'a\u0000b',
    });
    const res = await sendAndCheck(find('POST', '/thermal-measurements'), {
      method: 'POST',
      url: '/api/thermal-measurements',
      payload: m.payload,
      headers: m.headers,
      bodyNote: 'multipart component=a\\u0000b',
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a NUL character in a query filter or search as a client error', async () => {
    await get('/work-order-spks', 'tagNumber=%00');
    await get('/work-order-spks', 'search=a%00b');
    await get('/report-headers', 'objectType=a%00');
    await get('/thermal-measurements', 'search=%00');
  });

  it('refuses a NUL character in a username at sign-in with 400', async () => {
    const res = await sendAndCheck(find('POST', '/auth/login'), {
      method: 'POST',
      url: '/api/auth/login',
      payload: JSON.stringify({ username: 'a\u0000', password: 'x' }),
      headers: json,
      bodyNote: '{"username":"a\\u0000","password":"x"}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses impossible dates as client errors', async () => {
    for (const date of ['2026-02-30', '2026-13-01', '0000-01-01']) {
      await post('/work-order-spks', { woNumber: `WO-D-${date}-${Date.now()}`, title: 't', dateStart: date });
      await get('/work-order-spks', `dateStart=${date}`);
      await get('/report-headers', `actualStartDate=${date}`);
      await get(
        '/thermal-measurements/measurement-data-input',
        `thermalAnalysisId=${existing.analysis.id}&date=${date}`,
      );
    }
  });

  it('answers a malformed percent-escape in a path in the error envelope', async () => {
    for (const [path, url] of [
      ['/work-order-spks/:id', '/api/work-order-spks/%'],
      ['/thermal-measurements/:id', '/api/thermal-measurements/%E0%A4%A'],
      ['/files/:id', '/api/files/%zz'],
    ] as const) {
      const res = await sendAndCheck(find('GET', path), { method: 'GET', url, bodyNote: '' });
      expect(res.statusCode).toBe(400);
    }
  });

  it('accepts broken escapes and invalid UTF-8 in a query string', async () => {
    await get('/work-order-spks', 'search=%');
    await get('/work-order-spks', 'search=%E0%A4%A');
    await get('/work-order-spks', 'search=%ED%A0%80');
    await get('/work-order-spks', 'search=%FF%FE');
  });

  it('refuses SVG and misnamed files, and never stores a path as a file name', async () => {
    const route = find('POST', '/thermal-measurements');
    const fields = {
      thermalAnalysisId: existing.analysis.id,
      date: '2026-11-20',
      maxTemperatureC: '50',
      referenceTemperatureC: '40',
    };
    for (const file of [
      { name: '../../x.svg', type: 'image/svg+xml', bytes: svg },
      { name: '../../x.png', type: 'image/png', bytes: svgWithScript },
    ]) {
      const m = multipart(fields, { thermalImage: file });
      const res = await sendAndCheck(route, {
        method: 'POST',
        url: '/api/thermal-measurements',
        payload: m.payload,
        headers: m.headers,
        bodyNote: file.name,
      });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    }
    const m = multipart(fields, {
      thermalImage: { name: '../../x.png', type: 'image/png', bytes: pngBytes },
    });
    const res = await sendAndCheck(route, {
      method: 'POST',
      url: '/api/thermal-measurements',
      payload: m.payload,
      headers: m.headers,
      bodyNote: 'png',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.thermalImage.displayName).toBe('x.png');
  });
});

describe('after fuzzing', () => {
  it('left the records made before fuzzing exactly as they were', async () => {
    expect(await snapshot()).toEqual(snapshotBefore);
  });

  it('stored only recognised image types under plain file names', async () => {
    const rows = await t.db.select().from(attachments);
    for (const row of rows) {
      expect(imageMediaTypes as readonly string[], JSON.stringify(row)).toContain(row.mediaType);
      expect(row.displayName, JSON.stringify(row)).not.toMatch(/[/\\]/);
      expect(
        [...row.displayName].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f'),
        JSON.stringify(row),
      ).toBe(false);
      expect(row.size, JSON.stringify(row)).toBeLessThanOrEqual(maxUploadBytes);
    }
  });

  it('polluted no prototype', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });
});
