/**
 * A task's state is declared once, in the contract (`taskStateOf` over `taskStateByReports`), and
 * kept in the database by triggers (migrations 0020, 0026 and 0028): `wo_task_assignment.state` and
 * its copies in `inspector_task`. This walk drives every change those triggers answer to, straight in
 * SQL (the API would take minutes): from every set of up to two reports of a task, each report
 * moved to each status (every transition of the report state machine, and every other), a report
 * added in each status, deleted, moved to another work order or method, retitled, all of a task's
 * reports moved or deleted in one statement, and the assignment inserted, moved and its state
 * forged. After the steps, the state the database keeps for every task the walk made must be
 * `taskStateOf` of the reports a model of the walk says are there. Then two transactions change one
 * task at once, as an inspector and a reviewer may (on PostgreSQL; PGlite runs them in turn).
 */
import { randomUUID } from 'node:crypto';
import { reportStatuses, taskStateOf, taskStates } from '@inspectra/contract';
import type { ReportStatus } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInspector, createReportHeader, createWorkOrder, keptCounts, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
/** The rows every walk's rows are copied from, made once through the API. */
const template = { workOrder: '', report: '', assignment: '' };
/** Three inspection methods of the catalogue: a task's own, another, and one no report uses. */
let methods: [string, string, string];

/** The columns of the tables the walk copies rows of (generated ones left out). */
const columnsOf = new Map<string, { name: string; type: string }[]>();

beforeAll(async () => {
  t = await startTestApp();
  const workOrder = await createWorkOrder(t);
  const report = await createReportHeader(t, { workOrderSPKId: workOrder.id });
  const inspector = await createInspector(t);
  const assignment = await t.call('POST', '/api/wo-task-assignments', {
    workOrderSPKId: workOrder.id,
    inspectionMethod: 'thermal',
    userPDMIds: [inspector.id],
  });
  if (assignment.status !== 201) throw new Error(JSON.stringify(assignment.body));
  Object.assign(template, {
    workOrder: workOrder.id,
    report: report.id,
    assignment: assignment.body.data.id,
  });
  const codes = (
    await t.db.execute<{ code: string }>(
      sql`select code from inspection_method where code <> 'thermal' order by code`,
    )
  ).rows.map((r) => r.code);
  methods = ['thermal', codes[0]!, codes[1]!];
  for (const table of ['work_order_spk', 'report_header', 'wo_task_assignment'])
    columnsOf.set(
      table,
      (
        await t.db.execute<{ name: string; type: string }>(sql`
          select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
          where attrelid = ${table}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
          order by attnum`)
      ).rows,
    );
});
afterAll(() => t?.close());

/**
 * Copies of a template row, one per entry of `rows`, with the columns each entry names changed: one
 * statement, so the statement-level triggers see many rows at once.
 */
function copyRows(table: string, templateId: string, rows: Record<string, unknown>[]) {
  const columns = columnsOf.get(table)!;
  const changed = columns.filter((c) => c.name in rows[0]!);
  const quoted = (name: string) => `"${name}"`;
  return sql`insert into ${sql.raw(quoted(table))} (${sql.raw(columns.map((c) => quoted(c.name)).join(', '))})
    select ${sql.raw(columns.map((c) => (c.name in rows[0]! ? 'v.' : 't.') + quoted(c.name)).join(', '))}
    from ${sql.raw(quoted(table))} t, jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as v(${sql.raw(changed.map((c) => `${quoted(c.name)} ${c.type}`).join(', '))})
    where t.id = ${templateId}`;
}

/** A report row as `copyRows` takes it. */
const reportRow = (r: Report) => ({
  id: r.id,
  work_order_spkid: r.workOrder,
  inspection_method: r.method,
  status: r.status,
  report_number: `RPT-${r.id}`,
});

type Report = { id: string; workOrder: string; method: string; status: ReportStatus };
type Assignment = { id: string; workOrder: string; method: string };

/** What the walk believes is in the database: the rows it made and every change it sent since. */
const reports = new Map<string, Report>();
const assignments = new Map<string, Assignment>();

/** The statuses of the reports of a task (work order and method), as the model has them. */
const statusesAt = (workOrder: string, method: string) =>
  [...reports.values()].filter((r) => r.workOrder === workOrder && r.method === method).map((r) => r.status);

/** Every set of up to two report statuses a task may start from (the empty one too). */
const startingSets: ReportStatus[][] = [
  [],
  ...reportStatuses.map((s) => [s]),
  ...reportStatuses.flatMap((a, i) => reportStatuses.slice(i).map((b) => [a, b])),
];

