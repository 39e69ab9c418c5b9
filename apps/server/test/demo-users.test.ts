/** The demo's planner and inspector: their roles, their password, and the inspector's tasks. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { seedDemoUsers } from '../src/modules/seed/demo-users.ts';
import { createReportHeader, createWorkOrder, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
const password = 'demo-password-for-tests';
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const tokenOf = async (username: string) => {
  const r = await t.login(username, password);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.accessToken as string;
};

describe('demo users', () => {
  it('creates the planner and the inspector once, the inspector with tasks on the latest work orders', async () => {
    const reported = await createWorkOrder(t, { dateStart: '2026-03-01', equipmentCategory: 'pipe' });
    await createReportHeader(t, { workOrderSPKId: reported.id, inspectionMethod: 'ufd' });
    const byCategory = await createWorkOrder(t, { dateStart: '2026-02-01', equipmentCategory: 'electrical' });
    await createWorkOrder(t, { dateStart: '2026-01-01', status: 'completed' });

    const lines: string[] = [];
    expect(await seedDemoUsers(t.db, { password, log: (l) => lines.push(l) })).toEqual([
      'planner',
      'inspector',
    ]);
    expect(lines).toEqual([]);
    expect(await seedDemoUsers(t.db, { password: 'another-password', log: (l) => lines.push(l) })).toEqual(
      [],
    );

    const inspector = await tokenOf('inspector');
    const tasks = await t.call('GET', '/api/my-tasks', undefined, inspector);
    expect(tasks.status).toBe(200);
    const byWorkOrder = Object.fromEntries(
      tasks.body.data.map((x: { workOrderSPKId: string; inspectionMethod: string; state: string }) => [
        x.workOrderSPKId,
        `${x.inspectionMethod} ${x.state}`,
      ]),
    );
    // The report's method, so the task is under way; the first method for the category otherwise;
    // a completed work order gets none.
    expect(Object.keys(byWorkOrder)).toHaveLength(2);
    expect(byWorkOrder[reported.id]).toBe('ufd inProgress');
    expect(byWorkOrder[byCategory.id]).toMatch(/^\S+ todo$/);
  });

  it('lets the inspector work reports but not plan, and the planner plan but not approve', async () => {
    const inspector = await tokenOf('inspector');
    const planner = await tokenOf('planner');
    expect((await t.call('GET', '/api/work-order-spks', undefined, inspector)).status).toBe(200);
    expect(
      (await t.call('POST', '/api/work-order-spks', { woNumber: 'WO-X', title: 'x' }, inspector)).status,
    ).toBe(403);
    expect((await t.call('GET', '/api/thermal-measurements', undefined, inspector)).status).toBe(200);
    expect(
      (await t.call('POST', '/api/work-order-spks', { woNumber: 'WO-P', title: 'Planned' }, planner)).status,
    ).toBe(201);
    const report = await createReportHeader(t);
    await t.call('PUT', `/api/report-headers/update-report-status/${report.id}?status=submitted`);
    const approve = await t.call(
      'PUT',
      `/api/report-headers/update-report-status/${report.id}?status=approved`,
      undefined,
      planner,
    );
    expect(approve.status).toBe(403);
  });

  it('prints a generated password once when none is configured', async () => {
    // The earlier demo users keep their accounts under other names.
    await t.db.execute(
      sql`update user_account set username = 'was-' || username where username in ('planner', 'inspector')`,
    );
    const lines: string[] = [];
    expect(await seedDemoUsers(t.db, { password: undefined, log: (l) => lines.push(l) })).toHaveLength(2);
    expect(lines).toHaveLength(1);
    const generated = /with password (\S+)$/.exec(lines[0]!)![1]!;
    expect((await t.login('inspector', generated)).statusCode).toBe(200);
  });

  it('takes DEMO_PASSWORD from the environment, at least 12 characters', () => {
    expect(loadConfig({ DEMO_PASSWORD: 'long-enough-password' }).demoPassword).toBe('long-enough-password');
    expect(loadConfig({}).demoPassword).toBeUndefined();
    expect(() => loadConfig({ DEMO_PASSWORD: 'short' })).toThrow(
      'Invalid configuration: DEMO_PASSWORD must be at least 12 characters',
    );
  });
});
