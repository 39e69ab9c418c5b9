import { lookupQuery, myTasksQuery, plannerQuery, taskStates } from '@inspectra/contract';
import type { MyTask, TaskState } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthenticatedUser } from '../../engine/access.ts';
import { countedPage, likePattern, pageWindow } from '../../engine/records.ts';
import { typedAction } from '../../engine/action-handler.ts';
import { notShownMeta } from '../../engine/page-meta.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { AppError } from '../../errors.ts';
import {
  bound,
  byAssignment,
  countedUpTo,
  countTasks,
  matching,
  mine,
  myTasksSql,
  plannedWithin,
  readTasks,
  runTasks,
  taskFilters,
  withConditions,
} from './my-tasks.sql.ts';
import type { TaskScope } from './my-tasks.sql.ts';
import { calendarDay, checkedPlannerPeriod, plannerMaxTasks, plannerNote, weekOf } from './planner-period.ts';
import { teamPlanActions } from './team-plan.actions.ts';

export { calendarDay, monthOf, plannerMaxDays, plannerMaxTasks, weekOf } from './planner-period.ts';

function scopeOf(
  user: AuthenticatedUser | undefined,
  filters: Pick<TaskScope, 'where' | 'values'> = {},
): TaskScope {
  // The route row requires myTask.view, so a user is always there; the guard keeps the type honest.
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to see your tasks');
  return { userId: user.id, today: calendarDay(new Date()), ...filters };
}

/**
 * The inspector's own work: the task assignments naming the signed-in user, with the state their
 * reports put them in (docs/my-tasks.md). Another user's task is not found, never forbidden: its
 * existence is not the caller's business.
 */
export const myTaskActions: Record<string, ActionHandler> = {
  'myTask.list': typedAction({ query: myTasksQuery }, async ({ query, user, deps }) => {
    const scope = scopeOf(
      user,
      taskFilters({ ...query, period: { from: query.dateStart, to: query.dateEnd } }),
    );
    // A read model of its own (my-tasks.sql.ts), paged and counted as the engine's lists are.
    const window = pageWindow(query);
    const { offset, countLimit } = window;
    const cut = { state: query.tab, limit: window.pageSize, offset, countLimit };
    const page = await readTasks(deps.db, scope, cut);
    const walked = page.total ?? (offset > 0 ? await countTasks(deps.db, scope, query.tab, countLimit) : 0);
    return { data: page.tasks, meta: countedPage(window, walked) };
  }),

  'myTask.get': typedAction({ params: z.object({ id: z.string() }) }, async ({ params, user, deps }) => {
    const { tasks } = await readTasks(deps.db, scopeOf(user, byAssignment(params.id)), { limit: 1 });
    if (!tasks[0]) throw new AppError('NOT_FOUND', `You have no task ${params.id}`);
    return { data: tasks[0] };
  }),

  'myTask.statistics': typedAction({}, async ({ user, deps }) => {
    const scope = scopeOf(user);
    const week = weekOf(scope.today);
    // One pass over the tasks: counted by state (with overdue and this week) and by method.
    const found = await runTasks<{
      by_state: number;
      state: TaskState | null;
      code: string | null;
      name: string | null;
      n: number;
      overdue: number;
      this_week: number;
    }>(
      deps.db,
      'statistics',
      scope,
      { weekFrom: week.from, weekTo: week.to },
      () => sql`select grouping(tasks.state) = 0 as by_state, tasks.state,
        tasks.inspection_method as code, tasks.inspection_method_name as name, count(*)::int as n,
        (count(*) filter (where tasks.overdue))::int as overdue,
        (count(*) filter (where ${plannedWithin('week')}))::int as this_week
      from ${myTasksSql(scope)}
      group by grouping sets ((tasks.state), (tasks.inspection_method, tasks.inspection_method_name))`,
    );
    const byState = Object.fromEntries(taskStates.map((s) => [s, 0])) as Record<TaskState, number>;
    let overdue = 0;
    let thisWeek = 0;
    const byMethod: { code: string; name: string; count: number }[] = [];
    for (const row of found) {
      if (row.by_state) {
        byState[row.state!] = row.n;
        overdue += row.overdue;
        thisWeek += row.this_week;
      } else byMethod.push({ code: row.code!, name: row.name!, count: row.n });
    }
    byMethod.sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
    const total = Object.values(byState).reduce((sum, n) => sum + n, 0);
    return { data: { byState, total, overdue, thisWeek, byMethod } };
  }),

  'myTask.planner': typedAction({ query: plannerQuery }, async ({ query, user, deps }) => {
    const { thisMonth, ...period } = checkedPlannerPeriod(query, calendarDay(new Date()));
    const scope = scopeOf(user, taskFilters({ period }));
    const { tasks, total = 0 } = await readTasks(deps.db, scope, {
      limit: plannerMaxTasks,
      order: 'planned',
    });
    const message = plannerNote(period, { thisMonth, shown: tasks.length, total });
    return {
      data: tasks satisfies MyTask[],
      meta: notShownMeta({ data: [tasks.length, total] }),
      ...(message ? { message } : {}),
    };
  }),

  'myTask.workOrderNumbers': typedAction({ query: lookupQuery }, async ({ query, user, deps }) => {
    const window = pageWindow(query);
    const scope = query.search
      ? withConditions(scopeOf(user), {
          where: [sql`${mine.woNumber} ilike ${bound('search')}`],
          values: { search: likePattern(query.search) },
        })
      : scopeOf(user);
    // The user's rows of inspector_task counted per work order number, from the index alone.
    const numbers = sql`select ${mine.woNumber} as value, count(*)::int as n from ${mine}
      where ${matching(scope)} group by ${mine.woNumber}`;
    // The numbers counted as far as the page's window counts (engine paging.ts `pageWindow`).
    const counted = countedUpTo(sql`select 1 from numbers`);
    const countLimit = window.countLimit + 1;
    const found = await runTasks<{ value: string; count: number; total: number }>(
      deps.db,
      'workOrderNumbers',
      scope,
      { countLimit, limit: window.pageSize, offset: window.offset },
      () => sql`with numbers as (${numbers}) select numbers.value, numbers.n as count, ${counted} as total
        from numbers order by numbers.value limit ${bound('limit')} offset ${bound('offset')}`,
    );
    let walked = found[0]?.total;
    if (walked === undefined && window.offset > 0) {
      const [past] = await runTasks<{ n: number }>(
        deps.db,
        'workOrderNumbers:count',
        scope,
        { countLimit },
        () => sql`with numbers as (${numbers}) select ${counted} as n`,
      );
      walked = past?.n;
    }
    return {
      data: found.map((r) => ({ value: r.value, count: r.count })),
      meta: countedPage(window, walked ?? 0),
    };
  }),

  // The planner's view of the team (docs/team-plan.md).
  ...teamPlanActions,
};
