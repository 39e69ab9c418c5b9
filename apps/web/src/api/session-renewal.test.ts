import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, clientMessages } from './errors.ts';
import { apiRequest, signIn } from './http-client.ts';
import { browser, currentUserId } from './session.ts';
import { offerSessionRenewal } from './session-renewal.ts';
import {
  accessTokenFor,
  api,
  cookies,
  envelope,
  server,
  serveMockApi,
  setCookies,
  unauthenticated,
} from './test-server.ts';

serveMockApi();

/** The session cannot be refreshed; sign-in hands out a pair for `user-1`; PUT /things takes only that. */
function endedSession() {
  const saves: (string | null)[] = [];
  server.use(
    http.post(api('/auth/refresh'), () => unauthenticated()),
    http.post(api('/auth/login'), () =>
      HttpResponse.json(envelope({ accessToken: accessTokenFor('user-1'), refreshToken: 'fresh-refresh' })),
    ),
    http.put(api('/things'), ({ request }) => {
      const auth = request.headers.get('authorization');
      saves.push(auth);
      return auth === `Bearer ${accessTokenFor('user-1')}`
        ? HttpResponse.json(envelope({ saved: true }))
        : unauthenticated();
    }),
  );
  return saves;
}

describe('signing in again on the page', () => {
  it('reads whose token it is from the access token', () => {
    setCookies(accessTokenFor('0b0e6a53-8d3f-4b0e-9a52-8f5a7c9d1e22'), 'r');
    expect(currentUserId()).toBe('0b0e6a53-8d3f-4b0e-9a52-8f5a7c9d1e22');
    setCookies('not-a-jwt', 'r');
    expect(currentUserId()).toBeUndefined();
  });

  it('without an offer, a session that cannot be refreshed goes to /auth/?code=401', async () => {
    setCookies('stale', 'spent');
    endedSession();

    const failure = apiRequest({ method: 'PUT', url: '/things', data: {} });

    await expect(failure).rejects.toThrow(clientMessages.refreshTokenNotFound);
    expect(browser.assign).toHaveBeenCalledWith('/auth/?code=401');
  });

  it('with an offer, waits for the user to sign in and replays the save with the new token', async () => {
    setCookies('stale', 'spent');
    const saves = endedSession();
    const renewal = vi.fn(async () => {
      // What the dialog does: the user types the password.
      expect(cookies()).not.toHaveProperty('refresh_token');
      await signIn('inspector', 'secret');
      return true;
    });
    const withdraw = offerSessionRenewal(renewal);

    const saved = await apiRequest<{ saved: boolean }>({ method: 'PUT', url: '/things', data: {} });

    withdraw();
    expect(saved.data).toEqual({ saved: true });
    expect(renewal).toHaveBeenCalledTimes(1);
    expect(saves).toEqual(['Bearer stale', `Bearer ${accessTokenFor('user-1')}`]);
    expect(browser.assign).not.toHaveBeenCalled();
    expect(cookies().refresh_token).toBe('fresh-refresh');
  });

  it('declined, the save fails with the catalogue message and the page stays', async () => {
    setCookies('stale', 'spent');
    endedSession();
    const withdraw = offerSessionRenewal(async () => false);

    const failure = await apiRequest({ method: 'PUT', url: '/things', data: {} }).catch((e: unknown) => e);

    withdraw();
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: clientMessages.refreshTokenNotFound, status: 401 });
    expect(browser.assign).not.toHaveBeenCalled();
    expect(cookies()).not.toHaveProperty('access_token');
  });

  it('a withdrawn offer is not used', async () => {
    setCookies('stale', 'spent');
    endedSession();
    const renewal = vi.fn(async () => true);
    offerSessionRenewal(renewal)();

    await expect(apiRequest({ method: 'PUT', url: '/things', data: {} })).rejects.toThrow();
    expect(renewal).not.toHaveBeenCalled();
    expect(browser.assign).toHaveBeenCalledWith('/auth/?code=401');
  });
});
