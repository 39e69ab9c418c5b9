/**
 * The equipment health card of `npm run bench:engine` (issue 40 item 1: `GET
 * /equipment-health/{equipmentNo}` within 50 ms p50 on PostgreSQL for an item with ten years of
 * history across techniques at the benchmark's whole-plant scale): one pump amid the bench's
 * 300,000 reports and million thermal measurements, with ten years of monthly thermography, quarterly
 * vibration and quarterly lube-oil sampling (`ensureHealthHistory`, bench/health-seed.ts), open tasks on three work orders,
 * twelve thickness locations of ten yearly readings and the latest survey's photos; read against the
 * leanest SQL for the same answer plus the user check. Seeded by bench/health-seed.ts.
 */
import { techniques } from '@inspectra/contract';
import { fillPlaceholders, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { worstGradeSql } from '../apps/server/src/engine/finding-grade.ts';
import type { Scenario, Statement } from './engine-scenarios.ts';

/** Issue 40: the card's p50 on PostgreSQL (ms). */
export const healthBudgetMs = 50;

/** The pump and its ten years (December 2016 to November 2026). */
export const healthItem = {
  equipmentNo: '99000001',
  tagNumber: 'P-HEALTH-01',
  /** Its reports' numbers start with it. */
  reportPrefix: 'HEALTH/',
  firstMonth: '2016-12-05',
  /** Monthly thermography: 120 reports of 4 points each. */
  thermal: { reports: 120, points: 4 },
  /** Quarterly vibration: 40 reports of 6 readings each (DE/NDE × three directions). */
  vibration: { reports: 40, points: 6 },
  /** Quarterly lube oil: 40 samples of 3 components each. */
  lubeOil: { reports: 40, points: 3 },
  locations: 12,
  readingsPerLocation: 10,
  workOrders: 3,
} as const;

/** The techniques the pump has, in the card's order. */
export const healthMethods = ['thermal', 'vibration', 'lubeOil'] as const;

const dialect = new PgDialect();
const statement = (name: string, query: SQL): Statement => {
  const built = dialect.sqlToQuery(query);
  return { name, text: built.sql, values: fillPlaceholders(built.params, {}) };
};

/**
 * The card's answer a floor must give too: every report on the timeline with its worst finding, by
 * method, oldest first (the last statement's `id`s).
 */
const timelineAnswer = (data: unknown) =>
  (
    data as { methods: { reports: { reportHeaderId: string; worstFinding: string | null }[] }[] }
  ).methods.flatMap((m) => m.reports.map((r) => `${r.reportHeaderId}:${r.worstFinding ?? ''}`));

/**
 * The leanest statements for the same card, for the three techniques the pump has: the equipment
 * with its codes' names; its drawings and their count; per method the open task due first; the
 * thickness locations' earliest next date (the thickness module's declared expression, the same SQL
 * a hand-written formula would be); the latest reports' photos (thermal measurements, lube-oil
 * components and vibration readings carry none at the pump: only the thermal images are read); and
 * last the timeline, each report's worst finding by its technique's declared grade (as the report
 * figures' floor grades, finding-grade.ts).
 */
function healthLeanest(): Statement[] {
  const { equipmentNo } = healthItem;
  const worst = sql.join(
    healthMethods.map((method) => {
      const technique = techniques.find((t) => t.method === method)!;
      return sql`when ${method} then ${worstGradeSql(technique, sql`h.id`)}`;
    }),
    sql` `,
  );
  return [
    statement(
      'bench_leanest_health_identity',
      sql`select e.*, c.name as category_name, o.name as object_type_name, l.name as location_name, g.name as planner_group_name
        from equipment e left join equipment_category c on c.code = e.category_code left join object_type o on o.code = e.object_type_code
        left join functional_location l on l.code = e.location_code left join planner_group g on g.code = e.planner_group_code
        where e.equipment_no = ${equipmentNo}`,
    ),
    statement(
      'bench_leanest_health_drawings',
      sql`select i.id, i.file_name, i.drawing_number, i.revision, count(*) over () as matched
        from ndt_isometric i join ndt_equipment n on n.id = i.ndt_equipment_id where n.equipment_no = ${equipmentNo}
        order by i.file_name limit 50`,
    ),
    statement(
      'bench_leanest_health_next_due',
      sql`select distinct on (a.inspection_method) a.inspection_method, a.id, a.work_order_spkid, w.wo_number,
          a.planned_start, a.planned_finish, a.state, coalesce(a.planned_finish < current_date, false) as overdue,
          count(*) over (partition by a.inspection_method) as open_count
        from work_order_spk w join wo_task_assignment a on a.work_order_spkid = w.id
        where w.tag_number = (select tag_number from equipment where equipment_no = ${equipmentNo})
          and w.status in ('open', 'inProgress') and a.state <> 'done'
        order by a.inspection_method, coalesce(a.planned_finish, a.planned_start) nulls last, a.planned_start nulls last, w.wo_number`,
    ),
    statement(
      'bench_leanest_health_thickness',
      sql`select l.id, l.name, l.next, l.n from (select thickness_location.id, thickness_location.name,
          thickness_location.next_inspection_date::text as next, count(*) over () as n
          from thickness_location where thickness_location.equipment_no = ${equipmentNo}) l
        order by l.next nulls last, l.name limit 1`,
    ),
    statement(
      'bench_leanest_health_photos',
      sql`select p.id, p.display_name, p.media_type, p.slot, p.image_type, r.id as report_header_id, r.report_number,
          r.inspection_method, r.day
        from (select distinct on (inspection_method) id, report_number, inspection_method,
            coalesce(actual_completed_date, actual_start_date, created_at::date) as day
          from report_header where equipment_no = ${equipmentNo} and superseded_by is null and inspection_method is not null
          order by inspection_method, day desc nulls last, created_at desc, id desc) r
        join thermal_analysis a on a.report_header_id = r.id join thermal_measurement m on m.thermal_analysis_id = a.id
        join attachment p on p.owner_entity = 'thermalMeasurement' and p.owner_id = m.id
        where p.media_type in ('image/jpeg', 'image/png', 'image/webp', 'image/gif')
        order by r.day desc, r.id, p.created_at desc, p.id limit 6`,
    ),
    statement(
      'bench_leanest_health_timeline',
      sql`select h.id || ':' || coalesce((case h.inspection_method ${worst} end)::text, '') as id
        from (select id, inspection_method, day, row_number() over (partition by inspection_method
            order by day desc nulls last, created_at desc, id desc) as recency
          from (select id, inspection_method, created_at, coalesce(actual_completed_date, actual_start_date, created_at::date) as day
            from report_header where equipment_no = ${equipmentNo} and superseded_by is null and inspection_method is not null) r) h
        where h.recency <= 120
        order by h.inspection_method, h.recency desc`,
    ),
  ];
}

export const healthScenario: Scenario = {
  name: 'health card of a pump with ten years of thermal, vibration and lube oil (200 reports)',
  route: 'GET /equipment-health/:equipmentNo',
  params: () => ({ equipmentNo: healthItem.equipmentNo }),
  answer: timelineAnswer,
  budgetMs: healthBudgetMs,
  leanest: healthLeanest,
  // One engineer opening one card, as the report's figures and complete read are loaded: at ten
  // connections on two cores the requests queue five deep, and the leanest statements' own p50 was
  // 81 ms (5 Dec 2026), so the budget would judge the queue, not the card.
  connections: 2,
};
