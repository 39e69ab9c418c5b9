import type { Profile } from '@inspectra/contract';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { companyBadge } from '../administration/contractor-companies.ts';
import { deviceCookieKey, deviceCookieNonce, newDeviceCookie } from './device-cookies.ts';
import { login, logout, logoutEverywhere, refresh } from './sessions.ts';
import { signatureActions, signatureOf } from './signatures.ts';
import type { AccessTokenKey } from './tokens.ts';
import { warmPdfPrinter } from '../reports/pdf-printer.ts';

/**
 * Handlers of the authentication calls (SPEC 7: login, refresh, profile; and sign-out).
 * `servedOverHttps`: device cookies are then marked Secure (so are they on a request that arrived
 * over HTTPS, directly or through a trusted proxy).
 */
export function authActions(
  key: AccessTokenKey,
  o: { servedOverHttps?: boolean } = {},
): Record<string, ActionHandler> {
  const cookieKey = deviceCookieKey(key);
  return {
    'auth.login': async ({ body, request, deps }) => {
      const username = body.username as string;
      const device = deviceCookieNonce(cookieKey, request.headers.cookie, username);
      const tokens = await login(deps.db, key, username, body.password as string, request.ip, device);
      // A user now at work may print a report next: its first print need not load the printer.
      warmPdfPrinter();
      const secure = (o.servedOverHttps ?? false) || request.protocol === 'https';
      return {
        data: tokens,
        message: 'Signed in',
        headers: { 'set-cookie': newDeviceCookie(cookieKey, username, secure) },
      };
    },
    'auth.refresh': async ({ body, deps }) => ({
      data: await refresh(deps.db, key, body.refreshToken as string),
      message: 'Token refreshed',
    }),
    'auth.logout': async ({ body, deps }) => {
      await logout(deps.db, body.refreshToken as string);
      return { data: null, message: 'Signed out' };
    },
    'auth.logoutAll': async ({ user, deps }) => ({
      data: { sessionsEnded: await logoutEverywhere(deps.db, user!.id) },
      message: 'Signed out of all devices',
    }),
    // The user was loaded (active, with role and permissions) when the request was authorised.
    'auth.profile': async ({ user, deps }) => {
      const profile: Profile = {
        id: user!.id,
        username: user!.username,
        fullName: user!.fullName,
        email: user!.email,
        role: { id: user!.roleId, name: user!.roleName },
        permissions: [...user!.permissions].map((p) => {
          const [module, action] = p.split('.');
          return { module, action } as Profile['permissions'][number];
        }),
        company: await companyBadge(deps.db, user!.companyId),
        hasSignature: (await signatureOf(deps.db, user!.id)) !== undefined,
      };
      return { data: profile };
    },
    ...signatureActions,
  };
}
