import { createHash, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, auditLog, thermalMeasurementTable } from '../src/db/schema/index.ts';
import { sweepOrphanFiles } from '../src/modules/files/files.actions.ts';
import {
  createReportHeader,
  createThermalAnalysis,
  createThermalMeasurement,
  jpegBytes,
  multipart,
  pngBytes,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ maxUploadBytes: 64 * 1024 });
});
afterAll(() => t.close());

async function blobCount() {
  const walk = async (dir: string): Promise<number> => {
    let n = 0;
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      n += e.isDirectory() ? await walk(path.join(dir, e.name)) : 1;
    }
    return n;
  };
  return walk(path.join(t.filesDir, 'blobs'));
}

describe('thermal analysis', () => {
  it('is null for a report without one, then created, found by report, and unique per report', async () => {
    const report = await createReportHeader(t);
    const none = await t.call('GET', `/api/thermal-analysis/by-report?reportHeaderId=${report.id}`);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ data: null, statusCode: 200 });

    const created = await t.call('POST', '/api/thermal-analysis', {
      reportHeaderId: report.id,
      summary: 'Panel scan',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ reportHeaderId: report.id, summary: 'Panel scan', version: 1 });
    expect(created.body.data.thermalAnalysisId).toBe(created.body.data.id);

    const found = await t.call('GET', `/api/thermal-analysis/by-report?reportHeaderId=${report.id}`);
    expect(found.body.data.id).toBe(created.body.data.id);

    const again = await t.call('POST', '/api/thermal-analysis', { reportHeaderId: report.id });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
    expect(again.body.message).toMatch(/already has a thermal analysis/);
  });

  it('refuses an unknown report with a field error, and an unknown report on by-report with 404', async () => {
    const r = await t.call('POST', '/api/thermal-analysis', { reportHeaderId: randomUUID() });
    expect(r.status).toBe(400);
    expect(r.body.error.details[0].path).toBe('reportHeaderId');
    const g = await t.call('GET', `/api/thermal-analysis/by-report?reportHeaderId=${randomUUID()}`);
    expect(g.status).toBe(404);
  });

  it('updates with the id in the body, bumps the version and refuses a stale version', async () => {
    const a = await createThermalAnalysis(t);
    const u = await t.call('PUT', '/api/thermal-analysis', { id: a.id, version: 1, result: 'Repair F-07' });
    expect(u.status).toBe(200);
    expect(u.body.data).toMatchObject({ result: 'Repair F-07', version: 2 });
    const stale = await t.call('PUT', '/api/thermal-analysis', { id: a.id, version: 1, result: 'Overwrite' });
    expect(stale.status).toBe(409);
    const read = await t.call('GET', `/api/thermal-analysis/by-report?reportHeaderId=${a.reportHeaderId}`);
    expect(read.body.data.result).toBe('Repair F-07');
    const moved = await t.call('PUT', '/api/thermal-analysis', { id: a.id, reportHeaderId: randomUUID() });
    expect(moved.status).toBe(400);
    expect(moved.body.error.details[0].path).toBe('reportHeaderId');
    const same = await t.call('PUT', '/api/thermal-analysis', {
      id: a.id,
      reportHeaderId: a.reportHeaderId,
      summary: 's',
    });
    expect(same.status).toBe(200);
    const missingId = await t.call('PUT', '/api/thermal-analysis', { result: 'x' });
    expect(missingId.status).toBe(400);
    expect(missingId.body.error.details[0].path).toBe('id');
  });

  it('summarises count, dates, hottest point, ΔT and severities, and gives the result worst first', async () => {
    const a = await createThermalAnalysis(t, { result: 'See findings' });
    const empty = await t.call('GET', `/api/thermal-analysis/result?thermalAnalysisId=${a.id}`);
    expect(empty.body.data).toMatchObject({ overallSeverity: null, actionRequired: [] });

    const rows: [string, number, number][] = [
      ['2026-11-01', 40.5, 40], // ΔT 0.5 normal
      ['2026-11-02', 42, 40], // 2 investigate
      ['2026-11-03', 43.5, 40], // 3.5 repair as time permits (between the NETA bands)
      ['2026-11-04', 55, 40], // 15 repair as time permits
      ['2026-11-05', 96.4, 41.2], // 55.2 repair immediately
    ];
    for (const [date, max, ref] of rows) {
      await createThermalMeasurement(t, a.id, { date, maxTemperatureC: max, referenceTemperatureC: ref });
    }
    const s = await t.call('GET', `/api/thermal-analysis/summary?thermalAnalysisId=${a.id}`);
    expect(s.status).toBe(200);
    expect(s.body.data).toMatchObject({
      thermalAnalysisId: a.id,
      measurementCount: 5,
      firstMeasurementDate: '2026-11-01',
      lastMeasurementDate: '2026-11-05',
      maxDeltaTC: 55.2,
      severityCounts: { normal: 1, investigate: 1, repairAsTimePermits: 2, repairImmediately: 1 },
    });
    expect(s.body.data.hottest).toMatchObject({
      maxTemperatureC: 96.4,
      deltaTC: 55.2,
      severity: 'repairImmediately',
    });

    const r = await t.call('GET', `/api/thermal-analysis/result?thermalAnalysisId=${a.id}`);
    expect(r.body.data).toMatchObject({ result: 'See findings', overallSeverity: 'repairImmediately' });
    expect(r.body.data.overallMeaning).toMatch(/repair immediately/i);
    expect(r.body.data.actionRequired.map((m: { deltaTC: number }) => m.deltaTC)).toEqual([55.2, 15, 3.5, 2]);
  });

  it('gives the report page its figures: measurements counted, the worst derived severity', async () => {
    const report = await createReportHeader(t);
    const summary = async () => {
      const r = await t.call('GET', `/api/report-headers/${report.id}/techniques`);
      expect(r.status).toBe(200);
      return r.body.data.find((s: { technique: string }) => s.technique === 'thermal');
    };
    expect(await summary()).toBeUndefined();
    const a = await createThermalAnalysis(t, { reportHeaderId: report.id });
    expect(await summary()).toMatchObject({ inspections: 1, rows: 0, worstFinding: null });
    await createThermalMeasurement(t, a.id, { maxTemperatureC: 42, referenceTemperatureC: 40 });
    expect(await summary()).toMatchObject({ rows: 1, worstFinding: 'investigate' });
    // ΔT 37.2 °C: the worst, as the API derives it for the row.
    const hot = await createThermalMeasurement(t, a.id, {
      maxTemperatureC: 78.4,
      referenceTemperatureC: 41.2,
    });
    expect(hot.severity).toBe('repairImmediately');
    expect(await summary()).toMatchObject({ inspections: 1, rows: 2, worstFinding: 'repairImmediately' });
  });

  it('answers 404 for an unknown analysis and 400 for a malformed id', async () => {
    expect(
      (await t.call('GET', `/api/thermal-analysis/summary?thermalAnalysisId=${randomUUID()}`)).status,
    ).toBe(404);
    const bad = await t.call('GET', '/api/thermal-analysis/result?thermalAnalysisId=../../etc');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('thermalAnalysisId');
  });
});

