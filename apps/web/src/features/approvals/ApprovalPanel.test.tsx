import type { ApprovalCurrent, ApprovalStep } from '@inspectra/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, envelope, grants, server, serveMockApi, signedInAs } from '../../api/test-server.ts';
import { i18n } from '../../i18n/index.ts';
import { reportRecord, testUserId } from '../../test/records.fixture.ts';
import { renderWithRouter, suspended } from '../../test/render.tsx';
import type { Report } from '../reports/useReport.ts';
import { ApprovalPanel } from './ApprovalPanel.tsx';

serveMockApi();

const report = reportRecord({ title: 'Crude line 12-P-1001', status: 'submitted' });
const reportId = report.id;

function serve(canAct: boolean, history: ApprovalStep[] = [], o: { wroteContent?: boolean } = {}) {
  signedInAs({
    username: 'rina',
    fullName: 'Rina Reviewer',
    role: 'Reviewer',
    permissions: grants(['reportHeader'], ['view', 'approve']),
  });
  const current: ApprovalCurrent = {
    reportHeaderId: reportId,
    status: 'submitted',
    approvalLevel: 1,
    source: 'snapshot',
    path: [
      {
        level: 1,
        position: 'Area engineer',
        reviewers: [{ id: testUserId, username: 'rina', fullName: 'Rina Reviewer' }],
      },
      { level: 2, position: 'Inspection manager', reviewers: [] },
    ],
    canAct,
    reason: canAct
      ? null
      : o.wroteContent
        ? 'You wrote this report or part of it: someone else must approve or return it'
        : 'Only the reviewers assigned to thermal at level 1 (Area engineer) may approve or return this report now',
    wroteContent: o.wroteContent ?? false,
  };
  const sent: URLSearchParams[] = [];
  server.use(
    http.get(api('/report-approval-paths/current'), () => HttpResponse.json(envelope(current))),
    http.get(api('/report-approval-paths/history'), () => HttpResponse.json(envelope(history))),
    http.put(api(`/report-headers/update-report-status/${reportId}`), ({ request }) => {
      sent.push(new URL(request.url).searchParams);
      return HttpResponse.json(envelope({ ...report, status: 'returned' }));
    }),
  );
  return sent;
}

const renderPanel = (shown: Report = report) =>
  renderWithRouter(
    {
      '/reports/$reportId': suspended(() => <ApprovalPanel report={shown} />),
    },
    `/reports/${reportId}`,
  );

describe('approval panel', () => {
  it('shows the path and history, and no buttons to one who may not act', async () => {
    serve(false, [
      {
        id: 'a0000000-0000-4000-8000-000000000009',
        reportHeaderId: reportId,
        level: 1,
        position: 'Area engineer',
        actorId: testUserId,
        actorUsername: 'ina',
        actorFullName: 'Ina Inspector',
        action: 'submitted',
        comment: null,
        at: '2026-03-15T07:05:00Z',
        fromStatus: 'draft',
        toStatus: 'submitted',
      },
    ]);
    renderPanel();
    expect(await screen.findByText('Inspection manager', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText('Waits at level 1')).toBeVisible();
    expect(await screen.findByText('Submitted · Ina Inspector')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Return' })).toBeNull();
    expect(screen.getByText(/Only the reviewers assigned to thermal at level 1/)).toBeVisible();
  });

  it('shows a reviewer who wrote part of the report Approve and Return disabled, saying why', async () => {
    const sent = serve(false, [], { wroteContent: true });
    renderPanel();
    const approve = await screen.findByRole('button', { name: 'Approve' }, { timeout: 5000 });
    const giveBack = screen.getByRole('button', { name: 'Return' });
    for (const button of [approve, giveBack]) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(
        'You wrote this report or part of it: someone else must approve or return it',
      );
    }
    expect(sent).toHaveLength(0);
  });

  it('says why in Bahasa Indonesia to a reviewer who wrote part of the report', async () => {
    serve(false, [], { wroteContent: true });
    await i18n.changeLanguage('id');
    try {
      renderPanel();
      expect(await screen.findByRole('button', { name: 'Setujui' }, { timeout: 5000 })).toBeDisabled();
      expect(
        screen.getByText(
          'Anda menulis laporan ini atau sebagiannya: orang lain yang harus menyetujui atau mengembalikannya',
        ),
      ).toBeVisible();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('returns only with a reason, sending the level seen', async () => {
    const sent = serve(true);
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByRole('button', { name: 'Approve' }, { timeout: 5000 })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return RPT-0042 to the inspector' });
    await user.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Say why the report is returned');
    expect(sent).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Why it is returned/ }), 'Photo missing');
    await user.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(await screen.findByText('Report RPT-0042 returned')).toBeVisible();
    expect(sent[0]?.get('status')).toBe('returned');
    expect(sent[0]?.get('level')).toBe('1');
    expect(sent[0]?.get('comment')).toBe('Photo missing');
  });

  it('says a report out of approval is approved at every level, or back with the inspector', async () => {
    serve(false);
    for (const [status, says] of [
      ['approved', 'Approved at every level'],
      ['returned', 'Returned to the inspector'],
      ['draft', 'Not submitted yet'],
    ] as const) {
      server.use(
        http.get(api('/report-approval-paths/current'), () =>
          HttpResponse.json(
            envelope({
              reportHeaderId: reportId,
              status,
              approvalLevel: null,
              source: 'snapshot',
              path: [{ level: 1, position: 'Area engineer', reviewers: [] }],
              canAct: false,
              reason: null,
              wroteContent: false,
            } satisfies ApprovalCurrent),
          ),
        ),
      );
      const { unmount } = renderPanel({ ...report, status });
      expect(await screen.findByText(says, {}, { timeout: 5000 })).toBeVisible();
      expect(screen.queryByText('Not in approval')).toBeNull();
      unmount();
    }
  });
});
