import type { Profile } from '@inspectra/contract';
import { can } from '../auth/useProfile.ts';

/**
 * Whose home is my tasks rather than the dashboard: who has tasks (my tasks) but does not plan work
 * (cannot create work orders) — the inspector. The planner and the administrator keep the dashboard
 * and reach my tasks from the navigation.
 */
export function landsOnMyTasks(profile: Profile): boolean {
  return can(profile, 'myTask', 'view') && !can(profile, 'workOrder', 'create');
}
