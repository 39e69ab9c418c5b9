import type { ReportTechniqueSummary } from '@inspectra/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { accessTokenFor, api, envelope, server, serveMockApi, setCookies } from '../../api/test-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { GradeCounts } from './GradeCounts.tsx';
import { allTechniques } from './technique-routes.ts';

serveMockApi();

const vci = allTechniques.find((t) => t.module === 'vci')!;
const reportId = '00000000-0000-4000-8000-0000000000a1';
const counted = '00000000-0000-4000-8000-0000000000c1';
const other = '00000000-0000-4000-8000-0000000000c2';

function serve(summaries: ReportTechniqueSummary[]) {
  setCookies(accessTokenFor('00000000-0000-4000-8000-0000000000b2'), 'refresh');
  server.use(http.get(api('/report-headers/:id/techniques'), () => HttpResponse.json(envelope(summaries))));
}

const summary = (perInspection: ReportTechniqueSummary['perInspection']): ReportTechniqueSummary => ({
  technique: 'vci',
  variant: 'pipe',
  inspections: perInspection.length,
  rows: perInspection.reduce((n, one) => n + one.rows, 0),
  worstFinding: 'high',
  byGrade: [],
  perInspection,
});

describe('the rows per grade under an inspection’s table', () => {
  it('are the server’s counts for that inspection, in the grade’s words and colours', async () => {
    serve([
      summary([
        {
          id: counted,
          rows: 5,
          byGrade: [
            { level: 'low', rows: 1 },
            { level: 'high', rows: 4 },
          ],
        },
        { id: other, rows: 7, byGrade: [{ level: 'medium', rows: 7 }] },
      ]),
    ]);
    renderWithProviders(
      <GradeCounts scope={{ technique: vci, reportId, variant: 'pipe' }} inspectionId={counted} />,
    );
    const line = await screen.findByLabelText('5 entries, by grade:', {}, { timeout: 5000 });
    expect(within(line).getByText('Low')).toBeInTheDocument();
    expect(within(line).getByText('High')).toBeInTheDocument();
    expect(within(line).getByText('4')).toBeInTheDocument();
    expect(within(line).queryByText('Medium')).not.toBeInTheDocument();
  });

  it('say nothing while no row of the inspection is graded', async () => {
    serve([summary([{ id: counted, rows: 2, byGrade: [] }])]);
    const { queryClient } = renderWithProviders(
      <GradeCounts scope={{ technique: vci, reportId, variant: 'pipe' }} inspectionId={counted} />,
    );
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await vi.waitFor(() => expect(queryClient.getQueryCache().getAll()[0]?.state.status).toBe('success'));
    expect(screen.queryByText(/by grade/)).not.toBeInTheDocument();
  });
});
