import { permissionActions, permissionModules } from '@inspectra/contract';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loginFailures, refreshTokens, roles, users } from '../src/db/schema/index.ts';
import { bootstrapAdministrator } from '../src/modules/auth/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import {
  configurePasswordHashing,
  defaultPasswordHashCost,
  hashPassword,
  verifyPassword,
} from '../src/modules/auth/passwords.ts';
import { createLocalFileStore } from '../src/storage/local-file-store.ts';
import {
  adminPassword,
  createUser as createUserIn,
  freshDatabase,
  jwtSecret,
  nextIp,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { testPasswordHashCost } from './password-cost.ts';

let t: TestApp;
let adminId: string;
let administratorRoleId: string;
/** The refresh-token family (sign-in) of the test app's administrator session. */
let adminFamilyId: string;

beforeAll(async () => {
  t = await startTestApp();
  const [admin] = await t.db.select().from(users).where(eq(users.username, 'admin'));
  adminId = admin!.id;
  administratorRoleId = admin!.roleId;
  const [row] = await t.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256Hex(t.adminTokens.refreshToken)));
  adminFamilyId = row!.familyId;
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// Helpers

const invalidCredentialsMessage = 'Invalid username or password';

/** A user with the Administrator role unless told. */
const createUser = (o: Parameters<typeof createUserIn>[1] = {}) => createUserIn(t, o);

const refresh = (refreshToken: unknown) =>
  t.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

const profile = (token: string) =>
  t.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: `Bearer ${token}` } });

function expectError(
  res: { statusCode: number; json(): any },
  status: number,
  code: string,
  message?: string | RegExp,
) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body.data).toBeNull();
  expect(body.statusCode).toBe(status);
  expect(body.error.code).toBe(code);
  expect(typeof body.message).toBe('string');
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  return body;
}

function expectTokenPair(res: { statusCode: number; json(): any }) {
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.data).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
  expect(body.data.accessToken.split('.')).toHaveLength(3);
  expect(body.data.refreshToken.length).toBeGreaterThanOrEqual(40);
  return body.data as { accessToken: string; refreshToken: string };
}

const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');
const key = new TextEncoder().encode(jwtSecret);
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** An access token as the server signs one, with each part overridable to forge a bad one. */
async function craftToken(
  o: {
    secret?: Uint8Array;
    alg?: string;
    sub?: string;
    iss?: string;
    aud?: string;
    typ?: string | null;
    fid?: string | null;
    exp?: number;
    iat?: number;
  } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = o.typ === null ? {} : { typ: o.typ ?? 'access' };
  if (o.fid !== null) claims.fid = o.fid ?? adminFamilyId;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: o.alg ?? 'HS256', typ: 'JWT' })
    .setSubject(o.sub ?? adminId)
    .setIssuer(o.iss ?? 'inspectra')
    .setAudience(o.aud ?? 'inspectra-api')
    .setIssuedAt(o.iat ?? now)
    .setExpirationTime(o.exp ?? now + 600)
    .setJti(randomUUID())
    .sign(o.secret ?? key);
}

// ---------------------------------------------------------------------------------------------

