import { describe, expect, it } from 'vitest';
import { ApiError, clientMessages } from '../../api/errors.ts';
import { i18n } from '../../i18n/index.ts';
import { ImportError, importTaskAssignments } from './bulk-assignment.ts';
import { importBounds } from './import-bounds.ts';
import type {
  AssignmentCalls,
  ImportedAssignment,
  ImportReport,
  SheetRow,
  WorkOrderMatch,
} from './bulk-assignment.ts';
import { failureMessage, rowMessage, summaryMessage } from './import-messages.ts';

const t = i18n.getFixedT('en');

/**
 * A file standing for a sheet with a header row and these data rows (column A work order, column B
 * method): the rows as the server answers them, numbered as in Excel, blank rows left out. The
 * server's reading of real workbooks is tested in apps/server/test/assignment-import.test.ts.
 */
function sheetFile(rows: string[][], header = ['Work order', 'Inspection method']): File {
  const sheetRows: SheetRow[] = [header, ...rows]
    .map((cells, i) => ({ rowNumber: i + 1, cells }))
    .filter((row) => row.cells.some(Boolean));
  return new File([JSON.stringify(sheetRows)], 'assignments.xlsx');
}

/** What the server answers for a file that is not a workbook. */
const notAWorkbook = 'The file is not an .xlsx workbook';

const methods = [
  { code: 'thermal', name: 'Thermal' },
  { code: 'vci', name: 'Visual close inspection' },
  { code: 'ufd', name: 'Ultrasonic flaw detection' },
];

/**
 * The calls over an in-memory server: work orders searched as the API searches (any part of the
 * number), 200 a page; an assignment of a method already on a work order refused with the server's
 * 409 message. Records what was asked.
 */
function fakeServer(
  woNumbers: string[],
  o: { pageSize?: number; methodsFail?: boolean; readFails?: ApiError } = {},
) {
  const workOrders: WorkOrderMatch[] = woNumbers.map((woNumber, i) => ({ id: `wo-${i}`, woNumber }));
  const searches: { search: string; pageNumber: number }[] = [];
  const assigned: ImportedAssignment[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const pageSize = o.pageSize ?? 200;
  const sheetsRead: number[] = [];
  const calls: AssignmentCalls = {
    readSheet: async (file) => {
      sheetsRead.push(file.size);
      if (o.readFails) throw o.readFails;
      const text = await file.text();
      if (!text.startsWith('[')) throw new ApiError(notAWorkbook, { status: 400, code: 'BAD_REQUEST' });
      return JSON.parse(text) as SheetRow[];
    },
    inspectionMethods: async () => {
      if (o.methodsFail)
        throw new ApiError('You may not view inspection methods', { status: 403, code: 'FORBIDDEN' });
      return methods;
    },
    searchWorkOrders: async (search, pageNumber) => {
      searches.push({ search, pageNumber });
      const found = workOrders.filter((w) => w.woNumber.toLowerCase().includes(search.toLowerCase()));
      return {
        rows: found.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
        totalPages: Math.max(1, Math.ceil(found.length / pageSize)),
      };
    },
    assign: async (assignment) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => queueMicrotask(() => resolve(undefined)));
      inFlight -= 1;
      const taken = assigned.some(
        (a) =>
          a.workOrderSPKId === assignment.workOrderSPKId &&
          a.inspectionMethod === assignment.inspectionMethod,
      );
      if (taken) {
        throw new ApiError('This inspection method is already assigned to the work order', {
          status: 409,
          code: 'CONFLICT',
        });
      }
      assigned.push(assignment);
    },
  };
  return { calls, searches, assigned, sheetsRead, mostInFlight: () => mostInFlight };
}

async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ImportError) return failureMessage(t, error.failure);
    throw error;
  }
  throw new Error('The import did not fail');
}

const messages = (report: ImportReport) => report.rows.map((row) => [row.rowNumber, rowMessage(t, row)]);

