import type { PermissionAction } from '@inspectra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { editActions, grants, server, serveMockApi, signedInAs } from '../../api/test-server.ts';
import { reportRecord, thermalMeasurementRecord } from '../../test/records.fixture.ts';
import { thermalReportHandlers } from '../../test/thermal-report.fixture.ts';
import { renderWithRouter, suspended } from '../../test/render.tsx';
import { ReportLockScope } from '../reports/ReportLock.tsx';
import type { Report } from '../reports/useReport.ts';
import { RowFormPage } from './RowFormPage.tsx';
import { TechniqueWorkspacePage } from './TechniqueWorkspacePage.tsx';

/*
 * What the server refuses is not offered: on a locked (approved) report the generated workspace
 * shows no add, edit or delete, a row's form reached by its address is shown as text with the
 * reason and the way to revise, and a role that only reads sees why rather than a form.
 */

vi.mock('../../api/files.ts', () => ({
  useAuthorizedObjectUrl: (url: string | null | undefined) => (url ? `blob:stored-${url}` : undefined),
}));

serveMockApi();

const measurement = thermalMeasurementRecord();
const analysisId = measurement.thermalAnalysisId;

function serveThermalReport(status: Report['status'], actions: readonly PermissionAction[]) {
  const report = reportRecord({ status });
  signedInAs({
    username: 'ina',
    fullName: 'Ina Inspector',
    permissions: grants(['thermal', 'reportHeader'], actions),
  });
  server.use(...thermalReportHandlers(report, measurement));
  return report;
}

/** The app's pages under a report, inside the lock scope the signed-in shell provides. */
function renderAt(path: string) {
  const inScope = (Page: Parameters<typeof suspended>[0]) => {
    const Shown = suspended(Page);
    return () => (
      <ReportLockScope>
        <Shown />
      </ReportLockScope>
    );
  };
  return renderWithRouter(
    {
      '/reports/$reportId/$slug': inScope(TechniqueWorkspacePage),
      '/reports/$reportId/$slug/rows/$rowId': inScope(RowFormPage),
      '/reports/$reportId/$slug/rows/new': inScope(RowFormPage),
    },
    path,
  );
}

describe('a locked report’s screens', () => {
  it('offer no add, edit or delete in the workspace, and say how to revise', async () => {
    const report = serveThermalReport('approved', editActions);
    renderAt(`/reports/${report.id}/thermal`);
    expect(
      await screen.findByRole('heading', { name: 'Thermal analysis', level: 1 }, { timeout: 10000 }),
    ).toBeVisible();
    const row = await screen.findByRole('row', { name: /TR-01/ }, { timeout: 10000 });
    expect(await screen.findByText('This report is approved and locked')).toBeVisible();
    expect(screen.getByRole('button', { name: 'New revision' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Add measurement' })).toBeNull());
    expect(within(row).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save findings' })).toBeNull();
  });

  it.each(['submitted', 'inReview'] as const)(
    'offer no add, edit or delete on a report %s, and no revision: it stays as submitted until returned',
    async (status) => {
      const report = serveThermalReport(status, editActions);
      renderAt(`/reports/${report.id}/thermal`);
      const row = await screen.findByRole('row', { name: /TR-01/ }, { timeout: 10000 });
      expect(await screen.findByText(/^This report is (submitted|in review) and locked$/)).toBeVisible();
      expect(screen.getByText(/stay exactly as submitted/)).toBeVisible();
      expect(screen.queryByRole('button', { name: 'New revision' })).toBeNull();
      await waitFor(() => expect(screen.queryByRole('link', { name: 'Add measurement' })).toBeNull());
      expect(within(row).queryByRole('button', { name: /Edit/ })).toBeNull();
      expect(within(row).queryByRole('button', { name: /Delete/ })).toBeNull();
    },
  );

  it('show a row opened by its address as text, with the lock and the way to revise', async () => {
    const report = serveThermalReport('approved', editActions);
    renderAt(`/reports/${report.id}/thermal/rows/${measurement.id}?inspection=${analysisId}`);
    expect(
      await screen.findByText('This report is approved and locked', {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'New revision' })).toBeVisible();
    expect(screen.getByText('Phase R cable lug')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Edit measurement' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('tell a role that may not create reports who can revise it', async () => {
    const report = serveThermalReport('approved', ['view', 'update']);
    renderAt(`/reports/${report.id}/thermal/rows/${measurement.id}?inspection=${analysisId}`);
    expect(
      await screen.findByText(
        'Someone whose role may create reports can start a new revision of it.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'New revision' })).toBeNull();
  });

  it('keep the form on a draft report, and show a reading role why it cannot change a row', async () => {
    const report = serveThermalReport('draft', editActions);
    const { unmount } = renderAt(
      `/reports/${report.id}/thermal/rows/${measurement.id}?inspection=${analysisId}`,
    );
    expect(
      await screen.findByRole('heading', { name: 'Edit measurement', level: 1 }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save' })).toBeVisible();
    unmount();

    serveThermalReport('draft', ['view']);
    renderAt(`/reports/${report.id}/thermal/rows/${measurement.id}?inspection=${analysisId}`);
    expect(await screen.findByText('Read only', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(/Your role may view Thermal analysis records but not change them/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
