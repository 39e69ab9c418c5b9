import { readdir } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { ndtEquipment, reportHeader } from '@inspectra/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableOf } from '../src/db/schema/index.ts';
import { dwgBytes, pdfBytes, tiffBytes } from './document-bytes.ts';
import {
  createEquipment as createAssetEquipment,
  createReportHeader,
  createThermalAnalysis,
  createThermalMeasurement,
  multipart,
  pngBytes,
  startTestApp,
} from './helpers.ts';
import type { FilePart, TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const list = '/api/ndt-equipment-list';
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Item = {
  id: string;
  equipmentNo: string;
  isometricCount: number;
  history: {
    inspectionMethod: string;
    reportHeaderId: string;
    reportNumber: string;
    date: string | null;
    reportCount: number;
    worstFinding: string | null;
  }[];
};
const numbers = (items: Item[]) => items.map((i) => i.equipmentNo);

/** NDT equipment, and the same equipment in the asset master (what reports name). */
async function createEquipment(equipmentNo: string, overrides: Record<string, unknown> = {}) {
  await createAssetEquipment(t, {
    equipmentNo,
    ...(typeof overrides.tagNumber === 'string' ? { tagNumber: overrides.tagNumber.replace(/ /g, '-') } : {}),
  });
  const r = await t.call('POST', list, { equipmentNo, ...overrides });
  if (r.status !== 201) throw new Error(`equipment: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

async function uploadIsometric(ndtEquipmentId: string, fileName: string, drawing: FilePart) {
  return t.call(
    'POST',
    `${list}/isometrics`,
    multipart({ ndtEquipmentId, fileName, drawingNumber: 'ISO-1', revision: 'B' }, { drawing }),
  );
}

const drawingOf = (name: string, bytes: Buffer, type = 'application/octet-stream'): FilePart => ({
  name,
  type,
  bytes,
});

const get = (url: string) =>
  t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.adminTokens.accessToken}` } });

async function blobCount() {
  const walk = async (dir: string): Promise<number> => {
    let n = 0;
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      n += e.isDirectory() ? await walk(path.join(dir, e.name)) : 1;
    }
    return n;
  };
  return walk(path.join(t.filesDir, 'blobs'));
}

