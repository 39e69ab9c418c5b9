/**
 * The permission walk: every call of the route table is guarded as it declares, and Fastify serves
 * no call under /api that the table does not declare.
 */
import { randomUUID } from 'node:crypto';
import { permissionActions, permissionModules, routeTable } from '@inspectra/contract';
import type { Access, RouteDefinition } from '@inspectra/contract';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions, roles, users } from '../src/db/schema/index.ts';
import { createUser, jwtSecret, startTestApp } from './helpers.ts';
import { requestFor, sessionEndingLast } from './route-requests.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const routes = routeTable as readonly RouteDefinition[];
const label = (r: RouteDefinition) => `${r.method} ${r.path}`;
const isPermission = (a: Access): a is Exclude<Access, 'public' | 'authenticated'> => typeof a === 'object';

function send(route: RouteDefinition, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const r = requestFor(route);
  return t.inject({
    method: r.method,
    url: r.url,
    headers,
    ...(r.payload === undefined ? {} : { payload: r.payload as InjectOptions['payload'] }),
  });
}

function expectError(res: LightMyRequestResponse, status: number, code: string, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
  const body = res.json();
  expect(body, what).toMatchObject({ data: null, statusCode: status, error: { code } });
  expect(typeof body.message, what).toBe('string');
  expect(body.message.length, what).toBeGreaterThan(0);
}

/**
 * Every (method, path) Fastify serves, read from `printRoutes({ commonPrefix: false })`: a tree whose
 * lines are `<indent><connector><segment> (<METHODS>)`, each segment continuing its parent's path.
 */
function registeredRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const text = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const found: { method: string; url: string }[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!m) throw new Error(`printRoutes line not understood: ${JSON.stringify(line)}`);
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + m[2]!;
    stack.push(url);
    for (const method of (m[3] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      found.push({ method, url });
    }
  }
  return found;
}

/**
 * The tests that call every route of the table, once or once per permission: their time grows with
 * the table (about 20 s alone for 300 routes), so they are given more than the suite's 30 s, which
 * two test passes sharing two cores can stretch past.
 */
const walkTimeoutMs = 120_000;

