/** Roles: the lists, the permission matrix, saving a role's modules, the standard roles and lock-out. */
import { randomUUID } from 'node:crypto';
import { inspectionMethodCatalogue, permissionActions, permissionModules } from '@inspectra/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, rolePermissions, roles } from '../src/db/schema/index.ts';
import { ensureStandardRoles, standardRoles } from '../src/modules/users/standard-roles.ts';
import { createUser, nextIp, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const roleId = async (name: string) => (await t.db.select().from(roles).where(eq(roles.name, name)))[0]!.id;

const save = (body: unknown, token?: string) => t.call('POST', '/api/roles/role-module', body, token);

async function tokenOf(roleName: string) {
  const user = await createUser(t, { roleId: await roleId(roleName) });
  return (await t.login(user.username, user.password, nextIp())).json().data.accessToken as string;
}

describe('standard roles', () => {
  it('exist after start, once each, and a second run changes no grant an administrator made', async () => {
    const names = (await t.db.select().from(roles)).map((r) => r.name);
    for (const role of standardRoles) expect(names.filter((n) => n === role.name)).toHaveLength(1);
    const viewer = await roleId('Viewer');
    const original = (await t.call('GET', '/api/roles/role-management')).body.data.roles.find(
      (r: { id: string }) => r.id === viewer,
    ).permissions as Record<string, string[]>;
    const saved = await save({ roleId: viewer, modules: [{ module: 'workOrder', actions: ['view'] }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await ensureStandardRoles(t.db);
    const grants = await t.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, viewer));
    expect(grants.map((g) => `${g.module}.${g.action}`)).toEqual(['workOrder.view']);
    const restored = Object.entries(original).map(([module, actions]) => ({ module, actions }));
    expect((await save({ roleId: viewer, modules: restored })).status).toBe(200);
  });

  it('give the reviewer approval of reports, the viewer nothing but view', async () => {
    const matrix = (await t.call('GET', '/api/roles/role-management')).body.data;
    const byName = Object.fromEntries(matrix.roles.map((r: { name: string }) => [r.name, r]));
    expect(byName.Reviewer.permissions.reportHeader).toEqual(['view', 'approve']);
    expect(byName.Inspector.permissions.reportHeader).not.toContain('approve');
    expect(byName['Contractor inspector'].permissions).toEqual(byName.Inspector.permissions);
  });
});

describe('reading roles', () => {
  it('lists roles paged by 50 with search and user counts', async () => {
    const all = await t.call('GET', '/api/roles');
    expect(all.status).toBe(200);
    expect(all.body.meta).toMatchObject({ pageNumber: 1, pageSize: 50 });
    const admin = all.body.data.find((r: { name: string }) => r.name === 'Administrator');
    expect(admin).toMatchObject({ isAdministrator: true, userCount: 1 });
    const found = await t.call('GET', '/api/roles?search=review');
    expect(found.body.data.map((r: { name: string }) => r.name)).toEqual(['Reviewer']);
  });

  it('lists role × module rows paged, and per-role summaries', async () => {
    const page = await t.call('GET', '/api/roles/access-permissions?pageNumber=1&pageSize=5');
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(5);
    expect(page.body.meta.totalCount).toBeGreaterThan(permissionModules.length);
    expect(page.body.data[0]).toEqual({
      roleId: expect.any(String),
      roleName: expect.any(String),
      module: expect.any(String),
      moduleLabel: expect.any(String),
      actions: expect.any(Array),
    });
    const summaries = (await t.call('GET', '/api/roles/access-permissions/summaries')).body.data;
    const admin = summaries.find((s: { roleName: string }) => s.roleName === 'Administrator');
    expect(admin).toMatchObject({
      moduleCount: permissionModules.length,
      permissionCount: permissionModules.length * permissionActions.length,
    });
  });

  it('gives the matrix screen every module with its group and label', async () => {
    const data = (await t.call('GET', '/api/roles/role-management')).body.data;
    expect(data.modules.map((m: { module: string }) => m.module)).toEqual(permissionModules);
    const group = (m: string) => data.modules.find((x: { module: string }) => x.module === m).group;
    expect([group('workOrder'), group('user'), group('thermal')]).toEqual([
      'work',
      'administration',
      'techniques',
    ]);
  });

  it('lists every inspection method of the product under techniques, each built, and grants them', async () => {
    const data = (await t.call('GET', '/api/roles/role-management')).body.data;
    type Row = { module: string; label: string; group: string; planned: boolean };
    const techniqueRows = (data.modules as Row[]).filter((m) => m.group === 'techniques');
    const methods = inspectionMethodCatalogue.map((m) => m.code);
    expect(methods).toHaveLength(13);
    // Every method in the catalogue's order, then the report-wide lists.
    expect(techniqueRows.map((m) => m.module)).toEqual([...methods, 'supportingDocument', 'ndt']);
    const row = (module: string) => techniqueRows.find((m) => m.module === module)!;
    expect(row('thermal')).toMatchObject({ label: 'Thermal analysis', planned: false });
    expect(row('vibration')).toMatchObject({ label: 'Vibration', planned: false });
    expect(row('lubeOil')).toMatchObject({ label: 'Lube oil', planned: false });
    // Every method of the catalogue has its technique (issue 38): none is marked planned.
    expect(techniqueRows.filter((m) => m.planned)).toEqual([]);
    expect(row('ndt').planned).toBe(false);

    // A technique's module is granted like any other.
    const name = `Lube oil analyst ${randomUUID().slice(0, 6)}`;
    const created = await save({ name, modules: [{ module: 'lubeOil', actions: ['view', 'create'] }] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.permissions).toEqual({ lubeOil: ['view', 'create'] });
  });
});

describe('saving a role', () => {
  it('creates a role by name with its modules, replaces its grants on the next save, and audits both', async () => {
    const name = `Coordinator ${randomUUID().slice(0, 6)}`;
    const created = await save({
      name,
      description: 'Coordinates',
      modules: [
        { module: 'workOrder', actions: ['view', 'update', 'view'] },
        { module: 'myTask', actions: ['view'] },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      name,
      permissions: { workOrder: ['view', 'update'], myTask: ['view'] },
    });
    const id = created.body.data.id;
    const replaced = await save({ roleId: id, modules: [{ module: 'reportHeader', actions: ['view'] }] });
    expect(replaced.body.data.permissions).toEqual({ reportHeader: ['view'] });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'role'), eq(auditLog.entityId, id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'update']);
    const update = audits.find((a) => a.action === 'update')!;
    expect(update.before).toMatchObject({ permissions: { workOrder: ['view', 'update'] } });
    expect(update.after).toMatchObject({ permissions: { reportHeader: ['view'] } });
    expect((await save({ name, modules: [] })).status).toBe(409);
  });

  it('refuses an unknown module or action with a 400 naming it, changing nothing', async () => {
    const id = await roleId('Planner');
    const before = await t.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, id));
    const r = await save({ roleId: id, modules: [{ module: 'teleportation', actions: ['view'] }] });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('teleportation');
    const action = await save({ roleId: id, modules: [{ module: 'workOrder', actions: ['fly'] }] });
    expect(action.status).toBe(400);
    expect(action.body.message).toContain('fly');
    expect(await t.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, id))).toHaveLength(
      before.length,
    );
    expect((await save({ modules: [] })).status).toBe(400);
    expect((await save({ roleId: randomUUID(), modules: [] })).status).toBe(404);
  });

  it('never lets the administrator role lose a permission (409)', async () => {
    const admin = await roleId('Administrator');
    const r = await save({ roleId: admin, modules: [{ module: 'role', actions: ['view'] }] });
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('every permission');
    // Saving it with everything is a no-op that succeeds.
    const full = await save({
      roleId: admin,
      modules: permissionModules.map((module) => ({ module, actions: [...permissionActions] })),
    });
    expect(full.status).toBe(200);
    expect((await t.call('GET', '/api/roles/role-management')).status).toBe(200);
  });

  it('lets a non-administrator grant only what they hold, and not touch stronger roles', async () => {
    const manager = await save({
      name: `Role manager ${randomUUID().slice(0, 6)}`,
      modules: [
        { module: 'role', actions: ['view', 'create', 'update'] },
        { module: 'workOrder', actions: ['view'] },
      ],
    });
    const user = await createUser(t, { roleId: manager.body.data.id });
    const token = (await t.login(user.username, user.password, nextIp())).json().data.accessToken;
    const beyond = await save(
      { name: `Mine ${randomUUID().slice(0, 6)}`, modules: [{ module: 'workOrder', actions: ['delete'] }] },
      token,
    );
    expect(beyond.status).toBe(403);
    expect(beyond.body.message).toContain('workOrder.delete');
    const within = await save(
      { name: `Mine ${randomUUID().slice(0, 6)}`, modules: [{ module: 'workOrder', actions: ['view'] }] },
      token,
    );
    expect(within.status).toBe(201);
    // The planner holds more than this manager: it cannot be cut down or changed by them.
    expect((await save({ roleId: await roleId('Planner'), modules: [] }, token)).status).toBe(403);
    expect((await save({ roleId: await roleId('Administrator'), modules: [] }, token)).status).toBe(409);
  });

  it('says each refusal on the field it concerns, by its catalogue code (a form shows it in the user’s words)', async () => {
    const codes = (r: { body: { error: { details?: { path: string; code?: string }[] } } }) =>
      (r.body.error.details ?? []).map((d) => `${d.path}:${d.code}`);
    const name = `Taken ${randomUUID().slice(0, 6)}`;
    expect((await save({ name, modules: [] })).status).toBe(201);
    const taken = await save({ name: name.toUpperCase(), modules: [] });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(`A role named ${name.toUpperCase()} already exists`);
    expect(codes(taken)).toEqual(['name:taken']);
    const empty = await save({ name: '', modules: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details).toEqual([
      { path: 'name', message: 'Enter the role name', code: 'enterRoleName' },
    ]);
    expect(codes(await save({ roleId: randomUUID(), modules: [] }))).toEqual(['roleId:unknownRole']);
    const unknown = await save({
      roleId: await roleId('Viewer'),
      modules: [{ module: 'teleportation', actions: ['fly'] }],
    });
    expect(codes(unknown)).toEqual([
      'modules.0.module:unknownPermission',
      'modules.0.actions:unknownPermission',
    ]);
    const admin = await save({ roleId: await roleId('Administrator'), modules: [] });
    expect(codes(admin)).toEqual(['modules:administratorKeepsAll']);

    const manager = await save({
      name: `Narrow ${randomUUID().slice(0, 6)}`,
      modules: [{ module: 'role', actions: ['view', 'update'] }],
    });
    const user = await createUser(t, { roleId: manager.body.data.id });
    const token = (await t.login(user.username, user.password, nextIp())).json().data.accessToken;
    expect(codes(await save({ name: `Mine ${randomUUID().slice(0, 6)}`, modules: [] }, token))).toEqual([
      'name:mayNotCreateRole',
    ]);
    const stronger = await save({ roleId: await roleId('Planner'), modules: [] }, token);
    expect(stronger.status).toBe(403);
    expect(stronger.body.error.details).toEqual([
      expect.objectContaining({
        path: 'modules',
        code: 'roleHoldsMore',
        params: { count: expect.any(Number) },
      }),
    ]);
  });

  it('needs role permissions: a viewer reads, an inspector cannot even read', async () => {
    const viewer = await tokenOf('Viewer');
    expect((await t.call('GET', '/api/roles/role-management', undefined, viewer)).status).toBe(200);
    expect((await save({ name: 'Nope', modules: [] }, viewer)).status).toBe(403);
    const inspector = await tokenOf('Inspector');
    expect((await t.call('GET', '/api/roles', undefined, inspector)).status).toBe(403);
  });
});
