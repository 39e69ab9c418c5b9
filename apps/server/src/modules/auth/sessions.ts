import { randomUUID } from 'node:crypto';
import { permissionActions, permissionModules } from '@inspectra/contract';
import type { Permission, TokenPair } from '@inspectra/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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

async function issue(
  db: Db,
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
  return { accessToken: await signAccessToken(key, userId), refreshToken };
}

/** Checks a password and starts a token family. Unknown user and wrong password answer alike. */
export async function login(
  db: Db,
  key: AccessTokenKey,
  username: string,
  password: string,
  ip: string,
): Promise<TokenPair> {
  await countAttempt(db, username, ip);
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!user || !ok || !user.isActive) throw invalidCredentials();
  await forgiveAttempt(db, username, ip);
  return issue(db, key, user.id, {
    id: randomUUID(),
    expiresAt: new Date(Date.now() + refreshFamilySeconds * 1000),
  });
}

/**
 * Spends a refresh token and issues the next pair of its family. The spend is one conditional
 * UPDATE, so of concurrent refreshes with one token exactly one wins. A token already spent is a
 * replay: its whole family is revoked and the caller must sign in again.
 */
export async function refresh(db: Db, key: AccessTokenKey, token: string): Promise<TokenPair> {
  const tokenHash = hashToken(token);
  const [spent] = await db
    .update(refreshTokens)
    .set({ spentAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.spentAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.familyExpiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!spent) {
    const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    if (known?.spentAt) await revokeFamily(db, known.familyId);
    throw invalidRefresh();
  }
  const [user] = await db.select().from(users).where(eq(users.id, spent.userId));
  if (!user?.isActive) {
    await revokeFamily(db, spent.familyId);
    throw invalidRefresh();
  }
  return issue(db, key, user.id, { id: spent.familyId, expiresAt: spent.familyExpiresAt });
}

export async function revokeFamily(db: Db, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** The active user behind an id with the permissions of their role, or undefined. */
export async function loadUser(db: Db, userId: string): Promise<AuthenticatedUser | undefined> {
  const [row] = await db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), eq(users.isActive, true)));
  if (!row) return undefined;
  const permissions = new Set<string>();
  if (row.role.isAdministrator) {
    for (const module of permissionModules) {
      for (const action of permissionActions) permissions.add(permissionKey({ module, action }));
    }
  } else {
    const granted = await db.select().from(rolePermissions).where(eq(rolePermissions.roleId, row.role.id));
    for (const p of granted) permissions.add(permissionKey(p as Permission));
  }
  return {
    id: row.user.id,
    username: row.user.username,
    fullName: row.user.fullName,
    email: row.user.email,
    roleId: row.role.id,
    roleName: row.role.name,
    permissions,
  };
}
