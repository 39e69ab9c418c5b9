import { inspectorGrantsOf } from '@inspectra/contract';
import type { Permission } from '@inspectra/contract';
import { or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { rolePermissions, roles, users } from '../../db/schema/index.ts';

/**
 * Who may be named as an inspector of a method, as SQL over `user_account`: the one rule the
 * assignable-users list, the assignment's write check and the demo data's test read
 * (docs/task-assignments.md, "Who may be named as an inspector"). The grants are the contract's
 * (`inspectorGrantsOf`); whether the user is active is left to the caller, since a user already
 * named and deactivated since may stay on an assignment.
 */

/** True when the user's role is not the administrator's and holds every one of `grants`. */
function roleHolds(grants: readonly Permission[]): SQL {
  const wanted = sql.join(
    grants.map((g) => sql`(${g.module}, ${g.action})`),
    sql`, `,
  );
  // The key of role_permission is (role, module, action): counting the rows found counts the grants.
  return sql`(not exists (select 1 from ${roles} where ${roles.id} = ${users.roleId} and ${roles.isAdministrator})
    and (select count(*) from ${rolePermissions} where ${rolePermissions.roleId} = ${users.roleId}
      and (${rolePermissions.module}, ${rolePermissions.action}) in (${wanted})) = ${grants.length})`;
}

/** The user may be named as an inspector of the method with this code. */
export function mayInspect(method: string): SQL<boolean> {
  return sql<boolean>`${roleHolds(inspectorGrantsOf(method))}`;
}

/**
 * The user may be named as an inspector of at least one of these methods. Methods needing the same
 * grants (every method an administrator added; every method a technique serves, but for its own
 * module) are one condition each, so the statement stays small however many methods there are.
 */
export function mayInspectAny(codes: readonly string[]): SQL<boolean> {
  const bySet = new Map<string, Permission[]>();
  for (const code of codes) {
    const grants = inspectorGrantsOf(code);
    bySet.set(grants.map((g) => `${g.module}.${g.action}`).join(' '), grants);
  }
  if (bySet.size === 0) return sql<boolean>`false`;
  return sql<boolean>`${or(...[...bySet.values()].map(roleHolds))}`;
}
