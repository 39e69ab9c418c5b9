import type { Profile } from '@inspectra/contract';
import { can } from '../auth/useProfile.ts';
import { canSeeTeamPlan, teamPlanPath } from '../plan/team-plan-access.ts';

/** Where a signed-in user starts: the dashboard, the team's plan, the approvals queue or my tasks. */
export type LandingPath = '/' | typeof teamPlanPath | '/approvals' | '/my-tasks';

/**
 * Where the user's work is, after sign-in and on "/" (docs/approvals.md, "Landing by role"). Judged
 * from the role's rights, not its name, so a role an administrator makes lands by what it may do.
 * A user with several rights lands on the first that applies, the broadest work first; what comes
 * later stays one menu entry away (and the approvals entry shows its count):
 * 1. administers the roles (`role.update`, the administrator): the dashboard, as before;
 * 2. plans who does what (the team plan's right, `taskAssignment.update`: the planner): the team's plan;
 * 3. approves reports (`reportHeader.approve`, a reviewer): the approvals queue;
 * 4. does tasks (`myTask.view` and writes reports, `reportHeader.create`: an inspector): my tasks;
 * 5. anyone else (a viewer, who may read my tasks but has none): the dashboard.
 */
export function landingPath(profile: Profile): LandingPath {
  if (can(profile, 'role', 'update')) return '/';
  if (canSeeTeamPlan(profile)) return teamPlanPath;
  if (can(profile, 'reportHeader', 'approve')) return '/approvals';
  if (can(profile, 'myTask', 'view') && can(profile, 'reportHeader', 'create')) return '/my-tasks';
  return '/';
}
