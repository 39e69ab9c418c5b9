import type { Profile } from '@inspectra/contract';
import type { ActionHandler } from '../../engine/register-routes.ts';
import { login, loadUser, refresh } from './sessions.ts';
import type { AccessTokenKey } from './tokens.ts';

/** Handlers of the authentication calls (SPEC 7: login, refresh, profile). */
export function authActions(key: AccessTokenKey): Record<string, ActionHandler> {
  return {
    'auth.login': async ({ body, request, deps }) => ({
      data: await login(deps.db, key, body.username as string, body.password as string, request.ip),
      message: 'Signed in',
    }),
    'auth.refresh': async ({ body, deps }) => ({
      data: await refresh(deps.db, key, body.refreshToken as string),
      message: 'Token refreshed',
    }),
    'auth.profile': async ({ user, deps }) => {
      const found = (await loadUser(deps.db, user!.id))!;
      const profile: Profile = {
        id: found.id,
        username: found.username,
        fullName: found.fullName,
        email: found.email,
        role: { id: found.roleId, name: found.roleName },
        permissions: [...found.permissions].map((p) => {
          const [module, action] = p.split('.');
          return { module, action } as Profile['permissions'][number];
        }),
      };
      return { data: profile };
    },
  };
}
