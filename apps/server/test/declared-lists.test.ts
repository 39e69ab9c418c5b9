/**
 * A module's declared list (engine/records/declared-list.ts): the engine pages, counts, searches and
 * scopes it; the declaration adds conditions and what a page adds to each row, read in one
 * statement keyed by the page's ids. Proven over a test-only list of the asset master with each
 * equipment's reports, served beside the API on a real database.
 */
import { randomUUID } from 'node:crypto';
import { equipment, op, reportHeader, route } from '@inspectra/contract';
import type { RouteDefinition } from '@inspectra/contract';
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { recordScopes } from '../src/app.ts';
import { entityTables, tableOf } from '../src/db/schema/index.ts';
import { typedAction } from '../src/engine/action-handler.ts';
import type { EngineDeps } from '../src/engine/engine-deps.ts';
import { entityScope } from '../src/engine/record-scope.ts';
import { countListBy, defineList, listEvery, listPage } from '../src/engine/records/declared-list.ts';
import { RecordRepository } from '../src/engine/records/repository.ts';
import { registerRoutes } from '../src/engine/register-routes.ts';
import { authorize } from '../src/modules/auth/authorize.ts';
import { accessTokenKey } from '../src/modules/auth/tokens.ts';
import { createEquipment, createReportHeader, jwtSecret, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { statementsRun } from './statements-run.ts';

const reports = tableOf(reportHeader);
/** The reports of the row's equipment the caller sees, meeting `also`. */
const reportsOf = (row: Record<string, AnyPgColumn>, visible: SQL | undefined, also?: SQL) =>
  sql`(select ${reports.id} from ${reports} where ${and(eq(reports.equipmentNo, row.equipmentNo!), also, visible)})`;

const equipmentReports = defineList(equipment, 'equipmentReports', {
  conditions: {
    reportedBy: ({ row, value, visible }) =>
      sql`exists ${reportsOf(row, visible(reportHeader), eq(reports.inspectionMethod, value()))}`,
  },
  searchAlso: ({ row, value, visible }) =>
    sql`exists ${reportsOf(row, visible(reportHeader), ilike(reports.reportNumber, value()))}`,
  adds: ({ row, visible }) => ({
    reportCount: sql`(select count(*)::int from ${reportsOf(row, visible(reportHeader))} seen)`,
    reportNumbers: sql`(select coalesce(json_agg(${reports.reportNumber} order by ${reports.reportNumber}), '[]'::json)
      from ${reports} where ${and(eq(reports.equipmentNo, row.equipmentNo!), visible(reportHeader))})`,
  }),
});

const query = z.object({
  pageNumber: z.coerce.number().int().default(1),
  pageSize: z.coerce.number().int().default(20),
  search: z.string().optional(),
  reportedBy: z.string().optional(),
});
const testRoutes: RouteDefinition[] = [
  route(
    'GET',
    '/test-only/equipment-reports',
    op.action('test.equipmentReports', { query, response: z.array(z.unknown()), paged: true }),
    { summary: 'Equipment with its reports', tag: 'Test only', access: { module: 'asset', action: 'view' } },
  ),
];

let t: TestApp;
const deps = {} as EngineDeps;
const actions = {
  'test.equipmentReports': typedAction({ query }, ({ query: q, deps: d, user }) =>
    listPage(d, equipmentReports, q, user!),
  ),
};
beforeAll(async () => {
  const key = accessTokenKey(jwtSecret);
  const hooks = {
    authorize: (request: FastifyRequest, row: RouteDefinition) =>
      authorize(deps.db, key, request, row.access),
  };
  // Served beside the API; the handler reads its deps when called, filled once the database exists.
  t = await startTestApp({ routes: (app) => registerRoutes(app, testRoutes, deps, actions, hooks) });
  // What listing reads of the engine's dependencies: the database, the list's repository, the scopes.
  const scope = entityScope(recordScopes, equipment);
  Object.assign(deps, {
    db: t.db,
    repositories: new Map([
      [equipment.name, new RecordRepository(equipment, entityTables.equipment!, { scope })],
    ]),
    scopes: recordScopes,
  });
});
afterAll(() => t?.close());

type Row = { id: string; equipmentNo: string; reportCount: number; reportNumbers: string[] };

/** Three pieces of equipment under one tag: two reports on the first, one on the second. */
async function seed() {
  const tag = randomUUID().slice(0, 8).toUpperCase();
  const made = [];
  for (const n of [1, 2, 3]) made.push(await createEquipment(t, { equipmentNo: `DL-${tag}-${n}` }));
  const first = await createReportHeader(t, { equipmentNo: made[0].equipmentNo, reportNumber: `R-${tag}-A` });
  const again = await createReportHeader(t, {
    equipmentNo: made[0].equipmentNo,
    reportNumber: `R-${tag}-B`,
    inspectionMethod: 'vci',
  });
  const second = await createReportHeader(t, {
    equipmentNo: made[1].equipmentNo,
    reportNumber: `R-${tag}-C`,
  });
  return { tag, made, numbers: [first.reportNumber, again.reportNumber, second.reportNumber] as string[] };
}

/** The statements written as SQL that ran while `act` ran (test/statements-run.ts). */
const executed = (act: () => Promise<unknown>) => statementsRun(t.db, act);

describe('a declared list', () => {
  let s: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    s = await seed();
  });

  it('adds to each row of a page what its declaration names, in one statement keyed by the page', async () => {
    let body: { data: Row[]; meta: Record<string, unknown> } | undefined;
    const statements = await executed(async () => {
      const r = await t.call('GET', `/api/test-only/equipment-reports?search=DL-${s.tag}&pageSize=2`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      body = r.body;
    });
    expect(body!.data.map((row) => [row.equipmentNo, row.reportCount, row.reportNumbers])).toEqual([
      [s.made[0].equipmentNo, 2, s.numbers.slice(0, 2)],
      [s.made[1].equipmentNo, 1, [s.numbers[2]]],
    ]);
    // The rows are the entity's record views, with what was added beside them.
    expect(body!.data[0]).toMatchObject({ id: s.made[0].id, version: 1, tagNumber: s.made[0].tagNumber });
    expect(body!.meta).toMatchObject({ pageNumber: 1, pageSize: 2, totalCount: 3, totalPages: 2 });
    const additions = statements.filter((q) => q.text.includes('"reportCount"'));
    expect(additions).toHaveLength(1);
    // Keyed by the page's ids, not by the whole list's.
    const values = additions[0]!.params.flat();
    expect(values).toEqual(expect.arrayContaining([s.made[0].id, s.made[1].id]));
    expect(values).not.toContain(s.made[2].id);

    const last = await t.call(
      'GET',
      `/api/test-only/equipment-reports?search=DL-${s.tag}&pageSize=2&pageNumber=2`,
    );
    expect(last.body.data.map((row: Row) => [row.equipmentNo, row.reportCount, row.reportNumbers])).toEqual([
      [s.made[2].equipmentNo, 0, []],
    ]);
  });

  it('reads nothing more for an empty page', async () => {
    const statements = await executed(async () => {
      const r = await t.call('GET', `/api/test-only/equipment-reports?search=DL-${s.tag}&reportedBy=ufd`);
      expect(r.body.data).toEqual([]);
      expect(r.body.meta.totalCount).toBe(0);
    });
    expect(statements.filter((q) => q.text.includes('"reportCount"'))).toEqual([]);
  });

  it('narrows and counts by its own conditions and search, beside the entity’s', async () => {
    const listed = async (qs: string) =>
      (await t.call('GET', `/api/test-only/equipment-reports?${qs}`)).body as {
        data: Row[];
        meta: { totalCount: number };
      };
    const vci = await listed(`search=DL-${s.tag}&reportedBy=vci`);
    expect(vci.data.map((row) => row.equipmentNo)).toEqual([s.made[0].equipmentNo]);
    expect(vci.meta.totalCount).toBe(1);
    // The search also finds equipment by a report's number.
    const byReport = await listed(`search=${s.numbers[2]}`);
    expect(byReport.data.map((row) => row.equipmentNo)).toEqual([s.made[1].equipmentNo]);
  });

  it("shows a contractor's company only its own reports in the conditions and the additions", async () => {
    const outsider = { companyId: randomUUID() };
    const page = await listPage(
      deps,
      equipmentReports,
      { pageNumber: 1, pageSize: 5, search: `DL-${s.tag}` },
      outsider,
    );
    // The asset master is plant-wide: every row; the reports are none of this company's.
    expect(page.data.map((row) => [row.equipmentNo, row.reportCount, row.reportNumbers])).toEqual(
      s.made.map((m) => [m.equipmentNo, 0, []]),
    );
    const reported = await listPage(
      deps,
      equipmentReports,
      { pageNumber: 1, pageSize: 5, search: `DL-${s.tag}`, reportedBy: 'thermal' },
      outsider,
    );
    expect(reported.data).toEqual([]);
    const owner = await listPage(
      deps,
      equipmentReports,
      { pageNumber: 1, pageSize: 5, search: `DL-${s.tag}`, reportedBy: 'thermal' },
      { companyId: null },
    );
    expect(owner.data.map((row) => row.equipmentNo)).toEqual([s.made[0].equipmentNo, s.made[1].equipmentNo]);
  });
});

