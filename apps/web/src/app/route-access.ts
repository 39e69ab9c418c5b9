import { techniques } from '@inspectra/contract';
import type { PermissionModule } from '@inspectra/contract';
import { can, profileQuery } from '../features/auth/useProfile.ts';
import { ForbiddenError } from './forbidden.ts';
import type { RouteNeed } from './forbidden.ts';
import { queryClient } from './query-client.ts';

/**
 * Checks, before a screen loads, that the signed-in role holds what its route declares; throws
 * `ForbiddenError` naming the permission otherwise. Loaded with the first guarded screen, so the
 * sign-in page carries neither the catalogue nor the query cache. A technique address naming no
 * technique passes: its screen says the address is unknown.
 */
export async function checkRouteAccess(need: RouteNeed, params: Record<string, string>): Promise<void> {
  const wanted =
    need === 'technique'
      ? techniques.find((t) => t.slug === params.slug)?.module
      : (need.module satisfies PermissionModule);
  if (!wanted) return;
  const action = need === 'technique' ? 'view' : (need.action ?? 'view');
  const profile = await queryClient.ensureQueryData(profileQuery);
  if (!can(profile, wanted as PermissionModule, action))
    throw new ForbiddenError({ module: wanted as PermissionModule, action });
}
