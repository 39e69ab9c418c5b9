import type { TFunction } from 'i18next';
import type { ImportReport } from './bulk-assignment.ts';
import { xlsxMediaType } from './import-bounds.ts';
import { rowMessage } from './import-messages.ts';
import { writeSheet } from './xlsx-sheet.ts';

/**
 * The import's results as an .xlsx. Work order and method stay in columns A and B, so the planner
 * can filter the failed rows, fix them and import the same file again (other columns are not read).
 */
export function resultsWorkbook(t: TFunction, report: ImportReport): Blob {
  const words = (key: string) => t(`taskAssignmentImport.results.${key}`);
  const bytes = writeSheet({
    name: t('taskAssignmentImport.sheetName'),
    columns: [
      { header: words('workOrder'), width: 22 },
      { header: words('method'), width: 26 },
      { header: words('row'), width: 8 },
      { header: words('outcome'), width: 12 },
      { header: words('message'), width: 80 },
    ],
    rows: report.rows.map((row) => [
      row.workOrder,
      row.method,
      row.rowNumber,
      t(`taskAssignmentImport.outcomes.${row.outcome}`),
      rowMessage(t, row),
    ]),
  });
  return new Blob([bytes], { type: xlsxMediaType });
}
