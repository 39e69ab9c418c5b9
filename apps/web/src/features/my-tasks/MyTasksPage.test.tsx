import type { MyTaskStatistics } from '@inspectra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  api,
  envelope,
  grants,
  onePage,
  server,
  serveMockApi,
  signedInAs,
  testProfile,
} from '../../api/test-server.ts';
import { myTaskRecord, taskReportRecord } from '../../test/records.fixture.ts';
import { renderWithRouter, suspended } from '../../test/render.tsx';
import { MyTaskPage } from './MyTaskPage.tsx';
import { MyTasksPage } from './MyTasksPage.tsx';
import { monthGrid } from './PlannerCalendar.tsx';
import { NewTaskReportPage } from './NewTaskReportPage.tsx';

serveMockApi();

const inspector = testProfile({
  permissions: [
    ...grants(['myTask', 'asset', 'workOrder', 'reportHeader'], ['view']),
    ...grants(['reportHeader'], ['create']),
  ],
});

const today = dayjs().format('YYYY-MM-DD');
const returned = myTaskRecord({
  state: 'returned',
  overdue: true,
  reports: [taskReportRecord(1, { status: 'returned' })],
});
const todo = myTaskRecord({
  id: 'a0000000-0000-4000-8000-000000000002',
  woNumber: 'WO-2026-0150',
  woTitle: 'Pump vibration round',
  inspectionMethod: 'vibration',
  inspectionMethodName: 'Vibration',
  tagNumber: 'P-101A',
  dateStart: today,
  dateEnd: today,
});
const statistics: MyTaskStatistics = {
  byState: { todo: 1, inProgress: 0, waitingApproval: 0, returned: 1, done: 3 },
  total: 5,
  overdue: 1,
  thisWeek: 2,
  byMethod: [
    { code: 'thermal', name: 'Thermal analysis', count: 4 },
    { code: 'vibration', name: 'Vibration', count: 1 },
  ],
};
/** The my-tasks API; returns the queries of the list and planner calls. */
function serveMyTasks(permissions = inspector.permissions) {
  signedInAs({ permissions });
  const calls = {
    list: [] as Record<string, string>[],
    planner: [] as Record<string, string>[],
    created: [] as unknown[],
  };
  server.use(
    http.get(api('/my-task/statistics'), () => HttpResponse.json(envelope(statistics))),
    http.get(api('/my-tasks'), ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      calls.list.push(query);
      const tasks = [returned, todo].filter((x) => !query.tab || x.state === query.tab);
      return HttpResponse.json(onePage(tasks, 20));
    }),
    http.get(api('/my-tasks/work-order-numbers'), () =>
      HttpResponse.json(
        onePage(
          [
            { value: 'WO-2026-0142', count: 1 },
            { value: 'WO-2026-0150', count: 1 },
          ],
          20,
        ),
      ),
    ),
    http.get(api('/equipment-categories'), () =>
      HttpResponse.json(envelope([{ id: 'e1', code: 'electrical', name: 'Electrical' }])),
    ),
    http.get(api('/my-tasks/inspection-planner'), ({ request }) => {
      calls.planner.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(envelope([todo]));
    }),
    http.get(api('/my-tasks/:id'), ({ params }) => {
      const task = [returned, todo].find((x) => x.id === params.id);
      return task
        ? HttpResponse.json(envelope(task))
        : HttpResponse.json(
            { data: null, statusCode: 404, message: 'You have no task', error: { code: 'NOT_FOUND' } },
            { status: 404 },
          );
    }),
    ...['/asset/equipment-numbers', '/asset'].map((path) =>
      http.get(api(path), () =>
        HttpResponse.json(
          onePage(
            [
              {
                id: 'e0000000-0000-4000-8000-000000000001',
                equipmentNo: 'LP-3B',
                tagNumber: 'LP-3B',
                description: 'Lighting panel 3B',
              },
            ],
            20,
          ),
        ),
      ),
    ),
    http.post(api('/report-headers'), async ({ request }) => {
      const body = await request.json();
      calls.created.push(body);
      return HttpResponse.json(
        {
          ...envelope({
            id: 'c0000000-0000-4000-8000-000000000009',
            reportNumber: (body as { reportNumber: string }).reportNumber,
          }),
          statusCode: 201,
        },
        { status: 201 },
      );
    }),
  );
  return calls;
}

