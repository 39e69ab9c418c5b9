import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readSheetText, writeTextSheet } from '../src/engine/spreadsheet.ts';
import { AppError } from '../src/errors.ts';
import { MultipartForm, createInspector, createUser, createWorkOrder, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

/** The bulk task-assignment import's sheet calls (SPEC 5; docs/task-assignment-import.md). */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const rowsUrl = '/api/wo-task-assignments/import/sheet-rows';
const resultsUrl = '/api/wo-task-assignments/import/results-sheet';

/** A workbook as a planner saves it, built cell by cell with exceljs. */
async function workbookOf(
  rows: unknown[][],
  build?: (sheet: ExcelJS.Worksheet, workbook: ExcelJS.Workbook) => void,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Assignments');
  for (const row of rows) sheet.addRow(row);
  build?.(sheet, workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const upload = (bytes: Buffer, field = 'file') =>
  new MultipartForm({}, { [field]: { name: 'campaign.xlsx', type: xlsx, bytes } });

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('POST /wo-task-assignments/import/sheet-rows', () => {
  it("answers the first sheet's non-empty rows as the text a planner sees, with their row numbers", async () => {
    const file = await workbookOf(
      [
        ['WO SPK', 'Inspection Method', 'Note'],
        ['WO-2026-001', 'thermal'],
        [],
        ['  WO-2026-002 ', 'Visual close inspection', 'north side'],
        [4100012345, { richText: [{ text: 'Ther' }, { text: 'mal' }] }],
        [{ formula: 'A2', result: 'WO-2026-001' }, 'vci', new Date(Date.UTC(2026, 0, 15))],
        [123, 0.1 + 0.2, 0.5, true, { error: '#N/A' }],
        ['WO-7', '', '', '', '', '', '', '', '', 'J', 'K beyond the tenth column'],
        ['', 'thermal'],
      ],
      (sheet, workbook) => {
        sheet.getCell('C6').numFmt = 'dd/mm/yyyy';
        sheet.getCell('A7').numFmt = '00000';
        sheet.getCell('C7').numFmt = '0%';
        workbook.addWorksheet('Other').addRow(['WO-9', 'thermal']);
      },
    );
    const r = await t.call('POST', rowsUrl, upload(file));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.rows).toEqual([
      { rowNumber: 1, cells: ['WO SPK', 'Inspection Method', 'Note'] },
      { rowNumber: 2, cells: ['WO-2026-001', 'thermal'] },
      { rowNumber: 4, cells: ['WO-2026-002', 'Visual close inspection', 'north side'] },
      { rowNumber: 5, cells: ['4100012345', 'Thermal'] },
      { rowNumber: 6, cells: ['WO-2026-001', 'vci', '15/01/2026'] },
      { rowNumber: 7, cells: ['00123', '0.3', '50%', 'TRUE', '#N/A'] },
      { rowNumber: 8, cells: ['WO-7', '', '', '', '', '', '', '', '', 'J'] },
      { rowNumber: 9, cells: ['', 'thermal'] },
    ]);
  });

  it('answers no rows for a sheet with nothing in it, and the header alone for a header only', async () => {
    const blank = await t.call('POST', rowsUrl, upload(await workbookOf([[], ['', '']])));
    expect(blank.status).toBe(200);
    expect(blank.body.data.rows).toEqual([]);
    const header = await t.call('POST', rowsUrl, upload(await workbookOf([['WO SPK', 'Inspection Method']])));
    expect(header.body.data.rows).toEqual([{ rowNumber: 1, cells: ['WO SPK', 'Inspection Method'] }]);
  });

  it('reads a header and 2000 rows, and refuses one more with the limit in its message', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => [`WO-${i}`, 'thermal']);
    const full = await t.call('POST', rowsUrl, upload(await workbookOf([['WO', 'Method'], ...rows, []])));
    expect(full.status).toBe(200);
    expect(full.body.data.rows).toHaveLength(2001);
    expect(full.body.data.rows.at(-1)).toEqual({ rowNumber: 2001, cells: ['WO-1999', 'thermal'] });

    const over = await t.call(
      'POST',
      rowsUrl,
      upload(await workbookOf([['WO', 'Method'], ...rows, ['x', 'y']])),
    );
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({
      statusCode: 413,
      message:
        'The sheet has more than 2000 rows below its header: import at most 2000 at a time, in several files',
      error: { code: 'PAYLOAD_TOO_LARGE' },
    });
  });

  it('reads every upload whole when its rest arrives while exceljs spools the sheet to disk (under load)', async () => {
    // exceljs copies a sheet that comes before the shared strings to a temporary file, pausing the
    // zip meanwhile. A busy disk is made here by holding each temporary file back; the upload's rest
    // arrives in that time. The zip reader then said 'end' with the workbook's last parts unread.
    const tmp = createRequire(createRequire(import.meta.url).resolve('exceljs'))('tmp') as {
      file: (callback: (...args: unknown[]) => void) => void;
    };
    const tmpFile = tmp.file.bind(tmp);
    const slowDisk = vi
      .spyOn(tmp, 'file')
      .mockImplementation((callback) => void setTimeout(() => tmpFile(callback), 100));
    try {
      const file = await workbookOf([
        ['WO SPK', 'Inspection Method'],
        ['WO-2026-001', 'thermal'],
        ['WO-2026-002', 'vci'],
      ]);
      const form = upload(file);
      // The form up to the parts after the sheet, then the rest a moment later: two network reads.
      const cut = form.payload.indexOf('xl/sharedStrings.xml') - 30;
      expect(cut).toBeGreaterThan(form.payload.indexOf('xl/worksheets/sheet1.xml'));
      const send = () =>
        t.inject({
          method: 'POST',
          url: rowsUrl,
          headers: { ...form.headers, authorization: `Bearer ${t.adminTokens.accessToken}` },
          payload: Readable.from(
            (async function* () {
              yield form.payload.subarray(0, cut);
              await new Promise((resolve) => setTimeout(resolve, 10));
              yield form.payload.subarray(cut);
            })(),
          ),
        });
      const answers = await Promise.all(Array.from({ length: 8 }, send));
      expect(slowDisk).toHaveBeenCalled();
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json().data.rows).toEqual([
          { rowNumber: 1, cells: ['WO SPK', 'Inspection Method'] },
          { rowNumber: 2, cells: ['WO-2026-001', 'thermal'] },
          { rowNumber: 3, cells: ['WO-2026-002', 'vci'] },
        ]);
      }
    } finally {
      slowDisk.mockRestore();
    }
  });

  it('cuts a cell longer than 200 characters', async () => {
    const r = await t.call(
      'POST',
      rowsUrl,
      upload(await workbookOf([['WO'], ['x'.repeat(5000), 'thermal']])),
    );
    expect(r.body.data.rows[1].cells).toEqual(['x'.repeat(200), 'thermal']);
  });

  it('refuses what is not an .xlsx, a damaged one, a file over 10 MB, and a form without the file: 4xx saying why', async () => {
    const csv = await t.call('POST', rowsUrl, upload(Buffer.from('WO,Method\nWO-1,thermal\n')));
    expect(csv.status).toBe(400);
    expect(csv.body).toMatchObject({
      message: 'The file is not an .xlsx workbook',
      error: { code: 'BAD_REQUEST' },
    });

    const empty = await t.call('POST', rowsUrl, upload(Buffer.alloc(0)));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The file is not an .xlsx workbook');

    const cut = (
      await workbookOf([
        ['WO', 'Method'],
        ['WO-1', 'thermal'],
      ])
    ).subarray(0, 300);
    const damaged = await t.call('POST', rowsUrl, upload(cut));
    expect(damaged.status).toBe(400);
    expect(damaged.body.message).toBe('The file could not be read as an .xlsx workbook');

    const huge = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await t.call('POST', rowsUrl, upload(huge));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('The file is larger than 10485760 bytes');

    const wrongField = await t.call('POST', rowsUrl, upload(cut, 'sheet'));
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe('Attach the .xlsx as the field file');

    const json = await t.call('POST', rowsUrl, { file: 'campaign.xlsx' });
    expect(json.status).toBe(415);
  });

  it('refuses a zip bomb by its declared size before inflating it', async () => {
    const file = await workbookOf([
      ['WO', 'Method'],
      ['WO-1', 'thermal'],
    ]);
    // The sheet's local header claims 2 GB: refused before a byte of it is inflated.
    const at = file.indexOf('xl/worksheets/sheet1.xml') - 30;
    expect(file.readUInt32LE(at)).toBe(0x04034b50);
    const bomb = Buffer.from(file);
    bomb.writeUInt32LE(0x7fffffff, at + 22);
    const r = await t.call('POST', rowsUrl, upload(bomb));
    expect(r.status).toBe(413);
    expect(r.body.message).toBe('The workbook expands to more than 419430400 bytes; it cannot be read');
  });

  it('needs a signed-in caller', async () => {
    const res = await t.inject({ method: 'POST', url: rowsUrl, ...upload(Buffer.alloc(10)) });
    expect(res.statusCode).toBe(401);
  });
});