describe('thermal measurements', () => {
  it('creates from JSON with derived ΔT and severity, reads by id, and persists the values', async () => {
    const a = await createThermalAnalysis(t);
    const m = await createThermalMeasurement(t, a.id, {
      maxTemperatureC: 61.3,
      referenceTemperatureC: 40.1,
      remarks: 'Hot lug',
    });
    expect(m).toMatchObject({
      deltaTC: 21.2,
      severity: 'repairImmediately',
      thermalImage: null,
      visualImage: null,
      version: 1,
    });
    const got = await t.call('GET', `/api/thermal-measurements/${m.id}`);
    expect(got.body.data).toMatchObject({ id: m.id, remarks: 'Hot lug', maxTemperatureC: 61.3 });
    const [row] = await t.db
      .select()
      .from(thermalMeasurementTable)
      .where(eq(thermalMeasurementTable.id, m.id));
    expect(row).toMatchObject({ maxTemperatureC: 61.3, remarks: 'Hot lug' });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, m.id));
    expect(audit.map((x) => x.action)).toEqual(['create']);
  });

  it('refuses missing required fields and wrong types with field details, storing nothing', async () => {
    const a = await createThermalAnalysis(t);
    const r = await t.call('POST', '/api/thermal-measurements', {
      thermalAnalysisId: a.id,
      maxTemperatureC: 'hot',
    });
    expect(r.status).toBe(400);
    const paths = r.body.error.details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(['date', 'maxTemperatureC', 'referenceTemperatureC']);
    const list = await t.call(
      'GET',
      `/api/thermal-measurements/by-thermal-analysis?thermalAnalysisId=${a.id}`,
    );
    expect(list.body.meta.totalCount).toBe(0);
  });

  it('pages by analysis with meta, searches, and lists a date for data input', async () => {
    const a = await createThermalAnalysis(t);
    for (let i = 1; i <= 7; i++) {
      await createThermalMeasurement(t, a.id, {
        date: `2026-10-0${i}`,
        component: i === 3 ? 'Busbar joint B2' : `Lug ${i}`,
      });
    }
    const p2 = await t.call(
      'GET',
      `/api/thermal-measurements/by-thermal-analysis?thermalAnalysisId=${a.id}&pageNumber=2&pageSize=3`,
    );
    expect(p2.status).toBe(200);
    expect(p2.body.meta).toEqual({
      pageNumber: 2,
      pageSize: 3,
      totalCount: 7,
      totalPages: 3,
      totalCountExact: true,
    });
    expect(p2.body.data.map((m: { date: string }) => m.date)).toEqual([
      '2026-10-04',
      '2026-10-03',
      '2026-10-02',
    ]);

    const found = await t.call('GET', '/api/thermal-measurements?search=busbar%20JOINT');
    expect(found.body.data.map((m: { component: string }) => m.component)).toEqual(['Busbar joint B2']);
    const literal = await t.call('GET', '/api/thermal-measurements?search=%25');
    expect(literal.body.meta.totalCount).toBe(0);

    const byId = await t.call('GET', `/api/thermal-measurements?id=${found.body.data[0].id}`);
    expect(byId.body.meta.totalCount).toBe(1);

    const day = await t.call(
      'GET',
      `/api/thermal-measurements/measurement-data-input?date=2026-10-05&thermalAnalysisId=${a.id}`,
    );
    expect(day.body.data).toHaveLength(1);
    expect(day.body.data[0].date).toBe('2026-10-05');
  });

  it('takes multipart with images, serves them back byte for byte, replaces and removes them', async () => {
    const a = await createThermalAnalysis(t);
    const form = multipart(
      {
        thermalAnalysisId: a.id,
        date: '2026-11-20',
        maxTemperatureC: '70.5',
        referenceTemperatureC: '40',
        remarks: '',
      },
      {
        thermalImage: { name: '../../IR 0001.png', type: 'image/png', bytes: pngBytes },
        visualImage: { name: 'DC_0001.jpg', type: 'image/jpeg', bytes: jpegBytes },
      },
    );
    const created = await t.call('POST', '/api/thermal-measurements', form);
    expect(created.status).toBe(201);
    const m = created.body.data;
    expect(m).toMatchObject({ maxTemperatureC: 70.5, remarks: null, severity: 'repairImmediately' });
    expect(m.thermalImage).toMatchObject({
      displayName: 'IR 0001.png',
      mediaType: 'image/png',
      size: pngBytes.length,
    });

    const file = await t.inject({
      method: 'GET',
      url: m.thermalImage.url,
      headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pngBytes)).toBe(true);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toContain('IR 0001.png');
    const anonymous = await t.inject({ method: 'GET', url: m.thermalImage.url });
    expect(anonymous.statusCode).toBe(401);

    // Replace the thermal image with a JPEG and empty the visual slot, by multipart update.
    const update = multipart(
      { visualImage: '', remarks: 'Re-shot', version: '1' },
      { thermalImage: { name: 'IR 0002.jpg', type: 'image/jpeg', bytes: jpegBytes } },
    );
    const updated = await t.call('PUT', `/api/thermal-measurements?id=${m.id}`, update);
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ remarks: 'Re-shot', visualImage: null, version: 2 });
    expect(updated.body.data.thermalImage).toMatchObject({
      mediaType: 'image/jpeg',
      displayName: 'IR 0002.jpg',
    });
    const rows = await t.db.select().from(attachments).where(eq(attachments.ownerId, m.id));
    expect(rows.map((r) => r.slot)).toEqual(['thermalImage']);

    // A multipart update with a stale version is refused like a JSON one, and changes nothing.
    const stale = await t.call(
      'PUT',
      `/api/thermal-measurements?id=${m.id}`,
      multipart({ remarks: 'Lost update', version: '1' }, {}),
    );
    expect(stale.status).toBe(409);
    const kept = await t.call('GET', `/api/thermal-measurements/${m.id}`);
    expect(kept.body.data).toMatchObject({ remarks: 'Re-shot', version: 2 });

    // A JSON update with null removes an image too.
    const cleared = await t.call('PUT', `/api/thermal-measurements?id=${m.id}`, { thermalImage: null });
    expect(cleared.body.data.thermalImage).toBeNull();
  });

  it('refuses an SVG and an oversize image with 4xx, keeping no row and no file', async () => {
    const a = await createThermalAnalysis(t);
    const blobsBefore = await blobCount();
    const fields = {
      thermalAnalysisId: a.id,
      date: '2026-11-20',
      maxTemperatureC: '50',
      referenceTemperatureC: '40',
    };
    // Each refusal is an error on its image slot, so a form can show it beside that image.
    const svg = multipart(fields, {
      visualImage: {
        name: 'x.png',
        type: 'image/png',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      },
    });
    const r1 = await t.call('POST', '/api/thermal-measurements', svg);
    expect(r1.status).toBe(415);
    expect(r1.body).toMatchObject({
      data: null,
      message: 'The visual image is not a JPEG, PNG, WebP or GIF',
      error: {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        details: [{ path: 'visualImage', message: 'The visual image is not a JPEG, PNG, WebP or GIF' }],
      },
    });

    const big = Buffer.concat([pngBytes, Buffer.alloc(100 * 1024)]);
    const huge = multipart(fields, { thermalImage: { name: 'big.png', type: 'image/png', bytes: big } });
    const r2 = await t.call('POST', '/api/thermal-measurements', huge);
    expect(r2.status).toBe(413);
    expect(r2.body.error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      details: [
        {
          path: 'thermalImage',
          message: 'The thermal image is too large: the file is larger than the limit of 64 KB',
        },
      ],
    });

    // Neither refused file was kept.
    expect(await blobCount()).toBe(blobsBefore);

    // A valid image with an invalid field: the image was stored before validation failed.
    const orphanBytes = Buffer.concat([pngBytes, Buffer.from('unique-bytes-1')]);
    const orphanKey = createHash('sha256').update(orphanBytes).digest('hex');
    const invalid = multipart(
      { ...fields, maxTemperatureC: 'very hot' },
      { visualImage: { name: 'v.png', type: 'image/png', bytes: orphanBytes } },
    );
    const r3 = await t.call('POST', '/api/thermal-measurements', invalid);
    expect(r3.status).toBe(400);
    expect(r3.body.error.details[0].path).toBe('maxTemperatureC');

    const list = await t.call(
      'GET',
      `/api/thermal-measurements/by-thermal-analysis?thermalAnalysisId=${a.id}`,
    );
    expect(list.body.meta.totalCount).toBe(0);
    expect(await t.db.select().from(attachments).where(eq(attachments.storageKey, orphanKey))).toEqual([]);

    // A measurement saved with an image; its client gave no usable file name.
    const kept = await t.call(
      'POST',
      '/api/thermal-measurements',
      multipart(fields, { thermalImage: { name: '..', type: 'image/png', bytes: pngBytes } }),
    );
    expect(kept.body.data.thermalImage.displayName).toBe('thermalImage.png');

    // The refused request took its file back at once; the sweep keeps every referenced file.
    await expect(t.files.get(orphanKey)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await sweepOrphanFiles(t.db, t.files, 0);
    const referenced = await t.db.select().from(attachments);
    expect(referenced.map((r) => r.ownerId)).toContain(kept.body.data.id);
    for (const a2 of referenced) await expect(t.files.get(a2.storageKey)).resolves.toBeDefined();
  });

  it('refuses multipart on a JSON-only call', async () => {
    const form = multipart({ reportHeaderId: randomUUID() });
    const r = await t.call('POST', '/api/thermal-analysis', form);
    expect(r.status).toBe(415);
  });

  it('deletes with ?id=, answers 404 after, and refuses deleting an analysis that has measurements', async () => {
    const a = await createThermalAnalysis(t);
    const m = await createThermalMeasurement(t, a.id);
    const report = await t.call('DELETE', `/api/report-headers/${a.reportHeaderId}`);
    expect(report.status).toBe(409);
    expect(report.body.message).toMatch(/delete those first/);

    const d = await t.call('DELETE', `/api/thermal-measurements?id=${m.id}`);
    expect(d.status).toBe(200);
    expect(d.body.data).toEqual({ id: m.id });
    expect((await t.call('GET', `/api/thermal-measurements/${m.id}`)).status).toBe(404);
    expect((await t.call('DELETE', `/api/thermal-measurements?id=${m.id}`)).status).toBe(404);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, m.id));
    expect(audit.map((x) => x.action).sort()).toEqual(['create', 'delete']);
  });
});
