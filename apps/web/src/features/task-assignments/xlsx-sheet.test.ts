import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readFirstSheet, SheetParseError, writeSheet } from './xlsx-sheet.ts';

const bounds = { maxPartBytes: 1_000_000 };

/** A workbook as Excel-like tools write it (shared strings, styles), by exceljs, not by our writer. */
async function excelWorkbook(build: (workbook: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('readFirstSheet', () => {
  it('reads the first sheet as text: shared and rich strings, numbers in full, formulas by result', async () => {
    const bytes = await excelWorkbook((workbook) => {
      const sheet = workbook.addWorksheet('Assignments');
      sheet.addRow(['Work order', 'Inspection method']);
      sheet.addRow(['WO-2026-001', 'thermal']);
      sheet.addRow([4100012345, { richText: [{ text: 'Ther', font: { bold: true } }, { text: 'mal' }] }]);
      sheet.addRow([]);
      sheet.getCell('A5').value = { formula: 'CONCAT("WO-","7")', result: 'WO-7' };
      sheet.getCell('C5').value = '  vci  ';
      sheet.getCell('B7').value = true;
      workbook.addWorksheet('Other').addRow(['not read']);
    });

    expect(readFirstSheet(bytes, bounds)).toEqual([
      { rowNumber: 1, cells: ['Work order', 'Inspection method'] },
      { rowNumber: 2, cells: ['WO-2026-001', 'thermal'] },
      { rowNumber: 3, cells: ['4100012345', 'Thermal'] },
      { rowNumber: 5, cells: ['WO-7', '', 'vci'] },
      { rowNumber: 7, cells: ['', 'TRUE'] },
    ]);
  });

  it('reads the first sheet even when the workbook lists it after others were deleted', async () => {
    const bytes = await excelWorkbook((workbook) => {
      workbook.addWorksheet('Gone');
      workbook.addWorksheet('Kept').addRow(['WO', 'Method']);
      workbook.removeWorksheet(workbook.getWorksheet('Gone')!.id);
    });
    expect(readFirstSheet(bytes, bounds)).toEqual([{ rowNumber: 1, cells: ['WO', 'Method'] }]);
  });

  it('refuses what is not a workbook, a damaged zip, a zip without a workbook and an oversized part', async () => {
    const refusal = (bytes: Uint8Array, b = bounds) => {
      try {
        readFirstSheet(bytes, b);
      } catch (error) {
        expect(error).toBeInstanceOf(SheetParseError);
        return (error as Error).message;
      }
      throw new Error('read without complaint');
    };
    expect(refusal(strToU8('WO number,Method\nWO-1,thermal\n'))).toBe(
      'the file is not an Excel workbook (.xlsx)',
    );
    const zip = zipSync({ 'notes.txt': strToU8('hello') });
    expect(refusal(zip)).toBe('the file is not an Excel workbook (.xlsx)');
    expect(refusal(zip.slice(0, 20))).toMatch(/^the file is damaged/);
    const workbook = await excelWorkbook((w) => w.addWorksheet('Big').addRow(['x'.repeat(5000)]));
    expect(refusal(workbook, { maxPartBytes: 2000 })).toMatch(/is too large to read in the browser$/);
    const brokenXml = zipSync({
      'xl/workbook.xml': strToU8('<workbook><sheets>'),
      'xl/_rels/workbook.xml.rels': strToU8('<Relationships/>'),
    });
    expect(refusal(brokenXml)).toBe('the workbook is not valid XML');
  });
});

describe('writeSheet', () => {
  it('writes a workbook Excel tools read back: header, text, numbers, odd characters', async () => {
    const bytes = writeSheet({
      name: 'Import results',
      columns: [
        { header: 'Row', width: 8 },
        { header: 'Message', width: 40 },
      ],
      rows: [
        [2, 'Failed to assign <thermal> to "WO-1" & more'],
        [3, 'tab\there, bell\u0007 gone'],
      ],
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Import results');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Row', 'Message']);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').value).toBe(2);
    expect(sheet.getCell('B2').value).toBe('Failed to assign <thermal> to "WO-1" & more');
    expect(sheet.getCell('B3').value).toBe('tab\there, bell gone');
    expect(readFirstSheet(bytes, bounds).map((r) => r.cells)).toEqual([
      ['Row', 'Message'],
      ['2', 'Failed to assign <thermal> to "WO-1" & more'],
      ['3', 'tab\there, bell gone'],
    ]);
  });
});
