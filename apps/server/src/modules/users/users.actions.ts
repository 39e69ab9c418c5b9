import {
  plannerGroupsCap,
  approvalPosition,
  equalityFilters,
  approvalPositionQuery,
  contractorCompany,
  ownerStaffFilter,
  passwordChangeBody,
  plannerGroup,
  plannerGroupUsageQuery,
  userCreateBody,
  userIdParams,
  userListQuery,
  userStatusBody,
  userUpdateBody,
  woTaskAssignment,
} from '@inspectra/contract';
import type { FieldMessageCode, FieldMessageParams, UserPdm } from '@inspectra/contract';
import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, roles, tableOf, users } from '../../db/schema/index.ts';
import type { AuthenticatedUser } from '../../engine/access.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { cappedRows, matchedRows, notShownMeta } from '../../engine/page-meta.ts';
import { defineList, likePattern, listPage, writeAudit } from '../../engine/records.ts';
import { AppError, fieldRefusal } from '../../errors.ts';
import { endSessionsOf } from '../auth/sessions.ts';
import { hashPassword } from '../auth/passwords.ts';
import { checkPasswordPolicy } from './password-policy.ts';
import { checkMayGrant, roleForGrant } from './role-grants.ts';
import { userAccount, userAccounts } from './user-accounts.ts';

const companies = tableOf(contractorCompany);
const positions = tableOf(approvalPosition);
const plannerGroups = tableOf(plannerGroup);
const assignments = tableOf(woTaskAssignment);
const auditEntity = 'userPdm';

/** The columns of a user's view: never the password hash. */
const userColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  email: users.email,
  employeeNumber: users.employeeNumber,
  phoneNumber: users.phoneNumber,
  roleId: users.roleId,
  roleName: roles.name,
  isAdministrator: roles.isAdministrator,
  contractorCompanyId: users.contractorCompanyId,
  contractorName: sql<string | null>`${companies.contractorName}`,
  approvalPosition: users.approvalPosition,
  approvalLevel: users.approvalLevel,
  plannerGroups: users.plannerGroups,
  isActive: users.isActive,
  passwordChangedAt: users.passwordChangedAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

const selectUsers = (db: DbOrTx) =>
  db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(companies, eq(companies.id, users.contractorCompanyId));

type UserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['execute']>>[number];

function userView(row: UserRow): UserPdm {
  return {
    ...row,
    passwordChangedAt: row.passwordChangedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function findUser(db: DbOrTx, id: string): Promise<UserPdm | undefined> {
  const [row] = await selectUsers(db).where(eq(users.id, id));
  return row && userView(row);
}

/** The user, held for the change being made (FOR UPDATE), or a 404. */
async function lockUser(tx: DbOrTx, id: string): Promise<UserPdm> {
  const [held] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  const user = held && (await findUser(tx, id));
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  return user;
}

/** Who may act on a user at all: anyone who could give that user's role (an admin only by one). */
async function checkMayManage(tx: DbOrTx, caller: AuthenticatedUser, target: UserPdm, what: string) {
  const { role, grants } = await roleForGrant(tx, target.roleId);
  if (!caller.isAdministrator && role.isAdministrator)
    throw new AppError('FORBIDDEN', `Only an administrator may ${what} an administrator`, [
      fieldRefusal('id', 'administratorOnly'),
    ]);
  checkMayGrant(caller, role, grants, `${what} a user of`, { path: 'id', code: 'userRoleHoldsMore' });
}

/** A 400 on one field, in the catalogue's words: the message is the field's own sentence. */
function refuse(path: string, code: FieldMessageCode, params?: FieldMessageParams): never {
  const detail = fieldRefusal(path, code, params);
  throw new AppError('VALIDATION_ERROR', detail.message, [detail]);
}

async function checkCompany(tx: DbOrTx, id: string | null | undefined) {
  if (!id) return;
  const [found] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  if (!found) refuse('contractorCompanyId', 'unknownCompany');
}

/** A user holds a position of the catalogue, named exactly (the column is a foreign key to it). */
async function checkPosition(tx: DbOrTx, name: string | null | undefined) {
  if (!name) return;
  const [found] = await tx.select({ id: positions.id }).from(positions).where(eq(positions.name, name));
  if (!found) refuse('approvalPosition', 'unknownPosition');
}

async function checkPlannerGroups(tx: DbOrTx, codes: string[] | undefined) {
  if (!codes || codes.length === 0) return;
  const distinct = [...new Set(codes)];
  const found = new Set(
    (
      await tx
        .select({ code: plannerGroups.code })
        .from(plannerGroups)
        .where(inArray(plannerGroups.code, distinct))
    ).map((r) => String(r.code)),
  );
  const unknown = distinct.filter((c) => !found.has(c));
  if (unknown.length > 0) refuse('plannerGroups', 'unknownPlannerGroups', { codes: unknown.join(', ') });
}

async function checkUsernameFree(tx: DbOrTx, username: string) {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (taken)
    throw new AppError('CONFLICT', `The username ${username} is already taken`, [
      fieldRefusal('username', 'taken'),
    ]);
}

/** Has the user left a trace others rely on: any audited change, or a task naming them. */
async function hasAuthored(tx: DbOrTx, id: string): Promise<boolean> {
  const [audited] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.actorId, id))
    .limit(1);
  if (audited) return true;
  const [named] = await tx
    .select({ id: assignments.id })
    .from(assignments)
    .where(sql`${assignments.userPDMIds} @> jsonb_build_array(${id}::text)`)
    .limit(1);
  return Boolean(named);
}

