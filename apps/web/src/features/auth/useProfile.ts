import type { PermissionAction, PermissionModule, Profile } from '@inspectra/contract';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { callApi } from '../../api/calls.ts';
import { useReportLocked } from '../reports/ReportLock.tsx';

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: async () => (await callApi('GET /auth/profile')).data,
  staleTime: 5 * 60_000,
});

/** The signed-in user; only used under the signed-in layout, whose loader has fetched it. */
export function useProfile(): Profile {
  return useSuspenseQuery(profileQuery).data;
}

/** Whether the user's role grants an action on a module (the server checks again on every call). */
export function can(profile: Profile, module: PermissionModule, action: PermissionAction): boolean {
  return profile.permissions.some((p) => p.module === module && p.action === action);
}

/** What a lock refuses: writes. Viewing stays, and approving is the flow's act on a report in approval. */
const lockedActions: readonly PermissionAction[] = ['create', 'update', 'delete'];

/**
 * What the signed-in user may do on this screen: `can`, except that on the screens of a locked
 * report (in approval or approved) nothing may be created, changed or deleted
 * (features/reports/ReportLock.tsx).
 */
export function usePermission(module: PermissionModule, action: PermissionAction): boolean {
  const locked = useReportLocked();
  return can(useProfile(), module, action) && !(locked && lockedActions.includes(action));
}
