/**
 * The report as one tree and its PDF (docs/report-of-record.md): `GET /report-headers/{id}/pdf`
 * prints the whole report from its declarations, with the approval record and the tree's
 * fingerprint, in English or Bahasa Indonesia; what cannot be read (a missing photo) is said, not
 * fatal; another company's report is not found. Text is read back out of the PDF with pdf.js.
 */
import { randomUUID } from 'node:crypto';
import { entities, idLabels, permissionActions, permissionModules } from '@inspectra/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordScopes, repositories as appRepositories } from '../src/app.ts';
import { attachments, thermalMeasurementTable, users } from '../src/db/schema/index.ts';
import { canonicalJson, canonicalReport } from '../src/engine/report-canonical.ts';
import { unscoped } from '../src/engine/record-scope.ts';
import { collectReportTree, walkReport } from '../src/engine/report-tree.ts';
import { configurePdfPrints, endWarmPdfPrinters, pdfPrints } from '../src/modules/reports/pdf-printer.ts';
import { pdfBytes } from './document-bytes.ts';
import { pdfText } from './pdf-text.ts';
import {
  completeForSubmission,
  createApprover,
  createReportHeader,
  createRole,
  createThermalAnalysis,
  createThermalMeasurement,
  createUser,
  jpegBytes,
  multipart,
  pngBytes,
  setTwoLevelPath,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
/** An approved thermal report: two levels, a photographed measurement, a supporting document. */
let report: { id: string; reportNumber: string };
let approverName: string;
const longSummary = `${'The survey covered every feeder of the panel. '.repeat(434)}END-OF-SUMMARY`;
const unusual = 'Lug 🔥 مرحبا بالعالم שלום';

const pdf = (id: string, o: { token?: string; query?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/report-headers/${id}/pdf${o.query ?? ''}`,
    headers: { authorization: `Bearer ${o.token ?? t.adminTokens.accessToken}`, ...o.headers },
  });

/**
 * The approved report printed by the administrator in English: printed once and read by every test
 * that looks at that same print (its fingerprint, cover, sections), as printing is the costly part.
 * Each distinct print (another language, reader or report) is still printed by its own test.
 */
let reportPrint: ReturnType<typeof pdf> | undefined;
const printedReport = () => (reportPrint ??= pdf(report.id));

/** Each PDF's text read once, however many looks a test takes into it. */
const texts = new WeakMap<Buffer, ReturnType<typeof pdfText>>();
function textOf(res: { rawPayload: Buffer }) {
  let text = texts.get(res.rawPayload);
  if (!text) texts.set(res.rawPayload, (text = pdfText(res.rawPayload)));
  return text;
}

beforeAll(async () => {
  t = await startTestApp();
  const approver = await createApprover(t);
  const [named] = await t.db
    .select({ fullName: users.fullName })
    .from(users)
    .where(eq(users.id, approver.id));
  approverName = named!.fullName;
  await setTwoLevelPath(t, 'thermal', approver.id);
  report = await createReportHeader(t);
  const analysis = await createThermalAnalysis(t, { reportHeaderId: report.id, summary: longSummary });
  await createThermalMeasurement(
    t,
    analysis.id,
    { component: unusual, maxTemperatureC: 80, referenceTemperatureC: 41, emissivity: 0.95 },
    {
      thermalImage: { name: 'ir.png', type: 'image/png', bytes: pngBytes },
      visualImage: { name: 'visual.jpg', type: 'image/jpeg', bytes: jpegBytes },
    },
  );
  const document = await t.call(
    'POST',
    '/api/report-supporting-document',
    multipart(
      { reportHeaderId: report.id, documentType: 'calibrationCertificate' },
      { file: { name: 'camera-calibration.pdf', type: 'application/pdf', bytes: pdfBytes } },
    ),
  );
  expect(document.status, JSON.stringify(document.body)).toBe(201);
  await completeForSubmission(t, report.id);
  const moves = [
    [t.adminTokens.accessToken, 'submitted'],
    [approver.token, 'approved&level=1'],
    [approver.token, 'approved&level=2&comment=Checked%20on%20site'],
  ] as const;
  for (const [token, status] of moves) {
    const moved = await t.call(
      'PUT',
      `/api/report-headers/update-report-status/${report.id}?status=${status}`,
      undefined,
      token,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
});

afterAll(async () => {
  await t?.close();
});

describe('the report as one tree', () => {
  it('walks the header, then each technique present with its records in declared order, files and derived values', async () => {
    const tree = await collectReportTree(
      walkReport(
        { db: t.db, repositories: appRepositories(recordScopes) },
        report.id,
        unscoped('a test reads the tree'),
      ),
    );
    expect(tree.header.values.reportNumber).toBe(report.reportNumber);
    // The equipment is named as the web names it: tag · description.
    expect(tree.header.named.equipmentNo?.name).toMatch(/^LP-.+ · Lighting panel$/);
    expect(tree.sections.map((s) => s.technique.module)).toEqual(['thermal', 'supportingDocument']);
    const [analyses] = tree.sections[0]!.lists;
    expect(analyses!.entity.name).toBe('thermalAnalysis');
    const [measurements] = analyses!.records[0]!.lists;
    const row = measurements!.records[0]!;
    expect(row.derived).toEqual({ deltaTC: 39, severity: 'repairImmediately' });
    expect(row.attachments.map((a) => [a.slot, a.mediaType, a.sha256.length])).toEqual([
      ['thermalImage', 'image/png', 64],
      ['visualImage', 'image/jpeg', 64],
    ]);
    expect(tree.sections[1]!.lists[0]!.records[0]!.attachments[0]!.storageKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('holds each time as the ISO text its Date gives, microseconds cut, so versions approved before still verify', async () => {
    // The walk reads times as PostgreSQL's text sliced into ISO text (unpaged.ts `timesAsText`);
    // the fingerprints of versions approved before were written from Dates, so the texts must agree.
    const draft = await createReportHeader(t);
    const analysis = await createThermalAnalysis(t, { reportHeaderId: draft.id });
    const measurement = await createThermalMeasurement(t, analysis.id, { component: 'Busbar joint' });
    const repositories = appRepositories(recordScopes);
    const measurements = repositories.get('thermalMeasurement')!;
    const stored = [
      ['2026-01-02 03:04:05.678901+00', '2026-01-02T03:04:05.678Z'],
      ['2026-01-02 03:04:05+00', '2026-01-02T03:04:05.000Z'],
      ['1999-12-31 23:59:59.9999+00', '1999-12-31T23:59:59.999Z'],
    ];
    for (const [createdAt, iso] of stored) {
      await t.db
        .update(thermalMeasurementTable)
        .set({ createdAt: sql`${createdAt}::timestamptz` })
        .where(eq(thermalMeasurementTable.id, measurement.id));
      const tree = await collectReportTree(
        walkReport({ db: t.db, repositories }, draft.id, unscoped('a test reads the tree')),
      );
      const row = tree.sections[0]!.lists[0]!.records[0]!.lists[0]!.records[0]!;
      const read = await measurements.get(t.db, measurement.id, unscoped('a test reads the record'));
      expect((read.createdAt as Date).toISOString()).toBe(iso);
      expect(row.values.createdAt).toBe(iso);
    }
  });

  it('has one canonical JSON, keys sorted, whose SHA-256 is the fingerprint the PDF prints', async () => {
    const walk = () =>
      walkReport(
        { db: t.db, repositories: appRepositories(recordScopes) },
        report.id,
        unscoped('a test reads the tree'),
      );
    const first = await canonicalReport(walk());
    const again = await canonicalReport(walk());
    expect(again).toEqual(first);
    expect(canonicalJson(JSON.parse(first.json))).toBe(first.json);
    const parsed = JSON.parse(first.json);
    expect(parsed.format).toBe('inspectra.report/1');
    expect(parsed.sections.map((s: { key: string }) => s.key)).toEqual(['thermal', 'supportingDocument']);
    const printed = await printedReport();
    expect(printed.headers['x-report-fingerprint']).toBe(first.sha256);
  });
});

/** An SACP survey on a report of its own, of a pipeline or a structure: its test points' values. */
async function sacpSurvey(variant: 'pipeline' | 'structure', points: Record<string, string>[]) {
  const survey = await createReportHeader(t, { inspectionMethod: 'sacp' });
  const inspection = await t.call(
    'POST',
    `/api/sacp-inspection-${variant}`,
    multipart({ reportHeaderId: survey.id, measurementDate: '2026-11-20' }),
  );
  expect(inspection.status, JSON.stringify(inspection.body)).toBe(201);
  for (const values of points) {
    const point = await t.call(
      'POST',
      `/api/sacp-measurement-${variant}`,
      multipart({ sacpInspectionId: inspection.body.data.id, measurementDate: '2026-11-20', ...values }),
    );
    expect(point.status, JSON.stringify(point.body)).toBe(201);
  }
  return survey;
}

/** The text of a PDF from a profile's title to the first row's blocks, which follow it. */
async function profileText(res: { rawPayload: Buffer }, title: string, next: string) {
  const { all } = await textOf(res);
  const from = all.indexOf(title);
  return from < 0 ? undefined : all.slice(from, all.indexOf(next, from));
}

describe('the profile of the rows in the PDF', () => {
  const title = 'Potential (ON), Instant-OFF potential along the Kilometre post';

  it('prints an SACP survey’s potentials along the line after its table: axes, criteria, rows per grade', async () => {
    const survey = await sacpSurvey('pipeline', [
      { testPoint: 'TP-01', pkm: '0.5', potential: '-910' },
      { testPoint: 'TP-02', pkm: '1.25', potential: '-820' },
      { testPoint: 'TP-03', pkm: '2', potential: '-1250', potentialReading: '-1230' },
      { testPoint: 'TP-04', pkm: '3.5', potential: '-1000' },
    ]);
    const res = await pdf(survey.id);
    expect(res.statusCode).toBe(200);
    const { pages } = await textOf(res);
    // After the rows table, on its page, before each row's blocks.
    const page = pages.find((p) => p.includes(title))!;
    expect(page.indexOf('SACP measurement · 4 records')).toBeLessThan(page.indexOf(title));
    const profile = (await profileText(res, title, 'SACP measurement 1'))!;
    // The axes titled with the x field's label and unit and the series' unit; each series named.
    for (const words of ['Kilometre post (km)', 'mV', 'Potential (ON)', 'Instant-OFF potential'])
      expect(profile).toContain(words);
    // The electrode's criterion and overprotection limit, named by the grade beyond each.
    expect(profile).toContain('Underprotected > -850 mV');
    expect(profile).toContain('Overprotected < -1,200 mV');
    // The rows per grade in words under the table, before the chart, as on the screen.
    const counted = (await profileText(res, 'SACP measurement · 4 records', title))!;
    expect(counted).toMatch(
      /4 entries, by grade: Protected 2 Overprotected 1 Underprotected 1 Worst: TP-02 \(Underprotected\)/,
    );

    const inIndonesian = await pdf(survey.id, { query: '?lang=id' });
    const indonesian = (await profileText(
      inIndonesian,
      'Potensial (ON), Potensial instant-OFF sepanjang Patok kilometer',
      'Pengukuran SACP 1',
    ))!;
    expect(indonesian).toContain('Patok kilometer (km)');
    expect(indonesian).toContain('-1.200 mV');
    const { all: indonesianText } = await textOf(inIndonesian);
    expect(indonesianText).toContain('4 entri, menurut tingkat:');
  });

  it('draws no limits when the rows were read against different electrodes, and says why', async () => {
    const survey = await sacpSurvey('pipeline', [
      { testPoint: 'TP-01', pkm: '0.5', potential: '-910' },
      { testPoint: 'TP-02', pkm: '1.25', potential: '-820', referenceElectrode: 'agAgCl' },
    ]);
    const profile = (await profileText(await pdf(survey.id), title, 'SACP measurement 1'))!;
    expect(profile).toContain('Kilometre post (km)');
    expect(profile).toContain(
      'The limits are not drawn: the entries were read with more than one Reference electrode.',
    );
    expect(profile).not.toMatch(/protected [<>]/);
  });

  it('says there is nothing to draw when no row has a kilometre post', async () => {
    const survey = await sacpSurvey('pipeline', [{ testPoint: 'TP-01', potential: '-910' }]);
    const res = await pdf(survey.id);
    const profile = (await profileText(res, title, 'SACP measurement 1'))!;
    expect(profile).toContain('No kilometre post has a value yet.');
    const { all } = await textOf(res);
    expect(all).toContain('1 entry, by grade: Protected 1 Worst: TP-01 (Protected)');
  });

  it('prints none for a technique that declares none, nor for a variant it is not declared for', async () => {
    const structure = await sacpSurvey('structure', [
      { pileNumber: 'P-4', potential: '-910', referenceElectrode: 'agAgCl' },
    ]);
    for (const printed of [await printedReport(), await pdf(structure.id)]) {
      const { all } = await textOf(printed);
      expect(all).toMatch(/(Thermal|SACP) measurement · 1 record/);
      expect(all).not.toContain(' along the ');
      // Graded, so their rows are counted by grade under the table all the same.
      expect(all).toContain('1 entry, by grade:');
    }
  });
});

describe('GET /report-headers/{id}/pdf', () => {
  it('prints the cover, the field groups it fills, the approvers, the fingerprint and the page numbers', async () => {
    const res = await printedReport();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`${report.reportNumber}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const fingerprint = String(res.headers['x-report-fingerprint']);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const { pages, all } = await textOf(res);
    expect(all).toContain('Inspection report');
    expect(all).toContain(report.reportNumber);
    // A group with a value is printed (the camera's emissivity); the fields left empty are not, and
    // a line says how many.
    expect(all).toContain((entities.thermalMeasurement!.groups as Record<string, string>).camera!);
    expect(all).toMatch(/\d+ fields left empty are not printed\./);
    expect(all).toContain('Thermal analysis');
    expect(all).toContain('Repair immediately');
    expect(all).toContain('Calibration certificate');
    expect(all).toContain('camera-calibration.pdf');
    expect(all).toContain('Approval record');
    expect(all).toContain(approverName);
    expect(all).toContain('Checked on site');
    expect(all).toContain('END-OF-SUMMARY');
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).toContain(fingerprint);
    });
    expect(pages.length).toBeGreaterThan(2);
  });

  it('prints in Bahasa Indonesia when asked by lang or by Accept-Language', async () => {
    for (const asked of [
      { query: '?lang=id' },
      { headers: { 'accept-language': 'id-ID,id;q=0.9,en;q=0.5' } },
    ]) {
      const res = await pdf(report.id, asked);
      expect(res.statusCode).toBe(200);
      const { all } = await pdfText(res.rawPayload);
      expect(all).toContain('Laporan inspeksi');
      expect(all).toContain('Catatan persetujuan');
      expect(all).toMatch(/Halaman 1 dari \d+/);
      // The declarations' words too: technique, entity, field groups, fields, derived values,
      // enumerated values, image slots and the report's status, from the contract's table.
      expect(all).toContain(idLabels.entities.thermalMeasurement!.groups!.camera);
      expect(all).toMatch(/\d+ isian yang dibiarkan kosong tidak dicetak\./);
      for (const words of [
        'Analisis termal',
        'Pengukuran termal',
        'Suhu maksimum',
        'Tingkat keparahan',
        'Perbaiki segera',
        'Gambar termal',
        'Dokumen pendukung',
        'Sertifikat kalibrasi',
        'Disetujui',
      ])
        expect(all).toContain(words);
      for (const english of [
        'Camera and conditions',
        'Max temperature',
        'Repair immediately',
        'Thermal image',
      ])
        expect(all).not.toContain(english);
    }
    // …and English still prints in English.
    const english = (await pdfText((await pdf(report.id, { query: '?lang=en' })).rawPayload)).all;
    for (const words of ['Camera and conditions', 'Max temperature', 'Repair immediately', 'Thermal image'])
      expect(english).toContain(words);
    expect(english).not.toContain('Suhu maksimum');
    const refused = await pdf(report.id, { query: '?lang=fr' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('lang');
  });

  it('prints a report with no inspection records', async () => {
    const bare = await createReportHeader(t);
    const res = await pdf(bare.id);
    expect(res.statusCode).toBe(200);
    const { all } = await pdfText(res.rawPayload);
    expect(all).toContain('This report holds no inspection records.');
    expect(all).toContain('Not yet submitted for approval.');
  });

  it('prints "Image missing" for a photo whose file is gone, and still answers', async () => {
    const other = await createReportHeader(t);
    const analysis = await createThermalAnalysis(t, { reportHeaderId: other.id });
    const photographed = await createThermalMeasurement(
      t,
      analysis.id,
      {},
      // Bytes of its own (after the PNG's end), so no other record shares the stored file.
      {
        thermalImage: {
          name: 'gone.png',
          type: 'image/png',
          bytes: Buffer.concat([pngBytes, Buffer.from(randomUUID())]),
        },
      },
    );
    const [stored] = await t.db
      .select({ storageKey: attachments.storageKey })
      .from(attachments)
      .where(eq(attachments.id, photographed.thermalImage.id));
    await t.files.delete(stored!.storageKey);
    const res = await pdf(other.id);
    expect(res.statusCode).toBe(200);
    expect((await pdfText(res.rawPayload)).all).toContain('Image missing');
  });

  it('prints a photo pdfkit cannot read as missing, printing the report again without images', async () => {
    const other = await createReportHeader(t);
    const analysis = await createThermalAnalysis(t, { reportHeaderId: other.id });
    // A PNG's signature, then no PNG: stored as one, but pdfkit refuses the whole document on it.
    const damaged = Buffer.concat([pngBytes.subarray(0, 8), Buffer.from(`no chunks here ${randomUUID()}`)]);
    await createThermalMeasurement(
      t,
      analysis.id,
      {},
      { thermalImage: { name: 'damaged.png', type: 'image/png', bytes: damaged } },
    );
    const res = await pdf(other.id);
    expect(res.statusCode).toBe(200);
    const { pages, all } = await pdfText(res.rawPayload);
    expect(all).toContain('Image missing');
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
  });

  it("answers 413 in the reader's words when a print outgrows the memory a print may use, and keeps serving", async () => {
    // A print worker whose old generation cannot even hold pdfmake: it runs out of memory (a new
    // one: the workers kept warm were made with the usual limits).
    endWarmPdfPrinters();
    const before = configurePdfPrints({ maxOldGenerationSizeMb: 2 });
    let res;
    try {
      res = await pdf(report.id);
    } finally {
      configurePdfPrints(before);
    }
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      data: null,
      statusCode: 413,
      message: expect.stringContaining('too large to print as one PDF'),
      error: { code: 'PAYLOAD_TOO_LARGE', details: [{ path: 'id', code: 'reportTooLargeToPrint' }] },
    });
    // The server was not harmed: the same report prints, and other calls are answered.
    const again = await pdf(report.id);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.call('GET', `/api/report-headers?id=${report.id}`)).status).toBe(200);
  });

  it('prints one after another on a worker kept warm, and gives it back after a while', async () => {
    endWarmPdfPrinters();
    const started = pdfPrints().started;
    for (let i = 0; i < 3; i++) expect((await pdf(report.id)).statusCode).toBe(200);
    expect(pdfPrints()).toMatchObject({ running: 0, waiting: 0, warm: 1, started: started + 1 });
    const before = configurePdfPrints({ keepWarmMs: 50 });
    try {
      expect((await pdf(report.id)).statusCode).toBe(200);
      await expect.poll(() => pdfPrints().warm, { timeout: 2_000 }).toBe(0);
    } finally {
      configurePdfPrints(before);
    }
  });

  it('warms a worker at sign-in, ahead of the first print, which prints on it; an idle server keeps none', async () => {
    endWarmPdfPrinters();
    const before = configurePdfPrints({ warmAhead: true });
    try {
      const started = pdfPrints().started;
      expect((await t.login()).statusCode).toBe(200);
      expect(pdfPrints()).toMatchObject({ running: 0, warm: 1, started: started + 1 });
      // A second sign-in while one is warm starts no other.
      expect((await t.login()).statusCode).toBe(200);
      expect(pdfPrints()).toMatchObject({ warm: 1, started: started + 1 });
      const printed = await pdf(report.id);
      expect(printed.statusCode).toBe(200);
      expect(printed.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdfPrints()).toMatchObject({ running: 0, warm: 1, started: started + 1 });
      configurePdfPrints({ keepWarmMs: 50 });
      expect((await pdf(report.id)).statusCode).toBe(200);
      await expect.poll(() => pdfPrints().warm, { timeout: 2_000 }).toBe(0);
    } finally {
      configurePdfPrints(before);
    }
  });

  it('refuses a print with 503 and Retry-After when its turn does not come in time, and prints the next', async () => {
    const before = configurePdfPrints({ maxConcurrent: 1, waitMs: 0 });
    let answers;
    try {
      answers = await Promise.all([pdf(report.id), pdf(report.id)]);
    } finally {
      configurePdfPrints(before);
    }
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 503]);
    const refused = answers.find((a) => a.statusCode === 503)!;
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.json()).toMatchObject({
      data: null,
      statusCode: 503,
      message: expect.stringContaining('Other reports are being printed'),
    });
    expect(pdfPrints()).toMatchObject({ running: 0, waiting: 0 });
    expect((await pdf(report.id)).statusCode).toBe(200);
  });

  it("answers 404 for another company's report, an unknown one and 400 for a malformed id", async () => {
    const company = await t.call(
      'POST',
      '/api/contractor-company',
      multipart({ ContractorName: `PT ${randomUUID()}` }),
    );
    expect(company.status, JSON.stringify(company.body)).toBe(201);
    const role = await createRole(
      t,
      permissionModules.flatMap((module) => permissionActions.map((action) => ({ module, action }))),
      'contractor',
    );
    const user = await createUser(t, { roleId: role.id });
    await t.db.update(users).set({ contractorCompanyId: company.body.data.id }).where(eq(users.id, user.id));
    const token = (await t.login(user.username, user.password)).json().data.accessToken as string;
    const hidden = await pdf(report.id, { token });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().data).toBeNull();
    expect((await pdf(randomUUID())).statusCode).toBe(404);
    expect((await pdf('not-a-uuid')).statusCode).toBe(400);
  });

  it('needs the view permission of reports', async () => {
    const role = await createRole(t, [{ module: 'thermal', action: 'view' }], 'no-reports');
    const user = await createUser(t, { roleId: role.id });
    const token = (await t.login(user.username, user.password)).json().data.accessToken as string;
    expect((await pdf(report.id, { token })).statusCode).toBe(403);
  });

  it("leaves out, saying so, the sections the reader's role may not view", async () => {
    const role = await createRole(t, [{ module: 'reportHeader', action: 'view' }], 'reports-only');
    const user = await createUser(t, { roleId: role.id });
    const token = (await t.login(user.username, user.password)).json().data.accessToken as string;
    const res = await pdf(report.id, { token });
    expect(res.statusCode).toBe(200);
    const { all } = await pdfText(res.rawPayload);
    expect(all).toContain('your role may not view this inspection type');
    expect(all).not.toContain('Camera and conditions');
    // The fingerprint is the whole report's, whoever reads it.
    expect(res.headers['x-report-fingerprint']).toBe((await printedReport()).headers['x-report-fingerprint']);
  });
});
