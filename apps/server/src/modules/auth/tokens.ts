import { createHash, randomBytes } from 'node:crypto';
import { uuidPattern } from '@inspectra/contract';
import { SignJWT, jwtVerify } from 'jose';
import { BoundedMap } from '../../engine/bounded-map.ts';

const issuer = 'inspectra';
const audience = 'inspectra-api';
export const accessTokenSeconds = 15 * 60;
/** A sign-in lasts at most this long, however often its refresh token is rotated. */
export const refreshFamilySeconds = 7 * 24 * 3600;

export type AccessTokenKey = Uint8Array;
export const accessTokenKey = (secret: string): AccessTokenKey => new TextEncoder().encode(secret);

/**
 * The key as WebCrypto's HMAC key, imported once per key: given the bytes, jose imports them again
 * on every sign and verify (`crypto.subtle.importKey`), which cost about 5 % of a signed-in list
 * request's CPU under load (bench/engine.ts, profiled).
 */
const imported = new WeakMap<AccessTokenKey, Promise<CryptoKey>>();
function hmacKey(key: AccessTokenKey): Promise<CryptoKey> {
  let cryptoKey = imported.get(key);
  if (!cryptoKey) {
    cryptoKey = crypto.subtle.importKey(
      'raw',
      new Uint8Array(key),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    imported.set(key, cryptoKey);
  }
  return cryptoKey;
}

/** What a valid access token says: who, and from which sign-in (its refresh-token family). */
export type AccessClaims = { userId: string; familyId: string };

/**
 * A short-lived JWT (HS256) naming the user and the sign-in it belongs to (`fid`, the refresh-token
 * family), so signing out revokes it too; `typ` keeps it from being mistaken for anything else.
 */
export async function signAccessToken(
  key: AccessTokenKey,
  userId: string,
  familyId: string,
): Promise<string> {
  return new SignJWT({ typ: 'access', fid: familyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${accessTokenSeconds}s`)
    .setJti(randomBytes(12).toString('base64url'))
    .sign(await hmacKey(key));
}

/**
 * Access tokens this process has verified, per key, with their claims and expiry (seconds): a client
 * sends the same token with every call for its 15 minutes, and WebCrypto's HMAC job was about 8 % of
 * a signed-in list request's CPU under load (bench/engine.ts, profiled). Only a token that passed
 * every check enters, under its exact text, and it stops counting at its `exp` as jose would; the
 * sign-in itself is still checked against the database on every call (`loadUser`). Bounded: the
 * oldest entry goes first.
 */
const verifiedTokens = new WeakMap<
  AccessTokenKey,
  BoundedMap<string, { claims: AccessClaims; exp: number }>
>();
const verifiedTokensLimit = 2000;

/** The claims of a valid access token, or undefined for anything else (expired, forged, other alg, no family). */
export async function verifyAccessToken(
  key: AccessTokenKey,
  token: string,
): Promise<AccessClaims | undefined> {
  let verified = verifiedTokens.get(key);
  if (!verified) verifiedTokens.set(key, (verified = new BoundedMap(verifiedTokensLimit)));
  const known = verified.get(token);
  if (known) {
    if (Math.floor(Date.now() / 1000) < known.exp) return known.claims;
    verified.delete(token);
    return undefined;
  }
  const claims = await verifiedClaims(key, token);
  if (claims) {
    verified.set(token, claims);
    return claims.claims;
  }
  return undefined;
}

async function verifiedClaims(
  key: AccessTokenKey,
  token: string,
): Promise<{ claims: AccessClaims; exp: number } | undefined> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(key), {
      algorithms: ['HS256'],
      issuer,
      audience,
      requiredClaims: ['sub', 'exp', 'iat', 'fid'],
    });
    const { sub, fid, exp } = payload;
    if (payload.typ !== 'access' || typeof sub !== 'string' || typeof fid !== 'string') return undefined;
    if (!uuidPattern.test(sub) || !uuidPattern.test(fid) || typeof exp !== 'number') return undefined;
    return { claims: { userId: sub, familyId: fid }, exp };
  } catch {
    return undefined;
  }
}

/** An opaque refresh token: 256 random bits. Only its hash is stored. */
export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
