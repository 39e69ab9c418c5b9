import { ApiError } from '../../api/errors.ts';
import { readBytes } from '../../engine/image-bytes.ts';
import { importBounds } from './import-bounds.ts';

/**
 * Bulk task assignment from a spreadsheet, in the browser (SPEC 5, 8; docs/task-assignment-import.md):
 * the first sheet's rows after its header, column A a work order number, column B an inspection
 * method; each row becomes one `POST /wo-task-assignments` with no inspectors, levels or positions
 * and approvalStatus false. The server reads the sheet's rows (the browser sends it the file); the
 * rest happens here. No React and no HTTP here: the calls are handed in.
 */

/** Why a row or the file failed: a reason of our own, or a failed call (its ApiError carries the server's message). */
export type Reason =
  | { key: 'workOrderNotFound' | 'methodNotFound' }
  | { key: 'tooLarge'; maxBytes: number }
  | { error: unknown };

/** The file could not be imported at all (nothing was sent). */
export type ImportFailure =
  | { kind: 'readFailed' }
  | { kind: 'parseFailed'; reason: string }
  | { kind: 'empty' }
  | { kind: 'importFailed'; reason: Reason };

export class ImportError extends Error {
  constructor(readonly failure: ImportFailure) {
    super(failure.kind);
    this.name = 'ImportError';
  }
}

/** A data row as written: its number as Excel shows it, the work order and method texts (trimmed). */
export type AssignmentRow = { rowNumber: number; workOrder: string; method: string };

export type RowResult = AssignmentRow &
  (
    | { outcome: 'assigned'; methodCode: string; methodName: string }
    | { outcome: 'skipped' }
    | { outcome: 'failed'; reason: Reason }
  );

export type ImportReport = {
  rows: RowResult[];
  successful: number;
  /** Rows that were tried and refused; skipped rows are counted apart, not as failed. */
  failed: number;
  skipped: number;
};

export type InspectionMethodChoice = { code: string; name: string };
export type WorkOrderMatch = { id: string; woNumber: string };

/** What an imported row sends (SPEC 5): nobody assigned yet, not approved. */
export type ImportedAssignment = {
  workOrderSPKId: string;
  inspectionMethod: string;
  userPDMIds: string[];
  levelApprovals: number[];
  positionLevels: string[];
  approvalStatus: false;
};

/** A non-empty row of the sheet as the server read it: its number and its cells (A, B, …) as text. */
export type SheetRow = { rowNumber: number; cells: string[] };

/** The API calls the import makes; each rejects with an ApiError carrying the server's message. */
export type AssignmentCalls = {
  /** The first sheet's non-empty rows, the header included, read by the server from the file sent. */
  readSheet(file: Blob): Promise<SheetRow[]>;
  inspectionMethods(): Promise<InspectionMethodChoice[]>;
  /** One page of the work-order list searched for `search`. */
  searchWorkOrders(
    search: string,
    pageNumber: number,
  ): Promise<{ rows: WorkOrderMatch[]; totalPages: number }>;
  assign(assignment: ImportedAssignment): Promise<void>;
};

/**
 * The data rows of the file's first sheet: rows after the header (the first row with anything in
 * it), wholly empty rows left out by the server. Throws an ImportError: 'readFailed' when the
 * browser cannot read the file, 'parseFailed' when the server says it is not a readable workbook
 * (400), 'empty' without data rows, 'importFailed' past the bounds or when the server cannot be
 * asked (offline, signed out, refused).
 */
