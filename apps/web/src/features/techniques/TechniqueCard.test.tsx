import type { ReportTechniqueSummary } from '@inspectra/contract';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { accessTokenFor, api, envelope, server, serveMockApi, setCookies } from '../../api/test-server.ts';
import { renderWithRouter } from '../../test/render.tsx';
import type { Report } from '../reports/useReport.ts';
import { TechniqueCard } from './TechniqueCard.tsx';
import { allTechniques } from './technique-routes.ts';

serveMockApi();
afterEach(() => i18n.changeLanguage('en'));

const vci = allTechniques.find((t) => t.module === 'vci')!;
const reportId = '00000000-0000-4000-8000-0000000000a1';

/** The report's summaries as the server answers them; counts the calls. */
function serveSummaries(figures: Omit<ReportTechniqueSummary, 'byGrade' | 'perInspection'>[]) {
  const summaries = figures.map((f) => ({ ...f, byGrade: [], perInspection: [] }));
  const calls: string[] = [];
  setCookies(accessTokenFor('00000000-0000-4000-8000-0000000000b2'), 'refresh');
  server.use(
    http.get(api('/report-headers/:id/techniques'), ({ params }) => {
      calls.push(String(params.id));
      return HttpResponse.json(envelope(summaries));
    }),
  );
  return calls;
}

const renderCard = (report: Partial<Report>, technique = vci) =>
  renderWithRouter(
    {
      '/': () => <TechniqueCard technique={technique} report={{ id: reportId, ...report } as Report} />,
      '/reports/$reportId/$slug': () => null,
    },
    '/',
  );

describe("a technique's card on the report page", () => {
  it("shows the rows and worst finding of the report's class from the one summary call", async () => {
    const calls = serveSummaries([
      { technique: 'vci', variant: 'pipe', inspections: 1, rows: 3, worstFinding: 'high' },
      { technique: 'vci', variant: 'pipeline', inspections: 1, rows: 9, worstFinding: 'low' },
    ]);
    renderCard({ inspectionMethod: 'vci', equipmentCategory: 'pipe' });
    expect(await screen.findByText('3 entries', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('High')).toBeInTheDocument();
    expect(calls).toEqual([reportId]);
  });

  it('adds up every class when the report names none, and says when nothing is recorded', async () => {
    serveSummaries([
      { technique: 'vci', variant: 'pipe', inspections: 1, rows: 3, worstFinding: 'medium' },
      { technique: 'vci', variant: 'pipeline', inspections: 1, rows: 9, worstFinding: 'low' },
    ]);
    const { unmount } = renderCard({ inspectionMethod: 'vci', equipmentCategory: null });
    expect(await screen.findByText('12 entries', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Medium')).toBeInTheDocument();
    unmount();

    serveSummaries([]);
    renderCard({ inspectionMethod: 'thermal', equipmentCategory: 'pipe' });
    expect(await screen.findByText('Nothing recorded yet.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("names each class of equipment in the reader's language, as the PDF does", async () => {
    await i18n.changeLanguage('id');
    serveSummaries([]);
    renderCard({ inspectionMethod: 'vci', equipmentCategory: null });
    expect(await screen.findByRole('link', { name: /Jalur pipa/ }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('link', { name: /^Pipa/ })).toBeVisible();
    expect(screen.queryByText(/Pipeline/)).toBeNull();
  });

  it('counts the tests of a technique whose inspection is the graded record, in its own word', async () => {
    const mcsa = allTechniques.find((t) => t.module === 'mcsa')!;
    const figures = { technique: 'mcsa', variant: null, inspections: 2, rows: 0 };
    serveSummaries([{ ...figures, worstFinding: 'barsBroken' }]);
    const { unmount } = renderCard({ inspectionMethod: 'mcsa' }, mcsa);
    expect(await screen.findByText('2 tests', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Two bars cracked or broken')).toBeInTheDocument();
    unmount();

    await i18n.changeLanguage('id');
    serveSummaries([{ ...figures, worstFinding: 'barsBroken' }]);
    renderCard({ inspectionMethod: 'mcsa' }, mcsa);
    expect(await screen.findByText('2 uji', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Dua batang retak atau patah')).toBeInTheDocument();
  });
});
