import { sacpVariants } from '@inspectra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportHeader, jpegBytes, multipart, pngBytes, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Variant = (typeof sacpVariants)[number];
const png = (name: string) => ({ name, type: 'image/png', bytes: pngBytes });
const photo = (name: string) => ({ name, type: 'image/jpeg', bytes: jpegBytes });

/** A line survey's set-up, as the multipart form sends it (text). */
const lineSetUp = {
  measurementDate: '2026-11-20',
  procedureName: 'CP-PRC-007 rev 2',
  acceptanceCode: 'NACE SP0169',
  scanningTechnique: 'Test-point survey, ON and instant-OFF',
  jobOrJoint: 'KM 0–20, 12-inch gas line',
  matThickness: '9.5',
  weldingPrep: '3LPE',
  weldingProcess: 'Impressed current, TR-2',
  equipmentUsed: 'Fluke 87V',
  probeUsed: 'Cu/CuSO₄ half cell',
  finding: 'Two test points below the −850 mV criterion near KM 7.',
};

async function createInspection(variant: Variant, reportHeaderId: string) {
  const structure = variant === 'structure';
  const r = await t.call(
    'POST',
    `/api/sacp-inspection-${variant}`,
    structure
      ? multipart(
          { reportHeaderId, measurementDate: '2026-11-20', finding: 'Jacket legs protected.' },
          { equipmentImage: photo('jacket.jpg') },
        )
      : multipart({ reportHeaderId, ...lineSetUp }, { isometricImage: png('route.png') }),
  );
  if (r.status !== 201) throw new Error(`SACP inspection: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** A test point as the original client sends it: multipart, coordinates in signed degrees. */
function measurement(variant: Variant, sacpInspectionId: string, fields: Record<string, string> = {}) {
  const where: Record<string, string> =
    variant === 'structure'
      ? { pileNumber: 'P-4', waterCondition: 'Seawater, splash zone', referenceElectrode: 'agAgCl' }
      : { pkm: '7.250', jointNumber: 'J-0412', pipePosition: 'Buried', soilCondition: 'Wet clay' };
  return t.call(
    'POST',
    `/api/sacp-measurement-${variant}`,
    multipart(
      {
        sacpInspectionId,
        measurementDate: '2026-11-20',
        testPoint: 'TP-07',
        latitudeDegree: '-6',
        latitudeMinutes: '12',
        latitudeSeconds: '30.5',
        longitudeDegree: '106',
        longitudeMinutes: '49',
        longitudeSeconds: '5',
        potential: '-910',
        connectedYesNo: 'true',
        rowCase: 'Clear',
        summaryImages: JSON.stringify([{ file: 0, imageType: 'reading' }]),
        ...where,
        ...fields,
      },
      { summaryImages: photo('meter.jpg') },
    ),
  );
}

describe('SACP inspections', () => {
  it.each(sacpVariants)(
    'on a %s: created with the drawing or photo of its class, and none of another class’s',
    async (variant) => {
      const report = await createReportHeader(t, { inspectionMethod: 'sacp' });
      const inspection = await createInspection(variant, report.id);
      expect(inspection).toMatchObject({ variant, reportHeaderId: report.id, version: 1 });
      if (variant === 'structure') {
        expect(inspection.equipmentImage).toMatchObject({ slot: 'equipmentImage', mediaType: 'image/jpeg' });
        // A structure's survey has no line set-up and no isometric.
        expect(inspection).not.toHaveProperty('procedureName');
        expect(inspection).not.toHaveProperty('isometricImage');
      } else {
        expect(inspection).toMatchObject({ acceptanceCode: 'NACE SP0169', matThickness: 9.5 });
        expect(inspection.isometricImage).toMatchObject({ mediaType: 'image/png' });
        expect(inspection).not.toHaveProperty('equipmentImage');
      }
    },
  );

  it('refuses a structure’s survey with a line’s set-up or isometric, storing nothing', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'sacp' });
    const withProcedure = await t.call(
      'POST',
      '/api/sacp-inspection-structure',
      multipart({ reportHeaderId: report.id, measurementDate: '2026-11-20', procedureName: 'CP-PRC-007' }),
    );
    expect(withProcedure.status).toBe(400);
    expect(withProcedure.body.error.details).toEqual([expect.objectContaining({ path: 'procedureName' })]);
    const withIsometric = await t.call(
      'POST',
      '/api/sacp-inspection-structure',
      multipart(
        { reportHeaderId: report.id, measurementDate: '2026-11-20' },
        { isometricImage: png('route.png') },
      ),
    );
    expect(withIsometric.status).toBe(400);
    const listed = await t.call(
      'GET',
      `/api/sacp-inspection-structure/by-report?reportHeaderId=${report.id}`,
    );
    expect(listed.body.data).toEqual([]);
  });
});

describe('SACP measurements', () => {
  it.each(sacpVariants)(
    'on a %s: recorded, read in decimal degrees, judged against its electrode, re-judged when corrected',
    async (variant) => {
      const report = await createReportHeader(t, { inspectionMethod: 'sacp' });
      const inspection = await createInspection(variant, report.id);
      const created = await measurement(variant, inspection.id);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const point = created.body.data;
      expect(point).toMatchObject({
        variant,
        testPoint: 'TP-07',
        latitudeDegree: -6,
        latitudeMinutes: 12,
        latitudeSeconds: 30.5,
        latitudeHemisphere: null,
        // 6° 12′ 30.5″ S, 106° 49′ 5″ E.
        latitude: -6.208472,
        longitude: 106.818056,
        potential: -910,
        connectedYesNo: true,
        summaryImages: [{ imageType: 'reading', position: 0 }],
      });
      // −910 mV is protected against CSE (−850); the same against Ag/AgCl in seawater (−800).
      expect(point.protection).toBe('protected');
      expect(point.referenceElectrode).toBe(variant === 'structure' ? 'agAgCl' : 'cse');
      if (variant === 'structure') expect(point).toMatchObject({ pileNumber: 'P-4' });
      else expect(point).toMatchObject({ pkm: 7.25, jointNumber: 'J-0412' });

      // Corrected by JSON: a hemisphere named, the degrees unsigned; the potential now too positive.
      const corrected = await t.call('PUT', `/api/sacp-measurement-${variant}?id=${point.id}`, {
        latitudeDegree: 6,
        latitudeHemisphere: 'S',
        potential: -700,
        version: 1,
      });
      expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
      expect(corrected.body.data).toMatchObject({
        latitude: -6.208472,
        protection: 'underprotected',
        summaryImages: [{ imageType: 'reading' }],
        version: 2,
      });
    },
  );

  it('judges each point by its electrode’s criteria, the instant-OFF first, and 100 mV of polarisation', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'sacp' });
    const line = await createInspection('pipeline', report.id);
    const cases: [Record<string, string>, string | null][] = [
      [{ potential: '-850' }, 'protected'],
      [{ potential: '-849' }, 'underprotected'],
      [{ potential: '-1200' }, 'protected'],
      [{ potential: '-1250' }, 'overprotected'],
      // The ON potential passes, the instant-OFF (free of IR drop) does not.
      [{ potential: '-950', potentialReading: '-820' }, 'underprotected'],
      // −780 mV instant-OFF, 130 mV polarised from a native −650: protected.
      [{ potential: '-950', potentialReading: '-780', nativePotential: '-650' }, 'protected'],
      [{ potential: '-790', referenceElectrode: 'agAgCl' }, 'underprotected'],
      [{ potential: '-1160', referenceElectrode: 'agAgCl' }, 'overprotected'],
      [{ potential: '240', referenceElectrode: 'zinc' }, 'protected'],
      [{ potential: '' }, null],
    ];
    for (const [i, [fields, expected]] of cases.entries()) {
      // One reading per test point and date in a survey (its natural key).
      const r = await measurement('pipeline', line.id, { testPoint: `TP-${i}`, ...fields });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.data.protection, JSON.stringify(fields)).toBe(expected);
    }
    // The report's worst finding is the worst point: under-protection.
    const techniques = await t.call('GET', `/api/report-headers/${report.id}/techniques`);
    expect(techniques.body.data).toEqual([
      expect.objectContaining({
        technique: 'sacp',
        variant: 'pipeline',
        rows: cases.length,
        worstFinding: 'underprotected',
        // The derived grade counted in SQL as the API gave it, per level; the ungraded point in none.
        byGrade: [
          { level: 'protected', rows: 4 },
          { level: 'overprotected', rows: 2 },
          { level: 'underprotected', rows: 3 },
        ],
        perInspection: [expect.objectContaining({ id: line.id, rows: cases.length })],
      }),
    ]);
    const readiness = await t.call('GET', `/api/report-headers/${report.id}/readiness`);
    expect(readiness.body.data.missing).toEqual([]);
  });

  it('refuses coordinates out of range, a structure point with a kilometre post, and stores nothing', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'sacp' });
    const line = await createInspection('pipeline', report.id);
    const structure = await createInspection('structure', report.id);
    const refusals: [Variant, string, Record<string, string>, string][] = [
      ['pipeline', line.id, { latitudeMinutes: '61' }, 'latitudeMinutes'],
      ['pipeline', line.id, { latitudeSeconds: '60.5' }, 'latitudeSeconds'],
      [
        'pipeline',
        line.id,
        { latitudeDegree: '90', latitudeMinutes: '0', latitudeSeconds: '1' },
        'latitudeDegree',
      ],
      ['pipeline', line.id, { longitudeDegree: '-181' }, 'longitudeDegree'],
      ['pipeline', line.id, { latitudeHemisphere: 'S' }, 'latitudeDegree'],
      ['pipeline', line.id, { latitudeHemisphere: 'E' }, 'latitudeHemisphere'],
      ['pipeline', line.id, { latitudeDegree: '', latitudeSeconds: '' }, 'latitudeMinutes'],
      ['structure', structure.id, { pkm: '7.25' }, 'pkm'],
      ['pipeline', line.id, { referenceElectrode: 'hydrogen' }, 'referenceElectrode'],
    ];
    for (const [variant, parent, fields, path] of refusals) {
      const r = await measurement(variant, parent, fields);
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.body.error.details, JSON.stringify(fields)).toEqual([expect.objectContaining({ path })]);
    }
    for (const [variant, parent] of [
      ['pipeline', line.id],
      ['structure', structure.id],
    ] as const) {
      const listed = await t.call(
        'GET',
        `/api/sacp-measurement-${variant}/by-inspection?inspectionId=${parent}`,
      );
      expect(listed.body.data).toEqual([]);
    }
  });
});
