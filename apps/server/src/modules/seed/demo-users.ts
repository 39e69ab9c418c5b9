import { randomBytes } from 'node:crypto';
import { inspectionMethod, woTaskAssignment, workOrderSpk, reportHeader } from '@inspectra/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, tableOf, users } from '../../db/schema/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import { ensureStandardRoles } from '../users/standard-roles.ts';

/**
 * The two people of the daily work besides the administrator: the planner runs the campaign, the
 * inspector does the work. Their roles are the standard ones (modules/users/standard-roles.ts).
 */
export const demoUsers = [
  { username: 'planner', fullName: 'Demo Planner', role: 'Planner' },
  { username: 'inspector', fullName: 'Demo Inspector', role: 'Inspector' },
] as const;

/** Work orders the demo inspector is given tasks on (the most recently planned). */
const demoTaskCount = 6;

async function standardRoleId(db: Db, name: string): Promise<string> {
  await ensureStandardRoles(db);
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return role!.id;
}

/**
 * Gives the inspector tasks on the latest planned work orders: by the method of a report already
 * made there (so the task has a state beyond "to do"), else by the first active method for the work
 * order's equipment category. Work orders are looked up, never named: the demo data may change.
 */
async function assignDemoTasks(db: Db, inspectorId: string) {
  const assignments = tableOf(woTaskAssignment);
  const workOrders = tableOf(workOrderSpk);
  const reports = tableOf(reportHeader);
  const methods = tableOf(inspectionMethod);
  await db.execute(sql`
    insert into ${assignments} (work_order_spkid, inspection_method, user_pdmids)
    select chosen.id, chosen.method, jsonb_build_array(${inspectorId}::text) from (
      select w.id, coalesce(
          (select ${reports.inspectionMethod} from ${reports} where ${reports.workOrderSPKId} = w.id
            order by ${reports.createdAt} limit 1),
          (select ${methods.code} from ${methods} where ${methods.isActive}
            and (w.category is null or ${methods.equipmentCategories} @> jsonb_build_array(w.category))
            order by ${methods.code} limit 1)) as method
      from (select ${workOrders.id} as id, ${workOrders.equipmentCategory} as category from ${workOrders}
            where ${workOrders.status} not in ('completed', 'cancelled')
            order by ${workOrders.dateStart} desc nulls last, ${workOrders.woNumber} limit ${demoTaskCount}) w
    ) chosen
    where chosen.method is not null
    on conflict (work_order_spkid, inspection_method) do update
      set user_pdmids = ${assignments}.user_pdmids || excluded.user_pdmids
      where not ${assignments}.user_pdmids @> excluded.user_pdmids`);
}

/**
 * The demo's planner and inspector with their roles, made once: on a database that already has a
 * user of the name nothing is changed. Their password is `DEMO_PASSWORD` when set, otherwise one
 * generated and printed once (like the administrator's). Returns the usernames created.
 */
export async function seedDemoUsers(
  db: Db,
  o: { password: string | undefined; log: (line: string) => void },
): Promise<string[]> {
  const created: string[] = [];
  const password = o.password ?? randomBytes(18).toString('base64url');
  for (const user of demoUsers) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${user.username}`);
    if (existing) continue;
    const roleId = await standardRoleId(db, user.role);
    const [row] = await db
      .insert(users)
      .values({
        username: user.username,
        fullName: user.fullName,
        passwordHash: await hashPassword(password),
        roleId,
      })
      .returning({ id: users.id });
    if (user.role === 'Inspector') await assignDemoTasks(db, row!.id);
    created.push(user.username);
  }
  if (created.length > 0 && !o.password)
    o.log(`Created demo users ${created.map((u) => `"${u}"`).join(' and ')} with password ${password}`);
  return created;
}