describe('login and profile', () => {
  it('signs in with both tokens and the profile is the administrator with every permission', async () => {
    const res = await t.login('admin', adminPassword, nextIp());
    const body = res.json();
    expect(body.statusCode).toBe(200);
    expect(body.message).toBe('Signed in');
    const pair = expectTokenPair(res);
    expect(pair.accessToken).not.toBe(pair.refreshToken);

    const p = await profile(pair.accessToken);
    expect(p.statusCode).toBe(200);
    const data = p.json().data;
    expect(data).toMatchObject({
      id: adminId,
      username: 'admin',
      fullName: 'Administrator',
      email: null,
      role: { id: administratorRoleId, name: 'Administrator' },
    });
    expect(data.permissions).toContainEqual({ module: 'thermal', action: 'view' });
    expect(data.permissions).toContainEqual({ module: 'role', action: 'delete' });
    // Every module × every action, each once
    const all = permissionModules.length * permissionActions.length;
    expect(data.permissions).toHaveLength(all);
    expect(new Set(data.permissions.map((x: any) => `${x.module}.${x.action}`)).size).toBe(all);
  });

  it('refuses the profile without a bearer token or with a malformed header', async () => {
    expectError(await t.inject({ method: 'GET', url: '/api/auth/profile' }), 401, 'UNAUTHENTICATED');
    expectError(
      await t.inject({
        method: 'GET',
        url: '/api/auth/profile',
        headers: { authorization: 'Basic YWRtaW46eA==' },
      }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(await profile('not-a-jwt'), 401, 'UNAUTHENTICATED');
  });

  it('answers a wrong password and an unknown user identically', async () => {
    const u = await createUser();
    const ip = nextIp();
    const wrong = expectError(
      await t.login(u.username, 'wrong password', ip),
      401,
      'UNAUTHENTICATED',
      invalidCredentialsMessage,
    );
    const unknown = expectError(
      await t.login(`nobody-${randomUUID()}`, 'whatever', ip),
      401,
      'UNAUTHENTICATED',
      invalidCredentialsMessage,
    );
    expect(unknown).toEqual(wrong);
    // Nothing was issued for either attempt.
    const issued = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, u.id));
    expect(issued).toHaveLength(0);
  });

  it('treats the username case-insensitively', async () => {
    const u = await createUser({ username: `MixedCase-${randomUUID().slice(0, 8)}` });
    for (const name of [u.username, u.username.toUpperCase(), u.username.toLowerCase()]) {
      const pair = expectTokenPair(await t.login(name, u.password, nextIp()));
      const p = await profile(pair.accessToken);
      expect(p.statusCode).toBe(200);
      expect(p.json().data.id).toBe(u.id);
      expect(p.json().data.username).toBe(u.username);
    }
    expectTokenPair(await t.login('ADMIN', adminPassword, nextIp()));
  });

  it('does not match a different password case', async () => {
    const u = await createUser({ password: 'Secret-Password' });
    expectError(
      await t.login(u.username, 'secret-password', nextIp()),
      401,
      'UNAUTHENTICATED',
      invalidCredentialsMessage,
    );
  });
});

describe('password hashes', () => {
  it("are argon2id at OWASP's minimum by default; a hash made at another cost still verifies", async () => {
    expect(loadConfig({}).passwordHashCost).toEqual({ memoryKib: 19_456, passes: 2 });
    expect(
      loadConfig({ PASSWORD_HASH_MEMORY_KIB: '65536', PASSWORD_HASH_PASSES: '3' }).passwordHashCost,
    ).toEqual({ memoryKib: 65_536, passes: 3 });
    configurePasswordHashing(defaultPasswordHashCost);
    try {
      const strong = await hashPassword('tank farm at dawn');
      expect(strong).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      configurePasswordHashing(testPasswordHashCost);
      expect(await hashPassword('tank farm at dawn')).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
      // A stored hash names its own cost: one made before the setting changed still verifies.
      expect(await verifyPassword(strong, 'tank farm at dawn')).toBe(true);
      expect(await verifyPassword(strong, 'tank farm at dusk')).toBe(false);
    } finally {
      configurePasswordHashing(testPasswordHashCost);
    }
  });
});

