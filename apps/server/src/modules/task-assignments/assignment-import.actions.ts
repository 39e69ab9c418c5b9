import { Readable } from 'node:stream';
import { assignmentImportBounds as bounds, resultsSheetBody } from '@inspectra/contract';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { withImportSlot } from '../../engine/import-slots.ts';
import { sheetUpload } from '../../engine/request-body/uploads.ts';
import { receivedUpload } from '../../engine/sheet-operations.ts';
import { readSheetText, writeTextSheet } from '../../engine/spreadsheet.ts';

/**
 * The bulk task-assignment import's sheet work (SPEC 5; docs/task-assignment-import.md). The
 * browser does the import, a row at a time through `POST /wo-task-assignments`; the server reads the
 * planner's sheet for it (the browser cannot, within the page's CSP and size budget) and writes the
 * results back as a sheet. Nothing here writes to the database: each row is the create's, with its
 * checks (an inspector named must be one who may be, task-assignments.actions.ts), so an import
 * cannot assign what the form could not.
 */

const xlsxMediaType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const englishHeadings = {
  workOrder: 'Work order',
  method: 'Inspection method',
  rowNumber: 'Row',
  result: 'Result',
  message: 'Message',
};

export const assignmentImportActions: Record<string, ActionHandler> = {
  'taskAssignment.importSheetRows': async ({ request }) => {
    const file = await receivedUpload(await sheetUpload(request, bounds.maxFileBytes), bounds.maxFileBytes);
    // Read in one of the process's import slots, as every import is (import-slots.ts).
    const { rows } = await withImportSlot(() =>
      readSheetText(Readable.from([file]), {
        maxRows: bounds.maxDataRows + 1,
        tooManyRowsMessage: `The sheet has more than ${bounds.maxDataRows} rows below its header: import at most ${bounds.maxDataRows} at a time, in several files`,
        maxBytes: bounds.maxFileBytes,
        maxColumns: bounds.maxColumns,
        maxCellLength: bounds.maxCellLength,
      }),
    );
    return { data: { rows }, message: `${rows.length} rows read` };
  },

  'taskAssignment.importResultsSheet': typedAction({ body: resultsSheetBody }, async ({ body }) => {
    const headings = body.headings ?? englishHeadings;
    const sheet = writeTextSheet({
      sheetName: body.sheetName ?? 'Import results',
      // Work order and method stay in A and B: the file can be fixed and imported again.
      columns: [
        { header: headings.workOrder, width: 22 },
        { header: headings.method, width: 26 },
        { header: headings.rowNumber, width: 8 },
        { header: headings.result, width: 12 },
        { header: headings.message, width: 80 },
      ],
      rows: body.rows.map((row) => [row.workOrder, row.method, row.rowNumber, row.result, row.message]),
    });
    return {
      raw: {
        body: sheet,
        headers: {
          'content-type': xlsxMediaType,
          'content-disposition': 'attachment; filename="task-assignment-import-results.xlsx"',
          'x-content-type-options': 'nosniff',
          'cache-control': 'no-store',
        },
      },
    };
  }),
};
