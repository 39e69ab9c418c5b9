import type { PermissionAction } from '@inspectra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import {
  api,
  envelope,
  errorResponse,
  grants,
  onePage,
  server,
  serveMockApi,
  signedInAs,
} from '../../api/test-server.ts';
import { reportRecord } from '../../test/records.fixture.ts';
import { renderWithRouter, suspended } from '../../test/render.tsx';
import { usePermission } from '../auth/useProfile.ts';
import { ReportLockedNotice, ReportLockScope } from './ReportLock.tsx';
import { ReportMissingNotice } from './ReportReadiness.tsx';
import { ReportStatusActions } from './ReportStatusActions.tsx';
import { allowedMoves, isReportFinal, isReportLocked } from './report-status.ts';
import type { Report } from './useReport.ts';

serveMockApi();

/** RPT-0042, a VCI report on a crude line, in this status. */
const report = (status: Report['status']) =>
  reportRecord({
    title: 'Crude line 12-P-1001',
    equipmentNo: '12-P-1001',
    equipmentCategory: 'pipe',
    objectType: 'PIPE-PROC',
    inspectionMethod: 'vci',
    status,
  });
const reportId = report('draft').id;

/** The signed-in user may do `actions` on reports and on supporting documents. */
function serveProfile(actions: PermissionAction[]) {
  signedInAs({
    username: 'reviewer',
    fullName: 'Budi Reviewer',
    role: 'Reviewer',
    permissions: grants(['reportHeader', 'supportingDocument'], actions),
  });
}

function serveReport(status: Report['status']) {
  server.use(http.get(api('/report-headers'), () => HttpResponse.json(onePage([report(status)], 1))));
}

const renderAt = (ui: () => ReactElement) =>
  renderWithRouter({ '/reports/$reportId': suspended(ui) }, `/reports/${reportId}`);

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
    // In approval the report is frozen as submitted; approved, for good (a new revision).
    for (const status of ['submitted', 'inReview', 'approved']) expect(isReportLocked(status)).toBe(true);
    for (const status of ['draft', 'returned']) expect(isReportLocked(status)).toBe(false);
    expect(['submitted', 'inReview', 'approved'].filter(isReportFinal)).toEqual(['approved']);
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

  it('says a submitted report stays as submitted, and offers no revision of it', async () => {
    serveProfile(['view', 'create', 'update']);
    renderAt(() => (
      <>
        <ReportLockedNotice
          report={report('submitted')}
          action={<button type="button">New revision</button>}
        />
        <ReportStatusActions report={report('submitted')} />
      </>
    ));
    expect(await screen.findByRole('button', { name: 'Back to draft' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText('This report is submitted and locked')).toBeVisible();
    expect(screen.getByText(/stay exactly as submitted/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'New revision' })).toBeNull();
  });
});

describe('completeness before submitting', () => {
  it('keeps Submit disabled and lists what the method still requires, in the user’s words', async () => {
    serveProfile(['view', 'update']);
    server.use(
      http.get(api(`/report-headers/${reportId}/readiness`), () =>
        HttpResponse.json(
          envelope({
            ready: false,
            missing: [
              {
                requirement: 'rows',
                technique: 'vci',
                entity: 'vciSummary',
                min: 1,
                found: 0,
                message: 'server English, not shown',
              },
            ],
          }),
        ),
      ),
    );
    renderAt(() => (
      <>
        <ReportMissingNotice report={report('draft')} />
        <ReportStatusActions report={report('draft')} />
      </>
    ));
    expect(
      await screen.findByText('Before this report can be submitted', {}, { timeout: 5000 }),
    ).toBeVisible();
    const item = screen.getByText(/^Visual crack inspection: record at least one /);
    expect(item).toBeVisible();
    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toBeDisabled());
    expect(submit).toHaveAccessibleDescription(/record at least one/);
    expect(screen.queryByText('server English, not shown')).toBeNull();
  });

  it('enables Submit once the report is complete, and shows no list', async () => {
    serveProfile(['view', 'update']);
    server.use(
      http.get(api(`/report-headers/${reportId}/readiness`), () =>
        HttpResponse.json(envelope({ ready: true, missing: [] })),
      ),
    );
    renderAt(() => (
      <>
        <ReportMissingNotice report={report('returned')} />
        <ReportStatusActions report={report('returned')} />
      </>
    ));
    const submit = await screen.findByRole('button', { name: 'Submit' }, { timeout: 5000 });
    await waitFor(() => expect(submit).toBeEnabled());
    expect(screen.queryByText('Before this report can be submitted')).toBeNull();
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
    ['submitted', 'create false, view true'],
    ['inReview', 'create false, view true'],
    ['returned', 'create true, view true'],
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
