import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, refreshTokens, users } from '../src/db/schema/index.ts';
import { throttleLimits } from '../src/modules/auth/login-throttle.ts';
import { createUser as createUserIn, nextIp, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

/**
 * Sign-out, sessions that end when they are revoked, throttling that slows an attack without
 * locking the owner out, and refresh replays under concurrency. Runs on PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set (there the refreshes really run in parallel).
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const createUser = () => createUserIn(t);

type Pair = { accessToken: string; refreshToken: string };

async function signIn(u: { username: string; password: string }, ip = nextIp()): Promise<Pair> {
  const res = await t.login(u.username, u.password, ip);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const post = (url: string, payload?: Record<string, unknown>, accessToken?: string) =>
  t.inject({
    method: 'POST',
    url,
    ...(payload ? { payload } : {}),
    ...(accessToken ? { headers: { authorization: `Bearer ${accessToken}` } } : {}),
  });
const refresh = (refreshToken: string) => post('/api/auth/refresh', { refreshToken });
const logout = (refreshToken: unknown) => post('/api/auth/logout', { refreshToken });
const profile = (accessToken: string, scheme = 'Bearer') =>
  t.inject({
    method: 'GET',
    url: '/api/auth/profile',
    headers: { authorization: `${scheme} ${accessToken}` },
  });

const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');
async function familyOf(refreshToken: string) {
  const [row] = await t.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256Hex(refreshToken)));
  return t.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, row!.familyId));
}

function expectUnauthenticated(res: { statusCode: number; json(): any }) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ data: null, statusCode: 401, error: { code: 'UNAUTHENTICATED' } });
}

describe('sign-out', () => {
  it('ends the session on the server: its refresh token and its access token stop working', async () => {
    const u = await createUser();
    const session = await signIn(u);
    const otherDevice = await signIn(u);
    expect((await profile(session.accessToken)).statusCode).toBe(200);

    const res = await logout(session.refreshToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, statusCode: 200, message: 'Signed out' });

    expectUnauthenticated(await refresh(session.refreshToken));
    expectUnauthenticated(await profile(session.accessToken));
    for (const row of await familyOf(session.refreshToken)) expect(row.revokedAt).toBeInstanceOf(Date);

    // The same user's session on another device goes on.
    expect((await profile(otherDevice.accessToken)).statusCode).toBe(200);
    const renewed = (await refresh(otherDevice.refreshToken)).json().data as Pair;
    expect((await profile(renewed.accessToken)).statusCode).toBe(200);
  });

  it('also ends the access tokens issued by refreshes before it, and works with a spent token', async () => {
    const u = await createUser();
    const first = await signIn(u);
    const second = (await refresh(first.refreshToken)).json().data as Pair;
    // Signing out with the spent first token still names the session.
    expect((await logout(first.refreshToken)).statusCode).toBe(200);
    expectUnauthenticated(await profile(first.accessToken));
    expectUnauthenticated(await profile(second.accessToken));
    expectUnauthenticated(await refresh(second.refreshToken));
  });

  it('is public (an expired access token can sign out) and repeating it answers the same', async () => {
    const u = await createUser();
    const session = await signIn(u);
    const withBadBearer = await t.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: session.refreshToken },
      headers: { authorization: 'Bearer expired.or.forged' },
    });
    expect(withBadBearer.statusCode).toBe(200);
    const again = await logout(session.refreshToken);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Signed out');
    // A token that was never issued answers the same and changes nothing.
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(refreshTokens);
    expect((await logout('x'.repeat(43))).json()).toEqual(again.json());
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(refreshTokens);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it.each([
    ['missing', {}],
    ['empty', { refreshToken: '' }],
    ['not a string', { refreshToken: 42 }],
    ['too long', { refreshToken: 'x'.repeat(5000) }],
  ])('refuses a refresh token %s with 400 naming it', async (_label, payload) => {
    const res = await post('/api/auth/logout', payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'refreshToken' })]),
    );
  });
});

describe('sign out of all devices', () => {
  it('ends every session of the user, this one included, and no one else’s', async () => {
    const u = await createUser();
    const other = await createUser();
    const sessions = [await signIn(u), await signIn(u), await signIn(u)];
    const renewed = (await refresh(sessions[2]!.refreshToken)).json().data as Pair;
    const bystander = await signIn(other);

    const res = await post('/api/auth/logout-all', {}, sessions[0]!.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { sessionsEnded: 3 },
      statusCode: 200,
      message: 'Signed out of all devices',
    });

    for (const s of [...sessions, renewed]) {
      expectUnauthenticated(await profile(s.accessToken));
      expectUnauthenticated(await refresh(s.refreshToken));
    }
    expect((await profile(bystander.accessToken)).statusCode).toBe(200);
    expect((await refresh(bystander.refreshToken)).statusCode).toBe(200);

    // Signing in again starts a session that works.
    const fresh = await signIn(u);
    expect((await profile(fresh.accessToken)).statusCode).toBe(200);
  });

  it('needs a valid session', async () => {
    expectUnauthenticated(await post('/api/auth/logout-all'));
    const u = await createUser();
    const session = await signIn(u);
    await logout(session.refreshToken);
    expectUnauthenticated(await post('/api/auth/logout-all', {}, session.accessToken));
  });
});

describe('access tokens of a deactivated user', () => {
  it('stop working on the next request', async () => {
    const u = await createUser();
    const session = await signIn(u);
    expect((await profile(session.accessToken)).statusCode).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
    expectUnauthenticated(await profile(session.accessToken));
    expectUnauthenticated(await refresh(session.refreshToken));
  });
});

describe('the Authorization header', () => {
  it.each(['Bearer', 'bearer', 'BEARER', 'bEaReR', 'Bearer '])(
    'accepts the scheme written %j (case-insensitive, extra spaces allowed)',
    async (scheme) => {
      const res = await profile(t.adminTokens.accessToken, scheme);
      expect(res.statusCode).toBe(200);
    },
  );

  it.each([
    ['no space', (token: string) => `Bearer${token}`],
    ['another scheme', (token: string) => `Token ${token}`],
    ['two tokens', (token: string) => `Bearer ${token} ${token}`],
  ])('refuses %s', async (_label, header) => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: header(t.adminTokens.accessToken) },
    });
    expectUnauthenticated(res);
  });
});

/** The throttling row of a key, or undefined. */
async function throttleRow(key: string) {
  const [row] = await t.db.select().from(loginFailures).where(eq(loginFailures.key, key));
  return row;
}

/** Seconds from the database's now to the account's next password check for unknown addresses. */
async function secondsToNextTurn(username: string) {
  const [row] = await t.db
    .select({
      s: sql<number>`extract(epoch from (${loginFailures.nextAttemptAt} - now()))::float8`,
    })
    .from(loginFailures)
    .where(eq(loginFailures.key, `user:${username.toLowerCase()}`));
  return row?.s ?? null;
}

describe('throttling an attack from many addresses', () => {
  it('lets the owner sign in from their own address while the attack runs, and slows the guessing', async () => {
    const owner = await createUser();
    const home = nextIp();
    await signIn(owner, home);

    const attackers = Array.from({ length: 40 }, nextIp);
    const guesses = attackers.flatMap((ip) =>
      [1, 2, 3].map(() => t.login(owner.username, `guess-${randomUUID()}`, ip)),
    );
    // The owner signs in three times in the middle of it.
    const ownerAttempts = [1, 2, 3].map(() => t.login(owner.username, owner.password, home));
    const started = Date.now();
    const [attack, mine] = await Promise.all([Promise.all(guesses), Promise.all(ownerAttempts)]);
    const seconds = (Date.now() - started) / 1000;

    for (const res of mine) expect(res.statusCode, res.body).toBe(200);
    const statuses = attack.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // Of 120 guesses from 40 addresses, only the free allowance and the turns that came while the
    // attack lasted reached the password check: turns come 0, 1, 3, 7, 15 … seconds after the free ones.
    const checked = statuses.filter((s) => s === 401).length;
    const turns = Math.floor(Math.log2(seconds + 1)) + 1;
    expect(checked).toBeGreaterThanOrEqual(throttleLimits.accountFree);
    expect(checked).toBeLessThanOrEqual(throttleLimits.accountFree + turns);
    for (const res of attack.filter((r) => r.statusCode === 429)) {
      expect(res.json().message).toMatch(/^Too many failed sign-ins\. Try again in 1 minute\.$/);
    }

    // The owner signs in from their own address again, at once, as often as they like.
    for (let i = 0; i < 3; i++) await signIn(owner, home);
    expect(await throttleRow(`pair:${owner.username.toLowerCase()}|${home}`)).toBeUndefined();
  }, 60_000);

  it('slows, never locks: from a new address the owner signs in once the account’s turn comes', async () => {
    const owner = await createUser();
    for (let i = 0; i < throttleLimits.accountFree + 1; i++) {
      expect((await t.login(owner.username, 'wrong', nextIp())).statusCode).toBe(401);
    }
    // The turn after the sixth failure comes one second later; until then a guess is refused.
    const wait = (await secondsToNextTurn(owner.username))!;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(1);
    expect((await t.login(owner.username, owner.password, nextIp())).statusCode).toBe(429);
    await new Promise((r) => setTimeout(r, wait * 1000 + 100));
    await signIn(owner, nextIp());
  }, 30_000);

  it('grows the wait with each failure, up to one minute', async () => {
    const u = await createUser();
    const key = `user:${u.username.toLowerCase()}`;
    /** The wait a failure leaves when the account had `count` already; exact but for the time it took. */
    const expectWaitAfter = async (count: number, seconds: number) => {
      await t.db
        .insert(loginFailures)
        .values({ key, count, windowStartedAt: sql`now()`, nextAttemptAt: null })
        .onConflictDoUpdate({ target: loginFailures.key, set: { count, nextAttemptAt: null } });
      const started = performance.now();
      expect((await t.login(u.username, 'wrong', nextIp())).statusCode).toBe(401);
      const left = (await secondsToNextTurn(u.username))!;
      const elapsed = (performance.now() - started) / 1000;
      // Set to `seconds` during the sign-in, read some time after: a busy machine only shortens it.
      expect(left).toBeLessThanOrEqual(seconds + 0.05);
      expect(left).toBeGreaterThanOrEqual(seconds - elapsed - 0.05);
    };
    // count after the attempt: free + 1 → 1 s, free + 2 → 2 s, free + 4 → 8 s, then capped.
    await expectWaitAfter(throttleLimits.accountFree, 1);
    await expectWaitAfter(throttleLimits.accountFree + 1, 2);
    await expectWaitAfter(throttleLimits.accountFree + 3, 8);
    await expectWaitAfter(throttleLimits.accountFree + 40, 60);
    await expectWaitAfter(10_000, 60);
  });

  it('refuses one address after 5 failures on one account, and that address only', async () => {
    const owner = await createUser();
    const attacker = nextIp();
    for (let i = 0; i < throttleLimits.pair; i++) {
      expect((await t.login(owner.username, 'wrong', attacker)).statusCode).toBe(401);
    }
    expect((await t.login(owner.username, 'wrong', attacker)).statusCode).toBe(429);
    expect((await t.login(owner.username, owner.password, attacker)).statusCode).toBe(429);
    await signIn(owner, nextIp());
  });

  it('counts an unknown account like a known one, so the answers reveal nothing', async () => {
    const known = await createUser();
    const unknown = `nobody-${randomUUID().slice(0, 8)}`;
    const statusesFor = async (name: string) => {
      const rs = await Promise.all(
        Array.from({ length: 12 }, () => t.login(name, `guess-${randomUUID()}`, nextIp())),
      );
      return rs.map((r) => r.statusCode).sort();
    };
    expect(await statusesFor(unknown)).toEqual(await statusesFor(known.username));
  });
});

describe('concurrent refreshes of one token', () => {
  it('in each of 50 rounds exactly one wins and the replay revokes the whole family', async () => {
    const u = await createUser();
    const ip = nextIp();
    let revokedEveryRound = 0;
    for (let round = 0; round < 50; round++) {
      const session = await signIn(u, ip);
      const [a, b] = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
      const statuses = [a.statusCode, b.statusCode].sort();
      expect(statuses, `round ${round}`).toEqual([200, 401]);
      const winner = (a.statusCode === 200 ? a : b).json().data as Pair;

      const family = await familyOf(session.refreshToken);
      expect(family, `round ${round}`).toHaveLength(2);
      expect(
        family.every((row) => row.revokedAt !== null),
        `round ${round}`,
      ).toBe(true);
      // What the winner was given is as dead as the rest.
      expectUnauthenticated(await refresh(winner.refreshToken));
      expectUnauthenticated(await profile(winner.accessToken));
      revokedEveryRound++;
    }
    expect(revokedEveryRound).toBe(50);
  }, 120_000);

  it('a refresh racing a sign-out either loses or is revoked with the session', async () => {
    const u = await createUser();
    for (let round = 0; round < 10; round++) {
      const session = await signIn(u);
      const [renewed] = await Promise.all([refresh(session.refreshToken), logout(session.refreshToken)]);
      if (renewed.statusCode === 200) {
        const pair = renewed.json().data as Pair;
        expectUnauthenticated(await refresh(pair.refreshToken));
        expectUnauthenticated(await profile(pair.accessToken));
      } else {
        expectUnauthenticated(renewed);
      }
    }
  }, 60_000);
});
