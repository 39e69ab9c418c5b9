import { once } from 'node:events';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { defineEntity, f, reportHeader, reportStatuses, workOrderSpk } from '@inspectra/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readEntitySheet, writeEntitySheet } from '../src/engine/spreadsheet.ts';
import { AppError } from '../src/errors.ts';
import { templateParts, withoutValidations } from './workbook-parts.ts';

const limits = { maxRows: 1000, maxBytes: 5_000_000 };

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A workbook a planner might have saved: built cell by cell with exceljs's in-memory writer. */
async function workbookOf(rows: unknown[][], build?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Planner');
  for (const row of rows) sheet.addRow(row);
  build?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const workOrders = [
  {
    woNumber: 'WO-001',
    title: 'Thermal survey of substation 4',
    description: 'Line one\nline two',
    workType: 'preventive',
    contractNo: 'C-77',
    equipmentCategory: 'Electrical',
    tagNumber: 'TX-4',
    isEmergency: true,
    dateStart: '2026-03-01',
    dateEnd: '2026-03-31',
  },
  {
    woNumber: 'WO-002',
    title: 'Pipe wall thickness',
    description: null,
    workType: null,
    contractNo: null,
    equipmentCategory: null,
    tagNumber: null,
    isEmergency: false,
    dateStart: '2024-02-29',
    dateEnd: null,
  },
];

/** What a create body gets for the work-order fields the sheets above leave empty. */
const defaults = { priority: 'medium', status: 'open' };

describe('writeEntitySheet and readEntitySheet', () => {
  it('round-trips work orders: typed cells out, the same values back', async () => {
    const file = await bytesOf(writeEntitySheet(workOrderSpk, workOrders, { sheetName: 'Work orders' }));
    expect(file.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));

    const { rows } = await readEntitySheet(workOrderSpk, Readable.from(file), limits);
    expect(rows).toEqual([
      { rowNumber: 2, values: { ...workOrders[0], ...defaults } },
      // Empty optional cells come back absent, as a create body would leave them; defaults filled.
      {
        rowNumber: 3,
        values: {
          woNumber: 'WO-002',
          title: 'Pipe wall thickness',
          isEmergency: false,
          dateStart: '2024-02-29',
          ...defaults,
          workType: 'conditionMonitoring',
        },
      },
    ]);

    // What Excel sees: labels as headers, real dates, booleans and the sheet name asked for.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await withoutValidations(file)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Work orders')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 8)).toEqual([
      'WO number',
      'Title',
      'Description',
      'Work type',
      'Contract number',
      'Equipment category',
      'Equipment tag',
    ]);
    const column = (label: string) =>
      sheet.getColumn((sheet.getRow(1).values as unknown[]).indexOf(label)).letter;
    expect(sheet.getCell(`${column('Planned start')}2`).value).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(sheet.getCell(`${column('Planned start')}2`).numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getCell(`${column('Emergency')}2`).value).toBe(true);
  });

  it('writes a template with rule notes and list validations, and no rows', async () => {
    const file = await bytesOf(writeEntitySheet(reportHeader, [], { template: true }));
    // Read from the XML: each validation covers its column from row 2 to Excel's last row.
    const { rows, notes, validations } = await templateParts(file);
    expect(rows).toBe(1);
    expect(notes.get('Status')).toContain(`One of: ${reportStatuses.join(', ')}.`);
    expect(notes.get('Status')).toContain('When empty: draft.');
    expect(notes.get('Report number')).toMatch(/^Required\.\nText, at most 60 characters\./);
    expect(validations.get('Status')).toEqual({
      formula: `"${reportStatuses.join(',')}"`,
      errorStyle: 'stop',
    });
  });

  it('puts a list too long for Excel’s inline formula on a hidden sheet', async () => {
    const areas = Array.from({ length: 40 }, (_, i) => `Process area ${i + 1}, north`);
    const probe = defineEntity('sheetAreaProbe', {
      label: 'Area probe',
      module: 'workOrder',
      fields: { area: f.enumOf(areas as [string, ...string[]], { required: true }) },
    });
    const file = await bytesOf(writeEntitySheet(probe, [{ area: areas[39] }]));
    const { validations, lists } = await templateParts(file);
    expect(validations.get('Area')).toEqual({ formula: "'Lists'!$A$1:$A$40", errorStyle: 'stop' });
    expect(lists.state).toBe('veryHidden');
    expect(lists.columns[0]).toEqual(areas);
    // The hidden sheet is not read as data.
    const { rows } = await readEntitySheet(probe, Readable.from(file), limits);
    expect(rows).toEqual([{ rowNumber: 2, values: { area: areas[39] } }]);
  }, 60_000);

  it('reads a planner’s sheet: labels or keys in any case, text numbers, yes/no, rich text; reports each bad row', async () => {
    const file = await workbookOf(
      [
        ['  wo NUMBER ', 'title', 'Planned START', 'planned finish', 'emergency'],
        [
          'WO-10',
          { richText: [{ text: 'Rich ' }, { text: 'title', font: { bold: true } }] },
          new Date('2026-05-02T00:00:00Z'),
          '2026-05-09',
          'yes',
        ],
        [],
        ['WO-11', 'Bad date', '02/05/2026', null, 'no'],
        [null, 'Missing number', null, null, 1],
        ['WO-13', 'Ends first', '2026-05-09', '2026-05-01', null],
        [null, null, null, null, null],
        ['WO-14', 'Last one', null, null, 'FALSE'],
      ],
      (sheet) => {
        sheet.getColumn(3).numFmt = 'dd/mm/yyyy';
      },
    );
    const { rows } = await readEntitySheet(workOrderSpk, Readable.from(file), limits);
    expect(rows).toEqual([
      {
        rowNumber: 2,
        values: {
          woNumber: 'WO-10',
          title: 'Rich title',
          dateStart: '2026-05-02',
          dateEnd: '2026-05-09',
          isEmergency: true,
          workType: 'conditionMonitoring',
          ...defaults,
        },
      },
      {
        rowNumber: 4,
        errors: [{ path: 'dateStart', code: 'date', message: 'Use a date in the form YYYY-MM-DD' }],
      },
      // A value left out reads as the catalogue's `required`, never zod's own English.
      { rowNumber: 5, errors: [{ path: 'woNumber', code: 'required', message: 'Required' }] },
      { rowNumber: 6, errors: [{ path: 'dateEnd', message: 'The end date is before the start date' }] },
      {
        rowNumber: 8,
        values: {
          woNumber: 'WO-14',
          title: 'Last one',
          isEmergency: false,
          workType: 'conditionMonitoring',
          ...defaults,
        },
      },
    ]);
  });

  it('reports an enum value that is not allowed, and converts number-typed text cells', async () => {
    const probe = defineEntity('sheetProbe', {
      label: 'Probe',
      module: 'workOrder',
      fields: {
        level: f.enumOf(['low', 'high'], { required: true }),
        count: f.integer({ min: 0 }),
        reading: f.number({ unit: '°C' }),
        seenAt: f.datetime(),
        extra: f.json(),
      },
    });
    const file = await workbookOf([
      ['Level', 'Count', 'Reading', 'Seen at', 'Extra'],
      ['high', '12', ' 3.5 ', new Date('2026-05-02T08:30:00Z'), '{"a":[1,2]}'],
      ['medium', 'twelve', 4, null, '{broken'],
    ]);
    const { rows } = await readEntitySheet(probe, Readable.from(file), limits);
    expect(rows).toEqual([
      {
        rowNumber: 2,
        values: {
          level: 'high',
          count: 12,
          reading: 3.5,
          seenAt: '2026-05-02T08:30:00.000Z',
          extra: { a: [1, 2] },
        },
      },
      {
        rowNumber: 3,
        errors: [
          { path: 'extra', message: 'Use JSON text' },
          { path: 'level', code: 'option', message: 'Use one of: low, high' },
          { path: 'count', code: 'number', message: 'Enter a whole number' },
        ],
      },
    ]);
  });

  it('validates only the fields asked for when given a subset', async () => {
    const file = await workbookOf([['Title'], ['Only a title']]);
    const { rows } = await readEntitySheet(workOrderSpk, Readable.from(file), {
      ...limits,
      fields: ['title'],
    });
    expect(rows).toEqual([{ rowNumber: 2, values: { title: 'Only a title' } }]);
  });
});

