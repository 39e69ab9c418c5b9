import { inspectionMethod, inspectorGrantsOf } from '@inspectra/contract';
import type { Permission } from '@inspectra/contract';
import { asc, eq, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rolePermissions, roles, tableOf, users } from '../../db/schema/index.ts';

/**
 * Who may be named as an inspector of a method, as SQL over `user_account`: the one rule the
 * assignable-users list, the assignment's write check and the demo data's test read
 * (docs/task-assignments.md, "Who may be named as an inspector"). The grants are the contract's
 * (`inspectorGrantsOf`); whether the user is active is left to the caller, since a user already
 * named and deactivated since may stay on an assignment.
 */

const methods = tableOf(inspectionMethod);

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

/** The active methods' codes: without a method chosen, a user may be named for any of them. */
export async function activeMethodCodes(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ code: methods.code })
    .from(methods)
    .where(sql`${methods.isActive}`)
    .orderBy(asc(methods.code));
  return rows.map((r) => String(r.code));
}

/** The method with this code by its name, or undefined when there is none. */
export async function methodNamed(
  db: DbOrTx,
  code: string,
): Promise<{ code: string; name: string } | undefined> {
  const [row] = await db
    .select({ code: methods.code, name: methods.name })
    .from(methods)
    .where(eq(methods.code, code));
  return row ? { code: String(row.code), name: String(row.name) } : undefined;
}
