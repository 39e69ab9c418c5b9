/**
 * The PDF as a plant files it (docs/report-pdf.md): the plant owner kept in administration and
 * named with its logo on the cover beside the contractor, the location by name, the overall result
 * per technique; fields left empty not printed (a line says how many); a survey's rows as one table
 * of the columns its declaration prints; a list inside a row as a table. Text is read back out of
 * the PDF with pdf.js.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text.ts';
import {
  createReportHeader,
  createRole,
  createUser,
  multipart,
  nextIp,
  pngBytes,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
/** A signed-in user whose role grants nothing. */
let plainToken: string;

const owner = {
  ownerName: 'PT Kilang Uji Energi',
  address: 'Jl. Medan Merdeka Barat No. 17',
  city: 'Jakarta',
  region: 'DKI Jakarta',
};

const pdf = async (id: string, lang = 'en') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/report-headers/${id}/pdf?lang=${lang}`,
    headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return pdfText(res.rawPayload);
};

beforeAll(async () => {
  t = await startTestApp();
  const role = await createRole(t, []);
  const plain = await createUser(t, { roleId: role.id });
  plainToken = (await t.login(plain.username, plain.password, nextIp())).json().data.accessToken;
});

afterAll(async () => {
  await t?.close();
});

describe('the plant owner in administration', () => {
  it('is null until set; set once with its logo; read by any signed-in user; written only with the permission', async () => {
    const none = await t.call('GET', '/api/plant-owner', undefined, plainToken);
    expect(none.status).toBe(200);
    expect(none.body.data).toBeNull();

    const refused = await t.call('POST', '/api/plant-owner', multipart(owner), plainToken);
    expect(refused.status).toBe(403);

    const created = await t.call(
      'POST',
      '/api/plant-owner',
      multipart(owner, { ownerLogo: { name: 'logo.png', type: 'image/png', bytes: pngBytes } }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject(owner);

    const second = await t.call('POST', '/api/plant-owner', multipart({ ownerName: 'Another owner' }));
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('already set');

    const read = await t.call('GET', '/api/plant-owner', undefined, plainToken);
    expect(read.body.data).toMatchObject({ ...owner, ownerLogo: { mediaType: 'image/png' } });
    // The logo is shown to everyone whose report carries it, whatever their role.
    const logo = await t.app.inject({
      method: 'GET',
      url: `/api/files/${read.body.data.ownerLogo.id}`,
      headers: { authorization: `Bearer ${plainToken}` },
    });
    expect(logo.statusCode).toBe(200);

    const updated = await t.call(
      'PUT',
      `/api/plant-owner/${created.body.data.id}`,
      multipart({ region: 'Daerah Khusus Ibukota Jakarta', version: String(created.body.data.version) }),
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.region).toBe('Daerah Khusus Ibukota Jakarta');
    const back = await t.call(
      'PUT',
      `/api/plant-owner/${created.body.data.id}`,
      multipart({ region: owner.region, version: String(updated.body.data.version) }),
    );
    expect(back.status).toBe(200);

    const empty = await t.call(
      'PUT',
      `/api/plant-owner/${created.body.data.id}`,
      multipart({ ownerName: '', version: String(back.body.data.version) }),
    );
    expect(empty.status).toBe(400);
  });
});

/** An SACP pipeline survey of `points` test points on a report of its own, at a named location. */
async function sacpSurvey(points: Record<string, string>[], inspection: Record<string, string> = {}) {
  const code = `LOC-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const location = await t.call('POST', '/api/asset/locations', { code, name: 'Crude jetty pipeline' });
  expect(location.status, JSON.stringify(location.body)).toBe(201);
  const survey = await createReportHeader(t, { inspectionMethod: 'sacp', location: code });
  const made = await t.call(
    'POST',
    '/api/sacp-inspection-pipeline',
    multipart({ reportHeaderId: survey.id, measurementDate: '2026-11-20', ...inspection }),
  );
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  for (const values of points) {
    const point = await t.call(
      'POST',
      '/api/sacp-measurement-pipeline',
      multipart({ sacpInspectionId: made.body.data.id, measurementDate: '2026-11-20', ...values }),
    );
    expect(point.status, JSON.stringify(point.body)).toBe(201);
  }
  return { ...survey, locationCode: code };
}

