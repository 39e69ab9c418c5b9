import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const issuer = 'inspectra';
const audience = 'inspectra-api';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const accessTokenSeconds = 15 * 60;
/** A sign-in lasts at most this long, however often its refresh token is rotated. */
export const refreshFamilySeconds = 7 * 24 * 3600;

export type AccessTokenKey = Uint8Array;
export const accessTokenKey = (secret: string): AccessTokenKey => new TextEncoder().encode(secret);

/** What a valid access token says: who, and from which sign-in (its refresh-token family). */
export type AccessClaims = { userId: string; familyId: string };

/**
 * A short-lived JWT (HS256) naming the user and the sign-in it belongs to (`fid`, the refresh-token
 * family), so signing out revokes it too; `typ` keeps it from being mistaken for anything else.
 */
export function signAccessToken(key: AccessTokenKey, userId: string, familyId: string): Promise<string> {
  return new SignJWT({ typ: 'access', fid: familyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${accessTokenSeconds}s`)
    .setJti(randomBytes(12).toString('base64url'))
    .sign(key);
}

/** The claims of a valid access token, or undefined for anything else (expired, forged, other alg, no family). */
export async function verifyAccessToken(
  key: AccessTokenKey,
  token: string,
): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer,
      audience,
      requiredClaims: ['sub', 'exp', 'iat', 'fid'],
    });
    const { sub, fid } = payload;
    if (payload.typ !== 'access' || typeof sub !== 'string' || typeof fid !== 'string') return undefined;
    return uuidPattern.test(sub) && uuidPattern.test(fid) ? { userId: sub, familyId: fid } : undefined;
  } catch {
    return undefined;
  }
}

/** An opaque refresh token: 256 random bits. Only its hash is stored. */
export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
