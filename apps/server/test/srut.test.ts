import { srutSummary, srutVariants } from '@inspectra/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableOf } from '../src/db/schema/index.ts';
import { derivedSql } from '../src/engine/derived-sql.ts';
import { mp4Head, pdfBytes } from './document-bytes.ts';
import { pdfText } from './pdf-text.ts';
import { createReportHeader, jpegBytes, multipart, pngBytes, startTestApp } from './helpers.ts';
import type { FilePart, TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Variant = (typeof srutVariants)[number];
const png = (name: string): FilePart => ({ name, type: 'image/png', bytes: pngBytes });
const jpeg = (name: string): FilePart => ({ name, type: 'image/jpeg', bytes: jpegBytes });

const inspectionPath = (v: Variant) => `/api/srut-inspection-${v}`;
const summaryPath = (v: Variant) => `/api/srut-summary-${v}`;
const generalViewPath = (v: Variant) => `/api/srut-general-view-${v}`;
/** SPEC 7's flag, as the original client asks for the summaries located and sized. */
const locatedAndSized = 'isShowLocationAndDimentionOfIndicationThatHaveValue=true&pageNumber=1&pageSize=100';

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

/** An inspection as the original client sends it: multipart, with its photo and two drawings. */
async function createInspection(
  variant: Variant,
  reportHeaderId: string,
  fields: Record<string, string> = {},
) {
  const r = await t.call(
    'POST',
    inspectionPath(variant),
    multipart(
      {
        reportHeaderId,
        measurementDate: '2026-11-20',
        nominalThickness: '12.7',
        minimumThickness: '9.5',
        finding: 'Annular plate scanned from the chime all round.',
        ...fields,
      },
      {
        equipmentPhoto: jpeg('tank.jpg'),
        topViewSketchDrawing: png('top view.png'),
        fdOrPidDrawing: png('P&ID 101.png'),
      },
    ),
  );
  if (r.status !== 201) throw new Error(`SRUT inspection: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** A summary sent multipart, its photos typed by the list's JSON. */
function createSummary(
  variant: Variant,
  srutInspectionId: string,
  fields: Record<string, string> = {},
  files: Record<string, FilePart | FilePart[]> = { summaryImages: png('a-scan.png') },
) {
  return t.call(
    'POST',
    summaryPath(variant),
    multipart(
      {
        srutInspectionId,
        tag: 'A-03',
        scanLength: '4200',
        locationOfIndicationL: '1850',
        locationOfIndicationH: '120',
        dimentionOfIndicationDL: '60',
        dimentionOfIndicationDH: '40',
        estimationOfDepth: '2.4',
        summaryImages: JSON.stringify([{ file: 0, imageType: 'aScan' }]),
        ...fields,
      },
      files,
    ),
  );
}

function createGeneralView(
  variant: Variant,
  srutInspectionId: string,
  fields: Record<string, string> = {},
  files: Record<string, FilePart> = { imageFile: jpeg('north side.jpg') },
) {
  return t.call(
    'POST',
    generalViewPath(variant),
    multipart(
      {
        srutInspectionId,
        category: 'overallView',
        displayName: 'North side, annular plate at 0°',
        ...fields,
      },
      files,
    ),
  );
}

describe('SRUT inspections', () => {
  it('keeps the classes apart, and refuses to delete an inspection that still has summaries', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'srut' });
    const tank = await createInspection('storage-tank', report.id);
    // SPEC's second name of the id.
    expect(tank.srutInspectionId).toBe(tank.id);
    expect((await t.call('GET', `${inspectionPath('pressure-vessel')}/details?id=${tank.id}`)).status).toBe(
      404,
    );
    const vessel = await t.call(
      'GET',
      `${inspectionPath('pressure-vessel')}/by-report?reportHeaderId=${report.id}`,
    );
    expect(vessel.body.data).toBeNull();

    expect((await createSummary('storage-tank', tank.id)).status).toBe(201);
    const held = await t.call('DELETE', `${inspectionPath('storage-tank')}?id=${tank.id}`);
    expect(held.status).toBe(409);
    expect((await t.call('GET', `${inspectionPath('storage-tank')}/details?id=${tank.id}`)).status).toBe(200);
  });

  it('warns, and records, a minimum required thickness above the nominal', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'srut' });
    const swapped = await createInspection('storage-tank', report.id, {
      nominalThickness: '6',
      minimumThickness: '8',
    });
    expect(swapped.warnings).toEqual([
      expect.objectContaining({
        rule: 'minimumAboveNominal',
        fields: ['minimumThickness', 'nominalThickness'],
        acknowledgedAt: null,
      }),
    ]);
    const negative = await t.call(
      'POST',
      inspectionPath('pressure-vessel'),
      multipart({ reportHeaderId: report.id, nominalThickness: '-1' }),
    );
    expect(negative.status).toBe(400);
    expect(negative.body.error.details).toEqual([expect.objectContaining({ path: 'nominalThickness' })]);
  });
});

describe('SRUT summaries', () => {
  // One class: the classes' calls are alike, and the conformance walk proves each one's.
  it.each(['storage-tank'] as const)(
    'on a %s: the list with SPEC’s flag holds only the indications located and sized, of one inspection when asked',
    async (variant) => {
      const report = await createReportHeader(t, { inspectionMethod: 'srut' });
      const inspection = await createInspection(variant, report.id);
      const other = await createInspection(
        variant,
        (await createReportHeader(t, { inspectionMethod: 'srut' })).id,
      );
      const made = async (id: string, fields: Record<string, string>) => {
        const r = await createSummary(variant, id, fields);
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        return r.body.data.id as string;
      };
      const sized = await made(inspection.id, { tag: 'A-01' });
      const noDh = await made(inspection.id, { tag: 'A-02', dimentionOfIndicationDH: '' });
      const clean = await made(inspection.id, {
        tag: 'A-04',
        locationOfIndicationL: '',
        locationOfIndicationH: '',
        dimentionOfIndicationDL: '',
        dimentionOfIndicationDH: '',
        estimationOfDepth: '',
      });
      const elsewhere = await made(other.id, { tag: 'B-01' });

      const mine = await t.call(
        'GET',
        `${summaryPath(variant)}?${locatedAndSized}&inspectionId=${inspection.id}`,
      );
      expect(mine.status, JSON.stringify(mine.body)).toBe(200);
      expect(ids(mine.body.data)).toEqual([sized]);
      expect(mine.body.meta).toMatchObject({ pageNumber: 1, pageSize: 100, totalCount: 1, totalPages: 1 });

      // Over every inspection of the class: the located ones of both, none of the others.
      const all = ids((await t.call('GET', `${summaryPath(variant)}?${locatedAndSized}`)).body.data);
      expect(all).toEqual(expect.arrayContaining([sized, elsewhere]));
      expect(all).not.toContain(noDh);
      expect(all).not.toContain(clean);

      // Without the flag (or with it false), every summary of the inspection, in tag order.
      for (const query of [
        `inspectionId=${inspection.id}`,
        `isShowLocationAndDimentionOfIndicationThatHaveValue=false&inspectionId=${inspection.id}`,
      ]) {
        const every = await t.call('GET', `${summaryPath(variant)}?${query}`);
        expect(ids(every.body.data)).toEqual([sized, noDh, clean]);
      }
      const searched = await t.call(
        'GET',
        `${summaryPath(variant)}?inspectionId=${inspection.id}&search=A-02`,
      );
      expect(ids(searched.body.data)).toEqual([noDh]);
      const wrongFlag = await t.call(
        'GET',
        `${summaryPath(variant)}?isShowLocationAndDimentionOfIndicationThatHaveValue=maybe`,
      );
      expect(wrongFlag.status).toBe(400);
    },
  );

  it('refuses a negative depth, an unknown picture type, no tag and another class’s inspection, storing nothing', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'srut' });
    const inspection = await createInspection('storage-tank', report.id);
    for (const field of [
      'estimationOfDepth',
      'scanLength',
      'locationOfIndicationL',
      'dimentionOfIndicationDH',
    ]) {
      const r = await createSummary('storage-tank', inspection.id, { [field]: '-1' });
      expect(r.status, field).toBe(400);
      expect(r.body.error.details, field).toEqual([expect.objectContaining({ path: field })]);
    }
    const unknownType = await createSummary('storage-tank', inspection.id, {
      summaryImages: JSON.stringify([{ file: 0, imageType: 'selfie' }]),
    });
    expect(unknownType.status).toBe(400);
    expect(JSON.stringify(unknownType.body.error.details)).toContain('aScan');
    const noTag = await createSummary('storage-tank', inspection.id, { tag: '' });
    expect(noTag.status).toBe(400);
    expect(noTag.body.error.details).toEqual([expect.objectContaining({ path: 'tag' })]);
    const crossed = await createSummary('pressure-vessel', inspection.id);
    expect(crossed.status).toBe(400);
    expect(crossed.body.error.details).toEqual([expect.objectContaining({ path: 'srutInspectionId' })]);
    for (const variant of srutVariants) {
      const listed = await t.call('GET', `${summaryPath(variant)}?inspectionId=${inspection.id}`);
      expect(listed.body.data).toEqual([]);
    }
  });
});

describe('SRUT general views', () => {
  // One class: the classes' calls are alike, and the conformance walk proves each one's.
  it.each(['storage-tank'] as const)(
    'on a %s: created with a picture and a category, read by inspection, details and a searched list, updated and deleted',
    async (variant) => {
      const report = await createReportHeader(t, { inspectionMethod: 'srut' });
      const inspection = await createInspection(variant, report.id);
      const caption = `Probe on the chime ${variant} ${inspection.id.slice(0, 8)}`;
      const created = await createGeneralView(variant, inspection.id, {
        category: 'testSetUp',
        displayName: caption,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const view = created.body.data;
      expect(view).toMatchObject({
        variant,
        srutInspectionId: inspection.id,
        category: 'testSetUp',
        imageType: 'photo',
        displayName: caption,
        imageFile: { slot: 'imageFile', mediaType: 'image/jpeg', displayName: 'north side.jpg' },
      });

      const byInspection = await t.call(
        'GET',
        `${generalViewPath(variant)}/by-inspection?inspectionId=${inspection.id}`,
      );
      expect(ids(byInspection.body.data)).toEqual([view.id]);
      const details = await t.call('GET', `${generalViewPath(variant)}/details?id=${view.id}`);
      expect(details.status).toBe(200);
      expect(details.body.data).toMatchObject({ id: view.id, category: 'testSetUp' });
      const searched = await t.call(
        'GET',
        `${generalViewPath(variant)}?pageNumber=1&pageSize=10&search=${encodeURIComponent(caption)}`,
      );
      expect(searched.status).toBe(200);
      expect(ids(searched.body.data)).toEqual([view.id]);
      const byId = await t.call('GET', `${generalViewPath(variant)}?id=${view.id}`);
      expect(ids(byId.body.data)).toEqual([view.id]);

      const byJson = await t.call('PUT', `${generalViewPath(variant)}?id=${view.id}`, {
        category: 'scanArea',
        imageType: 'sketch',
        version: 1,
      });
      expect(byJson.status, JSON.stringify(byJson.body)).toBe(200);
      expect(byJson.body.data).toMatchObject({
        category: 'scanArea',
        imageType: 'sketch',
        imageFile: { displayName: 'north side.jpg' },
        version: 2,
      });
      const byForm = await t.call(
        'PUT',
        `${generalViewPath(variant)}?id=${view.id}`,
        multipart({ displayName: 'Scan area, sketched', version: '2' }, { imageFile: png('sketch.png') }),
      );
      expect(byForm.status, JSON.stringify(byForm.body)).toBe(200);
      expect(byForm.body.data).toMatchObject({
        displayName: 'Scan area, sketched',
        imageFile: { mediaType: 'image/png', displayName: 'sketch.png' },
        version: 3,
      });

      const removed = await t.call('DELETE', `${generalViewPath(variant)}?id=${view.id}`);
      expect(removed.status).toBe(200);
      expect((await t.call('GET', `${generalViewPath(variant)}/details?id=${view.id}`)).status).toBe(404);
    },
  );

  it('refuses an unknown category, a video or a PDF as the picture, and no picture at all, storing nothing', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'srut' });
    const inspection = await createInspection('pressure-vessel', report.id);
    const unknown = await createGeneralView('pressure-vessel', inspection.id, { category: 'selfie' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual([
      expect.objectContaining({ path: 'category', message: expect.stringContaining('overallView') }),
    ]);
    for (const file of [
      { name: 'walk-round.mp4', type: 'video/mp4', bytes: mp4Head },
      { name: 'overview.pdf', type: 'application/pdf', bytes: pdfBytes },
      // Named as a photo, a PDF still: judged from the bytes.
      { name: 'overview.jpg', type: 'image/jpeg', bytes: pdfBytes },
    ]) {
      const r = await createGeneralView('pressure-vessel', inspection.id, {}, { imageFile: file });
      expect(r.status, file.name).toBe(415);
      expect(r.body.error.details, file.name).toEqual([expect.objectContaining({ path: 'imageFile' })]);
    }
    const noPicture = await createGeneralView('pressure-vessel', inspection.id, {}, {});
    expect(noPicture.status).toBe(400);
    expect(noPicture.body.error.details).toEqual([expect.objectContaining({ path: 'imageFile' })]);
    const crossed = await createGeneralView('storage-tank', inspection.id);
    expect(crossed.status).toBe(400);
    expect(crossed.body.error.details).toEqual([expect.objectContaining({ path: 'srutInspectionId' })]);
    const listed = await t.call(
      'GET',
      `${generalViewPath('pressure-vessel')}/by-inspection?inspectionId=${inspection.id}`,
    );
    expect(listed.body.data).toEqual([]);
  });
});

describe('the remaining wall against the minimum required thickness', () => {
  it('is worked out from the inspection’s thicknesses, at and around the minimum, in the API and in SQL alike', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'srut' });
    // 12.7 mm nominal, 9.5 mm minimum: a depth of 3.2 mm leaves exactly the minimum.
    const inspection = await createInspection('storage-tank', report.id);
    const cases: [depth: string, wall: number | null, grade: string | null][] = [
      ['0', 12.7, 'acceptable'],
      ['3.2', 9.5, 'acceptable'],
      ['3.21', 9.49, 'belowMinimum'],
      ['12.7', 0, 'belowMinimum'],
      // Deeper than the nominal wall: kept (the plate may be thicker than nominal), graded below minimum.
      ['13', -0.3, 'belowMinimum'],
      ['', null, null],
    ];
    const made: string[] = [];
    for (const [depth, wall, grade] of cases) {
      const r = await createSummary('storage-tank', inspection.id, {
        tag: `D ${depth}`,
        estimationOfDepth: depth,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.data, depth).toMatchObject({ remainingWall: wall, wallCondition: grade });
      made.push(r.body.data.id);
    }
    const evaluated = async () => {
      const listed = await t.call(
        'GET',
        `${summaryPath('storage-tank')}/by-inspection?inspectionId=${inspection.id}`,
      );
      type Evaluated = [wall: number | null, grade: string | null];
      const byId = new Map<string, Evaluated>(
        listed.body.data.map(
          (r: { id: string; remainingWall: number | null; wallCondition: string | null }) => [
            r.id,
            [r.remainingWall, r.wallCondition],
          ],
        ),
      );
      // The same declarations in SQL, reading the inspection through the summary's reference.
      const s = tableOf(srutSummary);
      const rows = await t.db
        .select({
          id: s.id,
          wall: derivedSql(srutSummary, 'remainingWall', s),
          grade: derivedSql(srutSummary, 'wallCondition', s),
        })
        .from(s)
        .where(eq(s.srutInspectionId, inspection.id));
      expect(new Map(rows.map((r) => [r.id, [r.wall, r.grade]]))).toEqual(byId);
      return made.map((id) => byId.get(id));
    };
    expect(await evaluated()).toEqual(cases.map(([, wall, grade]) => [wall, grade]));

    // Read from the inspection as it is now: without a minimum, the wall but no grade; without a
    // nominal thickness, neither.
    const noMinimum = await t.call('PUT', `${inspectionPath('storage-tank')}?id=${inspection.id}`, {
      minimumThickness: null,
      version: 1,
    });
    expect(noMinimum.status, JSON.stringify(noMinimum.body)).toBe(200);
    expect(await evaluated()).toEqual(cases.map(([, wall]) => [wall, null]));
    const noNominal = await t.call('PUT', `${inspectionPath('storage-tank')}?id=${inspection.id}`, {
      minimumThickness: 9.5,
      nominalThickness: null,
      version: 2,
    });
    expect(noNominal.status, JSON.stringify(noNominal.body)).toBe(200);
    expect(await evaluated()).toEqual(cases.map(() => [null, null]));
    // A thicker plate entered later: every summary is graded again from it.
    const thicker = await t.call('PUT', `${inspectionPath('storage-tank')}?id=${inspection.id}`, {
      nominalThickness: 16,
      version: 3,
    });
    expect(thicker.status).toBe(200);
    expect((await evaluated()).map((pair) => pair?.[1])).toEqual([
      'acceptable',
      'acceptable',
      'acceptable',
      'belowMinimum',
      'belowMinimum',
      null,
    ]);
  });

  it('makes the report submittable once a summary is recorded, counts summaries per grade and prints them', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'srut' });
    const inspection = await createInspection('pressure-vessel', report.id, {
      remarks: 'Saddle S-2 contact area',
    });
    const before = await t.call('GET', `/api/report-headers/${report.id}/readiness`);
    expect(before.body.data.missing).toEqual([
      expect.objectContaining({ requirement: 'rows', technique: 'srut', entity: 'srutSummary', found: 0 }),
    ]);
    for (const [tag, depth] of [
      ['S2-01', '1.5'],
      ['S2-02', '4.8'],
      ['S2-03', '0.9'],
    ] as const)
      expect(
        (await createSummary('pressure-vessel', inspection.id, { tag, estimationOfDepth: depth })).status,
      ).toBe(201);
    expect(
      (await createGeneralView('pressure-vessel', inspection.id, { displayName: 'Saddle S-2, east' })).status,
    ).toBe(201);
    const after = await t.call('GET', `/api/report-headers/${report.id}/readiness`);
    expect(after.body.data.missing).toEqual([]);

    const techniques = await t.call('GET', `/api/report-headers/${report.id}/techniques`);
    expect(techniques.status).toBe(200);
    expect(techniques.body.data).toEqual([
      expect.objectContaining({
        technique: 'srut',
        variant: 'pressure-vessel',
        inspections: 1,
        rows: 3,
        worstFinding: 'belowMinimum',
        byGrade: [
          { level: 'acceptable', rows: 2 },
          { level: 'belowMinimum', rows: 1 },
        ],
        perInspection: [
          {
            id: inspection.id,
            rows: 3,
            byGrade: [
              { level: 'acceptable', rows: 2 },
              { level: 'belowMinimum', rows: 1 },
            ],
          },
        ],
      }),
    ]);

    const printed = await t.inject({
      method: 'GET',
      url: `/api/report-headers/${report.id}/pdf`,
      headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
    });
    expect(printed.statusCode).toBe(200);
    const { all } = await pdfText(printed.rawPayload);
    expect(all).toContain('SRUT inspection');
    expect(all).toContain('Saddle S-2 contact area');
    expect(all).toContain('SRUT summary');
    for (const tag of ['S2-01', 'S2-02', 'S2-03']) expect(all).toContain(tag);
    expect(all).toContain('Below minimum');
    expect(all).toMatch(/3 entries, by grade: Acceptable 2 Below minimum 1 Worst: S2-02 \(Below minimum\)/);
    expect(all).toContain('SRUT general view');
    expect(all).toContain('Saddle S-2, east');
    // Printed as a gallery: under the list's title, a heading per category with its count.
    expect(all).toMatch(/SRUT general view · 1 record\s*Overall view \(1\)\s*Saddle S-2, east/);
    if (process.env.KEEP_PDF)
      (await import('node:fs')).writeFileSync(process.env.KEEP_PDF, printed.rawPayload);
  });
});
