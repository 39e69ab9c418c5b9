import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, envelope, grants, onePage, server, serveMockApi, signedInAs } from '../../api/test-server.ts';
import { auditFields } from '../../test/records.fixture.ts';
import { renderWithRouter, suspended } from '../../test/render.tsx';
import type { NdtEquipmentListItem, NdtIsometric } from './ndt-queries.ts';
import { NdtEquipmentPage } from './NdtEquipmentPage.tsx';

serveMockApi();
afterEach(() => vi.mocked(URL.createObjectURL).mockReset());

const audit = auditFields();

const pump: NdtEquipmentListItem = {
  ...audit,
  id: 'e0000000-0000-4000-8000-000000000001',
  equipmentNo: '10004512',
  tagNumber: 'P-101A',
  description: 'Crude transfer pump discharge line',
  objectType: 'PIPE',
  location: 'Tank farm 2',
  isometricCount: 1,
  history: [
    {
      inspectionMethod: 'vci',
      reportHeaderId: 'a0000000-0000-4000-8000-000000000001',
      reportNumber: 'RPT-VCI-2026-0007',
      status: 'approved',
      date: '2026-02-20',
      reportCount: 2,
      worstFinding: 'high',
    },
  ],
};

const isometric: NdtIsometric = {
  ...audit,
  id: 'd0000000-0000-4000-8000-000000000001',
  ndtEquipmentId: pump.id,
  fileName: 'ISO-P-101A rev C.pdf',
  drawingNumber: 'ISO-2210',
  revision: 'C',
  drawing: {
    id: 'f0000000-0000-4000-8000-000000000009',
    slot: 'drawing',
    imageType: null,
    category: null,
    position: 0,
    displayName: 'ISO-P-101A rev C.pdf',
    mediaType: 'application/pdf',
    size: 5,
    url: '/api/files/f0000000-0000-4000-8000-000000000009',
    createdAt: '2026-03-01T02:00:00Z',
  },
};

/** The pump as the asset master knows it: what the NDT register names by its number. */
const masterPump = {
  ...audit,
  id: 'e1000000-0000-4000-8000-000000000001',
  equipmentNo: '10004512',
  tagNumber: 'P-101A',
  description: 'Crude transfer pump discharge line',
  categoryCode: 'pipe',
  objectTypeCode: 'PIPE-PROC',
  locationCode: null,
  plannerGroupCode: null,
  manufacturer: null,
  yearInstalled: null,
};

/** The NDT list API with the pump on it; returns the query of every list call. */
function serveNdt(actions: readonly ('view' | 'create')[] = ['view']) {
  signedInAs({ permissions: grants(['ndt'], actions) });
  const listQueries: URLSearchParams[] = [];
  server.use(
    // The asset master, searched by a picker and read by key for the names shown.
    http.get(api('/asset/equipment-numbers'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const search = query.get('search')?.toLowerCase();
      const keys = query.get('equipmentNo')?.split(',');
      const found = [masterPump].filter(
        (e) =>
          (!keys || keys.includes(e.equipmentNo)) &&
          (!search || `${e.equipmentNo} ${e.tagNumber} ${e.description}`.toLowerCase().includes(search)),
      );
      return HttpResponse.json(onePage(found, 20));
    }),
    http.get(api('/ndt-equipment-list'), ({ request }) => {
      listQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(onePage([pump], 25));
    }),
    http.get(api('/ndt-equipment-list/isometrics/:equipmentNo'), ({ params }) =>
      HttpResponse.json(envelope(params.equipmentNo === pump.equipmentNo ? [isometric] : [])),
    ),
  );
  return listQueries;
}

function renderPage() {
  return renderWithRouter(
    {
      '/ndt': suspended(NdtEquipmentPage),
      '/reports/$reportId': () => <h1>Report</h1>,
    },
    '/ndt',
  );
}

