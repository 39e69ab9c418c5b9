/**
 * Lists that stop short say so (issue 39 item 6, docs/api-conventions.md "Capped lists"): every
 * route the route table declares with a capped list (`capped`) is called with more rows than its
 * cap, and its answer shows the cap's worth and says in `meta.notShown` how many more matched; and
 * with fewer, it says none are left out. A new capped list needs its way of being filled here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as contract from '@inspectra/contract';
import { routeTable, thermalActionListCap } from '@inspectra/contract';
import type { RouteDefinition } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEquipment,
  createReportHeader,
  createThermalAnalysis,
  standardRoleId,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** How far past its cap each list is filled. */
const beyond = 3;

/** Long past: every task of the period is overdue (finished before this week, never started). */
const period = { dateStart: '2025-03-01', dateEnd: '2025-03-31' };

/**
 * Work orders planned in `period`, one task each naming the administrator: a planner's period, the
 * team's and its overdue tasks all hold `count` of them. The planners' lists ask for 2,003 and 1,999
 * in turn, and a task's insert runs its triggers row by row (its state, its work order's copy): the
 * tasks already there are kept, those numbered past `count` taken away and the missing ones added.
 */
async function plannedTasks(count: number) {
  const profile = await t.call('GET', '/api/auth/profile');
  const adminId = profile.body.data.id as string;
  const planned = sql`select 'WO-PLAN-' || n from generate_series(1, ${count}) n`;
  await t.db.execute(sql`delete from wo_task_assignment where work_order_spkid not in
    (select id from work_order_spk where wo_number in (${planned}))`);
  await t.db.execute(
    sql`delete from work_order_spk where wo_number like 'WO-PLAN-%' and wo_number not in (${planned})`,
  );
  await t.db.execute(sql`insert into work_order_spk (wo_number, title, date_start, date_end)
    select 'WO-PLAN-' || n, 'Capped', ${period.dateStart}::date + n % 28, ${period.dateStart}::date + n % 28
    from generate_series(1, ${count}) n
    on conflict (wo_number) do nothing`);
  await t.db.execute(sql`insert into wo_task_assignment (work_order_spkid, inspection_method, user_pdmids)
    select w.id, 'thermal', jsonb_build_array(${adminId}::text) from work_order_spk w
    where w.wo_number like 'WO-PLAN-%'
      and not exists (select from wo_task_assignment a where a.work_order_spkid = w.id)`);
}

/** Thermal measurements of one analysis, `count` of them needing action and two that do not. */
async function measurementsNeedingAction(count: number) {
  const analysis = await createThermalAnalysis(t);
  await t.db.execute(sql`insert into thermal_measurement (thermal_analysis_id, date, tag_number, component,
      max_temperature_c, reference_temperature_c)
    select ${analysis.id}::uuid, date '2026-01-01' + n % 30, 'TR-' || n, 'Bushing',
      case when n <= ${count} then 45 + n % 20 else 40.2 end, 40
    from generate_series(1, ${count + 2}) n`);
  return analysis.id as string;
}

/** A thickness location of the equipment CAP-TM (made once): what the thickness lists are filled under. */
async function cappedThicknessLocation(): Promise<string> {
  await createEquipment(t, { equipmentNo: 'CAP-TM', tagNumber: 'CAP-TM' });
  const [location] = (
    await t.db.execute<{ id: string }>(sql`insert into thickness_location (equipment_no, name, code,
        inspection_class, nominal_thickness_mm, required_thickness_mm)
      values ('CAP-TM', 'CAP-CML', 'api570', 1, 12, 6) returning id`)
  ).rows;
  return location!.id;
}