export async function readAssignmentRows(file: Blob, calls: AssignmentCalls): Promise<AssignmentRow[]> {
  if (file.size > importBounds.maxFileBytes) {
    throw new ImportError({
      kind: 'importFailed',
      reason: { key: 'tooLarge', maxBytes: importBounds.maxFileBytes },
    });
  }
  let bytes: ArrayBuffer;
  try {
    // Read here first: a file gone or unreadable since it was chosen is told apart from a bad sheet.
    bytes = await readBytes(file);
  } catch {
    throw new ImportError({ kind: 'readFailed' });
  }
  let sheetRows: SheetRow[];
  try {
    sheetRows = await calls.readSheet(new Blob([bytes], { type: file.type }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      throw new ImportError({ kind: 'parseFailed', reason: error.message });
    }
    throw new ImportError({ kind: 'importFailed', reason: { error } });
  }
  const dataRows = sheetRows.slice(1);
  if (dataRows.length === 0) throw new ImportError({ kind: 'empty' });
  return dataRows.map(({ rowNumber, cells }) => ({
    rowNumber,
    workOrder: cells[0]?.trim() ?? '',
    method: cells[1]?.trim() ?? '',
  }));
}

/** A method by its code (any case), else by its name (any case). */
function methodFinder(methods: InspectionMethodChoice[]) {
  const byCode = new Map(methods.map((m) => [m.code.toLowerCase(), m]));
  const byName = new Map(methods.map((m) => [m.name.trim().toLowerCase(), m]));
  return (text: string) => byCode.get(text.toLowerCase()) ?? byName.get(text.toLowerCase());
}

/**
 * The work order whose number is exactly `text`, found through the list's search (which also
 * matches parts of numbers, titles and tags); a number written in another case is taken when it
 * names only one work order. Null when none.
 */
async function findWorkOrder(calls: AssignmentCalls, text: string): Promise<WorkOrderMatch | null> {
  const sameLetters: WorkOrderMatch[] = [];
  for (let page = 1; page <= importBounds.maxWorkOrderPages; page += 1) {
    const { rows, totalPages } = await calls.searchWorkOrders(text, page);
    const exact = rows.find((w) => w.woNumber === text);
    if (exact) return exact;
    sameLetters.push(...rows.filter((w) => w.woNumber.toLowerCase() === text.toLowerCase()));
    if (page >= totalPages) break;
  }
  return sameLetters.length === 1 ? sameLetters[0]! : null;
}

export type ImportOptions = {
  /** Called after each row, with how many are done. */
  onProgress?: (done: number, total: number) => void;
  /** Stops starting rows (leaving the page); rows not started are not in the report. */
  signal?: AbortSignal;
};

/**
 * Assigns every row, a few at a time, and reports each row's result in the sheet's order. Rows of
 * one work order look it up once. Throws an ImportError ('importFailed') only when the import
 * cannot start: the inspection methods cannot be listed.
 */
export async function assignRows(
  rows: AssignmentRow[],
  calls: AssignmentCalls,
  options: ImportOptions = {},
): Promise<ImportReport> {
  let findMethod: ReturnType<typeof methodFinder>;
  try {
    findMethod = methodFinder(await calls.inspectionMethods());
  } catch (error) {
    throw new ImportError({ kind: 'importFailed', reason: { error } });
  }
  const workOrders = new Map<string, Promise<WorkOrderMatch | null>>();
  const workOrderOf = (text: string) => {
    let found = workOrders.get(text);
    if (!found) {
      found = findWorkOrder(calls, text);
      workOrders.set(text, found);
    }
    return found;
  };

  const assignOne = async (row: AssignmentRow): Promise<RowResult> => {
    if (!row.workOrder || !row.method) return { ...row, outcome: 'skipped' };
    const method = findMethod(row.method);
    if (!method) return { ...row, outcome: 'failed', reason: { key: 'methodNotFound' } };
    try {
      const workOrder = await workOrderOf(row.workOrder);
      if (!workOrder) return { ...row, outcome: 'failed', reason: { key: 'workOrderNotFound' } };
      await calls.assign({
        workOrderSPKId: workOrder.id,
        inspectionMethod: method.code,
        userPDMIds: [],
        levelApprovals: [],
        positionLevels: [],
        approvalStatus: false,
      });
      return { ...row, outcome: 'assigned', methodCode: method.code, methodName: method.name };
    } catch (error) {
      return { ...row, outcome: 'failed', reason: { error } };
    }
  };

  const results: RowResult[] = [];
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < rows.length && !options.signal?.aborted) {
      const index = next;
      next += 1;
      results[index] = await assignOne(rows[index]!);
      done += 1;
      options.onProgress?.(done, rows.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(importBounds.concurrency, rows.length) }, worker));

  const reported = results.filter(Boolean);
  return {
    rows: reported,
    successful: reported.filter((r) => r.outcome === 'assigned').length,
    failed: reported.filter((r) => r.outcome === 'failed').length,
    skipped: reported.filter((r) => r.outcome === 'skipped').length,
  };
}

/** Reads the file and assigns its rows: the whole import, failing with an ImportError. */
export async function importTaskAssignments(
  file: Blob,
  calls: AssignmentCalls,
  options: ImportOptions = {},
): Promise<ImportReport> {
  try {
    return await assignRows(await readAssignmentRows(file, calls), calls, options);
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError({ kind: 'importFailed', reason: { error } });
  }
}