describe('validation', () => {
  const post = (url: string, payload: unknown) =>
    t.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress: nextIp() });

  it.each([
    ['username missing', { password: 'x' }, 'username'],
    ['username empty', { username: '', password: 'x' }, 'username'],
    ['username only spaces', { username: '   ', password: 'x' }, 'username'],
    ['username not a string', { username: 42, password: 'x' }, 'username'],
    ['password missing', { username: 'admin' }, 'password'],
    ['password empty', { username: 'admin', password: '' }, 'password'],
  ])('login with %s → 400 naming the field', async (_label, payload, field) => {
    const body = expectError(await post('/api/auth/login', payload), 400, 'VALIDATION_ERROR');
    expect(body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: field })]));
    expect(body.message).toContain(field);
  });

  it('login with both fields missing names both', async () => {
    const body = expectError(await post('/api/auth/login', {}), 400, 'VALIDATION_ERROR');
    const paths = body.error.details.map((d: any) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['username', 'password']));
  });

  it.each([
    ['missing', {}],
    ['empty', { refreshToken: '' }],
    ['not a string', { refreshToken: 123 }],
  ])('refresh with refreshToken %s → 400 naming the field', async (_label, payload) => {
    const body = expectError(await post('/api/auth/refresh', payload), 400, 'VALIDATION_ERROR');
    expect(body.error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'refreshToken' })]),
    );
  });

  it('a validation failure does not count as a failed sign-in', async () => {
    const ip = nextIp();
    for (let i = 0; i < 6; i++) {
      await t.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin', password: '' },
        remoteAddress: ip,
      });
    }
    expectTokenPair(await t.login('admin', adminPassword, ip));
  });
});

describe('refresh', () => {
  it('rotates, and a replayed token revokes its whole family', async () => {
    const first = expectTokenPair(await t.login('admin', adminPassword, nextIp()));
    const [firstRow] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(first.refreshToken)));
    expect(firstRow).toBeDefined();
    expect(firstRow!.spentAt).toBeNull();

    const r1 = await refresh(first.refreshToken);
    expect(r1.json().message).toBe('Token refreshed');
    const second = expectTokenPair(r1);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await profile(second.accessToken)).statusCode).toBe(200);

    // The old row is spent, the new one belongs to the same family.
    const family = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, firstRow!.familyId));
    expect(family).toHaveLength(2);
    const old = family.find((r) => r.tokenHash === sha256Hex(first.refreshToken))!;
    const next = family.find((r) => r.tokenHash === sha256Hex(second.refreshToken))!;
    expect(old.spentAt).toBeInstanceOf(Date);
    expect(next.spentAt).toBeNull();
    expect(next.familyExpiresAt.getTime()).toBe(old.familyExpiresAt.getTime());

    // The new refresh token works.
    const third = expectTokenPair(await refresh(second.refreshToken));

    // Replaying the first (spent) token is refused and revokes the family…
    expectError(await refresh(first.refreshToken), 401, 'UNAUTHENTICATED');
    const revoked = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, firstRow!.familyId));
    expect(revoked).toHaveLength(3);
    for (const row of revoked) expect(row.revokedAt).toBeInstanceOf(Date);

    // …so the newest token of the family is refused too, and no new row is issued.
    expectError(await refresh(third.refreshToken), 401, 'UNAUTHENTICATED');
    expect(
      await t.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, firstRow!.familyId)),
    ).toHaveLength(3);

    // A fresh sign-in starts a new, working family.
    const fresh = expectTokenPair(await t.login('admin', adminPassword, nextIp()));
    const [freshRow] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(fresh.refreshToken)));
    expect(freshRow!.familyId).not.toBe(firstRow!.familyId);
    expect(freshRow!.revokedAt).toBeNull();
    expectTokenPair(await refresh(fresh.refreshToken));
  });

  it('lets at most one of five concurrent refreshes with one token succeed', async () => {
    const pair = expectTokenPair(await t.login('admin', adminPassword, nextIp()));
    const results = await Promise.all(Array.from({ length: 5 }, () => refresh(pair.refreshToken)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    expect(ok).toHaveLength(1); // a valid token is honoured once
    for (const r of results.filter((x) => x.statusCode !== 200)) expectError(r, 401, 'UNAUTHENTICATED');

    // Exactly one successor was issued for the family.
    const [row] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(pair.refreshToken)));
    const family = await t.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, row!.familyId));
    expect(family).toHaveLength(2);
  });

  it('refuses an unknown refresh token without touching stored tokens', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(refreshTokens);
    expectError(await refresh('x'.repeat(43)), 401, 'UNAUTHENTICATED');
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(refreshTokens);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses an access token as a refresh token', async () => {
    const pair = expectTokenPair(await t.login('admin', adminPassword, nextIp()));
    expectError(await refresh(pair.accessToken), 401, 'UNAUTHENTICATED');
    // The pair itself is still good.
    expectTokenPair(await refresh(pair.refreshToken));
  });

  it('refuses a refresh token as a bearer token', async () => {
    const pair = expectTokenPair(await t.login('admin', adminPassword, nextIp()));
    expectError(await profile(pair.refreshToken), 401, 'UNAUTHENTICATED');
    // and it was not spent by that attempt
    expectTokenPair(await refresh(pair.refreshToken));
  });

  it('stores refresh tokens only as sha256 hashes', async () => {
    const pair = expectTokenPair(await t.login('admin', adminPassword, nextIp()));
    const rows = await t.db.select().from(refreshTokens);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash === pair.refreshToken)).toBe(false);
    for (const r of rows) expect(JSON.stringify(r)).not.toContain(pair.refreshToken);
    const mine = rows.filter((r) => r.tokenHash === sha256Hex(pair.refreshToken));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(mine[0]!.userId).toBe(adminId);
  });
});

