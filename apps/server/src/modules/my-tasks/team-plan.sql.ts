import { inspectionMethod, plannerGroup, woTaskAssignment, workOrderSpk } from '@inspectra/contract';
import type { TaskState, TeamInspector, TeamTask } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inspectorTasks, tableOf, users } from '../../db/schema/index.ts';
import { taskFields } from './my-tasks.sql.ts';
import type { Period, TaskRow } from './my-tasks.sql.ts';

const assignments = tableOf(woTaskAssignment);
const workOrders = tableOf(workOrderSpk);
const methods = tableOf(inspectionMethod);
const groups = tableOf(plannerGroup);
const named = inspectorTasks;

/**
 * Whose tasks a planner's team plan holds (docs/team-plan.md): the task assignments of the work
 * orders of the planner's planner groups (every work order when the planner has none), each with
 * the inspectors it names; for a contractor company's planner, only the inspectors of that company
 * and the tasks naming one of them.
 */
export type Team = {
  /** Planner group codes; empty: the whole plant. */
  plannerGroups: string[];
  /** The planner's contractor company, or null for the plant owner's staff. */
  companyId: string | null;
  /** The engine's company scope over the assignments (`scopeFor`), undefined for the owner's staff. */
  assignmentScope: SQL | undefined;
  /** The server's date today (ISO). */
  today: string;
};

/** The planner's planner groups, with their names, in one read by the user's key. */
export async function plannerGroupsOf(db: DbOrTx, userId: string) {
  const found = await db.execute<{ code: string; name: string | null }>(
    sql`select mine.code, ${groups.name} as name
      from ${users}, jsonb_array_elements_text(${users.plannerGroups}) as mine(code)
      left join ${groups} on ${groups.code} = mine.code
      where ${users.id} = ${userId} order by mine.code`,
  );
  return found.rows.map((r) => ({ code: r.code, name: r.name ?? r.code }));
}

/**
 * A user id as `user_pdmids` holds it (text), as the key of `user_account`: anything not shaped
 * like a UUID names nobody, rather than failing the statement.
 */
const userKey = (id: SQL) =>
  sql`(case when ${id} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then ${id}::uuid end)`;

/** The inspectors of the team: all, or a contractor company's users only. */
const ofTeam = (team: Team, userId: SQL) =>
  team.companyId
    ? sql`${userId} in (select ${users.id}::text from ${users} where ${users.contractorCompanyId} = ${team.companyId})`
    : sql`true`;

/** The team's work orders: those of its planner groups (every one without). */
const teamWorkOrders = (team: Pick<Team, 'plannerGroups'>): SQL[] =>
  team.plannerGroups.length > 0
    ? [sql`${workOrders.plannerGroup} = any(${sql.param(team.plannerGroups)}::text[])`]
    : [];

/** The team's assignments: in the company's scope, and for a contractor naming one of its inspectors. */
const teamAssignments = (team: Team): SQL[] => [
  ...(team.assignmentScope ? [team.assignmentScope] : []),
  ...(team.companyId
    ? [
        sql`exists (select from ${named} where ${named.assignmentId} = ${assignments.id}
          and ${ofTeam(team, sql`${named.userId}`)})`,
      ]
    : []),
];

/**
 * The team's work orders planned within the period: planned start to finish (or the one day set)
 * overlapping it. Written as three ranges, each with the team's planner groups inside it, so each
 * is read off `(planner_group, date_end, date_start)` (the date indexes for the whole plant): a
 * coalesce over the two dates has no index, and a group condition outside the ranges is only a
 * filter on what they read.
 */
export const plannedIn = (p: Period, team: Pick<Team, 'plannerGroups'>) => {
  const arm = (range: SQL) => sql.join([...teamWorkOrders(team), range], sql` and `);
  return sql`((${arm(sql`${workOrders.dateEnd} >= ${p.from}::date and ${workOrders.dateStart} <= ${p.to}::date`)})
    or (${arm(sql`${workOrders.dateEnd} is null and ${workOrders.dateStart} between ${p.from}::date and ${p.to}::date`)})
    or (${arm(sql`${workOrders.dateStart} is null and ${workOrders.dateEnd} between ${p.from}::date and ${p.to}::date`)}))`;
};

/** The team's live work: work orders still open or in progress (completed and cancelled are history). */
export const live = sql`${workOrders.status} in ('open', 'inProgress')`;

type TeamTaskRow = TaskRow & { inspectors: TeamInspector[] | null; total: number };

/**
 * Tasks of the team on the work orders `where` picks, in `order`, at most `limit`, each with the
 * team's inspectors it names (a JSON list per task, read by the assignment's key), and the count of
 * every match: one statement.
 */
