import { inspectionMethod, reportHeader, woTaskAssignment, workOrderSpk } from '@inspectra/contract';
import type { MyTask, TaskState } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { likePattern } from '../../engine/records.ts';
import { SqlStatements } from '../../engine/records/statements.ts';
import type { DbOrTx } from '../../db/client.ts';
import { inspectorTasks, tableOf } from '../../db/schema/index.ts';

const assignments = tableOf(woTaskAssignment);
const workOrders = tableOf(workOrderSpk);
const reports = tableOf(reportHeader);
const methods = tableOf(inspectionMethod);
/** The tasks by inspector, kept from the assignments by the database (migration 0026). */
export const mine = inspectorTasks;

/** A period of calendar days, both ends included (ISO dates). */
export type Period = { from: string; to: string };

/**
 * What a statement of tasks binds per call, by placeholder name. The statements are written once per
 * shape and run by name (`SqlStatements`): which values a statement binds, with its kind and order,
 * is its shape, and every value, the user's id first, is bound, never written into its text.
 */
export type TaskValues = Record<string, unknown>;

/** The placeholder `name` (a value of `TaskValues`). */
export const bound = (name: string) => sql`${sql.placeholder(name)}`;

/**
 * The tasks' planned periods (as `myTasksSql` names them) that overlap a period, its ends bound as
 * `${name}From` and `${name}To`.
 */
export const plannedWithin = (name: string) =>
  sql`(tasks.planned_from <= ${bound(`${name}To`)}::date and tasks.planned_to >= ${bound(`${name}From`)}::date)`;

export type TaskScope = {
  userId: string;
  /** The server's date today (ISO): a task whose planned finish is before it and not done is overdue. */
  today: string;
  /** Conditions over the user's rows of `inspector_task` (`taskFilters`), their values in `values`. */
  where?: SQL[];
  values?: TaskValues;
};

/** The user's rows of `inspector_task` that match the scope's conditions. */
export const matching = (scope: TaskScope) =>
  sql.join([sql`${mine.userId} = ${bound('userId')}`, ...(scope.where ?? [])], sql` and `);

/** A scope's conditions joined with more (`more`'s values bound as `values`). */
export const withConditions = (scope: TaskScope, more: Pick<TaskScope, 'where' | 'values'>): TaskScope => ({
  ...scope,
  where: [...(scope.where ?? []), ...(more.where ?? [])],
  values: { ...scope.values, ...more.values },
});

/** The statements of my tasks, prepared by shape (`runTasks`). */
const statements = new SqlStatements('my_tasks');

/**
 * Runs a statement of tasks by name: `kind` names the statement and its order, the values bound
 * (the scope's, `more`) its conditions, so the two make its shape. Rows as `db.execute` answers them.
 */
export function runTasks<T extends Record<string, unknown>>(
  db: DbOrTx,
  kind: string,
  scope: TaskScope,
  more: TaskValues,
  build: () => SQL,
): Promise<T[]> {
  const values: TaskValues = { userId: scope.userId, today: scope.today, ...scope.values, ...more };
  // A user's tasks, a day, a range: the values steer the plan (an inspector of ten tasks, a
  // planner's company of thousands).
  return statements.execute<T>(db, [kind, ...Object.keys(values).sort()], build, values, 'perValues');
}

/** What every form reads of the user's rows of `inspector_task`, all in its index. */
const indexed = sql`${mine.assignmentId} as id, ${mine.woNumber} as wo_number,
  ${mine.inspectionMethod} as inspection_method, ${mine.plannedFinish}::text as date_end,
  ${mine.plannedFrom} as planned_from, ${mine.plannedTo} as planned_to, ${mine.state} as state`;

/**
 * Where a statement of tasks is cut: at most `limit` from `offset`, in the list's or the planner's
 * order; `countLimit`, a page's bounded count (engine paging.ts `pageWindow`): the count stops one
 * past it. Without one, every match is counted (the planner's month).
 */
export type TaskCut = { limit: number; offset: number; order?: 'planned'; countLimit?: number };

