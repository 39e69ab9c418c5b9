/**
 * What a create or update body may carry (docs/api-conventions.md): a missing value is named as
 * required, a field the record does not have is refused by name, a record as read may be sent back,
 * and a file where text belongs (or text where a file belongs) is refused with nothing stored.
 */
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { walkthroughInspection } from '@inspectra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTables } from '../src/db/schema/index.ts';
import {
  createReportHeader,
  createThermalAnalysis,
  createThermalMeasurement,
  multipart,
  pngBytes,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const inspections = '/api/walkthrough-inspection-pipe';
const findings = '/api/walkthrough-summary-pipe';

/** A photo no other test stored: refusing it must leave no file behind. */
const freshPhoto = () => ({
  name: 'isometric.png',
  type: 'image/png',
  bytes: Buffer.concat([pngBytes, randomBytes(32)]),
});

/** Every file in the store. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(path.join(t.filesDir), { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

const inspectionCount = async () =>
  (await t.db.select().from(entityTables[walkthroughInspection.name]!)).length;

async function createInspection(reportHeaderId: string) {
  const r = await t.call('POST', inspections, multipart({ reportHeaderId, inspectionDate: '2026-11-10' }));
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data;
}

const finding = (walkthroughInspectionId: string) => ({
  walkthroughInspectionId,
  inspectionDate: '2026-11-10',
  inspectionArea: 'Pipe rack PR-2',
  finding: 'Support shoe displaced',
  condition: 'fair',
  severity: 'medium',
});

/** A refusal: 400 VALIDATION_ERROR whose details name exactly these paths. */
function expectRefused(r: { status: number; body: any }, paths: string[]) {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.error.code).toBe('VALIDATION_ERROR');
  expect(r.body.error.details.map((d: { path: string }) => d.path)).toEqual(paths);
}

describe('a required value left out', () => {
  it('is named as required in a multipart create, and nothing is stored', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'walkthrough' });
    const before = await inspectionCount();
    const files = await storedFiles();
    const r = await t.call(
      'POST',
      inspections,
      multipart({ reportHeaderId: report.id, finding: 'Rack corroded' }, { isometricImage: freshPhoto() }),
    );
    expectRefused(r, ['inspectionDate']);
    expect(r.body.message).toBe('inspectionDate is required');
    expect(r.body.error.details).toEqual([
      { path: 'inspectionDate', message: 'inspectionDate is required', code: 'required' },
    ]);
    expect(await inspectionCount()).toBe(before);
    expect(await storedFiles()).toEqual(files);
  });

  it('is named as required when sent empty in a form, or null in JSON', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'walkthrough' });
    const empty = await t.call(
      'POST',
      inspections,
      multipart({ reportHeaderId: report.id, inspectionDate: '' }),
    );
    expectRefused(empty, ['inspectionDate']);
    expect(empty.body.message).toBe('inspectionDate is required');

    const inspection = await createInspection(report.id);
    const nulled = await t.call('POST', findings, { ...finding(inspection.id), condition: null });
    expectRefused(nulled, ['condition']);
    expect(nulled.body.message).toBe('condition is required');
  });

  it('names every missing field of a JSON create', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'walkthrough' });
    const inspection = await createInspection(report.id);
    const { inspectionArea: _area, severity: _severity, ...rest } = finding(inspection.id);
    const r = await t.call('POST', findings, rest);
    expectRefused(r, ['inspectionArea', 'severity']);
    expect(r.body.message).toBe('inspectionArea and severity are required');
    expect(r.body.error.details[1]).toEqual({
      path: 'severity',
      message: 'severity is required',
      code: 'required',
    });
  });

  it('keeps the value’s own message when a value is there but wrong', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'walkthrough' });
    const r = await t.call(
      'POST',
      inspections,
      multipart({ reportHeaderId: report.id, inspectionDate: '10/11/2026' }),
    );
    expectRefused(r, ['inspectionDate']);
    expect(r.body.message).toBe(
      'The request has an invalid value: inspectionDate — Use a date in the form YYYY-MM-DD',
    );
    // With the catalogue's code, which a client translates for its user.
    expect(r.body.error.details).toEqual([
      { path: 'inspectionDate', message: 'Use a date in the form YYYY-MM-DD', code: 'date' },
    ]);
  });

  it('names every invalid value in its message, not a count and the first', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'walkthrough' });
    const inspection = await createInspection(report.id);
    const r = await t.call('POST', findings, {
      ...finding(inspection.id),
      inspectionArea: 'x'.repeat(600),
      severity: 'nonsense',
    });
    expectRefused(r, ['inspectionArea', 'severity']);
    expect(r.body.message).toBe('The request has 2 invalid values: inspectionArea and severity');
    expect(r.body.error.details).toEqual([
      expect.objectContaining({ path: 'inspectionArea', code: 'maxLength', params: { max: 500 } }),
      expect.objectContaining({ path: 'severity', code: 'option' }),
    ]);
    // No zod English reaches a client.
    expect(JSON.stringify(r.body)).not.toMatch(/Invalid input|expected string/);
  });

  it('is named as required in the query too', async () => {
    const r = await t.call('GET', `${findings}/by-inspection`);
    expectRefused(r, ['inspectionId']);
    expect(r.body.message).toBe('inspectionId is required');
  });
});