describe('the PDF as a plant files it', () => {
  it('prints a 40-point SACP survey as one table under a cover naming the owner, the location and the overall result', async () => {
    const points = Array.from({ length: 40 }, (_, i) => ({
      testPoint: `TP-${String(i + 1).padStart(2, '0')}`,
      pkm: String((i * 0.25).toFixed(2)),
      // Two underprotected points, the rest protected.
      potential: String(i === 7 || i === 30 ? -800 : -900 - (i % 5) * 20),
      potentialReading: String(i === 7 || i === 30 ? -790 : -870 - (i % 3) * 10),
      ...(i === 12 ? { remarks: 'Test post cover broken, replaced on site.' } : {}),
    }));
    const survey = await sacpSurvey(points, { procedureName: 'CP-PR-004' });
    const { pages, all } = await pdf(survey.id);

    // The cover: the owner (name, address, city and region) and the contractor, the location by name.
    const cover = pages[0]!;
    for (const words of ['Plant owner', owner.ownerName, owner.address, 'Jakarta, DKI Jakarta', 'Contractor'])
      expect(cover).toContain(words);
    expect(cover).toContain('Location Crude jetty pipeline');
    expect(cover).not.toContain(survey.locationCode);
    // The dates the report leaves empty are not printed; a line says so.
    expect(cover).not.toContain('Actual start');
    expect(cover).toMatch(/\d+ fields? left empty (is|are) not printed/);
    // The overall result per technique: its entries by grade and the worst, as under its table.
    expect(cover).toMatch(
      /Overall result Inspection Entries By grade Worst SACP .*40 Protected 38 Underprotected 2 Underprotected · TP-08/,
    );
    expect(all).toContain(
      '40 entries, by grade: Protected 38 Underprotected 2 Worst: TP-08 (Underprotected)',
    );

    // One table of the declared columns, its title and header on every page it runs onto.
    expect(all).toContain(
      'SACP measurement · 40 records # Test point Kilometre post Reading date Potential (ON) Instant-OFF potential Reference electrode Protection',
    );
    expect(all).toMatch(/TP-40 9\.75 km 20 Nov 2026 -\d+ mV -\d+ mV/);
    // A block of its own only for the row with a note: the rest are all in the table.
    expect(all).toContain('SACP measurement 13');
    expect(all).toContain('Test post cover broken, replaced on site.');
    expect(all).not.toContain('SACP measurement 12 ');
    // Cover, the inspection, the table and its chart, the approval record: a few pages, not twenty.
    expect(pages.length).toBeLessThanOrEqual(6);

    // The inspection's empty fields are not printed; a line says how many.
    expect(all).toContain('CP-PR-004');
    expect(all).not.toContain('Instrument range');
    expect(all).toMatch(/SACP inspection .*\d+ fields left empty are not printed\./);

    const indonesian = await pdf(survey.id, 'id');
    expect(indonesian.pages[0]).toContain('Pemilik kilang');
    expect(indonesian.pages[0]).toContain('Hasil keseluruhan');
    expect(indonesian.all).toMatch(/\d+ isian yang dibiarkan kosong tidak dicetak\./);
  });

  it('prints the indications inside a PAUT joint as a table, not a run-on line', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'paut' });
    const inspection = await t.call('POST', '/api/paut-inspection-pipe', {
      reportHeaderId: report.id,
      measurementDate: '2026-11-18',
      procedureNo: 'PAUT-PR-01',
    });
    expect(inspection.status, JSON.stringify(inspection.body)).toBe(201);
    const joint = await t.call('POST', '/api/paut-summary-pipe', {
      pautInspectionId: inspection.body.data.id,
      measurementDate: '2026-11-18',
      jointNumber: 'J-12',
      spotsJson: JSON.stringify([
        { position: 120, length: 14, depth: 8.2, height: 1.5, type: 'lackOfFusion', result: 'reject' },
        { position: 410, length: 4, depth: 5, type: 'porosity', result: 'accept' },
      ]),
    });
    expect(joint.status, JSON.stringify(joint.body)).toBe(201);
    const { all } = await pdf(report.id);
    // The joint in the rows table, its indications in a table of their own under its block.
    expect(all).toContain('PAUT joint · 1 record');
    expect(all).toMatch(
      /# Position Length Depth Through-wall height Indication type Result 1 120 mm 14 mm 8\.2 mm 1\.5 mm Lack of fusion Reject 2 410 mm 4 mm 5 mm Porosity Accept/,
    );
    expect(all).not.toContain('1. Position');
  });
});