describe('what readEntitySheet refuses', () => {
  it('more data rows than allowed, not counting empty ones', async () => {
    const data = Array.from({ length: 6 }, (_, i) => [`WO-${i}`, `Title ${i}`]);
    const file = await workbookOf([['WO number', 'Title'], ...data, [], []]);
    const ok = await readEntitySheet(workOrderSpk, Readable.from(file), { ...limits, maxRows: 6 });
    expect(ok.rows).toHaveLength(6);
    const e = await refusal(readEntitySheet(workOrderSpk, Readable.from(file), { ...limits, maxRows: 5 }));
    expect(e.code).toBe('PAYLOAD_TOO_LARGE');
    expect(e.message).toBe('The sheet has more than 5 rows');
  });

  it('a file that is not an xlsx, or is empty', async () => {
    const csv = Readable.from(Buffer.from('WO number,Title\nWO-1,Survey\n'));
    const e = await refusal(readEntitySheet(workOrderSpk, csv, limits));
    expect(e).toMatchObject({ code: 'BAD_REQUEST', message: 'The file is not an .xlsx workbook' });
    const empty = await refusal(readEntitySheet(workOrderSpk, Readable.from(Buffer.alloc(0)), limits));
    expect(empty.code).toBe('BAD_REQUEST');
  });

  it('a zip that is not a workbook, and a workbook without a header row', async () => {
    const truncated = (await workbookOf([['WO number'], ['WO-1']])).subarray(0, 200);
    expect((await refusal(readEntitySheet(workOrderSpk, Readable.from(truncated), limits))).code).toBe(
      'BAD_REQUEST',
    );
    const blank = await workbookOf([[], []]);
    const e = await refusal(readEntitySheet(workOrderSpk, Readable.from(blank), limits));
    expect(e).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^The first sheet is empty/),
    });
  });

  it('an unknown column, naming it; a repeated column; a missing required column', async () => {
    const unknown = await workbookOf([
      ['WO number', 'Title', 'Colour'],
      ['WO-1', 'Survey', 'red'],
    ]);
    const e = await refusal(readEntitySheet(workOrderSpk, Readable.from(unknown), limits));
    expect(e).toMatchObject({ code: 'BAD_REQUEST', message: 'The sheet has an unknown column: "Colour"' });

    const twice = await workbookOf([['WO number', 'Title', 'woNumber']]);
    expect((await refusal(readEntitySheet(workOrderSpk, Readable.from(twice), limits))).message).toBe(
      'The columns "WO number" and "woNumber" are the same field (woNumber)',
    );

    const missing = await workbookOf([['Title'], ['Survey']]);
    const m = await refusal(readEntitySheet(workOrderSpk, Readable.from(missing), limits));
    expect(m).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'woNumber', message: 'This column is required' }],
    });
  });

  it('a file larger than maxBytes, while it streams', async () => {
    const file = await bytesOf(writeEntitySheet(workOrderSpk, workOrders));
    const e = await refusal(
      readEntitySheet(workOrderSpk, Readable.from(file), { ...limits, maxBytes: file.length - 1 }),
    );
    expect(e).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: `The file is larger than ${file.length - 1} bytes`,
    });
  });

  it('a small workbook that expands far past the bound: declared sizes, and sizes only known after inflating', async () => {
    // 40 MB of one character deflates to about 40 kB: 1,000 to 1.
    const huge = 'x'.repeat(40_000_000);
    // exceljs's in-memory writer declares each part's size up front.
    const declared = await workbookOf([
      ['WO number', 'Title'],
      ['WO-1', huge],
    ]);
    // The streaming writer cannot know sizes in advance: the zip says them only after the data.
    const streamed = await bytesOf(writeEntitySheet(workOrderSpk, [{ woNumber: 'WO-1', title: huge }]));
    for (const file of [declared, streamed]) {
      expect(file.length).toBeLessThan(1_000_000);
      const e = await refusal(
        readEntitySheet(workOrderSpk, Readable.from(file), {
          ...limits,
          maxBytes: 1_000_000,
          maxUncompressedBytes: 10_000_000,
        }),
      );
      expect(e).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The workbook expands to more than 10000000 bytes; it cannot be read',
      });
    }
    // Within a bound that allows it, the same file is read (the bound is what refused it).
    const { rows } = await readEntitySheet(workOrderSpk, Readable.from(streamed), {
      ...limits,
      maxBytes: 1_000_000,
      maxUncompressedBytes: 100_000_000,
    });
    expect(rows[0]!.errors).toEqual([
      { path: 'title', code: 'maxLength', params: { max: 500 }, message: 'At most 500 characters' },
    ]);
  }, 60_000);

  it('a workbook with more parts than allowed', async () => {
    const file = await bytesOf(writeEntitySheet(workOrderSpk, workOrders));
    const e = await refusal(readEntitySheet(workOrderSpk, Readable.from(file), { ...limits, maxEntries: 3 }));
    expect(e).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The workbook has more than 3 parts' });
  });
});

