import { randomUUID } from 'node:crypto';
import { permissionActions, permissionModules } from '@inspectra/contract';
import type { TokenPair } from '@inspectra/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { refreshTokens, rolePermissions, roles, users } from '../../db/schema/index.ts';
import { permissionKey } from '../../engine/access.ts';
import type { AuthenticatedUser } from '../../engine/access.ts';
import { AppError } from '../../errors.ts';
import { decoyPasswordHash, verifyPassword } from './passwords.ts';
import { countAttempt, forgiveAttempt } from './login-throttle.ts';
import { hashToken, newRefreshToken, refreshFamilySeconds, signAccessToken } from './tokens.ts';
import type { AccessTokenKey } from './tokens.ts';

const invalidCredentials = () => new AppError('UNAUTHENTICATED', 'Invalid username or password');
const invalidRefresh = () =>
  new AppError('UNAUTHENTICATED', 'The refresh token is invalid, expired or already used. Sign in again.');

/**
 * Serialises changes to one user's sessions (refresh, sign-out) for the rest of the transaction, so
 * a replay that revokes a family always sees the token its twin issued, and two revocations never
 * wait on each other's rows (no deadlock).
 */
async function lockSessionsOf(tx: DbOrTx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${sessionLockSpace}, hashtext(${userId}))`);
}
/** The first key of the advisory locks on a user's sessions (any constant no other lock uses). */
const sessionLockSpace = 7_201;

async function issue(
  db: DbOrTx,
  key: AccessTokenKey,
  userId: string,
  family: { id: string; expiresAt: Date },
): Promise<TokenPair> {
  const refreshToken = newRefreshToken();
  await db.insert(refreshTokens).values({
    tokenHash: hashToken(refreshToken),
    familyId: family.id,
    userId,
    familyExpiresAt: family.expiresAt,
  });
  return { accessToken: await signAccessToken(key, userId, family.id), refreshToken };
}

/**
 * Checks a password and starts a token family. Unknown user and wrong password answer alike.
 * `device` is the nonce of the browser's valid device cookie for this account, if it has one.
 */
export async function login(
  db: Db,
  key: AccessTokenKey,
  username: string,
  password: string,
  ip: string,
  device?: string,
): Promise<TokenPair> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  const attempt = await countAttempt(db, username, ip, user?.isActive ? user.id : undefined, device);
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!user || !ok || !user.isActive) throw invalidCredentials();
  await forgiveAttempt(db, attempt, user.id, ip);
  return issue(db, key, user.id, {
    id: randomUUID(),
    expiresAt: new Date(Date.now() + refreshFamilySeconds * 1000),
  });
}

/**
 * Spends a refresh token and issues the next pair of its family, in one transaction under the
 * user's session lock: of concurrent refreshes with one token exactly one wins, and every other one
 * is a replay that revokes the whole family, including the token the winner was just given. A
 * failure is decided inside the transaction and thrown after it commits, so the revocation stays.
 */
export async function refresh(db: Db, key: AccessTokenKey, token: string): Promise<TokenPair> {
  const tokenHash = hashToken(token);
  const [owner] = await db
    .select({ userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  if (!owner) throw invalidRefresh();
  const pair = await db.transaction(async (tx) => {
    await lockSessionsOf(tx, owner.userId);
    const [row] = await tx
      .select({
        token: refreshTokens,
        live: sql<boolean>`${refreshTokens.familyExpiresAt} > now()`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!row || row.token.revokedAt || !row.live) return undefined;
    const spent = row.token;
    if (spent.spentAt) {
      await revokeFamily(tx, spent.familyId);
      return undefined;
    }
    await tx
      .update(refreshTokens)
      .set({ spentAt: sql`now()` })
      .where(eq(refreshTokens.id, spent.id));
    const [user] = await tx.select().from(users).where(eq(users.id, spent.userId));
    if (!user?.isActive) {
      await revokeFamily(tx, spent.familyId);
      return undefined;
    }
    return issue(tx, key, user.id, { id: spent.familyId, expiresAt: spent.familyExpiresAt });
  });
  if (!pair) throw invalidRefresh();
  return pair;
}

export async function revokeFamily(db: DbOrTx, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Signs out the session a refresh token belongs to: its whole family is revoked, so neither its
 * refresh tokens nor its access tokens work any more. Unknown, spent or already revoked tokens
 * change nothing and answer the same (signing out twice is not an error).
 */
export async function logout(db: Db, token: string): Promise<void> {
  const [row] = await db
    .select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!row) return;
  await db.transaction(async (tx) => {
    await lockSessionsOf(tx, row.userId);
    await revokeFamily(tx, row.familyId);
  });
}

/** Signs a user out everywhere: every family of theirs is revoked. Answers how many sessions ended. */
export async function logoutEverywhere(db: Db, userId: string): Promise<number> {
  return db.transaction((tx) => endSessionsOf(tx, userId));
}

/**
 * Ends every session of a user in the caller's transaction (a password change, a deactivation):
 * all refresh families are revoked, so their access tokens stop working too. Answers how many ended.
 */
export async function endSessionsOf(tx: DbOrTx, userId: string): Promise<number> {
  await lockSessionsOf(tx, userId);
  const revoked = await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return new Set(revoked.map((r) => r.familyId)).size;
}

/**
 * The user lookup every signed-in call makes, in one statement (user, role, permissions and, with a
 * sign-in, whether it is live), built and named once per database: Drizzle does not rebuild it per
 * request and PostgreSQL plans it once per connection. It reads what `AuthenticatedUser` holds and
 * nothing more: not the password hash, nor timestamps Drizzle would turn into dates on every call.
 */
function buildUserStatements(db: Db) {
  const lookup = (name: string, liveFamily?: SQL) =>
    db
      .select({
        user: {
          id: users.id,
          username: users.username,
          fullName: users.fullName,
          email: users.email,
          contractorCompanyId: users.contractorCompanyId,
          approvalPosition: users.approvalPosition,
        },
        role: { id: roles.id, name: roles.name, isAdministrator: roles.isAdministrator },
        granted: sql<
          string[]
        >`coalesce((select array_agg(${rolePermissions.module} || '.' || ${rolePermissions.action})
          from ${rolePermissions} where ${rolePermissions.roleId} = ${roles.id}), '{}')`,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(users.id, sql.placeholder('userId')), eq(users.isActive, true), liveFamily))
      .prepare(name);
  return {
    alone: lookup('load_user'),
    withFamily: lookup(
      'load_user_in_sign_in',
      sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder('familyId')}
        and ${refreshTokens.userId} = ${users.id} and ${refreshTokens.revokedAt} is null
        and ${refreshTokens.familyExpiresAt} > now())`,
    ),
  };
}
const prepared = new WeakMap<Db, ReturnType<typeof buildUserStatements>>();

const everyPermission: ReadonlySet<string> = new Set(
  permissionModules.flatMap((module) => permissionActions.map((action) => permissionKey({ module, action }))),
);
function userStatements(db: Db) {
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = buildUserStatements(db)));
  return statements;
}

/**
 * The active user behind an id with the permissions of their role, or undefined. With `familyId`
 * (an access token's sign-in), also undefined once that family is revoked or expired.
 */
export async function loadUser(
  db: Db,
  userId: string,
  familyId?: string,
): Promise<AuthenticatedUser | undefined> {
  const [row] = familyId
    ? await userStatements(db).withFamily.execute({ userId, familyId })
    : await userStatements(db).alone.execute({ userId });
  if (!row) return undefined;
  // An administrator holds every permission: one set for all of them, built once (it is read-only).
  const permissions = row.role.isAdministrator ? everyPermission : new Set<string>(row.granted);
  return {
    id: row.user.id,
    username: row.user.username,
    fullName: row.user.fullName,
    email: row.user.email,
    roleId: row.role.id,
    roleName: row.role.name,
    isAdministrator: row.role.isAdministrator,
    companyId: row.user.contractorCompanyId,
    approvalPosition: row.user.approvalPosition,
    permissions,
  };
}
