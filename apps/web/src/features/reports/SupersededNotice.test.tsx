import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { api, grants, onePage, server, serveMockApi, signedInAs } from '../../api/test-server.ts';
import { i18n } from '../../i18n/index.ts';
import { reportRecord } from '../../test/records.fixture.ts';
import { renderWithRouter, suspended } from '../../test/render.tsx';
import { ReportLockedNotice } from './ReportLock.tsx';
import { ReportStatusActions } from './ReportStatusActions.tsx';
import { ReportStatusBadge } from './ReportStatusBadge.tsx';

serveMockApi();
afterEach(async () => {
  await i18n.changeLanguage('en');
});

const revisionId = '5b2f0c7e-9d1a-4c3b-8e6f-1a2b3c4d5e6f';
const revision = reportRecord({
  id: revisionId,
  reportNumber: 'RPT-0007-R1',
  status: 'approved',
  revision: 1,
});
const original = reportRecord({ reportNumber: 'RPT-0007', status: 'approved', supersededBy: revisionId });

const renderAt = (ui: () => ReactElement) =>
  renderWithRouter({ '/reports/$reportId': suspended(ui) }, `/reports/${original.id}`);

function serveRevision() {
  signedInAs({ permissions: grants(['reportHeader'], ['view', 'create', 'update']) });
  server.use(
    http.get(api('/report-headers'), ({ request }) =>
      new URL(request.url).searchParams.get('id') === revisionId
        ? HttpResponse.json(onePage([revision], 1))
        : HttpResponse.json(onePage([], 0)),
    ),
  );
}

describe('a superseded report', () => {
  it('shows a banner linking the revision instead of the green approved notice, and offers no new revision', async () => {
    serveRevision();
    renderAt(() => (
      <>
        <ReportStatusBadge status={original.status} supersededBy={original.supersededBy} />
        <ReportLockedNotice report={original} />
        <ReportStatusActions report={original} />
      </>
    ));
    const banner = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(await within(banner).findByText('Superseded by RPT-0007-R1')).toBeVisible();
    expect(
      within(banner).getByText(/no longer current: its revision RPT-0007-R1 was approved/),
    ).toBeVisible();
    const link = within(banner).getByRole('link', { name: 'Open RPT-0007-R1' });
    expect(link).toHaveAttribute('href', `/reports/${revisionId}`);
    // Not "approved and locked", nor a green Approved badge as if it were current.
    expect(screen.queryByText(/is approved and locked/)).toBeNull();
    expect(screen.getByText('Superseded')).toBeVisible();
    expect(screen.queryByText('Approved')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New revision' })).toBeNull();
  });

  it('says it in Bahasa Indonesia', async () => {
    serveRevision();
    await i18n.changeLanguage('id');
    renderAt(() => (
      <>
        <ReportStatusBadge status={original.status} supersededBy={original.supersededBy} />
        <ReportLockedNotice report={original} />
      </>
    ));
    expect(await screen.findByText('Digantikan oleh RPT-0007-R1', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Buka RPT-0007-R1' })).toBeVisible();
    expect(screen.getByText('Digantikan')).toBeVisible();
  });

  it('leaves a current approved report as approved, with its way to a new revision', async () => {
    serveRevision();
    const current = { ...original, supersededBy: null };
    renderAt(() => (
      <>
        <ReportStatusBadge status={current.status} supersededBy={current.supersededBy} />
        <ReportLockedNotice report={current} />
      </>
    ));
    expect(await screen.findByText(/is approved and locked/, {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText('Approved')).toBeVisible();
    expect(screen.queryByText(/Superseded/)).toBeNull();
  });
});