/**
 * What a user may not change on their own account (it decides what they may do and approve), each
 * in words: the message never names field codes.
 */
const guardedWords = {
  roleId: 'role',
  contractorCompanyId: 'company',
  approvalPosition: 'approval position',
  approvalLevel: 'approval level',
} as const;

/** "a", "a and b", "a, b and c". */
const listed = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

function refuseSelf(caller: AuthenticatedUser, id: string, what: string) {
  if (caller.id === id)
    throw new AppError('FORBIDDEN', `You cannot ${what} yourself`, [fieldRefusal('id', 'notYourself')]);
}

/** Sets a user's status in the caller's transaction; deactivating ends their sessions. */
async function setStatus(tx: DbOrTx, caller: AuthenticatedUser, before: UserPdm, isActive: boolean) {
  await tx
    .update(users)
    .set({ isActive, updatedAt: sql`now()` })
    .where(eq(users.id, before.id));
  const sessionsEnded = isActive ? 0 : await endSessionsOf(tx, before.id);
  const after = (await findUser(tx, before.id))!;
  await writeAudit(tx, {
    entity: auditEntity,
    entityId: before.id,
    action: 'update',
    actorId: caller.id,
    before,
    after,
  });
  return { after, sessionsEnded };
}

/** The column of a user's role or company that a listed user shows, read by its id. */
const named = (table: typeof roles | typeof companies, column: SQLWrapper, id: SQLWrapper) =>
  sql`(select ${column} from ${table} where ${table.id} = ${id})`;

/**
 * Users as the list answers them: each with its role's name and whether it administers, and its
 * company's name. `?contractorCompanyId=none` is the plant owner's staff (`ownerStaff`).
 */
const userList = defineList<UserPdm>(userAccount, 'users', {
  repository: userAccounts,
  filters: equalityFilters('roleId', 'contractorCompanyId', 'isActive', 'approvalPosition'),
  conditions: { ownerStaff: ({ row }) => isNull(row.contractorCompanyId!) },
  adds: ({ row }) => ({
    roleName: named(roles, roles.name, row.roleId!),
    isAdministrator: named(roles, roles.isAdministrator, row.roleId!),
    contractorName: named(companies, companies.contractorName, row.contractorCompanyId!),
  }),
  // The view's columns, in its order: never the password hash the row holds.
  view: (row, added) =>
    userView(
      Object.fromEntries(
        Object.keys(userColumns).map((key) => [key, key in added ? added[key] : row[key]]),
      ) as UserRow,
    ),
});