describe('readSheetText', () => {
  const limits = { maxRows: 100, maxBytes: 1_000_000, maxColumns: 10, maxCellLength: 200 };

  it('stops a small workbook that expands far past the bound, declared sizes or not', async () => {
    // 40 MB of one character deflates to about 40 kB.
    const huge = 'x'.repeat(40_000_000);
    const declared = await workbookOf([['WO', huge]]);
    // The streaming writer cannot know sizes in advance: the zip says them only after the data.
    const streamed = await bytesOf(
      writeTextSheet({ sheetName: 'A', columns: [{ header: 'WO', width: 10 }], rows: [[huge]] }),
    );
    for (const file of [declared, streamed]) {
      expect(file.length).toBeLessThan(1_000_000);
      const e = await refusal(
        readSheetText(Readable.from(file), { ...limits, maxUncompressedBytes: 10_000_000 }),
      );
      expect(e).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The workbook expands to more than 10000000 bytes; it cannot be read',
      });
    }
  });

  it('keeps what the zip or exceljs said about a damaged workbook as the cause of the refusal, for the log', async () => {
    const cut = (await workbookOf([['WO', 'Method']])).subarray(0, 300);
    const e = await refusal(readSheetText(Readable.from(cut), limits));
    expect(e.message).toBe('The file could not be read as an .xlsx workbook');
    expect(e.cause).toBeInstanceOf(Error);
    expect(String(e.cause)).not.toContain('could not be read');
  });

  it('refuses a workbook with too many parts', async () => {
    const file = await workbookOf([['WO']], (_, workbook) => {
      for (let i = 0; i < 20; i++) workbook.addWorksheet(`S${i}`).addRow([i]);
    });
    const e = await refusal(readSheetText(Readable.from(file), { ...limits, maxEntries: 10 }));
    expect(e).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The workbook has more than 10 parts' });
  });
});

