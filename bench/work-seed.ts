/**
 * The work-management data set of `npm run bench:engine` (issue 10, "Speed"): at scale 1, 20,000
 * equipment items over the seeded categories and object types with 60,000 inspection points, 104
 * locations and 12 planner groups; 100,000 work orders over three years; 150,000 task assignments
 * (one or two methods per work order, the bench administrator among the inspectors of about 2,000 of
 * them) to 200 inspectors; and 300,000 report headers made under those assignments. Categories,
 * object types and methods are the reference data the migrations seed. Same rows on every seeding.
 */
import type pg from 'pg';
import { adminCte, hash, idOf, inBatches, literal, pick, weighted, withIndexesAfter } from './seed-sql.ts';
import type { Log } from './seed-sql.ts';

export type WorkSizes = {
  equipment: number;
  pointsPerEquipment: number;
  workOrders: number;
  assignments: number;
  reports: number;
  inspectors: number;
  /** Assignments that name the bench administrator: "my tasks" of the signed-in user. */
  adminTasks: number;
  /** Rows of the work-order sheet the import measurement sends. */
  importRows: number;
};

export function workSizesAt(scale: number): WorkSizes {
  const at = (n: number, least: number) => Math.max(least, Math.round(n * scale));
  const workOrders = at(100_000, 200);
  return {
    equipment: at(20_000, 100),
    pointsPerEquipment: 3,
    workOrders,
    // At most two assignments per work order (one per method), so at most 2 × work orders.
    assignments: Math.round(workOrders * 1.5),
    reports: workOrders * 3,
    inspectors: 200,
    adminTasks: at(2_000, 20),
    importRows: at(10_000, 100),
  };
}

/** Rows per INSERT statement: PGlite keeps a statement's work in memory; PostgreSQL has a statement timeout. */
const batch = 25_000;

/** Every work order, assignment and report falls between these days; "now" lies in the last quarter. */
const firstDay = `date '2024-01-01'`;
const days = 1095;
/** Reports before this day are mostly approved; after it, mostly still in work. */
const recent = `date '2026-06-01'`;
/** Work orders planned to finish before this day are mostly completed. */
const finished = `date '2026-11-01'`;

const units: [string, string][] = [
  ['CDU', 'Crude Distillation Unit'],
  ['VDU', 'Vacuum Distillation Unit'],
  ['HCU', 'Hydrocracker Unit'],
  ['FCC', 'Fluid Catalytic Cracker'],
  ['NHT', 'Naphtha Hydrotreater'],
  ['CCR', 'Continuous Catalytic Reformer'],
  ['SRU', 'Sulfur Recovery Unit'],
  ['ATU', 'Amine Treating Unit'],
  ['UTL', 'Utilities and Power Plant'],
  ['TKF', 'Tank Farm'],
  ['JTY', 'Jetty and Loading'],
  ['CWS', 'Cooling Water System'],
  ['FLR', 'Flare System'],
];
const areasPerUnit = 8;
const plannerGroups: [string, string][] = [
  ['I01', 'Inspection, static equipment'],
  ['I02', 'Inspection, piping'],
  ['I03', 'Inspection, tanks'],
  ['I04', 'Inspection, pipelines'],
  ['M01', 'Mechanical, rotating'],
  ['M02', 'Mechanical, static'],
  ['E01', 'Electrical, substations'],
  ['E02', 'Electrical, field'],
  ['C01', 'Civil and structures'],
  ['T01', 'Turnaround planning'],
  ['P01', 'Predictive maintenance'],
  ['U01', 'Utilities'],
];
const manufacturers = [
  'Flowserve',
  'Sulzer',
  'Siemens',
  'ABB',
  'Schneider Electric',
  'KSB',
  'Ebara',
  'Doosan',
];

const workTypes: [string, string, number][] = [
  ['conditionMonitoring', 'Condition monitoring', 45],
  ['preventive', 'Preventive maintenance', 20],
  ['corrective', 'Corrective repair', 15],
  ['statutoryInspection', 'Statutory inspection', 10],
  ['turnaround', 'Turnaround inspection', 5],
  ['project', 'Project inspection', 5],
];

