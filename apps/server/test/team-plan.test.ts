/**
 * The team plan (docs/team-plan.md): a planner's calendar and statistics over the tasks of the
 * work orders of their planner groups, whoever is named on them; the whole plant for a planner of
 * no group; a contractor company's planner sees only its own inspectors. Only who may change
 * assignments may see it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { calendarDay, weekOf } from '../src/modules/my-tasks/my-tasks.actions.ts';
import {
  createReportHeader,
  createRole,
  createUser,
  createWorkOrder,
  inspectingGrants,
  multipart,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
const today = calendarDay(new Date());
const week = weekOf(today);
const shift = (day: string, days: number) =>
  calendarDay(new Date(Date.parse(`${day}T12:00:00`) + days * 864e5));
/** A period holding every work order of the test. */
const all = `dateStart=${shift(today, -120)}&dateEnd=${shift(today, 120)}`;

type Person = { id: string; token: string; fullName: string };
const people: Record<string, Person> = {};
const wo: Record<string, { id: string; woNumber: string }> = {};
const task: Record<string, string> = {};

async function person(key: string, roleId: string, o: { groups?: string[]; companyId?: string } = {}) {
  const user = await createUser(t, { roleId });
  await t.db
    .update(users)
    .set({ plannerGroups: o.groups ?? [], contractorCompanyId: o.companyId ?? null, fullName: `Team ${key}` })
    .where(eq(users.id, user.id));
  const token = (await t.login(user.username, user.password)).json().data.accessToken as string;
  people[key] = { id: user.id, token, fullName: `Team ${key}` };
}

async function assign(key: string, workOrder: string, method: string, inspectors: string[]) {
  const r = await t.call('POST', '/api/wo-task-assignments', {
    workOrderSPKId: wo[workOrder]!.id,
    inspectionMethod: method,
    userPDMIds: inspectors.map((p) => people[p]!.id),
  });
  if (r.status !== 201) throw new Error(`assignment: ${r.status} ${JSON.stringify(r.body)}`);
  task[key] = r.body.data.id;
}

const as = (who: string, url: string) => t.call('GET', `/api${url}`, undefined, people[who]!.token);
const taskIds = (r: { body: { data: { id: string }[] } }) => r.body.data.map((x) => x.id).sort();
const idsOf = (...keys: string[]) => keys.map((k) => task[k]!).sort();

beforeAll(async () => {
  t = await startTestApp();
  for (const [code, name] of [
    ['PG-TA', 'Static equipment'],
    ['PG-TB', 'Rotating equipment'],
  ])
    expect((await t.call('POST', '/api/asset/planner-groups', { code, name })).status).toBe(201);
  const company = await t.call(
    'POST',
    '/api/contractor-company',
    multipart({ ContractorName: `Team-${randomUUID()}` }),
  );
  expect(company.status, JSON.stringify(company.body)).toBe(201);
  const companyId = company.body.data.id as string;

  const planner = (await createRole(t, [{ module: 'taskAssignment', action: 'update' }], 'planner')).id;
  // Inspectors may be named on every method's assignment (their role writes its reports).
  const inspector = (
    await createRole(t, [{ module: 'myTask', action: 'view' }, ...inspectingGrants()], 'inspector')
  ).id;
  await person('plannerA', planner, { groups: ['PG-TA'] });
  await person('plannerB', planner, { groups: ['PG-TB'] });
  await person('plannerAll', planner);
  await person('contractorPlanner', planner, { companyId });
  await person('ann', inspector);
  await person('budi', inspector);
  await person('citra', inspector, { companyId });

  const plan = [
    // key, planner group, planned start and finish, status
    ['a1', 'PG-TA', week.from, week.to, 'open'],
    // Finished before this week and never started: overdue.
    ['a2', 'PG-TA', shift(week.from, -30), shift(week.from, -2), 'inProgress'],
    // Completed work is history: in the calendar, not in the counts.
    ['a3', 'PG-TA', shift(week.from, -30), shift(week.from, -2), 'completed'],
    ['a4', 'PG-TA', week.to, week.to, 'open'],
    ['b1', 'PG-TB', week.from, week.to, 'open'],
    ['n1', null, week.from, week.to, 'open'],
  ] as const;
  for (const [key, plannerGroup, dateStart, dateEnd, status] of plan)
    wo[key] = await createWorkOrder(t, {
      woNumber: `WO-TEAM-${key}-${randomUUID().slice(0, 6)}`,
      plannerGroup,
      dateStart,
      dateEnd,
      status,
    });
  await assign('a1', 'a1', 'thermal', ['ann', 'citra']);
  await assign('a2', 'a2', 'vibration', ['ann']);
  await assign('a3', 'a3', 'ultrasound', ['budi']);
  await assign('a4', 'a4', 'thermal', []);
  await assign('b1', 'b1', 'thermal', ['budi']);
  await assign('n1', 'n1', 'thermal', ['ann']);
  // A report in draft under a1's thermal task: in progress.
  await createReportHeader(t, { workOrderSPKId: wo.a1!.id, inspectionMethod: 'thermal' });
});
afterAll(() => t?.close());

