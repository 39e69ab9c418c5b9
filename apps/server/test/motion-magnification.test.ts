import type { motionMagnificationVariants } from '@inspectra/contract';
import { motionMagnificationSummary } from '@inspectra/contract';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableOf } from '../src/db/schema/index.ts';
import { derivedSql } from '../src/engine/derived-sql.ts';
import { mp4Head, pdfBytes } from './document-bytes.ts';
import { pdfText } from './pdf-text.ts';
import { createReportHeader, jpegBytes, multipart, pngBytes, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  // A small video limit, so a recording past it is refused without sending gigabytes.
  t = await startTestApp({ maxVideoBytes: 64 * 1024 });
});
afterAll(() => t.close());

type Variant = (typeof motionMagnificationVariants)[number];
const png = (name: string) => ({ name, type: 'image/png', bytes: pngBytes });
const jpeg = (name: string) => ({ name, type: 'image/jpeg', bytes: jpegBytes });
/** An MP4 as a camera writes it: its head, then media data to read in part. */
const video = Buffer.concat([mp4Head, Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251))]);
const mp4 = { name: 'PV-101 north.mp4', type: 'video/mp4', bytes: video };

const analysisPath = (v: Variant) => `/api/motion-magnification-analysis-${v}`;
/** SPEC 7: the pipe's summaries have no class in their path. */
const summaryPath = (v: Variant) =>
  v === 'pipe' ? '/api/motion-magnification-summary' : `/api/motion-magnification-summary-${v}`;