/** Work order `i` was created on this day: in row order over the three years. */
const woDay = (i: string, z: WorkSizes) => `(${firstDay} + (${i} - 1) * ${days} / ${z.workOrders})`;
/** The equipment number (SAP style) of equipment `n`, 1-based. */
const equipmentNo = (n: string) => `(10000000 + ${n})::text`;
/** Equipment of work order `wo`: one in E, drawn from the work order's number. */
const woEquipment = (wo: string, z: WorkSizes) => `(1 + ${hash(wo, 1)} % ${z.equipment})`;
/** The inspector (1..U) of a draw. */
const inspector = (draw: string, z: WorkSizes) =>
  idOf(`'bench-inspector-' || (1 + ${draw} % ${z.inspectors})`);
/**
 * The work order and method index (0-based, in code order) of assignment `a`: the first W go one per
 * work order, the rest a second, different method on work orders 1, 2, … So (work order, method) is unique.
 */
const assignmentOf = (a: string, z: WorkSizes) => ({
  wo: `case when ${a} <= ${z.workOrders} then ${a} else ${a} - ${z.workOrders} end`,
  method: (wo: string, total: string) =>
    `case when ${a} <= ${z.workOrders} then ${hash(wo, 11)} % ${total}
      else (${hash(wo, 11)} % ${total} + 1 + ${hash(wo, 12)} % (${total} - 1)) % ${total} end`,
});
const numbered = (table: string, columns: string) =>
  `select ${columns}, row_number() over (order by code) as n, count(*) over () as total from ${table}`;

const locationsSql = `
insert into functional_location (id, created_at, updated_at, code, name, plant)
select ${idOf(`u.code || '-' || a`)}, timestamptz '2023-06-01 00:00:00+00', timestamptz '2023-06-01 00:00:00+00',
  u.code || '-' || lpad(a::text, 2, '0'), u.name || ', area ' || lpad(a::text, 2, '0'), 'RU-IV'
from (values ${units.map(([c, n]) => `(${literal(c)}, ${literal(n)})`).join(', ')}) u(code, name),
  generate_series(1, ${areasPerUnit}) a`;

const plannerGroupsSql = `
insert into planner_group (id, created_at, updated_at, code, name, plant)
select ${idOf(`'bench-planner-group-' || code`)}, timestamptz '2023-06-01 00:00:00+00', timestamptz '2023-06-01 00:00:00+00', code, name, 'RU-IV'
from (values ${plannerGroups.map(([c, n]) => `(${literal(c)}, ${literal(n)})`).join(', ')}) g(code, name)`;

/** The approval positions the assignments name (a task assignment's positions are of this list). */
const positionsSql = `
insert into approval_position (name, level_approval)
values ('Lead inspector', 1), ('Inspection engineer', 2)
on conflict do nothing`;

const equipmentSql = (z: WorkSizes) => `
with types as (${numbered('object_type', 'code, name, category_code')}),
  locs as (${numbered('functional_location', 'code, name')}),
  groups as (${numbered('planner_group', 'code')}),
  drawn as (select i, ${hash('i', 1)} as h1, ${hash('i', 2)} as h2, ${hash('i', 3)} as h3, ${hash('i', 4)} as h4
    from generate_series(1, ${z.equipment}) i)
insert into equipment (id, created_at, updated_at, equipment_no, tag_number, description, category_code,
  object_type_code, location_code, planner_group_code, manufacturer, year_installed)
select ${idOf(`'bench-equipment-' || i`)}, stamp, stamp, ${equipmentNo('i')},
  split_part(t.code, '-', 2) || '-' || (1000 + i), t.name || ' ' || (1000 + i) || ', ' || l.name,
  t.category_code, t.code, l.code, case when h3 % 20 = 0 then null else g.code end,
  ${pick(manufacturers, 'h4')}, 1975 + h4 % 50
from (select drawn.*, timestamptz '2023-06-01 00:00:00+00' + i * interval '1 minute' as stamp from drawn) d
  join types t on t.n = 1 + d.h1 % t.total
  join locs l on l.n = 1 + d.h2 % l.total
  join groups g on g.n = 1 + d.h3 % g.total`;

const pointsSql = (z: WorkSizes) => `
insert into inspection_point (id, created_at, updated_at, equipment_id, point_code, description)
select ${idOf(`'bench-point-' || i || '-' || p`)}, timestamptz '2023-07-01 00:00:00+00', timestamptz '2023-07-01 00:00:00+00',
  ${idOf(`'bench-equipment-' || i`)}, (array['TML-01', 'TML-02', 'NOZ-N1'])[p],
  (array['Thickness monitoring location, inlet', 'Thickness monitoring location, outlet', 'Nozzle N1 weld'])[p]
from generate_series(1, ${z.equipment}) i, generate_series(1, ${z.pointsPerEquipment}) p`;

