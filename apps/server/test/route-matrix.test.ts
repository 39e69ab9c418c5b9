/**
 * The route × role matrix (issue 11, Security): every route of the route table, called by an
 * anonymous client, by a user of every role in the database, and by a user of another contractor
 * company on company A's records, answers exactly the class its expected access allows:
 * 401 anonymous, 403 when the role lacks the permission (each refusal in the error envelope, naming
 * UNAUTHENTICATED or FORBIDDEN), otherwise anything but 401/403 (a 400 or 404 from placeholder ids is
 * "allowed"), and 404 for records outside the caller's company.
 */
import { randomUUID } from 'node:crypto';
import { entities, permissionActions, permissionModules, routeTable } from '@inspectra/contract';
import type { Access, RouteDefinition } from '@inspectra/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions, roles, users } from '../src/db/schema/index.ts';
import { routeLabel } from './entity-factory.ts';
import { seedDemoUsers } from '../src/modules/seed/demo-users.ts';
import {
  createReportHeader,
  createRole,
  createThermalAnalysis,
  createThermalMeasurement,
  createUser,
  createWorkOrder,
  multipart,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { accessByHand, accessByRule, expectedAccess } from './route-matrix.expected.ts';
import { requestFor, sessionEndingLast } from './route-requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const routes = routeTable as readonly RouteDefinition[];
const label = routeLabel;
const accessLabel = (a: Access) => (typeof a === 'string' ? a : `${a.module}.${a.action}`);
const howToAdd =
  "A call over a declared entity takes its access by the rule in apps/server/test/route-matrix.expected.ts (the entity's module, its kind's action); any other route, or one asking another permission, needs its row in `accessByHand` there ('METHOD /path': 'public' | 'authenticated' | 'module.action'); `npx tsx apps/server/scripts/route-matrix-rows.ts` prints those rows as declared. Review the access before you add or change a row.";

/** The error code a refusal names, by its status (the one error envelope, app-error.ts). */
const refusalCodes: Record<number, string> = { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN' };

/** The route's status for the caller; a refusal (401, 403) must come in the error envelope, with its code and a message. */
async function call(route: RouteDefinition, token?: string, ids: Record<string, string> = {}) {
  const r = requestFor(route, ids);
  const res = await t.inject({
    method: r.method,
    url: r.url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(r.payload === undefined ? {} : { payload: r.payload as object }),
  });
  const code = refusalCodes[res.statusCode];
  if (code) {
    const what = `${res.statusCode} on ${label(route)}: ${res.body}`;
    const body = res.json();
    expect(body, what).toMatchObject({ data: null, statusCode: res.statusCode, error: { code } });
    expect(body.message, what).toEqual(expect.stringMatching(/./));
  }
  return res.statusCode;
}

/** A signed-in user of the role (of the owner's staff unless a company is given). */
async function tokenFor(roleId: string, companyId: string | null = null) {
  const user = await createUser(t, { roleId });
  if (companyId)
    await t.db.update(users).set({ contractorCompanyId: companyId }).where(eq(users.id, user.id));
  return (await t.login(user.username, user.password)).json().data.accessToken as string;
}

const roleWith = (name: string, grants: { module: string; action: string }[]) => createRole(t, grants, name);

const everyGrant = permissionModules.flatMap((module) =>
  permissionActions.map((action) => ({ module, action })),
);

describe('the expected access table', () => {
  it('has a row for every route, with the access the route declares, and no row for a route that is gone', () => {
    const declared = new Map(routes.map((r) => [label(r), accessLabel(r.access)]));
    const missing = [...declared.keys()].filter((key) => !(key in expectedAccess));
    expect(missing, `Routes without a row. ${howToAdd}`).toEqual([]);
    const changed = [...declared].filter(
      ([key, access]) => key in expectedAccess && expectedAccess[key] !== access,
    );
    expect(
      changed.map(([key, access]) => `${key}: declared ${access}, expected ${expectedAccess[key]}`),
      `Routes whose access differs from the expected table. ${howToAdd}`,
    ).toEqual([]);
    const stale = Object.keys(accessByHand).filter((key) => !declared.has(key));
    expect(stale, 'Rows for routes the table no longer has: remove them').toEqual([]);
  });

  it('derives the access of declared entity calls from their declarations, by a rule stated apart', () => {
    // The rule covers most routes; the hand-written rows are the exceptions.
    const byRule = routes.filter((r) => accessByRule(r) !== undefined);
    expect(byRule.length).toBeGreaterThan(Object.keys(accessByHand).length);
    const post = routes.find((r) => label(r) === 'POST /thermal-measurements')!;
    expect(accessByRule(post)).toBe('thermal.create');
    // Every action route is listed by hand: a module's action names its own permission.
    const unlisted = routes.filter((r) => r.operation.kind === 'action' && !(label(r) in accessByHand));
    expect(unlisted.map(label), howToAdd).toEqual([]);
  });
});

describe('every route × every role', () => {
  it('answers anonymous callers 401 on every route that is not public', async () => {
    const wrong: string[] = [];
    for (const r of routes) {
      const status = await call(r);
      const expected = expectedAccess[label(r)];
      if (expected !== 'public' && status !== 401) wrong.push(`${label(r)}: ${status}, expected 401`);
      if (expected === 'public' && (status === 401 || status === 403)) wrong.push(`${label(r)}: ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers each role 403 exactly where it lacks the permission, and lets it through elsewhere', async () => {
    // The roles the database holds at start (seeded ones included), plus one with nothing and,
    // when none besides the administrators' exists, one that may view everything.
    await seedDemoUsers(t.db, { password: `pw-${randomUUID()}`, log: () => {} });
    await roleWith('Matrix nothing', []);
    const stored = await t.db.select().from(roles);
    if (stored.every((r) => r.isAdministrator))
      await roleWith(
        'Matrix viewer',
        permissionModules.map((module) => ({ module, action: 'view' })),
      );
    const all = await t.db.select().from(roles);
    const grants = await t.db.select().from(rolePermissions);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const wrong: string[] = [];
    for (const role of all) {
      const held = new Set(
        role.isAdministrator
          ? everyGrant.map((g) => `${g.module}.${g.action}`)
          : grants.filter((g) => g.roleId === role.id).map((g) => `${g.module}.${g.action}`),
      );
      const token = await tokenFor(role.id);
      for (const r of sessionEndingLast(routes)) {
        const expected = expectedAccess[label(r)]!;
        const allowed = expected === 'public' || expected === 'authenticated' || held.has(expected);
        const status = await call(r, token);
        const ok = allowed ? status !== 401 && status !== 403 : status === 403;
        if (!ok) wrong.push(`${role.name} ${label(r)}: ${status}, expected ${allowed ? 'allowed' : '403'}`);
      }
    }
    expect(wrong).toEqual([]);
    // Every route for each role the database holds: thousands of calls.
  }, 180_000);
});

describe("another contractor company's user", () => {
  it("gets 404 for every call naming one of company A's records, where A's own user is served", async () => {
    const newCompany = async () =>
      (
        await t.call(
          'POST',
          '/api/contractor-company',
          multipart({ ContractorName: `Matrix ${randomUUID()}` }),
        )
      ).body.data.id as string;
    const [companyA, companyB] = [await newCompany(), await newCompany()];
    const contractor = await roleWith('Matrix contractor', everyGrant);
    const ownToken = await tokenFor(contractor.id, companyA);
    const otherToken = await tokenFor(contractor.id, companyB);
    const [own] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.contractorCompanyId, companyA));

    const workOrder = await createWorkOrder(t);
    const assigned = await t.call('POST', '/api/wo-task-assignments', {
      workOrderSPKId: workOrder.id,
      inspectionMethod: 'thermal',
      userPDMIds: [own!.id],
    });
    const report = await createReportHeader(t, { workOrderSPKId: workOrder.id });
    const analysis = await createThermalAnalysis(t, { reportHeaderId: report.id });
    const measurement = await createThermalMeasurement(t, analysis.id);
    /** Company A's record of each scoped entity. */
    const records: Record<string, string> = {
      workOrderSpk: workOrder.id,
      woTaskAssignment: assigned.body.data.id,
      reportHeader: report.id,
      thermalAnalysis: analysis.id,
      thermalMeasurement: measurement.id,
    };
    /** Parameters that name a record wherever they appear. */
    const byParam: Record<string, string> = {
      workOrderSPKId: workOrder.id,
      reportHeaderId: report.id,
      thermalAnalysisId: analysis.id,
    };
    /** The module calls that read or move one of A's records, with the ids they take. */
    const actionIds: Record<string, Record<string, string>> = {
      'GET /report-headers/:id/author': { id: report.id },
      'GET /report-headers/:id/techniques': { id: report.id },
      'PUT /report-headers/update-report-status/:id': { id: report.id },
      'POST /report-headers/:id/revision': { id: report.id },
      'PUT /wo-task-assignments/update-approval-status/:id': {
        id: assigned.body.data.id,
        reportHeaderId: report.id,
      },
      'GET /wo-task-assignments/inspections': byParam,
      'GET /thermal-analysis/summary': byParam,
      'GET /thermal-analysis/result': byParam,
    };

    const cases: { route: RouteDefinition; ids: Record<string, string> }[] = [];
    for (const r of routes) {
      const op = r.operation;
      if (op.kind === 'action') {
        // Any action that takes one of the record parameters reads or moves that record: it is
        // judged without a row, so a new call naming a report cannot skip the scope unnoticed.
        const takes = [op.query, op.params].flatMap((schema) => Object.keys(schema?.shape ?? {}));
        const ids = actionIds[label(r)] ?? (takes.some((key) => key in byParam) ? byParam : undefined);
        if (ids) cases.push({ route: r, ids });
        continue;
      }
      const id = records[op.entity.name];
      const parent = op.entity.parent ? op.entity.fields[op.entity.parent] : undefined;
      const parentId = parent?.kind === 'ref' ? records[parent.entity] : undefined;
      if ((op.kind === 'get' || op.kind === 'update' || op.kind === 'delete') && id)
        cases.push({ route: r, ids: { id } });
      if ((op.kind === 'listByParent' || op.kind === 'getByParent') && parentId)
        cases.push({ route: r, ids: { [op.parentParam]: parentId } });
    }
    // Every scoped entity's reads are among them, so a new kind of call cannot slip past unnoticed.
    const covered = new Set(cases.map((c) => label(c.route)));
    for (const name of Object.keys(records)) expect(entities[name], name).toBeDefined();
    expect(covered.size).toBeGreaterThanOrEqual(20);

    const wrong: string[] = [];
    for (const c of cases) {
      const status = await call(c.route, otherToken, c.ids);
      if (status !== 404) wrong.push(`${label(c.route)}: ${status}, expected 404`);
    }
    expect(wrong).toEqual([]);
    // The same reads by company A's own user find the records: the 404s above are the scope's.
    for (const c of cases.filter((x) => x.route.method === 'GET')) {
      const status = await call(c.route, ownToken, c.ids);
      expect(status, label(c.route)).toBe(200);
    }
  });
});