describe('a field the record does not have', () => {
  it('is refused by name in a JSON body, and nothing is stored', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'walkthrough' });
    const inspection = await createInspection(report.id);
    const r = await t.call('POST', findings, {
      ...finding(inspection.id),
      inspectionAreaName: 'PR-2',
      colour: 'red',
    });
    expectRefused(r, ['inspectionAreaName', 'colour']);
    expect(r.body.message).toBe(
      'inspectionAreaName and colour are not fields of walkthrough finding records',
    );
    const listed = await t.call('GET', `${findings}/by-inspection?inspectionId=${inspection.id}`);
    expect(listed.body.data).toEqual([]);
  });

  it('is refused by name in a form, before any file after it is stored', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'walkthrough' });
    const before = await inspectionCount();
    const files = await storedFiles();
    const r = await t.call(
      'POST',
      inspections,
      multipart(
        { reportHeaderId: report.id, inspectionDate: '2026-11-10', inspectionDay: 'Tuesday' },
        { isometricImage: freshPhoto() },
      ),
    );
    expectRefused(r, ['inspectionDay']);
    expect(r.body.message).toBe('inspectionDay is not a field of walkthrough inspection records');
    expect(await inspectionCount()).toBe(before);
    expect(await storedFiles()).toEqual(files);
  });

  it('is refused on update, changing nothing', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'walkthrough' });
    const inspection = await createInspection(report.id);
    const r = await t.call(
      'PUT',
      `${inspections}?id=${inspection.id}`,
      multipart({ finding: 'Rack corroded', recomendation: 'Paint it' }),
    );
    expectRefused(r, ['recomendation']);
    const read = await t.call('GET', `${inspections}?id=${inspection.id}`);
    expect(read.body.data[0]).toMatchObject({ finding: null, version: 1 });
  });
});

describe('a record as read, sent back', () => {
  it('updates in JSON: its ids, audit fields, variant, warnings and derived values are ignored', async () => {
    const analysis = await createThermalAnalysis(t);
    const m = await createThermalMeasurement(t, analysis.id, {
      maxTemperatureC: 90,
      referenceTemperatureC: 40,
    });
    expect(m.deltaTC).toBe(50);
    const r = await t.call('PUT', `/api/thermal-measurements?id=${m.id}`, {
      ...m,
      remarks: 'Retightened',
      deltaTC: 1,
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      remarks: 'Retightened',
      deltaTC: 50,
      createdAt: m.createdAt,
      version: 2,
    });
  });

  it('updates in a form: the record columns sent as text parts are ignored', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'walkthrough' });
    const inspection = await createInspection(report.id);
    const r = await t.call(
      'PUT',
      `${inspections}?id=${inspection.id}`,
      multipart({
        id: inspection.id,
        walkthroughInspectionId: inspection.id,
        variant: 'pipe',
        createdAt: inspection.createdAt,
        updatedBy: 'someone',
        finding: 'Rack corroded',
      }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ finding: 'Rack corroded', version: 2 });
  });

  it('still refuses a field only the server writes, naming it', async () => {
    const report = await createReportHeader(t);
    const r = await t.call('PUT', `/api/report-headers/${report.id}`, {
      id: report.id,
      createdAt: report.createdAt,
      title: 'Approved by its author',
      status: 'approved',
      statusComment: null,
    });
    expectRefused(r, ['status', 'statusComment']);
    expect(r.body.error.details[1].message).toMatch(/set by the server/);
  });
});

describe('a file where text belongs, and text where a file belongs', () => {
  it('refuses a file sent as a text field, keeping no file', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'walkthrough' });
    const before = await inspectionCount();
    const files = await storedFiles();
    const r = await t.call(
      'POST',
      inspections,
      multipart(
        { reportHeaderId: report.id, inspectionDate: '2026-11-10' },
        { isometricImage: freshPhoto(), finding: freshPhoto() },
      ),
    );
    expectRefused(r, ['finding']);
    expect(r.body.message).toBe('finding takes text, not a file (files go in isometricImage)');
    expect(await inspectionCount()).toBe(before);
    expect(await storedFiles()).toEqual(files);
  });

  it('refuses a file under a name the record does not have', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'walkthrough' });
    const r = await t.call(
      'POST',
      inspections,
      multipart({ reportHeaderId: report.id, inspectionDate: '2026-11-10' }, { drawing: freshPhoto() }),
    );
    expectRefused(r, ['drawing']);
    expect(r.body.message).toBe('drawing is not a field of walkthrough inspection records');
  });

  it('refuses text in a file slot, in a form and in JSON; empty or null still removes the file', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'walkthrough' });
    const inspection = await createInspection(report.id);
    const url = `${inspections}?id=${inspection.id}`;
    const asText = await t.call('PUT', url, multipart({ isometricImage: 'https://example.com/iso.png' }));
    expectRefused(asText, ['isometricImage']);
    expect(asText.body.message).toMatch(/^isometricImage takes a file/);

    const analysis = await createThermalAnalysis(t);
    const m = await createThermalMeasurement(t, analysis.id, {}, { thermalImage: freshPhoto() });
    const json = await t.call('PUT', `/api/thermal-measurements?id=${m.id}`, { thermalImage: 'hot.png' });
    expectRefused(json, ['thermalImage']);
    // The attachment as read is ignored; null removes the file.
    const echoed = await t.call('PUT', `/api/thermal-measurements?id=${m.id}`, {
      thermalImage: m.thermalImage,
    });
    expect(echoed.body.data.thermalImage).toMatchObject({ id: m.thermalImage.id });
    const removed = await t.call('PUT', `/api/thermal-measurements?id=${m.id}`, { thermalImage: null });
    expect(removed.body.data.thermalImage).toBeNull();
  });
});
