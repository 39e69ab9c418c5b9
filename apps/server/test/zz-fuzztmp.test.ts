/**
 * Property-based robustness: every call of the route table, as the administrator, with arbitrary
 * query strings, path ids and bodies, answers a client error or success in the envelope — never a
 * 5xx, never a stack trace, SQL or a server path — and leaves existing records alone.
 */
import { routeBodyKind, routeSchemas, routeTable } from '@inspectra/contract';
import type { Field, RouteDefinition } from '@inspectra/contract';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../src/db/schema/index.ts';
import { imageMediaTypes } from '../src/storage/media-type.ts';
import {
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

const maxUploadBytes = 64 * 1024;
const numRuns = Number(process.env.FUZZ_RUNS ?? 15);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let t: TestApp;
/** Records made before fuzzing; no write may target them, and they must read back unchanged. */
let existing: { workOrder: any; reportHeader: any; analysis: any; measurement: any };
let protectedIds: Set<string>;
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
  snapshotBefore = await snapshot();
});
afterAll(() => t?.close());

const routes = routeTable as readonly RouteDefinition[];
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
  expect(stackTrace.test(raw), `stack trace in ${where}`).toBe(false);
  expect(serverPath.test(raw), `server path in ${where}`).toBe(false);
  // The file download is the one call that answers bytes; random ids never reach a file.
  if (route.path === '/files/:id' && res.statusCode === 200) return;
  let body: any;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new Error(`not JSON: ${where}`);
  }
  expect(String(res.headers['content-type']), where).toMatch(/^application\/json/);
  expect(body !== null && typeof body === 'object' && !Array.isArray(body), where).toBe(true);
  expect(body.statusCode, where).toBe(res.statusCode);
  expect(typeof body.message, where).toBe('string');
  expect(body.message.trim().length, where).toBeGreaterThan(0);
  expect('data' in body, where).toBe(true);
  const messages = [body.message];
  if (res.statusCode >= 400) {
    expect(body.data, where).toBeNull();
    expect(typeof body.error?.code, where).toBe('string');
    if (body.error.details !== undefined) {
      expect(Array.isArray(body.error.details), where).toBe(true);
      for (const d of body.error.details) messages.push(String(d.message));
    }
  }
  for (const m of messages) expect(sqlWords.test(m), `SQL in message of ${where}`).toBe(false);
}

