import { randomUUID } from 'node:crypto';
import { vciAnalysis } from '@inspectra/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableOf } from '../src/db/schema/index.ts';
import {
  createReportHeader,
  createRole,
  createUser,
  jpegBytes,
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

type Family = 'pipe' | 'pipeline';

/** A report's analysis of one family, as the first read creates it. */
async function analysisOf(family: Family, reportHeaderId?: string) {
  const report = reportHeaderId ?? (await createReportHeader(t, { inspectionMethod: 'vci' })).id;
  const r = await t.call('GET', `/api/vci-analysis-${family}/by-report?reportHeaderId=${report}`);
  expect(r.status).toBe(200);
  return r.body.data;
}

let spotNumber = 0;
async function createSummary(family: Family, vciAnalysisId: string, overrides: Record<string, unknown> = {}) {
  const r = await t.call('POST', `/api/vci-summary-${family}`, {
    vciAnalysisId,
    measurementDate: '2026-11-20',
    location: 'Rack 3, north side',
    feature: 'crack',
    severity: 'low',
    vciSpotNumber: `S-${++spotNumber}`,
    summaryImages: [],
    ...overrides,
  });
  if (r.status !== 201) throw new Error(`vci summary: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

const photo = (name: string, bytes = pngBytes) => ({
  name,
  type: bytes === pngBytes ? 'image/png' : 'image/jpeg',
  bytes,
});

describe('VCI analysis', () => {
  it('is created on the first read of a report, and the same one is returned after', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'vci' });
    const first = await analysisOf('pipe', report.id);
    expect(first).toMatchObject({
      reportHeaderId: report.id,
      variant: 'pipe',
      version: 1,
      finding: null,
      drawingImage: null,
      isometricImage: null,
    });
    expect(first.vciAnalysisId).toBe(first.id);
    const again = await analysisOf('pipe', report.id);
    expect(again.id).toBe(first.id);

    // The pipeline analysis of the same report is another record.
    const pipeline = await analysisOf('pipeline', report.id);
    expect(pipeline.id).not.toBe(first.id);
    expect(pipeline.variant).toBe('pipeline');
  });

  it('is not created by the read of a caller who may only view: nothing is there, and it says so', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'vci' });
    const viewer = await createUser(t, {
      roleId: (
        await createRole(t, [
          { module: 'vci', action: 'view' },
          { module: 'reportHeader', action: 'view' },
        ])
      ).id,
    });
    const token = (await t.login(viewer.username, viewer.password)).json().data.accessToken as string;
    const read = await t.call(
      'GET',
      `/api/vci-analysis-pipe/by-report?reportHeaderId=${report.id}`,
      undefined,
      token,
    );
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ data: null, message: expect.stringMatching(/^No VCI analysis yet$/i) });
    const stored = await t.db
      .select()
      .from(tableOf(vciAnalysis))
      .where(eq(tableOf(vciAnalysis).reportHeaderId, report.id));
    expect(stored).toEqual([]);
    // A caller who may create gets it made on the same read.
    expect((await analysisOf('pipe', report.id)).reportHeaderId).toBe(report.id);
  });

  it('is created once when two first reads run at once', async () => {
    const report = await createReportHeader(t);
    const reads = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.call('GET', `/api/vci-analysis-pipe/by-report?reportHeaderId=${report.id}`),
      ),
    );
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(reads.map((r) => r.body.data.id)).size).toBe(1);
    const table = tableOf(vciAnalysis);
    const rows = await t.db.select().from(table).where(eq(table.reportHeaderId, report.id));
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for an unknown report and creates nothing', async () => {
    const unknown = randomUUID();
    const r = await t.call('GET', `/api/vci-analysis-pipe/by-report?reportHeaderId=${unknown}`);
    expect(r.status).toBe(404);
    const table = tableOf(vciAnalysis);
    expect(await t.db.select().from(table).where(eq(table.reportHeaderId, unknown))).toHaveLength(0);
  });

  it('is updated by PUT ?id= as multipart with the drawing and the isometric', async () => {
    const a = await analysisOf('pipe');
    const r = await t.call(
      'PUT',
      `/api/vci-analysis-pipe?id=${a.id}`,
      multipart(
        { version: '1', measurementDate: '2026-11-21', finding: 'Two cracks at the weld toe' },
        { drawingImage: photo('drawing.png'), isometricImage: photo('iso.jpg', jpegBytes) },
      ),
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      id: a.id,
      version: 2,
      measurementDate: '2026-11-21',
      finding: 'Two cracks at the weld toe',
      drawingImage: { slot: 'drawingImage', mediaType: 'image/png', displayName: 'drawing.png' },
      isometricImage: { slot: 'isometricImage', mediaType: 'image/jpeg', displayName: 'iso.jpg' },
    });
    const file = await t.inject({
      method: 'GET',
      url: r.body.data.isometricImage.url,
      headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(jpegBytes)).toBe(true);

    // Only the isometric replaced; the drawing stays.
    const again = await t.call(
      'PUT',
      `/api/vci-analysis-pipe?id=${a.id}`,
      multipart({ analysis: 'Fatigue' }, { isometricImage: photo('iso-2.png') }),
    );
    expect(again.status).toBe(200);
    expect(again.body.data.drawingImage.id).toBe(r.body.data.drawingImage.id);
    expect(again.body.data.isometricImage).toMatchObject({
      displayName: 'iso-2.png',
      mediaType: 'image/png',
    });
    expect((await analysisOf('pipe', a.reportHeaderId)).analysis).toBe('Fatigue');
  });

  it('refuses a JSON update, a PDF as the drawing, and a pipe analysis on the pipeline path', async () => {
    const a = await analysisOf('pipe');
    const json = await t.call('PUT', `/api/vci-analysis-pipe?id=${a.id}`, { finding: 'x' });
    expect(json.status).toBe(415);
    const pdf = await t.call(
      'PUT',
      `/api/vci-analysis-pipe?id=${a.id}`,
      multipart({}, { drawingImage: { name: 'd.png', type: 'image/png', bytes: Buffer.from('%PDF-1.7\n') } }),
    );
    expect(pdf.status).toBe(415);
    expect(pdf.body.error.details[0].path).toBe('drawingImage');
    const other = await t.call(
      'PUT',
      `/api/vci-analysis-pipeline?id=${a.id}`,
      multipart({ finding: 'wrong family' }),
    );
    expect(other.status).toBe(404);
    expect((await analysisOf('pipe', a.reportHeaderId)).finding).toBeNull();
  });
});

describe('VCI summaries', () => {
  it('are listed by-analysis for pipe and by-reporting for pipeline; the other pair is 404', async () => {
    const pipe = await analysisOf('pipe');
    const pipeline = await analysisOf('pipeline');
    const a = await createSummary('pipe', pipe.id);
    const b = await createSummary('pipeline', pipeline.id);

    const pipeList = await t.call('GET', `/api/vci-summary-pipe/by-analysis?vciAnalysisId=${pipe.id}`);
    expect(pipeList.status).toBe(200);
    expect(pipeList.body.data.map((s: { id: string }) => s.id)).toEqual([a.id]);
    const pipelineList = await t.call(
      'GET',
      `/api/vci-summary-pipeline/by-reporting?vciAnalysisId=${pipeline.id}`,
    );
    expect(pipelineList.status).toBe(200);
    expect(pipelineList.body.data.map((s: { id: string }) => s.id)).toEqual([b.id]);

    expect((await t.call('GET', `/api/vci-summary-pipe/by-reporting?vciAnalysisId=${pipe.id}`)).status).toBe(
      404,
    );
    expect(
      (await t.call('GET', `/api/vci-summary-pipeline/by-analysis?vciAnalysisId=${pipeline.id}`)).status,
    ).toBe(404);
    // A pipeline analysis is not found among pipe ones.
    expect(
      (await t.call('GET', `/api/vci-summary-pipe/by-analysis?vciAnalysisId=${pipeline.id}`)).status,
    ).toBe(404);
  });

  it('are created as JSON with an empty photo list, and refused under another family', async () => {
    const pipe = await analysisOf('pipe');
    const s = await createSummary('pipe', pipe.id, {
      feature: 'coatingDamage',
      segmentPipingNumber: 'P-101-A',
      remarks: 'Holiday at 6 o’clock',
    });
    expect(s).toMatchObject({
      vciAnalysisId: pipe.id,
      variant: 'pipe',
      feature: 'coatingDamage',
      segmentPipingNumber: 'P-101-A',
      summaryImages: [],
    });
    const wrong = await t.call('POST', '/api/vci-summary-pipeline', {
      vciAnalysisId: pipe.id,
      measurementDate: '2026-11-20',
      location: 'x',
      feature: 'crack',
      severity: 'low',
      summaryImages: [],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details[0].path).toBe('vciAnalysisId');
    const unknownFeature = await t.call('POST', '/api/vci-summary-pipe', {
      vciAnalysisId: pipe.id,
      measurementDate: '2026-11-20',
      location: 'x',
      feature: 'rust',
      severity: 'low',
    });
    expect(unknownFeature.status).toBe(400);
    expect(unknownFeature.body.error.details[0].path).toBe('feature');
  });

  it('are created as multipart with typed photos, in the order the list gives', async () => {
    const pipe = await analysisOf('pipe');
    const r = await t.call(
      'POST',
      '/api/vci-summary-pipe',
      multipart(
        {
          vciAnalysisId: pipe.id,
          measurementDate: '2026-11-20',
          location: 'Elbow E-4',
          feature: 'dent',
          severity: 'medium',
          summaryImages: JSON.stringify([
            { file: 1, imageType: 'closeUp', displayName: 'Dent close-up' },
            { file: 0, imageType: 'overview' },
          ]),
        },
        { summaryImages: [photo('overview.png'), photo('close.jpg', jpegBytes)] },
      ),
    );
    expect(r.status).toBe(201);
    expect(r.body.data.summaryImages).toMatchObject([
      { position: 0, imageType: 'closeUp', displayName: 'Dent close-up', mediaType: 'image/jpeg' },
      { position: 1, imageType: 'overview', displayName: 'overview.png', mediaType: 'image/png' },
    ]);
  });

  it('refuses photos without a type or with an undeclared type, storing nothing', async () => {
    const pipe = await analysisOf('pipe');
    const fields = {
      vciAnalysisId: pipe.id,
      measurementDate: '2026-11-20',
      location: 'Untyped',
      feature: 'crack',
      severity: 'low',
    };
    const untyped = await t.call(
      'POST',
      '/api/vci-summary-pipe',
      multipart(fields, { summaryImages: [photo('a.png')] }),
    );
    expect(untyped.status).toBe(400);
    expect(untyped.body.error.details[0].path).toMatch(/^summaryImages/);
    const undeclared = await t.call(
      'POST',
      '/api/vci-summary-pipe',
      multipart(
        { ...fields, summaryImages: JSON.stringify([{ file: 0, imageType: 'selfie' }]) },
        { summaryImages: [photo('a.png')] },
      ),
    );
    expect(undeclared.status).toBe(400);
    // A summary holds at most 20 photos (the image list's declared bound).
    const tooMany = await t.call(
      'POST',
      '/api/vci-summary-pipe',
      multipart(
        {
          ...fields,
          summaryImages: JSON.stringify(
            Array.from({ length: 21 }, (_, file) => ({ file, imageType: 'other' })),
          ),
        },
        { summaryImages: Array.from({ length: 21 }, (_, i) => photo(`${i}.png`)) },
      ),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/at most 20/);
    const list = await t.call('GET', `/api/vci-summary-pipe/by-analysis?vciAnalysisId=${pipe.id}`);
    expect(list.body.data).toEqual([]);
  });
});

describe('VCI summaries grouped by feature', () => {
  it('give per feature the count, the spots worst first and the worst severity; absent features are left out', async () => {
    const pipeline = await analysisOf('pipeline');
    const crackLow = await createSummary('pipeline', pipeline.id, { feature: 'crack', severity: 'low' });
    const crackHigh = await createSummary('pipeline', pipeline.id, { feature: 'crack', severity: 'high' });
    const crackMedium = await createSummary('pipeline', pipeline.id, {
      feature: 'crack',
      severity: 'medium',
    });
    const corrosion = await createSummary('pipeline', pipeline.id, {
      feature: 'corrosion',
      severity: 'critical',
    });
    const leak = await createSummary('pipeline', pipeline.id, { feature: 'leak', severity: 'medium' });
    // Another analysis's spots never count here.
    await createSummary('pipeline', (await analysisOf('pipeline')).id, {
      feature: 'dent',
      severity: 'critical',
    });

    const r = await t.call(
      'GET',
      `/api/vci-summary-pipeline/grouped-by-feature?vciAnalysisId=${pipeline.id}`,
    );
    expect(r.status).toBe(200);
    const groups = r.body.data as {
      feature: string;
      count: number;
      worstSeverity: string;
      spots: { id: string }[];
    }[];
    // In the declared order of features.
    expect(groups.map((g) => g.feature)).toEqual(['crack', 'corrosion', 'leak']);
    expect(groups[0]).toMatchObject({ count: 3, worstSeverity: 'high' });
    expect(groups[0]!.spots.map((s) => s.id)).toEqual([crackHigh.id, crackMedium.id, crackLow.id]);
    expect(groups[1]).toMatchObject({ count: 1, worstSeverity: 'critical' });
    expect(groups[1]!.spots.map((s) => s.id)).toEqual([corrosion.id]);
    expect(groups[2]).toMatchObject({ count: 1, worstSeverity: 'medium', spots: [{ id: leak.id }] });
    expect(groups[0]!.spots[0]).toMatchObject({ summaryImages: [], vciAnalysisId: pipeline.id });
  });

  it('is empty for an analysis without spots, and refuses another family or an unknown analysis', async () => {
    const pipe = await analysisOf('pipe');
    const empty = await t.call('GET', `/api/vci-summary-pipe/grouped-by-feature?vciAnalysisId=${pipe.id}`);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual([]);
    const other = await t.call(
      'GET',
      `/api/vci-summary-pipeline/grouped-by-feature?vciAnalysisId=${pipe.id}`,
    );
    expect(other.status).toBe(404);
    const unknown = await t.call(
      'GET',
      `/api/vci-summary-pipe/grouped-by-feature?vciAnalysisId=${randomUUID()}`,
    );
    expect(unknown.status).toBe(404);
    const bad = await t.call('GET', '/api/vci-summary-pipe/grouped-by-feature?vciAnalysisId=nope');
    expect(bad.status).toBe(400);
  });
});

describe("the report page's figures", () => {
  it('give per technique and class the inspections, rows, worst finding and files, in one call', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'vci' });
    const analysis = await analysisOf('pipe', report.id);
    await createSummary('pipe', analysis.id, { severity: 'low' });
    await createSummary('pipe', analysis.id, { severity: 'high' });
    await createSummary('pipe', analysis.id, { severity: 'high' });
    const photographed = await t.call(
      'POST',
      '/api/vci-summary-pipe',
      multipart(
        {
          vciAnalysisId: analysis.id,
          measurementDate: '2026-11-20',
          location: 'Rack 4',
          feature: 'pitting',
          severity: 'medium',
          vciSpotNumber: `S-${++spotNumber}`,
          summaryImages: JSON.stringify([{ file: 0, imageType: 'overview' }]),
        },
        { summaryImages: photo('spot.png') },
      ),
    );
    expect(photographed.status, JSON.stringify(photographed.body)).toBe(201);
    const walk = await t.call(
      'POST',
      '/api/walkthrough-inspection-pipeline',
      multipart({ reportHeaderId: report.id, inspectionDate: '2026-11-10' }),
    );
    expect(walk.status, JSON.stringify(walk.body)).toBe(201);

    const r = await t.call('GET', `/api/report-headers/${report.id}/techniques`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // Rows per grade, counted by the server, least severe first: for the class and per inspection.
    const byGrade = [
      { level: 'low', rows: 1 },
      { level: 'medium', rows: 1 },
      { level: 'high', rows: 2 },
    ];
    expect(r.body.data).toEqual([
      {
        technique: 'vci',
        variant: 'pipe',
        inspections: 1,
        rows: 4,
        worstFinding: 'high',
        byGrade,
        perInspection: [{ id: analysis.id, rows: 4, byGrade }],
      },
      {
        technique: 'walkthrough',
        variant: 'pipeline',
        inspections: 1,
        rows: 0,
        worstFinding: null,
        byGrade: [],
        perInspection: [{ id: walk.body.data.id, rows: 0, byGrade: [] }],
      },
    ]);
    // Read again, the report's first technique expected: its figures come with the probe, the same.
    const again = await t.call('GET', `/api/report-headers/${report.id}/techniques`);
    expect(again.body.data).toEqual(r.body.data);
    // Expected and gone (its analysis deleted): the probe says so, and nothing of it is answered.
    await t.db.execute(sql`delete from vci_summary where vci_analysis_id = ${analysis.id}`);
    await t.db.execute(sql`delete from vci_analysis where id = ${analysis.id}`);
    const without = await t.call('GET', `/api/report-headers/${report.id}/techniques`);
    expect(without.body.data).toEqual([r.body.data[1]]);
    // A role that may not view VCI is told nothing of it.
    const viewer = await createUser(t, {
      roleId: (
        await createRole(t, [
          { module: 'reportHeader', action: 'view' },
          { module: 'walkthrough', action: 'view' },
        ])
      ).id,
    });
    const token = (await t.login(viewer.username, viewer.password)).json().data.accessToken as string;
    const limited = await t.call('GET', `/api/report-headers/${report.id}/techniques`, undefined, token);
    expect(limited.body.data.map((s: { technique: string }) => s.technique)).toEqual(['walkthrough']);
  });
});