export async function readTeamTasks(
  db: DbOrTx,
  team: Team,
  o: { where: SQL[]; order: 'planned' | 'overdue'; limit: number },
): Promise<{ tasks: TeamTask[]; total: number }> {
  const order =
    o.order === 'planned'
      ? sql`coalesce(${assignments.plannedStart}, ${assignments.plannedFinish}), ${assignments.plannedFinish} nulls last`
      : sql`${assignments.plannedFinish}`;
  const conditions = [...teamWorkOrders(team), ...teamAssignments(team), ...o.where];
  const found = await db.execute<TeamTaskRow>(sql`
    select ${assignments.id} as id, ${assignments.workOrderSPKId} as work_order_spkid,
      ${assignments.woNumber} as wo_number, ${assignments.woTitle} as wo_title,
      ${assignments.inspectionMethod} as inspection_method, ${methods.name} as inspection_method_name,
      ${assignments.equipmentCategory} as equipment_category, ${assignments.tagNumber} as tag_number,
      ${workOrders.location} as location, ${workOrders.priority} as priority,
      ${workOrders.isEmergency} as is_emergency, ${assignments.plannedStart}::text as date_start,
      ${assignments.plannedFinish}::text as date_end, ${assignments.state} as state,
      coalesce(${assignments.plannedFinish} < ${team.today}::date and ${assignments.state} <> 'done', false) as overdue,
      (select json_agg(json_build_object('id', ${named.userId}, 'fullName', coalesce(${users.fullName}, ${named.userId}))
          order by ${users.fullName}, ${named.userId})
        from ${named} left join ${users} on ${users.id} = ${userKey(sql`${named.userId}`)}
        where ${named.assignmentId} = ${assignments.id} and ${ofTeam(team, sql`${named.userId}`)}) as inspectors,
      (count(*) over ())::int as total
    from ${workOrders}
    join ${assignments} on ${assignments.workOrderSPKId} = ${workOrders.id}
    join ${methods} on ${methods.code} = ${assignments.inspectionMethod}
    where ${sql.join(conditions.length > 0 ? conditions : [sql`true`], sql` and `)}
    order by ${order}, ${assignments.woNumber}, ${assignments.inspectionMethod}, ${assignments.id}
    limit ${o.limit}`);
  return {
    tasks: found.rows.map((r) => ({ ...taskFields(r), inspectors: r.inspectors ?? [] })),
    total: found.rows[0]?.total ?? 0,
  };
}

/** Tasks planned in the period naming that inspector (any of the team's, without one). */
export const plannedFor = (
  period: Period,
  team: Pick<Team, 'plannerGroups'>,
  inspectorId: string | undefined,
): SQL[] => [
  plannedIn(period, team),
  ...(inspectorId
    ? [
        sql`exists (select from ${named} where ${named.assignmentId} = ${assignments.id}
          and ${named.userId} = ${inspectorId})`,
      ]
    : []),
];

/** Live tasks past their planned finish and not done. */
export const overdueOn = (today: string): SQL[] => [
  live,
  sql`${assignments.state} <> 'done'`,
  sql`${assignments.plannedFinish} < ${today}::date`,
];

export type TeamCountRow = {
  /** Counted per inspector (else for the whole team). */
  per_inspector: boolean;
  /** The inspector (null in a per-inspector row: tasks naming nobody). */
  user_id: string | null;
  full_name: string | null;
  state: TaskState;
  n: number;
  overdue: number;
  this_week: number;
};

/**
 * The team's live tasks counted by state, for the team (each task once) and per inspector named
 * (tasks naming nobody under a null inspector), with how many are overdue and planned this week:
 * one statement, the inspectors' names read for the grouped rows only.
 */
export async function countTeamTasks(db: DbOrTx, team: Team, week: Period): Promise<TeamCountRow[]> {
  const conditions = [live, ...teamWorkOrders(team), ...teamAssignments(team)];
  const overdue = sql`${assignments.plannedFinish} < ${team.today}::date and ${assignments.state} <> 'done'`;
  const thisWeek = sql`coalesce(${assignments.plannedStart}, ${assignments.plannedFinish}) <= ${week.to}::date
    and coalesce(${assignments.plannedFinish}, ${assignments.plannedStart}) >= ${week.from}::date`;
  // A contractor's team names only its company's inspectors: the others are left out of the join.
  const join = team.companyId ? sql`join` : sql`left join`;
  const found = await db.execute<TeamCountRow>(sql`
    select counted.*, ${users.fullName} as full_name from (
      select grouping(team.user_id) = 0 as per_inspector, team.user_id, team.state,
        count(distinct team.id)::int as n,
        (count(distinct team.id) filter (where team.overdue))::int as overdue,
        (count(distinct team.id) filter (where team.this_week))::int as this_week
      from (
        select ${assignments.id} as id, ${assignments.state} as state, ${named.userId} as user_id,
          coalesce(${overdue}, false) as overdue, coalesce(${thisWeek}, false) as this_week
        from ${workOrders}
        join ${assignments} on ${assignments.workOrderSPKId} = ${workOrders.id}
        ${join} ${named} on ${named.assignmentId} = ${assignments.id} and ${ofTeam(team, sql`${named.userId}`)}
        where ${sql.join(conditions, sql` and `)}
      ) team
      group by grouping sets ((team.state), (team.user_id, team.state))
    ) counted
    left join ${users} on ${users.id} = ${userKey(sql`counted.user_id`)}`);
  return found.rows;
}