function renderMyTasks(start = '/my-tasks') {
  return renderWithRouter(
    {
      '/my-tasks': suspended(MyTasksPage),
      '/my-tasks/$taskId': suspended(MyTaskPage),
      '/my-tasks/$taskId/new-report': suspended(NewTaskReportPage),
      '/reports/$reportId': () => <h1>Report page</h1>,
      '/work-orders/$workOrderId': () => <h1>Work order page</h1>,
    },
    start,
  );
}

describe('MyTasksPage', () => {
  it('shows the statistics, the tabs with their counts and each task with its state and reports', async () => {
    serveMyTasks();
    renderMyTasks();

    const card = await screen.findByRole(
      'link',
      { name: /^WO-2026-0142 · Thermal analysis/ },
      { timeout: 15_000 },
    );
    expect(card).toHaveTextContent('Annual thermography survey, Substation 3');
    expect(card).toHaveTextContent('2 Mar 2026 – 6 Mar 2026');
    expect(card).toHaveTextContent('SS3');
    expect(card).toHaveTextContent('Overdue');
    expect(card).toHaveTextContent('Returned');
    expect(card).toHaveTextContent('RPT-TH-2026-0001');
    const other = screen.getByRole('link', { name: /^WO-2026-0150 · Vibration/ });
    expect(other).not.toHaveTextContent('Overdue');
    expect(other).toHaveTextContent('To do');

    const stats = screen.getByRole('region', { name: 'Statistics of my tasks' });
    await waitFor(() => expect(within(stats).getByRole('button', { name: /Done\s*3/ })).toBeInTheDocument());
    expect(stats).toHaveTextContent(/Overdue\s*1/);
    expect(stats).toHaveTextContent(/This week\s*2/);
    expect(stats).toHaveTextContent('Thermal analysis · 4');
    expect(screen.getByRole('tab', { name: 'All (5)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Waiting for approval (0)' })).toBeInTheDocument();
  });

  it('sends the tab and the filters as the list call takes them, and keeps them in the address', async () => {
    const calls = serveMyTasks();
    const user = userEvent.setup();
    const { router } = renderMyTasks();
    await screen.findByRole('link', { name: /^WO-2026-0142/ }, { timeout: 15_000 });

    await user.click(screen.getByRole('tab', { name: /Returned/ }));
    await waitFor(() => expect(calls.list.at(-1)).toMatchObject({ tab: 'returned' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: /^WO-2026-0150/ })).not.toBeInTheDocument(),
    );

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'SS3');
    await user.click(screen.getByRole('combobox', { name: 'WO number' }));
    await user.click(await screen.findByRole('option', { name: 'WO-2026-0142' }));
    await user.click(screen.getByRole('combobox', { name: 'Equipment category' }));
    await user.click(await screen.findByRole('option', { name: 'Electrical' }));
    await user.type(screen.getByRole('textbox', { name: 'Planned from' }), '2026-03-01');
    await user.tab();

    await waitFor(() =>
      expect(calls.list.at(-1)).toEqual({
        tab: 'returned',
        search: 'SS3',
        woNumber: 'WO-2026-0142',
        equipmentCategory: 'electrical',
        dateStart: '2026-03-01',
        pageNumber: '1',
        pageSize: '20',
      }),
    );
    expect(router.state.location.search).toMatchObject({ tab: 'returned', woNumber: 'WO-2026-0142' });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(calls.list.at(-1)).toEqual({ tab: 'returned', pageNumber: '1', pageSize: '20' }),
    );
  }, 60_000);

  it('opens a tab from its statistics card', async () => {
    const calls = serveMyTasks();
    const user = userEvent.setup();
    renderMyTasks();
    const stats = await screen.findByRole('region', { name: 'Statistics of my tasks' }, { timeout: 15_000 });
    await user.click(await within(stats).findByRole('button', { name: /To do/ }));
    await waitFor(() => expect(calls.list.at(-1)).toMatchObject({ tab: 'todo' }));
    expect(screen.getByRole('tab', { name: 'To do (1)' })).toHaveAttribute('aria-selected', 'true');
  });

  it("shows the planner as a month, each day's tasks listed from the day", async () => {
    const calls = serveMyTasks();
    const user = userEvent.setup();
    renderMyTasks('/my-tasks?view=calendar');

    const grid = monthGrid(dayjs().format('YYYY-MM-01'));
    await waitFor(() =>
      expect(calls.planner[0]).toEqual({ dateStart: grid[0]![0], dateEnd: grid.at(-1)![6] }),
    );
    const day = await screen.findByRole('button', { name: /^1 task on / }, { timeout: 15_000 });
    expect(day).toHaveTextContent('WO-2026-0150 · Vibration');
    await user.click(day);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: /^WO-2026-0150 · Vibration/ })).toHaveAttribute(
      'href',
      `/my-tasks/${todo.id}`,
    );

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    const next = monthGrid(dayjs().add(1, 'month').format('YYYY-MM-01'));
    await waitFor(() =>
      expect(calls.planner.at(-1)).toEqual({ dateStart: next[0]![0], dateEnd: next.at(-1)![6] }),
    );
  });
});

