import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, clientMessages } from './errors.ts';
import { apiBlob, apiRequest, signIn, signOut } from './http-client.ts';
import { browser, storeTokens } from './session.ts';
import {
  api,
  cookies,
  envelope,
  errorResponse,
  pngResponse,
  refreshEndpoint,
  server,
  serveMockApi,
  setCookies,
  unauthenticated,
} from './test-server.ts';

serveMockApi();
afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
});

/**
 * Stands in for the Web Locks API. The lock is granted a moment after it is asked for, as when another
 * tab holds it; `beforeGranted` is what that other tab does meanwhile, `held` whether it is held now.
 */
function stubWebLocks(beforeGranted?: () => void) {
  const lock = { held: false, names: [] as string[] };
  const request = async (name: string, task: () => Promise<unknown>) => {
    lock.names.push(name);
    await delay(20);
    beforeGranted?.();
    lock.held = true;
    try {
      return await task();
    } finally {
      lock.held = false;
    }
  };
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
  return lock;
}

/** GET /api/things answers only the new token; records the bearer of every attempt. */
function thingsEndpoint(o: { slowFor?: string } = {}) {
  const bearers: (string | null)[] = [];
  server.use(
    http.get(api('/things'), async ({ request }) => {
      const auth = request.headers.get('authorization');
      bearers.push(auth);
      const which = new URL(request.url).searchParams.get('n');
      // One call's 401 arrives after the refresh has finished: it must not refresh again.
      if (o.slowFor && which === o.slowFor && auth !== 'Bearer new-access') await delay(150);
      if (auth !== 'Bearer new-access') return unauthenticated();
      return HttpResponse.json(envelope({ n: which }));
    }),
  );
  return bearers;
}

describe('bearer token', () => {
  it('sends the access token cookie as a bearer token, and no header without one', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(api('/profile'), ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json(envelope({ ok: true }));
      }),
    );
    setCookies('abc.def', 'r1');
    await expect(apiRequest({ method: 'GET', url: '/profile' })).resolves.toMatchObject({
      data: { ok: true },
    });
    document.cookie = 'access_token=; Path=/; Max-Age=0';
    await apiRequest({ method: 'GET', url: '/profile' });
    expect(seen).toEqual(['Bearer abc.def', null]);
  });

  it('drops undefined, null and empty query parameters, and encodes the rest so they arrive as typed', async () => {
    let query = new URLSearchParams();
    server.use(
      http.get(api('/list'), ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json(envelope([]));
      }),
    );
    await apiRequest({
      method: 'GET',
      url: '/list',
      params: {
        pageNumber: 2,
        search: 'P-101 & 102+ #3 100%',
        id: undefined,
        tab: null,
        woNumber: '',
        showEmergency: false,
      },
    });
    expect([...query]).toEqual([
      ['pageNumber', '2'],
      ['search', 'P-101 & 102+ #3 100%'],
      ['showEmergency', 'false'],
    ]);
  });
});