export const userActions: Record<string, ActionHandler> = {
  'user.list': typedAction({ query: userListQuery }, ({ query, deps, user }) => {
    const ownerStaff = query.contractorCompanyId === ownerStaffFilter;
    return listPage(
      deps,
      userList,
      {
        ...query,
        contractorCompanyId: ownerStaff ? undefined : query.contractorCompanyId,
        ownerStaff: ownerStaff || undefined,
      },
      user!,
    );
  }),

  'user.get': typedAction({ params: userIdParams }, async ({ params, deps }) => {
    const user = await findUser(deps.db, params.id);
    if (!user) throw new AppError('NOT_FOUND', 'User not found');
    return { data: user };
  }),

  'user.create': typedAction({ body: userCreateBody }, async ({ body, deps, user: caller }) => {
    await checkPasswordPolicy(deps.db, body.password, body, 'password');
    const passwordHash = await hashPassword(body.password);
    const created = await deps.db.transaction(async (tx) => {
      await checkUsernameFree(tx, body.username);
      const { role, grants } = await roleForGrant(tx, body.roleId);
      checkMayGrant(caller!, role, grants, 'give', { path: 'roleId' });
      await checkCompany(tx, body.contractorCompanyId);
      await checkPosition(tx, body.approvalPosition);
      await checkPlannerGroups(tx, body.plannerGroups);
      const { password: _secret, ...profile } = body;
      const [row] = await tx
        .insert(users)
        .values({
          ...profile,
          plannerGroups: [...new Set(body.plannerGroups)],
          passwordHash,
          passwordChangedAt: sql`now()`,
        })
        .returning({ id: users.id });
      const after = (await findUser(tx, row!.id))!;
      await writeAudit(tx, {
        entity: auditEntity,
        entityId: after.id,
        action: 'create',
        actorId: caller!.id,
        after,
      });
      return after;
    });
    return { data: created, statusCode: 201, message: 'User created' };
  }),

  'user.update': typedAction(
    { params: userIdParams, body: userUpdateBody },
    async ({ params, body, deps, user: caller }) => {
      const updated = await deps.db.transaction(async (tx) => {
        const before = await lockUser(tx, params.id);
        if (new Date(body.updatedAt).getTime() !== new Date(before.updatedAt).getTime())
          throw new AppError(
            'CONFLICT',
            'This user was changed by someone else since you opened it: reload and try again',
            [fieldRefusal('updatedAt', 'changedSinceRead')],
          );
        const { updatedAt: _read, ...changes } = body;
        // What decides what a user may do is not theirs to change: role, company, approval position.
        if (caller!.id === before.id) {
          const guarded = Object.keys(guardedWords) as (keyof typeof guardedWords)[];
          const changed = guarded.filter((k) => changes[k] !== undefined && changes[k] !== before[k]);
          // Named in words in the message, and on each field for the form (never the field codes).
          if (changed.length > 0)
            throw new AppError(
              'FORBIDDEN',
              `You cannot change your own ${listed(changed.map((k) => guardedWords[k]))}`,
              changed.map((k) => fieldRefusal(k, 'ownAccount')),
            );
        }
        await checkMayManage(tx, caller!, before, 'change');
        if (changes.roleId !== undefined && changes.roleId !== before.roleId) {
          const { role, grants } = await roleForGrant(tx, changes.roleId);
          checkMayGrant(caller!, role, grants, 'give', { path: 'roleId' });
        }
        await checkCompany(tx, changes.contractorCompanyId);
        if (changes.approvalPosition !== before.approvalPosition)
          await checkPosition(tx, changes.approvalPosition);
        await checkPlannerGroups(tx, changes.plannerGroups);
        const values = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
        if (changes.plannerGroups) values.plannerGroups = [...new Set(changes.plannerGroups)];
        await tx
          .update(users)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(users.id, before.id));
        const after = (await findUser(tx, before.id))!;
        await writeAudit(tx, {
          entity: auditEntity,
          entityId: before.id,
          action: 'update',
          actorId: caller!.id,
          before,
          after,
        });
        return after;
      });
      return { data: updated, message: 'User updated' };
    },
  ),

  'user.updatePassword': typedAction(
    { params: userIdParams, body: passwordChangeBody },
    async ({ params, body, deps, user: caller }) => {
      const target = await findUser(deps.db, params.id);
      if (!target) throw new AppError('NOT_FOUND', 'User not found');
      await checkPasswordPolicy(deps.db, body.newPassword, target);
      const passwordHash = await hashPassword(body.newPassword);
      const after = await deps.db.transaction(async (tx) => {
        const before = await lockUser(tx, params.id);
        await checkMayManage(tx, caller!, before, 'set the password of');
        await tx
          .update(users)
          .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(users.id, before.id));
        const sessionsEnded = await endSessionsOf(tx, before.id);
        const changed = (await findUser(tx, before.id))!;
        // An event, not the values: the audit row says who changed whose password and when.
        await writeAudit(tx, {
          entity: auditEntity,
          entityId: before.id,
          action: 'passwordChange',
          actorId: caller!.id,
          before: { passwordChangedAt: before.passwordChangedAt },
          after: { passwordChangedAt: changed.passwordChangedAt, sessionsEnded },
        });
        return changed;
      });
      return { data: after, message: "Password changed; the user's sessions have ended" };
    },
  ),

  'user.updateStatus': typedAction({ body: userStatusBody }, async ({ body, deps, user: caller }) => {
    const ids = [...new Set(body.ids ?? [body.id!])];
    if (ids.includes(caller!.id))
      throw new AppError('FORBIDDEN', `You cannot ${body.isActive ? 'activate' : 'deactivate'} yourself`, [
        fieldRefusal('id', 'notYourself'),
      ]);
    const result = await deps.db.transaction(async (tx) => {
      const updated: UserPdm[] = [];
      let sessionsEnded = 0;
      for (const id of ids) {
        const before = await lockUser(tx, id);
        await checkMayManage(tx, caller!, before, 'change the status of');
        if (before.isActive === body.isActive) {
          updated.push(before);
          continue;
        }
        const done = await setStatus(tx, caller!, before, body.isActive);
        updated.push(done.after);
        sessionsEnded += done.sessionsEnded;
      }
      return { updated, sessionsEnded };
    });
    return {
      data: result,
      message: body.isActive ? 'Users activated' : 'Users deactivated; their sessions have ended',
    };
  }),

  'user.delete': typedAction({ params: userIdParams }, async ({ params, deps, user: caller }) => {
    refuseSelf(caller!, params.id, 'delete');
    return deps.db.transaction(async (tx) => {
      const before = await lockUser(tx, params.id);
      await checkMayManage(tx, caller!, before, 'delete');
      if (await hasAuthored(tx, before.id)) {
        if (before.isActive) await setStatus(tx, caller!, before, false);
        return {
          data: { id: before.id, outcome: 'deactivated' as const },
          message:
            'The user has authored records, which keep their author: the user was deactivated instead of deleted',
        };
      }
      await tx.delete(users).where(eq(users.id, before.id));
      await writeAudit(tx, {
        entity: auditEntity,
        entityId: before.id,
        action: 'delete',
        actorId: caller!.id,
        before,
      });
      return { data: { id: before.id, outcome: 'deleted' as const }, message: 'User deleted' };
    });
  }),

  'user.summary': typedAction({}, async ({ deps }) => {
    const [byStatus, byRole, byCompany] = await Promise.all([
      deps.db.select({ isActive: users.isActive, n: count() }).from(users).groupBy(users.isActive),
      deps.db
        .select({ roleId: roles.id, roleName: roles.name, count: count(users.id) })
        .from(roles)
        .leftJoin(users, eq(users.roleId, roles.id))
        .groupBy(roles.id, roles.name)
        .orderBy(asc(roles.name)),
      deps.db
        .select({
          contractorCompanyId: users.contractorCompanyId,
          contractorName: sql<string | null>`${companies.contractorName}`,
          count: count(),
        })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.contractorCompanyId))
        .groupBy(users.contractorCompanyId, companies.contractorName)
        .orderBy(sql`${companies.contractorName} asc nulls first`),
    ]);
    const active = byStatus.find((r) => r.isActive)?.n ?? 0;
    const inactive = byStatus.find((r) => !r.isActive)?.n ?? 0;
    return { data: { total: active + inactive, byStatus: { active, inactive }, byRole, byCompany } };
  }),

  'user.byApprovalPosition': typedAction({ query: approvalPositionQuery }, async ({ query, deps }) => {
    const rows = await selectUsers(deps.db)
      .where(
        and(
          eq(users.isActive, true),
          eq(users.approvalPosition, query.approvalPosition),
          query.contractorCompanyId === ownerStaffFilter
            ? isNull(users.contractorCompanyId)
            : query.contractorCompanyId
              ? eq(users.contractorCompanyId, query.contractorCompanyId)
              : undefined,
        ),
      )
      .orderBy(
        sql`${companies.contractorName} asc nulls first`,
        asc(users.approvalLevel),
        asc(users.fullName),
      );
    const groups = new Map<
      string,
      {
        contractorCompanyId: string | null;
        contractorName: string | null;
        users: { id: string; username: string; fullName: string; approvalLevel: number | null }[];
      }
    >();
    for (const row of rows) {
      const key = row.contractorCompanyId ?? ownerStaffFilter;
      if (!groups.has(key))
        groups.set(key, {
          contractorCompanyId: row.contractorCompanyId,
          contractorName: row.contractorName,
          users: [],
        });
      groups.get(key)!.users.push({
        id: row.id,
        username: row.username,
        fullName: row.fullName,
        approvalLevel: row.approvalLevel,
      });
    }
    return { data: [...groups.values()] };
  }),

  'user.plannerGroups': typedAction({ query: plannerGroupUsageQuery }, async ({ query, deps }) => {
    const pattern = query.search ? likePattern(query.search) : undefined;
    const rows = await deps.db
      .select({
        code: sql<string>`${plannerGroups.code}`,
        name: sql<string>`${plannerGroups.name}`,
        userCount: count(users.id),
        matched: matchedRows(),
      })
      .from(plannerGroups)
      .leftJoin(
        users,
        and(
          eq(users.isActive, true),
          sql`${users.plannerGroups} @> jsonb_build_array(${plannerGroups.code})`,
        ),
      )
      .where(pattern ? or(ilike(plannerGroups.code, pattern), ilike(plannerGroups.name, pattern)) : undefined)
      .groupBy(plannerGroups.code, plannerGroups.name)
      .orderBy(asc(plannerGroups.code))
      .limit(plannerGroupsCap);
    const [data, matched] = cappedRows(rows);
    return { data, meta: notShownMeta({ data: [data.length, matched] }) };
  }),
};