/**
 * One walk: a task (work order `home`, the first method) that starts with a set of reports, beside
 * a task of another work order (`away`) and one of another method under the same work order, each
 * with reports of its own, and an empty work order (`spare`). Its step changes one thing.
 */
type Walk = {
  label: string;
  home: string;
  away: string;
  spare: string;
  /** Report ids of the home task, in the order of its starting set. */
  homeReports: string[];
  /** The home task's assignment (for a step moving it home, it starts on `spare`). */
  assignment: string;
  /** Every assignment of the walk: the home task's and its neighbours'. */
  assignments: string[];
  step: (w: Walk) => { sql: ReturnType<typeof sql>; apply: () => void };
};

const setStatus = (ids: string[], status: ReportStatus) => ({
  sql: sql`update report_header set status = ${status} where id in ${sql.raw(`('${ids.join("','")}')`)}`,
  apply: () => ids.forEach((id) => (reports.get(id)!.status = status)),
});
const deleteReports = (ids: string[]) => ({
  sql: sql`delete from report_header where id in ${sql.raw(`('${ids.join("','")}')`)}`,
  apply: () => ids.forEach((id) => reports.delete(id)),
});
const moveReport = (id: string, to: { workOrder?: string; method?: string }) => ({
  sql: to.workOrder
    ? sql`update report_header set work_order_spkid = ${to.workOrder} where id = ${id}`
    : sql`update report_header set inspection_method = ${to.method} where id = ${id}`,
  apply: () => Object.assign(reports.get(id)!, to),
});
const moveAssignment = (id: string, to: { workOrder?: string; method?: string }) => ({
  sql: to.workOrder
    ? sql`update wo_task_assignment set work_order_spkid = ${to.workOrder} where id = ${id}`
    : sql`update wo_task_assignment set inspection_method = ${to.method} where id = ${id}`,
  apply: () => Object.assign(assignments.get(id)!, to),
});

/** Every step from a task with `start`: each one changes the home task or its assignment once. */
function stepsFrom(start: ReportStatus[]): { label: string; step: Walk['step']; assignmentIn?: boolean }[] {
  const each = start.map((status, i) => ({ status, i }));
  return [
    ...reportStatuses.map((status) => ({
      label: `a report added as ${status}`,
      step: (w: Walk) => {
        const report: Report = { id: randomUUID(), workOrder: w.home, method: methods[0], status };
        return {
          sql: copyRows('report_header', template.report, [reportRow(report)]),
          apply: () => reports.set(report.id, report),
        };
      },
    })),
    ...each.flatMap(({ status, i }) =>
      reportStatuses.map((to) => ({
        label: `report ${i + 1} moved from ${status} to ${to}`,
        step: (w: Walk) => setStatus([w.homeReports[i]!], to),
      })),
    ),
    ...(start.length > 1
      ? reportStatuses.map((to) => ({
          label: `every report moved to ${to} in one statement`,
          step: (w: Walk) => setStatus(w.homeReports, to),
        }))
      : []),
    ...each.map(({ i }) => ({
      label: `report ${i + 1} deleted`,
      step: (w: Walk) => deleteReports([w.homeReports[i]!]),
    })),
    ...(start.length > 1
      ? [{ label: 'every report deleted in one statement', step: (w: Walk) => deleteReports(w.homeReports) }]
      : []),
    ...each.map(({ i }) => ({
      label: `report ${i + 1} moved to another work order`,
      step: (w: Walk) => moveReport(w.homeReports[i]!, { workOrder: w.away }),
    })),
    ...each.map(({ i }) => ({
      label: `report ${i + 1} moved to another method`,
      step: (w: Walk) => moveReport(w.homeReports[i]!, { method: methods[1] }),
    })),
    ...each.slice(0, 1).map(({ i }) => ({
      label: `report ${i + 1} retitled, its status kept`,
      step: (w: Walk) => ({
        sql: sql`update report_header set title = 'Retitled' where id = ${w.homeReports[i]!}`,
        apply: () => {},
      }),
    })),
    {
      label: 'the assignment moved to an empty work order',
      step: (w: Walk) => moveAssignment(w.assignment, { workOrder: w.spare }),
    },
    {
      label: 'the assignment moved to a method without reports',
      step: (w: Walk) => moveAssignment(w.assignment, { method: methods[2] }),
    },
    {
      label: 'an assignment moved here from an empty work order',
      assignmentIn: true,
      step: (w: Walk) => moveAssignment(w.assignment, { workOrder: w.home }),
    },
    ...taskStates.map((state) => ({
      label: `the assignment's state written as ${state}`,
      step: (w: Walk) => ({
        sql: sql`update wo_task_assignment set state = ${state} where id = ${w.assignment}`,
        apply: () => {},
      }),
    })),
  ];
}

