import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { loginFailures } from '../src/db/schema/index.ts';
import { throttleLimits } from '../src/modules/auth/login-throttle.ts';
import { createUser as createUserIn, jwtSecret, nextIp, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

/**
 * Sign-in on a plant network: device cookies keep the people who sign in on a shared address
 * working while guessing from that address is refused, and behind a TLS proxy each client is
 * counted by its own address. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const createUser = () => createUserIn(t);

/** A sign-in with, optionally, the `Cookie` header a browser would send and extra headers. */
const signIn = (
  username: string,
  password: string,
  o: { ip?: string; cookie?: string; headers?: Record<string, string>; app?: TestApp['app'] } = {},
) =>
  (o.app ?? t.app).inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: o.ip ?? nextIp(),
    headers: { ...o.headers, ...(o.cookie ? { cookie: o.cookie } : {}) },
  });

/** The device cookie a sign-in set, as the `name=value` a browser sends back, and its attributes. */
function deviceCookieOf(res: LightMyRequestResponse) {
  const header = res.headers['set-cookie'];
  expect(header, 'a successful sign-in sets a device cookie').toBeTypeOf('string');
  const [pair, ...attributes] = String(header).split('; ');
  return { cookie: pair!, attributes };
}

/** Fills an address's allowance with wrong passwords for names nobody has. */
async function exhaustAddress(
  ip: string,
  o: { headers?: Record<string, string>; app?: TestApp['app'] } = {},
) {
  for (let i = 0; i < throttleLimits.address; i++) {
    const res = await signIn(`guess-${i}-${randomUUID().slice(0, 8)}`, 'wrong password', { ip, ...o });
    expect(res.statusCode).toBe(401);
  }
}

const failureCount = async (key: string) =>
  (await t.db.select().from(loginFailures).where(eq(loginFailures.key, key)))[0]?.count ?? 0;