async function createAnalysis(variant: Variant, reportHeaderId: string) {
  const r = await t.call(
    'POST',
    analysisPath(variant),
    multipart(
      {
        reportHeaderId,
        measurementDate: '2026-11-18',
        finding: 'The discharge line sways laterally at the second support.',
        diagnosis: 'Resonance of the span near 1× pump speed',
      },
      { isometricImage: png('iso.png'), overallDeflectionDirectionImage: jpeg('deflection.jpg') },
    ),
  );
  if (r.status !== 201) throw new Error(`analysis: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** A summary as the original client sends it: multipart, the photos typed by the list's JSON. */
function createSummary(
  variant: Variant,
  analysisId: string,
  fields: Record<string, string> = {},
  files: Parameters<typeof multipart>[1] = { summaryImages: png('frame.png') },
) {
  return t.call(
    'POST',
    summaryPath(variant),
    multipart(
      {
        motionMagnificationAnalysisId: analysisId,
        measurementDate: '2026-11-18',
        shootingAreaOrCameraDirection: 'North side, grade level, facing the discharge elbow',
        dominantFrequencyHz: '24.5',
        velAmplitude: '8.2',
        dispAmplitude: '106',
        finding: 'Lateral sway of the elbow',
        summaryImages: JSON.stringify([{ file: 0, imageType: 'magnifiedFrame' }]),
        ...fields,
      },
      files,
    ),
  );
}

describe('motion magnification analyses', () => {
  it('keeps the classes apart: another class’s analysis is not found on this path', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'motionMagnification' });
    const tank = await createAnalysis('storage-tank', report.id);
    expect((await t.call('GET', `${analysisPath('pipe')}?id=${tank.id}`)).status).toBe(404);
    const pipe = await t.call('GET', `${analysisPath('pipe')}/by-report?reportHeaderId=${report.id}`);
    expect(pipe.body.data).toBeNull();
  });
});

describe('motion magnification summaries', () => {
  it('on the pipe path, an update names the summary in its body: an id in the query alone is refused', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'motionMagnification' });
    const analysis = await createAnalysis('pipe', report.id);
    const summary = (await createSummary('pipe', analysis.id)).body.data;

    const inQuery = await t.call('PUT', `${summaryPath('pipe')}?id=${summary.id}`, {
      velAmplitude: 60,
      version: 1,
    });
    expect(inQuery.status).toBe(400);
    expect(inQuery.body.error.details).toEqual([
      expect.objectContaining({
        path: 'id',
        message: expect.stringMatching(/in its body, not in the query/),
      }),
    ]);
    const inQueryMultipart = await t.call(
      'PUT',
      `${summaryPath('pipe')}?id=${summary.id}`,
      multipart({ velAmplitude: '60', version: '1' }),
    );
    expect(inQueryMultipart.status).toBe(400);
    const noId = await t.call('PUT', summaryPath('pipe'), { velAmplitude: 60, version: 1 });
    expect(noId.status).toBe(400);
    expect(noId.body.error.details).toEqual([expect.objectContaining({ path: 'id' })]);
    const unchanged = await t.call('GET', `${summaryPath('pipe')}/details?id=${summary.id}`);
    expect(unchanged.body.data).toMatchObject({ velAmplitude: 8.2, version: 1 });
    // With the id in the body, one also in the query is not read: the body's names the record.
    const both = await t.call('PUT', `${summaryPath('pipe')}?id=${summary.id}`, {
      id: summary.id,
      dispAmplitude: 35,
      version: 1,
    });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(both.body.data).toMatchObject({ velAmplitude: 8.2, dispAmplitude: 35, version: 2 });

    // The other classes name it in the query, as SPEC 7 says: an id in the body alone is no id.
    const tank = await createAnalysis('storage-tank', report.id);
    const tankSummary = (await createSummary('storage-tank', tank.id)).body.data;
    const inBody = await t.call('PUT', summaryPath('storage-tank'), {
      id: tankSummary.id,
      velAmplitude: 60,
      version: 1,
    });
    expect(inBody.status).toBe(400);
    expect(inBody.body.message).toMatch(/id/);

    // A pipe summary is not found on another class's path, nor theirs on the pipe's.
    expect((await t.call('GET', `${summaryPath('storage-tank')}/details?id=${summary.id}`)).status).toBe(404);
    const crossed = await t.call('PUT', summaryPath('pipe'), { id: tankSummary.id, version: 1 });
    expect(crossed.status).toBe(404);
  });

  it('on a pressure vessel, keeps the magnification video, served in part as a player seeks', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'motionMagnification' });
    const analysis = await createAnalysis('pressure-vessel', report.id);
    const created = await createSummary(
      'pressure-vessel',
      analysis.id,
      {},
      {
        summaryImages: png('frame.png'),
        magnificationVideo: mp4,
        deflectionDirection: png('deflection.png'),
        motionIntensitySpectrum: jpeg('spectrum.jpg'),
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { magnificationVideo: stored } = created.body.data;
    expect(created.body.data).toMatchObject({
      magnificationVideo: { slot: 'magnificationVideo', mediaType: 'video/mp4', size: video.length },
      deflectionDirection: { mediaType: 'image/png' },
      motionIntensitySpectrum: { mediaType: 'image/jpeg' },
    });
    expect(stored.displayName).toBe('PV-101 north.mp4');

    const whole = await t.inject({
      method: 'GET',
      url: `/api/files/${stored.id}`,
      headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(video)).toBe(true);
    const part = await t.inject({
      method: 'GET',
      url: `/api/files/${stored.id}`,
      headers: { authorization: `Bearer ${t.adminTokens.accessToken}`, range: 'bytes=1000-1999' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);

    // The report's PDF lists the video among the summary's files, with the grade beside the values.
    const printed = await t.inject({
      method: 'GET',
      url: `/api/report-headers/${report.id}/pdf`,
      headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
    });
    expect(printed.statusCode).toBe(200);
    const { all } = await pdfText(printed.rawPayload);
    expect(all).toContain('Motion magnification summary');
    expect(all).toContain('Magnification video: PV-101 north.mp4');
    expect(all).toContain('video/mp4');
    expect(all).toContain('Acceptable');
    // Under the analysis's summaries table, the summaries per screening level.
    expect(all).toMatch(/1 entry, by grade: Acceptable 1 Worst: .+ \(Acceptable\)/);

    // Replaced by another recording; removed by an empty part.
    const webm = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, ...Buffer.from('webm')]);
    const replaced = await t.call(
      'PUT',
      `${summaryPath('pressure-vessel')}?id=${created.body.data.id}`,
      multipart(
        { version: '1' },
        { magnificationVideo: { name: 'again.webm', type: 'video/webm', bytes: webm } },
      ),
    );
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.data.magnificationVideo).toMatchObject({ mediaType: 'video/webm' });
    const cleared = await t.call(
      'PUT',
      `${summaryPath('pressure-vessel')}?id=${created.body.data.id}`,
      multipart({ version: '2', magnificationVideo: '' }),
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.magnificationVideo).toBeNull();
  });

  it('refuses a video past its limit while it streams, and takes back one whose record is refused: no file kept', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'motionMagnification' });
    const vessel = await createAnalysis('pressure-vessel', report.id);
    const keyOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    const long = Buffer.concat([mp4Head, Buffer.alloc(100 * 1024, 7)]);
    const tooLong = await createSummary(
      'pressure-vessel',
      vessel.id,
      {},
      { magnificationVideo: { name: 'long.mp4', type: 'video/mp4', bytes: long } },
    );
    expect(tooLong.status).toBe(413);
    expect(tooLong.body.error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      details: [
        { path: 'magnificationVideo', message: expect.stringMatching(/larger than the limit of 64 KB/) },
      ],
    });
    await expect(t.files.get(keyOf(long))).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // Stored while the request streamed, then the record refused (a velocity that is no number).
    const kept = Buffer.concat([video, Buffer.from('refused-record')]);
    const refused = await createSummary(
      'pressure-vessel',
      vessel.id,
      { velAmplitude: 'fast' },
      { magnificationVideo: { name: 'kept.mp4', type: 'video/mp4', bytes: kept } },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].path).toBe('velAmplitude');
    await expect(t.files.get(keyOf(kept))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const listed = await t.call(
      'GET',
      `${summaryPath('pressure-vessel')}/by-analysis?analysisId=${vessel.id}`,
    );
    expect(listed.body.data).toEqual([]);
  });

  it('refuses a file that is no video in the video slot, and a video on another class, storing nothing', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'motionMagnification' });
    const vessel = await createAnalysis('pressure-vessel', report.id);
    const notVideo = await createSummary(
      'pressure-vessel',
      vessel.id,
      {},
      {
        summaryImages: png('frame.png'),
        magnificationVideo: { name: 'recording.mp4', type: 'video/mp4', bytes: pdfBytes },
      },
    );
    expect(notVideo.status).toBe(415);
    expect(notVideo.body.error.details).toEqual([
      expect.objectContaining({ path: 'magnificationVideo', message: expect.stringMatching(/MP4 or WebM/) }),
    ]);
    expect(notVideo.body.message).toMatch(/magnification video/);
    const listed = await t.call(
      'GET',
      `${summaryPath('pressure-vessel')}/by-analysis?analysisId=${vessel.id}`,
    );
    expect(listed.body.data).toEqual([]);

    const pipe = await createAnalysis('pipe', report.id);
    const onPipe = await createSummary('pipe', pipe.id, {}, { magnificationVideo: mp4 });
    expect(onPipe.status).toBe(400);
    expect(onPipe.body.message).toBe(
      'magnificationVideo is only on pressure vessel motion magnification summary records',
    );
    const tank = await createAnalysis('storage-tank', report.id);
    const spectrumOnTank = await createSummary(
      'storage-tank',
      tank.id,
      {},
      {
        motionIntensitySpectrum: png('spectrum.png'),
      },
    );
    expect(spectrumOnTank.status).toBe(400);
    expect(spectrumOnTank.body.error.details).toEqual([
      expect.objectContaining({ path: 'motionIntensitySpectrum' }),
    ]);
    for (const analysis of [pipe, tank]) {
      const variant = analysis.variant as Variant;
      const none = await t.call('GET', `${summaryPath(variant)}/by-analysis?analysisId=${analysis.id}`);
      expect(none.body.data).toEqual([]);
    }
  });

  it('refuses negative values, an unknown photo type, no shooting area and another class’s analysis', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'motionMagnification' });
    const analysis = await createAnalysis('storage-tank', report.id);
    for (const field of ['dominantFrequencyHz', 'velAmplitude', 'dispAmplitude']) {
      const r = await createSummary('storage-tank', analysis.id, { [field]: '-1' });
      expect(r.status, field).toBe(400);
      expect(r.body.error.details, field).toEqual([expect.objectContaining({ path: field })]);
    }
    const unknownType = await createSummary('storage-tank', analysis.id, {
      summaryImages: JSON.stringify([{ file: 0, imageType: 'selfie' }]),
    });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.error.details).toEqual([
      expect.objectContaining({ path: expect.stringMatching(/^summaryImages/) }),
    ]);
    expect(JSON.stringify(unknownType.body.error.details)).toContain('magnifiedFrame');
    const noArea = await createSummary('storage-tank', analysis.id, { shootingAreaOrCameraDirection: '' });
    expect(noArea.status).toBe(400);
    expect(noArea.body.error.details).toEqual([
      expect.objectContaining({ path: 'shootingAreaOrCameraDirection' }),
    ]);
    const crossed = await createSummary('pipe', analysis.id);
    expect(crossed.status).toBe(400);
    expect(crossed.body.error.details).toEqual([
      expect.objectContaining({ path: 'motionMagnificationAnalysisId' }),
    ]);
    const listed = await t.call(
      'GET',
      `${summaryPath('storage-tank')}/by-analysis?analysisId=${analysis.id}`,
    );
    expect(listed.body.data).toEqual([]);
  });
});

describe('vibration screening (Wachel / SwRI piping severity lines)', () => {
  it('grades each summary by its velocity, at and around every line, only between 10 and 300 Hz, in the API and in SQL alike', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'motionMagnification' });
    const analysis = await createAnalysis('pipe', report.id);
    const cases: [hz: string, velocity: string, grade: string | null][] = [
      ['25', '0', 'acceptable'],
      ['25', '12.7', 'acceptable'],
      ['25', '12.71', 'aboveDesign'],
      ['25', '25.4', 'aboveDesign'],
      ['25', '25.41', 'marginal'],
      ['25', '50.8', 'marginal'],
      ['25', '50.81', 'correction'],
      ['25', '101.6', 'correction'],
      ['25', '101.61', 'danger'],
      ['10', '120', 'danger'],
      ['300', '120', 'danger'],
      // Below 10 Hz displacement governs, above 300 Hz the lines are not drawn: nothing proposed.
      ['9.99', '120', null],
      ['300.01', '120', null],
      ['', '120', null],
      ['25', '', null],
    ];
    const ids: string[] = [];
    for (const [hz, velocity, grade] of cases) {
      const r = await createSummary('pipe', analysis.id, {
        shootingAreaOrCameraDirection: `${hz} Hz, ${velocity} mm/s`,
        dominantFrequencyHz: hz,
        velAmplitude: velocity,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.data.vibrationScreening, `${hz} Hz, ${velocity} mm/s`).toBe(grade);
      ids.push(r.body.data.id);
    }
    const listed = await t.call('GET', `${summaryPath('pipe')}/by-analysis?analysisId=${analysis.id}`);
    const byId = new Map(
      listed.body.data.map((r: { id: string; vibrationScreening: string | null }) => [
        r.id,
        r.vibrationScreening,
      ]),
    );
    expect(ids.map((id) => byId.get(id))).toEqual(cases.map(([, , grade]) => grade));
    const s = tableOf(motionMagnificationSummary);
    const rows = await t.db
      .select({ id: s.id, grade: derivedSql(motionMagnificationSummary, 'vibrationScreening', s) })
      .from(s)
      .where(eq(s.motionMagnificationAnalysisId, analysis.id));
    expect(new Map(rows.map((r) => [r.id, r.grade]))).toEqual(byId);
  });

  it('makes the report submittable once a summary is recorded, its worst summary the report’s grade', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'motionMagnification' });
    const analysis = await createAnalysis('pressure-vessel', report.id);
    const before = await t.call('GET', `/api/report-headers/${report.id}/readiness`);
    expect(before.body.data.missing).toEqual([
      expect.objectContaining({
        requirement: 'rows',
        technique: 'motionMagnification',
        entity: 'motionMagnificationSummary',
        found: 0,
      }),
    ]);
    const grades: string[] = [];
    for (const velAmplitude of ['8', '60', '14', '9']) {
      const created = await createSummary('pressure-vessel', analysis.id, { velAmplitude });
      expect(created.status).toBe(201);
      grades.push(created.body.data.vibrationScreening);
    }
    const after = await t.call('GET', `/api/report-headers/${report.id}/readiness`);
    expect(after.body.data.missing).toEqual([]);
    const techniques = await t.call('GET', `/api/report-headers/${report.id}/techniques`);
    expect(techniques.body.data).toEqual([
      expect.objectContaining({
        technique: 'motionMagnification',
        variant: 'pressure-vessel',
        inspections: 1,
        rows: 4,
        worstFinding: 'correction',
      }),
    ]);
    // Per analysis, the summaries per screening level, counted in SQL as the API graded each.
    const [summary] = techniques.body.data;
    const perLevel = [...new Set(grades)].map((level) => ({
      level,
      rows: grades.filter((g) => g === level).length,
    }));
    expect(summary.perInspection).toEqual([{ id: analysis.id, rows: 4, byGrade: expect.any(Array) }]);
    expect(summary.perInspection[0].byGrade).toHaveLength(3);
    expect(summary.perInspection[0].byGrade).toEqual(expect.arrayContaining(perLevel));
  });
});
