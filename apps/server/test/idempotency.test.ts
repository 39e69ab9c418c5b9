import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { BodyFingerprint, multipartDelimiter } from '../src/engine/idempotency/body-fingerprint.ts';
import { sweepKeys } from '../src/engine/idempotency/kept-answers.ts';
import {
  createThermalAnalysis,
  createUser,
  multipart,
  pngBytes,
  startTestApp,
  type TestApp,
} from './helpers.ts';

/**
 * Writes a device can send twice (docs/offline-capture.md): `Idempotency-Key` keeps each keyed
 * write's answer with the write, in its transaction, and answers a repeat with it.
 */
let t: TestApp;
let analysisId: string;

beforeAll(async () => {
  t = await startTestApp();
  analysisId = (await createThermalAnalysis(t)).id;
});
afterAll(() => t?.close());

const measurement = (component: string) => ({
  thermalAnalysisId: analysisId,
  date: '2026-11-20',
  component,
  maxTemperatureC: 50,
  referenceTemperatureC: 40,
});

/** A write with its key, as the administrator or with `token`. */
async function keyed(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  key: string,
  payload?: unknown,
  token = t.adminTokens.accessToken,
) {
  const form = payload instanceof Object && 'payload' in payload && 'headers' in payload;
  const res = await t.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': key,
      ...(form ? (payload as { headers: Record<string, string> }).headers : {}),
    },
    ...(payload === undefined
      ? {}
      : { payload: form ? (payload as { payload: Buffer }).payload : (payload as object) }),
  });
  return res;
}

