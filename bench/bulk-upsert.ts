/**
 * The keyed bulk write measurement of `npm run bench:engine` (issue 38: a bulk upsert of 60 readings
 * within 150 ms p50 on PostgreSQL): the readings of a survey, and, in the bench server, the floor
 * (the same rows by one hand-written INSERT … ON CONFLICT over the natural key) and the clean-up.
 */
import type pg from 'pg';

/** Report numbers of the surveys a measurement makes start with it; removed before and after. */
export const bulkPrefix = 'BENCH-BULK-';
/** Readings per call: a grid of points × directions, a survey's test points. */
export const bulkRows = 60;

export type Reading = {
  sacpInspectionId: string;
  testPoint: string;
  measurementDate: string;
  pkm: number;
  potential: number;
  potentialReading: number;
};

/** `count` readings of one survey on one date, a kilometre apart; `shift` moves every potential. */
export function bulkReadings(sacpInspectionId: string, count: number, date: string, shift = 0): Reading[] {
  return Array.from({ length: count }, (_, i) => ({
    sacpInspectionId,
    testPoint: `TP-${String(i + 1).padStart(3, '0')}`,
    measurementDate: date,
    pkm: i + 1,
    potential: -950 - (i % 7) * 10 + shift,
    potentialReading: -880 - (i % 5) * 10 + shift,
  }));
}

/**
 * The floor: the same readings written by one statement, `insert … select from unnest(…) on
 * conflict (variant, survey, test point, date) do update`, prepared, each run its own committed
 * transaction through the app's pool, as the API's writes are (the first run creates the rows, as
 * the API's first call does; each later one updates them). Milliseconds each; the clean-up removes
 * the rows.
 */
export async function bulkUpsertFloor(
  pool: pg.Pool,
  readings: Reading[],
  userId: string,
  runs: number,
): Promise<number[]> {
  const text = `insert into sacp_measurement (variant, sacp_inspection_id, test_point, measurement_date, pkm,
      potential, potential_reading, warnings, created_by, updated_by)
    select 'pipeline', u.s, u.t, u.d, u.k, u.p, u.r, '[]'::jsonb, $7::uuid, $7::uuid
    from unnest($1::uuid[], $2::text[], $3::date[], $4::float8[], $5::float8[], $6::float8[]) as u(s, t, d, k, p, r)
    on conflict (variant, sacp_inspection_id, test_point, measurement_date) do update
      set pkm = excluded.pkm, potential = excluded.potential, potential_reading = excluded.potential_reading,
        version = sacp_measurement.version + 1, updated_at = now(), updated_by = excluded.updated_by`;
  const values = [
    readings.map((r) => r.sacpInspectionId),
    readings.map((r) => r.testPoint),
    readings.map((r) => r.measurementDate),
    readings.map((r) => r.pkm),
    readings.map((r) => r.potential),
    readings.map((r) => r.potentialReading),
    userId,
  ];
  const client = await pool.connect();
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await client.query({ name: 'bench_leanest_bulk_upsert', text, values });
      times.push(performance.now() - started);
    }
  } finally {
    client.release();
  }
  return times;
}

/**
 * Deletes what a bulk measurement made (also what a stopped run left): its readings, surveys and
 * reports, and their audit rows, so runs after it measure the same tables.
 */
export async function removeBulk(pool: pg.Pool): Promise<number> {
  const reports = `select id from report_header where report_number like $1`;
  const surveys = `select id from sacp_inspection where report_header_id in (${reports})`;
  const readings = `select id from sacp_measurement where sacp_inspection_id in (${surveys})`;
  await pool.query(
    `delete from audit_log where entity_id in (${readings}) or entity_id in (${surveys}) or entity_id in (${reports})`,
    [`${bulkPrefix}%`],
  );
  const { rowCount } = await pool.query(
    `delete from sacp_measurement where sacp_inspection_id in (${surveys})`,
    [`${bulkPrefix}%`],
  );
  await pool.query(`delete from sacp_inspection where report_header_id in (${reports})`, [`${bulkPrefix}%`]);
  // A report may have gathered rows of its own (its status history): it then stays, a row each run.
  await pool
    .query(`delete from report_header where report_number like $1`, [`${bulkPrefix}%`])
    .catch(() => {});
  return rowCount ?? 0;
}
