import { once } from 'node:events';
import { PassThrough, Transform } from 'node:stream';
import type { Readable, Writable } from 'node:stream';
import { entities, judgeRules, referenceTarget } from '@inspectra/contract';
import type { EntityDefinition, Field, FieldError } from '@inspectra/contract';
import type ExcelJS from 'exceljs';
import type { CellValue, Worksheet } from 'exceljs';
import type { format as formatNumber } from 'numfmt';
import { AppError } from '../errors.ts';
import { fieldErrors } from './request-body/refusals.ts';

/**
 * Spreadsheet export and import of a declared entity (docs/spreadsheets.md). One header row of field
 * labels, each header carrying the column's rule as a note; typed cells (dates, numbers, booleans);
 * list validations for enums. Both directions stream, so memory stays bounded by a row, not a file.
 */

/**
 * exceljs and numfmt, loaded with the first sheet read or written, not at start: 10–11 MB of
 * resident memory (8 MB of heap) an idle server need not hold (docs/embedded-database.md).
 */
type SheetLibraries = {
  Workbooks: typeof ExcelJS.stream.xlsx;
  formatNumber: typeof formatNumber;
};
let loading: Promise<SheetLibraries> | undefined;
const sheetLibraries = () =>
  (loading ??= Promise.all([import('exceljs'), import('numfmt')]).then(([excel, numfmt]) => ({
    Workbooks: excel.default.stream.xlsx,
    formatNumber: numfmt.format,
  })));

