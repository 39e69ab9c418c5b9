import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  browser,
  clearTokens,
  hasSession,
  readAccessToken,
  readRefreshToken,
  redirectToSignIn,
  rememberReturnTo,
  storeTokens,
  takeReturnTo,
} from './session.ts';

beforeEach(() => {
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  document.cookie = 'access_token=; Path=/; Max-Age=0';
  document.cookie = 'refresh_token=; Path=/; Max-Age=0';
  sessionStorage.clear();
  vi.restoreAllMocks();
  window.history.pushState({}, '', '/');
});

describe('token cookies', () => {
  it('stores, reads and clears the pair under access_token and refresh_token', () => {
    expect(hasSession()).toBe(false);
    storeTokens({ accessToken: 'eyJ.a.b', refreshToken: 'r-1' });
    expect(document.cookie).toContain('access_token=eyJ.a.b');
    expect(document.cookie).toContain('refresh_token=r-1');
    expect([readAccessToken(), readRefreshToken(), hasSession()]).toEqual(['eyJ.a.b', 'r-1', true]);

    clearTokens();
    expect(document.cookie).toBe('');
    expect([readAccessToken(), readRefreshToken(), hasSession()]).toEqual([undefined, undefined, false]);
  });

  it('reads a cookie by its exact name', () => {
    document.cookie = 'x_access_token=nope; Path=/';
    expect(readAccessToken()).toBeUndefined();
    document.cookie = 'x_access_token=; Path=/; Max-Age=0';
  });
});

describe('redirect to sign-in and back', () => {
  it('remembers path, search and hash, then goes to /auth/?code=401', () => {
    window.history.pushState({}, '', '/work-orders/7?tab=reports#r3');
    redirectToSignIn();
    expect(browser.assign).toHaveBeenCalledWith('/auth/?code=401');
    expect(takeReturnTo()).toBe('/work-orders/7?tab=reports#r3');
    // Taken once.
    expect(takeReturnTo()).toBe('/');
  });

  it('stays put on the sign-in page', () => {
    window.history.pushState({}, '', '/auth/');
    redirectToSignIn();
    expect(browser.assign).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('inspectra.returnTo')).toBeNull();
  });

  it('defaults to / with nothing remembered', () => {
    expect(takeReturnTo()).toBe('/');
  });

  it.each(['//evil.com', '/\\evil.com', 'https://evil.com/x', '/\t/evil.com', 'evil', '/auth/?code=401'])(
    'refuses %j as a place to return to',
    (path) => {
      sessionStorage.setItem('inspectra.returnTo', path);
      expect(takeReturnTo()).toBe('/');
      expect(sessionStorage.getItem('inspectra.returnTo')).toBeNull();
    },
  );

  it('rememberReturnTo keeps local paths only', () => {
    rememberReturnTo('//evil.com/steal');
    expect(sessionStorage.getItem('inspectra.returnTo')).toBeNull();
    rememberReturnTo('/reports/1?x=2');
    expect(takeReturnTo()).toBe('/reports/1?x=2');
  });
});
