import type { pautVariants } from '@inspectra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes } from './document-bytes.ts';
import { createReportHeader, multipart, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Variant = (typeof pautVariants)[number];

/** The examination's set-up, as SPEC's client sends it (JSON, optional fields only when filled). */
const setUp = {
  measurementDate: '2026-11-18',
  procedureNo: 'PAUT-PRC-003 rev 1',
  refCodeOrAccCriteria: 'ASME B31.3 Table 341.3.2',
  testingEquipmentMake: 'Olympus',
  testingEquipmentModel: 'OmniScan X3',
  testingEquipmentModelSerialNumber: 'QC-0412',
  testingEquipmentCalDueDate: '2027-03-01',
  probeMake: 'Olympus',
  probeModel: '5L64-A32',
  probeFrequency: 5,
  wedgeModel: 'SA32-N55S-IHC',
  plateMaterial: 'API 5L X52',
  velocity: 3240,
  diameter: 323.9,
  schOrNomThickness: '9.5 mm',
  scan1: 'S-scan',
  angle1: '40–70°',
  firstActivateEl1: 1,
  apetureEl1: 16,
  focusDistance1: 20,
  refDesibel1: 42,
  scanningDesibel1: 48,
  encoderScanResolution: 1,
  finding: 'Joint J-12: lack of fusion 14 mm long at the root, rejected.',
};

async function createInspection(
  variant: Variant,
  reportHeaderId: string,
  fields: Record<string, unknown> = {},
) {
  return t.call('POST', `/api/paut-inspection-${variant}`, { reportHeaderId, ...setUp, ...fields });
}

const spots = [
  { position: 120, length: 14, depth: 8.2, height: 1.5, type: 'lackOfFusion', result: 'reject' },
  { position: 410, length: 4, depth: 5, type: 'porosity', result: 'accept' },
];

describe('PAUT inspections', () => {
  it('records an overdue calibration as a warning to confirm, and refuses one due in the year 3000', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'paut' });
    const overdue = await createInspection('pipe', report.id, { testingEquipmentCalDueDate: '2026-10-01' });
    expect(overdue.status).toBe(201);
    expect(overdue.body.data.warnings).toEqual([
      expect.objectContaining({ rule: 'calibrationOverdue', acknowledgedAt: null }),
    ]);
    const confirmed = await createInspection('pipe', report.id, {
      testingEquipmentCalDueDate: '2026-10-01',
      acknowledgedWarnings: ['calibrationOverdue'],
    });
    expect(confirmed.body.data.warnings).toEqual([
      expect.objectContaining({ rule: 'calibrationOverdue', acknowledgedAt: expect.any(String) }),
    ]);
    const far = await createInspection('pipe', report.id, { testingEquipmentCalDueDate: '3000-01-01' });
    expect(far.status).toBe(400);
    expect(far.body.error.details).toEqual([expect.objectContaining({ path: 'testingEquipmentCalDueDate' })]);
    const listed = await t.call('GET', `/api/paut-inspection-pipe/by-report?reportHeaderId=${report.id}`);
    expect(listed.body.data).toHaveLength(2);
  });

  it('takes additional files as SPEC sends them: files, then their categories and types one per file', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'paut' });
    const pdf = (name: string) => ({ name, type: 'application/pdf', bytes: pdfBytes });
    const created = await t.call(
      'POST',
      '/api/paut-inspection-pipe',
      multipart(
        {
          reportHeaderId: report.id,
          measurementDate: setUp.measurementDate,
          procedureNo: setUp.procedureNo,
          // Repeated parts, one per file, in the order of the files.
          fileCategories: ['calibrationCertificate', 'procedure'],
          // One JSON array; SPEC does not say what a type holds, so it is kept as sent.
          fileTypes: JSON.stringify(['application/pdf', 'Procedure, signed']),
        },
        { additionalFiles: [pdf('OmniScan calibration.pdf'), pdf('PAUT-PRC-003.pdf')] },
      ),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    const files = (r: { body: { data: { additionalFiles: Record<string, unknown>[] } } }) =>
      r.body.data.additionalFiles.map((f) => [f.displayName, f.category, f.imageType, f.mediaType]);
    expect(files(created)).toEqual([
      ['OmniScan calibration.pdf', 'calibrationCertificate', 'application/pdf', 'application/pdf'],
      ['PAUT-PRC-003.pdf', 'procedure', 'Procedure, signed', 'application/pdf'],
    ]);

    // An update sending a file with its category adds it at the end.
    const added = await t.call(
      'PUT',
      `/api/paut-inspection-pipe?id=${id}`,
      multipart(
        { fileCategories: 'personnelCertificate', version: '1' },
        { additionalFiles: pdf('UT level II.pdf') },
      ),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(files(added).map((f) => f[1])).toEqual([
      'calibrationCertificate',
      'procedure',
      'personnelCertificate',
    ]);

    // Refused, nothing changed: a count that does not match, a category not declared, a file that is
    // no document, the list sent both ways.
    const refusals = [
      [{ fileCategories: ['procedure', 'other'] }, [pdf('one.pdf')], 'fileCategories'],
      [{ fileCategories: ['procedure', 'invoice'] }, [pdf('a.pdf'), pdf('b.pdf')], 'fileCategories.1'],
      [
        {},
        [{ name: 'notes.pdf', type: 'application/pdf', bytes: Buffer.from('just text') }],
        'additionalFiles',
      ],
      [
        { fileCategories: ['procedure'], additionalFiles: JSON.stringify([{ file: 0 }]) },
        [pdf('c.pdf')],
        'fileCategories',
      ],
    ] as const;
    for (const [fields, sent, path] of refusals) {
      const r = await t.call(
        'PUT',
        `/api/paut-inspection-pipe?id=${id}`,
        multipart(fields as Record<string, string | string[]>, { additionalFiles: [...sent] }),
      );
      expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(
        r.body.error.details.map((d: { path: string }) => d.path),
        JSON.stringify(r.body),
      ).toContain(path);
    }
    const read = await t.call('GET', `/api/paut-inspection-pipe/by-report?reportHeaderId=${report.id}`);
    expect(read.body.data[0].additionalFiles).toHaveLength(3);
    expect(read.body.data[0].version).toBe(2);
  });
});