/** A sheet written into `out` once the libraries are loaded; a failure ends `out` with it. */
function writtenLazily(write: (libraries: SheetLibraries, out: PassThrough) => void): Readable {
  const out = new PassThrough();
  sheetLibraries()
    .then((libraries) => {
      if (!out.destroyed) write(libraries, out);
    })
    .catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

export type SheetRow = {
  /** The row's number in the sheet as the planner sees it (the header is row 1). */
  rowNumber: number;
  /** The row's values as `entity.schemas.create` returns them, when the row is valid. */
  values?: Record<string, unknown>;
  /** Why the row cannot be written, per field key, when it is not. */
  errors?: FieldError[];
};

export type WriteSheetOptions = {
  sheetName?: string;
  /** Field keys to write, in this order; every declared field when absent. */
  fields?: string[];
  /** Headers, notes and validations only: the empty sheet a planner fills in. */
  template?: boolean;
  /**
   * The codes a `references` column may hold (the referenced records' keys, read by the caller), as
   * a drop-down; `complete: false` when there were more than a sheet can offer, so a code not in
   * the list is a warning in Excel rather than refused.
   */
  choices?: Record<string, { values: readonly string[]; complete: boolean }>;
};

export type ReadSheetOptions = {
  /** Data rows (non-empty rows below the header) accepted; more refuses the file. */
  maxRows: number;
  /** Size of the file as received. */
  maxBytes: number;
  /**
   * Field keys the sheet may hold; rows are validated on these fields only (the caller adds the
   * rest, such as a parent id). Every declared field when absent.
   */
  fields?: string[];
  /** Files inside the xlsx zip; an ordinary workbook has 10 to 20. */
  maxEntries?: number;
  /** Bytes the zip may expand to, counted as it is inflated; 40 × `maxBytes` when absent. */
  maxUncompressedBytes?: number;
  /** Told of each data row as it is read, before the rest of the sheet (an import writes as it reads). */
  onRow?: (row: SheetRow) => void;
};

/** Excel's last row: validations cover every row a planner can type in. */
const lastExcelRow = 1_048_576;
/** Excel refuses an inline list formula longer than this; longer lists go on a hidden sheet. */
const maxInlineListLength = 255;
/** The most entries Excel shows in a drop-down list; a longer reference list is cut to this. */
export const maxListEntries = 32_767;
/** Rows written between checks that the reader keeps up: bounds what the zip writer buffers. */
const rowsPerBatch = 500;
const dateFormat = 'yyyy-mm-dd';
const dateTimeFormat = 'yyyy-mm-dd hh:mm:ss';
/**
 * A cell's style, one object per kind of cell. exceljs renders a cell's style to XML to find its
 * index unless it has seen that very object before: a new object per cell made the style lookup
 * most of the time of a written sheet (the template's 20,000 listed tags: 250 ms of 300).
 */
const cellStyles = {
  plain: {},
  date: { numFmt: dateFormat },
  datetime: { numFmt: dateTimeFormat },
} as const satisfies Record<string, Partial<ExcelJS.Style>>;
const styleOf = (field: Field): Partial<ExcelJS.Style> =>
  field.kind === 'date' || field.kind === 'datetime' ? cellStyles[field.kind] : cellStyles.plain;
const msPerDay = 86_400_000;
/** Days from Excel's day 0 (1899-12-30, after its 1900 leap-year bug) to 1970-01-01. */
const excelEpochOffsetDays = 25_569;

function columnKeys(entity: EntityDefinition, fields: string[] | undefined): string[] {
  const keys = fields ?? Object.keys(entity.fields);
  for (const key of keys) {
    if (!entity.fields[key]) throw new Error(`${entity.name} has no field ${key}`);
  }
  return keys;
}

/** The column's rule in words, shown as the header's note. */
function ruleNote(key: string, field: Field): string {
  const lines = [field.required ? 'Required.' : 'Optional.'];
  switch (field.kind) {
    case 'text':
    case 'longText':
      lines.push(
        field.kind === 'text' && field.references
          ? `The ${referenceWords(field.references)}, as listed (an unknown one is that row's error).`
          : `Text, at most ${field.maxLength} characters.`,
      );
      break;
    case 'number':
    case 'integer': {
      const bounds = [
        field.min !== undefined ? `at least ${field.min}` : '',
        field.max !== undefined ? `at most ${field.max}` : '',
      ].filter(Boolean);
      lines.push(
        `${field.kind === 'integer' ? 'Whole number' : 'Number'}${field.unit ? ` in ${field.unit}` : ''}` +
          `${bounds.length ? `, ${bounds.join(' and ')}` : ''}.`,
      );
      break;
    }
    case 'date':
      lines.push('Date (YYYY-MM-DD).');
      break;
    case 'datetime':
      lines.push('Date and time, in UTC (YYYY-MM-DD hh:mm:ss).');
      break;
    case 'boolean':
      lines.push('TRUE or FALSE.');
      break;
    case 'enum':
      lines.push(`One of: ${field.values.join(', ')}.`);
      break;
    case 'ref':
      lines.push(`Identifier (UUID) of a ${field.entity}.`);
      break;
    case 'json':
      lines.push('JSON text.');
      break;
  }
  if (field.default !== undefined) lines.push(`When empty: ${String(field.default)}.`);
  if (field.description) lines.push(field.description);
  lines.push(`Key: ${key}`);
  return lines.join('\n');
}

/** `'equipment.tagNumber'` → "tag number of an existing equipment"; the key field's own words. */
function referenceWords(references: string): string {
  const target = referenceTarget(references, (name) => entities[name]);
  const key = target.entity.fields[target.field]!;
  return `${(key.label ?? target.field).toLowerCase()} of an existing ${target.entity.label.toLowerCase()}`;
}

/** A stored value as the cell holds it: dates as Excel dates (UTC), JSON as text. */
function cellOf(field: Field, value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  switch (field.kind) {
    case 'date':
    case 'datetime': {
      const date = value instanceof Date ? value : new Date(String(value));
      return Number.isNaN(date.getTime()) ? String(value) : date;
    }
    case 'json':
      return JSON.stringify(value);
    case 'number':
    case 'integer':
    case 'boolean':
      return value as number | boolean;
    default:
      return String(value);
  }
}

/** Lists too long for an inline formula, one column each on a hidden sheet written at the end. */
type HiddenLists = { sheetName: string; columns: (readonly string[])[] };

function listFormula(values: readonly string[], hidden: HiddenLists): string {
  const inline = values.join(',');
  if (inline.length <= maxInlineListLength && !values.some((v) => /[",]/.test(v))) return `"${inline}"`;
  hidden.columns.push(values);
  const letter = columnLetter(hidden.columns.length);
  return `'${hidden.sheetName}'!$${letter}$1:$${letter}$${values.length}`;
}

/** 1 → A, 27 → AA. */
function columnLetter(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** What Excel checks as a planner types, mirroring the contract where Excel can say it. */
function validationFor(
  field: Field,
  lists: HiddenLists,
  choices?: { values: readonly string[]; complete: boolean },
): ExcelJS.DataValidation | null {
  const common = { allowBlank: !field.required, showErrorMessage: true, errorStyle: 'stop' as const };
  if (choices && choices.values.length > 0) {
    // Always on the hidden sheet: codes may hold commas, and the list changes with the master.
    lists.columns.push(choices.values.slice(0, maxListEntries));
    const letter = columnLetter(lists.columns.length);
    return {
      ...common,
      type: 'list',
      formulae: [
        `'${lists.sheetName}'!$${letter}$1:$${letter}$${Math.min(choices.values.length, maxListEntries)}`,
      ],
      // A list cut short may not hold every valid code: Excel then warns instead of refusing.
      errorStyle: choices.complete ? 'stop' : 'warning',
      error: 'Use one of the codes in the list',
    };
  }
  switch (field.kind) {
    case 'enum':
      return {
        ...common,
        type: 'list',
        formulae: [listFormula(field.values, lists)],
        error: `Use one of: ${field.values.join(', ')}`,
      };
    case 'boolean':
      return { ...common, type: 'list', formulae: ['"TRUE,FALSE"'], error: 'Use TRUE or FALSE' };
    case 'integer':
    case 'number': {
      const type = field.kind === 'integer' ? 'whole' : 'decimal';
      if (field.min !== undefined && field.max !== undefined) {
        return {
          ...common,
          type,
          operator: 'between',
          formulae: [field.min, field.max],
          error: `Between ${field.min} and ${field.max}`,
        };
      }
      if (field.min !== undefined) {
        return {
          ...common,
          type,
          operator: 'greaterThanOrEqual',
          formulae: [field.min],
          error: `At least ${field.min}`,
        };
      }
      if (field.max !== undefined) {
        return {
          ...common,
          type,
          operator: 'lessThanOrEqual',
          formulae: [field.max],
          error: `At most ${field.max}`,
        };
      }
      return null;
    }
    default:
      return null;
  }
}

/** exceljs keeps range validations on the sheet; its typings show only a cell's. */
type SheetWithValidations = Worksheet & {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
};

/**
 * The worksheet's part as exceljs 4.4 writes it: a buffer that pushes to the zip's input stream
 * (a readable-stream 2 PassThrough, which has `_writableState` but not `writableNeedDrain`).
 */
type SheetPart = {
  stream?: { buffers?: unknown[]; pipes?: (Writable & { _writableState?: { needDrain?: boolean } })[] };
};

/**
 * Resolves once the compressor and the reader have caught up. exceljs writes a worksheet's XML into
 * its zip compressor without waiting for it (compression runs on the thread pool), so a writer that
 * never waited would queue the whole sheet in memory: about 60 MB for 100,000 work orders. Waiting
 * here keeps what is queued to a batch, and a slow download slows the writer instead of filling memory.
 */
async function keepPace(sheet: Worksheet, out: PassThrough, signal: AbortSignal): Promise<void> {
  const part = (sheet as unknown as SheetPart).stream;
  for (const zipInput of part?.pipes ?? []) {
    if (zipInput.writableNeedDrain ?? zipInput._writableState?.needDrain) {
      await once(zipInput, 'drain', { signal });
    }
  }
  if (out.writableNeedDrain) await once(out, 'drain', { signal });
  // Before the zip takes the part it is buffered; give the zip its turn to start on it.
  if ((part?.buffers?.length ?? 0) > 1) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Streams an .xlsx of an entity's records: one header row of field labels with each column's rule
 * as a note, typed cells, list validations for enums and booleans. Rows are committed as they are
 * written, so 100,000 rows take the memory of a batch, not of the file. With `template: true` the
 * sheet has headers, notes and validations only.
 */
export function writeEntitySheet(
  entity: EntityDefinition,
  rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>,
  o: WriteSheetOptions = {},
): Readable {
  const keys = columnKeys(entity, o.fields);
  return writtenLazily((libraries, out) => writeEntitySheetInto(libraries, out, entity, keys, rows, o));
}

function writeEntitySheetInto(
  { Workbooks }: SheetLibraries,
  out: PassThrough,
  entity: EntityDefinition,
  keys: string[],
  rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>,
  o: WriteSheetOptions,
) {
  const workbook = new Workbooks.WorkbookWriter({
    stream: out,
    useStyles: true,
    // Inline strings: shared strings would hold every distinct text in memory until the end.
    useSharedStrings: false,
  });
  // Excel refuses sheet names over 31 characters or with []:*?/\ in them.
  const sheetName = (o.sheetName ?? entity.label).replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  const lists: HiddenLists = { sheetName: 'Lists', columns: [] };

  sheet.columns = keys.map((key) => {
    const field = entity.fields[key]!;
    const numFmt =
      field.kind === 'date' ? dateFormat : field.kind === 'datetime' ? dateTimeFormat : undefined;
    return {
      key,
      header: field.label ?? key,
      width: Math.min(60, Math.max(12, (field.label ?? key).length + 4)),
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  const header = sheet.getRow(1);
  header.font = { bold: true };
  keys.forEach((key, i) => {
    const field = entity.fields[key]!;
    const cell = header.getCell(i + 1);
    cell.note = ruleNote(key, field);
    const validation = validationFor(field, lists, o.choices?.[key]);
    if (validation) {
      const letter = sheet.getColumn(i + 1).letter;
      (sheet as SheetWithValidations).dataValidations.add(`${letter}2:${letter}${lastExcelRow}`, validation);
    }
  });
  header.commit();

  // A reader that goes away (a closed download) stops the writer, and the rows' source is closed.
  const gone = new AbortController();
  out.once('close', () => gone.abort());

  const write = async () => {
    if (!o.template) {
      let written = 0;
      for await (const record of rows) {
        if (gone.signal.aborted) return;
        const row = sheet.addRow(keys.map((key) => cellOf(entity.fields[key]!, record[key])));
        keys.forEach((key, i) => {
          row.getCell(i + 1).style = styleOf(entity.fields[key]!);
        });
        row.commit();
        if (++written % rowsPerBatch === 0) await keepPace(sheet, out, gone.signal);
      }
    }
    sheet.commit();
    if (lists.columns.length > 0) {
      const listSheet = workbook.addWorksheet(lists.sheetName, { state: 'veryHidden' });
      const longest = Math.max(...lists.columns.map((values) => values.length));
      for (let i = 0; i < longest; i++) {
        // Only the cells that hold a value (exceljs skips `undefined`), all of one style.
        const row = listSheet.addRow(lists.columns.map((values) => values[i]));
        row.eachCell((cell) => {
          cell.style = cellStyles.plain;
        });
        row.commit();
      }
      listSheet.commit();
    }
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
}

// ---------------------------------------------------------------------------------------------
// Reading

const zipLocalFileHeader = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Entries as the zip reader inside exceljs pushes them (unzipper 0.10). */
type ZipEntry = Readable & {
  path: string;
  vars?: { uncompressedSize?: number };
  write: (chunk: Buffer, ...rest: unknown[]) => boolean;
};

type Bounds = Required<Pick<ReadSheetOptions, 'maxBytes' | 'maxEntries' | 'maxUncompressedBytes'>>;

/**
 * The upload as exceljs reads it, bounded three ways. exceljs inflates every zip entry in full (even
 * those it ignores), keeps shared strings in memory and spools worksheets to temporary files, with
 * no limit of its own: a 10 MB archive can expand to gigabytes. So the bytes received are counted,
 * and the zip reader exceljs pipes them into is watched: its entries are counted and the bytes each
 * inflates are metered as they are produced, stopping at the bound instead of after the expansion.
 */
function boundedInput(
  source: Readable,
  bounds: Bounds,
  fail: (error: AppError) => void,
): { input: Transform; partsSeen: () => number } {
  let received = 0;
  let head = Buffer.alloc(0);
  const notXlsx = () => new AppError('BAD_REQUEST', 'The file is not an .xlsx workbook');
  const input = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > bounds.maxBytes) {
        fail(new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${bounds.maxBytes} bytes`));
        return callback();
      }
      if (head.length < 4) {
        head = Buffer.concat([head, chunk]).subarray(0, 4);
        if (!zipLocalFileHeader.subarray(0, head.length).equals(head)) {
          fail(notXlsx());
          return callback();
        }
      }
      callback(null, chunk);
    },
    flush(callback) {
      if (head.length < 4) fail(notXlsx());
      callback();
    },
  });

  let entries = 0;
  let inflated = 0;
  const tooLarge = () =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `The workbook expands to more than ${bounds.maxUncompressedBytes} bytes; it cannot be read`,
    );
  const meter = (entry: ZipEntry) => {
    entries += 1;
    if (entries > bounds.maxEntries) {
      fail(new AppError('PAYLOAD_TOO_LARGE', `The workbook has more than ${bounds.maxEntries} parts`));
    }
    // A declared size over the bound is refused before any of it is inflated.
    if (inflated + (entry.vars?.uncompressedSize ?? 0) > bounds.maxUncompressedBytes) fail(tooLarge());
    const write = entry.write.bind(entry);
    entry.write = (chunk, ...rest) => {
      inflated += chunk.length;
      if (inflated > bounds.maxUncompressedBytes) {
        fail(tooLarge());
        // Never forwarded and never drained: the inflater stops at this chunk.
        return false;
      }
      return write(chunk, ...rest);
    };
  };
  // exceljs pipes its input into its zip reader, which pushes one stream per entry.
  const pipe = input.pipe.bind(input);
  input.pipe = ((destination: NodeJS.WritableStream & Readable) => {
    const push = destination.push.bind(destination);
    destination.push = (entry: unknown, encoding?: BufferEncoding) => {
      if (entry && typeof entry === 'object' && 'path' in entry) meter(entry as ZipEntry);
      return push(entry, encoding);
    };
    holdEarlyEnd(destination);
    return pipe(destination);
  }) as typeof input.pipe;
  source.pipe(input);
  return { input, partsSeen: () => entries };
}

/**
 * The zip reader (unzipper 0.10) says 'end' itself as soon as the upload's last byte is written
 * to it, even when entries it has read are still waiting in its buffer. exceljs pauses the zip
 * while it writes a worksheet to a temporary file; when the rest of the upload arrives meanwhile
 * (a busy disk or thread pool: under load), the zip reads the remaining entries into its buffer,
 * says 'end', and exceljs stops there, never seeing the workbook, styles or shared strings after
 * the sheet: "Cannot read properties of undefined (reading 'sheets')". Only the stream's own end,
 * once every entry has been read, is let through (docs/spreadsheets.md).
 */
function holdEarlyEnd(zip: Readable): void {
  const emit = zip.emit.bind(zip);
  zip.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event === 'end' && !zip.readableEnded) return false;
    return emit(event, ...args);
  }) as typeof zip.emit;
}

/** exceljs's worksheet reader reads its part's XML from this iterator (4.4.0). */
type WorksheetWithSource = { iterator?: AsyncIterable<Buffer | string> };

const mergeCellPattern = /<mergeCell\s+ref="([A-Z]+\d+:[A-Z]+\d+)"/g;

/**
 * Watches a worksheet's XML as exceljs parses it for merged cells, which exceljs's streaming reader
 * drops: only a merged range's first cell holds the value, so rows under it would silently read as
 * blank. The ranges come after the rows in the XML; `found()` gives them once the rows are read.
 */
function watchMerges(worksheet: unknown): { found: () => string[] } {
  const ranges: string[] = [];
  const sheet = worksheet as WorksheetWithSource;
  const source = sheet.iterator;
  if (!source) return { found: () => ranges };
  sheet.iterator = (async function* () {
    let tail = '';
    for await (const chunk of source) {
      const text = tail + chunk.toString();
      for (const match of text.matchAll(mergeCellPattern)) {
        if (!ranges.includes(match[1]!)) ranges.push(match[1]!);
      }
      // A tag cut between chunks is matched with the next one.
      tail = text.slice(-64);
      yield chunk;
    }
  })();
  return { found: () => ranges };
}

function normalizeHeader(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * A formula saved without its result (written by a program that does not calculate): there is no
 * value to read, and the engine does not evaluate formulas.
 */
const formulaWithoutResult = Symbol('formula without a result');

/**
 * A cell's value without Excel's wrappers: rich text as plain text, a formula as the result Excel
 * saved with it (what the planner saw), hyperlinks as their text.
 */
function plainValue(value: CellValue): unknown {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date || typeof value !== 'object')
    return typeof value === 'string' ? value.trim() : value;
  if ('richText' in value)
    return value.richText
      .map((run) => run.text)
      .join('')
      .trim();
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: CellValue }).result;
    return result === undefined || result === null ? formulaWithoutResult : plainValue(result);
  }
  if ('hyperlink' in value) return plainValue((value as { text?: CellValue }).text ?? null);
  if ('error' in value) return value.error;
  return String(value);
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === '';
}

/** An Excel serial day number as a UTC instant. */
function excelSerialToDate(serial: number): Date {
  return new Date(Math.round((serial - excelEpochOffsetDays) * msPerDay));
}

const truthy = new Set(['true', 'yes', 'y', '1', 'ya']);
const falsy = new Set(['false', 'no', 'n', '0', 'tidak']);
const numeric = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

type Converted = { value: unknown } | { error: string };

/**
 * A cell as its field kind expects it; what cannot be converted is passed on unchanged for the
 * schema to refuse with its own message.
 */
function fieldValueOf(field: Field, value: unknown): Converted {
  if (value === formulaWithoutResult)
    return {
      error: 'The cell holds a formula without a saved result: type the value, or save the file in Excel',
    };
  switch (field.kind) {
    case 'number':
    case 'integer':
      return { value: typeof value === 'string' && numeric.test(value) ? Number(value) : value };
    case 'date':
    case 'datetime': {
      const date =
        value instanceof Date ? value : typeof value === 'number' ? excelSerialToDate(value) : undefined;
      if (!date || Number.isNaN(date.getTime())) return { value };
      const iso = date.toISOString();
      return { value: field.kind === 'date' ? iso.slice(0, 10) : iso };
    }
    case 'boolean': {
      const text = String(value).toLowerCase();
      return { value: truthy.has(text) ? true : falsy.has(text) ? false : value };
    }
    case 'json':
      if (typeof value !== 'string') return { value };
      try {
        return { value: JSON.parse(value) };
      } catch {
        return { error: 'Use JSON text' };
      }
    default:
      if (value instanceof Date) return { value: value.toISOString().slice(0, 10) };
      return { value: typeof value === 'string' ? value : String(value) };
  }
}

/** Column number → field key, from the header row; refuses unknown and repeated columns. */
function headerColumns(
  entity: EntityDefinition,
  keys: string[],
  cells: { column: number; text: string }[],
): Map<number, string> {
  const byName = new Map<string, string>();
  for (const key of keys) byName.set(normalizeHeader(entity.fields[key]!.label ?? key), key);
  // A key wins over another field's label of the same spelling.
  for (const key of keys) byName.set(normalizeHeader(key), key);
  const columns = new Map<number, string>();
  const seen = new Map<string, string>();
  for (const { column, text } of cells) {
    const key = byName.get(normalizeHeader(text));
    if (!key) {
      throw new AppError('BAD_REQUEST', `The sheet has an unknown column: "${text}"`, [
        {
          path: text,
          message: `Expected one of: ${keys.map((k) => entity.fields[k]!.label ?? k).join(', ')}`,
        },
      ]);
    }
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      throw new AppError('BAD_REQUEST', `The columns "${earlier}" and "${text}" are the same field (${key})`);
    }
    seen.set(key, text);
    columns.set(column, key);
  }
  const missing = keys.filter((key) => entity.fields[key]!.required && !seen.has(key));
  if (missing.length > 0) {
    throw new AppError(
      'VALIDATION_ERROR',
      `The sheet has no column for: ${missing.map((k) => entity.fields[k]!.label ?? k).join(', ')}`,
      missing.map((key) => ({ path: key, message: 'This column is required' })),
    );
  }
  return columns;
}

/**
 * Reads the first worksheet of an .xlsx upload as rows of an entity, streaming: columns are matched
 * by header label or field key (case and spacing ignored), cells converted to what each field kind
 * expects, wholly empty rows skipped, and every row validated by `entity.schemas.create` and the
 * entity's hard rules. Each row comes back with its values or its errors; nothing is written, and
 * the caller applies the valid rows all or nothing.
 *
 * Refuses (AppError) a file that is not an xlsx, larger than `maxBytes`, expanding past its bounds
 * (a zip bomb), with more than `maxRows` data rows, without a header row, or with an unknown column.
 */
export async function readEntitySheet(
  entity: EntityDefinition,
  source: Readable,
  o: ReadSheetOptions,
): Promise<{ rows: SheetRow[] }> {
  const keys = columnKeys(entity, o.fields);
  const schema = o.fields
    ? // A declared entity's shape is keyed by field name only; the mask's number index is empty.
      entity.schemas.create.pick(
        Object.fromEntries(keys.map((k) => [k, true])) as Record<string, true> & Record<number, never>,
      )
    : entity.schemas.create;
  let refusal: AppError | undefined;
  const libraries = await sheetLibraries();
  const { reader, partsSeen, run } = boundedReading(libraries, source, o, (error) => (refusal = error));

  const read = async (): Promise<SheetRow[]> => {
    const rows: SheetRow[] = [];
    let sheetIndex = 0;
    for await (const worksheet of reader) {
      // Later sheets are read through and ignored, so exceljs removes their temporary files.
      const first = sheetIndex++ === 0;
      const merges = first ? watchMerges(worksheet) : undefined;
      let columns: Map<number, string> | undefined;
      for await (const row of worksheet) {
        if (refusal) throw refusal;
        if (!first) continue;
        const cells: { column: number; value: unknown }[] = [];
        row.eachCell({ includeEmpty: false }, (cell, column) => {
          const value = plainValue(cell.value);
          if (!isEmpty(value)) cells.push({ column, value });
        });
        if (cells.length === 0) continue;
        if (!columns) {
          columns = headerColumns(
            entity,
            keys,
            cells.map(({ column, value }) => ({ column, text: String(value) })),
          );
          continue;
        }
        if (rows.length >= o.maxRows) {
          throw new AppError('PAYLOAD_TOO_LARGE', `The sheet has more than ${o.maxRows} rows`);
        }
        const read = rowOf(row.number, cells, columns);
        rows.push(read);
        o.onRow?.(read);
      }
      if (first && !columns)
        throw new AppError(
          'BAD_REQUEST',
          'The first sheet is empty: put the header row and the rows on the first sheet of the workbook',
        );
      const merged = merges?.found() ?? [];
      if (merged.length > 0)
        throw new AppError(
          'BAD_REQUEST',
          `The sheet has merged cells (${merged.slice(0, 5).join(', ')}${merged.length > 5 ? ', …' : ''}): unmerge them so that every row holds its own values`,
        );
    }
    if (refusal) throw refusal;
    if (sheetIndex === 0) throw new AppError('BAD_REQUEST', 'The workbook has no worksheet');
    // Sheets read without the zip bounds having seen a part: exceljs no longer reads as it did.
    if (partsSeen() === 0) throw new AppError('INTERNAL', 'The workbook reader is not bounded');
    return rows;
  };

  const rowOf = (
    rowNumber: number,
    cells: { column: number; value: unknown }[],
    columns: Map<number, string>,
  ): SheetRow => {
    const values: Record<string, unknown> = {};
    const errors: FieldError[] = [];
    for (const { column, value } of cells) {
      const key = columns.get(column);
      // Cells under a blank header are not part of the entity.
      if (!key) continue;
      const converted = fieldValueOf(entity.fields[key]!, value);
      if ('error' in converted) errors.push({ path: key, message: converted.error });
      else values[key] = converted.value;
    }
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      for (const error of fieldErrors(parsed.error)) {
        if (!errors.some((e) => e.path === error.path)) errors.push(error);
      }
    }
    if (errors.length === 0 && parsed.success) {
      const broken = judgeRules(entity.rules, parsed.data).filter((v) => v.level === 'error');
      for (const v of broken) errors.push({ path: v.fields[0]!, message: v.message });
    }
    if (errors.length > 0 || !parsed.success) return { rowNumber, errors };
    return { rowNumber, values: parsed.data };
  };

  return { rows: await run(read) };
}

// ---------------------------------------------------------------------------------------------
// Reading a sheet as the planner sees it (no entity): the bulk task-assignment import

/** A non-empty row of a sheet as text: its number as Excel shows it, and its first cells. */
export type TextRow = { rowNumber: number; cells: string[] };

export type ReadTextOptions = {
  /** Non-empty rows read, the header included; one more refuses the file with `tooManyRowsMessage`. */
  maxRows: number;
  tooManyRowsMessage?: string;
  /** Size of the file as received. */
  maxBytes: number;
  /** Columns read from A on; cells beyond are ignored. */
  maxColumns: number;
  /** A longer cell text is cut to this many characters. */
  maxCellLength: number;
  maxEntries?: number;
  maxUncompressedBytes?: number;
};

/** The number format Excel shows a cell without one. */
const generalFormat = 'General';

/**
 * A cell's value as the text Excel shows for it: numbers and dates through the cell's number format
 * (numfmt, Excel's formatting rules: `00123` for 123 formatted `00000`, `15/01/2026`, `50%`), a
 * formula by its saved result (empty when saved without one), rich text joined, hyperlinks by
 * their text, TRUE/FALSE, errors as Excel writes them (`#N/A`). Trimmed.
 */
export function cellText(
  value: CellValue,
  numFmt: string | undefined,
  formatNumber: SheetLibraries['formatNumber'],
): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number' || value instanceof Date) {
    // exceljs reads a date-formatted number as a UTC Date; Excel formats the serial day number.
    const serial = typeof value === 'number' ? value : value.getTime() / msPerDay + excelEpochOffsetDays;
    try {
      return formatNumber(numFmt || generalFormat, serial).trim();
    } catch {
      return formatNumber(generalFormat, serial);
    }
  }
  if ('formula' in value || 'sharedFormula' in value)
    return cellText((value as { result?: CellValue }).result ?? null, numFmt, formatNumber);
  if ('richText' in value)
    return value.richText
      .map((run) => run.text)
      .join('')
      .trim();
  if ('hyperlink' in value)
    return cellText((value as { text?: CellValue }).text ?? null, numFmt, formatNumber);
  if ('error' in value) return String(value.error);
  return String(value).trim();
}

/**
 * An upload read under its bounds: exceljs's streaming reader over it, and `run`, which races the read
 * against a refusal (told to `onRefusal` as well, so the read can stop at its next row) and leaves
 * the upload drained when read, destroyed when refused or unreadable.
 */
function boundedReading(
  { Workbooks }: SheetLibraries,
  source: Readable,
  o: Pick<ReadSheetOptions, 'maxBytes' | 'maxEntries' | 'maxUncompressedBytes'>,
  onRefusal: (error: AppError) => void,
) {
  const bounds: Bounds = {
    maxBytes: o.maxBytes,
    maxEntries: o.maxEntries ?? 1000,
    maxUncompressedBytes: o.maxUncompressedBytes ?? o.maxBytes * 40,
  };
  let refusal: AppError | undefined;
  let refuse!: (error: AppError) => void;
  const refused = new Promise<never>((_, reject) => {
    refuse = (error) => {
      if (refusal) return;
      refusal = error;
      onRefusal(error);
      reject(error);
    };
  });
  refused.catch(() => {});
  const { input, partsSeen } = boundedInput(source, bounds, refuse);
  const run = async <T>(read: () => Promise<T>): Promise<T> => {
    try {
      const result = await Promise.race([read(), refused]);
      // Anything the zip reader left unread is drained, so the upload completes.
      source.unpipe(input);
      source.resume();
      return result;
    } catch (error) {
      // Stop reading a refused upload rather than expanding or receiving the rest of it.
      source.unpipe(input);
      source.destroy();
      input.destroy();
      if (refusal) throw refusal;
      if (error instanceof AppError) throw error;
      throw new AppError('BAD_REQUEST', 'The file could not be read as an .xlsx workbook', undefined, {
        cause: error,
      });
    }
  };
  const reader = new Workbooks.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles say which numbers are dates.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  return { reader, partsSeen, run };
}

/**
 * Reads the first worksheet of an .xlsx upload as text rows, streaming and bounded as
 * `readEntitySheet` is (size, parts, inflated bytes, rows): each non-empty row (its first
 * `maxColumns` cells) with its row number, the header row included, nothing validated. Later sheets
 * are read through and ignored. A workbook without a worksheet has no rows.
 *
 * Refuses (AppError): not an xlsx or damaged (400), larger than `maxBytes`, expanding past its
 * bounds, or more than `maxRows` non-empty rows (413).
 */
export async function readSheetText(source: Readable, o: ReadTextOptions): Promise<{ rows: TextRow[] }> {
  let refusal: AppError | undefined;
  const libraries = await sheetLibraries();
  const { reader, partsSeen, run } = boundedReading(libraries, source, o, (error) => (refusal = error));

  const read = async (): Promise<TextRow[]> => {
    const rows: TextRow[] = [];
    let sheetIndex = 0;
    for await (const worksheet of reader) {
      const first = sheetIndex++ === 0;
      for await (const row of worksheet) {
        if (refusal) throw refusal;
        if (!first) continue;
        const cells: string[] = [];
        row.eachCell({ includeEmpty: false }, (cell, column) => {
          if (column > o.maxColumns) return;
          cells[column - 1] = cellText(cell.value, cell.numFmt, libraries.formatNumber).slice(
            0,
            o.maxCellLength,
          );
        });
        const texts = Array.from(cells, (text) => text ?? '');
        while (texts.length > 0 && texts.at(-1) === '') texts.pop();
        if (texts.length === 0) continue;
        if (rows.length >= o.maxRows) {
          throw new AppError(
            'PAYLOAD_TOO_LARGE',
            o.tooManyRowsMessage ?? `The sheet has more than ${o.maxRows} rows`,
          );
        }
        rows.push({ rowNumber: row.number, cells: texts });
      }
    }
    if (refusal) throw refusal;
    if (sheetIndex > 0 && partsSeen() === 0)
      throw new AppError('INTERNAL', 'The workbook reader is not bounded');
    return rows;
  };

  return { rows: await run(read) };
}

export type TextSheet = {
  sheetName: string;
  /** Headings of row 1 (bold, frozen) and column widths in characters. */
  columns: { header: string; width: number }[];
  rows: Iterable<(string | number)[]>;
};

/**
 * Streams an .xlsx of one sheet of plain values under a bold, frozen header row (no entity: the
 * results of an import). Text cells are written as text, so a WO number stays as it was typed.
 */
export function writeTextSheet(o: TextSheet): Readable {
  return writtenLazily(({ Workbooks }, out) => {
    const workbook = new Workbooks.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheetName = o.sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = o.columns.map(({ header, width }) => ({ header, width }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    const gone = new AbortController();
    out.once('close', () => gone.abort());
    const write = async () => {
      let written = 0;
      for (const values of o.rows) {
        if (gone.signal.aborted) return;
        sheet.addRow(values).commit();
        if (++written % rowsPerBatch === 0) await keepPace(sheet, out, gone.signal);
      }
      sheet.commit();
      await workbook.commit();
    };
    write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  });
}
