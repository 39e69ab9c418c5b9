import {
  accessPermissionsQuery,
  administrationModules,
  permissionActions,
  permissionModuleLabels,
  permissionModules,
  plannedMethodModules,
  roleListQuery,
  roleModuleBody,
  techniquePermissionModules,
} from '@inspectra/contract';
import type { PermissionAction, PermissionModuleGroup, Role, RoleWithPermissions } from '@inspectra/contract';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rolePermissions, roles, users } from '../../db/schema/index.ts';
import { defineList, listPage, pageWindow, writeAudit } from '../../engine/records.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { pageMeta } from '../../engine/page-meta.ts';
import { AppError, fieldRefusal } from '../../errors.ts';
import { can } from '../../engine/access.ts';
import { checkMayGrant, everyGrant, grantKeys, grantMapOf, grantsOf } from './role-grants.ts';
import { roleRecord, roleRecords } from './role-records.ts';
import type { GrantMap, RoleRow } from './role-grants.ts';

const techniqueModules = new Set<string>(techniquePermissionModules);
const planned = new Set<string>(plannedMethodModules);
const administration = new Set<string>(administrationModules);
const groupOf = (module: string): PermissionModuleGroup =>
  techniqueModules.has(module) ? 'techniques' : administration.has(module) ? 'administration' : 'work';

/** Roles with how many users hold each. */
const selectRoles = (db: DbOrTx) =>
  db
    .select({
      id: roles.id,
      name: roles.name,
      description: roles.description,
      isAdministrator: roles.isAdministrator,
      userCount: count(users.id),
    })
    .from(roles)
    .leftJoin(users, eq(users.roleId, roles.id))
    .groupBy(roles.id)
    .$dynamic();

/** Every role with its user count and grants, ordered by name (a plant has tens of roles, not more). */
async function rolesWithPermissions(db: DbOrTx): Promise<RoleWithPermissions[]> {
  const [rows, grants] = await Promise.all([
    selectRoles(db).orderBy(asc(roles.name)),
    db.select().from(rolePermissions),
  ]);
  return rows.map((role) => ({
    ...role,
    permissions: role.isAdministrator ? everyGrant() : grantMapOf(grants.filter((g) => g.roleId === role.id)),
  }));
}

/** The role a save names, or a new one; creating needs `role.create`, a taken name is a 409. */
async function roleToSave(
  tx: DbOrTx,
  body: ReturnType<typeof roleModuleBody.parse>,
  caller: Parameters<typeof can>[0],
): Promise<{ role: RoleRow; created: boolean }> {
  if (body.roleId) {
    const [role] = await tx.select().from(roles).where(eq(roles.id, body.roleId)).for('update');
    if (!role) throw new AppError('NOT_FOUND', 'Role not found', [fieldRefusal('roleId', 'unknownRole')]);
    if (body.name && body.name.toLowerCase() !== role.name.toLowerCase()) await checkNameFree(tx, body.name);
    return { role, created: false };
  }
  if (!can(caller, { module: 'role', action: 'create' }))
    throw new AppError('FORBIDDEN', 'Your role does not allow this (role: create)', [
      fieldRefusal('name', 'mayNotCreateRole'),
    ]);
  await checkNameFree(tx, body.name!);
  const [role] = await tx
    .insert(roles)
    .values({ name: body.name!, description: body.description ?? null })
    .returning();
  return { role: role!, created: true };
}

async function checkNameFree(tx: DbOrTx, name: string) {
  const [taken] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(sql`lower(${roles.name}) = lower(${name})`);
  if (taken)
    throw new AppError('CONFLICT', `A role named ${name} already exists`, [fieldRefusal('name', 'taken')]);
}

/** The requested grants, every module and action checked: an unknown one is a 400 naming it. */
function requestedGrants(modules: ReturnType<typeof roleModuleBody.parse>['modules']): GrantMap {
  const known = new Set<string>(permissionModules);
  // The English names the module or action for API readers; the code says it in the user's words.
  const problems = modules.flatMap((m, i) => [
    ...(known.has(m.module)
      ? []
      : [
          {
            ...fieldRefusal(`modules.${i}.module`, 'unknownPermission'),
            message: `Unknown module: ${m.module}`,
          },
        ]),
    ...m.actions
      .filter((a) => !(permissionActions as readonly string[]).includes(a))
      .map((a) => ({
        ...fieldRefusal(`modules.${i}.actions`, 'unknownPermission'),
        message: `Unknown action: ${a}`,
      })),
  ]);
  if (problems.length > 0)
    throw new AppError('VALIDATION_ERROR', problems.map((p) => p.message).join('; '), problems);
  const merged: { module: string; action: string }[] = modules.flatMap((m) =>
    [...new Set(m.actions)].map((action) => ({ module: m.module, action })),
  );
  return grantMapOf([...new Map(merged.map((g) => [`${g.module}.${g.action}`, g])).values()]);
}

