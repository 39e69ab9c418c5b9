/**
 * The demo's users: their roles, their password, the inspectors' tasks, the contractor's company and
 * the reviewers' levels on the thermal approval path.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { demoApprovalPositions, seedDemoData } from '../src/modules/seed/demo-data.ts';
import { demoContractorName, demoUsers, seedDemoUsers } from '../src/modules/seed/demo-users.ts';
import {
  completeForSubmission,
  createEquipment,
  createReportHeader,
  createWorkOrder,
  startTestApp,
} from './helpers.ts';
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

/** The demo's approval settings (seeded with the demo data): thermal by the engineer, then the superintendent. */
async function demoThermalPath() {
  for (const { name, levelApproval } of demoApprovalPositions) {
    const r = await t.call('POST', '/api/reviewer-assignment/position-level-approval', {
      name,
      levelApproval,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
  const settings = await t.call('GET', '/api/inspection-method-approvals/get-settings');
  const thermal = settings.body.data.find(
    (m: { inspectionMethod: string }) => m.inspectionMethod === 'thermal',
  );
  const levels = demoApprovalPositions.map((p) => ({
    levelApproval: p.levelApproval,
    approvalPosition: p.name,
  }));
  const r = await t.call('POST', '/api/inspection-method-approvals/upsert-many', {
    inspectionMethodId: thermal.inspectionMethodId,
    levels,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

describe('demo users', () => {
  it('creates the demo users once, the inspector with tasks on the latest work orders', async () => {
    await demoThermalPath();
    const reported = await createWorkOrder(t, { dateStart: '2026-03-01', equipmentCategory: 'pipe' });
    await createReportHeader(t, { workOrderSPKId: reported.id, inspectionMethod: 'ufd' });
    const byCategory = await createWorkOrder(t, { dateStart: '2026-02-01', equipmentCategory: 'electrical' });
    await createWorkOrder(t, { dateStart: '2026-01-01', status: 'completed' });

    const lines: string[] = [];
    expect(await seedDemoUsers(t.db, { password, log: (l) => lines.push(l) })).toEqual([
      'planner',
      'inspector',
      'contractor',
      'reviewer1',
      'reviewer2',
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

  it("gives the contractor's inspector its company and a thermal task, the reviewers the thermal levels", async () => {
    const contractor = await tokenOf('contractor');
    const companies = await t.call('GET', '/api/contractor-company');
    const company = companies.body.data.find(
      (c: { contractorName: string }) => c.contractorName === demoContractorName,
    );
    expect(company).toBeDefined();
    const [row] = (
      await t.db.execute(
        sql`select contractor_company_id as company from user_account where username = 'contractor'`,
      )
    ).rows as { company: string }[];
    expect(row!.company).toBe(company.id);

    const tasks = await t.call('GET', '/api/my-tasks', undefined, contractor);
    expect(tasks.status).toBe(200);
    expect(tasks.body.data.map((x: { inspectionMethod: string }) => x.inspectionMethod)).toEqual(['thermal']);
    // Scoped to its company: it sees the work order of its task and no other.
    const orders = await t.call('GET', '/api/work-order-spks', undefined, contractor);
    expect(orders.body.data.map((w: { id: string }) => w.id)).toEqual([tasks.body.data[0].workOrderSPKId]);

    const reviewers = await t.call('GET', '/api/reviewer-assignment?inspectionMethod=thermal');
    expect(reviewers.status).toBe(200);
    expect(
      reviewers.body.data
        .map(
          (r: { levelApproval: number; username: string; isActive: boolean }) =>
            `${r.levelApproval} ${r.username} ${r.isActive}`,
        )
        .sort(),
    ).toEqual(['1 reviewer1 true', '2 reviewer2 true']);
    for (const reviewer of ['reviewer1', 'reviewer2']) {
      const queue = await t.call(
        'GET',
        '/api/report-approval-paths/queue',
        undefined,
        await tokenOf(reviewer),
      );
      expect(queue.status).toBe(200);
    }
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
    await completeForSubmission(t, report.id);
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
    await t.db.execute(sql`update user_account set username = 'was-' || username where username <> 'admin'`);
    const lines: string[] = [];
    expect(await seedDemoUsers(t.db, { password: undefined, log: (l) => lines.push(l) })).toHaveLength(
      demoUsers.length,
    );
    expect(lines).toHaveLength(1);
    const generated = /with password (\S+)$/.exec(lines[0]!)![1]!;
    expect((await t.login('inspector', generated)).statusCode).toBe(200);
  });

  it("walks the demo's thermal path: the contractor submits, reviewer 1 and reviewer 2 approve", async () => {
    const fresh = await startTestApp();
    try {
      expect(await seedDemoData(fresh.db, fresh.files)).toBe(true);
      await seedDemoUsers(fresh.db, { password, log: () => {} });
      const as = async (username: string) => {
        const r = await fresh.login(username, password);
        expect(r.statusCode, r.body).toBe(200);
        return r.json().data.accessToken as string;
      };
      const contractor = await as('contractor');
      const [task] = (await fresh.call('GET', '/api/my-tasks', undefined, contractor)).body.data;
      expect(task.inspectionMethod).toBe('thermal');
      const equipment = await createEquipment(fresh);
      const created = await fresh.call(
        'POST',
        '/api/report-headers',
        {
          workOrderSPKId: task.workOrderSPKId,
          reportNumber: 'RPT-DEMO-C1',
          title: 'Panel survey by the contractor',
          equipmentNo: equipment.equipmentNo,
          inspectionMethod: 'thermal',
        },
        contractor,
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.data.id as string;
      const move = (query: string, token: string) =>
        fresh.call('PUT', `/api/report-headers/update-report-status/${id}?${query}`, undefined, token);
      await completeForSubmission(fresh, id);
      expect((await move('status=submitted', contractor)).status).toBe(200);

      const first = await as('reviewer1');
      const second = await as('reviewer2');
      // Out of turn: the superintendent cannot act at level 1.
      expect((await move('status=approved&level=1', second)).status).toBe(403);
      const queue = await fresh.call('GET', '/api/report-approval-paths/queue', undefined, first);
      expect(queue.body.data.map((r: { id: string }) => r.id)).toContain(id);
      const atOne = await move('status=approved&level=1', first);
      expect(atOne.status, JSON.stringify(atOne.body)).toBe(200);
      expect(atOne.body.data).toMatchObject({ status: 'inReview', approvalLevel: 2 });
      const atTwo = await move('status=approved&level=2', second);
      expect(atTwo.status, JSON.stringify(atTwo.body)).toBe(200);
      expect(atTwo.body.data.status).toBe('approved');
    } finally {
      await fresh.close();
    }
  });

  it('names as inspectors only users who may be (never the administrator, a planner or a reviewer)', async () => {
    const fresh = await startTestApp();
    try {
      expect(await seedDemoData(fresh.db, fresh.files)).toBe(true);
      await seedDemoUsers(fresh.db, { password, log: () => {} });
      const named = (
        await fresh.db.execute<{ method: string; id: string; username: string }>(sql`
          select a.inspection_method as method, u.id, u.username
          from wo_task_assignment a
          cross join lateral jsonb_array_elements_text(a.user_pdmids) n(id)
          join user_account u on u.id = n.id::uuid`)
      ).rows;
      expect(named.map((n) => n.username)).toEqual(expect.arrayContaining(['inspector', 'contractor']));
      for (const n of named) expect(n.username).not.toMatch(/^(admin|planner|reviewer\d)$/);
      // Each by the one rule: the assignable users of the assignment's method list them.
      for (const method of new Set(named.map((n) => n.method))) {
        const listed = await fresh.call(
          'GET',
          `/api/wo-task-assignments/assignable-users?inspectionMethod=${method}`,
        );
        expect(listed.status).toBe(200);
        const ids = listed.body.data.map((u: { id: string }) => u.id);
        for (const n of named.filter((x) => x.method === method))
          expect(ids, `${method} ${n.username}`).toContain(n.id);
      }
    } finally {
      await fresh.close();
    }
  });

  it('takes DEMO_PASSWORD from the environment, at least 12 characters', () => {
    expect(loadConfig({ DEMO_PASSWORD: 'long-enough-password' }).demoPassword).toBe('long-enough-password');
    expect(loadConfig({}).demoPassword).toBeUndefined();
    expect(() => loadConfig({ DEMO_PASSWORD: 'short' })).toThrow(
      'Invalid configuration: DEMO_PASSWORD must be at least 12 characters',
    );
  });
});