/** How many rows `rows` (a `select`) gives, counted at most to the value bound as `countLimit`. */
export const countedUpTo = (rows: SQL) =>
  sql`(select count(*)::int from (${rows} limit ${bound('countLimit')}) counted)`;

/** How many of the user's rows of `inspector_task` match, read from its index (`countedUpTo`). */
const countedSql = (scope: TaskScope) => countedUpTo(sql`select 1 from ${mine} where ${matching(scope)}`);

/**
 * The signed-in user's tasks with their method, without whether they are overdue, read from the
 * index of `inspector_task` alone. With a `cut`, the page is cut there first (with the count of
 * the matches, bounded as the cut says), and only its rows are read whole: their assignments and
 * work orders.
 */
export function assignedSql(scope: TaskScope, cut?: TaskCut) {
  if (!cut)
    return sql`(select ${indexed}, ${methods.name} as inspection_method_name from ${mine}
      join ${methods} on ${methods.code} = ${mine.inspectionMethod} where ${matching(scope)}) tasks`;
  const total = cut.countLimit === undefined ? sql`count(*) over ()` : countedSql(scope);
  const keys = sql`(select ${indexed}, (${total})::int as total from ${mine}
    where ${matching(scope)} order by ${pageOrder(cut.order, 'inner')} limit ${bound('limit')} offset ${bound('offset')}) keys`;
  return sql`(select keys.*, ${methods.name} as inspection_method_name,
      ${assignments.workOrderSPKId} as work_order_spkid, ${assignments.plannedStart}::text as date_start,
      ${assignments.woTitle} as wo_title, ${assignments.equipmentCategory} as equipment_category,
      ${assignments.tagNumber} as tag_number, ${workOrders.location} as location,
      ${workOrders.priority} as priority, ${workOrders.isEmergency} as is_emergency
    from ${keys}
    join ${assignments} on ${assignments.id} = keys.id
    join ${workOrders} on ${workOrders.id} = ${assignments.workOrderSPKId}
    join ${methods} on ${methods.code} = keys.inspection_method) tasks`;
}

/**
 * The order of a page of tasks: most pressing first (planned finish, then work order and method;
 * the id keeps pages stable), or by planned start (the planner); over the user's rows of
 * `inspector_task` (`inner`, where a page is cut, in the index's order) or the subquery's.
 */
function pageOrder(order: 'planned' | undefined, t: 'tasks' | 'inner') {
  const columns =
    t === 'tasks'
      ? {
          from: sql.raw('tasks.planned_from'),
          rest: sql.raw('tasks.date_end asc nulls last, tasks.wo_number, tasks.inspection_method, tasks.id'),
        }
      : {
          from: sql`${mine.plannedFrom}`,
          rest: sql`${mine.plannedFinish} asc nulls last, ${mine.woNumber}, ${mine.inspectionMethod}, ${mine.assignmentId}`,
        };
  return order === 'planned' ? sql`${columns.from}, ${columns.rest}` : columns.rest;
}

/**
 * The signed-in user's tasks with their state and whether they are overdue. The state is the
 * assignment's, kept by the database from its reports (migration 0020). Every call of my tasks reads
 * this one subquery; with a `cut` only that page is read. Columns are named as `TaskRow` reads them.
 */
export function myTasksSql(scope: TaskScope, cut?: Parameters<typeof assignedSql>[1]) {
  return sql`(select tasks.*, (tasks.date_end < ${bound('today')} and tasks.state <> 'done') as overdue
    from ${assignedSql(scope, cut)}) tasks`;
}

/** What a cut binds (`assignedSql`): the page's limit and offset, and its bounded count's limit. */
export const cutValues = (cut: TaskCut): TaskValues => ({
  limit: cut.limit,
  offset: cut.offset,
  ...(cut.countLimit === undefined ? {} : { countLimit: cut.countLimit + 1 }),
});

