/**
 * Entity tags (docs/api-conventions.md): a read of one record answers its ETag; a read sent with
 * `If-None-Match` naming it answers 304 without the record while the answer is the same bytes; an
 * update sent with `If-Match` is refused with 412 once the record has moved on, and an update with
 * neither `If-Match` nor `version` stays last-writer-wins, as the specification's clients send it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { permissionActions, permissionModules } from '@inspectra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import {
  createReportHeader,
  createRole,
  createThermalAnalysis,
  createThermalMeasurement,
  createUser,
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

/** A tag as the server makes it: the record's id and version, and a digest of the answer's record. */
const tagOf = (id: string, version: number) => new RegExp(`^"${id}:${version}:[\\w-]{16}"$`);

/** A read sent with `If-None-Match` (and a token: the administrator's unless told). */
const readIfNoneMatch = (url: string, tags: string, token = t.adminTokens.accessToken) =>
  t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'if-none-match': tags } });

describe('ETag', () => {
  it('is answered by a read of one record, a create and an update, from its id and version', async () => {
    const analysis = await createThermalAnalysis(t);
    const created = await t.call('POST', '/api/thermal-measurements', {
      thermalAnalysisId: analysis.id,
      date: '2026-11-20',
      maxTemperatureC: 50,
      referenceTemperatureC: 40,
    });
    expect(created.res.headers.etag).toMatch(tagOf(created.body.data.id, 1));
    const got = await read(created.body.data.id);
    // The same record, the same bytes: the same tag from the create's answer and the read's.
    expect(got.res.headers.etag).toBe(created.res.headers.etag);
    expect(got.res.headers['cache-control']).toBe('private, no-cache');
    const changed = await update(created.body.data.id, { remarks: 'Checked' });
    expect(changed.headers.etag).toMatch(tagOf(created.body.data.id, 2));
    const byParent = await t.call(
      'GET',
      `/api/thermal-analysis/by-report?reportHeaderId=${analysis.reportHeaderId}`,
    );
    expect(byParent.res.headers.etag).toMatch(tagOf(analysis.id, analysis.version));
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

  it('takes the tag without its digest, as tags were given before', async () => {
    const m = await createThermalMeasurement(t, (await createThermalAnalysis(t)).id);
    expect((await update(m.id, { remarks: 'Old tag' }, `"${m.id}:1"`)).statusCode).toBe(200);
    expect((await update(m.id, { remarks: 'Old tag again' }, `"${m.id}:1"`)).statusCode).toBe(412);
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

describe('If-None-Match', () => {
  it('answers 304 without the record while the read would answer the same bytes', async () => {
    const analysis = await createThermalAnalysis(t);
    const m = await createThermalMeasurement(t, analysis.id);
    const first = await read(m.id);
    const etag = first.res.headers.etag as string;
    const again = await readIfNoneMatch(`/api/thermal-measurements/${m.id}`, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    // Compared weakly, as HTTP says for If-None-Match; one of a list; any answer for *.
    expect((await readIfNoneMatch(`/api/thermal-measurements/${m.id}`, `W/${etag}`)).statusCode).toBe(304);
    const listed = await readIfNoneMatch(`/api/thermal-measurements/${m.id}`, `"${m.id}:0:x", ${etag}`);
    expect(listed.statusCode).toBe(304);
    expect((await readIfNoneMatch(`/api/thermal-measurements/${m.id}`, '*')).statusCode).toBe(304);
    // A read by parent too.
    const byParentUrl = `/api/thermal-analysis/by-report?reportHeaderId=${analysis.reportHeaderId}`;
    const byParent = await t.call('GET', byParentUrl);
    const parentTag = byParent.res.headers.etag as string;
    expect((await readIfNoneMatch(byParentUrl, parentTag)).statusCode).toBe(304);
    // A tag that names nothing, or another version, is answered in full.
    const other = await readIfNoneMatch(`/api/thermal-measurements/${m.id}`, `"${m.id}:1"`);
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toEqual(first.body.data);
    expect((await readIfNoneMatch(`/api/thermal-measurements/${m.id}`, 'version-1')).statusCode).toBe(200);
  });

  it('answers the record in full once anyone has changed it', async () => {
    const m = await createThermalMeasurement(t, (await createThermalAnalysis(t)).id);
    const etag = (await read(m.id)).res.headers.etag as string;
    const colleague = await createUser(t);
    const token = (await t.login(colleague.username, colleague.password)).json().data.accessToken as string;
    expect((await readIfNoneMatch(`/api/thermal-measurements/${m.id}`, etag, token)).statusCode).toBe(304);
    expect(
      (await t.call('PUT', `/api/thermal-measurements?id=${m.id}`, { remarks: 'Rechecked' }, token)).status,
    ).toBe(200);
    const after = await readIfNoneMatch(`/api/thermal-measurements/${m.id}`, etag);
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toMatchObject({ remarks: 'Rechecked', version: 2 });
    expect(after.headers.etag).toMatch(tagOf(m.id, 2));
  });

  it('answers in full when the record stays at its version but its answer changed (a value read through its parent)', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'paut' });
    const inspection = await t.call('POST', '/api/paut-inspection-pipe', {
      reportHeaderId: report.id,
      measurementDate: '2026-11-18',
      testingEquipmentCalDueDate: '2027-03-01',
    });
    expect(inspection.status, JSON.stringify(inspection.body)).toBe(201);
    const joint = await t.call('POST', '/api/paut-summary-pipe', {
      pautInspectionId: inspection.body.data.id,
      measurementDate: '2026-11-18',
      jointNumber: 'J-12',
    });
    expect(joint.status, JSON.stringify(joint.body)).toBe(201);
    const url = `/api/paut-summary-pipe/${joint.body.data.id}`;
    const first = await t.call('GET', url);
    expect(first.body.data.calibrationAtScan).toBe('inDate');
    const etag = first.res.headers.etag as string;
    expect((await readIfNoneMatch(url, etag)).statusCode).toBe(304);
    // The instrument's due date was mistyped: the joint now reads as scanned out of calibration.
    const corrected = await t.call('PUT', `/api/paut-inspection-pipe?id=${inspection.body.data.id}`, {
      testingEquipmentCalDueDate: '2026-11-01',
      acknowledgedWarnings: ['calibrationOverdue'],
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    const after = await readIfNoneMatch(url, etag);
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toMatchObject({ calibrationAtScan: 'overdue', version: 1 });
    expect(after.headers.etag).not.toBe(etag);
  });

  it('never answers 304 to a caller the record is not shown to', async () => {
    const m = await createThermalMeasurement(t, (await createThermalAnalysis(t)).id);
    const etag = (await read(m.id)).res.headers.etag as string;
    // A contractor company's user, with every permission, but the record is the plant owner's.
    const role = await createRole(
      t,
      permissionModules.flatMap((module) => permissionActions.map((action) => ({ module, action }))),
      'contractor',
    );
    const company = await t.call(
      'POST',
      '/api/contractor-company',
      multipart({ ContractorName: `Gamma-${randomUUID().slice(0, 6)}` }),
    );
    const user = await createUser(t, { roleId: role.id });
    await t.db.update(users).set({ contractorCompanyId: company.body.data.id }).where(eq(users.id, user.id));
    const token = (await t.login(user.username, user.password)).json().data.accessToken as string;
    const refused = await readIfNoneMatch(`/api/thermal-measurements/${m.id}`, etag, token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ data: null, error: { code: 'NOT_FOUND' } });
  });

  it('is not read by lists', async () => {
    const analysis = await createThermalAnalysis(t);
    await createThermalMeasurement(t, analysis.id);
    const url = `/api/thermal-measurements/by-thermal-analysis?thermalAnalysisId=${analysis.id}`;
    const listed = await readIfNoneMatch(url, '*');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toHaveLength(1);
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
