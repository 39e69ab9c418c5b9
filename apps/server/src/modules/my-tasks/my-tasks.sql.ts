import { inspectionMethod, reportHeader, woTaskAssignment, workOrderSpk } from '@inspectra/contract';
import type { MyTask, TaskState } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { likePattern } from '../../engine/records.ts';
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

/** The tasks' planned periods (as `myTasksSql` names them) that overlap the period given. */
export const plannedWithin = (p: Period) =>
  sql`(tasks.planned_from <= ${p.to}::date and tasks.planned_to >= ${p.from}::date)`;

export type TaskScope = {
  userId: string;
  /** The server's date today (ISO): a task whose planned finish is before it and not done is overdue. */
  today: string;
  /** Conditions over the user's rows of `inspector_task` (`taskFilters`). */
  where?: SQL[];
};

/** The user's rows of `inspector_task` that match the scope's conditions. */
export const matching = (scope: TaskScope) =>
  sql.join([sql`${mine.userId} = ${scope.userId}`, ...(scope.where ?? [])], sql` and `);

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

/** How many of the user's rows of `inspector_task` match, read from its index, at most `limit`. */
const countedSql = (scope: TaskScope, limit: number) =>
  sql`(select count(*)::int from (select 1 from ${mine} where ${matching(scope)} limit ${limit}) counted)`;

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
  const total = cut.countLimit === undefined ? sql`count(*) over ()` : countedSql(scope, cut.countLimit + 1);
  const keys = sql`(select ${indexed}, (${total})::int as total from ${mine}
    where ${matching(scope)} order by ${pageOrder(cut.order, 'inner')} limit ${cut.limit} offset ${cut.offset}) keys`;
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
  return sql`(select tasks.*, (tasks.date_end < ${scope.today} and tasks.state <> 'done') as overdue
    from ${assignedSql(scope, cut)}) tasks`;
}

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
}): Pick<TaskScope, 'where'> {
  const where: SQL[] = [];
  if (q.search) {
    const pattern = likePattern(q.search);
    where.push(
      sql`(${mine.searchText} like lower(${pattern})
        or (${mine.longTitle} and exists (select from ${assignments}
          where ${assignments.id} = ${mine.assignmentId} and ${assignments.woTitle} ilike ${pattern}))
        or ${mine.inspectionMethod} in
          (select ${methods.code} from ${methods} where ${methods.code} ilike ${pattern} or ${methods.name} ilike ${pattern}))`,
    );
  }
  if (q.woNumber) where.push(sql`${mine.woNumber} = ${q.woNumber}`);
  if (q.equipmentCategory) where.push(sql`${mine.equipmentCategory} = ${q.equipmentCategory}`);
  // Overlapping the period; with one end given, planned to finish on or after it or to start on or
  // before it.
  if (q.period?.from) where.push(sql`${mine.plannedTo} >= ${q.period.from}::date`);
  if (q.period?.to) where.push(sql`${mine.plannedFrom} <= ${q.period.to}::date`);
  return { where };
}

export const byAssignment = (id: string) => sql`${mine.assignmentId} = ${id}`;

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
  const found = await db.execute<TaskRow & { total: number }>(
    sql`select tasks.* from ${myTasksSql(inState(scope, o.state), cut)} order by ${pageOrder(o.order, 'tasks')}`,
  );
  const rows = found.rows;
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
  state ? { ...scope, where: [...(scope.where ?? []), sql`${mine.state} = ${state}`] } : scope;

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
  const found = await db.execute<{ n: number }>(
    sql`select ${countedSql(inState(scope, state), countLimit + 1)} as n`,
  );
  return found.rows[0]?.n ?? 0;
}

/** The reports of a page of tasks, in one statement: by work order and method, oldest first. */
async function reportsOfTasks(db: DbOrTx, rows: TaskRow[]) {
  const byTask = new Map<string, MyTask['reports']>();
  if (rows.length === 0) return byTask;
  // The pairs as two array parameters: a statement of 2,000 tasks is planned as one join, not as
  // 2,000 alternatives (4.4 ms for a month's tasks, 1 ms as a join).
  const workOrderIds = sql.param(rows.map((r) => r.work_order_spkid));
  const methodCodes = sql.param(rows.map((r) => r.inspection_method));
  const found = await db.execute<{
    work_order_spkid: string;
    inspection_method: string;
    id: string;
    report_number: string;
    title: string;
    equipment_no: string;
    status: MyTask['reports'][number]['status'];
    updated_at: Date | string;
    returned_reason: string | null;
  }>(sql`select ${reports.workOrderSPKId} as work_order_spkid, ${reports.inspectionMethod} as inspection_method,
      ${reports.id} as id, ${reports.reportNumber} as report_number, ${reports.title} as title,
      ${reports.equipmentNo} as equipment_no, ${reports.status} as status, ${reports.updatedAt} as updated_at,
      case when ${reports.status} = 'returned' then ${reports.statusComment} end as returned_reason
    from (select distinct * from unnest(${workOrderIds}::uuid[], ${methodCodes}::text[])) as task(work_order_spkid, inspection_method)
    join ${reports} on ${reports.workOrderSPKId} = task.work_order_spkid
      and ${reports.inspectionMethod} = task.inspection_method
      -- Current reports only: a superseded one is listed as its approved revision.
      and ${reports.supersededBy} is null
    order by ${reports.createdAt}, ${reports.id}`);
  for (const r of found.rows) {
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
