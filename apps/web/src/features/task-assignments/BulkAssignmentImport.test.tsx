import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, envelope, errorResponse, server, serveMockApi, signedInAs } from '../../api/test-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { BulkAssignmentImport } from './BulkAssignmentImport.tsx';
import type { SheetRow } from './bulk-assignment.ts';
import { xlsxMediaType } from './import-bounds.ts';

serveMockApi();

const workOrders = [
  { id: '7c1f0a52-1d1e-4b8e-9a0e-000000000001', woNumber: 'WO-2026-001' },
  { id: '7c1f0a52-1d1e-4b8e-9a0e-000000000002', woNumber: 'WO-2026-0010' },
  { id: '7c1f0a52-1d1e-4b8e-9a0e-000000000003', woNumber: 'WO-2026-002' },
];
const methods = [
  { id: 'm1', code: 'thermal', name: 'Thermal' },
  { id: 'm2', code: 'vci', name: 'Visual close inspection' },
];
const conflict = 'The inspection method vci is already assigned to work order WO-2026-002';

/** Bytes the mock results call answers, to tell that the page saved what the server sent. */
const resultsBytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);

/**
 * The mock API: the sheet read as `sheetRows` (the server's reading of real workbooks is tested in
 * apps/server/test/assignment-import.test.ts), methods, work orders searched by any part of their number, and assignments, one already
 * made (WO-2026-002 / vci) so assigning it again is the server's 409. Returns the bodies posted.
 */
function serveAssignments(sheetRows: SheetRow[] = []) {
  signedInAs({ permissions: [], id: '6f1e1a8e-0c2b-4d3c-8a57-2f5b3c9d7e10' });
  const posted: Record<string, unknown>[] = [];
  const sheetsSent: string[] = [];
  const resultsAsked: unknown[] = [];
  const taken = new Set([`${workOrders[2]!.id}/vci`]);
  server.use(
    http.post(api('/wo-task-assignments/import/sheet-rows'), async ({ request }) => {
      // jsdom's request keeps the part's name but not its bytes: the field is what can be checked.
      sheetsSent.push(...(await request.formData()).keys());
      return HttpResponse.json(envelope({ rows: sheetRows }));
    }),
    http.post(api('/wo-task-assignments/import/results-sheet'), async ({ request }) => {
      resultsAsked.push(await request.json());
      return HttpResponse.arrayBuffer(resultsBytes.buffer, { headers: { 'content-type': xlsxMediaType } });
    }),
    http.get(api('/master-inspection-method/all'), () => HttpResponse.json(envelope(methods))),
    http.get(api('/work-order-spks'), ({ request }) => {
      const search = new URL(request.url).searchParams.get('search') ?? '';
      const data = workOrders.filter((w) => w.woNumber.includes(search));
      return HttpResponse.json({
        ...envelope(data),
        meta: { pageNumber: 1, pageSize: 200, totalCount: data.length, totalPages: 1, totalCountExact: true },
      });
    }),
    http.post(api('/wo-task-assignments'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const key = `${String(body.workOrderSPKId)}/${String(body.inspectionMethod)}`;
      if (taken.has(key)) return errorResponse(409, 'CONFLICT', conflict);
      taken.add(key);
      posted.push(body);
      return HttpResponse.json({ ...envelope({ id: 'new', ...body }), statusCode: 201 }, { status: 201 });
    }),
  );
  return { posted, sheetsSent, resultsAsked };
}

/** A sheet's rows as the server answers them: the header, then data rows numbered as in Excel. */
const sheetRows = (rows: string[][]): SheetRow[] =>
  [['WO SPK', 'Inspection Method'], ...rows].map((cells, i) => ({ rowNumber: i + 1, cells }));

const chosenFile = () => new File(['PK\u0003\u0004 a workbook'], 'campaign.xlsx', { type: xlsxMediaType });

const fileInput = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type=file]')!;

/** What the page handed the browser to save: the file name and the blob. */
function captureSaves() {
  const saved: { name: string; blob: Blob }[] = [];
  let lastBlob: Blob | undefined;
  vi.mocked(URL.createObjectURL).mockImplementation((blob) => {
    lastBlob = blob as Blob;
    return 'blob:saved';
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: lastBlob! });
  });
  return saved;
}

