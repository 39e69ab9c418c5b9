import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeDisplayName } from '../src/engine/request-body/display-name.ts';
import { installErrorHandler } from '../src/error-handler.ts';
import {
  createReportHeader,
  createThermalAnalysis,
  createWorkOrder,
  multipart,
  pngBytes,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('a field with a default sent empty in an update', () => {
  it.each([
    ['work order', 'isEmergency', () => createWorkOrder(t), '/api/work-order-spks'],
    ['report header', 'status', () => createReportHeader(t), '/api/report-headers'],
  ])('%s: %s as null is a 400 naming the field, and nothing changes', async (_label, field, make, path) => {
    const record = await make();
    const res = await t.call('PUT', `${path}/${record.id}`, { [field]: null, version: record.version });
    const read = async () => (await t.call('GET', `${path}?id=${record.id}`)).body.data[0];
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.message).toContain(field);
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: field })]);
    const stored = await read();
    expect(stored[field]).toBe(record[field]);
    expect(stored.version).toBe(record.version);
  });

  it('leaving the field out keeps its value', async () => {
    const record = await createWorkOrder(t, { isEmergency: true });
    const res = await t.call('PUT', `/api/work-order-spks/${record.id}`, {
      title: 'Renamed',
      version: record.version,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'Renamed', isEmergency: true });
  });
});

describe('a NOT NULL violation from the database', () => {
  it('answers 400 naming the column, not 500', async () => {
    const app = Fastify();
    installErrorHandler(app);
    app.get('/boom', async () => {
      // A real statement on the real database, refused by its NOT NULL constraint (SQLSTATE 23502).
      await t.db.execute(
        sql`insert into login_failure (key, count, window_started_at) values ('not-null-test', null, now())`,
      );
      return {};
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    await app.close();
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ data: null, statusCode: 400, error: { code: 'VALIDATION_ERROR' } });
    expect(body.message).toBe('count cannot be empty');
    expect(body.error.details).toEqual([expect.objectContaining({ path: 'count' })]);
    expect(JSON.stringify(body)).not.toMatch(/insert|login_failure|violates/i);
  });
});

describe('file display names', () => {
  it.each([
    ['a right-to-left override', 'invoice\u202Egnp.exe', 'invoicegnp.exe'],
    ['embeddings and pops', '\u202Aa\u202Bb\u202Cc\u202Dd.png', 'abcd.png'],
    ['isolates', '\u2066a\u2067b\u2068c\u2069.png', 'abc.png'],
    ['bidi marks', 'a\u200Eb\u200Fc\u061C.png', 'abc.png'],
    ['C1 controls', 'a\u0080b\u0085c\u009F.png', 'abc.png'],
    ['C0 controls and DEL', 'a\u0000b\u001Fc\u007F.png', 'abc.png'],
    ['line and paragraph separators', 'a\u2028b\u2029.png', 'ab.png'],
    ['quotes and backslash-free paths', 'C:\\Users\\x\\"scan".png', 'scan.png'],
    ['a path', '../../etc/passwd', 'passwd'],
  ])('removes %s', (_label, input, expected) => {
    expect(safeDisplayName(input, 'fallback.png')).toBe(expected);
  });

  it('falls back when nothing printable is left', () => {
    expect(safeDisplayName('\u202E\u0085\u2028', 'thermalImage.png')).toBe('thermalImage.png');
    expect(safeDisplayName('..', 'thermalImage.png')).toBe('thermalImage.png');
    expect(safeDisplayName(undefined, 'thermalImage.png')).toBe('thermalImage.png');
  });

  it('truncates to 200 characters without splitting a grapheme', () => {
    const family = '👨‍👩‍👧‍👦'; // 11 UTF-16 units, one grapheme
    const flag = '🇮🇩'; // 4 units, one grapheme
    for (const prefix of ['', 'a', 'ab', 'abc', 'x'.repeat(195)]) {
      const name = prefix + family.repeat(30) + flag.repeat(20) + '.png';
      const shown = safeDisplayName(name, 'fallback.png');
      expect(shown.length).toBeLessThanOrEqual(200);
      expect(shown.length).toBeGreaterThan(185);
      const segments = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(shown)];
      for (const { segment } of segments.slice(prefix.length)) {
        expect([family, flag, '.', 'p', 'n', 'g']).toContain(segment);
      }
      // Every lone surrogate would be a split emoji.
      expect(shown).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
  });

  it('is stored cleaned through the API', async () => {
    const analysis = await createThermalAnalysis(t);
    const res = await t.call(
      'POST',
      '/api/thermal-measurements',
      multipart(
        {
          thermalAnalysisId: analysis.id,
          date: '2026-11-20',
          component: 'Phase R lug',
          maxTemperatureC: '50',
          referenceTemperatureC: '40',
        },
        { thermalImage: { name: 'IR\u202Egnp.exe\u2028.png', type: 'image/png', bytes: pngBytes } },
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.thermalImage.displayName).toBe('IRgnp.exe.png');
  });
});

describe('a value zod cannot read as a value', () => {
  it('is refused with a 400 in the envelope, not a 500 (an object whose length is not a number)', async () => {
    const body = { employeeNumber: { length: { toString: '' } } };
    const r = await t.call('PUT', '/api/user-pdm/00000000-0000-1000-8000-000000000000', body);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body).toMatchObject({
      data: null,
      error: { code: 'VALIDATION_ERROR' },
      message:
        'The request body has a value of the wrong kind: send each field as text, a number, true or false, or a list, as the API describes it',
    });
    // The entity bodies read by the engine take the same way.
    const measurement = await t.call('POST', '/api/thermal-measurements', {
      thermalAnalysisId: '00000000-0000-1000-8000-000000000000',
      component: { length: { toString: '' } },
    });
    expect(measurement.status, JSON.stringify(measurement.body)).toBe(400);
  });
});
