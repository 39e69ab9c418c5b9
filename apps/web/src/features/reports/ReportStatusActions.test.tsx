import type { PermissionAction, Profile } from '@inspectra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import {
  accessTokenFor,
  api,
  envelope,
  errorResponse,
  server,
  serveMockApi,
  setCookies,
} from '../../api/test-server.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { usePermission } from '../auth/useProfile.ts';
import { ReportLockedNotice, ReportLockScope } from './ReportLock.tsx';
import { ReportStatusActions } from './ReportStatusActions.tsx';
import { allowedMoves, isReportLocked } from './report-status.ts';
import type { Report } from './useReport.ts';

serveMockApi();

const userId = '6f1e1a8e-0c2b-4d3c-8a57-2f5b3c9d7e10';
const reportId = '0d4c1d3e-2b5f-4f57-9a33-9f1f1c0c5a01';

function report(status: Report['status']): Report {
  return {
    id: reportId,
    version: 3,
    workOrderSPKId: 'a0000000-0000-4000-8000-000000000001',
    reportNumber: 'RPT-0042',
    title: 'Crude line 12-P-1001',
    equipmentNo: '12-P-1001',
    equipmentCategory: 'pipe',
    objectType: 'PIPE-PROC',
    inspectionMethod: 'vci',
    location: null,
    actualStartDate: null,
    actualCompletedDate: null,
    status,
    statusComment: null,
    revision: 0,
    revisionOf: null,
    approvalLevel: null,
    approvalPath: null,
    createdAt: '2026-03-15T07:05:00Z',
    updatedAt: '2026-03-15T07:05:00Z',
    createdBy: userId,
    updatedBy: userId,
    warnings: [],
  } as Report;
}

/** The signed-in user may do `actions` on reports and on supporting documents. */
function serveProfile(actions: PermissionAction[]) {
  setCookies(accessTokenFor(userId), 'refresh');
  const profile: Profile = {
    id: userId,
    username: 'reviewer',
    fullName: 'Budi Reviewer',
    email: null,
    role: { id: '1b0f2a3c-4d5e-4f60-8a7b-9c0d1e2f3a4b', name: 'Reviewer' },
    permissions: actions.flatMap((action) => [
      { module: 'reportHeader' as const, action },
      { module: 'supportingDocument' as const, action },
    ]),
  };
  server.use(http.get(api('/auth/profile'), () => HttpResponse.json(envelope(profile))));
}

function serveReport(status: Report['status']) {
  server.use(
    http.get(api('/report-headers'), () =>
      HttpResponse.json({
        ...envelope([report(status)]),
        meta: { pageNumber: 1, pageSize: 1, totalCount: 1, totalPages: 1, totalCountExact: true },
      }),
    ),
  );
}

const renderAt = (ui: () => ReactElement) =>
  renderWithRouter(
    { '/reports/$reportId': () => <Suspense fallback="loading">{ui()}</Suspense> },
    `/reports/${reportId}`,
  );

describe('report status moves', () => {
  it('offers the contract’s moves from a status, kept to the permissions the role grants', () => {
    const only = (granted: PermissionAction[]) => (action: PermissionAction) => granted.includes(action);
    expect(allowedMoves('submitted', only(['update'])).map((m) => m.to)).toEqual(['draft']);
    expect(allowedMoves('submitted', only(['update', 'approve'])).map((m) => m.to)).toEqual([
      'approved',
      'returned',
      'draft',
    ]);
    expect(allowedMoves('approved', only(['update', 'approve']))).toEqual([]);
    expect(isReportLocked('approved')).toBe(true);
    expect(isReportLocked('inReview')).toBe(false);
  });

  it('withdraws a submitted report after saying what follows; approving is the approval panel’s', async () => {
    serveProfile(['view', 'update', 'approve']);
    const sent: URLSearchParams[] = [];
    server.use(
      http.put(api(`/report-headers/update-report-status/${reportId}`), ({ request }) => {
        sent.push(new URL(request.url).searchParams);
        return HttpResponse.json(envelope(report('draft')));
      }),
    );
    const user = userEvent.setup();
    renderAt(() => <ReportStatusActions report={report('submitted')} />);

    await user.click(await screen.findByRole('button', { name: 'Back to draft' }, { timeout: 5000 }));
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Return' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Move report RPT-0042 to “Draft”?' });
    expect(dialog).toHaveTextContent('The report goes back to its inspector as a draft');
    await user.type(screen.getByRole('textbox', { name: 'Comment (optional)' }), 'Forgot a photo');
    await user.click(within(dialog).getByRole('button', { name: 'Back to draft' }));

    expect(await screen.findByText('Report RPT-0042 is now “Draft”')).toBeVisible();
    expect(sent[0]?.get('status')).toBe('draft');
    expect(sent[0]?.get('comment')).toBe('Forgot a photo');
  });

  it('says in the dialog why a move was refused', async () => {
    serveProfile(['view', 'update']);
    server.use(
      http.put(api(`/report-headers/update-report-status/${reportId}`), () =>
        errorResponse(
          409,
          'CONFLICT',
          'The report is in review: it cannot be moved to draft (from in review: approved, returned)',
        ),
      ),
    );
    const user = userEvent.setup();
    renderAt(() => <ReportStatusActions report={report('submitted')} />);
    await user.click(await screen.findByRole('button', { name: 'Back to draft' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Back to draft' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The report is in review');
  });

  it('offers only a new revision on an approved report, to a user who may create reports', async () => {
    serveProfile(['view', 'create', 'update', 'approve']);
    renderAt(() => (
      <>
        <ReportLockedNotice report={report('approved')} />
        <ReportStatusActions report={report('approved')} />
      </>
    ));
    expect(await screen.findByRole('button', { name: 'New revision' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText('This report is approved and locked')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});

describe('the lock on a report’s screens', () => {
  function Probe() {
    const mayCreate = usePermission('supportingDocument', 'create');
    const mayView = usePermission('supportingDocument', 'view');
    return <p>{`create ${mayCreate}, view ${mayView}`}</p>;
  }

  it.each([
    ['approved', 'create false, view true'],
    ['draft', 'create true, view true'],
  ] as const)('on a %s report, writes are %s', async (status, expected) => {
    serveProfile(['view', 'create']);
    serveReport(status);
    renderAt(() => (
      <ReportLockScope>
        <Probe />
      </ReportLockScope>
    ));
    await waitFor(() => expect(screen.getByText(expected)).toBeVisible(), { timeout: 5000 });
  });
});