describe('importTaskAssignments', () => {
  it('assigns each row with nobody assigned and not approved, the method by code or name in any case', async () => {
    const server = fakeServer(['WO-2026-001', 'WO-2026-002']);
    const report = await importTaskAssignments(
      sheetFile([
        ['WO-2026-001', 'thermal'],
        ['WO-2026-001', 'VCI'],
        ['WO-2026-002', 'ultrasonic FLAW detection'],
      ]),
      server.calls,
    );

    expect(server.assigned).toEqual([
      {
        workOrderSPKId: 'wo-0',
        inspectionMethod: 'thermal',
        userPDMIds: [],
        levelApprovals: [],
        positionLevels: [],
        approvalStatus: false,
      },
      {
        workOrderSPKId: 'wo-0',
        inspectionMethod: 'vci',
        userPDMIds: [],
        levelApprovals: [],
        positionLevels: [],
        approvalStatus: false,
      },
      {
        workOrderSPKId: 'wo-1',
        inspectionMethod: 'ufd',
        userPDMIds: [],
        levelApprovals: [],
        positionLevels: [],
        approvalStatus: false,
      },
    ]);
    expect(messages(report)).toEqual([
      // Typed as the code (in any case): the code is not said twice.
      [2, 'Assigned Thermal to WO-2026-001'],
      [3, 'Assigned Visual close inspection to WO-2026-001'],
      [4, 'Assigned Ultrasonic flaw detection (ufd) to WO-2026-002'],
    ]);
    expect(summaryMessage(t, report)).toBe('Import completed: 3 successful, 0 failed');
    // Two rows of one work order looked it up once.
    expect(server.searches).toEqual([
      { search: 'WO-2026-001', pageNumber: 1 },
      { search: 'WO-2026-002', pageNumber: 1 },
    ]);
  });

  it('skips a row missing either value, counts it apart from the failed, and leaves blank rows out', async () => {
    const server = fakeServer(['WO-1']);
    const report = await importTaskAssignments(
      sheetFile([
        ['WO-1', ''],
        ['', 'thermal'],
        ['', ''],
        ['WO-1', 'thermal'],
      ]),
      server.calls,
    );
    expect(messages(report)).toEqual([
      [2, 'Row skipped: Missing WO SPK or Inspection Method'],
      [3, 'Row skipped: Missing WO SPK or Inspection Method'],
      [5, 'Assigned Thermal to WO-1'],
    ]);
    expect(report).toMatchObject({ successful: 1, failed: 0, skipped: 2 });
    expect(summaryMessage(t, report)).toBe('Import completed: 1 successful, 0 failed');
  });

  it("takes the work order whose number is exactly the row's, not one that merely contains it", async () => {
    const server = fakeServer(['WO-10', 'WO-100', 'WO-1', 'wo-77', 'WO-5', 'wo-5'], { pageSize: 2 });
    const report = await importTaskAssignments(
      sheetFile([
        ['WO-1', 'thermal'],
        ['WO-77', 'thermal'],
        ['WO-5', 'vci'],
        ['Wo-5', 'vci'],
        ['WO-9', 'vci'],
      ]),
      server.calls,
    );
    expect(server.assigned.map((a) => a.workOrderSPKId).sort()).toEqual(['wo-2', 'wo-3', 'wo-4']);
    expect(messages(report)).toEqual([
      [2, 'Assigned Thermal to WO-1'],
      // Written in another case, it names one work order only: taken.
      [3, 'Assigned Thermal to WO-77'],
      [4, 'Assigned Visual close inspection to WO-5'],
      // Two work orders differ only in case from it: neither is guessed.
      [5, 'Failed to assign vci to Wo-5: Work order not found'],
      [6, 'Failed to assign vci to WO-9: Work order not found'],
    ]);
    // WO-1 was on the second page of its search (WO-10, WO-100 came first).
    expect(server.searches.filter((s) => s.search === 'WO-1')).toEqual([
      { search: 'WO-1', pageNumber: 1 },
      { search: 'WO-1', pageNumber: 2 },
    ]);
  });

  it("fails a row with the server's reason, an unknown method, and goes on with the others", async () => {
    const server = fakeServer(['WO-1', 'WO-2']);
    const report = await importTaskAssignments(
      sheetFile([
        ['WO-1', 'thermal'],
        ['WO-1', 'Thermal'],
        ['WO-2', 'x-ray'],
        ['WO-2', 'thermal'],
      ]),
      server.calls,
    );
    expect(messages(report)).toEqual([
      [2, 'Assigned Thermal to WO-1'],
      [3, 'Failed to assign Thermal to WO-1: This inspection method is already assigned to the work order'],
      [4, 'Failed to assign x-ray to WO-2: Inspection method not found'],
      [5, 'Assigned Thermal to WO-2'],
    ]);
    expect(summaryMessage(t, report)).toBe('Import completed: 2 successful, 2 failed');
  });

  it('refuses an empty file and one with a header only, sending nothing', async () => {
    const server = fakeServer(['WO-1']);
    expect(await failureOf(importTaskAssignments(sheetFile([]), server.calls))).toBe(
      'Excel file is empty or has no data rows',
    );
    expect(await failureOf(importTaskAssignments(sheetFile([], []), server.calls))).toBe(
      'Excel file is empty or has no data rows',
    );
    expect(server.searches).toEqual([]);
  });

  it('says when the file is not a workbook, cannot be read, or the import cannot start', async () => {
    const server = fakeServer(['WO-1']);
    const csv = new File(['WO number,Method\nWO-1,thermal\n'], 'assignments.xlsx');
    expect(await failureOf(importTaskAssignments(csv, server.calls))).toBe(
      `Failed to parse Excel file: ${notAWorkbook}`,
    );
    expect(await failureOf(importTaskAssignments(new File([], 'empty.xlsx'), server.calls))).toBe(
      `Failed to parse Excel file: ${notAWorkbook}`,
    );

    // The browser cannot read the file at all (removed since it was chosen): the server is not asked.
    const vanished = sheetFile([['WO-1', 'thermal']]);
    vanished.arrayBuffer = () => Promise.reject(new DOMException('The file was removed', 'NotReadableError'));
    const asked = server.sheetsRead.length;
    expect(await failureOf(importTaskAssignments(vanished, server.calls))).toBe('Failed to read file');
    expect(server.sheetsRead).toHaveLength(asked);

    // The server cannot be reached to read the sheet.
    const offline = fakeServer(['WO-1'], {
      readFails: new ApiError(clientMessages.default, { status: 0 }),
    });
    expect(await failureOf(importTaskAssignments(sheetFile([['WO-1', 'thermal']]), offline.calls))).toBe(
      'Failed to import task assignments: Sorry for an error, check your connection or try a few more moments.',
    );

    const denied = fakeServer(['WO-1'], { methodsFail: true });
    expect(await failureOf(importTaskAssignments(sheetFile([['WO-1', 'thermal']]), denied.calls))).toBe(
      'Failed to import task assignments: You may not view inspection methods',
    );
    expect(server.assigned).toEqual([]);
  });

  it(`imports up to ${importBounds.maxRows} rows, ${importBounds.concurrency} at a time; the server refuses more whole`, async () => {
    const tooMany = fakeServer(['WO-1'], {
      readFails: new ApiError(
        'The sheet has more than 2000 rows below its header: import at most 2000 at a time, in several files',
        { status: 413, code: 'PAYLOAD_TOO_LARGE' },
      ),
    });
    expect(await failureOf(importTaskAssignments(sheetFile([['WO-1', 'thermal']]), tooMany.calls))).toBe(
      'Failed to import task assignments: The sheet has more than 2000 rows below its header: import at most 2000 at a time, in several files',
    );
    expect(tooMany.searches).toEqual([]);

    const server = fakeServer(['WO-1']);
    const progress: number[] = [];
    const full = sheetFile(
      Array.from({ length: importBounds.maxRows }, (_, i) => ['WO-1', methods[i % 3]!.code]),
    );
    const report = await importTaskAssignments(full, server.calls, {
      onProgress: (done) => progress.push(done),
    });
    expect(report).toMatchObject({ successful: 3, failed: 1997, skipped: 0 });
    expect(report.rows.map((r) => r.rowNumber)).toEqual(Array.from({ length: 2000 }, (_, i) => i + 2));
    expect(progress).toHaveLength(2000);
    expect(progress.at(-1)).toBe(2000);
    expect(server.mostInFlight()).toBe(importBounds.concurrency);
  });

  it('refuses a file over the size bound before sending it', async () => {
    const server = fakeServer(['WO-1']);
    const huge = new File([new Uint8Array(importBounds.maxFileBytes + 1)], 'huge.xlsx');
    expect(await failureOf(importTaskAssignments(huge, server.calls))).toBe(
      'Failed to import task assignments: the file is larger than 10 MB',
    );
    expect(server.sheetsRead).toEqual([]);
  });

  it('stops starting rows when the planner leaves', async () => {
    const server = fakeServer(['WO-1']);
    const leaving = new AbortController();
    const report = await importTaskAssignments(
      sheetFile(Array.from({ length: 10 }, (_, i) => ['WO-1', `method-${i}`])),
      server.calls,
      { signal: leaving.signal, onProgress: (done) => done === 4 && leaving.abort() },
    );
    expect(report.rows.length).toBeLessThan(10);
  });

  it('says the same in Bahasa Indonesia, with the SPEC message keys', () => {
    const tId = i18n.getFixedT('id');
    expect(failureMessage(tId, { kind: 'empty' })).toBe('Berkas Excel kosong atau tidak memiliki baris data');
    expect(
      rowMessage(tId, {
        rowNumber: 2,
        workOrder: 'WO-1',
        method: 'thermal',
        outcome: 'failed',
        reason: { key: 'workOrderNotFound' },
      }),
    ).toBe('Gagal menugaskan thermal ke WO-1: Work order tidak ditemukan');
  });
});
