/**
 * What a route row may declare beyond its operation (docs/architecture-engine.md): its success
 * message and status, and a parent named in its path. No row of the specification's table needs
 * them yet, so they are proven over a table of test-only rows, served by the engine beside the API.
 */
import { op, route, routeSchemas, vciAnalysis, walkthroughSummary } from '@inspectra/contract';
import type { RouteDefinition } from '@inspectra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportHeader, multipart, pngBytes } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { startWithTestRoutes } from './test-routes.ts';

const tag = 'Test only';
const pipe = { variant: 'pipe' };
const testRoutes: RouteDefinition[] = [
  route(
    'GET',
    '/test-only/walkthrough-inspections/:inspectionId/findings',
    op.listByParent(walkthroughSummary, 'inspectionId', pipe),
    { summary: 'Findings of an inspection named in the path', tag },
  ),
  route(
    'POST',
    '/test-only/walkthrough-inspections/:walkthroughInspectionId/findings',
    op.create(walkthroughSummary, 'json-or-multipart', pipe),
    {
      summary: 'A finding under the inspection the path names',
      tag,
      message: 'Finding recorded',
      status: 200,
    },
  ),
  route('PUT', '/test-only/walkthrough-findings/:id', op.update(walkthroughSummary, 'path', 'json', pipe), {
    summary: 'Update a finding',
    tag,
    message: 'Walkthrough finding updated successfully',
  }),
  route('DELETE', '/test-only/walkthrough-findings/:id', op.delete(walkthroughSummary, 'path', pipe), {
    summary: 'Delete a finding',
    tag,
    message: 'Finding deleted successfully',
  }),
  route(
    'GET',
    '/test-only/reports/:reportHeaderId/vci-analysis',
    op.getByParent(vciAnalysis, 'reportHeaderId', { ...pipe, createIfMissing: true }),
    { summary: 'The VCI analysis of the report the path names', tag },
  ),
];

let t: TestApp;
beforeAll(async () => {
  t = await startWithTestRoutes(testRoutes);
});
afterAll(() => t?.close());

async function createInspection() {
  const report = await createReportHeader(t, { inspectionMethod: 'walkthrough' });
  const r = await t.call(
    'POST',
    '/api/walkthrough-inspection-pipe',
    multipart({ reportHeaderId: report.id, inspectionDate: '2026-11-10' }),
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { id: string; reportHeaderId: string };
}

const finding = {
  inspectionDate: '2026-11-12',
  inspectionArea: 'Pipe rack PR-2',
  finding: 'Support shoe displaced',
  condition: 'fair',
  severity: 'medium',
};

describe('a declared success message and status', () => {
  it('replace the engine’s on create, update and delete', async () => {
    const inspection = await createInspection();
    const created = await t.call(
      'POST',
      `/api/test-only/walkthrough-inspections/${inspection.id}/findings`,
      finding,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ statusCode: 200, message: 'Finding recorded' });
    const id = created.body.data.id as string;

    const updated = await t.call('PUT', `/api/test-only/walkthrough-findings/${id}`, {
      remarks: 'Shoe reset',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('Walkthrough finding updated successfully');

    const deleted = await t.call('DELETE', `/api/test-only/walkthrough-findings/${id}`);
    expect(deleted.body).toMatchObject({
      statusCode: 200,
      message: 'Finding deleted successfully',
      data: { id },
    });
  });

  it('leave refusals alone', async () => {
    const inspection = await createInspection();
    const r = await t.call('POST', `/api/test-only/walkthrough-inspections/${inspection.id}/findings`, {
      ...finding,
      severity: undefined,
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('severity is required');
  });

  it('are refused at declaration when an operation has one outcome but says two', () => {
    expect(() =>
      route('PUT', '/x/:id', op.update(walkthroughSummary, 'path', 'json', pipe), {
        summary: 'x',
        tag,
        message: { created: 'Made', updated: 'Changed' },
      }),
    ).toThrow(/only an upsert/);
  });
});

describe('a parent named in the path', () => {
  it('is where a create puts the record, in JSON and in a form; the body may repeat it, not change it', async () => {
    const inspection = await createInspection();
    const url = `/api/test-only/walkthrough-inspections/${inspection.id}/findings`;
    const json = await t.call('POST', url, finding);
    expect(json.body.data.walkthroughInspectionId).toBe(inspection.id);
    const form = await t.call(
      'POST',
      url,
      multipart(
        {
          ...finding,
          walkthroughInspectionId: inspection.id,
          summaryImages: '[{"file":0,"imageType":"overview"}]',
        },
        { summaryImages: { name: 'rack.png', type: 'image/png', bytes: pngBytes } },
      ),
    );
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    expect(form.body.data).toMatchObject({ walkthroughInspectionId: inspection.id });
    expect(form.body.data.summaryImages).toHaveLength(1);

    const other = await createInspection();
    const moved = await t.call('POST', url, { ...finding, walkthroughInspectionId: other.id });
    expect(moved.status).toBe(400);
    expect(moved.body.error.details).toEqual([
      { path: 'walkthroughInspectionId', message: expect.stringContaining('given by the path') },
    ]);
  });

  it('lists the parent’s records, and an unknown parent is 404', async () => {
    const inspection = await createInspection();
    const created = await t.call(
      'POST',
      `/api/test-only/walkthrough-inspections/${inspection.id}/findings`,
      finding,
    );
    const listed = await t.call('GET', `/api/test-only/walkthrough-inspections/${inspection.id}/findings`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data.map((f: { id: string }) => f.id)).toEqual([created.body.data.id]);
    const unknown = await t.call(
      'GET',
      '/api/test-only/walkthrough-inspections/00000000-0000-4000-8000-000000000000/findings',
    );
    expect(unknown.status).toBe(404);
    const malformed = await t.call('GET', '/api/test-only/walkthrough-inspections/nope/findings');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.details[0].path).toBe('inspectionId');
  });

  it('reads the one record of the parent (created on first read here)', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'vci' });
    const first = await t.call('GET', `/api/test-only/reports/${report.id}/vci-analysis`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.reportHeaderId).toBe(report.id);
    expect(first.res.headers.etag).toMatch(new RegExp(`^"${first.body.data.id}:1:[\\w-]{16}"$`));
    const again = await t.call('GET', `/api/vci-analysis-pipe/by-report?reportHeaderId=${report.id}`);
    expect(again.body.data.id).toBe(first.body.data.id);
  });

  it('is a path parameter in the route’s schemas, not a query one', () => {
    const [list, create] = testRoutes;
    expect(Object.keys(routeSchemas(list!).params!.shape)).toEqual(['inspectionId']);
    expect(Object.keys(routeSchemas(list!).query!.shape)).not.toContain('inspectionId');
    expect(routeSchemas(create!).params!.shape).toHaveProperty('walkthroughInspectionId');
    const body = routeSchemas(create!).body as { safeParse: (v: unknown) => { success: boolean } };
    expect(body.safeParse(finding).success).toBe(true);
  });
});