const inspectorsSql = (z: WorkSizes) => `
with inspector_role as (
  insert into role (name, description) values ('Inspector', 'Bench inspectors: named on task assignments')
  on conflict (name) do update set description = excluded.description returning id)
insert into user_account (id, username, full_name, password_hash, role_id)
select ${idOf(`'bench-inspector-' || k`)}, 'inspector' || lpad(k::text, 3, '0'), 'Inspector ' || k, '!', r.id
from generate_series(1, ${z.inspectors}) k, inspector_role r`;

/** Work orders `$1`..`$2`. */
const workOrdersSql = (z: WorkSizes) => `
with ${adminCte},
drawn as (
  select i, ${hash('i', 2)} as h2, ${hash('i', 3)} as h3, ${hash('i', 4)} as h4, ${hash('i', 5)} as h5,
    ${hash('i', 6)} % 100 as h6, ${hash('i', 7)} % 100 as h7, ${hash('i', 8)} % 100 as h8,
    ${woDay('i', z)} as created, ${equipmentNo(woEquipment('i', z))} as equipment_no
  from generate_series($1::int, $2::int) i
), placed as (
  select d.*, d.created + d.h2 % 30 as start_day, d.created + d.h2 % 30 + 1 + d.h3 % 21 as end_day,
    e.tag_number, e.category_code, e.location_code, e.planner_group_code
  from drawn d join equipment e on e.equipment_no = d.equipment_no
), statused as (
  select p.*, case when p.end_day < ${finished}
      then ${weighted('p.h7', [
        [`'completed'`, 85],
        [`'cancelled'`, 5],
        [`'inProgress'`, 10],
      ])}
      else ${weighted('p.h7', [
        [`'open'`, 60],
        [`'inProgress'`, 40],
      ])} end as status
  from placed p
)
insert into work_order_spk (id, created_at, updated_at, created_by, updated_by, wo_number, title, description,
  work_type, contract_no, equipment_category, tag_number, planner_group, location, priority, is_emergency,
  date_start, date_end, actual_start_date, actual_end_date, status)
select ${idOf(`'bench-wo-' || i`)}, stamp, stamp, admin.id, admin.id,
  'SPK/' || extract(year from created) || '/' || lpad(i::text, 6, '0'),
  ${weighted(
    'h6',
    workTypes.map(([, label, weight]) => [literal(label), weight] as const),
  )} || case when h5 % 10 = 0 then ' campaign, ' || category_code || ' in ' || location_code
    else ' of ' || tag_number || ' (' || location_code || ')' end,
  case when h4 % 3 = 0 then 'Scope per the inspection plan; isolate and prepare access before the inspectors arrive.' end,
  ${weighted(
    'h6',
    workTypes.map(([value, , weight]) => [literal(value), weight] as const),
  )},
  case when h4 % 10 = 0 then null else 'CTR/' || extract(year from created) || '/' || lpad((1 + h4 % 15)::text, 3, '0') end,
  category_code, case when h5 % 10 = 0 then null else tag_number end, planner_group_code, location_code,
  case when h8 < 3 then 'veryHigh' else ${weighted('h8', [
    [`'veryHigh'`, 5],
    [`'high'`, 20],
    [`'medium'`, 50],
    [`'low'`, 25],
  ])} end,
  h8 < 3, start_day, end_day,
  case when status in ('inProgress', 'completed') then start_day + h3 % 3 end,
  case when status = 'completed' then end_day + h3 % 3 end,
  status
from (select statused.*, (created + time '07:00') at time zone 'UTC' + h2 % 36000 * interval '1 second' as stamp
  from statused) w, admin`;