/** Roles by name, each with how many users hold it (read for the page's roles only). */
const roleList = defineList<Role>(roleRecord, 'roles', {
  repository: roleRecords,
  adds: ({ row }) => ({
    userCount: sql`(select count(*)::int from ${users} where ${users.roleId} = ${row.id!})`,
  }),
  view: (row, added) => ({
    id: row.id,
    name: row.name as string,
    description: (row.description as string | null) ?? null,
    isAdministrator: row.isAdministrator as boolean,
    userCount: Number(added.userCount),
  }),
});

const auditView = (role: RoleRow, permissions: GrantMap) => ({
  name: role.name,
  description: role.description,
  isAdministrator: role.isAdministrator,
  permissions,
});

export const roleActions: Record<string, ActionHandler> = {
  'role.list': typedAction({ query: roleListQuery }, ({ query, deps, user }) =>
    listPage(deps, roleList, query, user!),
  ),

  'role.accessSummaries': typedAction({}, async ({ deps }) => ({
    data: (await rolesWithPermissions(deps.db)).map((r) => ({
      roleId: r.id,
      roleName: r.name,
      isAdministrator: r.isAdministrator,
      userCount: r.userCount,
      moduleCount: Object.keys(r.permissions).length,
      permissionCount: grantKeys(r.permissions).length,
    })),
  })),

  'role.accessPermissions': typedAction({ query: accessPermissionsQuery }, async ({ query, deps }) => {
    const rows = (await rolesWithPermissions(deps.db)).flatMap((r) =>
      permissionModules
        .filter((m) => r.permissions[m]?.length)
        .map((module) => ({
          roleId: r.id,
          roleName: r.name,
          module,
          moduleLabel: permissionModuleLabels[module],
          actions: r.permissions[module]!,
        })),
    );
    // Grants are read whole (a role's modules are tens), so the page is cut from them, counted exactly.
    const { offset } = pageWindow(query);
    return {
      data: rows.slice(offset, offset + query.pageSize),
      meta: pageMeta(query.pageNumber, query.pageSize, rows.length, true),
    };
  }),

  'role.management': typedAction({}, async ({ deps }) => ({
    data: {
      modules: permissionModules.map((module) => ({
        module,
        label: permissionModuleLabels[module],
        group: groupOf(module),
        actions: [...permissionActions] as PermissionAction[],
        planned: planned.has(module),
      })),
      roles: await rolesWithPermissions(deps.db),
    },
  })),

  'role.saveModules': typedAction({ body: roleModuleBody }, async ({ body, deps, user: caller }) => {
    const wanted = requestedGrants(body.modules);
    const saved = await deps.db.transaction(async (tx) => {
      const { role, created } = await roleToSave(tx, body, caller!);
      const before = created ? undefined : await grantsOf(tx, role);
      if (role.isAdministrator) {
        const missing = grantKeys(everyGrant()).filter((k) => !grantKeys(wanted).includes(k));
        if (missing.length > 0)
          throw new AppError(
            'CONFLICT',
            `The administrator role always holds every permission; it cannot lose ${missing.join(', ')}`,
            [fieldRefusal('modules', 'administratorKeepsAll')],
          );
      }
      // Neither what the role held nor what it is given may exceed the caller's own permissions.
      if (before) checkMayGrant(caller!, role, before, 'change', { path: 'modules' });
      checkMayGrant(caller!, role, wanted, 'grant', { path: 'modules' });
      const changes = {
        ...(body.name && !created ? { name: body.name } : {}),
        ...(body.description !== undefined && !created ? { description: body.description } : {}),
      };
      const [renamed] =
        Object.keys(changes).length > 0
          ? await tx.update(roles).set(changes).where(eq(roles.id, role.id)).returning()
          : [role];
      if (!role.isAdministrator) {
        await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, role.id));
        const rows = Object.entries(wanted).flatMap(([module, actions]) =>
          actions.map((action) => ({ roleId: role.id, module, action })),
        );
        if (rows.length > 0) await tx.insert(rolePermissions).values(rows);
      }
      const after = await grantsOf(tx, renamed!);
      await writeAudit(tx, {
        entity: 'role',
        entityId: role.id,
        action: created ? 'create' : 'update',
        actorId: caller!.id,
        before: before && auditView(role, before),
        after: auditView(renamed!, after),
      });
      return { created, role: (await rolesWithPermissions(tx)).find((r) => r.id === role.id)! };
    });
    return {
      data: saved.role,
      statusCode: saved.created ? 201 : 200,
      message: saved.created ? 'Role created' : 'Role saved',
    };
  }),
};
