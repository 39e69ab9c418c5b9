/**
 * Per-call success messages and statuses (docs/architecture-engine.md, "Row templates and call
 * messages"): a technique's call declarations (`entityCalls`) say what each call answers when it
 * succeeds, SPEC 8's ultrasound words exactly, and the server answers them and the OpenAPI document
 * says them. Ultrasound is declared next; its calls are proven here on test-only paths over the
 * walkthrough inspection and its findings (existing tables), declared as ultrasound will declare its.
 */
import { entityCalls, walkthroughInspection, walkthroughSummary } from '@inspectra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportHeader } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { startWithTestRoutes } from './test-routes.ts';

const tag = 'Test only';
const inspections = entityCalls(
  walkthroughInspection,
  '/test-only/ultrasound-inspection',
  {
    get: { id: 'path' },
    create: { body: 'json-or-multipart', message: 'Ultrasound inspection created successfully' },
    update: { body: 'json', id: 'path', message: 'Ultrasound inspection updated successfully' },
    delete: { id: 'path', message: 'Ultrasound inspection deleted successfully' },
  },
  { tag, variant: 'pipe' },
);
const measurements = entityCalls(
  walkthroughSummary,
  '/test-only/ultrasound-measurement',
  {
    // A create answering 200 (a declared status), in the engine's words.
    create: { body: 'json', status: 200 },
    delete: { id: 'query', message: 'Measurement deleted successfully' },
  },
  { tag, variant: 'pipe' },
);
const testRoutes = [...inspections, ...measurements];

let t: TestApp;
beforeAll(async () => {
  t = await startWithTestRoutes(testRoutes);
});
afterAll(() => t?.close());

const finding = {
  inspectionDate: '2026-11-12',
  inspectionArea: 'Bearing DE',
  finding: 'Rise of 9 dB over the baseline',
  condition: 'fair',
  severity: 'medium',
};

describe('a call’s declared success message and status', () => {
  it('are answered exactly, SPEC 8’s ultrasound words: 201 on create, 200 otherwise', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'walkthrough' });
    const created = await t.call('POST', '/api/test-only/ultrasound-inspection', {
      reportHeaderId: report.id,
      inspectionDate: '2026-11-10',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      statusCode: 201,
      message: 'Ultrasound inspection created successfully',
    });
    const id = created.body.data.id as string;

    // A read declares nothing: the engine's.
    const read = await t.call('GET', `/api/test-only/ultrasound-inspection/${id}`);
    expect(read.body).toMatchObject({ statusCode: 200, message: 'OK' });

    const updated = await t.call('PUT', `/api/test-only/ultrasound-inspection/${id}`, {
      remarks: 'Greased',
      version: 1,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      statusCode: 200,
      message: 'Ultrasound inspection updated successfully',
    });

    const measured = await t.call('POST', '/api/test-only/ultrasound-measurement', {
      ...finding,
      walkthroughInspectionId: id,
    });
    expect(measured.status, JSON.stringify(measured.body)).toBe(200);
    expect(measured.body).toMatchObject({ statusCode: 200, message: 'Walkthrough finding created' });
    const removed = await t.call(
      'DELETE',
      `/api/test-only/ultrasound-measurement?id=${measured.body.data.id}`,
    );
    expect(removed.body).toMatchObject({ statusCode: 200, message: 'Measurement deleted successfully' });

    const deleted = await t.call('DELETE', `/api/test-only/ultrasound-inspection/${id}`);
    expect(deleted.body).toMatchObject({
      statusCode: 200,
      message: 'Ultrasound inspection deleted successfully',
      data: { id },
    });
  });

  it('leave a refusal its own status and message', async () => {
    const r = await t.call('POST', '/api/test-only/ultrasound-inspection', { inspectionDate: '2026-11-10' });
    expect(r.status).toBe(400);
    expect(r.body.message).not.toMatch(/successfully/);
  });

  it('are said by the OpenAPI document, status and message exactly', () => {
    const document = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const envelopeOf = (path: string, method: string, status: string) => {
      const response = document.paths[path]![method]!.responses[status] as {
        content: { 'application/json': { schema: { properties: Record<string, unknown> } } };
      };
      return response.content['application/json'].schema.properties;
    };
    expect(envelopeOf('/api/test-only/ultrasound-inspection', 'post', '201')).toMatchObject({
      statusCode: { enum: [201] },
      message: { enum: ['Ultrasound inspection created successfully'] },
    });
    expect(envelopeOf('/api/test-only/ultrasound-inspection/{id}', 'delete', '200')).toMatchObject({
      message: { enum: ['Ultrasound inspection deleted successfully'] },
    });
    expect(envelopeOf('/api/test-only/ultrasound-measurement', 'post', '200')).toMatchObject({
      statusCode: { enum: [200] },
      message: { enum: ['Walkthrough finding created'] },
    });
    // The product's own writes say the engine's words the same way.
    expect(envelopeOf('/api/thermal-measurements', 'post', '201')).toMatchObject({
      message: { enum: ['Thermal measurement created'] },
    });
  });
});