/** Task assignments `$1`..`$2`. */
const assignmentsSql = (z: WorkSizes) => {
  const { wo, method } = assignmentOf('a', z);
  const every = Math.max(1, Math.round(z.assignments / z.adminTasks));
  const second = `(${hash('a', 2)} % ${z.inspectors} + 1 + ${hash('a', 3)} % ${z.inspectors - 1})`;
  return `
with ${adminCte},
methods as (${numbered('inspection_method', 'code')}),
drawn as (select a, ${wo} as wo from generate_series($1::int, $2::int) a),
chosen as (select d.*, ${method('wo', '(select count(*) from inspection_method)')} + 1 as mi from drawn d)
insert into wo_task_assignment (id, created_at, updated_at, created_by, updated_by, work_order_spkid,
  inspection_method, user_pdmids, level_approvals, position_levels, approval_status)
select ${idOf(`'bench-assignment-' || a`)}, stamp, stamp, admin.id, admin.id, ${idOf(`'bench-wo-' || wo`)}, m.code,
  case when ${hash('a', 1)} % ${every} = 0 then jsonb_build_array(admin.id, ${inspector(hash('a', 2), z)})
    when ${hash('a', 3)} % 3 = 0 then jsonb_build_array(${inspector(hash('a', 2), z)}, ${inspector(second, z)})
    else jsonb_build_array(${inspector(hash('a', 2), z)}) end,
  '[1, 2]'::jsonb, '["Lead inspector", "Inspection engineer"]'::jsonb, ${hash('a', 4)} % 10 < 4
from (select chosen.*, (${woDay('wo', z)} + 1 + time '09:00') at time zone 'UTC' as stamp from chosen) c
  join methods m on m.n = c.mi, admin`;
};

/** Report headers `$1`..`$2`, each under a random assignment: its work order and method. */
const reportsSql = (z: WorkSizes) => {
  const { wo, method } = assignmentOf('a', z);
  return `
with ${adminCte},
methods as (${numbered('inspection_method', 'code, name')}),
drawn as (
  select r, a, ${wo} as wo, ${hash('r', 2)} % 10 as h2, ${hash('r', 3)} as h3, ${hash('r', 4)} as h4,
    ${hash('r', 5)} % 100 as h5
  from (select r, 1 + ${hash('r', 1)} % ${z.assignments} as a from generate_series($1::int, $2::int) r) numbered
), chosen as (
  select d.*, ${method('wo', '(select count(*) from inspection_method)')} + 1 as mi,
    ${equipmentNo(`case when d.h2 < 7 then ${woEquipment('d.wo', z)} else 1 + d.h3 % ${z.equipment} end`)} as equipment_no,
    ${woDay('d.wo', z)} + 2 + d.h4 % 20 as day
  from drawn d
), statused as (
  select c.*, case when c.day < ${recent}
      then ${weighted('c.h5', [
        [`'approved'`, 85],
        [`'inReview'`, 4],
        [`'submitted'`, 4],
        [`'returned'`, 2],
        [`'draft'`, 5],
      ])}
      else ${weighted('c.h5', [
        [`'draft'`, 35],
        [`'submitted'`, 25],
        [`'inReview'`, 15],
        [`'returned'`, 10],
        [`'approved'`, 15],
      ])} end as status
  from chosen c
)
insert into report_header (id, created_at, updated_at, created_by, updated_by, work_order_spkid, report_number,
  title, equipment_no, equipment_category, object_type, inspection_method, location, actual_start_date,
  actual_completed_date, status)
select ${idOf(`'bench-wm-report-' || r`)}, stamp, stamp, admin.id, admin.id, ${idOf(`'bench-wo-' || wo`)},
  'RPT/' || extract(year from day) || '/' || lpad(r::text, 7, '0'), m.name || ' report, ' || e.tag_number,
  e.equipment_no, e.category_code, e.object_type_code, m.code, e.location_code, day,
  case when status <> 'draft' then day + 1 + h4 % 4 end, status
from (select statused.*, (day + time '08:00') at time zone 'UTC' + h3 % 30000 * interval '1 second' as stamp
  from statused) s
  join equipment e on e.equipment_no = s.equipment_no
  join methods m on m.n = s.mi, admin`;
};

type Timed = (step: string, run: () => Promise<unknown>) => Promise<void>;

/** The asset master (before anything that names equipment), then inspectors. */
export async function seedAssets(client: pg.Pool, z: WorkSizes, timed: Timed): Promise<void> {
  await timed('asset master', async () => {
    await client.query(locationsSql);
    await client.query(plannerGroupsSql);
    await client.query(positionsSql);
    await client.query(equipmentSql(z));
    await client.query(pointsSql(z));
    await client.query(inspectorsSql(z));
  });
}

export async function seedWork(client: pg.Pool, z: WorkSizes, timed: Timed, log: Log): Promise<void> {
  // Each table's indexes built once its rows are in (`withIndexesAfter`); the next step reads it by them.
  await timed('work orders', () =>
    withIndexesAfter(client, ['work_order_spk'], () =>
      inBatches(client, workOrdersSql(z), z.workOrders, batch, 'work orders', log),
    ),
  );
  await timed('task assignments', () =>
    withIndexesAfter(client, ['wo_task_assignment'], () =>
      inBatches(client, assignmentsSql(z), z.assignments, batch, 'task assignments', log),
    ),
  );
  await timed('report headers', () =>
    withIndexesAfter(
      client,
      ['report_header'],
      () => inBatches(client, reportsSql(z), z.reports, batch, 'report headers', log),
      // Read by the trigger that keeps each assignment's state from its reports (task_state_now).
      ['report_header_by_work_order_method_idx'],
    ),
  );
}

