import { maxTeamOverdueTasks, taskStates, teamPlannerQuery, woTaskAssignment } from '@inspectra/contract';
import type { TaskState, TeamStatistics, TeamTask } from '@inspectra/contract';
import type { AuthenticatedUser } from '../../engine/access.ts';
import { typedAction } from '../../engine/action-handler.ts';
import { notShownMeta } from '../../engine/page-meta.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import type { EngineDeps } from '../../engine/engine-deps.ts';
import { scopeFor } from '../../engine/record-scope.ts';
import { AppError } from '../../errors.ts';
import { calendarDay, checkedPlannerPeriod, plannerMaxTasks, plannerNote, weekOf } from './planner-period.ts';
import { countTeamTasks, overdueOn, plannedFor, plannerGroupsOf, readTeamTasks } from './team-plan.sql.ts';
import type { Team } from './team-plan.sql.ts';

/** The signed-in planner's team (docs/team-plan.md), with their planner groups as named. */
async function teamOf(deps: EngineDeps, user: AuthenticatedUser | undefined) {
  // The route rows require the team plan's permission, so a user is always there.
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to see the team plan');
  const plannerGroups = await plannerGroupsOf(deps.db, user.id);
  const team: Team = {
    plannerGroups: plannerGroups.map((g) => g.code),
    companyId: user.companyId,
    assignmentScope: scopeFor(deps.scopes, woTaskAssignment, user),
    today: calendarDay(new Date()),
  };
  return { team, plannerGroups };
}

const zeroByState = () => Object.fromEntries(taskStates.map((s) => [s, 0])) as Record<TaskState, number>;

/**
 * The planner's view of the team: the tasks of the work orders of their planner groups, whoever
 * is named on them, as a calendar, counts, workload per inspector and the overdue tasks.
 */
export const teamPlanActions: Record<string, ActionHandler> = {
  'teamPlan.planner': typedAction({ query: teamPlannerQuery }, async ({ query, user, deps }) => {
    const { team } = await teamOf(deps, user);
    const { thisMonth, ...period } = checkedPlannerPeriod(query, team.today);
    const { tasks, total } = await readTeamTasks(deps.db, team, {
      where: plannedFor(period, team, query.inspectorId),
      order: 'planned',
      limit: plannerMaxTasks,
    });
    const message = plannerNote(period, { thisMonth, shown: tasks.length, total });
    return {
      data: tasks satisfies TeamTask[],
      meta: notShownMeta({ data: [tasks.length, total] }),
      ...(message ? { message } : {}),
    };
  }),

  'teamPlan.statistics': typedAction({}, async ({ user, deps }) => {
    const { team, plannerGroups } = await teamOf(deps, user);
    const rows = await countTeamTasks(deps.db, team, weekOf(team.today));
    const byState = zeroByState();
    let overdue = 0;
    let thisWeek = 0;
    let unassigned = 0;
    const inspectors = new Map<string, TeamStatistics['byInspector'][number]>();
    for (const row of rows) {
      if (!row.per_inspector) {
        byState[row.state] = row.n;
        overdue += row.overdue;
        thisWeek += row.this_week;
      } else if (row.user_id === null) {
        if (row.state !== 'done') unassigned += row.n;
      } else {
        const person = inspectors.get(row.user_id) ?? {
          id: row.user_id,
          fullName: row.full_name ?? row.user_id,
          open: 0,
          overdue: 0,
          thisWeek: 0,
          byState: zeroByState(),
        };
        person.byState[row.state] = row.n;
        if (row.state !== 'done') person.open += row.n;
        person.overdue += row.overdue;
        person.thisWeek += row.this_week;
        inspectors.set(row.user_id, person);
      }
    }
    const byInspector = [...inspectors.values()].sort(
      (a, b) => b.open - a.open || b.overdue - a.overdue || a.fullName.localeCompare(b.fullName),
    );
    const { tasks: overdueTasks, total: overdueTotal } = await readTeamTasks(deps.db, team, {
      where: overdueOn(team.today),
      order: 'overdue',
      limit: maxTeamOverdueTasks,
    });
    const total = Object.values(byState).reduce((sum, n) => sum + n, 0);
    const data: TeamStatistics = {
      plannerGroups,
      byState,
      total,
      overdue,
      thisWeek,
      unassigned,
      byInspector,
      overdueTasks,
    };
    return { data, meta: notShownMeta({ overdueTasks: [overdueTasks.length, overdueTotal] }) };
  }),
};
