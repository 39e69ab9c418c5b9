import type { PermissionAction, PermissionModule } from '@inspectra/contract';

/** The permission a screen needs: a module's action (`view` unless named). */
export type ScreenNeed = { module: PermissionModule; action?: PermissionAction };

/**
 * What a route declares it needs (router.tsx): a module's action, or `technique`, the view of the
 * technique its `$slug` names.
 */
export type RouteNeed = ScreenNeed | 'technique';

/**
 * A screen the signed-in role may not open, thrown before it loads: the route's error screen says so
 * in words (ForbiddenScreen) instead of showing an empty page whose every call the server refuses.
 */
export class ForbiddenError extends Error {
  constructor(readonly need: Required<ScreenNeed>) {
    super(`The role does not hold ${need.module}.${need.action}`);
    this.name = 'ForbiddenError';
  }
}