describe('a large export', () => {
  it('stops reading its rows when the download is abandoned', async () => {
    let produced = 0;
    let closed = false;
    async function* rows() {
      try {
        for (let i = 0; i < 100_000; i++) {
          produced++;
          yield { woNumber: `WO-${i}`, title: `Row ${i} ${'padding '.repeat(20)}` };
        }
      } finally {
        closed = true;
      }
    }
    const download = writeEntitySheet(workOrderSpk, rows());
    // The first chunk only, then the reader goes away without reading on.
    await once(download, 'readable');
    download.destroy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(closed).toBe(true);
    expect(produced).toBeLessThan(100_000);
  });

  it('streams 100,000 rows without holding the workbook in memory, at the reader’s pace', async () => {
    const rowCount = 100_000;
    function* rows() {
      for (let i = 0; i < rowCount; i++) {
        yield {
          woNumber: `WO-${String(i).padStart(6, '0')}`,
          title: `Inspection of equipment number ${i} in the northern tank farm, second round`,
          description: `Row ${i}: ${'routine inspection notes '.repeat(4)}`,
          tagNumber: `TAG-${i % 977}`,
          isEmergency: i % 13 === 0,
          dateStart: '2026-01-15',
          dateEnd: '2026-02-15',
        };
      }
    }
    // What is retained, not garbage awaiting collection: collect before each measure. Heap and
    // buffers both, since compressed and queued XML is held in buffers outside the heap.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const retained = () => {
      gc();
      const m = process.memoryUsage();
      return m.heapUsed + m.external;
    };
    const before = retained();
    let peak = 0;
    let bytes = 0;
    let chunks = 0;
    for await (const chunk of writeEntitySheet(workOrderSpk, rows())) {
      bytes += (chunk as Buffer).length;
      if (++chunks % 25 === 0) peak = Math.max(peak, retained() - before);
      // A slow download: the writer waits for it rather than queueing the rest of the sheet.
      if (chunks === 50) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // Without pacing, about 50 MB stays queued for the compressor (measured): far past this bound.
    expect(bytes).toBeGreaterThan(1_000_000);
    expect(chunks).toBeGreaterThan(50);
    expect(peak).toBeLessThan(15_000_000);
  }, 120_000);
});