describe('device cookies', () => {
  it('are set by a successful sign-in only: HttpOnly, SameSite=Strict, for the sign-in call, a year', async () => {
    const u = await createUser();
    const failed = await signIn(u.username, 'wrong password');
    expect(failed.statusCode).toBe(401);
    expect(failed.headers['set-cookie']).toBeUndefined();

    const res = await signIn(u.username, u.password);
    expect(res.statusCode).toBe(200);
    const { cookie, attributes } = deviceCookieOf(res);
    expect(cookie).toMatch(/^inspectra_device_[A-Za-z0-9_-]{16}=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(attributes).toEqual(
      expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/api/auth/login', 'Max-Age=31536000']),
    );
    // Served over plain HTTP the cookie cannot be Secure, or the browser would never send it back.
    expect(attributes).not.toContain('Secure');
    // The cookie names no one: nothing of the username is readable in it.
    expect(cookie.toLowerCase()).not.toContain(u.username.toLowerCase());
  });

  it('let a user who signed in on that browser in while the shared address is locked; others stay refused', async () => {
    const ip = nextIp();
    const tablet = await createUser();
    const colleague = await createUser();
    const { cookie } = deviceCookieOf(await signIn(tablet.username, tablet.password, { ip }));
    // The colleague has signed in from the same address before, but not on this browser.
    expect((await signIn(colleague.username, colleague.password, { ip })).statusCode).toBe(200);

    await exhaustAddress(ip);
    expect((await signIn(`guess-${randomUUID()}`, 'wrong password', { ip })).statusCode).toBe(429);

    const res = await signIn(tablet.username, tablet.password, { ip, cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.accessToken).toEqual(expect.any(String));
    // Each sign-in gives the browser a new cookie; the old one's count is gone.
    expect(deviceCookieOf(res).cookie).not.toBe(cookie);

    const refused = await signIn(colleague.username, colleague.password, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS' } });
    expect(refused.headers['set-cookie']).toBeUndefined();
    // Another account's cookie is no cookie for this one.
    expect((await signIn(colleague.username, colleague.password, { ip, cookie })).statusCode).toBe(429);
  }, 60_000);

  it('have a limit of their own: after 5 failures the cookie is locked out, even with the right password', async () => {
    const u = await createUser();
    const ip = nextIp();
    const { cookie } = deviceCookieOf(await signIn(u.username, u.password, { ip }));
    for (let i = 0; i < throttleLimits.device; i++) {
      expect((await signIn(u.username, `wrong-${i}`, { ip, cookie })).statusCode).toBe(401);
    }
    // Failures with a device cookie are the cookie's: the address and its pair with the account
    // were not counted.
    expect(await failureCount(`ip:${ip}`)).toBe(0);
    expect(await failureCount(`pair:${u.username.toLowerCase()}|${ip}`)).toBe(0);
    const device = await t.db.select().from(loginFailures).where(like(loginFailures.key, 'device:%'));
    expect(device.some((row) => row.count === throttleLimits.device)).toBe(true);

    const locked = await signIn(u.username, u.password, { ip, cookie });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many failed sign-ins\. Try again in \d+ minutes?\.$/);
    expect(locked.headers['set-cookie']).toBeUndefined();
    // The lockout is kept in the database: another server process refuses the cookie too.
    const otherProcess = await buildApp({
      database: t.database,
      files: t.files,
      jwtSecret,
      maxUploadBytes: 1024,
    });
    try {
      expect((await signIn(u.username, u.password, { ip, cookie, app: otherProcess })).statusCode).toBe(429);
    } finally {
      await otherProcess.close();
    }
    // The lockout is the cookie's, not the account's: without it the owner signs in.
    expect((await signIn(u.username, u.password, { ip: nextIp() })).statusCode).toBe(200);
  });

  it('that are altered or forged count as none', async () => {
    const ip = nextIp();
    const u = await createUser();
    const { cookie } = deviceCookieOf(await signIn(u.username, u.password, { ip }));
    const [name, value] = cookie.split('=') as [string, string];
    const [nonce, signature] = value.split('.') as [string, string];
    const flip = (s: string) => `${s[0] === 'A' ? 'B' : 'A'}${s.slice(1)}`;
    const forged = [
      `${name}=${nonce}.${flip(signature)}`,
      `${name}=${flip(nonce)}.${signature}`,
      `${name}=${nonce}`,
      `${name}=${value}.extra`,
      `inspectra_device_${'A'.repeat(16)}=${value}`,
    ];
    await exhaustAddress(ip);
    for (const bad of forged) {
      const res = await signIn(u.username, u.password, { ip, cookie: bad });
      expect(res.statusCode, bad).toBe(429);
    }
    // The genuine cookie among other cookies still counts.
    const res = await signIn(u.username, u.password, { ip, cookie: `theme=dark; ${cookie}; lang=id` });
    expect(res.statusCode).toBe(200);
  }, 60_000);

  it('signed with another secret count as none', async () => {
    const other = await buildApp({
      database: t.database,
      files: t.files,
      jwtSecret: 'another-secret-that-is-long-enough-for-hs256',
      maxUploadBytes: 1024,
    });
    try {
      const ip = nextIp();
      const u = await createUser();
      const { cookie } = deviceCookieOf(await signIn(u.username, u.password, { ip, app: other }));
      await exhaustAddress(ip);
      expect((await signIn(u.username, u.password, { ip, cookie })).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('are Secure when the site is served over HTTPS', async () => {
    const https = await buildApp({
      database: t.database,
      files: t.files,
      jwtSecret,
      maxUploadBytes: 1024,
      servedOverHttps: true,
    });
    try {
      const u = await createUser();
      expect(deviceCookieOf(await signIn(u.username, u.password, { app: https })).attributes).toContain(
        'Secure',
      );
    } finally {
      await https.close();
    }
  });
});

describe('behind a TLS proxy (TRUST_PROXY)', () => {
  /** The proxy's address (TRUST_PROXY names it); its clients reach the server only through it. */
  const proxy = '192.0.2.10';
  let proxied: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    proxied = await buildApp({
      database: t.database,
      files: t.files,
      jwtSecret,
      maxUploadBytes: 1024,
      trustProxy: proxy,
    });
    await proxied.ready();
  });
  afterAll(() => proxied.close());

  const forwardedFor = (client: string) => ({ 'x-forwarded-for': client });

  it('counts each client by the address the proxy forwards', async () => {
    const [guesser, colleague] = [nextIp(), nextIp()];
    await exhaustAddress(proxy, { app: proxied, headers: forwardedFor(guesser) });
    expect(await failureCount(`ip:${guesser}`)).toBe(throttleLimits.address);
    expect(await failureCount(`ip:${proxy}`)).toBe(0);

    const u = await createUser();
    const blocked = await signIn(u.username, u.password, {
      ip: proxy,
      app: proxied,
      headers: forwardedFor(guesser),
    });
    expect(blocked.statusCode).toBe(429);
    const res = await signIn(u.username, u.password, {
      ip: proxy,
      app: proxied,
      headers: forwardedFor(colleague),
    });
    expect(res.statusCode).toBe(200);
    // A client that writes an X-Forwarded-For of its own gets the proxy's entry appended after it:
    // it is still counted by the address the proxy saw.
    const spoofed = await signIn(u.username, u.password, {
      ip: proxy,
      app: proxied,
      headers: forwardedFor(`${nextIp()}, ${guesser}`),
    });
    expect(spoofed.statusCode).toBe(429);
  }, 60_000);

  it('marks the device cookie Secure when the proxy says the request came over HTTPS', async () => {
    const u = await createUser();
    const res = await signIn(u.username, u.password, {
      ip: proxy,
      app: proxied,
      headers: { ...forwardedFor(nextIp()), 'x-forwarded-proto': 'https' },
    });
    expect(deviceCookieOf(res).attributes).toContain('Secure');
  });

  it('believes X-Forwarded-For only from the proxy: a client cannot pick its own address', async () => {
    for (const app of [t.app, proxied]) {
      const client = nextIp();
      for (let i = 0; i < throttleLimits.address; i++) {
        const res = await signIn(`guess-${i}-${randomUUID().slice(0, 8)}`, 'wrong password', {
          ip: client,
          app,
          headers: forwardedFor(nextIp()),
        });
        expect(res.statusCode).toBe(401);
      }
      expect(await failureCount(`ip:${client}`)).toBe(throttleLimits.address);
      const u = await createUser();
      const res = await signIn(u.username, u.password, { ip: client, app, headers: forwardedFor(nextIp()) });
      expect(res.statusCode).toBe(429);
    }
  }, 120_000);
});

describe('TRUST_PROXY', () => {
  it('takes the proxy addresses, and refuses what would let a client choose its address', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toBe('127.0.0.1');
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8 , ::1,loopback ' }).trustProxy).toBe(
      '10.0.0.0/8,::1,loopback',
    );
    for (const value of ['true', '1', '2']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /^Invalid configuration: TRUST_PROXY must name the proxy by its address/,
      );
    }
    for (const value of ['proxy.example', '10.0.0.0/33', '10.0.0.1;10.0.0.2', '10.0.0.0/8,']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /^Invalid configuration: TRUST_PROXY must be false or the proxy addresses/,
      );
    }
  });
});

describe('sign out of all devices', () => {
  const signOutEverywhere = (accessToken: string, o: { payload?: string; contentType?: string } = {}) =>
    t.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(o.contentType ? { 'content-type': o.contentType } : {}),
      },
      ...(o.payload !== undefined ? { payload: o.payload } : {}),
    });

  it.each([
    ['no body', {}],
    ['an empty JSON body', { payload: '', contentType: 'application/json' }],
    ['an empty JSON object', { payload: '{}', contentType: 'application/json' }],
  ])('accepts %s and ends the sessions', async (_label, request) => {
    const u = await createUser();
    const first = (await signIn(u.username, u.password)).json().data;
    const second = (await signIn(u.username, u.password)).json().data;
    const res = await signOutEverywhere(first.accessToken, request);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { sessionsEnded: 2 }, message: 'Signed out of all devices' });
    const profile = await t.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${second.accessToken}` },
    });
    expect(profile.statusCode).toBe(401);
  });

  it('still refuses a body that is not JSON', async () => {
    const u = await createUser();
    const { accessToken } = (await signIn(u.username, u.password)).json().data;
    const res = await signOutEverywhere(accessToken, { payload: '{', contentType: 'application/json' });
    expect(res.statusCode).toBe(400);
  });
});
