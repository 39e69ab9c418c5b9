import { createHash, randomUUID } from 'node:crypto';
import { uploadReference } from '@inspectra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { sweepOrphanFiles } from '../src/modules/files/files.actions.ts';
import { createS3FileStore } from '../src/storage/s3-file-store.ts';
import { createThermalAnalysis, jwtSecret, multipart, pngBytes, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { startLocalS3 } from './s3-server.ts';
import type { LocalS3 } from './s3-server.ts';

let s3: LocalS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startLocalS3(['uploads']);
  t = await startTestApp({ files: await createS3FileStore(s3.storeOptions('uploads')) });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const measurementFields = async () => ({
  thermalAnalysisId: (await createThermalAnalysis(t)).id,
  date: '2026-11-20',
  maxTemperatureC: '50',
  referenceTemperatureC: '40',
});

/** A thermal measurement saved through the API with a thermal image. */
const measurementWithImage = async (name: string, bytes: Buffer) =>
  t.call(
    'POST',
    '/api/thermal-measurements',
    multipart(await measurementFields(), { thermalImage: { name, type: 'image/png', bytes } }),
  );

describe('the app on object storage', () => {
  it('keeps an uploaded photo in the bucket and serves it whole and in part', async () => {
    const created = await measurementWithImage('IR 0001.png', pngBytes);
    expect(created.status).toBe(201);
    const { url } = created.body.data.thermalImage as { url: string };
    const authorization = `Bearer ${t.adminTokens.accessToken}`;

    const whole = await t.inject({ method: 'GET', url, headers: { authorization } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.rawPayload.equals(pngBytes)).toBe(true);

    const part = await t.inject({ method: 'GET', url, headers: { authorization, range: 'bytes=8-23' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 8-23/${pngBytes.length}`);
    expect(part.rawPayload.equals(pngBytes.subarray(8, 24))).toBe(true);

    // The sweep reads the bucket's list and keeps what a record points at.
    expect(await sweepOrphanFiles(t.db, t.files, 0)).toBe(0);
    expect((await t.inject({ method: 'GET', url, headers: { authorization } })).statusCode).toBe(200);
  });

  it('refuses an upload of the wrong type with 415 and keeps nothing in the bucket', async () => {
    const before: string[] = [];
    for await (const { key } of t.files.list()) before.push(key);
    const refused = await measurementWithImage('notes.png', Buffer.from('not a picture at all'));
    expect(refused.status).toBe(415);
    expect(refused.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const after: string[] = [];
    for await (const { key } of t.files.list()) after.push(key);
    expect(after.sort()).toEqual(before.sort());
  });

  it('finishes on a second process an upload a first one began, sharing the bucket and the database', async () => {
    // A second process of the site: its own app and its own client of the same bucket and database.
    const second = await buildApp({
      database: t.database,
      files: await createS3FileStore(s3.storeOptions('uploads')),
      jwtSecret,
      maxUploadBytes: 1024 * 1024,
    });
    try {
      const bytes = Buffer.concat([pngBytes, Buffer.from(randomUUID())]);
      const id = randomUUID();
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const authorization = `Bearer ${t.adminTokens.accessToken}`;
      const piece = (app: typeof second, offset: number, end: number) =>
        app.inject({
          method: 'PATCH',
          url: `/api/uploads/${id}`,
          payload: bytes.subarray(offset, end),
          headers: {
            authorization,
            'content-type': 'application/offset+octet-stream',
            'upload-offset': String(offset),
          },
        });
      const made = await t.call('POST', '/api/uploads', {
        id,
        size: bytes.length,
        sha256,
        name: 'IR 0007.png',
      });
      expect(made.status).toBe(201);
      expect((await piece(t.app, 0, 25)).statusCode).toBe(200);
      const state = await second.inject({
        method: 'GET',
        url: `/api/uploads/${id}`,
        headers: { authorization },
      });
      expect(state.json().data.offset).toBe(25);
      const last = await piece(second, 25, bytes.length);
      expect(last.json().data).toMatchObject({ offset: bytes.length, complete: true });

      const created = await t.call(
        'POST',
        '/api/thermal-measurements',
        multipart({ ...(await measurementFields()), thermalImage: uploadReference(id) }),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const file = await second.inject({
        method: 'GET',
        url: created.body.data.thermalImage.url,
        headers: { authorization },
      });
      expect(file.rawPayload.equals(bytes)).toBe(true);
    } finally {
      await second.close();
    }
  });
});