describe('POST /wo-task-assignments/import/results-sheet', () => {
  const rows = [
    {
      rowNumber: 2,
      workOrder: 'WO-2026-001',
      method: 'thermal',
      result: 'Assigned',
      message: 'Assigned Thermal (thermal) to WO-2026-001',
    },
    {
      rowNumber: 4,
      workOrder: '00123',
      method: 'vci',
      result: 'Failed',
      message: 'Failed to assign vci to 00123: Work order not found',
    },
  ];

  async function sheetOf(bytes: Buffer) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    return { name: sheet.name, values, frozen: sheet.views[0], bold: sheet.getRow(1).font?.bold };
  }

  it('answers the results as an .xlsx, work order in A and method in B, that reads back as sent', async () => {
    const res = await t.inject({
      method: 'POST',
      url: resultsUrl,
      headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
      payload: { rows },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(xlsx);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="task-assignment-import-results.xlsx"',
    );
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.name).toBe('Import results');
    expect(sheet.bold).toBe(true);
    expect(sheet.frozen).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.values).toEqual([
      ['Work order', 'Inspection method', 'Row', 'Result', 'Message'],
      ['WO-2026-001', 'thermal', 2, 'Assigned', 'Assigned Thermal (thermal) to WO-2026-001'],
      // Text stays text: the leading zeros of a WO number are kept.
      ['00123', 'vci', 4, 'Failed', 'Failed to assign vci to 00123: Work order not found'],
    ]);

    // The file goes back into the import as it is: columns A and B read as they were.
    const again = await t.call('POST', rowsUrl, upload(res.rawPayload));
    expect(again.body.data.rows.map((r: { cells: string[] }) => r.cells.slice(0, 2))).toEqual([
      ['Work order', 'Inspection method'],
      ['WO-2026-001', 'thermal'],
      ['00123', 'vci'],
    ]);
  });

  it("writes the headings and sheet name in the planner's language", async () => {
    const res = await t.inject({
      method: 'POST',
      url: resultsUrl,
      headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
      payload: {
        rows: rows.slice(0, 1),
        sheetName: 'Hasil impor',
        headings: {
          workOrder: 'Work order',
          method: 'Metode',
          rowNumber: 'Baris',
          result: 'Hasil',
          message: 'Pesan',
        },
      },
    });
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.name).toBe('Hasil impor');
    expect(sheet.values[0]).toEqual(['Work order', 'Metode', 'Baris', 'Hasil', 'Pesan']);
  });

  it('refuses more than 2000 rows, rows that are not results (naming the field), and a body over 1 MB', async () => {
    const many = Array.from({ length: 2001 }, (_, i) => ({ ...rows[0]!, rowNumber: i + 2, message: '' }));
    const tooMany = await t.call('POST', resultsUrl, { rows: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.details).toContainEqual({
      path: 'rows',
      message: 'rows holds at most 2000 rows (one import)',
      code: 'maxItems',
      params: { max: 2000 },
    });

    const bad = await t.call('POST', resultsUrl, {
      rows: [{ ...rows[0]!, rowNumber: 0, message: 'x'.repeat(501) }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual(
      expect.arrayContaining([
        { path: 'rows.0.rowNumber', message: 'rowNumber starts at 1', code: 'atLeast', params: { min: 1 } },
        {
          path: 'rows.0.message',
          message: 'message is at most 500 characters',
          code: 'maxLength',
          params: { max: 500 },
        },
      ]),
    );

    // 2000 rows of the longest texts pass the schema but not the server's 1 MB body limit.
    const longest = Array.from({ length: 2000 }, (_, i) => ({
      rowNumber: i + 2,
      workOrder: 'w'.repeat(200),
      method: 'm'.repeat(200),
      result: 'Failed',
      message: 'x'.repeat(500),
    }));
    const tooLarge = await t.call('POST', resultsUrl, { rows: longest });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ message: 'The request body is too large' });
  });
});