describe('forged access tokens', () => {
  it('accepts a token crafted exactly like the server’s (control)', async () => {
    const res = await profile(await craftToken());
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(adminId);
  });

  const now = () => Math.floor(Date.now() / 1000);
  const cases: [string, () => Promise<string>][] = [
    [
      'signed with another secret',
      () => craftToken({ secret: new TextEncoder().encode('another-secret-that-is-long-enough-too!!') }),
    ],
    [
      'alg none',
      async () =>
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ typ: 'access', sub: adminId, iss: 'inspectra', aud: 'inspectra-api', iat: now(), exp: now() + 600 })}.`,
    ],
    [
      'alg none, signature of the right token kept',
      async () => {
        const good = await craftToken();
        const [, payload, signature] = good.split('.');
        return `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`;
      },
    ],
    ['expired', () => craftToken({ iat: now() - 3600, exp: now() - 60 })],
    ['wrong audience', () => craftToken({ aud: 'some-other-api' })],
    ['wrong issuer', () => craftToken({ iss: 'evil' })],
    ['missing typ', () => craftToken({ typ: null })],
    ['typ refresh', () => craftToken({ typ: 'refresh' })],
    ['for a user that does not exist', () => craftToken({ sub: randomUUID() })],
    ['without a sign-in (no fid)', () => craftToken({ fid: null })],
    ['for a sign-in that does not exist', () => craftToken({ fid: randomUUID() })],
    ['with a sign-in id that is not a UUID', () => craftToken({ fid: 'family' })],
    ['HS512 with the right secret', () => craftToken({ alg: 'HS512' })],
    ['HS384 with the right secret', () => craftToken({ alg: 'HS384' })],
    [
      'payload altered after signing',
      async () => {
        const good = await craftToken();
        const [header, , signature] = good.split('.');
        return `${header}.${b64({ typ: 'access', fid: adminFamilyId, sub: randomUUID(), iss: 'inspectra', aud: 'inspectra-api', iat: now(), exp: now() + 600 })}.${signature}`;
      },
    ],
  ];

  it.each(cases)('refuses a token %s with 401', async (_label, make) => {
    const body = expectError(await profile(await make()), 401, 'UNAUTHENTICATED');
    expect(body.error.details).toBeUndefined();
  });
});

describe('deactivated user', () => {
  it('loses their access token, their refresh token and the ability to sign in', async () => {
    const u = await createUser();
    const ip = nextIp();
    const pair = expectTokenPair(await t.login(u.username, u.password, ip));
    expect((await profile(pair.accessToken)).statusCode).toBe(200);

    await t.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));

    expectError(await profile(pair.accessToken), 401, 'UNAUTHENTICATED');
    expectError(await t.login(u.username, u.password, ip), 401, 'UNAUTHENTICATED', invalidCredentialsMessage);
    // Same answer as an unknown user.
    const unknown = expectError(await t.login(`ghost-${randomUUID()}`, 'x', ip), 401, 'UNAUTHENTICATED');
    const inactive = expectError(await t.login(u.username, u.password, ip), 401, 'UNAUTHENTICATED');
    expect(inactive).toEqual(unknown);

    expectError(await refresh(pair.refreshToken), 401, 'UNAUTHENTICATED');
    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, u.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.revokedAt).toBeInstanceOf(Date);
  });
});

/** Sign-in attempts counted against a throttle key (`user:<name>` or `ip:<address>`); 0 when none. */
async function attemptCount(key: string) {
  const [row] = await t.db.select().from(loginFailures).where(eq(loginFailures.key, key));
  return row?.count ?? 0;
}

describe('throttling', () => {
  it('counts parallel attempts too: of 20 at once, at most 5 reach the password check', async () => {
    const u = await createUser();
    const ip = nextIp();
    const rs = await Promise.all(Array.from({ length: 20 }, (_, i) => t.login(u.username, `wrong${i}`, ip)));
    const statuses = rs.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('refuses an address after 5 failures on one account, even the right password; elsewhere it signs in', async () => {
    const victim = await createUser();
    const other = await createUser();
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      expectError(
        await t.login(victim.username, `wrong-${i}`, ip),
        401,
        'UNAUTHENTICATED',
        invalidCredentialsMessage,
      );
    }
    expect(await attemptCount(`pair:${victim.username.toLowerCase()}|${ip}`)).toBe(5);

    const body = expectError(
      await t.login(victim.username, victim.password, ip),
      429,
      'TOO_MANY_REQUESTS',
      /Try again in (\d+) minutes?\./,
    );
    const minutes = Number(/Try again in (\d+) minute/.exec(body.message)![1]);
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeLessThanOrEqual(15);
    // The pair is the account whatever the case of its name.
    expectError(await t.login(victim.username.toUpperCase(), victim.password, ip), 429, 'TOO_MANY_REQUESTS');
    // No session was issued for the victim from that address…
    expect(await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, victim.id))).toHaveLength(
      0,
    );
    // …another account from that address is not refused…
    expectTokenPair(await t.login(other.username, other.password, ip));
    // …and five failures do not lock the account: its owner signs in from another address.
    expectTokenPair(await t.login(victim.username, victim.password, nextIp()));
  });

  it('a success before the limit clears the failures of that account from that address', async () => {
    const u = await createUser();
    const ip = nextIp();
    const pair = `pair:${u.username.toLowerCase()}|${ip}`;
    for (let i = 0; i < 4; i++) expectError(await t.login(u.username, 'wrong', ip), 401, 'UNAUTHENTICATED');
    expectTokenPair(await t.login(u.username, u.password, ip));
    expect(await attemptCount(pair)).toBe(0);
    for (let i = 0; i < 4; i++) expectError(await t.login(u.username, 'wrong', ip), 401, 'UNAUTHENTICATED');
    expectTokenPair(await t.login(u.username, u.password, ip));
  });

  it('locks an address after 30 failures for different usernames; the user signs in from elsewhere', async () => {
    const u = await createUser();
    const ip = nextIp();
    for (let i = 0; i < 30; i++) {
      expectError(
        await t.login(`unknown-${i}-${randomUUID()}`, 'wrong', ip),
        401,
        'UNAUTHENTICATED',
        invalidCredentialsMessage,
      );
    }
    expect(await attemptCount(`ip:${ip}`)).toBe(30);

    expectError(
      await t.login(`unknown-next-${randomUUID()}`, 'wrong', ip),
      429,
      'TOO_MANY_REQUESTS',
      /Try again in \d+ minutes?\./,
    );
    expectError(
      await t.login(u.username, u.password, ip),
      429,
      'TOO_MANY_REQUESTS',
      /Try again in \d+ minutes?\./,
    );
    expectTokenPair(await t.login(u.username, u.password, nextIp()));
  }, 60_000);
});

describe('bootstrap', () => {
  it('does nothing on a database that already has users', async () => {
    const before = await t.db.select().from(users);
    const lines: string[] = [];
    await bootstrapAdministrator(t.db, {
      username: 'second-admin',
      password: 'another password',
      dataDir: undefined,
      log: (l) => lines.push(l),
    });
    const after = await t.db.select().from(users);
    expect(after).toHaveLength(before.length);
    expect(after.some((u) => u.username === 'second-admin')).toBe(false);
    expect(await t.db.select().from(roles).where(eq(roles.name, 'Administrator'))).toHaveLength(1);
    expect(lines).toEqual([]);
    expectError(
      await t.login('second-admin', 'another password', nextIp()),
      401,
      'UNAUTHENTICATED',
      invalidCredentialsMessage,
    );
  });

  it('on an empty database refuses a weak ADMIN_PASSWORD, generates one, writes it 0600 and it signs in', async () => {
    // A copy of the run's migrated database without its users, as a first start finds it: migrating
    // one afresh took 10 s of PGlite in each pass, and proved what the template's own start does.
    const database = await freshDatabase();
    await database.db.delete(users);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'inspectra-boot-'));
    const filesDir = await mkdtemp(path.join(os.tmpdir(), 'inspectra-boot-files-'));
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      const lines: string[] = [];
      // A configured password the policy would refuse stops the start: no administrator is made.
      await expect(
        bootstrapAdministrator(database.db, {
          username: 'root',
          password: 'Password123!',
          dataDir,
          log: (l) => lines.push(l),
        }),
      ).rejects.toThrow(/^Invalid configuration: ADMIN_PASSWORD is too weak for user "root": /);
      expect(await database.db.select().from(users)).toHaveLength(0);

      await bootstrapAdministrator(database.db, {
        username: 'root',
        password: undefined,
        dataDir,
        log: (l) => lines.push(l),
      });

      const created = await database.db.select().from(users);
      expect(created).toHaveLength(1);
      expect(created[0]!.username).toBe('root');
      expect(created[0]!.isActive).toBe(true);
      const [role] = await database.db.select().from(roles).where(eq(roles.id, created[0]!.roleId));
      expect(role).toMatchObject({ name: 'Administrator', isAdministrator: true });

      const file = path.join(dataDir, 'initial-admin-password');
      const info = await stat(file);
      expect(info.mode & 0o777).toBe(0o600);
      const password = (await readFile(file, 'utf8')).trim();
      expect(password.length).toBeGreaterThanOrEqual(20);
      expect(created[0]!.passwordHash).not.toContain(password);
      expect(created[0]!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(lines.join('\n')).toContain(file);

      app = await buildApp({
        database,
        files: await createLocalFileStore(filesDir),
        jwtSecret,
        maxUploadBytes: 1024,
      });
      await app.ready();
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'root', password },
      });
      const pair = expectTokenPair(res);
      const p = await app.inject({
        method: 'GET',
        url: '/api/auth/profile',
        headers: { authorization: `Bearer ${pair.accessToken}` },
      });
      expect(p.statusCode).toBe(200);
      expect(p.json().data).toMatchObject({ username: 'root', role: { name: 'Administrator' } });
      expectError(
        await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'root', password: adminPassword },
        }),
        401,
        'UNAUTHENTICATED',
        invalidCredentialsMessage,
      );
    } finally {
      await app?.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
      await rm(filesDir, { recursive: true, force: true });
    }
  }, 60_000);
});
