/**
 * The thickness monitoring data set of `npm run bench:engine` (issue 40 item 2, issue 41 item 3):
 * 50,000 condition monitoring locations on the asset master's piping, vessels and tanks (about six
 * per item), each with ten wall-thickness readings a year apart from 2016, 500,000 readings in all
 * (at scale 1; `--scale` multiplies the locations). Most walls thin slowly; a share thins fast
 * enough to be near or below the required thickness, or under two years of life, by the latest
 * reading: the plant list's filters have something to find. Added to a seeded database when
 * missing, so the large seed need not be redone. Every value comes from the location's number
 * through `hashint4`: PGlite and PostgreSQL hold the same rows with the same ids.
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import { keepUnkeptLocations } from '../apps/server/src/modules/thickness/thickness.actions.ts';
import { adminCte, hash, idOf, pick, weighted } from './seed-sql.ts';

/** Locations at scale 1 and readings per location. */
export const thicknessSizes = (scale: number) => ({
  locations: Math.max(100, Math.round(50_000 * scale)),
  readingsPerLocation: 10,
});

/** Locations written per statement (ten readings each): PGlite keeps a statement's work in memory. */
const batch = 10_000;

const pool = (db: Db) => (db as Db & { $client: pg.Pool }).$client;

/** The asset master's items that have walls to measure, numbered, with the code each is assessed by. */
const walled = `walled as (
  select equipment_no, case category_code when 'pressure-vessel' then 'api510'
      when 'storage-tank' then 'api653' else 'api570' end as code,
    row_number() over (order by equipment_no) as n, count(*) over () as of
  from equipment where category_code in ('pipe', 'pipeline', 'pressure-vessel', 'storage-tank'))`;

const locationsSql = (from: number, to: number) => `with ${adminCte}, ${walled}
insert into thickness_location (id, created_at, updated_at, created_by, updated_by, equipment_no, name,
  component, code, inspection_class, nominal_thickness_mm, required_thickness_mm, corrosion_allowance_mm)
select ${idOf(`'bench-cml-' || i`)}, at, at, admin.id, admin.id, w.equipment_no,
  'CML-' || lpad(i::text, 6, '0'),
  ${pick(['Elbow 90°', 'Straight run', 'Tee', 'Reducer', 'Shell course 1', 'Nozzle N1', 'Bottom head'], hash('i', 2))},
  w.code, case when w.code = 'api570' then 1 + ${hash('i', 3)} % 4 end, nominal, round((nominal * 0.55)::numeric, 2)::float8,
  round((nominal * 0.2)::numeric, 1)::float8
from generate_series(${from}, ${to}) i,
  lateral (select (array[6.02, 7.11, 8.18, 9.53, 12.7, 15.09])[1 + ${hash('i', 4)} % 6]::float8 as nominal,
    timestamptz '2015-12-01 08:00:00+00' + (i % 1000) * interval '1 minute' as at) v,
  walled w, admin
where w.n = 1 + ${hash('i', 1)} % w.of`;

/**
 * Ten readings a year apart (a few days' scatter), from 98 % of nominal, thinning at the location's
 * rate (85 % of locations 0.01–0.2 mm/y, 10 % 0.2–0.4, 5 % 0.4–0.7) with ±0.05 mm of gauge
 * scatter (so a short-term rate is now and then growth), never below 0.2 mm.
 */
const readingsSql = (from: number, to: number) => `with ${adminCte}
insert into thickness_reading (id, created_at, updated_at, created_by, updated_by, thickness_location_id,
  date, thickness_mm, method)
select ${idOf(`'bench-cml-' || i || '-' || k`)}, at, at, admin.id, admin.id, l.id, day,
  greatest(0.2, round((l.nominal_thickness_mm * 0.98 - rate * k + (${hash('i * 16 + k', 6)} % 11 - 5) / 100.0)::numeric, 2))::float8,
  ${pick(['utSpot', 'utScan', 'paut', 'srut'], hash('i * 16 + k', 7))}
from generate_series(${from}, ${to}) i
  join thickness_location l on l.id = ${idOf(`'bench-cml-' || i`)},
  lateral (select ${weighted(`${hash('i', 5)} % 100`, [
    [`0.01 + ${hash('i', 8)} % 190 / 1000.0`, 85],
    [`0.2 + ${hash('i', 8)} % 200 / 1000.0`, 10],
    [`0.4 + ${hash('i', 8)} % 300 / 1000.0`, 5],
  ])} as rate) r,
  generate_series(0, 9) k,
  lateral (select date '2016-01-15' + k * 365 + ${hash('i * 16 + k', 9)} % 21 - 10 as day) d,
  lateral (select (day + time '09:00') at time zone 'UTC' as at) t, admin`;

/**
 * The locations and their readings, when the database does not hold them all (a seeded database
 * gets them added; a partial set is written again).
 */
export async function ensureThicknessSeries(db: Db, scale: number): Promise<void> {
  const z = thicknessSizes(scale);
  const { rows } = await pool(db).query<{ locations: number; readings: number }>(
    // This seed's own locations only (named CML-000001…): the health card's pump adds twelve of
    // its own (CML-01…), which must not make the set look partial and have it written again.
    `select (select count(*) from thickness_location where name like 'CML-______')::int as locations,
       (select count(*) from thickness_reading r join thickness_location l on l.id = r.thickness_location_id
         where l.name like 'CML-______')::int as readings`,
  );
  if (rows[0]!.locations === z.locations && rows[0]!.readings === z.locations * z.readingsPerLocation) {
    // A data set seeded before the locations kept their series: kept now, as a server's start does.
    if ((await keepUnkeptLocations(db)) > 0)
      await pool(db).query('vacuum (analyze) thickness_location, thickness_reading');
    return;
  }
  console.log(`Seeding ${z.locations.toLocaleString('en')} thickness locations with ten readings each…`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from thickness_reading`);
    await tx.execute(sql`delete from thickness_location`);
    for (let from = 1; from <= z.locations; from += batch) {
      const to = Math.min(from + batch - 1, z.locations);
      await tx.execute(sql.raw(locationsSql(from, to)));
      await tx.execute(sql.raw(readingsSql(from, to)));
    }
  });
  // Written by SQL, not through the calls: each location's series and status are kept as a server's
  // start keeps those of locations stored before it kept them.
  await keepUnkeptLocations(db);
  await pool(db).query('vacuum (analyze) thickness_location, thickness_reading');
}

/** What the thickness scenarios filter by: the item with the most locations. */
export type ThicknessFacts = { equipmentNo: string; locations: number };

export async function thicknessFacts(db: Db): Promise<ThicknessFacts> {
  const { rows } = await pool(db).query<ThicknessFacts>(
    `select equipment_no as "equipmentNo", count(*)::int as locations from thickness_location
     group by 1 order by 2 desc, 1 limit 1`,
  );
  return rows[0]!;
}
