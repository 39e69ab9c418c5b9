import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportHeader, jpegBytes, multipart, pngBytes, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Family = 'pipe' | 'pipeline';
type Row = { id: string };
const ids = (rows: Row[]) => rows.map((r) => r.id);
const isometric = { name: 'isometric.png', type: 'image/png', bytes: pngBytes };

/** An inspection created as the web creates it: multipart, with or without the isometric. */
async function createInspection(
  family: Family,
  reportHeaderId: string,
  fields: Record<string, string> = {},
  withIsometric = false,
) {
  const r = await t.call(
    'POST',
    `/api/walkthrough-inspection-${family}`,
    multipart(
      { reportHeaderId, inspectionDate: '2026-11-10', ...fields },
      withIsometric ? { isometricImage: isometric } : {},
    ),
  );
  if (r.status !== 201) throw new Error(`walkthrough inspection: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

async function createFinding(
  family: Family,
  walkthroughInspectionId: string,
  overrides: Record<string, unknown> = {},
) {
  const r = await t.call('POST', `/api/walkthrough-summary-${family}`, {
    walkthroughInspectionId,
    inspectionDate: '2026-11-10',
    inspectionArea: 'Pipe rack PR-2',
    finding: 'Support shoe displaced',
    condition: 'fair',
    severity: 'medium',
    summaryImages: [],
    ...overrides,
  });
  if (r.status !== 201) throw new Error(`walkthrough finding: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

describe('walkthrough inspections', () => {
  it('are listed per family with paging, search, report and date range filters', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'walkthrough' });
    const other = await createReportHeader(t);
    const early = await createInspection('pipeline', report.id, {
      inspectionDate: '2026-10-01',
      finding: 'Coating blisters near KP 12',
    });
    const middle = await createInspection('pipeline', report.id, { inspectionDate: '2026-10-15' });
    const late = await createInspection('pipeline', report.id, {
      inspectionDate: '2026-11-01',
      remarks: 'Blisters again, wider',
    });
    const elsewhere = await createInspection('pipeline', other.id, { inspectionDate: '2026-10-15' });
    const pipe = await createInspection('pipe', report.id, { inspectionDate: '2026-10-15' });

    const base = '/api/walkthrough-inspection-pipeline';
    const byReport = await t.call('GET', `${base}?reportHeaderId=${report.id}&pageSize=2&pageNumber=1`);
    expect(byReport.status).toBe(200);
    // Newest inspection first; only pipeline inspections of that report.
    expect(ids(byReport.body.data)).toEqual([late.id, middle.id]);
    expect(byReport.body.meta).toMatchObject({ pageNumber: 1, pageSize: 2, totalCount: 3, totalPages: 2 });
    const page2 = await t.call('GET', `${base}?reportHeaderId=${report.id}&pageSize=2&pageNumber=2`);
    expect(ids(page2.body.data)).toEqual([early.id]);

    const search = await t.call('GET', `${base}?reportHeaderId=${report.id}&search=blisters`);
    expect(ids(search.body.data).sort()).toEqual([early.id, late.id].sort());

    const range = await t.call(
      'GET',
      `${base}?inspectionDateStart=2026-10-15&inspectionDateEnd=2026-10-15&pageSize=200`,
    );
    expect(ids(range.body.data).sort()).toEqual([middle.id, elsewhere.id].sort());
    const from = await t.call('GET', `${base}?reportHeaderId=${report.id}&inspectionDateStart=2026-10-02`);
    expect(ids(from.body.data)).toEqual([late.id, middle.id]);
    const until = await t.call('GET', `${base}?reportHeaderId=${report.id}&inspectionDateEnd=2026-10-14`);
    expect(ids(until.body.data)).toEqual([early.id]);

    const pipeList = await t.call('GET', `/api/walkthrough-inspection-pipe?reportHeaderId=${report.id}`);
    expect(ids(pipeList.body.data)).toEqual([pipe.id]);

    const bad = await t.call('GET', `${base}?inspectionDateStart=last-week`);
    expect(bad.status).toBe(400);
  });

  it('are read by ?id= and by report, each within its family', async () => {
    const report = await createReportHeader(t);
    const a = await createInspection('pipe', report.id, { inspectionDate: '2026-09-01' });
    const b = await createInspection('pipe', report.id, { inspectionDate: '2026-09-02' });
    const pipeline = await createInspection('pipeline', report.id);

    const one = await t.call('GET', `/api/walkthrough-inspection-pipe?id=${a.id}`);
    expect(one.status).toBe(200);
    expect(ids(one.body.data)).toEqual([a.id]);
    expect(one.body.data[0]).toMatchObject({ walkthroughInspectionId: a.id, reportHeaderId: report.id });
    const wrongFamily = await t.call('GET', `/api/walkthrough-inspection-pipeline?id=${a.id}`);
    expect(wrongFamily.body.data).toEqual([]);

    const byReport = await t.call(
      'GET',
      `/api/walkthrough-inspection-pipe/by-report?reportHeaderId=${report.id}`,
    );
    expect(byReport.status).toBe(200);
    expect(ids(byReport.body.data)).toEqual([b.id, a.id]);
    const pipelineByReport = await t.call(
      'GET',
      `/api/walkthrough-inspection-pipeline/by-report?reportHeaderId=${report.id}`,
    );
    expect(ids(pipelineByReport.body.data)).toEqual([pipeline.id]);
    const unknown = await t.call(
      'GET',
      `/api/walkthrough-inspection-pipe/by-report?reportHeaderId=${randomUUID()}`,
    );
    expect(unknown.status).toBe(404);
  });

  it('are created and updated as multipart with the isometric, and deleted by ?id=', async () => {
    const report = await createReportHeader(t);
    const created = await createInspection(
      'pipeline',
      report.id,
      { finding: 'Vegetation over the line at KP 4' },
      true,
    );
    expect(created).toMatchObject({
      variant: 'pipeline',
      inspectionDate: '2026-11-10',
      finding: 'Vegetation over the line at KP 4',
      isometricImage: { slot: 'isometricImage', mediaType: 'image/png', displayName: 'isometric.png' },
    });

    const json = await t.call('POST', '/api/walkthrough-inspection-pipeline', {
      reportHeaderId: report.id,
      inspectionDate: '2026-11-10',
    });
    expect(json.status).toBe(415);
    const missingDate = await t.call(
      'POST',
      '/api/walkthrough-inspection-pipeline',
      multipart({ reportHeaderId: report.id }),
    );
    expect(missingDate.status).toBe(400);
    expect(missingDate.body.error.details[0].path).toBe('inspectionDate');

    const updated = await t.call(
      'PUT',
      `/api/walkthrough-inspection-pipeline?id=${created.id}`,
      multipart(
        { version: '1', recommendation: 'Clear the right of way' },
        { isometricImage: { name: 'iso-rev-b.jpg', type: 'image/jpeg', bytes: jpegBytes } },
      ),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      version: 2,
      finding: 'Vegetation over the line at KP 4',
      recommendation: 'Clear the right of way',
      isometricImage: { displayName: 'iso-rev-b.jpg', mediaType: 'image/jpeg' },
    });
    const stale = await t.call(
      'PUT',
      `/api/walkthrough-inspection-pipeline?id=${created.id}`,
      multipart({ version: '1', remarks: 'late edit' }),
    );
    expect(stale.status).toBe(409);
    const cleared = await t.call(
      'PUT',
      `/api/walkthrough-inspection-pipeline?id=${created.id}`,
      multipart({ isometricImage: '' }),
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.isometricImage).toBeNull();
    const pipePath = await t.call(
      'PUT',
      `/api/walkthrough-inspection-pipe?id=${created.id}`,
      multipart({ remarks: 'wrong family' }),
    );
    expect(pipePath.status).toBe(404);

    expect((await t.call('DELETE', `/api/walkthrough-inspection-pipe?id=${created.id}`)).status).toBe(404);
    const removed = await t.call('DELETE', `/api/walkthrough-inspection-pipeline?id=${created.id}`);
    expect(removed.status).toBe(200);
    const gone = await t.call('GET', `/api/walkthrough-inspection-pipeline?id=${created.id}`);
    expect(gone.body.data).toEqual([]);
  });

  it('refuses to delete an inspection that still has findings, with a clear 409', async () => {
    const report = await createReportHeader(t);
    const inspection = await createInspection('pipe', report.id);
    const finding = await createFinding('pipe', inspection.id);
    const refused = await t.call('DELETE', `/api/walkthrough-inspection-pipe?id=${inspection.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('CONFLICT');
    expect(refused.body.message).toMatch(/still has walkthrough finding records; delete those first/);
    const still = await t.call('GET', `/api/walkthrough-inspection-pipe?id=${inspection.id}`);
    expect(ids(still.body.data)).toEqual([inspection.id]);

    expect((await t.call('DELETE', `/api/walkthrough-summary-pipe?id=${finding.id}`)).status).toBe(200);
    expect((await t.call('DELETE', `/api/walkthrough-inspection-pipe?id=${inspection.id}`)).status).toBe(200);
  });
});

describe('walkthrough findings', () => {
  it('are listed (paged, per family), read by /details?id= and by inspection', async () => {
    const report = await createReportHeader(t);
    const inspection = await createInspection('pipeline', report.id);
    const otherInspection = await createInspection('pipeline', report.id);
    const older = await createFinding('pipeline', inspection.id, {
      inspectionDate: '2026-11-01',
      inspectionArea: 'Valve station VS-7',
    });
    const newer = await createFinding('pipeline', inspection.id, { inspectionDate: '2026-11-05' });
    const elsewhere = await createFinding('pipeline', otherInspection.id);

    const byInspection = await t.call(
      'GET',
      `/api/walkthrough-summary-pipeline/by-inspection?inspectionId=${inspection.id}`,
    );
    expect(byInspection.status).toBe(200);
    expect(ids(byInspection.body.data)).toEqual([newer.id, older.id]);
    expect(
      (await t.call('GET', `/api/walkthrough-summary-pipe/by-inspection?inspectionId=${inspection.id}`))
        .status,
    ).toBe(404);

    const details = await t.call('GET', `/api/walkthrough-summary-pipeline/details?id=${older.id}`);
    expect(details.status).toBe(200);
    expect(details.body.data).toMatchObject({
      id: older.id,
      walkthroughInspectionId: inspection.id,
      inspectionArea: 'Valve station VS-7',
      condition: 'fair',
      severity: 'medium',
      summaryImages: [],
    });
    expect((await t.call('GET', `/api/walkthrough-summary-pipe/details?id=${older.id}`)).status).toBe(404);

    const list = await t.call('GET', '/api/walkthrough-summary-pipeline?pageSize=2&search=VS-7');
    expect(list.status).toBe(200);
    expect(ids(list.body.data)).toEqual([older.id]);
    const page = await t.call('GET', '/api/walkthrough-summary-pipeline?pageSize=2');
    expect(page.body.data).toHaveLength(2);
    expect(page.body.meta).toMatchObject({ pageNumber: 1, pageSize: 2 });
    expect(page.body.meta.totalCount).toBeGreaterThanOrEqual(3);
    const all = await t.call('GET', '/api/walkthrough-summary-pipeline?pageSize=200');
    expect(ids(all.body.data)).toEqual(expect.arrayContaining([older.id, newer.id, elsewhere.id]));
    const pipeAll = await t.call('GET', '/api/walkthrough-summary-pipe?pageSize=200');
    expect(ids(pipeAll.body.data)).not.toContain(older.id);
  });

  it('are created with condition, severity and typed photos, updated by ?id= and deleted by ?id=', async () => {
    const report = await createReportHeader(t);
    const inspection = await createInspection('pipeline', report.id);
    const created = await t.call(
      'POST',
      '/api/walkthrough-summary-pipeline',
      multipart(
        {
          walkthroughInspectionId: inspection.id,
          inspectionDate: '2026-11-10',
          inspectionArea: 'Road crossing RC-3',
          finding: 'Casing vent leaking',
          condition: 'poor',
          severity: 'high',
          recommendation: 'Reseal the vent',
          summaryImages: JSON.stringify([
            { file: 0, imageType: 'leak', displayName: 'Vent' },
            { file: 1, imageType: 'overview' },
            { file: 2, imageType: 'closeUp' },
          ]),
        },
        {
          summaryImages: [
            { name: 'vent.jpg', type: 'image/jpeg', bytes: jpegBytes },
            { name: 'crossing.png', type: 'image/png', bytes: pngBytes },
            { name: 'detail.png', type: 'image/png', bytes: pngBytes },
          ],
        },
      ),
    );
    expect(created.status).toBe(201);
    const f = created.body.data;
    expect(f).toMatchObject({
      condition: 'poor',
      severity: 'high',
      recommendation: 'Reseal the vent',
      summaryImages: [
        { imageType: 'leak', displayName: 'Vent' },
        { imageType: 'overview', displayName: 'crossing.png' },
        { imageType: 'closeUp' },
      ],
    });

    const badCondition = await t.call('POST', '/api/walkthrough-summary-pipeline', {
      walkthroughInspectionId: inspection.id,
      inspectionDate: '2026-11-10',
      inspectionArea: 'x',
      finding: 'x',
      condition: 'excellent',
      severity: 'low',
    });
    expect(badCondition.status).toBe(400);
    expect(badCondition.body.error.details[0].path).toBe('condition');
    const wrongFamily = await createInspection('pipe', report.id);
    const crossed = await t.call('POST', '/api/walkthrough-summary-pipeline', {
      walkthroughInspectionId: wrongFamily.id,
      inspectionDate: '2026-11-10',
      inspectionArea: 'x',
      finding: 'x',
      condition: 'good',
      severity: 'low',
    });
    expect(crossed.status).toBe(400);
    expect(crossed.body.error.details[0].path).toBe('walkthroughInspectionId');

    // Remove the middle photo, put the close-up first and fix the condition.
    const [leak, , closeUp] = f.summaryImages;
    const updated = await t.call('PUT', `/api/walkthrough-summary-pipeline?id=${f.id}`, {
      version: 1,
      condition: 'bad',
      summaryImages: [{ id: closeUp.id }, { id: leak.id }],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.condition).toBe('bad');
    expect(updated.body.data.summaryImages).toMatchObject([
      { id: closeUp.id, position: 0, imageType: 'closeUp' },
      { id: leak.id, position: 1, imageType: 'leak' },
    ]);
    const details = await t.call('GET', `/api/walkthrough-summary-pipeline/details?id=${f.id}`);
    expect(details.body.data).toMatchObject({ version: 2, condition: 'bad' });
    expect(details.body.data.summaryImages).toHaveLength(2);

    expect((await t.call('DELETE', `/api/walkthrough-summary-pipe?id=${f.id}`)).status).toBe(404);
    const removed = await t.call('DELETE', `/api/walkthrough-summary-pipeline?id=${f.id}`);
    expect(removed.status).toBe(200);
    expect((await t.call('GET', `/api/walkthrough-summary-pipeline/details?id=${f.id}`)).status).toBe(404);
  });
});