/**
 * Each assignment's kept state (and its inspectors' copies) against the contract over the reports
 * the model says it has; the database's reports are compared with the model's first, so a step that
 * did not do what the walk believes is reported as such, not as a wrong state.
 */
async function disagreements(ids: string[], labelOf: (id: string) => string) {
  const found = (
    await t.db.execute<{ id: string; state: string; statuses: string[]; copies: string[] }>(sql`
      select a.id, a.state,
        array(select r.status from report_header r where r.work_order_spkid = a.work_order_spkid
          and r.inspection_method = a.inspection_method order by r.status) as statuses,
        array(select i.state from inspector_task i where i.assignment_id = a.id) as copies
      from wo_task_assignment a where a.id in ${sql.raw(`('${ids.join("','")}')`)}`)
  ).rows;
  expect(found.length).toBe(ids.length);
  return found.flatMap((row) => {
    const kept = assignments.get(row.id)!;
    const statuses = statusesAt(kept.workOrder, kept.method);
    if ([...statuses].sort().join() !== [...row.statuses].sort().join())
      return [
        `${labelOf(row.id)}: the walk expected reports [${statuses}], the database has [${row.statuses}]`,
      ];
    const expected = taskStateOf(statuses);
    return row.state === expected && row.copies.every((copy) => copy === expected) && row.copies.length === 1
      ? []
      : [
          `${labelOf(row.id)}: reports [${statuses}] keep ${row.state} (inspector rows: ${row.copies}), the contract says ${expected}`,
        ];
  });
}

describe('the task state the database keeps', () => {
  // Every transition from every starting set, walked on the database: about 10 s on an idle
  // machine, past the 30 s default on a busy one (CI's two cores shared with the other pass).
  it(
    'is the contract’s, after every change of a task’s reports or assignment',
    { timeout: 120_000 },
    async () => {
      const walks: Walk[] = [];
      const workOrders: { id: string; wo_number: string }[] = [];
      const newReports: Report[] = [];
      const newAssignments: Assignment[] = [];
      const workOrder = () => {
        const id = randomUUID();
        workOrders.push({ id, wo_number: `WO-${id}` });
        return id;
      };
      const addReports = (workOrder: string, method: string, statuses: ReportStatus[]) =>
        statuses.map((status) => {
          const report = { id: randomUUID(), workOrder, method, status };
          newReports.push(report);
          return report.id;
        });
      const assign = (workOrder: string, method: string) => {
        const assignment = { id: randomUUID(), workOrder, method };
        newAssignments.push(assignment);
        return assignment.id;
      };
      for (const start of startingSets) {
        for (const { label, step, assignmentIn } of stepsFrom(start)) {
          const n = walks.length;
          const [home, away, spare] = [workOrder(), workOrder(), workOrder()];
          // The neighbours start from other sets (turning through all of them), so a report moved
          // away lands on every kind of task too.
          addReports(away, methods[0], startingSets[(n * 5) % startingSets.length]!);
          addReports(home, methods[1], startingSets[(n * 8 + 3) % startingSets.length]!);
          const neighbours = [assign(away, methods[0]), assign(home, methods[1])];
          const assignment = assignmentIn ? assign(spare, methods[0]) : assign(home, methods[0]);
          walks.push({
            label: `from [${start}], ${label}`,
            home,
            away,
            spare,
            homeReports: addReports(home, methods[0], start),
            assignment,
            assignments: [assignment, ...neighbours],
            step,
          });
        }
      }
      // Half the assignments exist before their reports, half are added over reports already there.
      const [early, late] = [
        newAssignments.filter((_, i) => i % 2 === 0),
        newAssignments.filter((_, i) => i % 2),
      ];
      const assignmentRows = (list: Assignment[]) =>
        list.map((a) => ({
          id: a.id,
          work_order_spkid: a.workOrder,
          inspection_method: a.method,
          state: 'done',
        }));
      await t.db.execute(copyRows('work_order_spk', template.workOrder, workOrders));
      await t.db.execute(copyRows('wo_task_assignment', template.assignment, assignmentRows(early)));
      await t.db.execute(copyRows('report_header', template.report, newReports.map(reportRow)));
      await t.db.execute(copyRows('wo_task_assignment', template.assignment, assignmentRows(late)));
      newReports.forEach((r) => reports.set(r.id, r));
      newAssignments.forEach((a) => assignments.set(a.id, { ...a }));

      const labels = new Map<string, string>();
      for (const w of walks)
        for (const id of w.assignments)
          labels.set(id, `${w.label} (${id === w.assignment ? 'the task' : 'a neighbour'})`);
      const labelOf = (id: string) => labels.get(id) ?? id;
      // Inserted in bulk, in either order: every task starts in the contract's state.
      expect(await disagreements([...assignments.keys()], (id) => `${labelOf(id)}, before the step`)).toEqual(
        [],
      );

      // Each walk has work orders of its own: its step reaches no other's tasks, so one look after
      // every step has been taken judges each step alone.
      for (const w of walks) {
        const { sql: statement, apply } = w.step(w);
        await t.db.execute(statement);
        apply();
      }
      expect(await disagreements([...assignments.keys()], labelOf)).toEqual([]);
      expect(walks.length).toBeGreaterThan(600);

      // And what else the same triggers keep (counts per method and status, the open work) agrees.
      const kept = await keptCounts(t);
      expect(kept.kept).toEqual(kept.counted);
    },
  );
});

