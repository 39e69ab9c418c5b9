import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { accessTokenFor, api, envelope, server, serveMockApi, setCookies } from '../../api/test-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ReportAuthorCompany } from './ReportAuthorCompany.tsx';

serveMockApi();

const reportId = 'a0000000-0000-4000-8000-000000000001';
const logoFileId = 'f0000000-0000-4000-8000-000000000001';
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function serveAuthor(company: unknown) {
  setCookies(accessTokenFor('u'), 'refresh');
  const files: string[] = [];
  const asked: string[] = [];
  server.use(
    http.get(api(`/report-headers/${reportId}/author`), ({ request }) => {
      asked.push(request.url);
      return HttpResponse.json(
        envelope({ id: 'b0000000-0000-4000-8000-000000000001', fullName: 'Sari Inspector', company }),
      );
    }),
    http.get(api('/files/:id'), ({ params }) => {
      files.push(String(params.id));
      return new HttpResponse(png, { headers: { 'content-type': 'image/png' } });
    }),
  );
  return { files, asked };
}

describe('ReportAuthorCompany', () => {
  it("shows the author's company name and fetches its logo through the authorised download", async () => {
    const { files } = serveAuthor({
      id: 'c0000000-0000-4000-8000-000000000001',
      contractorName: 'PT Inspeksi',
      logoFileId,
    });
    renderWithProviders(<ReportAuthorCompany reportId={reportId} />);
    expect(await screen.findByText('PT Inspeksi')).toBeVisible();
    expect(screen.getByText('Prepared by Sari Inspector')).toBeVisible();
    await waitFor(() => expect(files).toEqual([logoFileId]));
  });

  it("shows nothing for a report by the owner's staff", async () => {
    const { asked } = serveAuthor(null);
    const { container } = renderWithProviders(<ReportAuthorCompany reportId={reportId} />);
    await waitFor(() => expect(asked).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('[data-testid="company-badge"]')).toBeNull();
    expect(screen.queryByText(/Prepared by/)).toBeNull();
  });
});
