import { assignmentImportBounds } from '@inspectra/contract';
import type { z } from 'zod';
import type { resultsSheetBody } from '@inspectra/contract';
import type { TFunction } from 'i18next';
import { routeOf } from '../../api/calls.ts';
import { apiBlob } from '../../api/http-client.ts';
import type { ImportReport } from './bulk-assignment.ts';
import { rowMessage } from './import-messages.ts';

/**
 * The import's results as an .xlsx, written by the server from the rows as the table shows them
 * (in the planner's language). Work order and method stay in columns A and B, so the planner can
 * filter the failed rows, fix them and import the same file again.
 */
export function resultsWorkbook(t: TFunction, report: ImportReport): Promise<Blob> {
  const words = (key: string) => t(`taskAssignmentImport.results.${key}`);
  const body: z.input<typeof resultsSheetBody> = {
    sheetName: t('taskAssignmentImport.sheetName'),
    headings: {
      workOrder: words('workOrder'),
      method: words('method'),
      rowNumber: words('row'),
      result: words('outcome'),
      message: words('message'),
    },
    rows: report.rows.map((row) => ({
      rowNumber: row.rowNumber,
      workOrder: row.workOrder,
      method: row.method,
      result: t(`taskAssignmentImport.outcomes.${row.outcome}`),
      // A server's reason may be long; the sheet keeps what a cell is read for.
      message: rowMessage(t, row).slice(0, assignmentImportBounds.maxMessageLength),
    })),
  };
  return apiBlob(routeOf('POST /wo-task-assignments/import/results-sheet').path, undefined, { data: body });
}
