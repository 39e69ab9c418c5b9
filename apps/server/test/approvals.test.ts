/**
 * Approvals (docs/approvals.md): approval settings per method, reviewer assignment, and the flow a
 * report takes through its levels — who may act at each, the 409 of a reviewer who lost a race or
 * whose level has passed, the history of every step and its audit rows.
 */
import { randomUUID } from 'node:crypto';
import { approvalPosition } from '@inspectra/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, rolePermissions, roles, tableOf, users } from '../src/db/schema/index.ts';
import { seedDemoData } from '../src/modules/seed/demo-data.ts';
import {
  completeForSubmission,
  createEquipment,
  createUser,
  createWorkOrder,
  migrationStatements,
  nextIp,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
let inspectorRole: string;
let reviewerRole: string;
let adminRole: string;
let thermalId: string;

type Person = { id: string; username: string; fullName: string; token: string };

async function role(grants: [string, string][]) {
  const [row] = await t.db
    .insert(roles)
    .values({ name: `role-${randomUUID()}` })
    .returning();
  await t.db
    .insert(rolePermissions)
    .values(grants.map(([module, action]) => ({ roleId: row!.id, module, action })));
  return row!.id;
}

async function person(roleId: string, position?: string): Promise<Person> {
  const user = await createUser(t, { roleId });
  if (position) await t.db.update(users).set({ approvalPosition: position }).where(eq(users.id, user.id));
  const token = (await t.login(user.username, user.password, nextIp())).json().data.accessToken as string;
  return { id: user.id, username: user.username, fullName: `Test ${user.username}`, token };
}

const engineer = 'Area engineer';
const manager = 'Inspection manager';

const setPath = (levels: { levelApproval: number; approvalPosition: string }[], methodId = thermalId) =>
  t.call('POST', '/api/inspection-method-approvals/upsert-many', { inspectionMethodId: methodId, levels });

const assign = (userPdmIds: string[], levelApproval: number, inspectionMethod = 'thermal') =>
  t.call('POST', '/api/reviewer-assignment/assign-user', { inspectionMethod, levelApproval, userPdmIds });

async function reportBy(author: Person, inspectionMethod = 'thermal', workOrderSPKId?: string) {
  const wo = workOrderSPKId ?? (await createWorkOrder(t)).id;
  const equipment = await createEquipment(t);
  const r = await t.call(
    'POST',
    '/api/report-headers',
    {
      workOrderSPKId: wo,
      reportNumber: `RPT-${randomUUID().slice(0, 8)}`,
      title: 'Panel LP-3A',
      equipmentNo: equipment.equipmentNo,
      inspectionMethod,
    },
    author.token,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { id: string; reportNumber: string };
}

/** A move; a submission first gives the report what its method requires (report-completeness.test.ts). */
const move = async (
  id: string,
  status: string,
  who: Person | undefined,
  o: { comment?: string; level?: number } = {},
) => {
  if (status === 'submitted') await completeForSubmission(t, id);
  return t.call(
    'PUT',
    `/api/report-headers/update-report-status/${id}?status=${status}${
      o.comment === undefined ? '' : `&comment=${encodeURIComponent(o.comment)}`
    }${o.level === undefined ? '' : `&level=${o.level}`}`,
    undefined,
    who?.token,
  );
};

const reportNow = async (id: string) => (await t.call('GET', `/api/report-headers?id=${id}`)).body.data[0];

let inspector: Person;
let first: Person;
let firstToo: Person;
let second: Person;
let outsider: Person;

beforeAll(async () => {
  t = await startTestApp();
  inspectorRole = await role([
    ['reportHeader', 'view'],
    ['reportHeader', 'create'],
    ['reportHeader', 'update'],
  ]);
  reviewerRole = await role([
    ['reportHeader', 'view'],
    ['reportHeader', 'approve'],
    ['taskAssignment', 'view'],
    ['taskAssignment', 'update'],
  ]);
  adminRole = (await t.db.select().from(roles).where(eq(roles.isAdministrator, true)))[0]!.id;
  for (const name of [engineer, manager]) {
    const r = await t.call('POST', '/api/reviewer-assignment/position-level-approval', {
      name,
      levelApproval: name === engineer ? 1 : 2,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
  const settings = await t.call('GET', '/api/inspection-method-approvals/get-settings');
  thermalId = settings.body.data.find(
    (m: { inspectionMethod: string }) => m.inspectionMethod === 'thermal',
  ).inspectionMethodId;
  inspector = await person(inspectorRole);
  first = await person(reviewerRole, engineer);
  firstToo = await person(reviewerRole, engineer);
  second = await person(reviewerRole, manager);
  outsider = await person(reviewerRole, manager);
});
afterAll(() => t?.close());

describe('approval settings', () => {
  it('refuses level 0, level 99, gaps and repeats, and an unknown position, changing nothing', async () => {
    for (const levels of [
      [{ levelApproval: 0, approvalPosition: engineer }],
      [{ levelApproval: 99, approvalPosition: engineer }],
      [
        { levelApproval: 1, approvalPosition: engineer },
        { levelApproval: 3, approvalPosition: manager },
      ],
      [
        { levelApproval: 1, approvalPosition: engineer },
        { levelApproval: 1, approvalPosition: manager },
      ],
    ]) {
      const r = await setPath(levels);
      expect(r.status, JSON.stringify(levels)).toBe(400);
      expect(r.body).toMatchObject({ data: null, error: { code: 'VALIDATION_ERROR' } });
    }
    // Each refusal by its catalogue code, on the field concerned: a form says it in the user's words.
    const gap = await setPath([
      { levelApproval: 1, approvalPosition: engineer },
      { levelApproval: 3, approvalPosition: manager },
    ]);
    expect(gap.body.error.details).toEqual([
      {
        path: 'levels',
        message: 'Levels run from 1 upwards, without gaps or repeats',
        code: 'approvalLevelsInOrder',
      },
    ]);
    const blank = await setPath([{ levelApproval: 1, approvalPosition: ' ' }]);
    expect(blank.body.error.details).toEqual([
      expect.objectContaining({ path: 'levels.0.approvalPosition', code: 'required' }),
    ]);
    const unknown = await setPath([{ levelApproval: 1, approvalPosition: 'Nobody' }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual([
      expect.objectContaining({ path: 'approvalPosition', code: 'notInList' }),
    ]);
    const now = await t.call(
      'GET',
      `/api/inspection-method-approvals/get-approval-settings?inspectionMethodId=${thermalId}`,
    );
    expect(now.body.data.levels).toEqual([]);
    expect(
      (
        await t.call(
          'GET',
          `/api/inspection-method-approvals/get-approval-settings?inspectionMethodId=${randomUUID()}`,
        )
      ).status,
    ).toBe(404);
  });

  it("replaces a method's path and summarises it", async () => {
    const three = await setPath([
      { levelApproval: 1, approvalPosition: engineer },
      { levelApproval: 2, approvalPosition: manager },
      { levelApproval: 3, approvalPosition: manager },
    ]);
    expect(three.status, JSON.stringify(three.body)).toBe(200);
    const two = await setPath([
      { levelApproval: 2, approvalPosition: manager },
      { levelApproval: 1, approvalPosition: engineer },
    ]);
    expect(two.body.data).toMatchObject({
      inspectionMethod: 'thermal',
      levels: [
        { levelApproval: 1, approvalPosition: engineer },
        { levelApproval: 2, approvalPosition: manager },
      ],
    });
    const listed = await t.call(
      'GET',
      `/api/inspection-method-approvals?inspectionMethodId=${thermalId}&levelApproval=2`,
    );
    expect(listed.body.data).toMatchObject([
      { inspectionMethod: 'thermal', levelApproval: 2, approvalPosition: manager },
    ]);
    const summary = await t.call('GET', '/api/inspection-method-approvals/get-summary');
    expect(
      summary.body.data.find((m: { inspectionMethod: string }) => m.inspectionMethod === 'thermal'),
    ).toMatchObject({
      levelCount: 2,
      complete: false,
    });
  });
});

describe('reviewer assignment', () => {
  it('assigns only users holding the level position, on a level the path has', async () => {
    const mismatch = await assign([second.id], 1);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toContain(`approved by ${engineer}`);
    expect(mismatch.body.error.details).toEqual([
      expect.objectContaining({
        path: 'userPdmId',
        code: 'reviewerPosition',
        params: { name: second.fullName, position: engineer },
      }),
    ]);
    const noLevel = await assign([first.id], 5);
    expect(noLevel.status).toBe(400);
    expect(noLevel.body.message).toMatch(/has no approval level 5/);
    expect(noLevel.body.error.details).toEqual([
      expect.objectContaining({ path: 'levelApproval', code: 'levelNotOnPath', params: { level: 5 } }),
    ]);
    expect((await assign([first.id, firstToo.id], 1)).status).toBe(200);
    expect((await assign([second.id], 2)).status).toBe(200);
    const listed = await t.call('GET', '/api/reviewer-assignment?inspectionMethod=thermal&levelApproval=1');
    expect(listed.body.meta.totalCount).toBe(2);
    expect(listed.body.data[0]).toMatchObject({ approvalPosition: engineer, isActive: true });
    // As an administrator reads a path: by method, then level by level, whatever the order assigned in.
    const thermal = await t.call('GET', '/api/reviewer-assignment?inspectionMethod=thermal');
    expect(thermal.body.data.map((r: { levelApproval: number }) => r.levelApproval)).toEqual([1, 1, 2]);
    const summary = await t.call('GET', '/api/inspection-method-approvals/get-summary');
    expect(
      summary.body.data.find((m: { inspectionMethod: string }) => m.inspectionMethod === 'thermal'),
    ).toMatchObject({
      complete: true,
      levels: [{ activeReviewers: 2 }, { activeReviewers: 1 }],
    });
  });

  it('toggles activation, and assigning again re-activates', async () => {
    const [row] = (await t.call('GET', `/api/reviewer-assignment?userPdmId=${firstToo.id}`)).body.data;
    const off = await t.call(
      'PUT',
      `/api/reviewer-assignment/update-reviewer-status/${row.id}?activation=false`,
    );
    expect(off.body.data.isActive).toBe(false);
    expect((await t.call('GET', '/api/reviewer-assignment?isActive=false')).body.data).toHaveLength(1);
    expect(
      (await t.call('PUT', `/api/reviewer-assignment/update-reviewer-status/${row.id}?activation=maybe`))
        .status,
    ).toBe(400);
    const again = await assign([firstToo.id], 1);
    expect(again.body.data[0]).toMatchObject({ id: row.id, isActive: true });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'reviewerAssignment'), eq(auditLog.entityId, row.id)));
    expect(audit.length).toBeGreaterThanOrEqual(3);
  });

  it('changes an assignment only to a level whose position the user holds', async () => {
    const [row] = (await t.call('GET', `/api/reviewer-assignment?userPdmId=${first.id}`)).body.data;
    const wrong = await t.call('PUT', `/api/reviewer-assignment/${row.id}`, { levelApproval: 2 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain(`approved by ${manager}`);
    const stale = await t.call('PUT', `/api/reviewer-assignment/${row.id}`, { isActive: true, version: 99 });
    expect(stale.status).toBe(409);
    const same = await t.call('PUT', `/api/reviewer-assignment/${row.id}`, {
      isActive: true,
      version: row.version,
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data).toMatchObject({
      levelApproval: 1,
      approvalPosition: engineer,
      version: row.version + 1,
    });
  });

  it('is refused to a role without the approval permission', async () => {
    expect((await t.call('GET', '/api/reviewer-assignment', undefined, inspector.token)).status).toBe(403);
    expect(
      (
        await t.call(
          'POST',
          '/api/reviewer-assignment/assign-user',
          { inspectionMethod: 'thermal', levelApproval: 1, userPdmIds: [inspector.id] },
          first.token,
        )
      ).status,
    ).toBe(403);
  });
});

describe('the approval flow', () => {
  it('walks submit, return with comment, resubmit, level 1, level 2, approved and locked, with history', async () => {
    const report = await reportBy(inspector);
    const submitted = await move(report.id, 'submitted', inspector);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.data).toMatchObject({ status: 'submitted', approvalLevel: 1 });

    // Nobody but the level's reviewers acts: not a level-2 reviewer, not an unassigned administrator.
    const early = await move(report.id, 'approved', second);
    expect(early.status).toBe(403);
    expect(early.body.message).toContain(`level 1 (${engineer})`);
    const admin = await move(report.id, 'approved', undefined);
    expect(admin.status).toBe(403);

    const bare = await move(report.id, 'returned', first);
    expect(bare.status).toBe(400);
    expect(bare.body.message).toMatch(/comment is required/);
    const returned = await move(report.id, 'returned', first, { comment: 'North flange photo missing' });
    expect(returned.body.data).toMatchObject({ status: 'returned', approvalLevel: null });

    expect((await move(report.id, 'submitted', inspector)).status).toBe(200);
    const current = await t.call(
      'GET',
      `/api/report-approval-paths/current?reportHeaderId=${report.id}`,
      undefined,
      first.token,
    );
    expect(current.body.data).toMatchObject({ approvalLevel: 1, canAct: true, source: 'snapshot' });
    expect(current.body.data.path.map((s: { position: string }) => s.position)).toEqual([engineer, manager]);
    const queue = await t.call('GET', '/api/report-approval-paths/queue', undefined, first.token);
    expect(queue.body.data.map((r: { id: string }) => r.id)).toContain(report.id);
    expect(
      (await t.call('GET', '/api/report-approval-paths/queue', undefined, second.token)).body.data.map(
        (r: { id: string }) => r.id,
      ),
    ).not.toContain(report.id);

    const l1 = await move(report.id, 'approved', first, { comment: 'Level 1 fine', level: 1 });
    expect(l1.body.data).toMatchObject({ status: 'inReview', approvalLevel: 2 });
    // A level-1 reviewer whose level has passed is told the report moved on.
    const late = await move(report.id, 'approved', firstToo);
    expect(late.status).toBe(409);
    expect(late.body.message).toContain(
      `already approved at level 1 by ${first.fullName}; it now waits at level 2`,
    );
    expect((await move(report.id, 'approved', second, { level: 1 })).status).toBe(409);
    // Holding the position is not enough: only those assigned at the level act.
    expect((await move(report.id, 'approved', outsider)).status).toBe(403);

    const l2 = await move(report.id, 'approved', second, { level: 2 });
    expect(l2.status, JSON.stringify(l2.body)).toBe(200);
    expect(l2.body.data).toMatchObject({ status: 'approved', approvalLevel: null });
    const locked = await t.call(
      'PUT',
      `/api/report-headers/${report.id}`,
      { title: 'changed' },
      inspector.token,
    );
    expect(locked.status).toBe(409);
    const again = await move(report.id, 'approved', second);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/The report is approved/);

    const history = await t.call('GET', `/api/report-approval-paths/history?reportHeaderId=${report.id}`);
    expect(
      history.body.data.map((s: Record<string, unknown>) => [
        s.action,
        s.level,
        s.position,
        s.actorUsername,
        s.comment,
      ]),
    ).toEqual([
      ['submitted', 1, engineer, inspector.username, null],
      ['returned', 1, engineer, first.username, 'North flange photo missing'],
      ['submitted', 1, engineer, inspector.username, null],
      ['approved', 1, engineer, first.username, 'Level 1 fine'],
      ['approved', 2, manager, second.username, null],
    ]);
    const mine = await t.call(
      'GET',
      `/api/report-approval-paths/history?reportHeaderId=${report.id}&username=${first.username}`,
    );
    expect(mine.body.data).toHaveLength(2);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'reportHeader'),
          eq(auditLog.entityId, report.id),
          eq(auditLog.action, 'update'),
        ),
      );
    expect(audit).toHaveLength(5);
  });

  it('lets exactly one of two reviewers at the same level move the report', async () => {
    const report = await reportBy(inspector);
    await move(report.id, 'submitted', inspector);
    const [a, b] = await Promise.all([
      move(report.id, 'approved', first, { level: 1 }),
      move(report.id, 'approved', firstToo, { level: 1 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await reportNow(report.id)).approvalLevel).toBe(2);
  });

  it('lets a reviewer act only while they hold the position the path names at the level', async () => {
    const moved = await person(reviewerRole, engineer);
    expect((await assign([moved.id], 1)).status).toBe(200);
    const report = await reportBy(inspector);
    await move(report.id, 'submitted', inspector);
    // Promoted away from the position: the assignment stays on record but no longer lets them act.
    await t.db.update(users).set({ approvalPosition: manager }).where(eq(users.id, moved.id));
    const refused = await move(report.id, 'approved', moved, { level: 1 });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.message).toMatch(/level 1 \(Area engineer\)/);
    const current = await t.call('GET', `/api/report-approval-paths/current?reportHeaderId=${report.id}`);
    const atLevel1 = current.body.data.path.find((l: { level: number }) => l.level === 1);
    expect(atLevel1.reviewers.map((r: { id: string }) => r.id)).not.toContain(moved.id);
    const queueOf = async (who: Person) =>
      (await t.call('GET', '/api/report-approval-paths/queue', undefined, who.token)).body.data.map(
        (r: { id: string }) => r.id,
      );
    expect(await queueOf(moved)).not.toContain(report.id);
    expect(await queueOf(first)).toContain(report.id);
    expect((await reportNow(report.id)).approvalLevel).toBe(1);
    expect((await move(report.id, 'approved', first, { level: 1 })).status).toBe(200);
  });

  it('never lets the author approve, even an assigned reviewer', async () => {
    const both = await role([
      ['reportHeader', 'view'],
      ['reportHeader', 'create'],
      ['reportHeader', 'update'],
      ['reportHeader', 'approve'],
    ]);
    const writer = await person(both, engineer);
    expect((await assign([writer.id], 1)).status).toBe(200);
    const report = await reportBy(writer);
    await move(report.id, 'submitted', writer);
    const own = await move(report.id, 'approved', writer);
    expect(own.status).toBe(403);
    expect(own.body.message).toMatch(/You wrote this report/);
    expect(
      (await t.call('GET', '/api/report-approval-paths/queue', undefined, writer.token)).body.data.map(
        (r: { id: string }) => r.id,
      ),
    ).not.toContain(report.id);
    expect((await move(report.id, 'approved', first)).status).toBe(200);
  });

  it('keeps a report in flight on the path it was submitted with', async () => {
    const report = await reportBy(inspector);
    await move(report.id, 'submitted', inspector);
    await setPath([{ levelApproval: 1, approvalPosition: engineer }]);
    const l1 = await move(report.id, 'approved', first);
    expect(l1.body.data).toMatchObject({ status: 'inReview', approvalLevel: 2 });
    await setPath([
      { levelApproval: 1, approvalPosition: engineer },
      { levelApproval: 2, approvalPosition: manager },
    ]);
  });

  it('falls back to one level for a method without settings: any approver but the author', async () => {
    const admin2 = await person(adminRole);
    const report = await reportBy(inspector, 'vci');
    await move(report.id, 'submitted', inspector);
    const current = await t.call(
      'GET',
      `/api/report-approval-paths/current?reportHeaderId=${report.id}`,
      undefined,
      admin2.token,
    );
    expect(current.body.data).toMatchObject({ path: [{ level: 1, position: null }], canAct: true });
    const approved = await move(report.id, 'approved', admin2);
    expect(approved.body.data).toMatchObject({ status: 'approved' });
  });

  it("follows a task assignment's own levels over the method's", async () => {
    const wo = await createWorkOrder(t);
    const created = await t.call('POST', '/api/wo-task-assignments', {
      workOrderSPKId: wo.id,
      inspectionMethod: 'thermal',
      levelApprovals: [1],
      positionLevels: [engineer],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const report = await reportBy(inspector, 'thermal', wo.id);
    const submitted = await move(report.id, 'submitted', inspector);
    expect(submitted.body.data.approvalPath).toEqual([{ level: 1, position: engineer }]);
    // Through the task assignment's call: the same flow and rules; one level, then approved.
    const url = (status: string) =>
      `/api/wo-task-assignments/update-approval-status/${created.body.data.id}?reportHeaderId=${report.id}&status=${status}&comment=OK`;
    expect((await t.call('PUT', url('approved'), undefined, second.token)).status).toBe(403);
    const approved = await t.call('PUT', url('approved'), undefined, first.token);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({
      data: { approvalStatus: true },
      message: `Report ${report.reportNumber} is approved`,
    });
  });
});

describe('approval positions are keys', () => {
  it('a rename follows into users, levels, reviewers, task assignments and reports in approval, and changes nothing else', async () => {
    const old = `Corrosion engineer ${randomUUID().slice(0, 6)}`;
    const renamed = `Integrity engineer ${randomUUID().slice(0, 6)}`;
    const made = await t.call('POST', '/api/reviewer-assignment/position-level-approval', { name: old });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const settings = await t.call('GET', '/api/inspection-method-approvals/get-settings');
    const ultrasoundId = settings.body.data.find(
      (m: { inspectionMethod: string }) => m.inspectionMethod === 'ultrasound',
    ).inspectionMethodId;
    expect((await setPath([{ levelApproval: 1, approvalPosition: old }], ultrasoundId)).status).toBe(200);
    const reviewer = await person(reviewerRole, old);
    expect((await assign([reviewer.id], 1, 'ultrasound')).status).toBe(200);
    const inFlight = await reportBy(inspector, 'ultrasound');
    expect((await move(inFlight.id, 'submitted', inspector)).body.data.approvalPath).toEqual([
      { level: 1, position: old },
    ]);
    const wo = await createWorkOrder(t);
    const assignment = await t.call('POST', '/api/wo-task-assignments', {
      workOrderSPKId: wo.id,
      inspectionMethod: 'ultrasound',
      levelApprovals: [1, 2],
      positionLevels: [old, engineer],
    });
    expect(assignment.status, JSON.stringify(assignment.body)).toBe(201);

    const rename = await t.call(
      'PUT',
      `/api/reviewer-assignment/position-level-approval/${made.body.data.id}`,
      {
        name: renamed,
        version: made.body.data.version,
      },
    );
    expect(rename.status, JSON.stringify(rename.body)).toBe(200);
    expect(rename.body.data).toMatchObject({ name: renamed, version: made.body.data.version + 1 });

    // Everything that named the position names it by its new name.
    expect((await t.call('GET', `/api/user-pdm/${reviewer.id}`)).body.data.approvalPosition).toBe(renamed);
    const path = await t.call(
      'GET',
      `/api/inspection-method-approvals/get-approval-settings?inspectionMethodId=${ultrasoundId}`,
    );
    expect(path.body.data.levels).toEqual([{ levelApproval: 1, approvalPosition: renamed }]);
    const reviewers = await t.call('GET', `/api/reviewer-assignment?userPdmId=${reviewer.id}`);
    expect(reviewers.body.data.map((r: { approvalPosition: string }) => r.approvalPosition)).toEqual([
      renamed,
    ]);
    expect((await reportNow(inFlight.id)).approvalPath).toEqual([{ level: 1, position: renamed }]);
    const inspections = await t.call('GET', `/api/wo-task-assignments/by-work-order?workOrderSPKId=${wo.id}`);
    expect(inspections.body.data[0].positionLevels).toEqual([renamed, engineer]);
    const holders = await t.call(
      'GET',
      `/api/user-pdm/get-by-approval-position/by-company?approvalPosition=${encodeURIComponent(renamed)}`,
    );
    expect(holders.body.data[0].users.map((u: { id: string }) => u.id)).toEqual([reviewer.id]);
    // The old name is no position any more: a user cannot be given it, nor a path.
    const stale = await t.call('POST', '/api/user-pdm', {
      username: `stale-${randomUUID().slice(0, 6)}`,
      fullName: 'Stale Holder',
      password: 'amber-lantern-over-river-9',
      roleId: reviewerRole,
      approvalPosition: old,
    });
    expect(stale.status).toBe(400);
    expect(stale.body.error.details).toEqual([
      { path: 'approvalPosition', message: 'No approval position has this name', code: 'unknownPosition' },
    ]);
    const unknownLevel = await setPath([{ levelApproval: 1, approvalPosition: old }], ultrasoundId);
    expect(unknownLevel.status).toBe(400);
    // Another position's name is taken: refused, nothing renamed.
    const clash = await t.call(
      'PUT',
      `/api/reviewer-assignment/position-level-approval/${made.body.data.id}`,
      {
        name: engineer,
      },
    );
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('An approval position with this name already exists');

    // The approval behaves as before: the reviewer acts on the report in flight and on a new one
    // under the task assignment, whose path names the position by its new name.
    const current = await t.call(
      'GET',
      `/api/report-approval-paths/current?reportHeaderId=${inFlight.id}`,
      undefined,
      reviewer.token,
    );
    expect(current.body.data).toMatchObject({ canAct: true, path: [{ level: 1, position: renamed }] });
    const queue = await t.call('GET', '/api/report-approval-paths/queue', undefined, reviewer.token);
    expect(queue.body.data.map((r: { id: string }) => r.id)).toContain(inFlight.id);
    expect((await move(inFlight.id, 'approved', reviewer, { level: 1 })).body.data.status).toBe('approved');
    const assigned = await reportBy(inspector, 'ultrasound', wo.id);
    const submitted = await move(assigned.id, 'submitted', inspector);
    expect(submitted.body.data.approvalPath).toEqual([
      { level: 1, position: renamed },
      { level: 2, position: engineer },
    ]);
    expect((await move(assigned.id, 'approved', reviewer, { level: 1 })).body.data).toMatchObject({
      status: 'inReview',
      approvalLevel: 2,
    });
    // The history keeps the name the position had when the step was taken.
    const history = await t.call('GET', `/api/report-approval-paths/history?reportHeaderId=${inFlight.id}`);
    expect(history.body.data.map((s: { position: string }) => s.position)).toEqual([old, renamed]);
  });
});

describe('the migration that made positions keys', () => {
  it('gives every position users held a place in the list before the key is added', async () => {
    const statements = await migrationStatements('_approval_position_references');
    const addKey = statements.findIndex((statement) => statement.includes('ADD CONSTRAINT'));
    const night = `Night supervisor ${randomUUID().slice(0, 6)}`;
    const held = {
      blank: '  ',
      otherCase: engineer.toUpperCase(),
      new: night,
      newOtherCase: night.toLowerCase(),
    };
    const positions = tableOf(approvalPosition);
    const rolledBack = new Error('rolled back');
    // In a transaction rolled back at the end: the database as it was before the migration, for a moment.
    const outcome = t.db.transaction(async (tx) => {
      await tx.execute(
        sql`alter table ${users} drop constraint user_account_approval_position_approval_position_name_fk`,
      );
      const ids: Record<string, string> = {};
      for (const [key, approvalPosition] of Object.entries(held)) {
        const [row] = await tx
          .insert(users)
          .values({
            username: `held-${randomUUID()}`,
            fullName: key,
            passwordHash: 'x',
            roleId: reviewerRole,
            approvalPosition,
          })
          .returning({ id: users.id });
        ids[key] = row!.id;
      }
      for (const statement of statements.slice(0, addKey + 1)) await tx.execute(sql.raw(statement));
      const now = Object.fromEntries(
        (
          await tx
            .select({ id: users.id, position: users.approvalPosition })
            .from(users)
            .where(inArray(users.id, Object.values(ids)))
        ).map((u) => [u.id, u.position]),
      );
      expect(now[ids.blank!]).toBeNull();
      expect(now[ids.otherCase!]).toBe(engineer);
      const added = await tx
        .select({ name: positions.name })
        .from(positions)
        .where(sql`lower(${positions.name}) = ${night.toLowerCase()}`);
      expect(added).toHaveLength(1);
      expect(now[ids.new!]).toBe(added[0]!.name);
      expect(now[ids.newOtherCase!]).toBe(added[0]!.name);
      throw rolledBack;
    });
    await expect(outcome).rejects.toBe(rolledBack);
  });
});

describe('the demo', () => {
  it('seeds a two-level path for thermal and one level for the other methods', async () => {
    const fresh = await startTestApp();
    try {
      expect(await seedDemoData(fresh.db, fresh.files)).toBe(true);
      const settings = await fresh.call('GET', '/api/inspection-method-approvals/get-settings');
      const levelsOf = (code: string) =>
        settings.body.data.find((m: { inspectionMethod: string }) => m.inspectionMethod === code).levels;
      expect(levelsOf('thermal')).toEqual([
        { levelApproval: 1, approvalPosition: 'Area inspection engineer' },
        { levelApproval: 2, approvalPosition: 'Inspection superintendent' },
      ]);
      expect(levelsOf('vci')).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});
