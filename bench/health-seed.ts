/**
 * The health card scenario's pump (bench/health-scenarios.ts): its ten years of reports, open tasks,
 * thickness readings and photos, added to the seeded database when missing.
 */
import type pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import { healthItem, healthMethods } from './health-scenarios.ts';
import { adminCte, hash, idOf, inTransaction, literal } from './seed-sql.ts';

const methods = healthMethods;
const reportsIn = (method: (typeof methods)[number]) => healthItem[method].reports;
const reportId = (method: string, i: string) => idOf(`'bench-health-${method}-' || ${i}`);

/** How many rows the history is when whole: reports, graded rows, tasks, readings and photos. */
const expectedRows = () =>
  methods.reduce((n, m) => n + reportsIn(m) * (1 + healthItem[m].points), 0) +
  healthItem.workOrders * methods.length +
  healthItem.locations * healthItem.readingsPerLocation +
  healthItem.thermal.points * 2;

/** The history's rows as they are now (0 before it is seeded). */
const countSql = `select
  (select count(*) from report_header where equipment_no = ${literal(healthItem.equipmentNo)})
  + (select count(*) from thermal_measurement where thermal_analysis_id in (select id from thermal_analysis where report_header_id in
      (select id from report_header where equipment_no = ${literal(healthItem.equipmentNo)})))
  + (select count(*) from vibration_measurement where vibration_analysis_id in (select id from vibration_analysis where report_header_id in
      (select id from report_header where equipment_no = ${literal(healthItem.equipmentNo)})))
  + (select count(*) from lube_oil_component where lube_oil_analysis_id in (select id from lube_oil_analysis where report_header_id in
      (select id from report_header where equipment_no = ${literal(healthItem.equipmentNo)})))
  + (select count(*) from wo_task_assignment where tag_number = ${literal(healthItem.tagNumber)})
  + (select count(*) from thickness_reading where thickness_location_id in
      (select id from thickness_location where equipment_no = ${literal(healthItem.equipmentNo)}))
  + (select count(*) from attachment where owner_entity = 'thermalMeasurement' and owner_id in
      (select id from thermal_measurement where thermal_analysis_id = ${idOf(`'bench-health-thermal-analysis-${healthItem.thermal.reports}'`)}))
  as n`;

/** Takes the pump's history out again (before writing it anew). */
const removal = [
  `delete from attachment where owner_entity = 'thermalMeasurement' and owner_id in (select id from thermal_measurement
    where thermal_analysis_id in (select id from thermal_analysis where report_header_id in (select id from report_header where equipment_no = $1)))`,
  `delete from thermal_measurement where thermal_analysis_id in (select id from thermal_analysis where report_header_id in (select id from report_header where equipment_no = $1))`,
  `delete from thermal_analysis where report_header_id in (select id from report_header where equipment_no = $1)`,
  `delete from vibration_measurement where vibration_analysis_id in (select id from vibration_analysis where report_header_id in (select id from report_header where equipment_no = $1))`,
  `delete from vibration_analysis where report_header_id in (select id from report_header where equipment_no = $1)`,
  `delete from lube_oil_component where lube_oil_analysis_id in (select id from lube_oil_analysis where report_header_id in (select id from report_header where equipment_no = $1))`,
  `delete from lube_oil_analysis where report_header_id in (select id from report_header where equipment_no = $1)`,
  `delete from report_header where equipment_no = $1`,
  `delete from wo_task_assignment where work_order_spkid in (select id from work_order_spk where tag_number = $1)`,
  `delete from work_order_spk where tag_number = $1`,
  `delete from thickness_reading where thickness_location_id in (select id from thickness_location where equipment_no = $1)`,
  `delete from thickness_location where equipment_no = $1`,
];

/**
 * The pump's ten years, added to an already seeded database when missing or partial (it is small),
 * so the large seed need not be redone. Every report approved and current; each method's worst
 * finding varies over the years by a hash of the report's number.
 */
