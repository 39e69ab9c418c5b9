import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

/**
 * The little of .xlsx the browser needs (docs/task-assignment-import.md): the first worksheet read as
 * text cells, and one worksheet written. Built on fflate's synchronous zip, which never starts a
 * worker (the page's content security policy allows none from `blob:`), and the browser's XML parser.
 */

/** Why a workbook could not be read; its message is the reason shown after 'Failed to parse Excel file:'. */
export class SheetParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SheetParseError';
  }
}

/** A row of the sheet that has something in it: its number as Excel shows it, cells by column (0 = A). */
export type SheetRow = { rowNumber: number; cells: string[] };

export type ReadBounds = {
  /** The largest part (worksheet, shared strings) read, uncompressed: a zip bomb stops here. */
  maxPartBytes: number;
};

const mainNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relationshipNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelationshipNs = 'http://schemas.openxmlformats.org/package/2006/relationships';
const zipMagic = [0x50, 0x4b, 0x03, 0x04];

/** The parts asked for, inflated; a part over the bound is refused before it is inflated. */
function unzipParts(bytes: Uint8Array, names: string[], bounds: ReadBounds): Record<string, Uint8Array> {
  try {
    return unzipSync(bytes, {
      filter: (file) => {
        if (!names.includes(file.name)) return false;
        if (file.originalSize > bounds.maxPartBytes) {
          throw new SheetParseError(`${file.name} is too large to read in the browser`);
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof SheetParseError) throw error;
    throw new SheetParseError(
      `the file is damaged (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

function parseXml(part: Uint8Array, name: string): Document {
  const doc = new DOMParser().parseFromString(strFromU8(part), 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) {
    throw new SheetParseError(`${name} is not valid XML`);
  }
  return doc;
}

/** Elements by local name in any namespace: strict OOXML and transitional name them alike. */
function elements(parent: Document | Element, name: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS('*', name));
}

/** The text of a shared or inline string: its runs joined, phonetic guides (`rPh`) left out. */
function stringItemText(item: Element): string {
  let text = '';
  for (const child of Array.from(item.children)) {
    if (child.localName === 't') text += child.textContent ?? '';
    else if (child.localName === 'r') {
      for (const run of Array.from(child.children)) if (run.localName === 't') text += run.textContent ?? '';
    }
  }
  return text;
}

/** 'B12' → 1 (column B); undefined when the reference is missing or not a cell reference. */
function columnIndex(reference: string | null): number | undefined {
  const letters = /^([A-Z]{1,3})\d*$/i.exec(reference ?? '')?.[1];
  if (!letters) return undefined;
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** A cell as the text a planner sees: numbers as written (no exponent for whole numbers), TRUE/FALSE. */
function cellText(cell: Element, sharedStrings: string[]): string {
  const type = cell.getAttribute('t');
  const value = elements(cell, 'v')[0]?.textContent ?? '';
  switch (type) {
    case 's':
      return sharedStrings[Number(value)] ?? '';
    case 'inlineStr': {
      const item = elements(cell, 'is')[0];
      return item ? stringItemText(item) : '';
    }
    case 'b':
      return value === '1' ? 'TRUE' : value === '0' ? 'FALSE' : value;
    case null:
    case 'n': {
      // Excel may store a long number with an exponent (4.1E+9); a WO number is meant in full.
      const n = Number(value);
      return value !== '' && /e/i.test(value) && Number.isSafeInteger(n) ? String(n) : value;
    }
    default:
      // 'str' (a formula's text result), 'e' (an error such as #N/A), 'd' (an ISO date).
      return value;
  }
}

/** The path of the workbook's first sheet, from the workbook and its relationships. */
function firstSheetPath(parts: Record<string, Uint8Array>): string {
  const workbook = parts['xl/workbook.xml'];
  const relations = parts['xl/_rels/workbook.xml.rels'];
  if (!workbook || !relations) throw new SheetParseError('the file is not an Excel workbook (.xlsx)');
  const sheet = elements(parseXml(workbook, 'the workbook'), 'sheet')[0];
  if (!sheet) throw new SheetParseError('the workbook has no worksheet');
  // `r:id`, whichever relationships namespace (transitional or strict) the prefix stands for.
  const id = Array.from(sheet.attributes).find((a) => a.localName === 'id' && a.namespaceURI)?.value;
  const relation = elements(parseXml(relations, 'the workbook relationships'), 'Relationship').find(
    (r) => r.getAttribute('Id') === id,
  );
  const target = relation?.getAttribute('Target');
  if (!target) throw new SheetParseError('the first worksheet is missing from the workbook');
  return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
}

/**
 * Reads the first worksheet of an .xlsx as text: every row with at least one non-blank cell, cells
 * trimmed. Throws a SheetParseError saying why when the bytes are not a readable workbook.
 */
export function readFirstSheet(bytes: Uint8Array, bounds: ReadBounds): SheetRow[] {
  if (!zipMagic.every((b, i) => bytes[i] === b)) {
    throw new SheetParseError('the file is not an Excel workbook (.xlsx)');
  }
  const sheetPath = firstSheetPath(
    unzipParts(bytes, ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels'], bounds),
  );
  const parts = unzipParts(bytes, [sheetPath, 'xl/sharedStrings.xml'], bounds);
  const sheetPart = parts[sheetPath];
  if (!sheetPart) throw new SheetParseError('the first worksheet is missing from the workbook');
  const sharedPart = parts['xl/sharedStrings.xml'];
  const sharedStrings = sharedPart
    ? elements(parseXml(sharedPart, 'the shared strings'), 'si').map(stringItemText)
    : [];

  const rows: SheetRow[] = [];
  let previousRow = 0;
  for (const row of elements(parseXml(sheetPart, 'the first worksheet'), 'row')) {
    const rowNumber = Number(row.getAttribute('r')) || previousRow + 1;
    previousRow = rowNumber;
    const cells: string[] = [];
    let previousColumn = -1;
    for (const cell of Array.from(row.children).filter((c) => c.localName === 'c')) {
      const column = columnIndex(cell.getAttribute('r')) ?? previousColumn + 1;
      previousColumn = column;
      cells[column] = cellText(cell, sharedStrings).trim();
    }
    const filled = Array.from(cells, (c) => c ?? '');
    if (filled.some((c) => c !== '')) rows.push({ rowNumber, cells: filled });
  }
  return rows;
}

/** A worksheet to write: a bold, frozen header row, then rows of text or numbers. */
export type SheetToWrite = {
  name: string;
  columns: { header: string; width: number }[];
  rows: (string | number)[][];
};

// Characters XML 1.0 cannot hold at all (a pasted control character would make the file unreadable).
// eslint-disable-next-line no-control-regex
const notInXml = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function escapeXml(text: string): string {
  return text
    .replace(notInXml, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

function cellXml(value: string | number, reference: string, style: string): string {
  if (typeof value === 'number') return `<c r="${reference}"${style}><v>${value}</v></c>`;
  return `<c r="${reference}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
}

function rowXml(values: (string | number)[], rowNumber: number, style = ''): string {
  const cells = values.map((value, i) => cellXml(value, `${columnLetters(i)}${rowNumber}`, style)).join('');
  return `<row r="${rowNumber}">${cells}</row>`;
}

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Writes one worksheet as an .xlsx (strings inline, header bold and frozen, column widths set). */
export function writeSheet(sheet: SheetToWrite): Uint8Array<ArrayBuffer> {
  const cols = sheet.columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`)
    .join('');
  const rows = [
    rowXml(
      sheet.columns.map((c) => c.header),
      1,
      ' s="1"',
    ),
    ...sheet.rows.map((values, i) => rowXml(values, i + 2)),
  ].join('');
  const worksheet =
    `${xmlHead}<worksheet xmlns="${mainNs}"><sheetViews><sheetView workbookViewId="0">` +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<cols>${cols}</cols><sheetData>${rows}</sheetData></worksheet>`;
  const parts: Record<string, string> = {
    '[Content_Types].xml':
      `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
    '_rels/.rels':
      `${xmlHead}<Relationships xmlns="${packageRelationshipNs}">` +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
      '</Relationships>',
    'xl/workbook.xml':
      `${xmlHead}<workbook xmlns="${mainNs}" xmlns:r="${relationshipNs}"><sheets>` +
      `<sheet name="${escapeXml(sheet.name.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      `${xmlHead}<Relationships xmlns="${packageRelationshipNs}">` +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
      '</Relationships>',
    'xl/styles.xml':
      `${xmlHead}<styleSheet xmlns="${mainNs}">` +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
      '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
      '</styleSheet>',
    'xl/worksheets/sheet1.xml': worksheet,
  };
  const files = Object.fromEntries(Object.entries(parts).map(([name, xml]) => [name, strToU8(xml)]));
  // fflate allocates a plain ArrayBuffer; its type only says "any buffer".
  return zipSync(files) as Uint8Array<ArrayBuffer>;
}