describe('NdtEquipmentPage', () => {
  it('shows each equipment with its last inspection per method and its drawings', async () => {
    serveNdt();
    renderPage();

    const row = await screen.findByRole('row', { name: 'Open equipment 10004512' }, { timeout: 5000 });
    expect(row).toHaveTextContent('P-101A');
    expect(row).toHaveTextContent('Visual crack inspection');
    expect(row).toHaveTextContent('20 Feb 2026');
    expect(row).toHaveTextContent('Worst: High');
    expect(row).toHaveTextContent('1 drawing');
    expect(within(row).getByRole('link', { name: 'Open report RPT-VCI-2026-0007' })).toHaveAttribute(
      'href',
      `/reports/${pump.history[0]!.reportHeaderId}`,
    );
  });

  it('sends the filters as the list call takes them', async () => {
    const listQueries = serveNdt();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('row', { name: 'Open equipment 10004512' }, { timeout: 5000 });
    expect(listQueries[0]?.get('pageNumber')).toBe('1');
    expect(listQueries[0]?.get('pageSize')).toBe('25');

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'discharge');
    await user.click(screen.getByRole('combobox', { name: 'Inspection method' }));
    await user.click(await screen.findByRole('option', { name: 'Visual crack inspection' }));
    await user.type(screen.getByRole('textbox', { name: 'Object type' }), 'PIPE');
    await user.type(screen.getByRole('textbox', { name: 'Equipment number' }), '10004512');
    await user.type(screen.getByRole('textbox', { name: 'Updated since' }), '2026-03-01');
    await user.tab();

    await waitFor(() => {
      const last = listQueries.at(-1)!;
      expect(Object.fromEntries(last)).toEqual({
        search: 'discharge',
        inspectionMethodId: 'vci',
        objectType: 'PIPE',
        equipmentNo: '10004512',
        dateUpdate: '2026-03-01',
        pageNumber: '1',
        pageSize: '25',
      });
    });
  });

  it('adds equipment picked from the asset master, its tag, description and object type filled from it', async () => {
    serveNdt(['view', 'create']);
    const added: unknown[] = [];
    server.use(
      http.post(api('/ndt-equipment-list'), async ({ request }) => {
        const body = await request.json();
        added.push(body);
        return HttpResponse.json(
          { ...envelope({ ...pump, ...(body as object), isometricCount: 0, history: [] }), statusCode: 201 },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('row', { name: 'Open equipment 10004512' }, { timeout: 5000 });

    await user.click(screen.getByRole('button', { name: 'Add equipment' }));
    const form = await screen.findByRole('dialog', { name: 'Add equipment' });
    // Picked from the master, not typed: the number is a choice of the list.
    const number = within(form).getByRole('combobox', { name: /Equipment number/ });
    await user.click(number);
    await user.type(number, 'P-101');
    const listbox = await screen.findByRole('listbox');
    await user.click(await within(listbox).findByRole('option', { name: /10004512/ }));

    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: 'Tag number' })).toHaveValue('P-101A'),
    );
    expect(within(form).getByRole('textbox', { name: 'Description' })).toHaveValue(
      'Crude transfer pump discharge line',
    );
    expect(within(form).getByRole('textbox', { name: 'Object type' })).toHaveValue('PIPE-PROC');
    await user.click(within(form).getByRole('button', { name: 'Add equipment' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({
      equipmentNo: '10004512',
      tagNumber: 'P-101A',
      description: 'Crude transfer pump discharge line',
      objectType: 'PIPE-PROC',
    });
  });

  it('downloads a drawing by its file name, limited to its equipment, and saves it under that name', async () => {
    serveNdt();
    const downloads: string[] = [];
    server.use(
      http.get(api('/ndt-equipment-list/isometrics/download/:fileName'), ({ request }) => {
        downloads.push(request.url);
        return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), {
          headers: { 'content-type': 'application/pdf' },
        });
      }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    vi.mocked(URL.createObjectURL).mockReturnValue('blob:drawing');
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('cell', { name: /10004512/ }, { timeout: 5000 }));
    const drawer = await screen.findByRole('dialog', { name: 'Equipment 10004512' });
    await user.click(await within(drawer).findByRole('button', { name: 'Download ISO-P-101A rev C.pdf' }));

    await waitFor(() => expect(saved).toEqual(['ISO-P-101A rev C.pdf blob:drawing']));
    const url = new URL(downloads[0]!);
    expect(url.pathname).toBe('/api/ndt-equipment-list/isometrics/download/ISO-P-101A%20rev%20C.pdf');
    expect(url.searchParams.get('equipmentNo')).toBe('10004512');
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect([blob.size, blob.type]).toEqual([5, 'application/pdf']);
  });
});
