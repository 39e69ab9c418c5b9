/**
 * The plant list of thickness monitoring under load (issue 40 item 2: "fast at 50,000 locations and
 * 500,000 readings"; issue 39: every list page at least 0.75 of its floor): `GET
 * /thickness-locations` page 1, unfiltered, by status and by equipment, over the data set of
 * bench/thickness-seed.ts, each against the leanest statement a skilled engineer would write for the
 * same page. Each location keeps its first, previous and latest readings and its status
 * (docs/thickness-monitoring.md, "The plant list at scale"): the leanest page reads them as the API
 * does, off the same table, and works out nothing the API does not read from the database.
 */
import { countAhead } from '../apps/server/src/engine/records/bounded-count.ts';
import type { Scenario, Statement } from './engine-scenarios.ts';
import { listFloorRatio } from './list-floor.ts';
import type { SeedFacts } from './engine-seed.ts';

const page1 = { pageNumber: 1, pageSize: 20 };

/**
 * Page 1 of the locations `where` picks (over the row `l`, and `c` for the count), in the list's
 * order (equipment, then location: the natural key's index, or the status index after its status),
 * every column, and the engine's bounded count: exact up to `countAhead.list` rows, one more to say
 * "more than that".
 */
const locationsPage = (name: string, where: (row: string) => string, values: unknown[]): Statement => ({
  name: `bench_leanest_thickness_${name}`,
  text: `select l.*, (select count(*) from (select 1 from thickness_location c where ${where('c')}
      limit ${countAhead.list + 1}) c) as counted
    from thickness_location l where ${where('l')}
    order by l.equipment_no, l.name limit ${page1.pageSize}`,
  values,
});

/**
 * Page 1 of the locations in any of `states`: each state's first page off the (status, equipment,
 * name) index in list order, merged (a `union all` PostgreSQL merges in order), and the bounded
 * count. An `in` list on the index's first column returns no order: the page would walk the
 * natural key's index filtering, or sort every match.
 */
const statesPage = (name: string, states: readonly string[]): Statement => {
  const among = `status in (${states.map((s) => `'${s}'`).join(', ')})`;
  const branches = states.map(
    (s) => `(select * from thickness_location where status = '${s}'
      order by equipment_no, name limit ${page1.pageSize})`,
  );
  return {
    name: `bench_leanest_thickness_${name}`,
    text: `select l.*, (select count(*) from (select 1 from thickness_location c where c.${among}
        limit ${countAhead.list + 1}) c) as counted
      from (${branches.join(' union all ')}) l
      order by l.equipment_no, l.name limit ${page1.pageSize}`,
    values: [],
  };
};

const route = 'GET /thickness-locations';

export const thicknessScenarios: Scenario[] = [
  {
    name: 'thickness locations, page 1',
    route,
    query: () => page1,
    leanest: () => [locationsPage('page_1', () => 'true', [])],
    floorRatio: listFloorRatio.page1,
  },
  ...(['approaching', 'belowRequired'] as const).map((status): Scenario => ({
    name: `thickness locations ${status}, page 1`,
    route,
    query: () => ({ ...page1, status }),
    leanest: () => [locationsPage(`status_${status}`, (row) => `${row}.status = $1`, [status])],
    floorRatio: listFloorRatio.page1,
  })),
  {
    name: 'thickness locations below required or approaching (the plant list), page 1',
    route,
    query: () => ({ ...page1, status: 'belowRequired,approaching' }),
    leanest: () => [statesPage('plant_list', ['belowRequired', 'approaching'])],
    floorRatio: listFloorRatio.page1,
  },
  {
    name: 'thickness locations of one equipment, page 1',
    route,
    query: (f: SeedFacts) => ({ ...page1, equipmentNo: f.thickness.equipmentNo }),
    leanest: (f: SeedFacts) => [
      locationsPage('equipment', (row) => `${row}.equipment_no = $1`, [f.thickness.equipmentNo]),
    ],
    floorRatio: listFloorRatio.page1,
  },
];
