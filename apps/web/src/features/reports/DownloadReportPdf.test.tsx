import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  errorResponse,
  server,
  serveMockApi,
  setCookies,
  accessTokenFor,
} from '../../api/test-server.ts';
import { i18n } from '../../i18n/index.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { DownloadReportPdf } from './DownloadReportPdf.tsx';

serveMockApi();
afterEach(async () => {
  await i18n.changeLanguage('en');
});

const reportId = '6f1c1c2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f';

/** Serves the report's PDF and records each request's language and token. */
function servePdf() {
  const asked: { lang: string | null; authorization: string | null }[] = [];
  server.use(
    http.get(api(`/report-headers/${reportId}/pdf`), ({ request }) => {
      asked.push({
        lang: new URL(request.url).searchParams.get('lang'),
        authorization: request.headers.get('authorization'),
      });
      return new HttpResponse(new TextEncoder().encode('%PDF-1.3\n'), {
        headers: { 'content-type': 'application/pdf' },
      });
    }),
  );
  return asked;
}

/** The file names the page handed to the browser to save. */
function savedFiles() {
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

describe('Download PDF', () => {
  it('downloads the report as a PDF with the session, in the page’s language, under the report’s number', async () => {
    setCookies(accessTokenFor('u1'), 'refresh');
    const asked = servePdf();
    const saved = savedFiles();
    const user = userEvent.setup();
    renderWithProviders(<DownloadReportPdf reportId={reportId} reportNumber="RPT-0042" />);
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual(['RPT-0042.pdf']));
    expect(asked).toEqual([{ lang: 'en', authorization: `Bearer ${accessTokenFor('u1')}` }]);
  });

  it('asks for the Indonesian PDF on an Indonesian page', async () => {
    await i18n.changeLanguage('id');
    setCookies(accessTokenFor('u1'), 'refresh');
    const asked = servePdf();
    const saved = savedFiles();
    const user = userEvent.setup();
    renderWithProviders(<DownloadReportPdf reportId={reportId} reportNumber="RPT-0042" />);
    await user.click(screen.getByRole('button', { name: 'Unduh PDF' }));
    await waitFor(() => expect(saved).toEqual(['RPT-0042.pdf']));
    expect(asked[0]?.lang).toBe('id');
  });

  it('says why when the PDF cannot be made', async () => {
    setCookies(accessTokenFor('u1'), 'refresh');
    server.use(
      http.get(api(`/report-headers/${reportId}/pdf`), () =>
        errorResponse(404, 'NOT_FOUND', `Report ${reportId} was not found`),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<DownloadReportPdf reportId={reportId} reportNumber="RPT-0042" />);
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('The PDF could not be made')).toBeInTheDocument();
  });
});
