/**
 * Entity tags for integrators (docs/api-conventions.md): a read of one record answers its ETag, an
 * update sent with `If-Match` is refused with 412 once the record has moved on, and an update with
 * neither `If-Match` nor `version` stays last-writer-wins, as the specification's clients send it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createReportHeader,
  createThermalAnalysis,
  createThermalMeasurement,
  multipart,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const update = (id: string, body: unknown, ifMatch?: string) =>
  t.inject({
    method: 'PUT',
    url: `/api/thermal-measurements?id=${id}`,
    headers: {
      authorization: `Bearer ${t.adminTokens.accessToken}`,
      ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }),
    },
    payload: body as object,
  });

const read = (id: string) => t.call('GET', `/api/thermal-measurements/${id}`);

describe('ETag', () => {
  it('is answered by a read of one record, a create and an update, from its id and version', async () => {
    const analysis = await createThermalAnalysis(t);
    const created = await t.call('POST', '/api/thermal-measurements', {
      thermalAnalysisId: analysis.id,
      date: '2026-11-20',
      maxTemperatureC: 50,
      referenceTemperatureC: 40,
    });
    expect(created.res.headers.etag).toBe(`"${created.body.data.id}:1"`);
    const got = await read(created.body.data.id);
    expect(got.res.headers.etag).toBe(`"${created.body.data.id}:1"`);
    const changed = await update(created.body.data.id, { remarks: 'Checked' });
    expect(changed.headers.etag).toBe(`"${created.body.data.id}:2"`);
    const byParent = await t.call(
      'GET',
      `/api/thermal-analysis/by-report?reportHeaderId=${analysis.reportHeaderId}`,
    );
    expect(byParent.res.headers.etag).toBe(`"${analysis.id}:${analysis.version}"`);
  });

  it('is not answered by lists, nor by a read that finds nothing', async () => {
    const analysis = await createThermalAnalysis(t);
    await createThermalMeasurement(t, analysis.id);
    const list = await t.call(
      'GET',
      `/api/thermal-measurements/by-thermal-analysis?thermalAnalysisId=${analysis.id}`,
    );
    expect(list.status).toBe(200);
    expect(list.res.headers.etag).toBeUndefined();
    const report = await createReportHeader(t);
    const none = await t.call('GET', `/api/thermal-analysis/by-report?reportHeaderId=${report.id}`);
    expect(none.body.data).toBeNull();
    expect(none.res.headers.etag).toBeUndefined();
  });
});

describe('If-Match', () => {
  it('applies an update whose If-Match names the current version', async () => {
    const m = await createThermalMeasurement(t, (await createThermalAnalysis(t)).id);
    const { etag } = (await read(m.id)).res.headers;
    const r = await update(m.id, { remarks: 'Lug retightened' }, etag as string);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ remarks: 'Lug retightened', version: 2 });
  });

  it('refuses (412) an update whose If-Match names a version that moved on, changing nothing', async () => {
    const m = await createThermalMeasurement(t, (await createThermalAnalysis(t)).id);
    const { etag } = (await read(m.id)).res.headers;
    expect((await update(m.id, { remarks: 'First' })).statusCode).toBe(200);
    const stale = await update(m.id, { remarks: 'Second' }, etag as string);
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({
      data: null,
      statusCode: 412,
      error: { code: 'PRECONDITION_FAILED' },
    });
    expect(stale.json().message).toContain('now version 2');
    expect((await read(m.id)).body.data).toMatchObject({ remarks: 'First', version: 2 });
  });

  it('takes * and a list of tags; a weak tag never matches', async () => {
    const m = await createThermalMeasurement(t, (await createThermalAnalysis(t)).id);
    const etag = (await read(m.id)).res.headers.etag as string;
    const weak = await update(m.id, { remarks: 'Weak' }, `W/${etag}`);
    expect(weak.statusCode).toBe(412);
    expect((await update(m.id, { remarks: 'Listed' }, `"${m.id}:9", ${etag}`)).statusCode).toBe(200);
    expect((await update(m.id, { remarks: 'Any' }, '*')).statusCode).toBe(200);
    const malformed = await update(m.id, { remarks: 'Malformed' }, 'version-3');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('BAD_REQUEST');
    expect((await read(m.id)).body.data).toMatchObject({ remarks: 'Any', version: 3 });
  });

  it('is read on multipart updates too', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'walkthrough' });
    const created = await t.call(
      'POST',
      '/api/walkthrough-inspection-pipe',
      multipart({ reportHeaderId: report.id, inspectionDate: '2026-11-10' }),
    );
    const etag = created.res.headers.etag as string;
    const form = multipart({ finding: 'Rack corroded' });
    const put = (ifMatch: string) =>
      t.inject({
        method: 'PUT',
        url: `/api/walkthrough-inspection-pipe?id=${created.body.data.id}`,
        headers: {
          ...form.headers,
          authorization: `Bearer ${t.adminTokens.accessToken}`,
          'if-match': ifMatch,
        },
        payload: form.payload,
      });
    expect((await put(etag)).statusCode).toBe(200);
    expect((await put(etag)).statusCode).toBe(412);
  });
});

describe('without If-Match or version', () => {
  it('the last write wins, as the specification’s clients expect', async () => {
    const m = await createThermalMeasurement(t, (await createThermalAnalysis(t)).id);
    expect((await update(m.id, { remarks: 'Reviewer' })).statusCode).toBe(200);
    const later = await update(m.id, { remarks: 'Inspector' });
    expect(later.statusCode).toBe(200);
    expect(later.json().data).toMatchObject({ remarks: 'Inspector', version: 3 });
  });
});
