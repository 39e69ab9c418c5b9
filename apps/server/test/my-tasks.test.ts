/**
 * My tasks: the task assignments naming the signed-in user, their state read from the reports
 * under the same work order by the same method, the filters and tabs, statistics, the planner
 * and the work order numbers lookup. Another user's task is not found.
 */
import { randomUUID } from 'node:crypto';
import { reportStatuses, taskStateByReports, taskStateOf, taskStates } from '@inspectra/contract';
import { fillPlaceholders, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rolePermissions, roles } from '../src/db/schema/index.ts';
import { SqlStatements } from '../src/engine/records/statements.ts';
import { calendarDay, monthOf, weekOf } from '../src/modules/my-tasks/my-tasks.actions.ts';
import { cutValues, myTasksSql, taskFilters } from '../src/modules/my-tasks/my-tasks.sql.ts';
import {
  completeForSubmission,
  approverToken,
  createEquipment,
  createReportHeader,
  createUser,
  createWorkOrder,
  inspectingGrants,
  keptCounts,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
let approver: string | undefined;
let inspector: { id: string; token: string };
let other: { id: string; token: string };
const today = calendarDay(new Date());
const week = weekOf(today);
const shift = (day: string, days: number) =>
  calendarDay(new Date(Date.parse(`${day}T12:00:00`) + days * 864e5));

/**
 * A role with only what an inspector needs here: my tasks, and writing reports of every method (so
 * the user may be named as an inspector, docs/task-assignments.md).
 */
async function inspectorUser() {
  const [role] = await t.db
    .insert(roles)
    .values({ name: `inspector-${randomUUID()}` })
    .returning();
  await t.db
    .insert(rolePermissions)
    .values(
      [{ module: 'myTask', action: 'view' }, ...inspectingGrants()].map((g) => ({ roleId: role!.id, ...g })),
    );
  const user = await createUser(t, { roleId: role!.id });
  return { id: user.id, token: (await t.login(user.username, user.password)).json().data.accessToken };
}

async function assign(workOrderSPKId: string, inspectionMethod: string, userPDMIds: string[]) {
  const r = await t.call('POST', '/api/wo-task-assignments', {
    workOrderSPKId,
    inspectionMethod,
    userPDMIds,
  });
  if (r.status !== 201) throw new Error(`assignment: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** Reports are the administrator's: a second administrator approves and returns them (with a reason). */
const move = async (id: string, ...statuses: string[]) => {
  for (const status of statuses) {
    const judged = status === 'approved' || status === 'returned';
    if (status === 'submitted') await completeForSubmission(t, id);
    const r = await t.call(
      'PUT',
      `/api/report-headers/update-report-status/${id}?status=${status}${judged ? '&comment=Checked' : ''}`,
      undefined,
      judged ? (approver ??= await approverToken(t)) : undefined,
    );
    if (r.status !== 200) throw new Error(`status ${status}: ${r.status} ${JSON.stringify(r.body)}`);
  }
};

const mine = (url: string, token = inspector.token) => t.call('GET', `/api${url}`, undefined, token);

/** Tasks of the inspector, one per state, on work orders of known dates. */
const tasks: Record<string, { id: string; woNumber: string; workOrderSPKId: string }> = {};

beforeAll(async () => {
  t = await startTestApp();
  inspector = await inspectorUser();
  other = await inspectorUser();
  const plan = [
    // state, method, planned start and finish, category
    // Ends on the Sunday before this week: overdue, and outside this week whatever today is.
    {
      key: 'todo',
      method: 'thermal',
      start: shift(week.from, -30),
      end: shift(week.from, -1),
      cat: 'electrical',
    },
    { key: 'inProgress', method: 'vibration', start: week.from, end: week.to, cat: 'rotating-equipment' },
    {
      key: 'waitingApproval',
      method: 'thermal',
      start: shift(today, 20),
      end: shift(today, 40),
      cat: 'electrical',
    },
    { key: 'returned', method: 'ultrasound', start: shift(today, -60), end: shift(today, -50), cat: 'pipe' },
    { key: 'done', method: 'thermal', start: shift(today, -90), end: shift(today, -80), cat: 'electrical' },
  ];
  for (const p of plan) {
    const wo = await createWorkOrder(t, {
      woNumber: `WO-MT-${p.key}`,
      title: `Survey ${p.key}`,
      dateStart: p.start,
      dateEnd: p.end,
      equipmentCategory: p.cat,
    });
    const a = await assign(wo.id, p.method, [inspector.id, other.id]);
    tasks[p.key] = { id: a.id, woNumber: wo.woNumber, workOrderSPKId: wo.id };
    const report = (status?: string) =>
      createReportHeader(t, { workOrderSPKId: wo.id, inspectionMethod: p.method }).then(
        async (r: { id: string }) => (status ? move(r.id, ...status.split(' ')) : undefined),
      );
    if (p.key === 'inProgress') {
      await report();
      await report('submitted');
    }
    if (p.key === 'waitingApproval') {
      await report('submitted');
      await report('submitted approved');
    }
    if (p.key === 'returned') {
      await report('submitted returned');
      await report();
    }
    if (p.key === 'done') {
      await report('submitted approved');
      await report('submitted approved');
    }
  }
  // A report by another method under the to-do work order does not move the thermal task.
  await createReportHeader(t, { workOrderSPKId: tasks.todo!.workOrderSPKId, inspectionMethod: 'vibration' });
  // Someone else's task only.
  const theirs = await createWorkOrder(t, { woNumber: 'WO-MT-theirs', dateStart: today, dateEnd: today });
  tasks.theirs = {
    id: (await assign(theirs.id, 'thermal', [other.id])).id,
    woNumber: 'WO-MT-theirs',
    workOrderSPKId: theirs.id,
  };
});
afterAll(() => t?.close());

describe('task state', () => {
  it('names every report status once, in one rule, and reads statuses in that order', () => {
    const named = taskStateByReports.flatMap((r) => r.anyReportIn);
    expect([...named].sort()).toEqual([...reportStatuses].sort());
    expect(taskStateOf([])).toBe('todo');
    expect(taskStateOf(['approved', 'returned', 'draft'])).toBe('returned');
    expect(taskStateOf(['approved', 'draft', 'submitted'])).toBe('inProgress');
    expect(taskStateOf(['approved', 'inReview'])).toBe('waitingApproval');
    expect(taskStateOf(['approved', 'approved'])).toBe('done');
  });

  it('is kept by the database by the same rule, for every combination of report statuses', async () => {
    for (let mask = 0; mask < 1 << reportStatuses.length; mask++) {
      const statuses = reportStatuses.filter((_, i) => mask & (1 << i));
      const found = await t.db.execute<{ state: string }>(
        sql`select task_state_of(${`{${statuses.join(',')}}`}::text[]) as state`,
      );
      expect(found.rows[0]!.state, statuses.join()).toBe(taskStateOf(statuses));
    }
  });

  it('is read from the reports of the same work order and method', async () => {
    for (const state of taskStates) {
      const r = await mine(`/my-tasks/${tasks[state]!.id}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.state, state).toBe(state);
    }
  });
});

