/**
 * A call over every variant (`everyVariant`, docs/architecture-engine.md "Calls over every
 * variant"): a list by parent answers the records of all classes, each with its variant, and an
 * update changes a record of any class, judged by that class's fields and files. Proven over
 * test-only rows on motion magnification, whose pressure vessel alone keeps some files; flowrate
 * is the declared technique using it (flowrate.test.ts).
 */
import {
  entities,
  motionMagnificationAnalysis,
  motionMagnificationSummary,
  op,
  route,
  routeSchemas,
} from '@inspectra/contract';
import type { RouteDefinition } from '@inspectra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportHeader, multipart, pngBytes } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { startWithTestRoutes } from './test-routes.ts';

const tag = 'Test only';
const testRoutes: RouteDefinition[] = [
  route(
    'GET',
    '/test-only/motion-magnification-analyses/by-report',
    op.listByParent(motionMagnificationAnalysis, 'reportHeaderId', { everyVariant: true }),
    { summary: 'The analyses of a report, every class', tag },
  ),
  route(
    'PUT',
    '/test-only/motion-magnification-summaries',
    op.update(motionMagnificationSummary, 'query', 'json-or-multipart', { everyVariant: true }),
    { summary: 'Update a summary of any class', tag },
  ),
];

let t: TestApp;
beforeAll(async () => {
  t = await startWithTestRoutes(testRoutes);
});
afterAll(() => t?.close());

async function createAnalysis(variant: string, reportHeaderId: string) {
  const r = await t.call(
    'POST',
    `/api/motion-magnification-analysis-${variant}`,
    multipart({ reportHeaderId, finding: `The ${variant}` }),
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { id: string };
}

async function createSummary(variant: string, analysisId: string) {
  const path =
    variant === 'pipe' ? 'motion-magnification-summary' : `motion-magnification-summary-${variant}`;
  const r = await t.call(
    'POST',
    `/api/${path}`,
    multipart({
      motionMagnificationAnalysisId: analysisId,
      measurementDate: '2026-11-20',
      shootingAreaOrCameraDirection: 'North side',
    }),
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { id: string; version: number };
}

describe('a call over every variant', () => {
  it('is refused on an entity without variants, or naming a variant', () => {
    expect(() => op.listByParent(entities.reportHeader!, 'workOrderSPKId', { everyVariant: true })).toThrow(
      /every variant/,
    );
    expect(() =>
      op.update(motionMagnificationSummary, 'query', 'json', { everyVariant: true, variant: 'pipe' }),
    ).toThrow(/every variant/);
  });

  it('is described with every class’s fields', () => {
    const schemas = routeSchemas(testRoutes[1]!);
    const body = (schemas.body as unknown as { shape: Record<string, unknown> }).shape;
    expect(body).toHaveProperty('finding');
    const response = (schemas.response as unknown as { shape: Record<string, unknown> }).shape;
    expect(response).toHaveProperty('variant');
    expect(response).toHaveProperty('deflectionDirection');
  });

  it('lists the records of every class under the parent, each with its variant', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'motionMagnification' });
    const pipe = await createAnalysis('pipe', report.id);
    const vessel = await createAnalysis('pressure-vessel', report.id);
    const other = await createReportHeader(t, { inspectionMethod: 'motionMagnification' });
    await createAnalysis('storage-tank', other.id);

    const r = await t.call(
      'GET',
      `/api/test-only/motion-magnification-analyses/by-report?reportHeaderId=${report.id}`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const listed = (r.body.data as { id: string; variant: string }[]).map((a) => [a.id, a.variant] as const);
    expect(listed).toHaveLength(2);
    expect(new Map(listed)).toEqual(
      new Map([
        [pipe.id, 'pipe'],
        [vessel.id, 'pressure-vessel'],
      ]),
    );
    // Paged on request, as any list by parent.
    const paged = await t.call(
      'GET',
      `/api/test-only/motion-magnification-analyses/by-report?reportHeaderId=${report.id}&pageSize=1`,
    );
    expect(paged.body.meta).toMatchObject({ totalCount: 2, pageSize: 1 });
    const unknown = await t.call(
      'GET',
      '/api/test-only/motion-magnification-analyses/by-report?reportHeaderId=00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.status).toBe(404);
  });

  it('updates a record of any class, refusing what only another class has', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'motionMagnification' });
    const pipe = await createSummary('pipe', (await createAnalysis('pipe', report.id)).id);
    const vesselReport = await createReportHeader(t, { inspectionMethod: 'motionMagnification' });
    const vessel = await createSummary(
      'pressure-vessel',
      (await createAnalysis('pressure-vessel', vesselReport.id)).id,
    );
    const url = (id: string) => `/api/test-only/motion-magnification-summaries?id=${id}`;

    const changed = await t.call('PUT', url(pipe.id), { finding: 'Elbow sways', version: pipe.version });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ variant: 'pipe', finding: 'Elbow sways', version: 2 });
    expect(changed.body.data).not.toHaveProperty('deflectionDirection');

    // The vessel's own file is taken on its record…
    const withFile = await t.call(
      'PUT',
      url(vessel.id),
      multipart(
        { version: String(vessel.version) },
        {
          deflectionDirection: { name: 'deflection.png', type: 'image/png', bytes: pngBytes },
        },
      ),
    );
    expect(withFile.status, JSON.stringify(withFile.body)).toBe(200);
    expect(withFile.body.data.deflectionDirection).toMatchObject({ displayName: 'deflection.png' });

    // …and refused on the pipe's, saying whose it is; nothing is written.
    const refused = await t.call(
      'PUT',
      url(pipe.id),
      multipart(
        { finding: 'Not this', version: '2' },
        {
          deflectionDirection: { name: 'deflection.png', type: 'image/png', bytes: pngBytes },
        },
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      expect.objectContaining({
        path: 'deflectionDirection',
        message: expect.stringMatching(/only on pressure vessel/),
      }),
    ]);
    const cleared = await t.call('PUT', url(pipe.id), { deflectionDirection: null, version: 2 });
    expect(cleared.status).toBe(400);
    expect(cleared.body.error.details[0].path).toBe('deflectionDirection');
    const after = await t.call('PUT', url(pipe.id), { version: 2 });
    expect(after.body.data).toMatchObject({ finding: 'Elbow sways', version: 3 });
  });
});