/** Rows these fills add are named so (codes, numbers, user names): each fill takes the last ones away first. */
async function clearCapped() {
  await t.db.execute(sql`delete from thickness_reading where thickness_location_id in
    (select id from thickness_location where equipment_no like 'CAP-%')`);
  await t.db.execute(sql`delete from recommendation where equipment_no like 'CAP-%'`);
  await t.db.execute(sql`delete from thickness_location where equipment_no like 'CAP-%'`);
  await t.db
    .execute(sql`delete from paut_summary where paut_inspection_id in (select i.id from paut_inspection i
    join report_header r on r.id = i.report_header_id where r.report_number like 'CAP-%')`);
  await t.db.execute(sql`delete from paut_inspection where report_header_id in
    (select id from report_header where report_number like 'CAP-%')`);
  await t.db.execute(sql`delete from report_header where report_number like 'CAP-%'`);
  await t.db.execute(sql`delete from work_order_spk where wo_number = 'WO-CAP-EVIDENCE'`);
  await t.db.execute(sql`delete from inspection_method_approval where inspection_method like 'CAP-%'`);
  await t.db.execute(sql`delete from inspection_method where code like 'CAP-%'`);
  await t.db.execute(sql`delete from inspection_point where point_code like 'CAP-%'`);
  await t.db.execute(sql`delete from equipment where equipment_no like 'CAP-%'`);
  await t.db.execute(sql`delete from object_type where code like 'CAP-%'`);
  await t.db.execute(sql`delete from equipment_category where code like 'CAP-%'`);
  await t.db.execute(sql`delete from planner_group where code like 'CAP-%'`);
  await t.db.execute(sql`delete from user_account where username like 'capuser%'`);
  await t.db.execute(sql`delete from approval_position where name = 'CAP position'`);
}

