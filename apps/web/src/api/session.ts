import type { TokenPair } from '@inspectra/contract';

/**
 * The session lives in two cookies (SPEC 9): `access_token` (a JWT the server expires after 15 minutes)
 * and `refresh_token` (traded once for a new pair). Both are kept 7 days; the server decides validity.
 */
const accessCookie = 'access_token';
const refreshCookie = 'refresh_token';
const cookieMaxAgeSeconds = 7 * 24 * 60 * 60;
const returnToKey = 'inspectra.returnTo';
/** Whose session ended where `returnToKey` points: on a shared tablet, only they are brought back. */
const returnToUserKey = 'inspectra.returnToUser';
/** The user last signed in in this tab, kept after their tokens are gone (cleared, expired). */
const tabUserKey = 'inspectra.tabUser';
const signInPath = '/auth/?code=401';

/** Navigation, behind an object so tests can spy on it (jsdom cannot navigate). */
export const browser = {
  assign(url: string) {
    window.location.assign(url);
  },
};

function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Strict${secure}`;
}

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    if (!raw) return undefined;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export function readAccessToken(): string | undefined {
  return readCookie(accessCookie);
}

export function readRefreshToken(): string | undefined {
  return readCookie(refreshCookie);
}

export function storeTokens(pair: TokenPair): void {
  writeCookie(accessCookie, pair.accessToken, cookieMaxAgeSeconds);
  writeCookie(refreshCookie, pair.refreshToken, cookieMaxAgeSeconds);
  const user = currentUserId();
  try {
    if (user) sessionStorage.setItem(tabUserKey, user);
  } catch {
    // Storage disabled: a way back is then nobody's in particular.
  }
}

/** The user last signed in in this tab, if any (their session may be over). */
function tabUser(): string | undefined {
  try {
    return sessionStorage.getItem(tabUserKey) ?? undefined;
  } catch {
    return undefined;
  }
}

export function clearTokens(): void {
  writeCookie(accessCookie, '', 0);
  writeCookie(refreshCookie, '', 0);
}

/**
 * The id of the user the access token was issued to (its `sub` claim), read without verifying it:
 * only the server trusts a token; the client uses this to keep one user's drafts from another's.
 */
export function currentUserId(): string | undefined {
  const payload = readAccessToken()?.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub !== '' ? sub : undefined;
  } catch {
    return undefined;
  }
}

/** Whether someone is signed in on this browser (the access token may have expired; refresh decides). */
export function hasSession(): boolean {
  return readRefreshToken() !== undefined;
}

/**
 * The session is over: forget the tokens and send the user to the sign-in page, remembering where they
 * were (and who they were) so sign-in can bring them back. Stays put on the sign-in pages themselves,
 * so a failing call there cannot loop. A call refused after the user signed out (a poll still under
 * way) remembers nothing: the next user of the device starts on their own landing page.
 */
export function endSession(): void {
  const [hadSession, user] = [hasSession(), currentUserId() ?? tabUser()];
  clearTokens();
  const { pathname, search, hash } = window.location;
  if (isSignInPath(pathname)) return;
  if (hadSession) rememberReturnTo(pathname + search + hash, user);
  browser.assign(signInPath);
}

/** '/auth', '/auth/', '/auth/?code=401'; not '/authors'. */
function isSignInPath(path: string): boolean {
  return /^\/auth(?:[/?#]|$)/.test(path);
}

/**
 * A path on this site to come back to: one leading '/', not followed by another '/' or a backslash
 * ('//host' and '/\host' would leave the site: an open redirect), and not the sign-in page. Browsers
 * drop tabs and newlines from URLs and read a backslash as '/', so any control character or backslash
 * is refused too.
 */
function isReturnPath(path: string): boolean {
  return (
    /^\/(?![/\\])/.test(path) &&
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    !/[\\\u0000-\u001f\u007f]/.test(path) &&
    !isSignInPath(path)
  );
}

/**
 * Remembers where to go after sign-in (path, search and hash); anything but a path on this site is
 * ignored. `user` is whose session ended there: by default the user last signed in in this tab. A
 * link opened in a tab where nobody has signed in brings whoever signs in next.
 */
export function rememberReturnTo(path: string, user: string | undefined = tabUser()): void {
  if (!isReturnPath(path)) return;
  try {
    sessionStorage.setItem(returnToKey, path);
    if (user) sessionStorage.setItem(returnToUserKey, user);
    else sessionStorage.removeItem(returnToUserKey);
  } catch {
    // Storage may be disabled (private mode): the user then lands on the home page after sign-in.
  }
}

function dropReturnTo(): void {
  try {
    sessionStorage.removeItem(returnToKey);
    sessionStorage.removeItem(returnToUserKey);
  } catch {
    // Storage disabled: nothing was remembered.
  }
}

/**
 * Forgets where to return to and who used this tab: a user who signs out on a shared device leaves
 * no way back behind.
 */
export function forgetReturnTo(): void {
  dropReturnTo();
  try {
    sessionStorage.removeItem(tabUserKey);
  } catch {
    // Storage disabled: nothing was remembered.
  }
}

/**
 * The path remembered by `rememberReturnTo`, forgotten once read; '/' (the user's landing page) when
 * there is none or it was another user's. Checked again on the way out: session storage is writable
 * by anything running on the page.
 */
export function takeReturnTo(user: string | undefined = currentUserId()): string {
  let remembered: string | null;
  let whose: string | null;
  try {
    remembered = sessionStorage.getItem(returnToKey);
    whose = sessionStorage.getItem(returnToUserKey);
  } catch {
    return '/';
  }
  dropReturnTo();
  if (whose && whose !== user) return '/';
  return remembered && isReturnPath(remembered) ? remembered : '/';
}
