import { teamPlanAccess } from '@inspectra/contract';
import type { Profile } from '@inspectra/contract';
import { can } from '../auth/useProfile.ts';

/** Where the team plan is (the planner's start page: docs/team-plan.md). */
export const teamPlanPath = '/plan' as const;

/** Whether the user may see the team plan: the server's rule for its calls, read from the contract. */
export const canSeeTeamPlan = (profile: Profile): boolean =>
  can(profile, teamPlanAccess.module, teamPlanAccess.action);