describe('the rows the import assigns (each a POST /wo-task-assignments)', () => {
  /** A row as the browser's import sends it (web bulk-assignment.ts), inspectors as given. */
  const importRow = (workOrderSPKId: string, inspectionMethod: string, userPDMIds: string[] = []) =>
    t.call('POST', '/api/wo-task-assignments', {
      workOrderSPKId,
      inspectionMethod,
      userPDMIds,
      levelApprovals: [],
      positionLevels: [],
      approvalStatus: false,
    });

  it('assigns a row naming nobody, and refuses one naming a user who may not inspect, naming them', async () => {
    const wo = await createWorkOrder(t);
    const assigned = await importRow(wo.id, 'vci');
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);
    expect(assigned.body.data.userPDMIds).toEqual([]);

    // The import's write is the create, with its checks: what the results table shows is its message.
    const planner = await createUser(t, { role: 'Planner' });
    const refused = await importRow(wo.id, 'thermal', [planner.id]);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      data: null,
      message: `Test ${planner.username} (Planner) cannot be named as an inspector of Thermal analysis: choose someone whose role writes Thermal analysis reports`,
      error: { code: 'VALIDATION_ERROR' },
    });
    expect(refused.body.error.details[0]).toMatchObject({ path: 'userPDMIds', code: 'inspectorNotEligible' });
    const inspector = await createInspector(t);
    expect((await importRow(wo.id, 'thermal', [inspector.id])).status).toBe(201);
  });
});