describe('PAUT joints', () => {
  // One class: the classes' calls are alike, and the conformance walk proves each one's.
  it.each(['pipe'] as const)(
    'on a %s: spots sent as JSON text, read back as text and as a list, the joint judged by them',
    async (variant) => {
      const report = await createReportHeader(t, { inspectionMethod: 'paut' });
      const inspection = (await createInspection(variant, report.id)).body.data;
      // SPEC's second name of the id.
      expect(inspection.pautInspectionId).toBe(inspection.id);
      const created = await t.call('POST', `/api/paut-summary-${variant}`, {
        pautInspectionId: inspection.id,
        measurementDate: '2026-11-18',
        jointNumber: 'J-12',
        pkm: 3.4,
        gpsCoordinateLatitude: -1.2345,
        gpsCoordinateLongitude: 116.8,
        spotsJson: JSON.stringify(spots),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const joint = created.body.data;
      expect(joint).toMatchObject({ pautSummaryId: joint.id, spots, rejectedSpots: 1, result: 'reject' });
      expect(JSON.parse(joint.spotsJson)).toEqual(spots);

      const read = await t.call('GET', `/api/paut-summary-${variant}/${joint.id}`);
      expect(read.body.data).toMatchObject({ spots, result: 'reject' });
      // The list itself is accepted too (the web form sends it so); all accepted, the joint is.
      const corrected = await t.call('PUT', `/api/paut-summary-${variant}?id=${joint.id}`, {
        spotsJson: spots.map((s) => ({ ...s, result: 'accept' })),
        version: 1,
      });
      expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
      expect(corrected.body.data).toMatchObject({ rejectedSpots: 0, result: 'accept', version: 2 });

      // A joint without indications: an empty list, read as "[]".
      const clean = await t.call('POST', `/api/paut-summary-${variant}`, {
        pautInspectionId: inspection.id,
        measurementDate: '2026-11-18',
        jointNumber: 'J-13',
        pkm: 3.5,
      });
      expect(clean.body.data).toMatchObject({ spotsJson: '[]', spots: [], result: 'accept' });
      const listed = await t.call(
        'GET',
        `/api/paut-summary-${variant}/by-inspection?inspectionId=${inspection.id}`,
      );
      expect(listed.body.data.map((r: { jointNumber: string }) => r.jointNumber)).toEqual(['J-12', 'J-13']);

      const removed = await t.call('DELETE', `/api/paut-summary-${variant}?id=${clean.body.data.id}`);
      expect(removed.status).toBe(200);
      const techniques = await t.call('GET', `/api/report-headers/${report.id}/techniques`);
      expect(techniques.body.data).toEqual([
        expect.objectContaining({ technique: 'paut', variant, rows: 1, worstFinding: 'accept' }),
      ]);
    },
  );

  it('judges each joint’s scan date against its instrument’s calibration due date, read through the inspection', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'paut' });
    const inspection = (
      await createInspection('pipe', report.id, { testingEquipmentCalDueDate: '2028-02-29' })
    ).body.data;
    const scanned = async (measurementDate: string, jointNumber: string) =>
      (
        await t.call('POST', '/api/paut-summary-pipe', {
          pautInspectionId: inspection.id,
          measurementDate,
          jointNumber,
        })
      ).body.data;
    // Due on the leap day: a scan that day is in date, the next day's is not.
    expect(await scanned('2028-02-29', 'J-1')).toMatchObject({ calibrationAtScan: 'inDate' });
    expect(await scanned('2028-03-01', 'J-2')).toMatchObject({ calibrationAtScan: 'overdue' });
    expect(await scanned('2027-01-05', 'J-3')).toMatchObject({ calibrationAtScan: 'inDate' });
    const listed = async () =>
      (
        await t.call('GET', `/api/paut-summary-pipe/by-inspection?inspectionId=${inspection.id}`)
      ).body.data.map((r: { jointNumber: string; calibrationAtScan: string | null }) => [
        r.jointNumber,
        r.calibrationAtScan,
      ]);
    expect(await listed()).toEqual([
      ['J-1', 'inDate'],
      ['J-2', 'overdue'],
      ['J-3', 'inDate'],
    ]);
    // The due date taken off the inspection: no date, no verdict (never "in date" by default).
    const cleared = await t.call('PUT', `/api/paut-inspection-pipe?id=${inspection.id}`, {
      testingEquipmentCalDueDate: null,
      version: inspection.version,
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(await listed()).toEqual([
      ['J-1', null],
      ['J-2', null],
      ['J-3', null],
    ]);
  });

  it('refuses spots that are not JSON, or a spot without its verdict, naming where; nothing stored', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'paut' });
    const inspection = (await createInspection('pipeline', report.id)).body.data;
    const send = (spotsJson: unknown) =>
      t.call('POST', '/api/paut-summary-pipeline', {
        pautInspectionId: inspection.id,
        measurementDate: '2026-11-18',
        jointNumber: 'J-20',
        spotsJson,
      });
    const notJson = await send('[{"position": 12,');
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.details).toEqual([expect.objectContaining({ path: 'spotsJson' })]);
    const noVerdict = await send(JSON.stringify([{ position: 12, length: 3 }]));
    expect(noVerdict.status).toBe(400);
    expect(noVerdict.body.error.details).toEqual([expect.objectContaining({ path: 'spotsJson.0.result' })]);
    const deep = await send([spots[0], { ...spots[1], depth: -2 }]);
    expect(deep.status).toBe(400);
    expect(deep.body.error.details).toEqual([expect.objectContaining({ path: 'spotsJson.1.depth' })]);
    const extra = await send([{ ...spots[0], colour: 'red' }]);
    expect(extra.status).toBe(400);
    const offGlobe = await t.call('POST', '/api/paut-summary-pipeline', {
      pautInspectionId: inspection.id,
      measurementDate: '2026-11-18',
      gpsCoordinateLatitude: 91,
    });
    expect(offGlobe.status).toBe(400);
    const listed = await t.call(
      'GET',
      `/api/paut-summary-pipeline/by-inspection?inspectionId=${inspection.id}`,
    );
    expect(listed.body.data).toEqual([]);
  });
});