describe('the task state, when two transactions change one task at once', () => {
  /**
   * `first` runs in a transaction left open while `second` runs in another; then `first` commits.
   * On PostgreSQL the second waits for the first's task lock (0028); PGlite has one connection, so
   * there the two simply run one after the other.
   */
  async function concurrently(first: ReturnType<typeof sql>, second: ReturnType<typeof sql>) {
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let started!: () => void;
    const firstWritten = new Promise<void>((resolve) => (started = resolve));
    const one = t.db.transaction(async (tx) => {
      await tx.execute(first);
      started();
      await committing;
    });
    await firstWritten;
    const two = t.db.transaction((tx) => tx.execute(second));
    // Long enough for the second statement to reach its trigger while the first is not committed.
    await new Promise((resolve) => setTimeout(resolve, 300));
    commit();
    await Promise.all([one, two]);
  }

  /** A task with reports in these statuses (and, unless told not to, its assignment). */
  async function task(statuses: ReportStatus[], o: { assigned?: boolean } = {}) {
    const home = randomUUID();
    const list = statuses.map((status) => ({
      id: randomUUID(),
      workOrder: home,
      method: methods[0],
      status,
    }));
    await t.db.execute(
      copyRows('work_order_spk', template.workOrder, [{ id: home, wo_number: `WO-${home}` }]),
    );
    if (list.length) await t.db.execute(copyRows('report_header', template.report, list.map(reportRow)));
    const assignment = randomUUID();
    const row = { id: assignment, work_order_spkid: home, inspection_method: methods[0] };
    if (o.assigned !== false) await t.db.execute(copyRows('wo_task_assignment', template.assignment, [row]));
    return { home, reports: list.map((r) => r.id), assignment, row };
  }
  const keptState = async (home: string) => {
    const found = await t.db.execute<{ state: string; statuses: ReportStatus[] }>(sql`
      select a.state, array(select r.status from report_header r where r.work_order_spkid = a.work_order_spkid
        and r.inspection_method = a.inspection_method) as statuses
      from wo_task_assignment a where a.work_order_spkid = ${home} and a.inspection_method = ${methods[0]}`);
    const { state, statuses } = found.rows[0]!;
    return { kept: state, contract: taskStateOf(statuses) };
  };
  const agree = (r: { kept: string; contract: string }) => expect(r.kept).toBe(r.contract);

  it('is the contract’s when two of its reports move at once', async () => {
    // Each sees the other's report as it was: {submitted, returned} and {draft, approved}.
    const { home, reports: ids } = await task(['draft', 'returned']);
    await concurrently(
      sql`update report_header set status = 'submitted' where id = ${ids[0]!}`,
      sql`update report_header set status = 'approved' where id = ${ids[1]!}`,
    );
    const r = await keptState(home);
    expect(r.contract).toBe('waitingApproval');
    agree(r);
  });

  it('is the contract’s when one report is deleted as another moves', async () => {
    // {draft} and {returned, approved}: neither touches the other's counts.
    const { home, reports: ids } = await task(['returned', 'draft']);
    await concurrently(
      sql`delete from report_header where id = ${ids[0]!}`,
      sql`update report_header set status = 'approved' where id = ${ids[1]!}`,
    );
    const r = await keptState(home);
    expect(r.contract).toBe('done');
    agree(r);
  });

  it('is the contract’s when a report is added as the task is assigned', async () => {
    const { home, row } = await task([], { assigned: false });
    const report: Report = { id: randomUUID(), workOrder: home, method: methods[0], status: 'returned' };
    await concurrently(
      copyRows('report_header', template.report, [reportRow(report)]),
      copyRows('wo_task_assignment', template.assignment, [row]),
    );
    const r = await keptState(home);
    expect(r.contract).toBe('returned');
    agree(r);
  });
});