describe('who is in a planner’s team', () => {
  it('holds the tasks of the work orders of the planner’s groups, with the inspectors named', async () => {
    const r = await as('plannerA', `/team-plan/inspection-planner?${all}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(taskIds(r)).toEqual(idsOf('a1', 'a2', 'a3', 'a4'));
    const a1 = r.body.data.find((x: { id: string }) => x.id === task.a1);
    expect(a1).toMatchObject({
      woNumber: wo.a1!.woNumber,
      inspectionMethod: 'thermal',
      state: 'inProgress',
      dateStart: week.from,
      dateEnd: week.to,
      overdue: false,
    });
    expect(a1.inspectors).toEqual(
      expect.arrayContaining([
        { id: people.ann!.id, fullName: 'Team ann' },
        { id: people.citra!.id, fullName: 'Team citra' },
      ]),
    );
    expect(a1.inspectors).toHaveLength(2);
    // Nobody named yet: still in the plan, with no inspectors.
    expect(r.body.data.find((x: { id: string }) => x.id === task.a4).inspectors).toEqual([]);
    // Ordered by planned start.
    expect(r.body.data.map((x: { id: string }) => x.id).indexOf(task.a2)).toBeLessThan(
      r.body.data.map((x: { id: string }) => x.id).indexOf(task.a1),
    );
  });

  it('does not show another group’s work to its planner, nor theirs to this one', async () => {
    const b = await as('plannerB', `/team-plan/inspection-planner?${all}`);
    expect(taskIds(b)).toEqual(idsOf('b1'));
    const stats = await as('plannerB', '/team-plan/statistics');
    expect(stats.body.data.byInspector.map((p: { id: string }) => p.id)).toEqual([people.budi!.id]);
    expect(JSON.stringify(stats.body)).not.toContain(wo.a1!.woNumber);
  });

  it('is the whole plant for a planner of no planner group', async () => {
    const r = await as('plannerAll', `/team-plan/inspection-planner?${all}`);
    expect(taskIds(r)).toEqual(idsOf('a1', 'a2', 'a3', 'a4', 'b1', 'n1'));
    const stats = await as('plannerAll', '/team-plan/statistics');
    expect(stats.body.data.plannerGroups).toEqual([]);
  });

  it('narrows to one inspector’s tasks', async () => {
    const r = await as('plannerA', `/team-plan/inspection-planner?${all}&inspectorId=${people.citra!.id}`);
    expect(taskIds(r)).toEqual(idsOf('a1'));
  });

  it('is only its own company’s inspectors for a contractor company’s planner', async () => {
    const r = await as('contractorPlanner', `/team-plan/inspection-planner?${all}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(taskIds(r)).toEqual(idsOf('a1'));
    // The plant owner's inspector on the same task is not the contractor's to see.
    expect(r.body.data[0].inspectors).toEqual([{ id: people.citra!.id, fullName: 'Team citra' }]);
    const stats = await as('contractorPlanner', '/team-plan/statistics');
    expect(stats.body.data).toMatchObject({ total: 1, unassigned: 0, overdue: 0 });
    expect(stats.body.data.byInspector.map((p: { id: string }) => p.id)).toEqual([people.citra!.id]);
    expect(JSON.stringify(stats.body)).not.toContain(people.ann!.id);
  });
});

describe('GET /team-plan/statistics', () => {
  it('counts the live tasks, the workload per inspector and lists the overdue ones', async () => {
    const r = await as('plannerA', '/team-plan/statistics');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const s = r.body.data;
    expect(s.plannerGroups).toEqual([{ code: 'PG-TA', name: 'Static equipment' }]);
    // a3's work order is completed: history, not workload.
    expect(s.byState).toEqual({ todo: 2, inProgress: 1, waitingApproval: 0, returned: 0, done: 0 });
    expect(s).toMatchObject({ total: 3, overdue: 1, thisWeek: 2, unassigned: 1 });
    expect(s.byInspector).toEqual([
      {
        id: people.ann!.id,
        fullName: 'Team ann',
        open: 2,
        overdue: 1,
        thisWeek: 1,
        byState: { todo: 1, inProgress: 1, waitingApproval: 0, returned: 0, done: 0 },
      },
      {
        id: people.citra!.id,
        fullName: 'Team citra',
        open: 1,
        overdue: 0,
        thisWeek: 1,
        byState: { todo: 0, inProgress: 1, waitingApproval: 0, returned: 0, done: 0 },
      },
    ]);
    expect(s.overdueTasks).toHaveLength(1);
    expect(s.overdueTasks[0]).toMatchObject({
      id: task.a2,
      overdue: true,
      state: 'todo',
      inspectors: [{ id: people.ann!.id, fullName: 'Team ann' }],
    });
  });

  it('leaves the inspector’s own statistics as they were', async () => {
    const r = await t.call('GET', '/api/my-task/statistics', undefined, people.ann!.token);
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(3);
  });
});

describe('access and input', () => {
  it('refuses an inspector (403): the team plan is for who may change assignments', async () => {
    for (const url of ['/team-plan/statistics', '/team-plan/inspection-planner']) {
      const r = await as('ann', url);
      expect(r.status, url).toBe(403);
      expect(r.body.data).toBeNull();
    }
  });

  it('answers the current month without dates, and a 400 for one date alone or a bad inspector', async () => {
    const month = await as('plannerA', '/team-plan/inspection-planner');
    expect(month.status).toBe(200);
    expect(month.body.message).toMatch(/this month/);
    const one = await as('plannerA', `/team-plan/inspection-planner?dateStart=${today}`);
    expect(one.status).toBe(400);
    expect(one.body.error.details[0].path).toBe('dateEnd');
    const backwards = await as(
      'plannerA',
      `/team-plan/inspection-planner?dateStart=${today}&dateEnd=${shift(today, -1)}`,
    );
    expect(backwards.status).toBe(400);
    const bad = await as('plannerA', `/team-plan/inspection-planner?inspectorId=nobody`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/inspectorId/);
  });
});