describe('BulkAssignmentImport', () => {
  it('assigns each row of the sheet, shows every result and the summary, and exports them', async () => {
    const { posted, sheetsSent, resultsAsked } = serveAssignments(
      sheetRows([
        ['WO-2026-001', 'thermal'],
        ['WO-2026-001', 'Visual close inspection'],
        ['WO-2026-002', ''],
        ['WO-2026-002', 'VCI'],
        ['WO-2026-002', 'Thermal'],
      ]),
    );
    const saved = captureSaves();
    const user = userEvent.setup();
    const { container } = renderWithProviders(<BulkAssignmentImport />);

    await user.upload(fileInput(container), chosenFile());

    expect(
      await screen.findByText('Import completed: 3 successful, 1 failed', {}, { timeout: 5000 }),
    ).toBeVisible();
    // The file went to the server to be read, as the multipart field `file`.
    expect(sheetsSent).toEqual(['file']);
    expect(screen.getByText('1 row skipped (not counted as failed)')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Result of each row' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    // Row, work order, method, result, message: as the table shows them.
    const expected = [
      // Typed as its code: the method column shows it, the message does not say it again.
      ['2', 'WO-2026-001', 'thermal', 'Assigned', 'Assigned Thermal to WO-2026-001'],
      [
        '3',
        'WO-2026-001',
        'Visual close inspection',
        'Assigned',
        'Assigned Visual close inspection (vci) to WO-2026-001',
      ],
      ['4', 'WO-2026-002', '', 'Skipped', 'Row skipped: Missing WO SPK or Inspection Method'],
      ['5', 'WO-2026-002', 'VCI', 'Failed', `Failed to assign VCI to WO-2026-002: ${conflict}`],
      ['6', 'WO-2026-002', 'Thermal', 'Assigned', 'Assigned Thermal to WO-2026-002'],
    ];
    expect(rows).toEqual(expected);
    // Each assignment as SPEC 5 has it: nobody assigned yet, not approved.
    expect(posted).toHaveLength(3);
    expect(posted).toContainEqual({
      workOrderSPKId: workOrders[0]!.id,
      inspectionMethod: 'vci',
      userPDMIds: [],
      levelApprovals: [],
      positionLevels: [],
      approvalStatus: false,
    });

    await user.click(screen.getByRole('button', { name: 'Export the results' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('campaign - results.xlsx');
    expect(saved[0]!.blob.type).toBe(xlsxMediaType);
    expect(new Uint8Array(await saved[0]!.blob.arrayBuffer())).toEqual(resultsBytes);
    // The server writes the sheet from every row as the table shows it, in the planner's words.
    expect(resultsAsked).toEqual([
      {
        sheetName: 'Import results',
        headings: {
          workOrder: 'Work order',
          method: 'Inspection method',
          rowNumber: 'Row',
          result: 'Result',
          message: 'Message',
        },
        rows: expected.map(([row, workOrder, method, result, message]) => ({
          rowNumber: Number(row),
          workOrder,
          method,
          result,
          message,
        })),
      },
    ]);

    // An export the server cannot write says why, and the results stay.
    server.use(
      http.post(api('/wo-task-assignments/import/results-sheet'), () =>
        errorResponse(400, 'VALIDATION_ERROR', 'rows holds at most 2000 rows (one import)'),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Export the results' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The results could not be exported: rows holds at most 2000 rows (one import)',
    );
    expect(saved).toHaveLength(1);
    expect(screen.getByRole('table', { name: 'Result of each row' })).toBeVisible();
  });

  it('offers the file by a named button and input; the drop zone is a named area, not a presentation', async () => {
    serveAssignments(sheetRows([['WO-2026-001', 'thermal']]));
    const user = userEvent.setup();
    const { container } = renderWithProviders(<BulkAssignmentImport />);
    const input = screen.getByLabelText('Choose the spreadsheet', { selector: 'input[type=file]' });
    expect(input).toBe(fileInput(container));
    const zone = screen.getByRole('group', { name: 'Drop the spreadsheet here, or click to choose it' });
    expect(zone).not.toHaveAttribute('tabindex');
    expect(container.querySelector('[role=presentation]')).toBeNull();

    const opened = vi.spyOn(input, 'click');
    await user.click(screen.getByRole('button', { name: 'Choose the spreadsheet' }));
    expect(opened).toHaveBeenCalled();
  });

  it('says why a file cannot be imported, sending nothing', async () => {
    const { posted } = serveAssignments([]);
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderWithProviders(<BulkAssignmentImport />);

    await user.upload(fileInput(container), chosenFile());
    expect(await screen.findByRole('alert')).toHaveTextContent('Excel file is empty or has no data rows');

    server.use(
      http.post(api('/wo-task-assignments/import/sheet-rows'), () =>
        errorResponse(400, 'BAD_REQUEST', 'The file is not an .xlsx workbook'),
      ),
    );
    await user.upload(
      fileInput(container),
      new File(['WO,Method\nWO-1,thermal'], 'campaign.csv', { type: 'text/csv' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Failed to parse Excel file: The file is not an .xlsx workbook',
      ),
    );

    server.use(http.post(api('/wo-task-assignments/import/sheet-rows'), () => HttpResponse.error()));
    await user.upload(fileInput(container), chosenFile());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Failed to import task assignments: Sorry for an error, check your connection or try a few more moments.',
      ),
    );
    expect(posted).toEqual([]);
  });

  it('downloads the template, and says the status when it cannot', async () => {
    serveAssignments();
    const saved = captureSaves();
    server.use(
      http.get(api('/wo-task-assignments/export/template'), () =>
        HttpResponse.arrayBuffer(resultsBytes.buffer, { headers: { 'content-type': xlsxMediaType } }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<BulkAssignmentImport />);

    await user.click(screen.getByRole('button', { name: 'Download the template' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('task-assignment-template.xlsx');

    server.use(
      http.get(api('/wo-task-assignments/export/template'), () =>
        errorResponse(503, 'SERVICE_UNAVAILABLE', 'The database is not answering'),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Download the template' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('HTTP error! Status: 503');
  });
});
