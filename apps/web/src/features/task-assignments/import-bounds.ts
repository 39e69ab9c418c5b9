import { assignmentImportBounds } from '@inspectra/contract';

/**
 * How much one import may do (docs/task-assignment-import.md). Apart from the import so the page can
 * state them without loading it. The server reads the sheet and holds the file and row bounds.
 */
export const importBounds = {
  /** Data rows in one file: a campaign's worth; more is refused whole, before anything is sent. */
  maxRows: assignmentImportBounds.maxDataRows,
  /** The file as chosen: a larger one is not sent. */
  maxFileBytes: assignmentImportBounds.maxFileBytes,
  /** Rows in flight at once: quick for the planner, gentle on the server. */
  concurrency: 3,
  /** Pages of a work-order search read to find the exact number (200 each). */
  maxWorkOrderPages: 5,
};

export const xlsxMediaType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
