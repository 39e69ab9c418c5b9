/** Users (`user-pdm`): every call, the password policy, escalation, audit and sessions. */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorCompany } from '@inspectra/contract';
import { auditLog, roles, tableOf } from '../src/db/schema/index.ts';
import { createUser, nextIp, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
let roleIds: Record<string, string>;
let companyId: string;
const goodPassword = 'amber-lantern-over-river-9';

beforeAll(async () => {
  t = await startTestApp();
  roleIds = Object.fromEntries((await t.db.select().from(roles)).map((r) => [r.name, r.id]));
  const [company] = await t.db
    .insert(tableOf(contractorCompany))
    .values({ contractorName: 'Acme Inspection' })
    .returning();
  companyId = company!.id;
  await t.call('POST', '/api/asset/planner-groups', { code: 'PG1', name: 'Mechanical' });
  await t.call('POST', '/api/asset/planner-groups', { code: 'PG2', name: 'Electrical' });
  // A user holds a position of the list (docs/approvals.md).
  for (const name of ['Area engineer', 'Zeta lead', 'QA reviewer']) {
    const r = await t.call('POST', '/api/reviewer-assignment/position-level-approval', { name });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
});
afterAll(() => t?.close());

let sequence = 0;
const newUser = (overrides: Record<string, unknown> = {}) => ({
  username: `person${++sequence}-${randomUUID().slice(0, 6)}`,
  fullName: 'Rina Hartono',
  email: 'rina@example.com',
  employeeNumber: `E-${sequence}`,
  password: goodPassword,
  roleId: roleIds.Inspector,
  ...overrides,
});

async function created(overrides: Record<string, unknown> = {}) {
  const r = await t.call('POST', '/api/user-pdm', newUser(overrides));
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data;
}

/** A signed-in user of a role, with their token. */
async function signedIn(roleName: string) {
  const user = await createUser(t, { roleId: roleIds[roleName] });
  const res = await t.login(user.username, user.password, nextIp());
  return {
    ...user,
    token: res.json().data.accessToken as string,
    refreshToken: res.json().data.refreshToken,
  };
}

/** A role holding user management and nothing else of note: the escalation tests' caller. */
async function userManager() {
  const saved = await t.call('POST', '/api/roles/role-module', {
    name: `User manager ${randomUUID().slice(0, 8)}`,
    modules: [
      { module: 'user', actions: ['view', 'create', 'update', 'delete'] },
      { module: 'reportHeader', actions: ['view'] },
    ],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  const user = await createUser(t, { roleId: saved.body.data.id });
  const res = await t.login(user.username, user.password, nextIp());
  return { ...user, roleId: saved.body.data.id as string, token: res.json().data.accessToken as string };
}

const auditRows = (entityId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'userPdm'), eq(auditLog.entityId, entityId)));

describe('create, read, list', () => {
  it('creates a user with company, position and planner groups, never answering the hash', async () => {
    const r = await t.call(
      'POST',
      '/api/user-pdm',
      newUser({
        contractorCompanyId: companyId,
        approvalPosition: 'Area engineer',
        approvalLevel: 2,
        plannerGroups: ['PG1'],
      }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data).toMatchObject({
      contractorCompanyId: companyId,
      contractorName: 'Acme Inspection',
      roleName: 'Inspector',
      approvalLevel: 2,
      plannerGroups: ['PG1'],
      isActive: true,
    });
    expect(JSON.stringify(r.body)).not.toMatch(/passwordHash|argon/);
    const got = await t.call('GET', `/api/user-pdm/${r.body.data.id}`);
    expect(got.body.data).toEqual(r.body.data);
    const [audit] = await auditRows(r.body.data.id);
    expect(audit).toMatchObject({ action: 'create', before: null });
    expect(JSON.stringify(audit!.after)).not.toMatch(/passwordHash|argon/);
    expect(JSON.stringify(audit!.after)).not.toContain(goodPassword);
    expect((await t.login(r.body.data.username, goodPassword, nextIp())).statusCode).toBe(200);
  });

  it('refuses a duplicate username whatever its case (409), and bad input with 400s', async () => {
    const first = await created();
    const dup = await t.call('POST', '/api/user-pdm', newUser({ username: first.username.toUpperCase() }));
    expect(dup.status).toBe(409);
    expect(dup.body.message).toContain('already taken');
    for (const [bad, path] of [
      [{ approvalLevel: 0 }, 'approvalLevel'],
      [{ approvalLevel: 99 }, 'approvalLevel'],
      [{ plannerGroups: ['NOPE'] }, 'plannerGroups'],
      [{ contractorCompanyId: randomUUID() }, 'contractorCompanyId'],
      [{ approvalPosition: 'Plant manager' }, 'approvalPosition'],
      [{ roleId: randomUUID() }, 'roleId'],
      [{ email: 'not-mail' }, 'email'],
    ] as const) {
      const r = await t.call('POST', '/api/user-pdm', newUser(bad));
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
  });

  it('lists with search, filters (company, none for the owner staff, role, status, position) and paging', async () => {
    const contractor = await created({ contractorCompanyId: companyId, fullName: 'Zeta Contractor' });
    const owner = await created({ fullName: 'Zeta Owner', approvalPosition: 'Zeta lead' });
    const ids = async (qs: string) =>
      ((await t.call('GET', `/api/user-pdm?${qs}`)).body.data as { id: string }[]).map((u) => u.id);
    expect(await ids('search=zeta')).toEqual(expect.arrayContaining([contractor.id, owner.id]));
    expect(await ids(`search=zeta&contractorCompanyId=${companyId}`)).toEqual([contractor.id]);
    expect(await ids('search=zeta&contractorCompanyId=none')).toEqual([owner.id]);
    // A position is a key: named as it is listed.
    expect(await ids('approvalPosition=Zeta%20lead')).toEqual([owner.id]);
    expect(await ids('approvalPosition=zeta%20LEAD')).toEqual([]);
    expect(await ids(`search=${owner.employeeNumber}`)).toEqual([owner.id]);
    expect(await ids(`roleId=${roleIds.Administrator}`)).not.toContain(owner.id);
    expect(await ids('isActive=false')).not.toContain(owner.id);
    const page = await t.call('GET', '/api/user-pdm?pageSize=1&pageNumber=2');
    expect(page.body.data).toHaveLength(1);
    expect(page.body.meta).toMatchObject({ pageNumber: 2, pageSize: 1 });
    expect(page.body.meta.totalCount).toBeGreaterThan(2);
    expect((await t.call('GET', '/api/user-pdm?contractorCompanyId=acme')).status).toBe(400);
    expect((await t.call('GET', `/api/user-pdm/${randomUUID()}`)).status).toBe(404);
  });

  it('summarises by status, role and company, and lists position holders and planner groups', async () => {
    const holder = await created({
      approvalPosition: 'QA reviewer',
      approvalLevel: 1,
      contractorCompanyId: companyId,
    });
    const owner = await created({
      approvalPosition: 'QA reviewer',
      approvalLevel: 2,
      plannerGroups: ['PG1'],
    });
    // Inactive: counted nowhere but in the inactive figure.
    await created({ approvalPosition: 'QA reviewer', plannerGroups: ['PG2'] }).then((u) =>
      t.call('POST', '/api/user-pdm/update-status', { id: u.id, isActive: false }),
    );
    const summary = (await t.call('GET', '/api/user-pdm/summary')).body.data;
    expect(summary.total).toBe(summary.byStatus.active + summary.byStatus.inactive);
    expect(summary.byStatus.inactive).toBeGreaterThan(0);
    expect(summary.byRole.find((r: { roleName: string }) => r.roleName === 'Viewer').count).toBe(0);
    expect(
      summary.byCompany.find((c: { contractorCompanyId: string }) => c.contractorCompanyId === null).count,
    ).toBeGreaterThan(0);
    expect(
      summary.byCompany.find((c: { contractorCompanyId: string }) => c.contractorCompanyId === companyId)
        .contractorName,
    ).toBe('Acme Inspection');

    const holders = await t.call(
      'GET',
      '/api/user-pdm/get-by-approval-position/by-company?approvalPosition=QA%20reviewer',
    );
    expect(holders.body.data).toEqual([
      {
        contractorCompanyId: null,
        contractorName: null,
        users: [expect.objectContaining({ id: owner.id, approvalLevel: 2 })],
      },
      {
        contractorCompanyId: companyId,
        contractorName: 'Acme Inspection',
        users: [expect.objectContaining({ id: holder.id })],
      },
    ]);
    const narrowed = await t.call(
      'GET',
      `/api/user-pdm/get-by-approval-position/by-company?approvalPosition=QA%20reviewer&contractorCompanyId=${companyId}`,
    );
    expect(narrowed.body.data).toHaveLength(1);
    expect((await t.call('GET', '/api/user-pdm/get-by-approval-position/by-company')).status).toBe(400);

    const groups = await t.call('GET', '/api/user-pdm/get-planner-group?search=pg');
    expect(groups.body.data).toContainEqual({
      code: 'PG1',
      name: 'Mechanical',
      userCount: expect.any(Number),
    });
    const countOf = (code: string) =>
      groups.body.data.find((g: { code: string }) => g.code === code).userCount;
    expect(countOf('PG1')).toBeGreaterThanOrEqual(1);
    expect(countOf('PG2')).toBe(0);
  });
});

describe('update', () => {
  it('changes what is sent, audits before and after, and refuses a stale updatedAt (409)', async () => {
    const user = await created();
    const r = await t.call('PUT', `/api/user-pdm/${user.id}`, {
      fullName: 'Rina H.',
      approvalLevel: 3,
      updatedAt: user.updatedAt,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ fullName: 'Rina H.', approvalLevel: 3, email: user.email });
    const stale = await t.call('PUT', `/api/user-pdm/${user.id}`, {
      fullName: 'Lost',
      updatedAt: user.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect((await t.call('GET', `/api/user-pdm/${user.id}`)).body.data.fullName).toBe('Rina H.');
    const update = (await auditRows(user.id)).find((a) => a.action === 'update')!;
    expect(update.before).toMatchObject({ fullName: 'Rina Hartono' });
    expect(update.after).toMatchObject({ fullName: 'Rina H.' });
    expect((await t.call('PUT', `/api/user-pdm/${user.id}`, { fullName: 'x' })).status).toBe(400);
  });

  it('gives a user only a position of the list, named exactly (400 on the field otherwise)', async () => {
    const user = await created({ approvalPosition: 'Area engineer' });
    for (const unknown of ['Plant manager', 'area engineer']) {
      const r = await t.call('PUT', `/api/user-pdm/${user.id}`, {
        approvalPosition: unknown,
        updatedAt: user.updatedAt,
      });
      expect(r.status, unknown).toBe(400);
      expect(r.body.error.details).toEqual([
        { path: 'approvalPosition', message: 'No approval position has this name', code: 'unknownPosition' },
      ]);
    }
    const refused = await t.call('POST', '/api/user-pdm', newUser({ approvalPosition: 'Plant manager' }));
    expect(refused.body).toMatchObject({
      message: 'No approval position has this name',
      error: {
        details: [
          {
            path: 'approvalPosition',
            message: 'No approval position has this name',
            code: 'unknownPosition',
          },
        ],
      },
    });
    expect((await t.call('GET', `/api/user-pdm/${user.id}`)).body.data.approvalPosition).toBe(
      'Area engineer',
    );
    const moved = await t.call('PUT', `/api/user-pdm/${user.id}`, {
      approvalPosition: 'QA reviewer',
      updatedAt: user.updatedAt,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const cleared = await t.call('PUT', `/api/user-pdm/${user.id}`, {
      approvalPosition: null,
      updatedAt: moved.body.data.updatedAt,
    });
    expect(cleared.body.data.approvalPosition).toBeNull();
  });
});

describe('password', () => {
  it('applies the policy: length, not the username, not easy to guess', async () => {
    const user = await created();
    const set = (newPassword: string) =>
      t.call('PUT', `/api/user-pdm/update-password/${user.id}`, { newPassword });
    expect((await set('short-one')).status).toBe(400);
    expect((await set('x'.repeat(129))).status).toBe(400);
    const withName = await set(`my-${user.username.toUpperCase()}-pass`);
    expect(withName.status).toBe(400);
    expect(withName.body.message).toContain('username');
    const common = await set('Password1234');
    expect(common.status).toBe(400);
    expect(common.body.message).toContain('commonly used password');
    expect((await t.call('POST', '/api/user-pdm', newUser({ password: 'qwertyuiop123' }))).status).toBe(400);
  });

  it("changes the password, ends the user's sessions and audits the event without the secret", async () => {
    const user = await created();
    const session = (await t.login(user.username, goodPassword, nextIp())).json().data;
    const newPassword = 'violet-harbour-compass-42';
    const r = await t.call('PUT', `/api/user-pdm/update-password/${user.id}`, { newPassword });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.passwordChangedAt).not.toBe(user.passwordChangedAt);
    expect((await t.call('GET', '/api/auth/profile', undefined, session.accessToken)).status).toBe(401);
    const refresh = await t.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await t.login(user.username, goodPassword, nextIp())).statusCode).toBe(401);
    expect((await t.login(user.username, newPassword, nextIp())).statusCode).toBe(200);
    const event = (await auditRows(user.id)).find((a) => a.action === 'passwordChange')!;
    expect(event).toBeDefined();
    expect(JSON.stringify(event)).not.toContain(newPassword);
    expect(JSON.stringify(event)).not.toMatch(/argon|hash/i);
  });
});

describe('status and delete', () => {
  it('deactivating ends sessions at once and stops sign-in; activating lets them back in', async () => {
    const user = await created();
    const session = (await t.login(user.username, goodPassword, nextIp())).json().data;
    const off = await t.call('POST', '/api/user-pdm/update-status', { ids: [user.id], isActive: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.sessionsEnded).toBe(1);
    expect((await t.call('GET', '/api/auth/profile', undefined, session.accessToken)).status).toBe(401);
    expect((await t.login(user.username, goodPassword, nextIp())).statusCode).toBe(401);
    const on = await t.call('POST', '/api/user-pdm/update-status', { id: user.id, isActive: true });
    expect(on.body.data.updated[0].isActive).toBe(true);
    expect((await t.login(user.username, goodPassword, nextIp())).statusCode).toBe(200);
    expect((await auditRows(user.id)).filter((a) => a.action === 'update')).toHaveLength(2);
    expect((await t.call('POST', '/api/user-pdm/update-status', { isActive: false })).status).toBe(400);
  });

  it('deletes a user who authored nothing, and deactivates one who did', async () => {
    const idle = await created();
    const gone = await t.call('DELETE', `/api/user-pdm/${idle.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.data.outcome).toBe('deleted');
    expect((await t.call('GET', `/api/user-pdm/${idle.id}`)).status).toBe(404);
    expect((await auditRows(idle.id)).map((a) => a.action)).toContain('delete');

    const author = await created({ roleId: roleIds.Planner });
    const token = (await t.login(author.username, goodPassword, nextIp())).json().data.accessToken;
    const wo = await t.call(
      'POST',
      '/api/work-order-spks',
      { woNumber: `WO-${randomUUID()}`, title: 'Survey' },
      token,
    );
    expect(wo.status).toBe(201);
    const kept = await t.call('DELETE', `/api/user-pdm/${author.id}`);
    expect(kept.status).toBe(200);
    expect(kept.body.data.outcome).toBe('deactivated');
    expect(kept.body.message).toContain('deactivated');
    expect((await t.call('GET', `/api/user-pdm/${author.id}`)).body.data.isActive).toBe(false);
  });

  it('refuses to delete or deactivate oneself (403)', async () => {
    const me = await signedIn('Administrator');
    expect((await t.call('DELETE', `/api/user-pdm/${me.id}`, undefined, me.token)).status).toBe(403);
    expect(
      (await t.call('POST', '/api/user-pdm/update-status', { id: me.id, isActive: false }, me.token)).status,
    ).toBe(403);
    expect((await t.call('GET', `/api/user-pdm/${me.id}`)).body.data.isActive).toBe(true);
  });
});

describe('refusals in the words of the field-message catalogue (code, params, field)', () => {
  /** The details of a refusal, each as path and catalogue code (params where it has them). */
  const said = (body: { error: { details?: { path: string; code?: string; params?: unknown }[] } }) =>
    (body.error.details ?? []).map((d) => ({
      path: d.path,
      code: d.code,
      ...(d.params ? { params: d.params } : {}),
    }));

  it('says a taken username, an unknown role, company, position or planner group on its field', async () => {
    const first = await created();
    const dup = await t.call('POST', '/api/user-pdm', newUser({ username: first.username.toUpperCase() }));
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(`The username ${first.username.toUpperCase()} is already taken`);
    expect(dup.body.error.details).toEqual([{ path: 'username', message: 'Already taken', code: 'taken' }]);

    const gone = randomUUID();
    for (const [overrides, expected] of [
      [{ roleId: gone }, { path: 'roleId', code: 'unknownRole' }],
      [{ contractorCompanyId: gone }, { path: 'contractorCompanyId', code: 'unknownCompany' }],
      [{ approvalPosition: 'Plant manager' }, { path: 'approvalPosition', code: 'unknownPosition' }],
      [
        { plannerGroups: ['PG1', 'PG-NONE'] },
        { path: 'plannerGroups', code: 'unknownPlannerGroups', params: { codes: 'PG-NONE' } },
      ],
    ] as const) {
      const r = await t.call('POST', '/api/user-pdm', newUser(overrides));
      expect(r.status, JSON.stringify(overrides)).toBe(400);
      expect(said(r.body)).toEqual([expected]);
      // Never a field code in what a person may read.
      expect(r.body.message).not.toMatch(/roleId|contractorCompanyId|plannerGroups/);
    }
  });

  it('says a stale edit, a change to one’s own account and a stronger role on the field concerned', async () => {
    const user = await created();
    await t.call('PUT', `/api/user-pdm/${user.id}`, { fullName: 'Rina H.', updatedAt: user.updatedAt });
    const stale = await t.call('PUT', `/api/user-pdm/${user.id}`, {
      fullName: 'Rina Hartono',
      updatedAt: user.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect(said(stale.body)).toEqual([{ path: 'updatedAt', code: 'changedSinceRead' }]);

    const me = await userManager();
    const self = (await t.call('GET', `/api/user-pdm/${me.id}`)).body.data;
    const own = await t.call(
      'PUT',
      `/api/user-pdm/${me.id}`,
      { roleId: roleIds.Viewer, approvalLevel: 3, updatedAt: self.updatedAt },
      me.token,
    );
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot change your own role and approval level');
    expect(said(own.body)).toEqual([
      { path: 'roleId', code: 'ownAccount' },
      { path: 'approvalLevel', code: 'ownAccount' },
    ]);
    const status = await t.call(
      'POST',
      '/api/user-pdm/update-status',
      { id: me.id, isActive: false },
      me.token,
    );
    expect(said(status.body)).toEqual([{ path: 'id', code: 'notYourself' }]);

    const planner = await t.call('POST', '/api/user-pdm', newUser({ roleId: roleIds.Planner }), me.token);
    expect(planner.status).toBe(403);
    expect(planner.body.error.details).toEqual([
      expect.objectContaining({
        path: 'roleId',
        code: 'roleHoldsMore',
        params: { count: expect.any(Number) },
      }),
    ]);
    const admin = await t.call('POST', '/api/user-pdm', newUser({ roleId: roleIds.Administrator }), me.token);
    expect(said(admin.body)).toEqual([{ path: 'roleId', code: 'administratorRoleOnly' }]);
    const existingAdmin = await signedIn('Administrator');
    const deleted = await t.call('DELETE', `/api/user-pdm/${existingAdmin.id}`, undefined, me.token);
    expect(deleted.status).toBe(403);
    expect(said(deleted.body)).toEqual([{ path: 'id', code: 'administratorOnly' }]);
  });
});

describe('escalation', () => {
  it('a user cannot change their own role, company, approval position or status', async () => {
    const me = await userManager();
    const self = (await t.call('GET', `/api/user-pdm/${me.id}`)).body.data;
    for (const change of [
      { roleId: roleIds.Viewer },
      { contractorCompanyId: companyId },
      { approvalPosition: 'Plant manager', approvalLevel: 9 },
    ]) {
      const r = await t.call(
        'PUT',
        `/api/user-pdm/${me.id}`,
        { ...change, updatedAt: self.updatedAt },
        me.token,
      );
      expect(r.status, JSON.stringify(change)).toBe(403);
    }
    expect(
      (await t.call('POST', '/api/user-pdm/update-status', { id: me.id, isActive: false }, me.token)).status,
    ).toBe(403);
    // Their own name is theirs to change.
    const named = await t.call(
      'PUT',
      `/api/user-pdm/${me.id}`,
      { fullName: 'Me', updatedAt: self.updatedAt },
      me.token,
    );
    expect(named.status).toBe(200);
  });

  it('gives only roles within the caller’s permissions, and only an administrator gives or changes administrators', async () => {
    const manager = await userManager();
    // Planner holds work orders the manager does not: refused on create, update and status.
    const planner = await t.call(
      'POST',
      '/api/user-pdm',
      newUser({ roleId: roleIds.Planner }),
      manager.token,
    );
    expect(planner.status).toBe(403);
    expect(planner.body.message).toContain('workOrder');
    const admin = await t.call(
      'POST',
      '/api/user-pdm',
      newUser({ roleId: roleIds.Administrator }),
      manager.token,
    );
    expect(admin.status).toBe(403);
    // A role within theirs: allowed.
    const peer = await t.call('POST', '/api/user-pdm', newUser({ roleId: manager.roleId }), manager.token);
    expect(peer.status, JSON.stringify(peer.body)).toBe(201);
    const promote = await t.call(
      'PUT',
      `/api/user-pdm/${peer.body.data.id}`,
      { roleId: roleIds.Administrator, updatedAt: peer.body.data.updatedAt },
      manager.token,
    );
    expect(promote.status).toBe(403);
    const existingAdmin = await signedIn('Administrator');
    expect(
      (
        await t.call(
          'POST',
          '/api/user-pdm/update-status',
          { id: existingAdmin.id, isActive: false },
          manager.token,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call(
          'PUT',
          `/api/user-pdm/update-password/${existingAdmin.id}`,
          { newPassword: 'violet-harbour-compass-42' },
          manager.token,
        )
      ).status,
    ).toBe(403);
    expect(
      (await t.call('DELETE', `/api/user-pdm/${existingAdmin.id}`, undefined, manager.token)).status,
    ).toBe(403);
    // An administrator may.
    expect((await t.call('POST', '/api/user-pdm', newUser({ roleId: roleIds.Administrator }))).status).toBe(
      201,
    );
  });

  it('needs the user permission: a viewer reads but cannot create', async () => {
    const viewer = await signedIn('Viewer');
    expect((await t.call('GET', '/api/user-pdm', undefined, viewer.token)).status).toBe(200);
    expect((await t.call('POST', '/api/user-pdm', newUser(), viewer.token)).status).toBe(403);
    const inspector = await signedIn('Inspector');
    expect((await t.call('GET', '/api/user-pdm', undefined, inspector.token)).status).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/user-pdm' })).statusCode).toBe(401);
  });
});