describe('monthGrid', () => {
  it('covers the month in whole weeks from Monday', () => {
    const weeks = monthGrid('2026-03-01');
    // 1 March 2026 is a Sunday: its week starts on 23 February; 31 March is a Tuesday.
    expect(weeks[0]).toEqual([
      '2026-02-23',
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(weeks.at(-1)![0]).toBe('2026-03-30');
    expect(weeks).toHaveLength(6);
  });
});

describe('MyTaskPage', () => {
  it("shows the task's details and reports, and creates its report with the work order and method preset", async () => {
    const calls = serveMyTasks();
    const user = userEvent.setup();
    const { router } = renderMyTasks(`/my-tasks/${returned.id}`);

    expect(
      await screen.findByRole('heading', { name: 'WO-2026-0142 · Thermal analysis' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'WO-2026-0142' })).toHaveAttribute(
      'href',
      `/work-orders/${returned.workOrderSPKId}`,
    );
    expect(screen.getByRole('link', { name: 'Open report RPT-TH-2026-0001' })).toHaveAttribute(
      'href',
      `/reports/${returned.reports[0]!.id}`,
    );
    expect(screen.getByText('High')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Create report' }));
    expect(
      await screen.findByRole('heading', { name: 'New report · WO-2026-0142 · Thermal analysis' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Report number/ })).toHaveValue('RPT-WO-2026-0142-TH-2');
    const equipmentPicker = screen.getByRole('combobox', { name: /Equipment number/ });
    await user.click(equipmentPicker);
    await user.type(equipmentPicker, 'LP-3B');
    await user.click(await screen.findByRole('option', { name: /LP-3B/ }));
    await user.click(screen.getByRole('button', { name: 'Create report' }));

    await waitFor(() => expect(calls.created).toHaveLength(1));
    expect(calls.created[0]).toMatchObject({
      workOrderSPKId: returned.workOrderSPKId,
      inspectionMethod: 'thermal',
      equipmentCategory: 'electrical',
      equipmentNo: 'LP-3B',
      reportNumber: 'RPT-WO-2026-0142-TH-2',
      title: 'Thermal analysis · Annual thermography survey, Substation 3',
    });
    expect(await screen.findByRole('heading', { name: 'Report page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reports/c0000000-0000-4000-8000-000000000009');
  });

  it('has no create button without the permission to create reports', async () => {
    serveMyTasks(grants(['myTask'], ['view']));
    renderMyTasks(`/my-tasks/${todo.id}`);
    expect(
      await screen.findByRole('heading', { name: 'WO-2026-0150 · Vibration' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('No report yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create report' })).not.toBeInTheDocument();
    // Without the work orders' view, the number is text, not a link to a page the user cannot open.
    expect(screen.queryByRole('link', { name: 'WO-2026-0150' })).not.toBeInTheDocument();
  });
});