describe('NDT equipment and isometrics', () => {
  it('takes drawings as PDF, PNG, TIFF and DWG, and lists them per equipment number', async () => {
    const eq1 = await createEquipment('10001001', { tagNumber: 'P-101', objectType: 'PIPING' });
    const uploads = [
      ['ISO-10001001-A.pdf', drawingOf('iso.pdf', pdfBytes), 'application/pdf'],
      ['ISO-10001001-B.png', drawingOf('iso.png', pngBytes), 'image/png'],
      ['ISO-10001001-C.tif', drawingOf('iso.tif', tiffBytes), 'image/tiff'],
      ['ISO-10001001-D.dwg', drawingOf('iso.dwg', dwgBytes), 'image/vnd.dwg'],
    ] as const;
    for (const [fileName, drawing, mediaType] of uploads) {
      const r = await uploadIsometric(eq1.id, fileName, drawing);
      expect(r.status).toBe(201);
      expect(r.body.data).toMatchObject({ ndtEquipmentId: eq1.id, fileName, drawing: { mediaType } });
    }
    const drawings = await t.call('GET', `${list}/isometrics/10001001`);
    expect(drawings.status).toBe(200);
    expect(drawings.body.data.map((d: { fileName: string }) => d.fileName)).toEqual(uploads.map((u) => u[0]));

    const listed = await t.call('GET', `${list}?equipmentNo=10001001`);
    expect(listed.body.data[0]).toMatchObject({ equipmentNo: '10001001', isometricCount: 4, history: [] });
    expect((await t.call('GET', `${list}/isometrics/99999999`)).status).toBe(404);
  });

  it('refuses a drawing that is not one, an unsafe or duplicate file name, storing nothing', async () => {
    const e = await createEquipment('10002001');
    await uploadIsometric(e.id, 'ISO-10002001.pdf', drawingOf('iso.pdf', pdfBytes));
    const before = await blobCount();
    const html = await uploadIsometric(
      e.id,
      'ISO-html.pdf',
      drawingOf('iso.pdf', Buffer.from('<html><script>alert(1)</script></html>')),
    );
    expect(html.status).toBe(415);
    expect(html.body.error.details[0].path).toBe('drawing');
    const noFile = await t.call(
      'POST',
      `${list}/isometrics`,
      multipart({ ndtEquipmentId: e.id, fileName: 'x.pdf' }),
    );
    expect(noFile.status).toBe(400);
    expect(noFile.body.error.details[0].path).toBe('drawing');
    for (const fileName of ['../x.pdf', 'a/b.pdf', 'a\\b.pdf', '.hidden', 'a'.repeat(300), 'a..pdf']) {
      const r = await uploadIsometric(e.id, fileName, drawingOf('x.png', pngBytes));
      expect(r.status, fileName).toBe(400);
      expect(r.body.error.details[0].path).toBe('fileName');
    }
    const duplicate = await uploadIsometric(e.id, 'ISO-10002001.pdf', drawingOf('x.png', pngBytes));
    expect(duplicate.status).toBe(409);
    expect(await blobCount()).toBe(before);
  });

  it('downloads a drawing by file name as an attachment named by its file name', async () => {
    const e = await createEquipment('10003001');
    await uploadIsometric(e.id, 'ISO 10003001 (rev B).pdf', drawingOf('whatever.pdf', pdfBytes));
    await uploadIsometric(e.id, 'ISO-10003001-sketch', drawingOf('x.png', pngBytes));
    await uploadIsometric(e.id, 'ISO-10003001.dwg', drawingOf('x.dwg', dwgBytes));

    const res = await get(`${list}/isometrics/download/${encodeURIComponent('ISO 10003001 (rev B).pdf')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ISO 10003001 \(rev B\)\.pdf"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(pdfBytes)).toBe(true);

    // A picture drawing is downloaded too, not shown, with the extension its type has.
    const png = await get(`${list}/isometrics/download/ISO-10003001-sketch?equipmentNo=10003001`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-disposition']).toMatch(/^attachment; filename="ISO-10003001-sketch\.png"/);
    expect(png.rawPayload.equals(pngBytes)).toBe(true);
    const dwg = await get(`${list}/isometrics/download/ISO-10003001.dwg`);
    expect(dwg.headers['content-type']).toBe('image/vnd.dwg');
    expect(dwg.headers['content-disposition']).toMatch(/^attachment; filename="ISO-10003001\.dwg"/);
    expect(dwg.rawPayload.equals(dwgBytes)).toBe(true);
  });

  it('never serves a file for a name outside the store, another equipment or an unknown name', async () => {
    const a = await createEquipment('10004001');
    await createEquipment('10004002');
    await uploadIsometric(a.id, 'ISO-10004001.pdf', drawingOf('iso.pdf', pdfBytes));

    const attempts = [
      '..',
      '%2e%2e',
      '..%2F..%2Fetc%2Fpasswd',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '%2Fetc%2Fpasswd',
      '%252e%252e%252f',
      'ISO-10004001.pdf%00.png',
      '%00',
      'ISO%5C..%5C..%5Cwindows',
      'C%3A%5Cwindows%5Cwin.ini',
      `${'a'.repeat(300)}.pdf`,
      '.%2FISO-10004001.pdf',
      'ISO-10004001.pdf%2F',
    ];
    for (const name of attempts) {
      const res = await get(`${list}/isometrics/download/${name}`);
      expect([400, 404], name).toContain(res.statusCode);
      expect(res.headers['content-type'], name).toMatch(/^application\/json/);
      expect(res.rawPayload.includes(pdfBytes.subarray(0, 8)), name).toBe(false);
    }
    for (const name of ['..', '%2e%2e%2f', '%2Fetc%2Fpasswd', 'a%00b', 'a%5Cb', 'a'.repeat(300)]) {
      expect((await get(`${list}/isometrics/download/${name}`)).statusCode, name).toBe(400);
    }

    const other = await get(`${list}/isometrics/download/ISO-10004001.pdf?equipmentNo=10004002`);
    expect(other.statusCode).toBe(404);
    const own = await get(`${list}/isometrics/download/ISO-10004001.pdf?equipmentNo=10004001`);
    expect(own.statusCode).toBe(200);
    expect((await get(`${list}/isometrics/download/ISO-unknown.pdf`)).statusCode).toBe(404);
    expect(
      (await get(`${list}/isometrics/download/ISO-10004001.pdf?equipmentNo=${encodeURIComponent('../x')}`))
        .statusCode,
    ).toBe(400);
  });

  it('removes a drawing by ?id=, and equipment only once it has no drawings', async () => {
    const e = await createEquipment('10005001');
    const d = (await uploadIsometric(e.id, 'ISO-10005001.pdf', drawingOf('iso.pdf', pdfBytes))).body.data;
    const refused = await t.call('DELETE', `${list}/${e.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/isometric drawing/);
    expect((await t.call('DELETE', `${list}/isometrics?id=${d.id}`)).status).toBe(200);
    expect((await get(`${list}/isometrics/download/ISO-10005001.pdf`)).statusCode).toBe(404);
    expect((await t.call('DELETE', `${list}/${e.id}`)).status).toBe(200);
  });
});

describe('the NDT equipment list', () => {
  /** Equipment with reports by several methods, VCI and walkthrough findings under them. */
  async function seedHistory() {
    const pump = await createEquipment('20001001', {
      tagNumber: 'PL-7 KP 12',
      description: 'Crude trunk line',
      objectType: 'PIPELINE',
    });
    await createEquipment('20001002', {
      tagNumber: 'P-22',
      description: 'Water injection',
      objectType: 'PIPE',
    });
    await createEquipment('20001003', { tagNumber: 'T-1', description: 'Crude tank', objectType: 'TANK' });

    const oldVci = await createReportHeader(t, {
      equipmentNo: '20001001',
      inspectionMethod: 'vci',
      actualStartDate: '2025-05-01',
      actualCompletedDate: '2025-05-03',
    });
    const lastVci = await createReportHeader(t, {
      equipmentNo: '20001001',
      inspectionMethod: 'vci',
      actualStartDate: '2026-06-01',
    });
    const walk = await createReportHeader(t, {
      equipmentNo: '20001001',
      inspectionMethod: 'walkthrough',
      actualStartDate: '2026-03-01',
      actualCompletedDate: '2026-03-02',
    });
    const thermal = await createReportHeader(t, {
      equipmentNo: '20001001',
      inspectionMethod: 'thermal',
      actualCompletedDate: '2026-02-10',
    });
    const tankThermal = await createReportHeader(t, { equipmentNo: '20001003', inspectionMethod: 'thermal' });
    // Thermal grades by its derived severity: ΔT 2 °C investigate, ΔT 20 °C repair immediately.
    const survey = await createThermalAnalysis(t, { reportHeaderId: thermal.id });
    await createThermalMeasurement(t, survey.id, { maxTemperatureC: 42, referenceTemperatureC: 40 });
    await createThermalMeasurement(t, survey.id, { maxTemperatureC: 60, referenceTemperatureC: 40 });

    // VCI: the old report had a critical spot, the last one low and high.
    const spot = async (reportHeaderId: string, severity: string) => {
      const analysis = await t.call(
        'GET',
        `/api/vci-analysis-pipeline/by-report?reportHeaderId=${reportHeaderId}`,
      );
      const r = await t.call('POST', '/api/vci-summary-pipeline', {
        vciAnalysisId: analysis.body.data.id,
        measurementDate: '2026-06-01',
        location: 'KP 12',
        feature: 'corrosion',
        severity,
      });
      expect(r.status).toBe(201);
    };
    await spot(oldVci.id, 'critical');
    await spot(lastVci.id, 'low');
    await spot(lastVci.id, 'high');
    // Walkthrough: two inspections, findings medium and low.
    for (const severity of ['medium', 'low']) {
      const inspection = await t.call(
        'POST',
        '/api/walkthrough-inspection-pipeline',
        multipart({ reportHeaderId: walk.id, inspectionDate: '2026-03-01' }),
      );
      await t.call('POST', '/api/walkthrough-summary-pipeline', {
        walkthroughInspectionId: inspection.body.data.id,
        inspectionDate: '2026-03-01',
        inspectionArea: 'KP 12',
        finding: 'Exposed pipe',
        condition: 'fair',
        severity,
      });
    }
    return { pump, oldVci, lastVci, walk, thermal, tankThermal };
  }
  let s: Awaited<ReturnType<typeof seedHistory>>;
  beforeAll(async () => {
    s = await seedHistory();
  });

  it('gives each equipment its last report per inspection method and the worst finding of it', async () => {
    const r = await t.call('GET', `${list}?equipmentNo=20001001`);
    expect(r.status).toBe(200);
    const [item] = r.body.data as Item[];
    const byMethod = Object.fromEntries(item!.history.map((h) => [h.inspectionMethod, h]));
    expect(Object.keys(byMethod).sort()).toEqual(['thermal', 'vci', 'walkthrough']);
    expect(byMethod.vci).toMatchObject({
      reportHeaderId: s.lastVci.id,
      reportNumber: s.lastVci.reportNumber,
      date: '2026-06-01',
      reportCount: 2,
      // The last report's worst, not the critical spot of the older one.
      worstFinding: 'high',
    });
    expect(byMethod.walkthrough).toMatchObject({
      reportHeaderId: s.walk.id,
      date: '2026-03-02',
      reportCount: 1,
      worstFinding: 'medium',
    });
    // Thermal's grade is derived from ΔT: the worst of its measurements.
    expect(byMethod.thermal).toMatchObject({
      reportHeaderId: s.thermal.id,
      date: '2026-02-10',
      worstFinding: 'repairImmediately',
    });

    // A walkthrough finding under the VCI report is not the VCI method's finding.
    const inspection = await t.call(
      'POST',
      '/api/walkthrough-inspection-pipe',
      multipart({ reportHeaderId: s.lastVci.id, inspectionDate: '2026-06-01' }),
    );
    const stray = await t.call('POST', '/api/walkthrough-summary-pipe', {
      walkthroughInspectionId: inspection.body.data.id,
      inspectionDate: '2026-06-01',
      inspectionArea: 'KP 12',
      finding: 'Leak',
      condition: 'bad',
      severity: 'critical',
    });
    expect(stray.status).toBe(201);
    const again = await t.call('GET', `${list}?equipmentNo=20001001`);
    const vci = (again.body.data[0] as Item).history.find((h) => h.inspectionMethod === 'vci');
    expect(vci?.worstFinding).toBe('high');
  });

  it('filters by search, inspection method, equipment number, object type and date of update, paged', async () => {
    const call = async (query: string) => {
      const r = await t.call('GET', `${list}?${query}`);
      expect(r.status, query).toBe(200);
      return r.body as { data: Item[]; meta: Record<string, unknown> };
    };
    expect(numbers((await call('search=crude')).data)).toEqual(['20001001', '20001003']);
    expect(numbers((await call('search=P-22')).data)).toEqual(['20001002']);
    // % and _ are not wildcards.
    expect((await call('search=%25')).data).toEqual([]);
    expect(numbers((await call('inspectionMethodId=thermal')).data)).toEqual(['20001001', '20001003']);
    expect(numbers((await call('inspectionMethodId=walkthrough')).data)).toEqual(['20001001']);
    expect((await call('inspectionMethodId=ufd')).data).toEqual([]);
    expect(numbers((await call('objectType=PIPE')).data)).toEqual(['20001002']);
    expect(numbers((await call('objectType=TANK&inspectionMethodId=thermal')).data)).toEqual(['20001003']);
    expect(numbers((await call('equipmentNo=20001002')).data)).toEqual(['20001002']);

    // Changed since: the equipment row itself, or a report on it.
    const table = tableOf(reportHeader);
    await t.db
      .update(table)
      .set({ updatedAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(table.equipmentNo, '20001003'));
    const equipment = await t.call('GET', `${list}?search=2000100`);
    const ids = Object.fromEntries((equipment.body.data as Item[]).map((i) => [i.equipmentNo, i.id]));
    const eqTable = tableOf(ndtEquipment);
    await t.db.update(eqTable).set({ updatedAt: new Date('2020-01-01T00:00:00Z') });
    const today = new Date().toISOString().slice(0, 10);
    // Equipment and tank reports are old now: only 20001001 changed today (through its reports).
    expect(numbers((await call(`dateUpdate=${today}&search=2000100`)).data)).toEqual(['20001001']);
    await t.call('PUT', `${list}/${ids['20001002']}`, { location: 'Cluster 4' });
    expect(numbers((await call(`dateUpdate=${today}&search=2000100`)).data)).toEqual([
      '20001001',
      '20001002',
    ]);
    expect(numbers((await call('dateUpdate=2019-12-31&search=2000100')).data)).toEqual([
      '20001001',
      '20001002',
      '20001003',
    ]);

    const page1 = await call('search=2000100&pageSize=2&pageNumber=1');
    expect(numbers(page1.data)).toEqual(['20001001', '20001002']);
    expect(page1.meta).toMatchObject({ pageNumber: 1, pageSize: 2, totalCount: 3, totalPages: 2 });
    const page2 = await call('search=2000100&pageSize=2&pageNumber=2');
    expect(numbers(page2.data)).toEqual(['20001003']);

    for (const bad of ['dateUpdate=yesterday', 'pageSize=0', 'pageNumber=-1', 'pageSize=1000'])
      expect((await t.call('GET', `${list}?${bad}`)).status, bad).toBe(400);
  });
});

describe('the register names the asset master’s equipment', () => {
  const unknown = {
    path: 'equipmentNo',
    message: 'No equipment has this equipment number',
    code: 'notInList',
  };

  it('refuses a number the master does not know (400 on the field), by every way in, storing nothing', async () => {
    const created = await t.call('POST', list, { equipmentNo: 'NOT-IN-MASTER-1', description: 'Typed' });
    expect(created.status).toBe(400);
    expect(created.body.error).toEqual({ code: 'VALIDATION_ERROR', details: [unknown] });
    const upserted = await t.call('POST', `${list}/upsert`, { equipmentNo: 'NOT-IN-MASTER-1' });
    expect(upserted.status).toBe(400);
    expect(upserted.body.error.details).toEqual([unknown]);

    const kept = await createEquipment('30001001', { description: 'Known' });
    const renumbered = await t.call('PUT', `${list}/${kept.id}`, { equipmentNo: 'NOT-IN-MASTER-1' });
    expect(renumbered.status).toBe(400);
    expect(renumbered.body.error.details).toEqual([unknown]);

    const sheet = new ExcelJS.Workbook();
    const rows = sheet.addWorksheet('Equipment');
    rows.addRow(['Equipment number', 'Description']);
    rows.addRow(['30001001', 'Known, described again']);
    rows.addRow(['NOT-IN-MASTER-2', 'Typed']);
    const imported = await t.call(
      'POST',
      `${list}/import`,
      multipart(
        {},
        { file: { name: 'ndt.xlsx', type: xlsxType, bytes: Buffer.from(await sheet.xlsx.writeBuffer()) } },
      ),
    );
    expect(imported.status).toBe(400);
    expect(imported.body.error.details).toEqual([
      {
        path: 'rows.3.equipmentNo',
        message: 'Equipment number: no equipment has the equipment number "NOT-IN-MASTER-2"',
      },
    ]);
    const stored = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ndt_equipment where equipment_no like 'NOT-IN-MASTER-%'`,
    );
    expect(stored.rows[0]!.n).toBe(0);
    const same = await t.call('GET', `${list}?equipmentNo=30001001`);
    expect(same.body.data[0]).toMatchObject({ description: 'Known', version: kept.version });
  });

  it("follows the master's number when it changes, and keeps the master from deleting what it names", async () => {
    const piece = await createAssetEquipment(t, { equipmentNo: '30002001' });
    const named = await t.call('POST', list, { equipmentNo: '30002001' });
    expect(named.status, JSON.stringify(named.body)).toBe(201);
    const renumbered = await t.call('PUT', `/api/asset/${piece.id}`, { equipmentNo: '30002002' });
    expect(renumbered.status, JSON.stringify(renumbered.body)).toBe(200);
    const followed = await t.call('GET', `${list}?equipmentNo=30002002`);
    expect(followed.body.data.map((i: Item) => i.id)).toEqual([named.body.data.id]);
    const deleted = await t.call('DELETE', `/api/asset/${piece.id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toBe(
      'This equipment is still named by NDT equipment records; change those first',
    );
  });

  it('keeps rows written before the register named the master: the key is not validated, a row is still edited', async () => {
    const constraint = await t.db.execute<{ convalidated: boolean }>(
      sql`select convalidated from pg_constraint
        where conrelid = 'ndt_equipment'::regclass and contype = 'f' and conname like '%equipment_no%'`,
    );
    expect(constraint.rows).toEqual([{ convalidated: false }]);
    // A row from before the master (as an installation's register may hold), written past the key.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`insert into ndt_equipment (equipment_no, description) values ('LEGACY-NDT-1', 'Before the master')`,
      );
    });
    const [legacy] = (await t.call('GET', `${list}?equipmentNo=LEGACY-NDT-1`)).body.data as Item[];
    const edited = await t.call('PUT', `${list}/${legacy!.id}`, { description: 'Still inspected' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ equipmentNo: 'LEGACY-NDT-1', description: 'Still inspected' });
  });
});
