import type { PageMeta, Permission, PermissionAction, PermissionModule, Profile } from '@inspectra/contract';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { testUserId } from '../test/records.fixture.ts';
import { browser } from './session.ts';

/** The mock API of the client tests, at the page's origin as in the browser. */
export const server = setupServer();
export const api = (path: string) => `${window.location.origin}/api${path}`;

/**
 * The hooks every client test file needs: the mock API listens (a request nobody answers fails the
 * test), navigation is recorded instead of attempted, and each test ends signed out at '/' with
 * nothing remembered, so no test leans on another's session.
 */
export function serveMockApi(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  cleanBrowserPerTest();
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

/** The browser half of `serveMockApi`, for tests that make no calls. */
export function cleanBrowserPerTest(): void {
  beforeEach(() => {
    vi.spyOn(browser, 'assign').mockImplementation(() => {});
  });
  afterEach(() => {
    document.cookie = 'access_token=; Path=/; Max-Age=0';
    document.cookie = 'refresh_token=; Path=/; Max-Age=0';
    sessionStorage.clear();
    window.history.pushState({}, '', '/');
    vi.restoreAllMocks();
  });
}

/** Signs the browser in with these tokens; undefined leaves that cookie out. */
export function setCookies(access: string | undefined, refresh: string | undefined): void {
  if (access) document.cookie = `access_token=${access}; Path=/`;
  if (refresh) document.cookie = `refresh_token=${refresh}; Path=/`;
}

/** An access token as the server issues it, for the user `sub` (the client never checks the signature). */
export const accessTokenFor = (sub: string) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub, typ: 'access' })).replace(/=+$/, '')}.signature`;

/** The cookies the page can read, by name. */
export function cookies(): Record<string, string> {
  return Object.fromEntries(
    document.cookie
      .split(';')
      .map((c) => c.trim())
      .filter(Boolean)
      .map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]),
  );
}

export const envelope = (data: unknown) => ({ data, statusCode: 200, message: 'OK' });

/** A list answered whole on its first page: the envelope with the page's `meta`. */
export const onePage = (data: unknown[], pageSize = 10) => ({
  ...envelope(data),
  meta: {
    pageNumber: 1,
    pageSize,
    totalCount: data.length,
    totalPages: 1,
    totalCountExact: true,
  } satisfies PageMeta,
});

/** The server's error envelope, as its error handler sends it. */
export const errorResponse = (status: number, code: string, message: string) =>
  HttpResponse.json({ data: null, statusCode: status, message, error: { code } }, { status });

export const unauthenticated = () =>
  errorResponse(401, 'UNAUTHENTICATED', 'Your session has expired or is not valid. Sign in again.');

/** A 4-byte PNG as the file route serves it. */
export const pngResponse = () =>
  new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } });

/** A refresh endpoint that hands out `new-access`/`new-refresh` and records every body it was given. */
export function refreshEndpoint(o: { wait?: number } = {}) {
  const received: unknown[] = [];
  server.use(
    http.post(api('/auth/refresh'), async ({ request }) => {
      received.push(await request.json());
      if (o.wait) await delay(o.wait);
      return HttpResponse.json(envelope({ accessToken: 'new-access', refreshToken: 'new-refresh' }));
    }),
  );
  return received;
}

/** What a role grants to edit a module: all but `approve`. */
export const editActions = ['view', 'create', 'update', 'delete'] as const satisfies PermissionAction[];

/** Every pair of these modules and actions, as a role grants them. */
export const grants = (modules: PermissionModule[], actions: readonly PermissionAction[]): Permission[] =>
  modules.flatMap((module) => actions.map((action) => ({ module, action })));

/** Who a test's user is: its grants; what it leaves out is an inspector of the owner's staff. */
export type TestUser = {
  permissions: Permission[];
  id?: string;
  username?: string;
  fullName?: string;
  role?: string;
  company?: Profile['company'];
  hasSignature?: boolean;
};

/** The profile of this user as `GET /auth/profile` answers it (as `testUserId` unless named). */
export const testProfile = (user: TestUser): Profile => ({
  id: user.id ?? testUserId,
  username: user.username ?? 'inspector',
  fullName: user.fullName ?? 'Rina Inspector',
  email: null,
  role: { id: '1b0f2a3c-4d5e-4f60-8a7b-9c0d1e2f3a4b', name: user.role ?? 'Inspector' },
  permissions: user.permissions,
  company: user.company ?? null,
  ...(user.hasSignature === undefined ? {} : { hasSignature: user.hasSignature }),
});

/** Signs the browser in as this user and serves its profile; returns the profile. */
export function signedInAs(user: TestUser): Profile {
  const profile = testProfile(user);
  setCookies(accessTokenFor(profile.id), 'refresh');
  server.use(http.get(api('/auth/profile'), () => HttpResponse.json(envelope(profile))));
  return profile;
}