export async function ensureHealthHistory(db: Db): Promise<void> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const { rows } = await pool.query<{ n: string }>(countSql);
  if (Number(rows[0]!.n) === expectedRows()) return;
  const { equipmentNo, tagNumber, firstMonth } = healthItem;
  await inTransaction(db, async (client) => {
    for (const statement of removal)
      await client.query(statement, statement.includes('tag_number') ? [tagNumber] : [equipmentNo]);
    await client.query(`with ${adminCte}
    insert into equipment (id, created_at, updated_at, created_by, updated_by, equipment_no, tag_number, description,
      category_code, object_type_code, manufacturer, year_installed)
    select ${idOf(`'bench-health-equipment'`)}, now(), now(), admin.id, admin.id, ${literal(equipmentNo)}, ${literal(tagNumber)},
      'Crude charge pump, ten years of condition monitoring', 'rotating-equipment', 'RE-PUMP', 'Ebara', 2009 from admin
    on conflict (equipment_no) do nothing`);
    // Reports: thermal monthly, vibration and lube oil quarterly (offset by a week), all approved.
    for (const method of methods) {
      const every = method === 'thermal' ? 1 : 3;
      const shift = method === 'vibration' ? 7 : method === 'lubeOil' ? 14 : 0;
      await client.query(`with ${adminCte}
      insert into report_header (id, created_at, updated_at, created_by, updated_by, work_order_spkid, report_number,
        title, equipment_no, equipment_category, object_type, inspection_method, actual_start_date, actual_completed_date, status)
      select ${reportId(method, 'i')}, started, started, admin.id, admin.id, ${idOf(`'bench-work-order'`)},
        ${literal(`${healthItem.reportPrefix}${method}/`)} || lpad(i::text, 3, '0'), ${literal(`${method} of ${tagNumber}`)}, ${literal(equipmentNo)},
        'rotating-equipment', 'RE-PUMP', ${literal(method)}, day, day, 'approved'
      from (select i, day, (day + time '08:00') at time zone 'UTC' as started from generate_series(1, ${reportsIn(method)}) i,
        lateral (select (date ${literal(firstMonth)} + (i - 1) * ${every} * interval '1 month' + ${shift} * interval '1 day')::date as day) d) r, admin`);
    }
    const inspection = (method: string, table: string, columns: string, values: string) =>
      client.query(`with ${adminCte}
      insert into ${table} (id, created_at, updated_at, created_by, updated_by, report_header_id${columns})
      select ${idOf(`'bench-health-${method}-analysis-' || i`)}, h.created_at, h.created_at, admin.id, admin.id, h.id${values}
      from generate_series(1, ${reportsIn(method as (typeof methods)[number])}) i join report_header h on h.id = ${reportId(method, 'i')}, admin`);
    await inspection(
      'thermal',
      'thermal_analysis',
      ', summary',
      `, 'Infrared survey of the pump and its motor'`,
    );
    await inspection(
      'vibration',
      'vibration_analysis',
      ', measurement_date, driver, driven, power_kw, machine_group, foundation',
      `, h.actual_start_date, 'Electric motor', 'Centrifugal pump', 75, 'group2', 'rigid'`,
    );
    await inspection(
      'lubeOil',
      'lube_oil_analysis',
      ', sample_date, laboratory, new_oil_iso_vg, new_oil_viscosity40_cst, new_oil_tan_mg_koh_g, target_iso_code',
      `, h.actual_start_date, 'Lab Pertamina Lubricants', 220, 218, 0.3, '17/15/12'`,
    );
    const rows = (method: string, table: string, parent: string, columns: string, values: string) =>
      client.query(`with ${adminCte}
      insert into ${table} (id, created_at, updated_at, created_by, updated_by, ${parent}${columns})
      select ${idOf(`'bench-health-${method}-row-' || i || '-' || p`)}, h.created_at + p * interval '1 minute',
        h.created_at + p * interval '1 minute', admin.id, admin.id, ${idOf(`'bench-health-${method}-analysis-' || i`)}${values}
      from generate_series(1, ${reportsIn(method as (typeof methods)[number])}) i join report_header h on h.id = ${reportId(method, 'i')},
        generate_series(1, ${healthItem[method as (typeof methods)[number]].points}) p, admin`);
    // ΔT 0–21 °C: normal to repair immediately.
    await rows(
      'thermal',
      'thermal_measurement',
      'thermal_analysis_id',
      ', date, tag_number, equipment_name, component, max_temperature_c, reference_temperature_c',
      `, h.actual_start_date, ${literal(tagNumber)}, 'Crude charge pump', (array['Motor terminal box', 'Motor DE bearing', 'Pump DE bearing', 'Coupling guard'])[p],
      (40 + ${hash('i * 8 + p', 3)} % 220 / 10.0)::float8, 40::float8`,
    );
    // 0.5–5.4 mm/s: zones A to D for group 2 on a rigid foundation.
    await rows(
      'vibration',
      'vibration_measurement',
      'vibration_analysis_id',
      ', measurement_point, direction, measurement_date, velocity_rms_mm_per_s',
      `, (array['DE', 'NDE'])[1 + (p - 1) / 3], (array['horizontal', 'vertical', 'axial'])[1 + (p - 1) % 3], h.actual_start_date,
      (0.5 + ${hash('i * 8 + p', 4)} % 50 / 10.0)::float8`,
    );
    // Water 50–1,450 ppm: normal to critical.
    await rows(
      'lubeOil',
      'lube_oil_component',
      'lube_oil_analysis_id',
      ', component, water_ppm',
      `, (array['Gearbox', 'Pump bearing housing', 'Motor bearing housing'])[p], (50 + ${hash('i * 8 + p', 5)} % 1400)::float8`,
    );
    // Three open work orders naming the tag, each with a task per method: one late, two ahead.
    await client.query(`with ${adminCte}
    insert into work_order_spk (id, created_at, updated_at, created_by, updated_by, wo_number, title, tag_number,
      equipment_category, date_start, date_end, status)
    select ${idOf(`'bench-health-work-order-' || w`)}, now(), now(), admin.id, admin.id, 'SPK/HEALTH/' || w,
      'Condition monitoring of ' || ${literal(tagNumber)}, ${literal(tagNumber)}, 'rotating-equipment',
      date '2026-10-05' + (w - 1) * 60, date '2026-10-16' + (w - 1) * 60, 'open'
    from generate_series(1, ${healthItem.workOrders}) w, admin`);
    await client.query(`with ${adminCte}
    insert into wo_task_assignment (id, created_at, updated_at, created_by, updated_by, work_order_spkid, inspection_method)
    select ${idOf(`'bench-health-task-' || w || '-' || m`)}, now(), now(), admin.id, admin.id,
      ${idOf(`'bench-health-work-order-' || w`)}, (array['thermal', 'vibration', 'lubeOil'])[m]
    from generate_series(1, ${healthItem.workOrders}) w, generate_series(1, 3) m, admin`);
    // Thickness: twelve class 2 locations on the discharge line, a yearly reading each, thinning slowly.
    await client.query(`with ${adminCte}
    insert into thickness_location (id, created_at, updated_at, created_by, updated_by, equipment_no, name, component, code,
      inspection_class, nominal_thickness_mm, required_thickness_mm, corrosion_allowance_mm)
    select ${idOf(`'bench-health-cml-' || l`)}, now(), now(), admin.id, admin.id, ${literal(equipmentNo)}, 'CML-' || lpad(l::text, 2, '0'),
      'Discharge line', 'api570', 2, 10, 6, 3
    from generate_series(1, ${healthItem.locations}) l, admin`);
    await client.query(`with ${adminCte}
    insert into thickness_reading (id, created_at, updated_at, created_by, updated_by, thickness_location_id, date, thickness_mm, method)
    select ${idOf(`'bench-health-reading-' || l || '-' || y`)}, now(), now(), admin.id, admin.id, ${idOf(`'bench-health-cml-' || l`)},
      (date '2016-06-15' + (y - 1) * interval '1 year')::date, (10 - y * (0.05 + l * 0.01))::float8, 'utSpot'
    from generate_series(1, ${healthItem.locations}) l, generate_series(1, ${healthItem.readingsPerLocation}) y, admin`);
    // The latest survey's photos: a thermal and a visual image per point (bytes are not read).
    await client.query(`with ${adminCte}
    insert into attachment (id, owner_entity, owner_id, slot, display_name, media_type, size, sha256, storage_key, created_at, created_by, position)
    select ${idOf(`'bench-health-photo-' || p || '-' || s`)}, 'thermalMeasurement', ${idOf(`'bench-health-thermal-row-${healthItem.thermal.reports}-' || p`)},
      (array['thermalImage', 'visualImage'])[s], 'point-' || p || (array['-ir.png', '.jpg'])[s], (array['image/png', 'image/jpeg'])[s],
      180000, md5(p || '-' || s) || md5(s || '-' || p), 'blobs/bench-health-' || p || '-' || s, now(), admin.id, 0
    from generate_series(1, ${healthItem.thermal.points}) p, generate_series(1, 2) s, admin`);
  });
  // Vacuumed, not only analysed: the rows written again leave dead ones behind in the indexes the
  // card reads by (a thermal analysis's measurements read through 12 times their pages until the
  // autovacuum came by: the history took 23 ms instead of 11).
  await pool.query(
    'vacuum (analyze) equipment, report_header, thermal_analysis, thermal_measurement, vibration_analysis, vibration_measurement, lube_oil_analysis, lube_oil_component, wo_task_assignment, work_order_spk, thickness_location, thickness_reading, attachment',
  );
}
