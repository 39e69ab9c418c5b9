/**
 * The bulk task-assignment import. `messages` are SPEC 8's words, kept exactly: other tools and
 * people read them as they are (docs/task-assignment-import.md).
 */
export const taskAssignmentImport = {
  title: 'Import task assignments',
  intro:
    'Assign inspection methods to work orders from a spreadsheet. Each row becomes one assignment; inspectors, approval levels and positions are added afterwards on the work order.',
  columns:
    'The first sheet is read and its first row is a header. From the second row on, column A holds the work order number as it is written on the work order (WO-2026-0001) and column B the inspection method, by its code (thermal) or its name (Thermal). Other columns are not read.',
  limits:
    'An .xlsx file of up to {{rows}} rows and {{size}}. Rows are assigned one after another; leave the page open until the summary shows.',
  chooseFile: 'Choose the spreadsheet',
  dropHere: 'Drop the spreadsheet here, or click to choose it',
  downloadTemplate: 'Download the template',
  reading: 'Reading {{name}}',
  progress: 'Assigned {{done}} of {{total}} rows',
  exportResults: 'Export the results',
  exportFailed: 'The results could not be exported: {{reason}}',
  sheetName: 'Import results',
  skipped_one: '{{count}} row skipped (not counted as failed)',
  skipped_other: '{{count}} rows skipped (not counted as failed)',
  messages: {
    importFailed: 'Failed to import task assignments: {{reason}}',
    parseFailed: 'Failed to parse Excel file: {{reason}}',
    readFailed: 'Failed to read file',
    empty: 'Excel file is empty or has no data rows',
    rowSkipped: 'Row skipped: Missing WO SPK or Inspection Method',
    rowFailed: 'Failed to assign {{method}} to {{workorder}}: {{reason}}',
    summary: 'Import completed: {{successful}} successful, {{failed}} failed',
    templateFailed: 'HTTP error! Status: {{status}}',
  },
  rowAssigned: 'Assigned {{method}} to {{workorder}}',
  rowAssignedAs: 'Assigned {{method}} ({{code}}) to {{workorder}}',
  reasons: {
    workOrderNotFound: 'Work order not found',
    methodNotFound: 'Inspection method not found',
    tooLarge: 'the file is larger than {{max}}',
  },
  results: {
    title: 'Result of each row',
    row: 'Row',
    workOrder: 'Work order',
    method: 'Inspection method',
    outcome: 'Result',
    message: 'Message',
  },
  outcomes: { assigned: 'Assigned', failed: 'Failed', skipped: 'Skipped' },
};
