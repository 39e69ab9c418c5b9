import type { Access } from '@inspectra/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { can } from '../../engine/access.ts';
import type { AuthenticatedUser } from '../../engine/access.ts';
import { AppError } from '../../errors.ts';
import { loadUser } from './sessions.ts';
import { verifyAccessToken } from './tokens.ts';
import type { AccessTokenKey } from './tokens.ts';

/** `Authorization: Bearer <token>`; the scheme is case-insensitive (RFC 9110), spaces after it are allowed. */
const bearerPattern = /^bearer +([A-Za-z0-9._~+/=-]{1,4096}) *$/i;
const tokenPattern = /^[A-Za-z0-9._~+/=-]{1,4096}$/;

/**
 * The signed-in user of a request (bearer access token), or UNAUTHENTICATED. The token's sign-in
 * (refresh-token family) must still be live and the user active: checked on every request, so
 * signing out or deactivating a user ends their access tokens at once.
 */
export async function authenticate(
  db: Db,
  key: AccessTokenKey,
  request: FastifyRequest,
  /** Whether the access-token cookie may stand in for the header (`sessionCookie` routes). */
  cookie = false,
): Promise<AuthenticatedUser> {
  const header = request.headers.authorization ?? '';
  const token =
    bearerPattern.exec(header)?.[1] ?? (cookie && !header ? accessTokenCookie(request) : undefined);
  if (!token)
    throw new AppError('UNAUTHENTICATED', 'Sign in to continue: this call needs a bearer access token');
  const claims = await verifyAccessToken(key, token);
  const user = claims ? await loadUser(db, claims.userId, claims.familyId) : undefined;
  if (!user)
    throw new AppError('UNAUTHENTICATED', 'Your session has expired or is not valid. Sign in again.');
  return user;
}

/** The web client's `access_token` cookie (docs/web-session.md), when the request carries one. */
function accessTokenCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 'access_token' && value && tokenPattern.test(value)) return value;
  }
  return undefined;
}

/** Applies a route's access rule: public passes, otherwise 401 without a session and 403 without the permission. */
export async function authorize(
  db: Db,
  key: AccessTokenKey,
  request: FastifyRequest,
  access: Access,
  cookie = false,
) {
  if (access === 'public') return undefined;
  const user = await authenticate(db, key, request, cookie);
  if (access !== 'authenticated' && !can(user, access)) {
    throw new AppError('FORBIDDEN', `Your role does not allow this (${access.module}: ${access.action})`);
  }
  return user;
}