async function sendAndCheck(
  route: RouteDefinition,
  req: { method: string; url: string; payload?: InjectOptions['payload']; headers?: Record<string, string>; bodyNote?: string },
) {
  const res = await t.inject({
    method: req.method as InjectOptions['method'],
    url: req.url,
    headers: { authorization: `Bearer ${t.adminTokens.accessToken}`, ...req.headers },
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
    { weight: 1, arbitrary: ids },
    { weight: 3, arbitrary: fc.string().map(pct) },
    { weight: 1, arbitrary: fc.constant('..%2F..%2Fetc') },
    { weight: 1, arbitrary: fc.constantFrom('not-a-uuid', '%00', '00000000-0000-0000-0000-000000000000', '..', '%2e%2e') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map(pct) },
    { weight: 1, arbitrary: fc.constantFrom(...rawQueryValues.filter((v) => !v.includes('&'))) },
  );

/** Ids a call may use: the existing records only when it reads, random UUIDs always. */
function idPool(route: RouteDefinition): fc.Arbitrary<string> {
  const known = isWrite(route) ? [] : [...protectedIds];
  return known.length ? fc.oneof(fc.uuid(), fc.constantFrom(...known)) : fc.uuid();
}

/** Ids that may appear in bodies as references (a new child of an existing record is fine). */
function refPool(): fc.Arbitrary<string> {
  return fc.oneof(fc.uuid(), fc.constantFrom(...protectedIds));
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
const rawQueryValues = ['%', '%zz', '%E0%A4%A', '%ED%A0%80', '%FF%FE', '%00', '%C0%AF', '+', '%2B%2B', 'a&b=c'];

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
        fc.constantFrom('', '   ', '\u0000', 'nul\u0000inside', '\ud800', '../../etc/passwd', "'; drop table x; --"),
        fc.constant('y'.repeat(field.maxLength)),
        fc.constant('y'.repeat(field.maxLength + 1)),
      );
      break;
    case 'number':
    case 'integer':
      typed = fc.oneof(
        fc.double(),
        fc.integer(),
        fc.constantFrom(0, -0, 1e308, -1e308, 2 ** 53, 2 ** 31, -(2 ** 31) - 1, 0.1, field.min ?? 0, field.max ?? 0),
        fc.constantFrom('1', '1e3', ''),
      );
      break;
    case 'date':
    case 'datetime':
      typed = fc.oneof(
        fc.constantFrom('2026-11-20', '2026-02-30', '2026-13-01', '0000-01-01', '0001-01-01', '9999-12-31', '2026-11-20T10:00:00Z', '20261120', ''),
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, field.kind === 'date' ? 10 : 24)),
      );
      break;
    case 'boolean':
      typed = fc.oneof(fc.boolean(), fc.constantFrom('true', 0, 1));
      break;
    case 'enum':
      typed = fc.oneof(fc.constantFrom(...field.values), fc.string());
      break;
    case 'ref':
      typed = fc.oneof(refPool(), fc.string(), fc.constant('00000000-0000-0000-0000-000000000000'));
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
  | { kind: 'multipart'; fields: Record<string, string>; files: Record<string, { name: string; type: string; bytes: Buffer }> };

function entityObjectArb(route: RouteDefinition): fc.Arbitrary<Record<string, unknown>> {
  const fields = bodyFields(route);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, field] of Object.entries(fields)) {
    record[key] = key === 'id' ? fc.oneof(fc.uuid(), fc.string(), fc.constant(null)) : fieldValueArb(field);
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
    a.filter((v) => JSON.stringify(v) !== undefined).map((v): Body => ({ kind: 'json', text: JSON.stringify(v) }));
  const fileArb = fc.oneof(
    fc.uint8Array({ maxLength: 2048 }).map((b) => ({ name: 'random.bin', type: 'application/octet-stream', bytes: Buffer.from(b) })),
    fc.constant({ name: '../../x.svg', type: 'image/svg+xml', bytes: svg }),
    fc.constant({ name: '../../x.svg', type: 'image/png', bytes: svgWithScript }),
    fc.constant({ name: '..\\..\\x.png', type: 'image/png', bytes: pngBytes }),
    fc.constant({ name: '/etc/passwd', type: 'image/jpeg', bytes: jpegBytes }),
    fc.constant({ name: 'big.png', type: 'image/png', bytes: Buffer.concat([pngBytes, Buffer.alloc(maxUploadBytes + 1)]) }),
    fc.string().map((name) => ({ name, type: 'image/png', bytes: pngBytes })),
  );
  const formValue = fc.oneof(
    fc.string(),
    fc.constantFrom('', 'null', '1', '2026-11-20', '\u0000', longString),
    refPool(),
  );
  const multipartArb = fc
    .record({
      fields: fc.dictionary(keyArb, formValue, { maxKeys: 8 }),
      // Entity field values that pass validation more often, so the file reaches the store.
      base: entityObjectArb(route),
      files: fc.dictionary(
        slots.length ? fc.oneof(fc.constantFrom(...slots), fc.string()) : fc.string(),
        fileArb,
        { maxKeys: 2 },
      ),
    })
    .map(({ fields, base, files }): Body => {
      const form: Record<string, string> = {};
      for (const [k, v] of Object.entries(base)) if (v !== undefined) form[k] = typeof v === 'string' ? v : JSON.stringify(v);
      Object.assign(form, fields);
      return { kind: 'multipart', fields: form, files };
    });
  const malformed = fc
    .oneof(
      fc.constantFrom('{', '{"a":', '[1,2', 'nul', '{"a":1}}', "{'a':1}", '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}', '\u0000', '\ufeff{}', '1e999999', `{"title":"${'x'.repeat(2_000_000)}"}`),
      fc.string(),
    )
    .map((text): Body => ({ kind: 'raw', text, contentType: 'application/json' }));
  const otherTypes = fc
    .record({ text: fc.string(), contentType: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/json; charset=utf-16', 'multipart/form-data', 'multipart/form-data; boundary=') })
    .map(({ text, contentType }): Body => ({ kind: 'raw', text, contentType }));
  return fc.oneof(
    { weight: 2, arbitrary: json(fc.jsonValue()) },
    { weight: 2, arbitrary: json(fc.object()) },
    { weight: 5, arbitrary: json(entityObjectArb(route)) },
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
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fc.string() }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'pageSize[]', 'id[0]', 'a.b') })
    : fc.oneof(fc.string(), fc.constantFrom('__proto__', 'id'));
  const part = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(key, valueArb(idPool(route)), fc.constant(false)) },
    { weight: 1, arbitrary: fc.tuple(key, fc.constantFrom(...rawQueryValues), fc.constant(true)) },
  );
  return fc.array(part, { maxLength: 6 });
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
      return { method: route.method, url, payload: body.text, headers: { 'content-type': 'application/json' }, bodyNote: body.text };
    case 'raw':
      return { method: route.method, url, payload: body.text, headers: { 'content-type': body.contentType }, bodyNote: `[${body.contentType}] ${JSON.stringify(body.text)}` };
    case 'multipart': {
      const m = multipart(body.fields, body.files);
      const note = `multipart fields=${JSON.stringify(body.fields)} files=${JSON.stringify(Object.fromEntries(Object.entries(body.files).map(([k, f]) => [k, { name: f.name, type: f.type, size: f.bytes.length }])))}`;
      return { method: route.method, url, payload: m.payload, headers: m.headers, bodyNote: note };
    }
  }
}

