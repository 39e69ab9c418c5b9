import type { TeamStatistics } from '@inspectra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  api,
  envelope,
  grants,
  server,
  serveMockApi,
  signedInAs,
  testProfile,
} from '../../api/test-server.ts';
import { teamTaskRecord } from '../../test/records.fixture.ts';
import { renderWithRouter, suspended } from '../../test/render.tsx';
import { monthGrid } from '../my-tasks/PlannerCalendar.tsx';
import { canSeeTeamPlan } from './team-plan-access.ts';
import { TeamPlanPage } from './TeamPlanPage.tsx';

serveMockApi();

const planner = {
  role: 'Planner',
  permissions: grants(
    ['workOrder', 'taskAssignment', 'reportHeader'],
    ['view', 'create', 'update', 'delete'],
  ),
};
const ann = { id: 'd0000000-0000-4000-8000-000000000001', fullName: 'Ann Wijaya' };
const budi = { id: 'd0000000-0000-4000-8000-000000000002', fullName: 'Budi Santoso' };
const today = dayjs().format('YYYY-MM-DD');

const late = teamTaskRecord({
  dateStart: dayjs().subtract(10, 'day').format('YYYY-MM-DD'),
  dateEnd: dayjs().subtract(3, 'day').format('YYYY-MM-DD'),
  overdue: true,
  inspectors: [ann],
});
const todays = teamTaskRecord({
  id: 'a0000000-0000-4000-8000-000000000002',
  workOrderSPKId: 'b0000000-0000-4000-8000-000000000002',
  woNumber: 'WO-2026-0150',
  woTitle: 'Pump vibration round',
  inspectionMethod: 'vibration',
  inspectionMethodName: 'Vibration',
  dateStart: today,
  dateEnd: today,
  state: 'inProgress',
  inspectors: [ann, budi],
});
const statistics: TeamStatistics = {
  plannerGroups: [{ code: 'PG-ROT', name: 'Rotating equipment' }],
  byState: { todo: 3, inProgress: 2, waitingApproval: 1, returned: 0, done: 4 },
  total: 10,
  overdue: 2,
  thisWeek: 4,
  unassigned: 1,
  byInspector: [
    {
      ...ann,
      open: 4,
      overdue: 2,
      thisWeek: 3,
      byState: { todo: 2, inProgress: 2, waitingApproval: 0, returned: 0, done: 1 },
    },
    {
      ...budi,
      open: 1,
      overdue: 0,
      thisWeek: 1,
      byState: { todo: 0, inProgress: 1, waitingApproval: 0, returned: 0, done: 0 },
    },
  ],
  overdueTasks: [late],
};

function serveTeamPlan() {
  signedInAs(planner);
  const calls = { planner: [] as Record<string, string>[] };
  server.use(
    http.get(api('/team-plan/statistics'), () => HttpResponse.json(envelope(statistics))),
    http.get(api('/team-plan/inspection-planner'), ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      calls.planner.push(query);
      const tasks = [late, todays].filter(
        (x) => !query.inspectorId || x.inspectors.some((p) => p.id === query.inspectorId),
      );
      return HttpResponse.json(envelope(tasks));
    }),
  );
  return calls;
}

const renderPage = () =>
  renderWithRouter(
    {
      '/plan': suspended(TeamPlanPage),
      '/work-orders/$workOrderId': () => <h1>Work order page</h1>,
    },
    '/plan',
  );

describe('TeamPlanPage', () => {
  it('says whose plan it is and counts the live work', async () => {
    serveTeamPlan();
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Team plan' }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(/Work orders of your planner groups: Rotating equipment\./),
    ).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'The team’s live work' });
    // Open: every task not done (10 − 4).
    await waitFor(() => expect(within(summary).getByText('Open').parentElement).toHaveTextContent('6'));
    expect(within(summary).getByText('Overdue').parentElement).toHaveTextContent('2');
    expect(within(summary).getByText('This week').parentElement).toHaveTextContent('4');
    expect(within(summary).getByText('Nobody named').parentElement).toHaveTextContent('1');
  }, 60_000);

  it('shows the workload of each inspector and the overdue tasks, each opening its work order', async () => {
    serveTeamPlan();
    renderPage();
    const workload = await screen.findByRole(
      'table',
      { name: 'Workload per inspector' },
      { timeout: 30_000 },
    );
    const annRow = await within(workload).findByRole('row', { name: /Ann Wijaya/ }, { timeout: 30_000 });
    expect(
      within(annRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '2', '3', 'Calendar']);
    expect(within(workload).getByRole('row', { name: /Nobody named yet/ })).toHaveTextContent('1');

    const overdue = screen.getByRole('table', { name: 'Overdue tasks' });
    const row = within(overdue).getByRole('row', { name: /WO-2026-0142/ });
    expect(row).toHaveTextContent('Ann Wijaya');
    expect(row).toHaveTextContent('3 days');
    expect(row).toHaveTextContent('To do');
    await userEvent.setup().click(within(row).getByRole('link', { name: 'WO-2026-0142 · Thermal analysis' }));
    expect(await screen.findByRole('heading', { name: 'Work order page' })).toBeInTheDocument();
  }, 60_000);

  it('shows the team calendar with who does what, and one inspector’s when chosen', async () => {
    const calls = serveTeamPlan();
    const user = userEvent.setup();
    renderPage();
    const grid = monthGrid(dayjs().format('YYYY-MM-01'));
    await waitFor(
      () => expect(calls.planner[0]).toEqual({ dateStart: grid[0]![0], dateEnd: grid.at(-1)![6] }),
      { timeout: 30_000 },
    );
    const day = await screen.findByRole(
      'button',
      { name: `1 task on ${dayjs().format('D MMM YYYY')}` },
      { timeout: 30_000 },
    );
    expect(day).toHaveTextContent('WO-2026-0150 · Vibration · Ann Wijaya, Budi Santoso');
    await user.click(day);
    const dialog = await screen.findByRole('dialog');
    const card = within(dialog).getByRole('link', { name: /^WO-2026-0150 · Vibration/ });
    expect(card).toHaveAttribute('href', `/work-orders/${todays.workOrderSPKId}`);
    expect(card).toHaveTextContent('Inspectors: Ann Wijaya, Budi Santoso');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Show Budi Santoso in the calendar' }));
    await waitFor(() => expect(calls.planner.at(-1)).toMatchObject({ inspectorId: budi.id }));
  }, 60_000);
});

describe('canSeeTeamPlan', () => {
  it('is for who may change assignments: the planner, not the inspector', () => {
    expect(canSeeTeamPlan(testProfile(planner))).toBe(true);
    expect(
      canSeeTeamPlan(
        testProfile({ permissions: grants(['myTask', 'workOrder', 'taskAssignment'], ['view']) }),
      ),
    ).toBe(false);
  });
});