/**
 * The filters of `GET /my-tasks` over the user's rows of `inspector_task` (the tab is the state's),
 * all read from its index. The search matches the WO number, tag, equipment number (the SAP
 * number of the equipment the tag names) and title as `search_text` holds them, lowercased
 * (`lower(x) like lower(p)` is what `x ilike p` does, without lowercasing 2,000 rows three times per
 * call: 3.2 ms → 0.8); a title too long for the index is read from its assignment.
 */
export function taskFilters(q: {
  search?: string;
  woNumber?: string;
  equipmentCategory?: string;
  period?: Partial<Period>;
}): Pick<TaskScope, 'where' | 'values'> {
  const where: SQL[] = [];
  const values: TaskValues = {};
  const bind = (name: string, value: unknown) => ((values[name] = value), bound(name));
  if (q.search) {
    const pattern = bind('search', likePattern(q.search));
    where.push(
      sql`(${mine.searchText} like lower(${pattern})
        or (${mine.longTitle} and exists (select from ${assignments}
          where ${assignments.id} = ${mine.assignmentId} and ${assignments.woTitle} ilike ${pattern}))
        or ${mine.inspectionMethod} in
          (select ${methods.code} from ${methods} where ${methods.code} ilike ${pattern} or ${methods.name} ilike ${pattern}))`,
    );
  }
  if (q.woNumber) where.push(sql`${mine.woNumber} = ${bind('woNumber', q.woNumber)}`);
  if (q.equipmentCategory)
    where.push(sql`${mine.equipmentCategory} = ${bind('equipmentCategory', q.equipmentCategory)}`);
  // Overlapping the period; with one end given, planned to finish on or after it or to start on or
  // before it.
  if (q.period?.from) where.push(sql`${mine.plannedTo} >= ${bind('periodFrom', q.period.from)}::date`);
  if (q.period?.to) where.push(sql`${mine.plannedFrom} <= ${bind('periodTo', q.period.to)}::date`);
  return { where, values };
}

/** One task, by its assignment's id. */
export const byAssignment = (id: string): Pick<TaskScope, 'where' | 'values'> => ({
  where: [sql`${mine.assignmentId} = ${bound('assignmentId')}`],
  values: { assignmentId: id },
});

/** A task as the statements of my tasks and the team plan read it, before its reports or inspectors. */
export type TaskRow = {
  id: string;
  work_order_spkid: string;
  wo_number: string;
  wo_title: string;
  inspection_method: string;
  inspection_method_name: string;
  equipment_category: string | null;
  tag_number: string | null;
  location: string | null;
  priority: MyTask['priority'];
  is_emergency: boolean;
  date_start: string | null;
  date_end: string | null;
  state: TaskState;
  overdue: boolean;
};

/**
 * A page of the tasks in scope, most pressing first (or by planned start), with the reports of
 * each and the count of all, cut in one statement.
 */
export async function readTasks(
  db: DbOrTx,
  scope: TaskScope,
  o: Omit<TaskCut, 'offset'> & { state?: TaskState; offset?: number },
): Promise<{ tasks: MyTask[]; total: number | undefined }> {
  const cut = { limit: o.limit, offset: o.offset ?? 0, order: o.order, countLimit: o.countLimit };
  const inScope = inState(scope, o.state);
  const rows = await runTasks<TaskRow & { total: number }>(
    db,
    `page:${o.order ?? 'pressing'}`,
    inScope,
    cutValues(cut),
    () => sql`select tasks.* from ${myTasksSql(inScope, cut)} order by ${pageOrder(o.order, 'tasks')}`,
  );
  const reportsOf = await reportsOfTasks(db, rows);
  return {
    tasks: rows.map((row) =>
      taskView(row, reportsOf.get(`${row.work_order_spkid} ${row.inspection_method}`)),
    ),
    total: rows[0]?.total,
  };
}

/** The tasks in scope in that state (all of them without one). */
const inState = (scope: TaskScope, state: TaskState | undefined): TaskScope =>
  state
    ? withConditions(scope, { where: [sql`${mine.state} = ${bound('state')}`], values: { state } })
    : scope;

