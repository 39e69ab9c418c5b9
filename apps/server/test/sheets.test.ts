import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MultipartForm, createEquipment, startTestApp } from './helpers.ts';
import { templateParts, withoutValidations } from './workbook-parts.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // The NDT register names the asset master's equipment: these numbers are in the master.
  for (const equipmentNo of ['P-101', 'E-201', 'E-202', 'E-301']) await createEquipment(t, { equipmentNo });
});
afterAll(async () => t?.close());

/** An .xlsx with a header row and the given rows, as a planner would fill one in. */
async function workbook(header: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Equipment');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const upload = (bytes: Buffer) =>
  new MultipartForm({}, { file: { name: 'equipment.xlsx', type: xlsx, bytes } });

describe('spreadsheet export, import and upsert of a declared entity', () => {
  it('upserts by the natural key: the second call with the same equipment number changes it', async () => {
    const first = await t.call('POST', '/api/ndt-equipment-list/upsert', {
      equipmentNo: 'P-101',
      description: 'Pump',
    });
    expect(first.status).toBe(201);
    const second = await t.call('POST', '/api/ndt-equipment-list/upsert', {
      equipmentNo: 'P-101',
      description: 'Charge pump',
    });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({
      id: first.body.data.id,
      description: 'Charge pump',
      version: 2,
    });
  });

  it('imports every row or none, and a second import of the same file creates nothing new', async () => {
    const file = await workbook(
      ['Equipment number', 'Description', 'Object type'],
      [
        ['E-201', 'Exchanger', 'Heat exchanger'],
        ['E-202', 'Exchanger B', 'Heat exchanger'],
        ['P-101', 'Charge pump, rebuilt', 'Pump'],
      ],
    );
    const r = await t.call('POST', '/api/ndt-equipment-list/import', upload(file));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ created: 2, updated: 1 });
    const again = await t.call('POST', '/api/ndt-equipment-list/import', upload(file));
    expect(again.body.data).toMatchObject({ created: 0, updated: 3 });

    const bad = await workbook(
      ['Equipment number', 'Description'],
      [
        ['E-301', 'Fine'],
        ['../etc', 'Bad number'],
        [null, 'No number'],
      ],
    );
    const refused = await t.call('POST', '/api/ndt-equipment-list/import', upload(bad));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/2 of 3 rows have errors.*nothing was imported/);
    expect(refused.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'rows.3.equipmentNo',
      'rows.4.equipmentNo',
    ]);
    const list = await t.call('GET', '/api/ndt-equipment-list?equipmentNo=E-301');
    expect(list.body.data).toEqual([]);
  });

  it('exports the list and a template as .xlsx that read back', async () => {
    const { res: r } = await t.call('GET', '/api/ndt-equipment-list/export');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe(xlsx);
    expect(r.headers['content-disposition']).toMatch(
      /^attachment; filename="ndt-equipment-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await withoutValidations(r.rawPayload)) as never);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Equipment number');
    expect(sheet.rowCount).toBeGreaterThanOrEqual(4);
    const { res: template } = await t.call('GET', '/api/ndt-equipment-list/export/template');
    expect((await templateParts(template.rawPayload)).rows).toBe(1);
  });

  it('refuses an import that is not a spreadsheet, or has no file', async () => {
    const r = await t.call(
      'POST',
      '/api/ndt-equipment-list/import',
      upload(Buffer.from('%PDF-1.7 not a sheet')),
    );
    expect(r.status).toBe(400);
    const none = await t.call('POST', '/api/ndt-equipment-list/import', new MultipartForm({ note: 'x' }));
    expect(none.status).toBe(400);
  });
});

describe('a malformed import', () => {
  it('answers 400 for a multipart body that cannot be read, never 500', async () => {
    for (const payload of ['', '--x\r\n', 'not multipart at all']) {
      const r = await t.inject({
        method: 'POST',
        url: '/api/ndt-equipment-list/import',
        payload,
        headers: {
          'content-type': 'multipart/form-data',
          authorization: `Bearer ${t.adminTokens.accessToken}`,
        },
      });
      expect(r.statusCode, payload).toBe(400);
    }
  });
});
