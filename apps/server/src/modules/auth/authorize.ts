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

/**
 * The signed-in user of a request (bearer access token), or UNAUTHENTICATED. The token's sign-in
 * (refresh-token family) must still be live and the user active: checked on every request, so
 * signing out or deactivating a user ends their access tokens at once.
 */
export async function authenticate(
  db: Db,
  key: AccessTokenKey,
  request: FastifyRequest,
): Promise<AuthenticatedUser> {
  const header = request.headers.authorization ?? '';
  const match = bearerPattern.exec(header);
  if (!match)
    throw new AppError('UNAUTHENTICATED', 'Sign in to continue: this call needs a bearer access token');
  const claims = await verifyAccessToken(key, match[1]!);
  const user = claims ? await loadUser(db, claims.userId, claims.familyId) : undefined;
  if (!user)
    throw new AppError('UNAUTHENTICATED', 'Your session has expired or is not valid. Sign in again.');
  return user;
}

/** Applies a route's access rule: public passes, otherwise 401 without a session and 403 without the permission. */
export async function authorize(db: Db, key: AccessTokenKey, request: FastifyRequest, access: Access) {
  if (access === 'public') return undefined;
  const user = await authenticate(db, key, request);
  if (access !== 'authenticated' && !can(user, access)) {
    throw new AppError('FORBIDDEN', `Your role does not allow this (${access.module}: ${access.action})`);
  }
  return user;
}