/** What the work-management scenarios filter by: values that occur in the seeded data. */
export type WorkFacts = {
  /** Work order 1: two task assignments and a few reports. */
  workOrderId: string;
  reportHeaderId: string | null;
  contractNo: string;
  tagNumber: string;
  /** Equipment 1 and where it sits in the master. */
  equipmentNo: string;
  equipmentTag: string;
  equipmentCategory: string;
  objectType: string;
  location: string;
  plannerGroup: string;
  inspectionMethod: string;
  /** A work order number among the bench administrator's tasks, and how many tasks they have. */
  myWoNumber: string | null;
  myTasks: number;
  /** Terms for the lists' free-text search, each matching a share of the rows. */
  search: { workOrders: string; reports: string; equipment: string; lookups: string };
  /** Dates that split the three years: `gte` filters match about the last sixth, `lte` the first. */
  dates: { from: string; to: string; month: { dateStart: string; dateEnd: string } };
};

export async function workFacts(client: pg.Pool): Promise<WorkFacts> {
  const one = async <T extends pg.QueryResultRow>(sql: string, values: unknown[] = []) =>
    (await client.query<T>(sql, values)).rows[0];
  const workOrderId = (await one<{ id: string }>(`select ${idOf(`'bench-wo-1'`)}::text as id`))!.id;
  const report = await one<{ id: string }>(
    `select id::text from report_header where work_order_spkid = $1 order by created_at desc, id limit 1`,
    [workOrderId],
  );
  const contract = await one<{ value: string }>(
    `select contract_no as value from work_order_spk where contract_no is not null
     group by 1 order by count(*) desc, 1 limit 1`,
  );
  const wo = await one<{ tag: string }>(
    `select tag_number as tag from work_order_spk where tag_number is not null group by 1 order by count(*) desc, 1 limit 1`,
  );
  const equipment = (await one<Record<string, string>>(
    `select equipment_no, tag_number, category_code, object_type_code, location_code, planner_group_code
     from equipment where equipment_no = ${equipmentNo('1')}`,
  ))!;
  const method = await one<{ code: string }>(
    `select inspection_method as code from wo_task_assignment where work_order_spkid = $1 order by 1 limit 1`,
    [workOrderId],
  );
  const mine = (await one<{ wo: string | null; n: number }>(
    `with ${adminCte}
     select min(w.wo_number) as wo, count(*)::int as n
     from wo_task_assignment t join work_order_spk w on w.id = t.work_order_spkid, admin
     where t.user_pdmids @> jsonb_build_array(admin.id)`,
  ))!;
  // The planner's month: the one in which most of the administrator's tasks start.
  const month = await one<{ first: string; last: string }>(
    `with ${adminCte}
     select to_char(m, 'YYYY-MM-DD') as first, to_char(m + interval '1 month' - interval '1 day', 'YYYY-MM-DD') as last
     from (select date_trunc('month', w.date_start) as m, count(*) as n
       from wo_task_assignment t join work_order_spk w on w.id = t.work_order_spkid, admin
       where t.user_pdmids @> jsonb_build_array(admin.id) and w.date_start is not null
       group by 1 order by 2 desc, 1 limit 1) busiest`,
  );
  return {
    workOrderId,
    reportHeaderId: report?.id ?? null,
    contractNo: contract?.value ?? 'none',
    tagNumber: wo?.tag ?? 'none',
    equipmentNo: equipment.equipment_no!,
    equipmentTag: equipment.tag_number!,
    equipmentCategory: equipment.category_code!,
    objectType: equipment.object_type_code!,
    location: equipment.location_code!,
    plannerGroup: equipment.planner_group_code ?? 'I01',
    inspectionMethod: method?.code ?? 'thermal',
    myWoNumber: mine.wo,
    myTasks: mine.n,
    search: { workOrders: 'Statutory', reports: 'Vibration', equipment: 'PUMP', lookups: '2025' },
    dates: {
      from: '2026-06-01',
      to: '2024-06-30',
      month: { dateStart: month?.first ?? '2025-06-01', dateEnd: month?.last ?? '2025-06-30' },
    },
  };
}
