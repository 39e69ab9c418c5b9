import { permissionActions, permissionModules } from '@inspectra/contract';
import type { PermissionAction } from '@inspectra/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rolePermissions, roles } from '../../db/schema/index.ts';
import { permissionKey } from '../../engine/access.ts';
import type { AuthenticatedUser } from '../../engine/access.ts';
import { AppError, fieldRefusal } from '../../errors.ts';

export type RoleRow = typeof roles.$inferSelect;

/** A role's grants as `module → actions` (in the order of `permissionActions`). */
export type GrantMap = Record<string, PermissionAction[]>;

/** Every module with every action: what the administrator role holds. */
export function everyGrant(): GrantMap {
  return Object.fromEntries(permissionModules.map((m) => [m, [...permissionActions]]));
}

/** The `module.action` keys of a grant map. */
export const grantKeys = (grants: GrantMap): string[] =>
  Object.entries(grants).flatMap(([module, actions]) =>
    actions.map((action) => permissionKey({ module, action })),
  );

/** The grants of a role as the role holds them (the administrator: every one). */
export async function grantsOf(db: DbOrTx, role: RoleRow): Promise<GrantMap> {
  if (role.isAdministrator) return everyGrant();
  const rows = await db.select().from(rolePermissions).where(eq(rolePermissions.roleId, role.id));
  return grantMapOf(rows);
}

/** Permission rows grouped into a grant map, actions in their declared order. */
export function grantMapOf(rows: readonly { module: string; action: string }[]): GrantMap {
  const map: GrantMap = {};
  for (const row of rows) (map[row.module] ??= []).push(row.action as PermissionAction);
  for (const actions of Object.values(map))
    actions.sort((a, b) => permissionActions.indexOf(a) - permissionActions.indexOf(b));
  return map;
}

/**
 * Refuses (403) when the caller may not hand out a role holding these grants: only an
 * administrator gives or changes the administrator role, and anyone else only grants what they hold
 * themselves (docs/users-and-roles.md, "Escalation"). `on` names the field the refusal concerns (the
 * role chosen, the grants, or `id` for the user acted on) and its catalogue code; the message keeps
 * the permissions for API readers, the field says how many in the user's words.
 */
export function checkMayGrant(
  caller: AuthenticatedUser,
  role: { name: string; isAdministrator: boolean },
  grants: GrantMap,
  what: string,
  on: { path: string; code?: 'roleHoldsMore' | 'userRoleHoldsMore' } = { path: 'roleId' },
): void {
  if (caller.isAdministrator) return;
  if (role.isAdministrator)
    throw new AppError('FORBIDDEN', `Only an administrator may ${what} the administrator role`, [
      fieldRefusal(on.path, on.code === 'userRoleHoldsMore' ? 'administratorOnly' : 'administratorRoleOnly'),
    ]);
  const missing = grantKeys(grants).filter((key) => !caller.permissions.has(key));
  if (missing.length > 0)
    throw new AppError(
      'FORBIDDEN',
      `You may not ${what} role ${role.name}: it holds permissions your role does not (${missing.join(', ')})`,
      [fieldRefusal(on.path, on.code ?? 'roleHoldsMore', { count: missing.length })],
    );
}

/** The role with this id and its grants, or a 400 on `field` when there is none. */
export async function roleForGrant(db: DbOrTx, roleId: string, field = 'roleId') {
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
  if (!role)
    throw new AppError('VALIDATION_ERROR', 'The role chosen no longer exists', [
      fieldRefusal(field, 'unknownRole'),
    ]);
  return { role, grants: await grantsOf(db, role) };
}
