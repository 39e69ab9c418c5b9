import { describe, expect, it, vi } from 'vitest';
import {
  browser,
  clearTokens,
  endSession,
  hasSession,
  readAccessToken,
  readRefreshToken,
  rememberReturnTo,
  storeTokens,
  takeReturnTo,
} from './session.ts';
import { cleanBrowserPerTest, cookies, setCookies } from './test-server.ts';

cleanBrowserPerTest();

describe('token cookies', () => {
  it('stores, reads and clears the pair under access_token and refresh_token', () => {
    expect(hasSession()).toBe(false);
    storeTokens({ accessToken: 'eyJ.a.b', refreshToken: 'r-1' });
    expect(cookies()).toEqual({ access_token: 'eyJ.a.b', refresh_token: 'r-1' });
    expect([readAccessToken(), readRefreshToken(), hasSession()]).toEqual(['eyJ.a.b', 'r-1', true]);

    clearTokens();
    expect(document.cookie).toBe('');
    expect([readAccessToken(), readRefreshToken(), hasSession()]).toEqual([undefined, undefined, false]);
  });

  it('keeps them for the whole site, seven days, never sent by other sites (Secure only on https)', () => {
    const written = vi.spyOn(document, 'cookie', 'set');
    storeTokens({ accessToken: 'a b', refreshToken: 'r-1' });
    expect(written.mock.calls).toEqual([
      ['access_token=a%20b; Path=/; Max-Age=604800; SameSite=Strict'],
      ['refresh_token=r-1; Path=/; Max-Age=604800; SameSite=Strict'],
    ]);
    expect(readAccessToken()).toBe('a b');
  });

  it('reads a cookie by its exact name', () => {
    document.cookie = 'x_access_token=nope; Path=/';
    expect(readAccessToken()).toBeUndefined();
    setCookies('yes', undefined);
    expect(readAccessToken()).toBe('yes');
    document.cookie = 'x_access_token=; Path=/; Max-Age=0';
  });
});

describe('end of session, sign-in and back', () => {
  it('clears the tokens, remembers path, search and hash, then goes to /auth/?code=401', () => {
    setCookies('a', 'r');
    window.history.pushState({}, '', '/work-orders/7?tab=reports#r3');
    endSession();
    expect(document.cookie).toBe('');
    expect(browser.assign).toHaveBeenCalledWith('/auth/?code=401');
    expect(takeReturnTo()).toBe('/work-orders/7?tab=reports#r3');
    // Taken once.
    expect(takeReturnTo()).toBe('/');
  });

  it.each(['/auth', '/auth/', '/auth/?code=401'])('clears the tokens but stays put on %s', (page) => {
    setCookies('a', 'r');
    window.history.pushState({}, '', page);
    endSession();
    expect(document.cookie).toBe('');
    expect(browser.assign).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('inspectra.returnTo')).toBeNull();
  });

  it('brings back only the user whose session ended; the next user of a shared tablet starts at home', () => {
    const tokenOf = (sub: string) => `h.${btoa(JSON.stringify({ sub }))}.s`;
    setCookies(tokenOf('inspector-1'), 'r');
    window.history.pushState({}, '', '/my-tasks?view=calendar');
    endSession();
    expect(takeReturnTo('reviewer-1')).toBe('/');
    // Forgotten once read, whoever read it.
    expect(takeReturnTo('inspector-1')).toBe('/');

    setCookies(tokenOf('inspector-1'), 'r');
    endSession();
    expect(takeReturnTo('inspector-1')).toBe('/my-tasks?view=calendar');
  });

  it('remembers nothing for a call refused after sign-out (no session left to return to)', () => {
    window.history.pushState({}, '', '/my-tasks');
    endSession();
    expect(browser.assign).toHaveBeenCalledWith('/auth/?code=401');
    expect(sessionStorage.getItem('inspectra.returnTo')).toBeNull();
  });

  it("a tab whose user's cookies were cleared keeps the way back for that user only", () => {
    const tokenOf = (sub: string) => `h.${btoa(JSON.stringify({ sub }))}.s`;
    storeTokens({ accessToken: tokenOf('inspector-1'), refreshToken: 'r' });
    clearTokens();
    // The router finds no session on the next page and remembers it, for the tab's last user.
    rememberReturnTo('/my-tasks');
    expect(takeReturnTo('reviewer-1')).toBe('/');
    rememberReturnTo('/my-tasks');
    expect(takeReturnTo('inspector-1')).toBe('/my-tasks');
  });

  it('a link opened while signed out brings whoever signs in there', () => {
    rememberReturnTo('/reports/9');
    expect(takeReturnTo('anyone')).toBe('/reports/9');
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

  it('rememberReturnTo keeps local paths other than sign-in only', () => {
    rememberReturnTo('//evil.com/steal');
    rememberReturnTo('/auth');
    expect(sessionStorage.getItem('inspectra.returnTo')).toBeNull();
    rememberReturnTo('/reports/1?x=2');
    expect(takeReturnTo()).toBe('/reports/1?x=2');
    // Only the sign-in page itself is refused, not every path that starts with its letters.
    rememberReturnTo('/authorizations/3');
    expect(takeReturnTo()).toBe('/authorizations/3');
  });
});
