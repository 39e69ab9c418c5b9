import { workOrderSpk } from '@inspectra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { accessTokenFor, api, envelope, server, serveMockApi, setCookies } from '../api/test-server.ts';
import { renderWithProviders } from '../test/render.tsx';
import { SheetImport } from './SheetImport.tsx';

serveMockApi();

const sheet = () =>
  new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'campaign.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

function renderImport(onImported = vi.fn()) {
  setCookies(accessTokenFor('6f1e1a8e-0c2b-4d3c-8a57-2f5b3c9d7e10'), 'refresh');
  const { container } = renderWithProviders(<SheetImport entity={workOrderSpk} onImported={onImported} />);
  return { input: container.querySelector('input[type="file"]') as HTMLInputElement, onImported };
}

describe('SheetImport', () => {
  it('uploads the sheet as the file field and lists the rows created and updated', async () => {
    const received: boolean[] = [];
    server.use(
      http.post(api('/work-order-spks/import'), async ({ request }) => {
        const file = (await request.formData()).get('file') as File | null;
        received.push(file !== null && typeof file !== 'string');
        return HttpResponse.json(
          envelope({
            created: 1,
            updated: 1,
            rows: [
              { rowNumber: 2, status: 'created', id: '0b6a1c1e-6a55-4f53-9f2a-1d3c5e7f9a01' },
              { rowNumber: 3, status: 'updated', id: '0b6a1c1e-6a55-4f53-9f2a-1d3c5e7f9a02' },
            ],
          }),
        );
      }),
    );
    const user = userEvent.setup();
    const { input, onImported } = renderImport();
    await user.upload(input, sheet());

    const done = await screen.findByRole('status');
    expect(within(done).getByText('1 created, 1 updated.')).toBeInTheDocument();
    const rows = within(done)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['RowResult', '2Created', '3Updated']);
    // One request, with the sheet as the file part named `file`.
    expect(received).toEqual([true]);
    expect(onImported).toHaveBeenCalledWith(expect.objectContaining({ created: 1, updated: 1 }));
  });

  it("shows every row's problem with its column when nothing was imported", async () => {
    server.use(
      http.post(api('/work-order-spks/import'), () =>
        HttpResponse.json(
          {
            data: null,
            statusCode: 400,
            message: '2 of 3 rows have errors (first: row 3, …); nothing was imported',
            error: {
              code: 'VALIDATION_ERROR',
              details: [
                {
                  path: 'rows.3.equipmentCategory',
                  message: 'Equipment category: no equipment category has the code "PIPEX"',
                },
                { path: 'rows.4.dateStart', message: 'Use a date in the form YYYY-MM-DD' },
              ],
            },
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    const { input, onImported } = renderImport();
    await user.upload(input, sheet());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Nothing was imported')).toBeInTheDocument();
    const rows = within(alert)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th,td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Row', 'Column', 'Problem'],
      ['3', 'Equipment category', 'Equipment category: no equipment category has the code "PIPEX"'],
      ['4', 'Planned start', 'Use a date in the form YYYY-MM-DD'],
    ]);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('says why a file was refused as a whole', async () => {
    server.use(
      http.post(api('/work-order-spks/import'), () =>
        HttpResponse.json(
          {
            data: null,
            statusCode: 400,
            message:
              'The sheet has merged cells (D2:D3): unmerge them so that every row holds its own values',
            error: { code: 'BAD_REQUEST' },
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    const { input } = renderImport();
    await user.upload(input, sheet());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The file could not be imported')).toBeInTheDocument();
    await waitFor(() => expect(alert).toHaveTextContent(/merged cells \(D2:D3\)/));
  });

  it('downloads the template under its file name', async () => {
    server.use(
      http.get(
        api('/work-order-spks/export/template'),
        () =>
          new HttpResponse(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
            headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
          }),
      ),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.mocked(URL.createObjectURL).mockReturnValue('blob:template');
    const user = userEvent.setup();
    renderImport();
    await user.click(screen.getByRole('button', { name: 'Download template' }));
    await waitFor(() => expect(saved).toEqual(['work-order-spk-template.xlsx']));
  });
});
