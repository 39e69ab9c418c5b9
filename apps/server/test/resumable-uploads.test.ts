/**
 * Resumable uploads (docs/offline-capture.md part 4): a file sent in pieces, resumed from the bytes
 * the server holds, checked and stored once whole, then named by a record's form (`upload:<id>`)
 * instead of its bytes. Through the API, on PGlite or TEST_DATABASE_URL.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { uploadReference, vciSummary } from '@inspectra/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../src/db/schema/index.ts';
import { sweepOrphanFiles } from '../src/modules/files/files.actions.ts';
import { openUploadBounds, sweepUploads } from '../src/modules/uploads/uploads.actions.ts';
import { pdfBytes } from './document-bytes.ts';
import { entityRoutes, routeUrl, validValues } from './entity-factory.ts';
import {
  createReportHeader,
  createThermalAnalysis,
  createUser,
  MultipartForm,
  multipart,
  nextIp,
  pngBytes,
  startTestApp,
} from './helpers.ts';
import type { FormPart, TestApp } from './helpers.ts';

let t: TestApp;
let otherToken: string;
beforeAll(async () => {
  t = await startTestApp();
  const other = await createUser(t, { username: `other-${randomUUID().slice(0, 8)}` });
  otherToken = (await t.login(other.username, other.password, nextIp())).json().data.accessToken;
});
afterAll(() => t?.close());

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A PNG with bytes of its own (the store is content-addressed: equal bytes would be one file). */
const photo = () => Buffer.concat([pngBytes, Buffer.from(randomUUID())]);
const pieceType = 'application/offset+octet-stream';

const begin = (bytes: Buffer, o: { id?: string; name?: string; sha?: string; token?: string } = {}) =>
  t.call(
    'POST',
    '/api/uploads',
    {
      id: o.id ?? randomUUID(),
      size: bytes.length,
      sha256: o.sha ?? sha256(bytes),
      name: o.name ?? 'IR 0001.png',
    },
    o.token,
  );

async function send(
  id: string,
  offset: number | string | undefined,
  piece: Buffer,
  o: { type?: string; token?: string } = {},
) {
  const res = await t.inject({
    method: 'PATCH',
    url: `/api/uploads/${id}`,
    payload: piece,
    headers: {
      authorization: `Bearer ${o.token ?? t.adminTokens.accessToken}`,
      'content-type': o.type ?? pieceType,
      ...(offset === undefined ? {} : { 'upload-offset': String(offset) }),
    },
  });
  return { status: res.statusCode, body: res.json(), res };
}

/** A whole upload of `bytes`, sent in two pieces; answers its id. */
async function uploaded(bytes: Buffer, name = 'IR 0001.png', token?: string): Promise<string> {
  const id = randomUUID();
  expect((await begin(bytes, { id, name, token })).status).toBe(201);
  const half = Math.floor(bytes.length / 2);
  expect((await send(id, 0, bytes.subarray(0, half), { token })).status).toBe(200);
  const last = await send(id, half, bytes.subarray(half), { token });
  expect(last.status, JSON.stringify(last.body)).toBe(200);
  expect(last.body.data.complete).toBe(true);
  return id;
}

/** The piece objects an upload has in the local store's directory. */
const piecesOf = (id: string) => readdir(path.join(t.filesDir, 'uploads', id)).catch(() => []);

