import type { MyTask } from '@inspectra/contract';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, envelope, grants, server, serveMockApi, signedInAs } from '../../api/test-server.ts';
import { myTaskRecord, taskReportRecord } from '../../test/records.fixture.ts';
import { renderWithRouter, suspended } from '../../test/render.tsx';
import { MyTaskPage } from './MyTaskPage.tsx';
import { TaskCard } from './TaskCard.tsx';

/*
 * A returned task says why (the reviewer's reason, read with the task) and its main action opens the
 * returned report: a new report would be a duplicate of the one to correct.
 */

serveMockApi();

const returned = myTaskRecord({
  state: 'returned',
  reports: [
    taskReportRecord(1, { status: 'approved', returnedReason: null }),
    taskReportRecord(2, { status: 'returned', returnedReason: 'Re-shoot phase R at full load' }),
  ],
});

function serveTask(task: MyTask) {
  signedInAs({
    permissions: [
      ...grants(['myTask', 'workOrder', 'reportHeader'], ['view']),
      ...grants(['reportHeader'], ['create']),
    ],
  });
  server.use(http.get(api('/my-tasks/:id'), () => HttpResponse.json(envelope(task))));
}

const pages = (card: MyTask) => ({
  '/': () => <TaskCard task={card} />,
  '/my-tasks/$taskId': suspended(MyTaskPage),
  '/my-tasks/$taskId/new-report': () => <h1>New report</h1>,
  '/reports/$reportId': () => <h1>Report page</h1>,
  '/work-orders/$workOrderId': () => <h1>Work order page</h1>,
});

describe('a returned task', () => {
  it('shows the reviewer’s reason on its card, and the card opens the returned report', async () => {
    serveTask(returned);
    renderWithRouter(pages(returned), '/');
    const card = await screen.findByRole(
      'link',
      { name: /^WO-2026-0142 · Thermal analysis/ },
      { timeout: 10_000 },
    );
    expect(card).toHaveTextContent('Returned · RPT-TH-2026-0002: Re-shoot phase R at full load');
    expect(card).toHaveTextContent('Open returned report RPT-TH-2026-0002');
    expect(card).toHaveAttribute('href', `/reports/${returned.reports[1]!.id}`);
  });

  it('on its page leads with the reason and opening the returned report; a new report comes second', async () => {
    serveTask(returned);
    renderWithRouter(pages(returned), `/my-tasks/${returned.id}`);
    const open = await screen.findByRole(
      'link',
      { name: 'Open returned report RPT-TH-2026-0002' },
      { timeout: 10_000 },
    );
    expect(open).toHaveAttribute('href', `/reports/${returned.reports[1]!.id}`);
    expect(screen.getByText('Returned · RPT-TH-2026-0002:')).toBeVisible();
    expect(screen.getByText('Re-shoot phase R at full load')).toBeVisible();
    // Still possible (a task may need another report), no longer the main action.
    expect(screen.getByRole('link', { name: 'Create report' })).toHaveAttribute('data-variant', 'default');
  });

  it('says when the reviewer gave no reason; a task not returned opens its own page', async () => {
    const noReason: MyTask = {
      ...returned,
      reports: [taskReportRecord(2, { status: 'returned', returnedReason: null })],
    };
    serveTask(noReason);
    const { unmount } = renderWithRouter(pages(noReason), '/');
    expect(await screen.findByText('The reviewer gave no reason.', {}, { timeout: 10_000 })).toBeVisible();
    unmount();

    const inProgress: MyTask = { ...returned, state: 'inProgress', reports: [taskReportRecord(3)] };
    renderWithRouter(pages(inProgress), '/');
    const card = await screen.findByRole(
      'link',
      { name: /^WO-2026-0142 · Thermal analysis/ },
      { timeout: 10_000 },
    );
    expect(card).toHaveAttribute('href', `/my-tasks/${inProgress.id}`);
    expect(card).not.toHaveTextContent('Open returned report');
  });
});
