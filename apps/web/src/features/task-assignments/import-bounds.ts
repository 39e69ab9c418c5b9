/**
 * How much one import may do (docs/task-assignment-import.md). Apart from the reader so the page can
 * state them without loading it.
 */
export const importBounds = {
  /** Data rows in one file: a campaign's worth; more is refused whole, before anything is sent. */
  maxRows: 2000,
  /** The file as chosen. */
  maxFileBytes: 10 * 1024 * 1024,
  /** One part of the workbook, inflated (a zip bomb stops here). */
  maxPartBytes: 40 * 1024 * 1024,
  /** Rows in flight at once: quick for the planner, gentle on the server. */
  concurrency: 3,
  /** Pages of a work-order search read to find the exact number (200 each). */
  maxWorkOrderPages: 5,
};

export const xlsxMediaType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