const download = (url: string) =>
  t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.adminTokens.accessToken}` } });

describe('an upload in pieces', () => {
  it('is made, sent in two pieces, told where to resume after a stale piece, and finished', async () => {
    const bytes = photo();
    const id = randomUUID();
    const made = await begin(bytes, { id });
    expect(made.status).toBe(201);
    expect(made.body.data).toEqual({
      id,
      size: bytes.length,
      offset: 0,
      complete: false,
      pieceBytes: 1048576,
    });

    const first = await send(id, 0, bytes.subarray(0, 30));
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ offset: 30, complete: false });
    expect((await t.call('GET', `/api/uploads/${id}`)).body.data).toMatchObject({
      offset: 30,
      complete: false,
    });
    // The create repeated (a device that lost its answer) tells what is held.
    const again = await begin(bytes, { id });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ offset: 30, complete: false });

    // A piece sent again from byte 0 (its answer was lost): 409, and where to resume.
    const stale = await send(id, 0, bytes.subarray(0, 30));
    expect(stale.status).toBe(409);
    expect(stale.res.headers['upload-offset']).toBe('30');
    expect(stale.body.error).toEqual({
      code: 'CONFLICT',
      details: [{ path: 'offset', message: 'The upload holds 30 bytes: send from byte 30' }],
    });
    expect(stale.body.message).toBe('The upload holds 30 bytes: send from byte 30');
    expect(await piecesOf(id)).toHaveLength(1);

    const second = await send(id, 30, bytes.subarray(30));
    expect(second.body.data).toEqual({
      id,
      size: bytes.length,
      offset: bytes.length,
      complete: true,
      pieceBytes: 1048576,
    });
    expect(await piecesOf(id)).toEqual([]);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({ storageKey: sha256(bytes), mediaType: 'image/png', pieces: [] });
    expect((await begin(bytes, { id })).body.data).toMatchObject({ offset: bytes.length, complete: true });
  });

  it('counts one of two pieces sent at one offset at once', async () => {
    const bytes = photo();
    const id = randomUUID();
    await begin(bytes, { id });
    const [a, b] = await Promise.all([
      send(id, 0, bytes.subarray(0, 20)),
      send(id, 0, bytes.subarray(0, 20)),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await t.call('GET', `/api/uploads/${id}`)).body.data.offset).toBe(20);
    expect(await piecesOf(id)).toHaveLength(1);
  });

  it("is another user's to neither see, fill nor take", async () => {
    const bytes = photo();
    const id = randomUUID();
    await begin(bytes, { id });
    expect((await begin(bytes, { id, token: otherToken })).status).toBe(409);
    expect((await t.call('GET', `/api/uploads/${id}`, undefined, otherToken)).status).toBe(404);
    expect((await send(id, 0, bytes, { token: otherToken })).status).toBe(404);
    // The same id for another file, by the same user.
    const other = await begin(photo(), { id });
    expect(other.status).toBe(409);
    expect(other.body.error.details[0].path).toBe('id');
    expect((await t.call('GET', `/api/uploads/${randomUUID()}`)).status).toBe(404);
  });

  it('refuses pieces it cannot count, and files no slot could take', async () => {
    const bytes = photo();
    const id = randomUUID();
    await begin(bytes, { id });
    expect((await send(id, undefined, bytes)).status).toBe(400);
    expect((await send(id, '1.5', bytes)).body.error.details[0].path).toBe('offset');
    expect((await send(id, 0, Buffer.alloc(0))).status).toBe(400);
    const past = await send(id, 0, Buffer.concat([bytes, Buffer.from('x')]));
    expect(past.status).toBe(400);
    expect(past.body.message).toContain('passes the end of the file');
    expect((await send(id, 0, bytes, { type: 'application/octet-stream' })).status).toBe(415);
    expect((await send(id, 0, Buffer.alloc(4 * 1024 * 1024 + 1))).status).toBe(413);
    expect((await t.call('GET', `/api/uploads/${id}`)).body.data.offset).toBe(0);
    // Larger than the largest file any slot takes (the test app's limits: 1 MiB).
    const huge = await t.call('POST', '/api/uploads', {
      id: randomUUID(),
      size: 2 * 1024 * 1024,
      sha256: sha256(bytes),
      name: 'x.png',
    });
    expect(huge.status).toBe(413);
    expect(
      (await t.call('POST', '/api/uploads', { id: randomUUID(), size: 10, sha256: 'ABC', name: 'x' })).status,
    ).toBe(400);
  });

  it('starts again from byte 0 when the whole does not have its SHA-256, and drops a type no slot takes', async () => {
    const bytes = photo();
    const id = randomUUID();
    await begin(bytes, { id, sha: sha256(photo()) });
    await send(id, 0, bytes.subarray(0, 20));
    const wrong = await send(id, 20, bytes.subarray(20));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('VALIDATION_ERROR');
    expect(wrong.body.message).toBe("The file's bytes do not match its SHA-256: send it again from byte 0");
    expect(wrong.res.headers['upload-offset']).toBe('0');
    expect((await t.call('GET', `/api/uploads/${id}`)).body.data).toMatchObject({
      offset: 0,
      complete: false,
    });
    expect(await piecesOf(id)).toEqual([]);

    const text = Buffer.from(`not a photo at all ${randomUUID()}`);
    const textId = randomUUID();
    await begin(text, { id: textId });
    const refused = await send(textId, 0, text);
    expect(refused.status).toBe(415);
    expect((await t.call('GET', `/api/uploads/${textId}`)).status).toBe(404);
    expect(await piecesOf(textId)).toEqual([]);
  });

  it('bounds the uploads a user holds unfinished', async () => {
    const before = openUploadBounds.count;
    const [{ open }] = (
      await t.db.execute<{ open: number }>(
        sql`select count(*)::int as open from upload where storage_key is null`,
      )
    ).rows as [{ open: number }];
    openUploadBounds.count = open + 1;
    try {
      expect((await begin(photo())).status).toBe(201);
      const refused = await begin(photo());
      expect(refused.status).toBe(429);
      expect(refused.body.message).toContain('not yet complete');
    } finally {
      openUploadBounds.count = before;
    }
  });
});

describe('an upload named by a form', () => {
  const measurementForm = async (thermalImage: string) =>
    multipart({
      thermalAnalysisId: (await createThermalAnalysis(t)).id,
      date: '2026-11-20',
      maxTemperatureC: '50',
      referenceTemperatureC: '40',
      thermalImage,
    });

  it("is a thermal measurement's image, downloaded byte for byte, its name the upload's", async () => {
    const bytes = photo();
    const id = await uploaded(bytes, 'IR 0042.png');
    const created = await t.call(
      'POST',
      '/api/thermal-measurements',
      await measurementForm(uploadReference(id)),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.thermalImage).toMatchObject({
      displayName: 'IR 0042.png',
      mediaType: 'image/png',
    });
    const file = await download(created.body.data.thermalImage.url);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    // Named again (a record write retried after its answer was lost): still there.
    const again = await t.call(
      'POST',
      '/api/thermal-measurements',
      await measurementForm(uploadReference(id)),
    );
    expect(again.status).toBe(201);
  });

  it("is refused on its field when unfinished, unknown, another user's or of a type the slot does not take", async () => {
    const bytes = photo();
    const open = randomUUID();
    await begin(bytes, { id: open });
    await send(open, 0, bytes.subarray(0, 20));
    const unfinished = await t.call(
      'POST',
      '/api/thermal-measurements',
      await measurementForm(uploadReference(open)),
    );
    expect(unfinished.status).toBe(400);
    const size = (bytes.length / 1024).toFixed(1);
    expect(unfinished.body.error.details).toEqual([
      {
        path: 'thermalImage',
        message: `thermalImage: the upload ${open} is not complete (0.0 KB of ${size} KB received)`,
      },
    ]);
    const unknown = randomUUID();
    const notKnown = await t.call(
      'POST',
      '/api/thermal-measurements',
      await measurementForm(uploadReference(unknown)),
    );
    expect(notKnown.body.message).toBe(`thermalImage: the upload ${unknown} is not known`);
    const theirs = await uploaded(photo(), 'theirs.png', otherToken);
    const another = await t.call(
      'POST',
      '/api/thermal-measurements',
      await measurementForm(uploadReference(theirs)),
    );
    expect(another.body.message).toBe(`thermalImage: the upload ${theirs} is not known`);
    const pdf = await uploaded(Buffer.concat([pdfBytes, Buffer.from(randomUUID())]), 'procedure.pdf');
    const wrongType = await t.call(
      'POST',
      '/api/thermal-measurements',
      await measurementForm(uploadReference(pdf)),
    );
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.error.details).toEqual([
      { path: 'thermalImage', message: 'The thermal image is not a JPEG, PNG, WebP or GIF' },
    ]);
  });

  it("is an image list's next file, counted in order with the files sent inline", async () => {
    const [a, inline, b] = [photo(), photo(), photo()];
    const [idA, idB] = [await uploaded(a, 'first.png'), await uploaded(b, 'third.png')];
    const create = entityRoutes(vciSummary, 'pipe').find((r) => r.operation.kind === 'create')!;
    const values = await validValues(t, vciSummary, 'pipe');
    const parts: FormPart[] = [
      ...Object.entries(values)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([name, v]) => ({ name, value: String(v) })),
      {
        name: 'summaryImages',
        value: JSON.stringify([2, 0, 1].map((file) => ({ file, imageType: 'overview' }))),
      },
      { name: 'summaryImages', value: uploadReference(idA) },
      { name: 'summaryImages', file: { name: 'second.png', type: 'image/png', bytes: inline } },
      { name: 'summaryImages', value: uploadReference(idB) },
    ];
    const form = new MultipartForm(parts);
    const res = await t.inject({
      method: 'POST',
      url: routeUrl(create),
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${t.adminTokens.accessToken}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const images = res.json().data.summaryImages as { displayName: string; url: string }[];
    expect(images.map((i) => i.displayName)).toEqual(['third.png', 'first.png', 'second.png']);
    for (const [i, expected] of [b, a, inline].entries())
      expect((await download(images[i]!.url)).rawPayload.equals(expected)).toBe(true);
  });

  it("is a report's supporting document", async () => {
    const bytes = Buffer.concat([pdfBytes, Buffer.from(randomUUID())]);
    const id = await uploaded(bytes, 'procedure rev 3.pdf');
    const report = await createReportHeader(t);
    const created = await t.call(
      'POST',
      '/api/report-supporting-document',
      multipart({ reportHeaderId: report.id, documentType: 'procedure', file: uploadReference(id) }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.file).toMatchObject({
      displayName: 'procedure rev 3.pdf',
      mediaType: 'application/pdf',
    });
    expect((await download(created.body.data.file.url)).rawPayload.equals(bytes)).toBe(true);
  });
});

describe('the upkeep', () => {
  it("removes expired uploads with their pieces, and keeps a live upload's file from the orphan sweep", async () => {
    const live = photo();
    const liveId = await uploaded(live);
    const whole = photo();
    const wholeId = await uploaded(whole);
    const open = photo();
    const openId = randomUUID();
    await begin(open, { id: openId });
    await send(openId, 0, open.subarray(0, 10));
    await t.db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(sql`${uploads.id} in (${wholeId}, ${openId})`);
    expect((await t.call('GET', `/api/uploads/${openId}`)).status).toBe(404);

    expect(await sweepUploads(t.db, t.files)).toBe(2);
    expect(await piecesOf(openId)).toEqual([]);
    const held = (await t.db.select({ id: uploads.id }).from(uploads)).map((r) => r.id);
    expect(held).toContain(liveId);
    expect(held).not.toContain(wholeId);
    await sweepOrphanFiles(t.db, t.files, 0);
    const stored: string[] = [];
    for await (const { key } of t.files.list()) stored.push(key);
    expect(stored).toContain(sha256(live));
    expect(stored).not.toContain(sha256(whole));
  });
});