describe('401: one refresh, then replay', () => {
  it('refreshes exactly once for three concurrent 401s and replays all three with the new token', async () => {
    setCookies('expired', 'old-refresh');
    const refreshes = refreshEndpoint({ wait: 30 });
    const bearers = thingsEndpoint();

    const results = await Promise.all(
      ['1', '2', '3'].map((n) => apiRequest<{ n: string }>({ method: 'GET', url: '/things', params: { n } })),
    );

    expect(results.map((r) => r.data.n)).toEqual(['1', '2', '3']);
    expect(refreshes).toEqual([{ refreshToken: 'old-refresh' }]);
    expect(bearers.filter((b) => b === 'Bearer expired')).toHaveLength(3);
    expect(bearers.filter((b) => b === 'Bearer new-access')).toHaveLength(3);
    expect(cookies()).toMatchObject({ access_token: 'new-access', refresh_token: 'new-refresh' });
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('does not refresh again for a 401 that arrives after the refresh finished', async () => {
    setCookies('expired', 'old-refresh');
    const refreshes = refreshEndpoint();
    thingsEndpoint({ slowFor: 'late' });

    const [early, late] = await Promise.all([
      apiRequest<{ n: string }>({ method: 'GET', url: '/things', params: { n: 'early' } }),
      apiRequest<{ n: string }>({ method: 'GET', url: '/things', params: { n: 'late' } }),
    ]);

    expect([early.data.n, late.data.n]).toEqual(['early', 'late']);
    expect(refreshes).toHaveLength(1);
  });

  it('refreshes under the cross-tab lock, and skips refreshing when another tab already did', async () => {
    setCookies('expired', 'old-refresh');
    const refreshes = refreshEndpoint();
    const bearers = thingsEndpoint();
    // While this tab waited for the lock, another one refreshed and stored its new pair.
    const lock = stubWebLocks(() =>
      storeTokens({ accessToken: 'new-access', refreshToken: 'other-tab-refresh' }),
    );

    await expect(apiRequest({ method: 'GET', url: '/things' })).resolves.toMatchObject({ statusCode: 200 });

    // The name is shared with tabs running other releases of the app: it must not change.
    expect(lock.names).toEqual(['inspectra-token-refresh']);
    expect(refreshes).toHaveLength(0);
    expect(bearers).toEqual(['Bearer expired', 'Bearer new-access']);
    expect(cookies()).toMatchObject({ refresh_token: 'other-tab-refresh' });
  });

  it('refreshes inside the lock when no other tab has', async () => {
    setCookies('expired', 'old-refresh');
    const lock = stubWebLocks();
    const refreshes: unknown[] = [];
    server.use(
      http.post(api('/auth/refresh'), async ({ request }) => {
        refreshes.push({ lockHeld: lock.held, body: await request.json() });
        return HttpResponse.json(envelope({ accessToken: 'new-access', refreshToken: 'new-refresh' }));
      }),
    );
    thingsEndpoint();

    await apiRequest({ method: 'GET', url: '/things' });

    expect(lock.names).toEqual(['inspectra-token-refresh']);
    expect(refreshes).toEqual([{ lockHeld: true, body: { refreshToken: 'old-refresh' } }]);
    expect(lock.held).toBe(false);
  });

  it('signs out and redirects to /auth/?code=401 when the replay gets 401 again', async () => {
    window.history.pushState({}, '', '/reports/42?tab=thermal#m1');
    setCookies('expired', 'old-refresh');
    refreshEndpoint();
    let calls = 0;
    server.use(
      http.get(api('/things'), () => {
        calls += 1;
        return unauthenticated();
      }),
    );

    const error = await apiRequest({ method: 'GET', url: '/things' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(calls).toBe(2);
    expect(browser.assign).toHaveBeenCalledWith('/auth/?code=401');
    expect(cookies()).not.toHaveProperty('access_token');
    expect(cookies()).not.toHaveProperty('refresh_token');
    expect(sessionStorage.getItem('inspectra.returnTo')).toBe('/reports/42?tab=thermal#m1');
  });

  it('does not redirect when already on /auth', async () => {
    window.history.pushState({}, '', '/auth/?code=401');
    setCookies('expired', 'old-refresh');
    refreshEndpoint();
    server.use(http.get(api('/things'), unauthenticated));

    await expect(apiRequest({ method: 'GET', url: '/things' })).rejects.toMatchObject({ status: 401 });

    expect(browser.assign).not.toHaveBeenCalled();
    expect(cookies()).not.toHaveProperty('refresh_token');
    expect(sessionStorage.getItem('inspectra.returnTo')).toBeNull();
  });

  it("says 'Refresh token not found' and redirects without a refresh token cookie", async () => {
    setCookies('expired', undefined);
    const refreshes = refreshEndpoint();
    thingsEndpoint();

    await expect(apiRequest({ method: 'GET', url: '/things' })).rejects.toMatchObject({
      message: clientMessages.refreshTokenNotFound,
      status: 401,
    });
    expect(refreshes).toHaveLength(0);
    expect(browser.assign).toHaveBeenCalledWith('/auth/?code=401');
  });

  it("says 'Refresh token not found' when the refresh answers 200 without an access token", async () => {
    setCookies('expired', 'old-refresh');
    server.use(http.post(api('/auth/refresh'), () => HttpResponse.json(envelope({ refreshToken: 'x' }))));
    thingsEndpoint();

    const error = await apiRequest({ method: 'GET', url: '/things' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Refresh token not found', status: 401 });
    expect(cookies()).not.toHaveProperty('refresh_token');
    expect(browser.assign).toHaveBeenCalledWith('/auth/?code=401');
  });

  it('ends the session when the refresh itself is refused with 401', async () => {
    setCookies('expired', 'spent-refresh');
    server.use(http.post(api('/auth/refresh'), unauthenticated));
    const bearers = thingsEndpoint();

    await expect(apiRequest({ method: 'GET', url: '/things' })).rejects.toMatchObject({
      message: 'Refresh token not found',
    });
    expect(bearers).toEqual(['Bearer expired']);
    expect(cookies()).not.toHaveProperty('access_token');
    expect(browser.assign).toHaveBeenCalledWith('/auth/?code=401');
  });

  it('keeps the session when the refresh fails for another reason (server down)', async () => {
    setCookies('expired', 'old-refresh');
    server.use(http.post(api('/auth/refresh'), () => HttpResponse.error()));
    thingsEndpoint();

    await expect(apiRequest({ method: 'GET', url: '/things' })).rejects.toMatchObject({
      message: clientMessages.default,
      status: 0,
    });
    expect(cookies()).toMatchObject({ refresh_token: 'old-refresh' });
    expect(browser.assign).not.toHaveBeenCalled();
  });
});

describe('errors', () => {
  it('turns the error envelope into an ApiError with message, status, code and details', async () => {
    server.use(
      http.post(api('/thermal-measurements'), () =>
        HttpResponse.json(
          {
            data: null,
            statusCode: 400,
            message: 'The request has an invalid value: maxTemperatureC — Enter a number',
            error: {
              code: 'VALIDATION_ERROR',
              details: [{ path: 'maxTemperatureC', message: 'Enter a number' }],
            },
          },
          { status: 400 },
        ),
      ),
    );

    const error = await apiRequest({ method: 'POST', url: '/thermal-measurements', data: {} }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'The request has an invalid value: maxTemperatureC — Enter a number',
      status: 400,
      code: 'VALIDATION_ERROR',
      details: [{ path: 'maxTemperatureC', message: 'Enter a number' }],
    });
  });

  it('gives the default message on a network failure', async () => {
    server.use(http.get(api('/things'), () => HttpResponse.error()));
    await expect(apiRequest({ method: 'GET', url: '/things' })).rejects.toMatchObject({
      message: 'Sorry for an error, check your connection or try a few more moments.',
      status: 0,
    });
  });

  it('gives the default message and the status for a body that is not an envelope', async () => {
    server.use(
      http.get(api('/things'), () => HttpResponse.text('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(apiRequest({ method: 'GET', url: '/things' })).rejects.toMatchObject({
      message: clientMessages.default,
      status: 502,
    });
  });

  it('rejects a successful answer that is not an envelope', async () => {
    server.use(http.get(api('/things'), () => HttpResponse.text('<html>index</html>')));
    await expect(apiRequest({ method: 'GET', url: '/things' })).rejects.toMatchObject({
      message: clientMessages.default,
      status: 200,
    });
  });

  it('lets an aborted call reject as a cancellation, not as an ApiError', async () => {
    server.use(
      http.get(api('/things'), async () => {
        await delay(200);
        return HttpResponse.json(envelope(1));
      }),
    );
    const controller = new AbortController();
    const call = apiRequest({ method: 'GET', url: '/things', signal: controller.signal });
    controller.abort();
    const error = await call.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'ERR_CANCELED' });
  });
});

describe('signIn', () => {
  it('stores both tokens on success', async () => {
    let body: unknown;
    server.use(
      http.post(api('/auth/login'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(envelope({ accessToken: 'a1', refreshToken: 'r1' }));
      }),
    );
    await signIn('inspector', 'secret');
    expect(body).toEqual({ username: 'inspector', password: 'secret' });
    expect(cookies()).toMatchObject({ access_token: 'a1', refresh_token: 'r1' });
  });

  it.each([
    ['wrong password (401)', () => unauthenticated(), 401],
    ['throttled (429)', () => errorResponse(429, 'TOO_MANY_REQUESTS', 'Too many attempts'), 429],
    ['network error', () => HttpResponse.error(), 0],
    ['no tokens in the answer', () => HttpResponse.json(envelope(null)), 200],
  ])("says 'Invalid username or password' and clears the tokens: %s", async (_case, respond, status) => {
    setCookies('stale-access', 'stale-refresh');
    server.use(http.post(api('/auth/login'), respond));

    const error = await signIn('inspector', 'wrong').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Invalid username or password', status });
    expect(cookies()).not.toHaveProperty('access_token');
    expect(cookies()).not.toHaveProperty('refresh_token');
    // A refused sign-in is not an expired session: no refresh, no redirect.
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('signOut clears both tokens and any way back, so the next user of the device starts at home', async () => {
    setCookies('a', 'r');
    sessionStorage.setItem('inspectra.returnTo', '/my-tasks');
    server.use(http.post(api('/auth/logout'), () => HttpResponse.json(envelope(null))));
    const done = signOut();
    expect(cookies()).toEqual({});
    expect(sessionStorage.getItem('inspectra.returnTo')).toBeNull();
    await done;
  });
});

describe('apiBlob', () => {
  it('downloads a file with the bearer token, refreshing on 401, with or without the /api prefix', async () => {
    setCookies('expired', 'old-refresh');
    const refreshes = refreshEndpoint();
    server.use(
      http.get(api('/files/f1'), ({ request }) =>
        request.headers.get('authorization') === 'Bearer new-access' ? pngResponse() : unauthenticated(),
      ),
    );

    const blob = await apiBlob('/api/files/f1');
    expect(blob.size).toBe(4);
    expect(blob.type).toBe('image/png');
    expect((await apiBlob('/files/f1')).size).toBe(4);
    expect(refreshes).toHaveLength(1);
  });

  it('reads the error envelope of a failed download', async () => {
    setCookies('a', 'r');
    server.use(http.get(api('/files/missing'), () => errorResponse(404, 'NOT_FOUND', 'File not found')));
    await expect(apiBlob('/api/files/missing')).rejects.toMatchObject({
      message: 'File not found',
      status: 404,
      code: 'NOT_FOUND',
    });
  });
});