describe('GET /my-tasks', () => {
  it("lists the user's tasks, most pressing first, with their reports and paging meta", async () => {
    const r = await mine('/my-tasks?pageSize=3');
    expect(r.status).toBe(200);
    expect(r.body.meta).toEqual({
      pageNumber: 1,
      pageSize: 3,
      totalCount: 5,
      totalPages: 2,
      totalCountExact: true,
    });
    expect(r.body.data.map((x: { woNumber: string }) => x.woNumber)).toEqual([
      'WO-MT-done',
      'WO-MT-returned',
      'WO-MT-todo',
    ]);
    const done = r.body.data[0];
    expect(done).toMatchObject({
      id: tasks.done!.id,
      inspectionMethod: 'thermal',
      inspectionMethodName: 'Thermal analysis',
      equipmentCategory: 'electrical',
      state: 'done',
      overdue: false,
      priority: 'medium',
      isEmergency: false,
    });
    expect(done.reports).toHaveLength(2);
    expect(done.reports[0]).toMatchObject({ status: 'approved', reportNumber: expect.any(String) });

    const page2 = await mine('/my-tasks?pageSize=3&pageNumber=2');
    expect(page2.body.data.map((x: { woNumber: string }) => x.woNumber)).toEqual([
      'WO-MT-inProgress',
      'WO-MT-waitingApproval',
    ]);
    const past = await mine('/my-tasks?pageSize=3&pageNumber=5');
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toMatchObject({ pageNumber: 5, totalCount: 5, totalPages: 2 });
  });

  it('marks a task overdue when its planned finish has passed and it is not done', async () => {
    const r = await mine('/my-tasks?pageSize=50');
    const overdue = r.body.data
      .filter((x: { overdue: boolean }) => x.overdue)
      .map((x: { woNumber: string }) => x.woNumber);
    expect(overdue.sort()).toEqual(['WO-MT-returned', 'WO-MT-todo']);
  });

  it('has a tab per state', async () => {
    for (const state of taskStates) {
      const r = await mine(`/my-tasks?tab=${state}`);
      expect(
        r.body.data.map((x: { id: string }) => x.id),
        state,
      ).toEqual([tasks[state]!.id]);
      expect(r.body.meta.totalCount).toBe(1);
    }
    const bad = await mine('/my-tasks?tab=finished');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/tab must be one of: todo, inProgress/);
  });

  it('filters by search, work order number, equipment category and planned dates', async () => {
    const ids = async (query: string) =>
      (await mine(`/my-tasks?${query}`)).body.data.map((x: { woNumber: string }) => x.woNumber).sort();
    expect(await ids('search=inprog')).toEqual(['WO-MT-inProgress']);
    expect(await ids('search=ultra')).toEqual(['WO-MT-returned']);
    expect(await ids('search=Thermal%20anal')).toEqual(['WO-MT-done', 'WO-MT-todo', 'WO-MT-waitingApproval']);
    expect(await ids('search=100%25')).toEqual([]);
    expect(await ids('woNumber=WO-MT-todo')).toEqual(['WO-MT-todo']);
    expect(await ids('equipmentCategory=pipe')).toEqual(['WO-MT-returned']);
    expect(await ids(`dateStart=${week.from}&dateEnd=${week.to}`)).toEqual(['WO-MT-inProgress']);
    expect(await ids(`dateStart=${shift(today, 1)}`)).toEqual(
      ['WO-MT-inProgress', 'WO-MT-waitingApproval'].filter(
        // The in-progress work order ends on Sunday of this week, which is after today unless today is Sunday.
        (wo) => wo !== 'WO-MT-inProgress' || week.to > today,
      ),
    );
    expect(await ids(`dateEnd=${shift(today, -70)}`)).toEqual(['WO-MT-done']);
    expect(await ids('tab=done&equipmentCategory=pipe')).toEqual([]);
    expect((await mine('/my-tasks?dateStart=2026-02-30')).status).toBe(400);
  });

  it('follows its work order when it is renumbered, replanned, retitled or moved to other equipment', async () => {
    const wo = await createWorkOrder(t, {
      woNumber: 'WO-MT-moving',
      dateStart: '2030-01-01',
      dateEnd: '2030-01-31',
      equipmentCategory: 'electrical',
    });
    const task = await assign(wo.id, 'thermal', [inspector.id]);
    const equipment = await createEquipment(t, { categoryCode: 'pipe', objectTypeCode: 'PIPE-PROC' });
    const moved = await t.call('PUT', `/api/work-order-spks/${wo.id}`, {
      woNumber: 'WO-MT-moved',
      title: 'Flange leak survey',
      dateEnd: '2030-03-31',
      equipmentCategory: 'pipe',
      tagNumber: equipment.tagNumber,
      version: wo.version,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const r = await mine(`/my-tasks/${task.id}`);
    expect(r.body.data).toMatchObject({
      woNumber: 'WO-MT-moved',
      woTitle: 'Flange leak survey',
      tagNumber: equipment.tagNumber,
      equipmentCategory: 'pipe',
      dateStart: '2030-01-01',
      dateEnd: '2030-03-31',
    });
    const planned = await mine('/my-tasks/inspection-planner?dateStart=2030-03-01&dateEnd=2030-03-31');
    expect(planned.body.data.map((x: { id: string }) => x.id)).toContain(task.id);
    const found = async (query: string) =>
      (await mine(`/my-tasks?${query}`)).body.data.map((x: { id: string }) => x.id);
    expect(await found('woNumber=WO-MT-moved')).toEqual([task.id]);
    expect(await found('search=flange%20leak')).toEqual([task.id]);
    expect(await found(`search=${equipment.tagNumber}`)).toEqual([task.id]);
    expect(await found('equipmentCategory=pipe')).toContain(task.id);
    expect(await found('equipmentCategory=electrical')).not.toContain(task.id);
    // Moved to other equipment alone: the tag is searched, not the one before.
    const elsewhere = await createEquipment(t, { categoryCode: 'pipe', objectTypeCode: 'PIPE-PROC' });
    const retagged = await t.call('PUT', `/api/work-order-spks/${wo.id}`, {
      tagNumber: elsewhere.tagNumber,
      version: moved.body.data.version,
    });
    expect(retagged.status, JSON.stringify(retagged.body)).toBe(200);
    expect(await found(`search=${elsewhere.tagNumber}`)).toEqual([task.id]);
    expect(await found(`search=${equipment.tagNumber}`)).toEqual([]);
    // A title too long for the index (462 characters, 912 bytes) is searched in the assignment.
    const retitled = await t.call('PUT', `/api/work-order-spks/${wo.id}`, {
      title: `${'é'.repeat(450)} nozzle weld`,
      version: retagged.body.data.version,
    });
    expect(retitled.status, JSON.stringify(retitled.body)).toBe(200);
    const [kept] = (
      await t.db.execute<{ long_title: boolean; search_text: string }>(
        sql`select long_title, search_text from inspector_task where assignment_id = ${task.id}`,
      )
    ).rows;
    expect(kept).toEqual({
      long_title: true,
      search_text: `wo-mt-moved\n${elsewhere.tagNumber.toLowerCase()}\n${elsewhere.equipmentNo.toLowerCase()}`,
    });
    expect(await found('search=nozzle%20weld')).toEqual([task.id]);
    expect(await found('search=flange%20leak')).toEqual([]);
    // Out of the way of the counts below.
    expect((await t.call('DELETE', `/api/wo-task-assignments/${task.id}`)).status).toBe(200);
  });

  it("finds a task by its equipment's number (the plant's SAP number), and by the new one once renumbered", async () => {
    // SAP numbers are digits, nothing like the tag (`LP-…`) or the work order's number.
    const sapNumber = () => String(40_000_000 + Math.floor(Math.random() * 9_000_000));
    const equipment = await createEquipment(t, {
      equipmentNo: sapNumber(),
      categoryCode: 'pipe',
      objectTypeCode: 'PIPE-PROC',
    });
    const wo = await createWorkOrder(t, {
      woNumber: 'WO-MT-sap',
      equipmentCategory: 'pipe',
      tagNumber: equipment.tagNumber,
    });
    const task = await assign(wo.id, 'thermal', [inspector.id]);
    const found = async (search: string) =>
      (await mine(`/my-tasks?search=${encodeURIComponent(search)}`)).body.data.map(
        (x: { id: string }) => x.id,
      );
    // The whole number, or a part of it, as the other terms are found.
    expect(await found(equipment.equipmentNo)).toEqual([task.id]);
    expect(await found(equipment.equipmentNo.slice(2))).toEqual([task.id]);
    // Found from the index alone, as the other terms: the number is in `search_text`.
    const [row] = (
      await t.db.execute<{ search_text: string }>(
        sql`select search_text from inspector_task where assignment_id = ${task.id}`,
      )
    ).rows;
    expect(row!.search_text.split('\n')).toContain(equipment.equipmentNo.toLowerCase());
    // The master renumbers the equipment: the task follows in the same statement.
    const renumbered = sapNumber();
    const moved = await t.call('PUT', `/api/asset/${equipment.id}`, {
      equipmentNo: renumbered,
      version: equipment.version,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await found(renumbered)).toEqual([task.id]);
    expect(await found(equipment.equipmentNo)).toEqual([]);
    // Out of the way of the counts below.
    expect((await t.call('DELETE', `/api/wo-task-assignments/${task.id}`)).status).toBe(200);
  });

  it('shows another user only their own tasks', async () => {
    const r = await mine('/my-tasks', other.token);
    expect(r.body.meta.totalCount).toBe(6);
    const admin = await t.call('GET', '/api/my-tasks');
    expect(admin.body).toMatchObject({ data: [], meta: { totalCount: 0 } });
  });
});

describe('GET /my-tasks/{id}', () => {
  it("is not found for another user's task, an unknown id and a malformed one", async () => {
    const theirs = await mine(`/my-tasks/${tasks.theirs!.id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ data: null, error: { code: 'NOT_FOUND' } });
    expect((await mine(`/my-tasks/${randomUUID()}`)).status).toBe(404);
    expect((await mine('/my-tasks/not-an-id')).status).toBe(400);
    expect((await mine(`/my-tasks/${tasks.theirs!.id}`, other.token)).status).toBe(200);
  });
});

describe('GET /my-task/statistics', () => {
  it('counts per state, overdue, this week and per method', async () => {
    const r = await mine('/my-task/statistics');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      byState: { todo: 1, inProgress: 1, waitingApproval: 1, returned: 1, done: 1 },
      total: 5,
      overdue: 2,
      // The in-progress task is planned for exactly this week; the to-do one ended yesterday,
      // which is this week unless today is Monday.
      thisWeek: 1,
      byMethod: [
        { code: 'thermal', name: 'Thermal analysis', count: 3 },
        { code: 'ultrasound', name: 'Ultrasound', count: 1 },
        { code: 'vibration', name: 'Vibration', count: 1 },
      ],
    });
  });

  it('has every state, at zero, for a user without tasks', async () => {
    const r = await t.call('GET', '/api/my-task/statistics');
    expect(r.body.data).toEqual({
      byState: { todo: 0, inProgress: 0, waitingApproval: 0, returned: 0, done: 0 },
      total: 0,
      overdue: 0,
      thisWeek: 0,
      byMethod: [],
    });
  });
});

describe('GET /my-tasks/inspection-planner', () => {
  it('lists the tasks whose planned period overlaps, by planned start', async () => {
    const r = await mine(
      `/my-tasks/inspection-planner?dateStart=${shift(today, -85)}&dateEnd=${shift(today, 25)}`,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.map((x: { woNumber: string }) => x.woNumber)).toEqual([
      'WO-MT-done',
      'WO-MT-returned',
      'WO-MT-todo',
      'WO-MT-inProgress',
      'WO-MT-waitingApproval',
    ]);
    const none = await mine('/my-tasks/inspection-planner?dateStart=2001-01-01&dateEnd=2001-12-31');
    expect(none.body.data).toEqual([]);
  });

  it('reads at most 400 days, and refuses an end before the start', async () => {
    const ok = await mine('/my-tasks/inspection-planner?dateStart=2026-01-01&dateEnd=2027-02-04');
    expect(ok.status).toBe(200);
    const long = await mine('/my-tasks/inspection-planner?dateStart=2026-01-01&dateEnd=2027-02-05');
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' }, message: /at most 400 days/ });
    const backwards = await mine('/my-tasks/inspection-planner?dateStart=2026-02-01&dateEnd=2026-01-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.details[0]).toMatchObject({ path: 'dateEnd' });
  });

  it('answers the current month of the server’s calendar without dates, saying so', async () => {
    const month = monthOf(calendarDay(new Date()));
    const r = await mine('/my-tasks/inspection-planner');
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(
      `Tasks planned from ${month.from} to ${month.to}, this month; give dateStart and dateEnd for another period`,
    );
    // The same tasks as the month asked for by its dates; this week's task is always among them.
    const asked = await mine(`/my-tasks/inspection-planner?dateStart=${month.from}&dateEnd=${month.to}`);
    expect(r.body.data).toEqual(asked.body.data);
    expect(r.body.data.map((x: { woNumber: string }) => x.woNumber)).toContain('WO-MT-inProgress');
  });

  it('refuses one date alone, naming the one missing', async () => {
    const startOnly = await mine('/my-tasks/inspection-planner?dateStart=2026-01-01');
    expect(startOnly.status).toBe(400);
    expect(startOnly.body).toMatchObject({
      message: 'dateEnd is missing: give both dates, or neither for this month',
      error: { code: 'VALIDATION_ERROR', details: [{ path: 'dateEnd' }] },
    });
    const endOnly = await mine('/my-tasks/inspection-planner?dateEnd=2026-01-31');
    expect(endOnly.status).toBe(400);
    expect(endOnly.body.error.details).toEqual([
      { path: 'dateStart', message: 'Give dateStart with dateEnd, or neither for the current month' },
    ]);
  });

  it('knows the length of every month', () => {
    expect(monthOf('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthOf('2027-02-28')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(monthOf('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthOf('2026-04-01')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
  });
});

describe('GET /my-tasks/work-order-numbers', () => {
  it("lists the work order numbers of the user's tasks with counts, searched and paged", async () => {
    const extra = await createWorkOrder(t, { woNumber: 'WO-MT-todo-2' });
    await assign(extra.id, 'thermal', [inspector.id]);
    await assign(extra.id, 'vibration', [inspector.id]);
    const r = await mine('/my-tasks/work-order-numbers?search=todo');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      { value: 'WO-MT-todo', count: 1 },
      { value: 'WO-MT-todo-2', count: 2 },
    ]);
    const page = await mine('/my-tasks/work-order-numbers?pageSize=4&pageNumber=2');
    expect(page.body.data).toEqual([
      { value: 'WO-MT-todo-2', count: 2 },
      { value: 'WO-MT-waitingApproval', count: 1 },
    ]);
    expect(page.body.meta).toEqual({
      pageNumber: 2,
      pageSize: 4,
      totalCount: 6,
      totalPages: 2,
      totalCountExact: true,
    });
    const past = await mine('/my-tasks/work-order-numbers?pageSize=4&pageNumber=3');
    expect(past.body.meta.totalCount).toBe(6);
    expect((await mine('/my-tasks/work-order-numbers', other.token)).body.data).not.toContainEqual(
      expect.objectContaining({ value: 'WO-MT-todo-2' }),
    );
  });
});

describe('the statements of my tasks', () => {
  it('are run by name, prepared by shape, their values bound', async () => {
    const direct = vi.spyOn(t.db, 'execute');
    const prepared = vi.spyOn(SqlStatements.prototype, 'execute');
    try {
      const calls = [
        '/my-tasks?search=todo&tab=todo&pageSize=3',
        '/my-tasks?search=todo&tab=todo&pageSize=3&pageNumber=4',
        '/my-task/statistics',
        '/my-tasks/work-order-numbers?search=todo&pageSize=1&pageNumber=9',
        '/my-tasks/inspection-planner?dateStart=2026-01-01&dateEnd=2026-01-31',
      ];
      for (const url of calls) expect((await mine(url)).status, url).toBe(200);
      // Nothing of my tasks is built and planned afresh: every statement goes by name.
      expect(direct).not.toHaveBeenCalled();
      const shapes = prepared.mock.calls.map(([, shape]) => shape.join(' '));
      expect(shapes).toContain('page:pressing countLimit limit offset search state today userId');
      expect(shapes).toContain('count countLimit search state today userId');
      expect(shapes).toContain('statistics today userId weekFrom weekTo');
      expect(shapes).toContain('workOrderNumbers:count countLimit search today userId');
      expect(shapes).toContain('page:planned limit offset periodFrom periodTo today userId');
    } finally {
      direct.mockRestore();
      prepared.mockRestore();
    }
  });
});

describe('access', () => {
  it('needs a session and the myTask view permission', async () => {
    const anonymous = await t.inject({ method: 'GET', url: '/api/my-tasks' });
    expect(anonymous.statusCode).toBe(401);
    const [role] = await t.db
      .insert(roles)
      .values({ name: `nothing-${randomUUID()}` })
      .returning();
    const user = await createUser(t, { roleId: role!.id });
    const token = (await t.login(user.username, user.password)).json().data.accessToken;
    for (const url of [
      '/my-tasks',
      `/my-tasks/${tasks.todo!.id}`,
      '/my-task/statistics',
      '/my-tasks/work-order-numbers',
      '/my-tasks/inspection-planner?dateStart=2026-01-01&dateEnd=2026-01-31',
    ]) {
      const r = await mine(url, token);
      expect(r.status, url).toBe(403);
      expect(r.body.message).toMatch(/myTask: view/);
    }
  });
});

describe('indexes', () => {
  it("reads a user's tasks from their rows of inspector_task, and no report for their states", async () => {
    // Enough rows of other people's work that reading tables whole no longer pays.
    const [{ equipment_no: equipmentNo }] = (
      await t.db.execute<{ equipment_no: string }>(sql`select equipment_no from report_header limit 1`)
    ).rows as [{ equipment_no: string }];
    await t.db.execute(sql`insert into work_order_spk (wo_number, title, date_start, date_end)
      select 'WO-BULK-' || n, 'Bulk', current_date, current_date from generate_series(1, 1000) n`);
    await t.db.execute(sql`insert into wo_task_assignment (work_order_spkid, inspection_method, user_pdmids)
      select id, 'thermal', jsonb_build_array(gen_random_uuid()) from work_order_spk where wo_number like 'WO-BULK-%'`);
    await t.db
      .execute(sql`insert into report_header (work_order_spkid, report_number, title, equipment_no, inspection_method)
      select w.id, 'RPT-BULK-' || w.wo_number || '-' || k, 'Bulk', ${equipmentNo}, 'thermal'
      from work_order_spk w, generate_series(1, 2) k where w.wo_number like 'WO-BULK-%'`);
    // An index-only scan needs the table's pages marked all-visible, as vacuum does. PGlite has no
    // autovacuum: the server's upkeep counts the assignments written as written to inspector_task
    // too (its triggers write it), and vacuums it.
    if (t.database.kind === 'pglite') {
      await t.database.maintain();
      const [upkept] = (
        await t.db.execute<{ visible: number }>(
          sql`select relallvisible as visible from pg_class where relname = 'inspector_task'`,
        )
      ).rows;
      expect(upkept!.visible).toBeGreaterThan(0);
    }
    await t.db.execute(sql`vacuum analyze`);
    // The statements bind their values (prepared by shape): explained with them in place.
    const client = t.db.$client as unknown as {
      query(text: string, values: unknown[]): Promise<{ rows: { 'QUERY PLAN': string }[] }>;
    };
    const explain = async (query: SQL, values: Record<string, unknown>) => {
      const built = new PgDialect().sqlToQuery(sql`explain ${query}`);
      const plan = await client.query(built.sql, fillPlaceholders(built.params, values));
      return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    const scope = { userId: inspector.id, today };
    // Every task counted by state and method (the statistics), a page (cut before any row is read
    // whole, with its count bounded as the engine's window says) and a page of a search.
    const cut = { limit: 20, offset: 0, countLimit: 1000 };
    const searched = { ...scope, ...taskFilters({ search: 'pump' }) };
    const text = [
      await explain(
        sql`select tasks.state, tasks.inspection_method_name, count(*) filter (where tasks.overdue)
        from ${myTasksSql(scope)} group by 1, 2`,
        scope,
      ),
      await explain(sql`select * from ${myTasksSql(scope, cut)}`, { ...scope, ...cutValues(cut) }),
      await explain(sql`select * from ${myTasksSql(searched, cut)}`, {
        ...scope,
        ...searched.values,
        ...cutValues(cut),
      }),
    ].join('\n');
    // One for the statistics; for each page, one for its rows and one for its count.
    expect(text.match(/Index Only Scan using inspector_task_list_idx/g)).toHaveLength(5);
    expect(text).not.toMatch(/Seq Scan on (inspector_task|wo_task_assignment|report_header|work_order_spk)/);
  });
});

describe('what the database keeps', () => {
  it('agrees with the rows after every change above, the bulk inserts included', async () => {
    const { kept, counted } = await keptCounts(t);
    expect(Object.keys(kept.states).length).toBeGreaterThan(1000);
    expect(Object.keys(kept.inspectors).length).toBeGreaterThan(1000);
    expect(kept).toEqual(counted);
  });
});
