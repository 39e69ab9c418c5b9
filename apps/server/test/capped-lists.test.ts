/**
 * Lists that stop short say so (issue 39 item 6, docs/api-conventions.md "Capped lists"): every
 * route the route table declares with a capped list (`capped`) is called with more rows than its
 * cap, and its answer shows the cap's worth and says in `meta.notShown` how many more matched; and
 * with fewer, it says none are left out. A new capped list needs its way of being filled here.
 */
import { routeTable, thermalActionListCap } from '@inspectra/contract';
import type { RouteDefinition } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThermalAnalysis, startTestApp } from './helpers.ts';
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
 * team's and its overdue tasks all hold `count` of them.
 */
async function plannedTasks(count: number) {
  const profile = await t.call('GET', '/api/auth/profile');
  const adminId = profile.body.data.id as string;
  await t.db.execute(sql`delete from wo_task_assignment`);
  await t.db.execute(sql`delete from work_order_spk where wo_number like 'WO-CAP-%'`);
  await t.db.execute(sql`insert into work_order_spk (wo_number, title, date_start, date_end)
    select 'WO-CAP-' || n || '-' || ${count}, 'Capped', ${period.dateStart}::date + n % 28, ${period.dateStart}::date + n % 28
    from generate_series(1, ${count}) n`);
  await t.db.execute(sql`insert into wo_task_assignment (work_order_spkid, inspection_method, user_pdmids)
    select id, 'thermal', jsonb_build_array(${adminId}::text) from work_order_spk
    where wo_number like ${`WO-CAP-%-${count}`}`);
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

/** For each capped route, how to give it `count` rows to list, and the query that lists them. */
const fill: Record<string, (count: number) => Promise<Record<string, string>>> = {
  'GET /thermal-analysis/result': async (count) => ({
    thermalAnalysisId: await measurementsNeedingAction(count),
  }),
  'GET /my-tasks/inspection-planner': async (count) => (await plannedTasks(count), period),
  'GET /team-plan/inspection-planner': async (count) => (await plannedTasks(count), period),
  'GET /team-plan/statistics': async (count) => (await plannedTasks(count), {}),
};

/** Every route with capped lists, and its caps by list. */
const capped = (routeTable as readonly RouteDefinition[]).flatMap((r) =>
  r.operation.kind === 'action' && r.operation.capped
    ? [{ path: r.path, method: r.method, caps: r.operation.capped }]
    : [],
);

/** A list of the answer by its key in `data` (`data`: the answer is the list). */
const listOf = (data: unknown, key: string) =>
  (key === 'data' ? data : (data as Record<string, unknown>)[key]) as unknown[];

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
          const query = new URLSearchParams(await fill[name]!(rows)).toString();
          const r = await t.call('GET', `/api${route.path}${query ? `?${query}` : ''}`);
          expect(r.status, `${name} with ${rows} rows`).toBe(200);
          expect(listOf(r.body.data, key), `${name} with ${rows} rows`).toHaveLength(Math.min(rows, cap));
          expect(r.body.meta, `${name} with ${rows} rows`).toEqual({
            notShown: Object.fromEntries(
              Object.keys(route.caps).map((k) => [k, k === key ? notShown : expect.any(Number)]),
            ),
          });
        }
      });
    }
  }
});