async function countOf(component: string) {
  const rows = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from thermal_measurement where component = ${component}`,
  );
  return rows.rows[0]!.n;
}

describe('Idempotency-Key', () => {
  it('answers a create sent twice once: one record, the same answer, the second said to be a replay', async () => {
    const key = randomUUID();
    const first = await keyed('POST', '/api/thermal-measurements', key, measurement('Twice lug'));
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await keyed('POST', '/api/thermal-measurements', key, measurement('Twice lug'));
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(await countOf('Twice lug')).toBe(1);
  });

  it('refuses a key that is not a UUID, and the same key with another request (422)', async () => {
    const bad = await keyed('POST', '/api/thermal-measurements', 'retry-1', measurement('Bad key'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Idempotency-Key must be a UUID/);
    expect(await countOf('Bad key')).toBe(0);

    const key = randomUUID();
    expect((await keyed('POST', '/api/thermal-measurements', key, measurement('Key A'))).statusCode).toBe(
      201,
    );
    const other = await keyed('POST', '/api/thermal-measurements', key, measurement('Key B'));
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(other.json().message).toMatch(/already used for another request/);
    expect(await countOf('Key B')).toBe(0);
    const elsewhere = await keyed('POST', '/api/work-order-spks', key, { woNumber: 'WO-x', title: 'x' });
    expect(elsewhere.statusCode).toBe(422);
  });

  it('keeps a refusal as the answer: its repeat is the same 400 and writes nothing', async () => {
    const key = randomUUID();
    const refused = { ...measurement('Refused lug'), maxTemperatureC: 'hot' };
    const first = await keyed('POST', '/api/thermal-measurements', key, refused);
    expect(first.statusCode).toBe(400);
    const second = await keyed('POST', '/api/thermal-measurements', key, refused);
    expect(second.statusCode).toBe(400);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    expect(await countOf('Refused lug')).toBe(0);
  });

  it('answers an update repeated after it succeeded with its answer, not a version conflict', async () => {
    const created = (
      await keyed('POST', '/api/thermal-measurements', randomUUID(), measurement('Update lug'))
    ).json().data;
    const key = randomUUID();
    const change = { ...measurement('Update lug'), maxTemperatureC: 61, version: created.version };
    const first = await keyed('PUT', `/api/thermal-measurements?id=${created.id}`, key, change);
    expect(first.statusCode).toBe(200);
    const second = await keyed('PUT', `/api/thermal-measurements?id=${created.id}`, key, change);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data.version).toBe(created.version + 1);
    // Without the key the same body meets the version it no longer names.
    const unkeyed = await t.call('PUT', `/api/thermal-measurements?id=${created.id}`, change);
    expect(unkeyed.status).toBe(409);
  });

  it('answers a delete repeated after it succeeded with its answer, not a 404', async () => {
    const created = (
      await keyed('POST', '/api/thermal-measurements', randomUUID(), measurement('Deleted lug'))
    ).json().data;
    const key = randomUUID();
    const first = await keyed('DELETE', `/api/thermal-measurements?id=${created.id}`, key);
    expect(first.statusCode).toBe(200);
    const second = await keyed('DELETE', `/api/thermal-measurements?id=${created.id}`, key);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    expect((await t.call('DELETE', `/api/thermal-measurements?id=${created.id}`)).status).toBe(404);
  });

  it('stores one file for a photo form sent twice (each send its own boundary)', async () => {
    const key = randomUUID();
    const fields = Object.fromEntries(
      Object.entries(measurement('Photo lug')).map(([k, v]) => [k, String(v)] as const),
    );
    const form = () =>
      multipart(fields, { thermalImage: { name: 'ir.png', type: 'image/png', bytes: pngBytes } });
    const first = await keyed('POST', '/api/thermal-measurements', key, form());
    expect(first.statusCode).toBe(201);
    const second = await keyed('POST', '/api/thermal-measurements', key, form());
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    expect(await countOf('Photo lug')).toBe(1);
    const files = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from attachment where owner_id = ${first.json().data.id}`,
    );
    expect(files.rows[0]!.n).toBe(1);
    // Another photo under the same key is another request.
    const other = multipart(fields, {
      thermalImage: { name: 'ir.png', type: 'image/png', bytes: Buffer.concat([pngBytes, Buffer.from([0])]) },
    });
    expect((await keyed('POST', '/api/thermal-measurements', key, other)).statusCode).toBe(422);
  });

  it('keeps two users’ same key apart', async () => {
    const other = await createUser(t);
    const token = (await t.login(other.username, other.password)).json().data.accessToken as string;
    const key = randomUUID();
    const mine = await keyed('POST', '/api/thermal-measurements', key, measurement('Two users'));
    const theirs = await keyed('POST', '/api/thermal-measurements', key, measurement('Two users'), token);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
    expect(await countOf('Two users')).toBe(2);
  });

  it('answers a repeat that arrives while the first is still running 409, then the first’s answer', async () => {
    const key = randomUUID();
    const fields = Object.fromEntries(
      Object.entries(measurement('Slow lug')).map(([k, v]) => [k, String(v)] as const),
    );
    const form = multipart(fields, { thermalImage: { name: 'ir.png', type: 'image/png', bytes: pngBytes } });
    // The first send's body arrives slowly: half now, the rest after the repeat.
    const body = new PassThrough();
    const half = Math.floor(form.payload.length / 2);
    body.write(form.payload.subarray(0, half));
    const first = t.inject({
      method: 'POST',
      url: '/api/thermal-measurements',
      headers: {
        ...form.headers,
        'content-length': String(form.payload.length),
        authorization: `Bearer ${t.adminTokens.accessToken}`,
        'idempotency-key': key,
      },
      payload: body,
    });
    await new Promise((r) => setTimeout(r, 300));
    const repeat = await keyed('POST', '/api/thermal-measurements', key, form);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().message).toMatch(/still being processed/);
    expect(repeat.headers['retry-after']).toBe('1');
    body.end(form.payload.subarray(half));
    const answered = await first;
    expect(answered.statusCode).toBe(201);
    const later = await keyed('POST', '/api/thermal-measurements', key, form);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(await countOf('Slow lug')).toBe(1);
  });

  it('does not keep a fault of the server (5xx): the retry runs and writes once', async () => {
    // A fault the database raises, not a refusal: the write fails with 500.
    await t.db.execute(sql`create function refuse_fault() returns trigger language plpgsql as
      $$ begin if new.component = 'Fault lug' then raise exception 'disk on fire'; end if; return new; end $$`);
    await t.db.execute(
      sql`create trigger fault_once before insert on thermal_measurement for each row execute function refuse_fault()`,
    );
    const key = randomUUID();
    const failed = await keyed('POST', '/api/thermal-measurements', key, measurement('Fault lug'));
    expect(failed.statusCode).toBe(500);
    await t.db.execute(sql`drop trigger fault_once on thermal_measurement`);
    const retried = await keyed('POST', '/api/thermal-measurements', key, measurement('Fault lug'));
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await countOf('Fault lug')).toBe(1);
  });

  it('keeps the answer in the write’s transaction: the key row exists exactly when the write does', async () => {
    const key = randomUUID();
    const res = await keyed('POST', '/api/thermal-measurements', key, measurement('Kept lug'));
    const row = await t.db.execute<{ status: number; body: string }>(
      sql`select status, body from idempotency_key where key = ${key}`,
    );
    expect(row.rows[0]).toEqual({ status: 201, body: res.body });
  });

  it('commits the write with its kept answer or not at all: a failure to keep the answer undoes the write', async () => {
    // Keeping this answer fails in the database, after the write's own statements have run.
    await t.db.execute(sql`create function refuse_answer() returns trigger language plpgsql as
      $$ begin if new.body like '%Atomic lug%' then raise exception 'answer not kept'; end if; return new; end $$`);
    await t.db.execute(
      sql`create trigger answer_fails before update on idempotency_key for each row execute function refuse_answer()`,
    );
    const key = randomUUID();
    const failed = await keyed('POST', '/api/thermal-measurements', key, measurement('Atomic lug'));
    expect(failed.statusCode).toBe(500);
    expect(await countOf('Atomic lug')).toBe(0);
    const audit = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where after->>'component' = 'Atomic lug'`,
    );
    expect(audit.rows[0]!.n).toBe(0);
    await t.db.execute(sql`drop trigger answer_fails on idempotency_key`);
    // The key was given back: the retry writes once.
    const retried = await keyed('POST', '/api/thermal-measurements', key, measurement('Atomic lug'));
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await countOf('Atomic lug')).toBe(1);
  });

  it('ignores a key on calls anyone may make (sign-in)', async () => {
    const key = randomUUID();
    const signIn = () =>
      t.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'idempotency-key': key },
        payload: { username: 'admin', password: 'wrong-password' },
      });
    expect((await signIn()).statusCode).toBe(401);
    const again = await signIn();
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });

  it('writes without a key as before', async () => {
    await t.call('POST', '/api/thermal-measurements', measurement('Unkeyed lug'));
    await t.call('POST', '/api/thermal-measurements', measurement('Unkeyed lug'));
    expect(await countOf('Unkeyed lug')).toBe(2);
  });
});

describe('the fingerprint of a body', () => {
  /** The digest of `bytes` sent in two chunks split at `at`. */
  async function digest(bytes: Buffer, contentType: string, at: number) {
    const raw = new PassThrough();
    const fingerprint = new BodyFingerprint(
      raw as unknown as IncomingMessage,
      multipartDelimiter(contentType),
    );
    raw.write(bytes.subarray(0, at));
    raw.end(bytes.subarray(at));
    return fingerprint.readToEnd();
  }

  it('is the same for the same form under another boundary, wherever the chunks split', async () => {
    const form = (bytes: Buffer) =>
      multipart({ component: 'A' }, { thermalImage: { name: 'ir.png', type: 'image/png', bytes } });
    const [one, two] = [form(pngBytes), form(pngBytes)];
    const expected = await digest(one.payload, one.headers['content-type']!, 0);
    for (let at = 0; at <= two.payload.length; at += 7)
      expect(await digest(two.payload, two.headers['content-type']!, at)).toBe(expected);
    const other = form(Buffer.concat([pngBytes, Buffer.from([0])]));
    expect(await digest(other.payload, other.headers['content-type']!, 50)).not.toBe(expected);
  });
});

describe('the sweep of old keys', () => {
  it('removes keys older than they are kept, and only those', async () => {
    const [older, newer] = [randomUUID(), randomUUID()];
    await keyed('POST', '/api/thermal-measurements', older, measurement('Old key'));
    await keyed('POST', '/api/thermal-measurements', newer, measurement('New key'));
    await t.db.execute(
      sql`update idempotency_key set created_at = now() - interval '31 days' where key = ${older}`,
    );
    expect(await sweepKeys(t.db, 30)).toBeGreaterThanOrEqual(1);
    const left = await t.db.execute<{ key: string }>(
      sql`select key from idempotency_key where key in (${older}, ${newer})`,
    );
    expect(left.rows.map((r) => r.key)).toEqual([newer]);
  });
});
