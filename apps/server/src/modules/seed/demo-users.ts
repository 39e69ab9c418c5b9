import { randomBytes } from 'node:crypto';
import {
  approvalPosition,
  contractorCompany,
  inspectionMethod,
  inspectionMethodApproval,
  reportHeader,
  reviewerAssignment,
  woTaskAssignment,
  workOrderSpk,
} from '@inspectra/contract';
import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, tableOf, users } from '../../db/schema/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import { checkConfiguredPassword } from '../users/password-policy.ts';
import { ensureStandardRoles } from '../users/standard-roles.ts';
import { demoApprovalPositions } from './demo-data.ts';

/** The demo's contractor company: its inspector sees only the work of its assignments. */
export const demoContractorName = 'PT Inspeksi Nusantara';

type DemoUser = {
  username: string;
  fullName: string;
  role: string;
  /** The contractor company's user (otherwise the plant owner's staff). */
  contractor?: boolean;
  /** The approval position held; the user reviews every method level that position approves. */
  position?: (typeof demoApprovalPositions)[number];
};

/**
 * The people of the daily work besides the administrator: the planner runs the campaign, the
 * inspectors do the work (one of them a contractor's), the reviewers approve the reports at the
 * levels of the demo's approval paths (thermal: engineer, then superintendent). Their roles are the
 * standard ones (modules/users/standard-roles.ts).
 */
export const demoUsers: readonly DemoUser[] = [
  { username: 'planner', fullName: 'Demo Planner', role: 'Planner' },
  { username: 'inspector', fullName: 'Demo Inspector', role: 'Inspector' },
  {
    username: 'contractor',
    fullName: 'Demo Contractor Inspector',
    role: 'Contractor inspector',
    contractor: true,
  },
  {
    username: 'reviewer1',
    fullName: 'Demo Reviewer 1',
    role: 'Reviewer',
    position: demoApprovalPositions[0],
  },
  {
    username: 'reviewer2',
    fullName: 'Demo Reviewer 2',
    role: 'Reviewer',
    position: demoApprovalPositions[1],
  },
];

/** Work orders the demo inspector is given tasks on (the most recently planned). */
const demoTaskCount = 6;

async function standardRoleId(db: Db, name: string): Promise<string> {
  await ensureStandardRoles(db);
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return role!.id;
}

/** Adds the user to the task assignments of `chosen` (rows of work order `id` and `method`). */
async function assignTasks(db: Db, userId: string, chosen: SQL) {
  const assignments = tableOf(woTaskAssignment);
  await db.execute(sql`
    insert into ${assignments} (work_order_spkid, inspection_method, user_pdmids)
    select chosen.id, chosen.method, jsonb_build_array(${userId}::text) from (${chosen}) chosen
    where chosen.method is not null
    on conflict (work_order_spkid, inspection_method) do update
      set user_pdmids = ${assignments}.user_pdmids || excluded.user_pdmids
      where not ${assignments}.user_pdmids @> excluded.user_pdmids`);
}

/** The latest planned work orders (not completed or cancelled), as `w (id, category)`. */
const plannedWorkOrders = (limit: number) => {
  const workOrders = tableOf(workOrderSpk);
  return sql`(select ${workOrders.id} as id, ${workOrders.equipmentCategory} as category from ${workOrders}
    where ${workOrders.status} not in ('completed', 'cancelled')
    order by ${workOrders.dateStart} desc nulls last, ${workOrders.woNumber} limit ${limit}) w`;
};

/**
 * Gives the inspector tasks on the latest planned work orders: by the method of a report already
 * made there (so the task has a state beyond "to do"), else by the first active method for the work
 * order's equipment category. Work orders are looked up, never named: the demo data may change.
 */
async function assignDemoTasks(db: Db, inspectorId: string) {
  const reports = tableOf(reportHeader);
  const methods = tableOf(inspectionMethod);
  await assignTasks(
    db,
    inspectorId,
    sql`select w.id, coalesce(
          (select ${reports.inspectionMethod} from ${reports} where ${reports.workOrderSPKId} = w.id
            order by ${reports.createdAt} limit 1),
          (select ${methods.code} from ${methods} where ${methods.isActive}
            and (w.category is null or ${methods.equipmentCategories} @> jsonb_build_array(w.category))
            order by ${methods.code} limit 1)) as method
      from ${plannedWorkOrders(demoTaskCount)}`,
  );
}

/**
 * Gives the contractor's inspector a thermal task on the latest planned work order thermal applies
 * to, so the demo walks the two-level thermal approval path with a contractor's report.
 */
async function assignContractorTask(db: Db, inspectorId: string) {
  const methods = tableOf(inspectionMethod);
  await assignTasks(
    db,
    inspectorId,
    sql`select w.id, m.method from ${plannedWorkOrders(demoTaskCount)}
      join (select ${methods.code} as method, ${methods.equipmentCategories} as categories from ${methods}
            where ${methods.code} = 'thermal' and ${methods.isActive}) m
        on w.category is null or m.categories @> jsonb_build_array(w.category)
      limit 1`,
  );
}

/** The demo's contractor company, made when missing. */
async function demoContractorId(db: Db): Promise<string> {
  const companies = tableOf(contractorCompany);
  const [existing] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.contractorName, demoContractorName));
  if (existing) return String(existing.id);
  const [row] = await db
    .insert(companies)
    .values({ contractorName: demoContractorName, contactPerson: 'Demo Contractor Inspector' } as never)
    .returning({ id: companies.id });
  return String(row!.id);
}

/**
 * Makes the reviewer the reviewer of every method level its position approves (of any company's
 * reports), as `POST /reviewer-assignment/assign-user` would; levels set later are assigned there.
 */
async function assignReviewerLevels(db: Db, reviewerId: string, position: string) {
  const levels = tableOf(inspectionMethodApproval);
  const reviewers = tableOf(reviewerAssignment);
  await db.execute(sql`
    insert into ${reviewers} (user_pdm_id, inspection_method, level_approval, approval_position)
    select ${reviewerId}::text, ${levels.inspectionMethod}, ${levels.levelApproval}, ${levels.approvalPosition}
    from ${levels} where ${levels.approvalPosition} = ${position}
    on conflict do nothing`);
}

/**
 * The demo's users with their roles, company, positions, tasks and reviewer levels, made once: on a database that already has a
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
    // A configured password is held to the policy a password set through the API is.
    if (o.password) await checkConfiguredPassword(db, 'DEMO_PASSWORD', o.password, user);
    const roleId = await standardRoleId(db, user.role);
    // A user's position is a key of the positions (a foreign key): made when the demo data was not
    // seeded (a database that already had work); one that exists is kept as it is.
    if (user.position)
      await db
        .insert(tableOf(approvalPosition))
        .values({ ...user.position } as never)
        .onConflictDoNothing();
    const [row] = await db
      .insert(users)
      .values({
        username: user.username,
        fullName: user.fullName,
        passwordHash: await hashPassword(password),
        roleId,
        contractorCompanyId: user.contractor ? await demoContractorId(db) : null,
        approvalPosition: user.position?.name ?? null,
        approvalLevel: user.position?.levelApproval ?? null,
      })
      .returning({ id: users.id });
    if (user.role === 'Inspector') await assignDemoTasks(db, row!.id);
    if (user.contractor) await assignContractorTask(db, row!.id);
    if (user.position) await assignReviewerLevels(db, row!.id, user.position.name);
    created.push(user.username);
  }
  if (created.length > 0 && !o.password)
    o.log(`Created demo users ${created.map((u) => `"${u}"`).join(', ')} with password ${password}`);
  return created;
}