/**
 * The asset master as a list of its own order (equipment number, last first) over the rows its
 * caller names: `caller(key)` reads who asks, bound as a placeholder, so one prepared statement
 * serves callers who see different rows.
 */
const callersEquipment = defineList(equipment, 'callersEquipment', {
  where: ({ row, caller }) => sql`${row.equipmentNo!} like ${caller('equipmentPrefix')}`,
  order: ({ row }) => [desc(row.equipmentNo!)],
  adds: ({ row, caller }) => ({
    askedBy: sql`${caller('equipmentPrefix')}::text`,
    number: sql`${row.equipmentNo!}`,
  }),
});

describe('a declared list of its own order, read for who asks', () => {
  let s: Awaited<ReturnType<typeof seed>>;
  let other: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    s = await seed();
    other = await seed();
  });
  const caller = (x: { tag: string }) => ({ companyId: null, equipmentPrefix: `DL-${x.tag}-%` });

  it('pages in its own order, the id breaking ties, and counts', async () => {
    const first = await listPage(deps, callersEquipment, { pageNumber: 1, pageSize: 2 }, caller(s));
    const second = await listPage(deps, callersEquipment, { pageNumber: 2, pageSize: 2 }, caller(s));
    expect([...first.data, ...second.data].map((row) => row.equipmentNo)).toEqual(
      s.made.map((m) => m.equipmentNo).reverse(),
    );
    expect(first.meta).toMatchObject({ totalCount: 3, totalPages: 2, totalCountExact: true });
    // A search walks the same order.
    const searched = await listPage(
      deps,
      callersEquipment,
      { pageNumber: 1, pageSize: 5, search: `DL-${s.tag}` },
      caller(s),
    );
    expect(searched.data.map((row) => row.equipmentNo)).toEqual(s.made.map((m) => m.equipmentNo).reverse());
  });

  it('binds each caller’s values, never the first caller’s', async () => {
    const mine = await listPage(deps, callersEquipment, { pageNumber: 1, pageSize: 5 }, caller(s));
    const theirs = await listPage(deps, callersEquipment, { pageNumber: 1, pageSize: 5 }, caller(other));
    expect(mine.data.map((row) => row.equipmentNo)).toEqual(s.made.map((m) => m.equipmentNo).reverse());
    expect(theirs.data.map((row) => row.equipmentNo)).toEqual(other.made.map((m) => m.equipmentNo).reverse());
    expect(theirs.data.map((row) => row.askedBy)).toEqual(other.made.map(() => `DL-${other.tag}-%`));
  });

  it('counts its rows by named values under the same conditions', async () => {
    const counted = await countListBy(deps, callersEquipment, {}, caller(s), {
      name: 'reported',
      by: (row) => ({
        reported: sql`exists (select 1 from ${reports} where ${reports.equipmentNo} = ${row.equipmentNo!})`,
      }),
    });
    expect(counted).toEqual([
      { reported: false, count: 1 },
      { reported: true, count: 2 },
    ]);
  });

  it('reads whole in batches with its additions, and refuses past its own limit before any row', async () => {
    const rows = [];
    for await (const batch of await listEvery(deps, callersEquipment, {}, caller(s))) rows.push(...batch);
    expect(rows.map((row) => [row.equipmentNo, row.number])).toEqual(
      s.made.map((m) => [m.equipmentNo, m.equipmentNo]).reverse(),
    );
    await expect(
      listEvery(deps, callersEquipment, {}, caller(s), { limit: 2, tooMany: () => new Error('too many') }),
    ).rejects.toThrow('too many');
  });
});