/** How many rows a table holds beyond the fills' (the seeded ones); a list of the whole table counts them too. */
async function seeded(table: string) {
  const [row] = (
    await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`)
  ).rows;
  return row!.n;
}

/** `count` rows in all: as many as the seeded ones leave to add (`add` adds that many, numbered from 1). */
async function topUp(table: string, count: number, add: (n: number) => Promise<unknown>) {
  const have = await seeded(table);
  if (have > count) throw new Error(`${table} holds ${have} rows, more than the ${count} a fill asks for`);
  await add(count - have);
}

const categories = (n: number) =>
  t.db.execute(sql`insert into equipment_category (code, name)
    select 'CAP-' || i, 'Capped ' || i from generate_series(1, ${n}) i`);
const methods = (n: number, equipmentCategories = '[]') =>
  t.db.execute(sql`insert into inspection_method (code, name, equipment_categories)
    select 'CAP-M-' || i, 'Capped method ' || i, ${equipmentCategories}::jsonb from generate_series(1, ${n}) i`);
/** A category and an object type of it, for the lists of one of them. */
async function capCategory() {
  await t.db.execute(sql`insert into equipment_category (code, name) values ('CAP-CAT', 'Capped category')`);
  await t.db.execute(
    sql`insert into object_type (code, name, category_code) values ('CAP-OT', 'Capped', 'CAP-CAT')`,
  );
}
async function capEquipment() {
  await t.db
    .execute(sql`insert into equipment (equipment_no, tag_number, description, category_code, object_type_code)
    values ('CAP-EQ', 'CAP-TAG', 'Capped equipment', 'electrical', 'EL-PANEL')`);
}

/**
 * For each capped route, how to give a list of its answer (`key`) `count` rows, and the query that
 * lists them (a `:param` of the path by its name).
 */
const fill: Record<string, (count: number, key: string) => Promise<Record<string, string>>> = {
  'GET /thickness-readings/by-location': async (count) => {
    const location = await cappedThicknessLocation();
    await t.db.execute(sql`insert into thickness_reading (thickness_location_id, date, thickness_mm, method)
      select ${location}::uuid, date '2000-01-01' + n, 10 - n * 0.0001, 'utSpot' from generate_series(1, ${count}) n`);
    return { thicknessLocationId: location };
  },
  'GET /thickness-readings/candidates': async (count) => {
    const location = await cappedThicknessLocation();
    const report = await createReportHeader(t, {
      equipmentNo: 'CAP-TM',
      inspectionMethod: 'paut',
      reportNumber: 'CAP-TM-PAUT',
    });
    await t.db.execute(sql`update report_header set status = 'approved' where id = ${report.id}::uuid`);
    const [inspection] = (
      await t.db.execute<{
        id: string;
      }>(sql`insert into paut_inspection (report_header_id, variant, measurement_date)
        values (${report.id}::uuid, 'pipe', date '2026-01-15') returning id`)
    ).rows;
    await t.db
      .execute(sql`insert into paut_summary (paut_inspection_id, variant, measurement_date, joint_number,
        minimum_wall_thickness)
      select ${inspection!.id}::uuid, 'pipe', date '2026-01-15', 'J-' || n, 8 from generate_series(1, ${count}) n`);
    return { thicknessLocationId: location };
  },
  // A thickness finding opened long ago on CAP-EV, and `count` reports of the equipment approved since.
  'GET /recommendations/:id/evidence-candidates': async (count) => {
    const location = await cappedThicknessLocation();
    const [finding] = (
      await t.db.execute<{ id: string }>(sql`insert into recommendation (equipment_no, thickness_location_id,
          finding, grade, severity, due_date, created_at)
        values ('CAP-TM', ${location}::uuid, 'CAP-CML', 'belowRequired', 'critical', date '2000-01-08',
          timestamptz '2000-01-01')
        returning id`)
    ).rows;
    const [workOrder] = (
      await t.db.execute<{ id: string }>(sql`insert into work_order_spk (wo_number, title)
        values ('WO-CAP-EVIDENCE', 'Capped') returning id`)
    ).rows;
    await t.db.execute(sql`insert into report_header (work_order_spkid, report_number, title, equipment_no,
        inspection_method, status)
      select ${workOrder!.id}::uuid, 'CAP-EV-' || n, 'Capped', 'CAP-TM', 'thermal', 'approved'
      from generate_series(1, ${count}) n`);
    return { id: finding!.id };
  },
  'GET /thermal-analysis/result': async (count) => ({
    thermalAnalysisId: await measurementsNeedingAction(count),
  }),
  'GET /my-tasks/inspection-planner': async (count) => (await plannedTasks(count), period),
  'GET /team-plan/inspection-planner': async (count) => (await plannedTasks(count), period),
  'GET /team-plan/statistics': async (count) => (await plannedTasks(count), {}),
  'GET /equipment-categories': async (count) => (await topUp('equipment_category', count, categories), {}),
  'GET /category-object-type': async (count, key) => {
    if (key === 'data') await topUp('equipment_category', count, categories);
    else
      await topUp('object_type', count, (n) =>
        t.db.execute(sql`insert into object_type (code, name, category_code)
          select 'CAP-' || i, 'Capped ' || i, 'electrical' from generate_series(1, ${n}) i`),
      );
    return {};
  },
  'GET /by-equipment-categories/:category': async (count) => {
    await capCategory();
    await t.db.execute(sql`insert into object_type (code, name, category_code)
      select 'CAP-' || i, 'Capped ' || i, 'CAP-CAT' from generate_series(2, ${count}) i`);
    return { category: 'CAP-CAT' };
  },
  'GET /inspection-point-equipment/for-filter': async (count) => {
    await capEquipment();
    await t.db.execute(sql`insert into inspection_point (equipment_id, point_code)
      select e.id, 'CAP-' || i from equipment e, generate_series(1, ${count}) i where e.equipment_no = 'CAP-EQ'`);
    return { sapNumber: 'CAP-EQ' };
  },
  'GET /master-inspection-method/summary': async (count) => (await methods(count), { search: 'CAP-M-' }),
  'GET /master-inspection-method/get-by-object-type': async (count) => {
    await capCategory();
    await methods(count, '["CAP-CAT"]');
    return { objectType: 'CAP-OT' };
  },
  'GET /master-inspection-method/all': async (count) => (
    await topUp('inspection_method', count, methods),
    {}
  ),
  'GET /inspection-method-approvals': async (count) => {
    await t.db.execute(sql`insert into approval_position (name) values ('CAP position')`);
    await topUp('inspection_method_approval', count, async (n) => {
      await methods(n);
      await t.db
        .execute(sql`insert into inspection_method_approval (inspection_method, level_approval, approval_position)
        select code, 1, 'CAP position' from inspection_method where code like 'CAP-M-%'`);
    });
    return {};
  },
  'GET /user-pdm/get-planner-group': async (count) => {
    await t.db.execute(sql`insert into planner_group (code, name)
      select 'CAP-PG-' || i, 'Capped ' || i from generate_series(1, ${count}) i`);
    return { search: 'CAP-PG-' };
  },
  'GET /wo-task-assignments/assignable-users': async (count) => {
    const inspector = await standardRoleId(t, 'Inspector');
    await t.db.execute(sql`insert into user_account (username, full_name, password_hash, role_id)
      select 'capuser' || i, 'Capped inspector ' || i, 'not a hash', ${inspector}::uuid
      from generate_series(1, ${count}) i`);
    return { search: 'capuser' };
  },
  // Any active user may own a finding: the same fill, searched alike.
  'GET /recommendations/owners': async (count) =>
    fill['GET /wo-task-assignments/assignable-users']!(count, 'data'),
  'GET /wo-task-assignments/inspections': async (count) => {
    await capEquipment();
    await t.db.execute(sql`delete from wo_task_assignment`);
    await t.db.execute(sql`delete from work_order_spk where wo_number = 'WO-CAP-INSPECTIONS'`);
    const [workOrder] = (
      await t.db.execute<{ id: string }>(sql`insert into work_order_spk (wo_number, title)
        values ('WO-CAP-INSPECTIONS', 'Capped') returning id`)
    ).rows;
    await t.db.execute(sql`insert into wo_task_assignment (work_order_spkid, inspection_method)
      values (${workOrder!.id}::uuid, 'thermal')`);
    await t.db
      .execute(sql`insert into report_header (work_order_spkid, report_number, title, equipment_no, inspection_method)
      select ${workOrder!.id}::uuid, 'CAP-R-' || i, 'Capped', 'CAP-EQ', 'thermal' from generate_series(1, ${count}) i`);
    return { workOrderSPKId: workOrder!.id };
  },
};

/** Every route with capped lists, and its caps by list. */
const capped = (routeTable as readonly RouteDefinition[]).flatMap((r) =>
  r.operation.kind === 'action' && r.operation.capped
    ? [{ path: r.path, method: r.method, caps: r.operation.capped }]
    : [],
);

/**
 * A list of the answer by its key in `data` (`data`: the answer is the list); a list inside each
 * row of a listed answer (a category's object types) is counted across the rows.
 */
const listOf = (data: unknown, key: string): unknown[] =>
  key === 'data'
    ? (data as unknown[])
    : Array.isArray(data)
      ? data.flatMap((row: Record<string, unknown[]>) => row[key]!)
      : ((data as Record<string, unknown[]>)[key] ?? []);

describe('every capped list says how many more matched', () => {
  it('is declared for the lists found capped (thermal result first)', () => {
    expect(capped.map((r) => `${r.method} ${r.path}`).sort()).toEqual(Object.keys(fill).sort());
    expect(capped.find((r) => r.path === '/thermal-analysis/result')?.caps).toEqual({
      actionRequired: thermalActionListCap,
    });
  });

  for (const route of capped) {
    const name = `${route.method} ${route.path}`;
    for (const [key, cap] of Object.entries(route.caps)) {
      it(`${name}: ${key} shows ${cap} and says ${beyond} more; under the cap, none`, async () => {
        for (const [rows, notShown] of [
          [cap + beyond, beyond],
          [cap - 1, 0],
        ] as const) {
          await clearCapped();
          const filled = await fill[name]!(rows, key);
          const path = route.path.replace(/:(\w+)/g, (_, param: string) => {
            const value = filled[param]!;
            delete filled[param];
            return value;
          });
          const query = new URLSearchParams(filled).toString();
          const r = await t.call('GET', `/api${path}${query ? `?${query}` : ''}`);
          expect(r.status, `${name} with ${rows} rows`).toBe(200);
          expect(listOf(r.body.data, key), `${name} with ${rows} rows`).toHaveLength(Math.min(rows, cap));
          expect(r.body.meta, `${name} with ${rows} rows`).toEqual({
            notShown: Object.fromEntries(
              Object.keys(route.caps).map((k) => [k, k === key ? notShown : expect.any(Number)]),
            ),
          });
        }
        // Filled twice, past the cap and under it: thousands of rows for the planners' caps of 2,000,
        // over 30 s on a fresh CI machine running both databases' suites side by side.
      }, 120_000);
    }
  }
});

/**
 * Reads of the server that stop at a fixed number of rows and are neither of one row nor a capped
 * list's cap, by file and limit: what says the rest, or why there is no rest. A new one fails below
 * until it is capped (its route declares it) or written here with its reason.
 */
const bounded: Record<string, string> = {
  'engine/records/paging.ts: limit as unknown as number':
    'a page: its bounded count is meta.totalCount, totalCountExact false when bounded',
  'engine/records/paging.ts: cut.limit as unknown as number': 'a page (meta.totalCount)',
  'engine/records/paging.ts: cut.limit': 'a page (meta.totalCount)',
  'engine/records/paging.ts: limit': 'a first page, merged from one value’s rows each (meta.totalCount)',
  'engine/records/paging.ts: sql.raw(String(walkAhead))':
    'a page walked ahead: its count bounded, totalCountExact false',
  "engine/records/short-search.ts: sql.placeholder('countLimit')": 'a page of a search (meta.totalCount)',
  "engine/records/short-search.ts: sql.placeholder('limit')": 'a page of a search (meta.totalCount)',
  "engine/records/short-search.ts: sql.placeholder('walk')": 'a short search says meta.searchLimitedTo',
  'engine/records/unpaged.ts: firstBatchAndOne as unknown as number':
    'a list answered whole: its first batch and one more row, to tell whether more batches follow',
  'engine/records/unpaged.ts: limitAndOne as unknown as number':
    'a list answered whole: past 20,000 it is a 400 asking for pages, and its batches are all sent',
  'engine/report-bounds.ts: over': 'one row past a bound, to refuse what passes it',
  'modules/equipment-health/equipment-health.actions.ts: healthPhotoCap':
    "the card's latest photos, a handful by design: each method's latest report, linked on the card, holds them all",
  'modules/thickness/thickness.actions.ts: unkeptBatch':
    "the start's fill of locations kept before: batch after batch until none is left",
  'engine/sheet-operations.ts: maxListEntries + 1':
    "one row past a sheet's drop-down list, to refuse what passes it",
  'modules/administration/contractor-companies.ts: namedUsers':
    'a refusal that names a few users and counts the rest ("and 12 more")',
  "modules/my-tasks/my-tasks.actions.ts: bound('limit')": 'a page (meta.totalCount)',
  "modules/my-tasks/my-tasks.sql.ts: bound('limit')":
    'a page, or a planner capped at plannerMaxTasks (capped: data)',
  "modules/my-tasks/my-tasks.sql.ts: bound('countLimit')":
    'the bounded count of a page, of tasks or of work-order numbers (meta.totalCount)',
  'modules/my-tasks/team-plan.sql.ts: o.limit':
    'the planner and the overdue tasks, capped (capped: data, overdueTasks)',
  'modules/seed/demo-users.ts: limit': 'the demo data picks a few work orders; no answer',
  'modules/task-assignments/task-assignments.actions.ts: maxMethodCodes':
    "a sheet's drop-down of method codes; a code typed past it is still checked on import",
  'modules/work-orders/work-orders.actions.ts: window.countLimit + 1': 'a page (meta.totalCount)',
  'modules/work-orders/work-orders.actions.ts: window.pageSize': 'a page (meta.totalCount)',
};

const sourceDir = path.resolve(import.meta.dirname, '../src');
/** Every fixed limit of a read in the server's modules and engine: `.limit(…)` and `limit ${…}`. */
function readLimits() {
  const found = new Set<string>();
  for (const dir of ['modules', 'engine'])
    for (const entry of readdirSync(path.join(sourceDir, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|mjs)$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\.limit\(((?:[^()]|\([^()]*\))*)\)|\blimit \$\{([^}]*)\}/g)) {
        const limit = (m[1] ?? m[2]!).replace(/\s+/g, ' ').trim();
        if (limit !== '1') found.add(`${path.relative(sourceDir, file)}: ${limit}`);
      }
    }
  return found;
}

describe('no read stops at a fixed limit without saying so', () => {
  const declaredCaps = new Set(capped.flatMap((r) => Object.values(r.caps)));
  const exported = contract as unknown as Record<string, unknown>;
  const limits = readLimits();

  it("every fixed limit is a capped list's cap, or written with why its answer still says the rest", () => {
    const unexplained = [...limits].filter((site) => {
      const limit = site.slice(site.indexOf(': ') + 2);
      const isCap = typeof exported[limit] === 'number' && declaredCaps.has(exported[limit]);
      return !isCap && !(site in bounded);
    });
    expect(unexplained).toEqual([]);
  });

  it('names no limit that is gone', () => {
    expect(Object.keys(bounded).filter((site) => !limits.has(site))).toEqual([]);
  });
});