/** A fast-check that is not wildly wrong about bodies of GET (Fastify ignores them) and DELETE. */
function requestArb(route: RouteDefinition) {
  const hasBody = routeBodyKind(route) !== undefined || route.method === 'POST' || route.method === 'PUT';
  const ids = idPool(route);
  const pathId = pathIdArb(ids).filter((id) => !isWrite(route) || !protectedIds.has(safeDecode(id)));
  return fc.record({
    pathId: route.path.includes(':id') ? pathId : fc.constant(''),
    query: queryArb(route).filter((q) => !isWrite(route) || q.every(([, v]) => !protectedIds.has(v))),
    body: hasBody ? bodyArb(route) : fc.oneof({ weight: 4, arbitrary: fc.constant<Body>({ kind: 'none' }) }, { weight: 1, arbitrary: bodyArb(route) }),
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

describe('fuzzing every route as the administrator', () => {
  for (const route of routes) {
    it(`${label(route)} never fails on the server nor leaks`, { timeout: 45_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(requestArb(route), async ({ pathId, query, body }) => {
          // A write must never name a record made before fuzzing (random UUIDs never do).
          if (isWrite(route) && route.operation.kind === 'update' && body.kind === 'json') {
            const parsed = JSON.parse(body.text) as unknown;
            if (parsed && typeof parsed === 'object' && protectedIds.has((parsed as { id?: string }).id ?? '')) return;
          }
          const req = buildRequest(route, pathId, query, body);
          if (/\u0000|%00|\\u0000/.test(req.url + req.bodyNote) || /%00/i.test(req.url)) return;
          if (/\/(%|%E0%A4%A|%zz|%ED%A0%80|%FF%FE|%C0%AF|%00)($|\?)/.test(req.url)) return;
          if (Buffer.isBuffer((req as any).payload) && (req as any).payload.includes(0)) { /* multipart with nul field */ if ((req as any).bodyNote.includes('\\u0000')) return; }
          await sendAndCheck(route, req);
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
    const res = await sendAndCheck(find(method, path), { method, url, ...extra, bodyNote: extra.payload ?? '' });
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
    await expectStatus('GET', '/thermal-analysis/summary', `/api/thermal-analysis/summary?thermalAnalysisId=${unknown}`, 404);
    await expectStatus('GET', '/thermal-analysis/result', `/api/thermal-analysis/result?thermalAnalysisId=${unknown}`, 404);
    await expectStatus('GET', '/thermal-analysis/by-report', `/api/thermal-analysis/by-report?reportHeaderId=${unknown}`, 404);
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
    await expectStatus('GET', '/thermal-analysis/summary', '/api/thermal-analysis/summary?thermalAnalysisId=not-a-uuid', 400);
    await expectStatus('GET', '/thermal-analysis/by-report', '/api/thermal-analysis/by-report?reportHeaderId=not-a-uuid', 400);
  });

  it('refuses bodies that are not JSON objects with 400 on every write', async () => {
    const writes = routes.filter((r) => r.method === 'POST' || r.method === 'PUT');
    expect(writes.length).toBeGreaterThan(0);
    for (const r of writes) {
      const url = `/api${r.path.replace(':id', unknown)}${r.operation.kind === 'update' && r.operation.id === 'query' ? `?id=${unknown}` : ''}`;
      const json = { 'content-type': 'application/json' };
      for (const payload of ['[]', 'null', '"string"', '42', 'true', '{', '{"a":1,}']) {
        await expectStatus(r.method, r.path, url, 400, { payload, headers: json });
      }
      await expectStatus(r.method, r.path, url, 400, { payload: '', headers: json });
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

  it('keeps text with a NUL character and impossible dates from reaching the database as an error', async () => {
    const json = { 'content-type': 'application/json' };
    const post = (body: unknown) =>
      sendAndCheck(find('POST', '/work-order-spks'), {
        method: 'POST',
        url: '/api/work-order-spks',
        payload: JSON.stringify(body),
        headers: json,
        bodyNote: JSON.stringify(body),
      });
    await post({ woNumber: `WO-NUL-${Date.now()}`, title: 'a\u0000b' });
    await post({ woNumber: `WO-DATE-${Date.now()}`, title: 't', dateStart: '2026-02-30' });
    await post({ woNumber: `WO-Y0-${Date.now()}`, title: 't', dateStart: '0000-01-01' });
    await sendAndCheck(find('GET', '/work-order-spks'), {
      method: 'GET',
      url: `/api/work-order-spks?search=${encodeURIComponent('a\u0000b')}`,
      bodyNote: '',
    });
    await sendAndCheck(find('GET', '/work-order-spks'), {
      method: 'GET',
      url: `/api/work-order-spks?workType=${encodeURIComponent('\u0000')}`,
      bodyNote: '',
    });
    await sendAndCheck(find('GET', '/work-order-spks'), {
      method: 'GET',
      url: '/api/work-order-spks?dateStart=2026-02-30',
      bodyNote: '',
    });
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
      const res = await sendAndCheck(route, { method: 'POST', url: '/api/thermal-measurements', payload: m.payload, headers: m.headers, bodyNote: file.name });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    }
    const m = multipart(fields, { thermalImage: { name: '../../x.png', type: 'image/png', bytes: pngBytes } });
    const res = await sendAndCheck(route, { method: 'POST', url: '/api/thermal-measurements', payload: m.payload, headers: m.headers, bodyNote: 'png' });
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
      expect(row.displayName, JSON.stringify(row)).not.toMatch(/[/\\\u0000-\u001f]/);
      expect(row.size, JSON.stringify(row)).toBeLessThanOrEqual(maxUploadBytes);
    }
  });

  it('polluted no prototype', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });
});