/**
 * How many tasks in scope, at most `countLimit` + 1 (for a page past the last, whose statement has
 * no row to carry the count).
 */
export async function countTasks(
  db: DbOrTx,
  scope: TaskScope,
  state: TaskState | undefined,
  countLimit: number,
): Promise<number> {
  const inScope = inState(scope, state);
  const [found] = await runTasks<{ n: number }>(
    db,
    'count',
    inScope,
    { countLimit: countLimit + 1 },
    () => sql`select ${countedSql(inScope)} as n`,
  );
  return found?.n ?? 0;
}

/** The reports of a page of tasks' statement, prepared once. */
const reportStatements = new SqlStatements('my_tasks_reports');

/** The reports of a page of tasks, in one statement: by work order and method, oldest first. */
async function reportsOfTasks(db: DbOrTx, rows: TaskRow[]) {
  const byTask = new Map<string, MyTask['reports']>();
  if (rows.length === 0) return byTask;
  // The pairs as two array parameters: a statement of 2,000 tasks is planned as one join, not as
  // 2,000 alternatives (4.4 ms for a month's tasks, 1 ms as a join).
  const found = await reportStatements.execute<{
    work_order_spkid: string;
    inspection_method: string;
    id: string;
    report_number: string;
    title: string;
    equipment_no: string;
    status: MyTask['reports'][number]['status'];
    updated_at: Date | string;
    returned_reason: string | null;
  }>(
    db,
    ['reports'],
    () => sql`select ${reports.workOrderSPKId} as work_order_spkid, ${reports.inspectionMethod} as inspection_method,
      ${reports.id} as id, ${reports.reportNumber} as report_number, ${reports.title} as title,
      ${reports.equipmentNo} as equipment_no, ${reports.status} as status, ${reports.updatedAt} as updated_at,
      case when ${reports.status} = 'returned' then ${reports.statusComment} end as returned_reason
    from (select distinct * from unnest(${bound('workOrderIds')}::uuid[], ${bound('methodCodes')}::text[])) as task(work_order_spkid, inspection_method)
    join ${reports} on ${reports.workOrderSPKId} = task.work_order_spkid
      and ${reports.inspectionMethod} = task.inspection_method
      -- Current reports only: a superseded one is listed as its approved revision.
      and ${reports.supersededBy} is null
    order by ${reports.createdAt}, ${reports.id}`,
    {
      workOrderIds: rows.map((r) => r.work_order_spkid),
      methodCodes: rows.map((r) => r.inspection_method),
    },
    // The page's (work order, method) pairs, off the reports' index by those keys.
    'shared',
  );
  for (const r of found) {
    const key = `${r.work_order_spkid} ${r.inspection_method}`;
    const list = byTask.get(key) ?? [];
    list.push({
      id: r.id,
      reportNumber: r.report_number,
      title: r.title,
      equipmentNo: r.equipment_no,
      status: r.status,
      updatedAt: new Date(r.updated_at).toISOString(),
      returnedReason: r.returned_reason,
    });
    byTask.set(key, list);
  }
  return byTask;
}

/** A task as the API shows it, from its row: all but its reports (my tasks) or inspectors (the team plan). */
export function taskFields(row: TaskRow): Omit<MyTask, 'reports'> {
  return {
    id: row.id,
    workOrderSPKId: row.work_order_spkid,
    woNumber: row.wo_number,
    woTitle: row.wo_title,
    inspectionMethod: row.inspection_method,
    inspectionMethodName: row.inspection_method_name,
    equipmentCategory: row.equipment_category,
    tagNumber: row.tag_number,
    location: row.location,
    priority: row.priority,
    isEmergency: row.is_emergency,
    dateStart: row.date_start,
    dateEnd: row.date_end,
    state: row.state,
    overdue: row.overdue,
  };
}

function taskView(row: TaskRow, taskReports: MyTask['reports'] = []): MyTask {
  return { ...taskFields(row), reports: taskReports };
}