describe('the route table and the registered routes', () => {
  it('declares access on every route', () => {
    expect(routes.length).toBeGreaterThan(0);
    for (const r of routes) {
      expect(r.access, label(r)).toBeDefined();
      const ok =
        r.access === 'public' ||
        r.access === 'authenticated' ||
        (isPermission(r.access) &&
          typeof r.access.module === 'string' &&
          typeof r.access.action === 'string');
      expect(ok, `${label(r)} access ${JSON.stringify(r.access)}`).toBe(true);
    }
  });

  it('has no duplicate (method, path) rows', () => {
    const keys = routes.map(label);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('makes public only health, liveness, login, refresh and logout', () => {
    const pub = routes
      .filter((r) => r.access === 'public')
      .map(label)
      .sort();
    expect(pub).toEqual(
      [
        'GET /health',
        'GET /health/live',
        'POST /auth/login',
        'POST /auth/refresh',
        'POST /auth/logout',
      ].sort(),
    );
  });

  it('registers every table row in Fastify', () => {
    for (const r of routes) {
      expect(t.app.hasRoute({ method: r.method, url: `/api${r.path}` }), label(r)).toBe(true);
    }
  });

  it('reads every route, nested, multi-method or HEAD-only, from printRoutes', async () => {
    const app = Fastify();
    const noop = async () => '';
    for (const url of ['/api/a', '/api/a/:id', '/api/a/:id/secret', '/api/b/c/d', '/api/b'])
      app.get(url, noop);
    app.post('/api/a/:id/secret', noop);
    app.delete('/api/e/f', noop);
    app.head('/api/only-head', noop);
    await app.ready();
    const found = registeredRoutes(app).map((r) => `${r.method} ${r.url}`);
    await app.close();
    expect(found.sort()).toEqual(
      [
        'GET /api/a',
        'HEAD /api/a',
        'GET /api/a/:id',
        'HEAD /api/a/:id',
        'GET /api/a/:id/secret',
        'HEAD /api/a/:id/secret',
        'POST /api/a/:id/secret',
        'GET /api/b',
        'HEAD /api/b',
        'GET /api/b/c/d',
        'HEAD /api/b/c/d',
        'DELETE /api/e/f',
        'HEAD /api/only-head',
      ].sort(),
    );
  });

  it('serves nothing under /api that the table does not declare (docs aside)', () => {
    const registered = registeredRoutes(t.app);
    const isDocs = (url: string) => /^\/api\/docs(\/|$)/.test(url);
    expect(registered.some((r) => r.method === 'GET' && r.url === '/api/docs/json')).toBe(true);
    const declared = new Set(routes.map((r) => `${r.method} /api${r.path}`));
    const served = registered.filter((r) => r.url.startsWith('/api') && !isDocs(r.url));
    // The parser read something real: every entry it produced is a route Fastify knows.
    for (const r of served) {
      expect(t.app.hasRoute({ method: r.method as never, url: r.url }), `${r.method} ${r.url}`).toBe(true);
    }
    // Every table row was found by the parser, so a missing route below would be a parser bug.
    const servedKeys = new Set(served.map((r) => `${r.method} ${r.url}`));
    for (const key of declared) expect(servedKeys.has(key), `parser missed ${key}`).toBe(true);
    const unlisted = served.filter((r) => {
      if (declared.has(`${r.method} ${r.url}`)) return false;
      // Fastify answers HEAD for every GET it serves; HEAD without a declared GET is unlisted.
      return !(r.method === 'HEAD' && declared.has(`GET ${r.url}`));
    });
    expect(unlisted.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // Nothing outside /api either, other than nothing at all.
    expect(registered.filter((r) => !r.url.startsWith('/api')).map((r) => `${r.method} ${r.url}`)).toEqual(
      [],
    );
  });
});

// Every route called anonymously (401 UNAUTHENTICATED in the error envelope) and by a role with no
// permissions (403 FORBIDDEN on every guarded route) is route-matrix.test.ts's walk of every role.
describe('without a valid session', () => {
  it('refuses HEAD of every non-public GET route anonymously', async () => {
    for (const r of routes.filter((x) => x.access !== 'public' && x.method === 'GET')) {
      const { url } = requestFor(r);
      const res = await t.inject({ method: 'HEAD', url });
      expect(res.statusCode, `anonymous HEAD ${r.path}`).toBe(401);
    }
  });

  it(
    'refuses garbage, forged and malformed credentials with 401 UNAUTHENTICATED',
    async () => {
      const admin = (await t.call('GET', '/api/auth/profile')).body.data as { id: string };
      const forgedKey = new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256!');
      const claims = (sub: string) =>
        new SignJWT({ typ: 'access' })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(sub)
          .setIssuer('inspectra')
          .setAudience('inspectra-api')
          .setIssuedAt();
      const rightKey = new TextEncoder().encode(jwtSecret);
      const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ typ: 'access', sub: admin.id, iss: 'inspectra', aud: 'inspectra-api', iat: now, exp: now + 600 })}.`;
      const headers: Record<string, Record<string, string>> = {
        garbage: { authorization: 'Bearer garbage.token.value' },
        'random text': { authorization: `Bearer ${randomUUID()}` },
        'empty bearer': { authorization: 'Bearer ' },
        'basic scheme': { authorization: `Basic ${Buffer.from('admin:x').toString('base64')}` },
        'refresh token as bearer': { authorization: `Bearer ${t.adminTokens.refreshToken}` },
        'other key': {
          authorization: `Bearer ${await claims(admin.id).setExpirationTime('10m').sign(forgedKey)}`,
        },
        expired: {
          authorization: `Bearer ${await claims(admin.id)
            .setExpirationTime(now - 60)
            .sign(rightKey)}`,
        },
        'unknown user': {
          authorization: `Bearer ${await claims(randomUUID()).setExpirationTime('10m').sign(rightKey)}`,
        },
        'alg none': { authorization: `Bearer ${unsigned}` },
        'overlong token': { authorization: `Bearer ${'a'.repeat(5000)}` },
      };
      for (const r of routes.filter((x) => x.access !== 'public')) {
        for (const [what, h] of Object.entries(headers)) {
          expectError(await send(r, h), 401, 'UNAUTHENTICATED', `${what} on ${label(r)}`);
        }
      }
    },
    walkTimeoutMs,
  );

  it('answers health anonymously', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });
});

describe('a role with no permissions', () => {
  const username = `nobody-${randomUUID().slice(0, 8)}`;
  const password = 'a password for nobody at all';
  let roleId: string;
  let token: string;
  const as = () => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    const [role] = await t.db
      .insert(roles)
      .values({ name: `No permissions ${randomUUID()}`, description: 'Nothing at all' })
      .returning();
    roleId = role!.id;
    await createUser(t, { username, password, roleId });
    const res = await t.login(username, password);
    expect(res.statusCode, res.body).toBe(200);
    token = res.json().data.accessToken;
  });

  it('reaches the routes any signed-in user may call', async () => {
    const signedIn = sessionEndingLast(routes.filter((r) => r.access === 'authenticated'));
    expect(signedIn.map(label)).toContain('GET /auth/profile');
    for (const r of signedIn) {
      const res = await send(r, as());
      expect([401, 403], `${label(r)}: ${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
    }
    // Signing out everywhere was one of them: sign in again.
    const res = await t.login(username, password);
    token = res.json().data.accessToken;
    const profile = await t.inject({ method: 'GET', url: '/api/auth/profile', headers: as() });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({ username, permissions: [] });
  });

  /** Gives the role exactly these permissions (read per request, so the next call sees them). */
  const grant = async (keys: readonly string[]) => {
    await t.db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
    if (keys.length === 0) return;
    await t.db.insert(rolePermissions).values(
      keys.map((key) => {
        const [module, action] = key.split('.') as [string, string];
        return { roleId, module, action };
      }),
    );
  };
  const keyOf = (r: RouteDefinition) => {
    const a = r.access as Exclude<Access, 'public' | 'authenticated'>;
    return `${a.module}.${a.action}`;
  };

  it(
    'needs exactly the permission each route declares: refused with every other, served with it alone',
    async () => {
      const guarded = routes.filter((r) => isPermission(r.access));
      const declared = [...new Set(guarded.map(keyOf))].sort();
      // Every permission a role can hold, so "all but one" leaves nothing else out.
      const everything = permissionModules.flatMap((m) => permissionActions.map((a) => `${m}.${a}`));
      for (const key of declared) expect(everything, `${key} is a known permission`).toContain(key);
      try {
        for (const key of declared) {
          const needing = guarded.filter((r) => keyOf(r) === key);
          await grant(everything.filter((k) => k !== key));
          for (const r of needing)
            expectError(await send(r, as()), 403, 'FORBIDDEN', `every permission but ${key}: ${label(r)}`);
          await grant([key]);
          for (const r of sessionEndingLast(needing)) {
            const res = await send(r, as());
            expect([401, 403], `${key} alone: ${label(r)}: ${res.statusCode} ${res.body}`).not.toContain(
              res.statusCode,
            );
            expect(res.statusCode, `${key} alone: ${label(r)}: ${res.body}`).toBeLessThan(500);
          }
        }
      } finally {
        await grant([]);
      }
      // Revoked: refused again at once (permissions are read per request).
      expectError(await send(guarded[0]!, as()), 403, 'FORBIDDEN', 'after revoking every permission');
    },
    walkTimeoutMs,
  );

  it('loses access entirely once the account is deactivated', async () => {
    await t.db.update(users).set({ isActive: false }).where(eq(users.username, username));
    try {
      const profile = routes.find((r) => r.path === '/auth/profile')!;
      expectError(await send(profile, as()), 401, 'UNAUTHENTICATED', 'deactivated user');
    } finally {
      await t.db.update(users).set({ isActive: true }).where(eq(users.username, username));
    }
  });
});

describe('the administrator', () => {
  it(
    'is never refused (no 401, no 403) on any route',
    async () => {
      for (const r of sessionEndingLast(routes)) {
        const res = await send(r, { authorization: `Bearer ${t.adminTokens.accessToken}` });
        expect([401, 403], `${label(r)}: ${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
        expect(res.statusCode, `${label(r)}: ${res.body}`).toBeLessThan(500);
      }
    },
    walkTimeoutMs,
  );
});
