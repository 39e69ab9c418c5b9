import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies"): a browser an
 * account has signed in on carries a signed cookie naming that account and a random nonce. Its
 * sign-ins are throttled by the cookie alone, so guessing from a shared plant address never locks
 * out the owners of the tablets behind it. The signature is all the server needs to recognise one;
 * the nonce is the key of its own failure count (login-throttle.ts).
 */

/** A device cookie lasts a year; every successful sign-in replaces it with a new one. */
export const deviceCookieSeconds = 365 * 24 * 3600;
/** Only the sign-in call reads the cookie, so only it is sent the cookie. */
const cookiePath = '/api/auth/login';
const nonceBytes = 16;
const noncePattern = /^[A-Za-z0-9_-]{22}$/;
const signaturePattern = /^[A-Za-z0-9_-]{43}$/;

export type DeviceCookieKey = Buffer;

/**
 * The key device cookies are signed with, derived from the access-token secret: every process of
 * one installation shares it, and no device cookie can be passed off as an access token or back.
 */
export const deviceCookieKey = (accessTokenSecret: Uint8Array): DeviceCookieKey =>
  createHmac('sha256', accessTokenSecret).update('inspectra device cookie v1').digest();

const sign = (key: DeviceCookieKey, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * The cookie's name for an account: one cookie per account, so a tablet a whole shift signs in on
 * keeps each person's. A keyed hash of the name, so the cookie names do not list who used the tablet.
 */
export const deviceCookieName = (key: DeviceCookieKey, username: string) =>
  `inspectra_device_${sign(key, `name\0${username.toLowerCase()}`).toString('base64url').slice(0, 16)}`;

const signatureOf = (key: DeviceCookieKey, username: string, nonce: string) =>
  sign(key, `device\0${username.toLowerCase()}\0${nonce}`);

/** A new device cookie for an account: the `Set-Cookie` header that gives it to the browser. */
export function newDeviceCookie(key: DeviceCookieKey, username: string, secure: boolean): string {
  const nonce = randomBytes(nonceBytes).toString('base64url');
  const value = `${nonce}.${signatureOf(key, username, nonce).toString('base64url')}`;
  return [
    `${deviceCookieName(key, username)}=${value}`,
    `Max-Age=${deviceCookieSeconds}`,
    `Path=${cookiePath}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The value of one cookie in a `Cookie` request header, or undefined. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The nonce of the request's device cookie for this account when its signature holds; undefined
 * for no cookie, a forged or altered one, or one issued for another account (such a request is
 * treated as coming from an unknown browser).
 */
export function deviceCookieNonce(
  key: DeviceCookieKey,
  cookieHeader: string | undefined,
  username: string,
): string | undefined {
  const value = cookieValue(cookieHeader, deviceCookieName(key, username));
  const [nonce, signature, ...rest] = value?.split('.') ?? [];
  if (!nonce || !signature || rest.length > 0) return undefined;
  if (!noncePattern.test(nonce) || !signaturePattern.test(signature)) return undefined;
  const expected = signatureOf(key, username, nonce);
  return timingSafeEqual(expected, Buffer.from(signature, 'base64url')) ? nonce : undefined;
}
