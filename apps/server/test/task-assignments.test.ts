/**
 * Task assignments: who inspects which method under a work order. Generic create/update/delete
 * behaviour is proven by the conformance tests; these prove the module's own: inspectors that
 * must be active users, the duplicate message, the inspections view, the approval-status move and
 * the bulk-assignment sheets.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { PermissionAction } from '@inspectra/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, rolePermissions, roles, users } from '../src/db/schema/index.ts';
import {
  completeForSubmission,
  approverToken,
  createInspector,
  createReportHeader,
  createRole,
  createUser,
  createWorkOrder,
  inspectingGrants,
  multipart,
  startTestApp,
} from './helpers.ts';
import { templateParts } from './workbook-parts.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
let inspector: { id: string; username: string };
let retired: { id: string; username: string };
/** May update assignments and reports, but not approve. */
let coordinatorToken: string;
/** May view assignments only. */
let viewerToken: string;

async function tokenWith(grants: [string, PermissionAction][]) {
  const [role] = await t.db
    .insert(roles)
    .values({ name: `role-${randomUUID()}` })
    .returning();
  await t.db
    .insert(rolePermissions)
    .values(grants.map(([module, action]) => ({ roleId: role!.id, module, action })));
  const user = await createUser(t, { roleId: role!.id });
  return (await t.login(user.username, user.password)).json().data.accessToken as string;
}

beforeAll(async () => {
  t = await startTestApp();
  inspector = await createInspector(t, { username: `rina-${randomUUID().slice(0, 8)}` });
  retired = await createInspector(t, { isActive: false });
  coordinatorToken = await tokenWith([
    ['taskAssignment', 'view'],
    ['taskAssignment', 'update'],
    ['reportHeader', 'view'],
    ['reportHeader', 'update'],
  ]);
  viewerToken = await tokenWith([['taskAssignment', 'view']]);
  // An assignment's positions are positions of the list (docs/approvals.md).
  for (const name of ['Supervisor', 'Superintendent'])
    await t.call('POST', '/api/reviewer-assignment/position-level-approval', { name });
});
afterAll(() => t?.close());

const assign = (body: Record<string, unknown>, token?: string) =>
  t.call('POST', '/api/wo-task-assignments', body, token);

async function assignment(workOrderSPKId: string, inspectionMethod = 'thermal', userPDMIds: string[] = []) {
  const r = await assign({ workOrderSPKId, inspectionMethod, userPDMIds });
  if (r.status !== 201) throw new Error(`assignment: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

describe('assigning a method under a work order', () => {
  it('creates an assignment naming active users, and refuses the same method twice', async () => {
    const wo = await createWorkOrder(t);
    const r = await assign({
      workOrderSPKId: wo.id,
      inspectionMethod: 'thermal',
      userPDMIds: [inspector.id],
      levelApprovals: [1, 2],
      positionLevels: ['Supervisor', 'Superintendent'],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({
      statusCode: 201,
      data: {
        workOrderSPKId: wo.id,
        inspectionMethod: 'thermal',
        userPDMIds: [inspector.id],
        levelApprovals: [1, 2],
        approvalStatus: false,
        approvalComment: null,
      },
    });

    // A position an assignment names is one of the list.
    const unlisted = await assign({
      workOrderSPKId: wo.id,
      inspectionMethod: 'vci',
      levelApprovals: [1],
      positionLevels: ['Plant manager'],
    });
    expect(unlisted.status).toBe(400);
    expect(unlisted.body.error.details).toEqual([
      { path: 'positionLevels', message: 'No approval position has the name "Plant manager"' },
    ]);

    const again = await assign({ workOrderSPKId: wo.id, inspectionMethod: 'thermal' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      data: null,
      message: 'This inspection method is already assigned on this work order',
      error: { code: 'CONFLICT' },
    });
  });

  it('refuses inspectors naming no user, an inactive user or one user twice', async () => {
    const wo = await createWorkOrder(t);
    const nobody = randomUUID();
    const unknown = await assign({
      workOrderSPKId: wo.id,
      inspectionMethod: 'vci',
      userPDMIds: [inspector.id, nobody],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(`No user has the id ${nobody}`);
    expect(unknown.body.error.details).toEqual([
      { path: 'userPDMIds', message: unknown.body.message, code: 'userIdentifier' },
    ]);

    const inactive = await assign({
      workOrderSPKId: wo.id,
      inspectionMethod: 'vci',
      userPDMIds: [retired.id],
    });
    expect(inactive.status).toBe(400);
    expect(inactive.body.message).toBe(
      `Test ${retired.username} is inactive and cannot be newly named as an inspector`,
    );
    expect(inactive.body.error.details).toEqual([
      {
        path: 'userPDMIds',
        message: inactive.body.message,
        code: 'inspectorInactive',
        params: { name: `Test ${retired.username}` },
      },
    ]);

    const twice = await assign({
      workOrderSPKId: wo.id,
      inspectionMethod: 'vci',
      userPDMIds: [inspector.id, inspector.id],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(`Test ${inspector.username} is named more than once`);
    expect((await assign({ workOrderSPKId: wo.id, inspectionMethod: 'vci', userPDMIds: ['x'] })).status).toBe(
      400,
    );
    const noMethod = await assign({ workOrderSPKId: wo.id, inspectionMethod: 'levitation' });
    expect(noMethod.status).toBe(400);
    expect(noMethod.body.error.details[0].path).toBe('inspectionMethod');
    // Nothing was assigned by the refused calls.
    const listed = await t.call('GET', `/api/wo-task-assignments/by-work-order?workOrderSPKId=${wo.id}`);
    expect(listed.body.data).toEqual([]);
  });

  it('on update, refuses newly named inactive users but keeps one already assigned', async () => {
    const wo = await createWorkOrder(t);
    const later = await createInspector(t);
    const created = await assignment(wo.id, 'thermal', [later.id]);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, later.id));

    const kept = await t.call('PUT', `/api/wo-task-assignments/${created.id}`, {
      userPDMIds: [later.id, inspector.id],
      levelApprovals: [1],
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.userPDMIds).toEqual([later.id, inspector.id]);

    const added = await t.call('PUT', `/api/wo-task-assignments/${created.id}`, { userPDMIds: [retired.id] });
    expect(added.status).toBe(400);
    expect(added.body.error.details[0].path).toBe('userPDMIds');
    const comment = await t.call('PUT', `/api/wo-task-assignments/${created.id}`, { approvalComment: 'x' });
    expect(comment.status).toBe(400);
  });
});

describe('assignable users', () => {
  it('lists active users by name, searchable', async () => {
    const r = await t.call('GET', '/api/wo-task-assignments/assignable-users', undefined, viewerToken);
    expect(r.status).toBe(200);
    const ids = r.body.data.map((u: { id: string }) => u.id);
    expect(ids).toContain(inspector.id);
    expect(ids).not.toContain(retired.id);
    expect(r.body.data[0]).toEqual({
      id: expect.any(String),
      username: expect.any(String),
      fullName: expect.any(String),
    });
    const found = await t.call(
      'GET',
      `/api/wo-task-assignments/assignable-users?search=${inspector.username}`,
    );
    expect(found.body.data.map((u: { id: string }) => u.id)).toEqual([inspector.id]);
  });
});

describe("a contractor's staff", () => {
  it("name only their own company's inspectors: others are neither listed nor accepted", async () => {
    const company = await t.call(
      'POST',
      '/api/contractor-company',
      multipart({ ContractorName: `Co ${randomUUID().slice(0, 8)}` }),
    );
    expect(company.status, JSON.stringify(company.body)).toBe(201);
    const companyId = company.body.data.id as string;
    const own = await createInspector(t);
    await t.db.update(users).set({ contractorCompanyId: companyId }).where(eq(users.id, own.id));
    const planner = await createUser(t, { role: 'Planner' });
    await t.db.update(users).set({ contractorCompanyId: companyId }).where(eq(users.id, planner.id));
    const token = (await t.login(planner.username, planner.password)).json().data.accessToken as string;

    const listed = await t.call(
      'GET',
      '/api/wo-task-assignments/assignable-users?inspectionMethod=thermal',
      undefined,
      token,
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data.map((u: { id: string }) => u.id)).toEqual([own.id]);
    // The plant owner's staff see every company's.
    const all = await t.call('GET', '/api/wo-task-assignments/assignable-users?inspectionMethod=thermal');
    expect(all.body.data.map((u: { id: string }) => u.id)).toEqual(
      expect.arrayContaining([own.id, inspector.id]),
    );
  });
});

describe('who may be named as an inspector', () => {
  /** Users of every kind, made once: the standard roles, and narrow roles of the test's own. */
  const who: Record<string, { id: string; username: string }> = {};
  const idsOf = (r: { body: { data: { id: string }[] } }) => r.body.data.map((u) => u.id);
  const usersFor = (query: string) =>
    t.call('GET', `/api/wo-task-assignments/assignable-users?${query}`, undefined, viewerToken);
  /** A method an administrator added: no technique serves it, so its reports are documents. */
  const added = `drone-${randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    for (const role of ['Planner', 'Reviewer', 'Viewer', 'Contractor inspector'])
      who[role] = await createUser(t, { role });
    who.administrator = await createUser(t);
    const thermalOnly = await createRole(t, inspectingGrants(['thermal']), 'thermal-only');
    who.thermalOnly = await createUser(t, { roleId: thermalOnly.id });
    // May write thermal rows but not make the report itself.
    const noReports = await createRole(t, [{ module: 'thermal', action: 'create' }], 'rows-only');
    who.rowsOnly = await createUser(t, { roleId: noReports.id });
    // Inactive, so the sheets' list of active methods below stays the catalogue's.
    const method = await t.call('POST', '/api/master-inspection-method', {
      code: added,
      name: 'Drone survey',
      isActive: false,
    });
    expect(method.status, JSON.stringify(method.body)).toBe(201);
  });

  it("lists only active users whose role writes the method's reports, never the administrator", async () => {
    const thermal = await usersFor('inspectionMethod=thermal');
    expect(thermal.status, JSON.stringify(thermal.body)).toBe(200);
    expect(idsOf(thermal)).toEqual(
      expect.arrayContaining([inspector.id, who['Contractor inspector']!.id, who.thermalOnly!.id]),
    );
    for (const key of ['Planner', 'Reviewer', 'Viewer', 'administrator', 'rowsOnly'])
      expect(idsOf(thermal), key).not.toContain(who[key]!.id);
    expect(idsOf(thermal)).not.toContain(retired.id);

    // A role holding thermal alone is not offered for another method.
    const vci = await usersFor('inspectionMethod=vci');
    expect(idsOf(vci)).toContain(inspector.id);
    expect(idsOf(vci)).not.toContain(who.thermalOnly!.id);
    // A method no technique serves: its reports are supporting documents, which thermal-only lacks.
    const drone = await usersFor(`inspectionMethod=${added}`);
    expect(idsOf(drone)).toContain(inspector.id);
    expect(idsOf(drone)).not.toContain(who.thermalOnly!.id);
    // Without a method: who may be named for some active method.
    const any = await usersFor('');
    expect(idsOf(any)).toEqual(expect.arrayContaining([inspector.id, who.thermalOnly!.id]));
    for (const key of ['Planner', 'Reviewer', 'administrator', 'rowsOnly'])
      expect(idsOf(any), key).not.toContain(who[key]!.id);
    // With a search, still only those who may be named.
    const found = await usersFor(`inspectionMethod=thermal&search=${who.Planner!.username}`);
    expect(found.body.data).toEqual([]);
    const admin = await usersFor('inspectionMethod=thermal&search=admin');
    expect(admin.body.data).toEqual([]);
  });

  it('refuses an unknown method in the list with a 400 on it', async () => {
    const r = await usersFor('inspectionMethod=levitation');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      data: null,
      message: 'No inspection method has the code "levitation"',
      error: { code: 'VALIDATION_ERROR' },
    });
    expect(r.body.error.details).toEqual([
      { path: 'inspectionMethod', message: r.body.message, code: 'notInList' },
    ]);
    expect((await usersFor(`inspectionMethod=${'x'.repeat(61)}`)).status).toBe(400);
  });

  it('refuses to create an assignment naming the administrator, a planner or a reviewer, naming them', async () => {
    const wo = await createWorkOrder(t);
    for (const [key, role] of [
      ['administrator', 'Administrator'],
      ['Planner', 'Planner'],
      ['Reviewer', 'Reviewer'],
    ] as const) {
      const r = await assign({
        workOrderSPKId: wo.id,
        inspectionMethod: 'thermal',
        userPDMIds: [inspector.id, who[key]!.id],
      });
      expect(r.status, key).toBe(400);
      const name = `Test ${who[key]!.username}`;
      const message = `${name} (${role}) cannot be named as an inspector of Thermal analysis: choose someone whose role writes Thermal analysis reports`;
      expect(r.body).toMatchObject({
        data: null,
        statusCode: 400,
        message,
        error: { code: 'VALIDATION_ERROR' },
      });
      expect(r.body.error.details).toEqual([
        {
          path: 'userPDMIds',
          message,
          code: 'inspectorNotEligible',
          params: { name, role, method: 'Thermal analysis' },
        },
      ]);
    }
    // Thermal-only may do thermal, not VCI; each refused user is named, one detail each.
    const vci = await assign({
      workOrderSPKId: wo.id,
      inspectionMethod: 'vci',
      userPDMIds: [who.thermalOnly!.id, who.rowsOnly!.id],
    });
    expect(vci.status).toBe(400);
    expect(vci.body.error.details.map((d: { params: { name: string } }) => d.params.name)).toEqual([
      `Test ${who.thermalOnly!.username}`,
      `Test ${who.rowsOnly!.username}`,
    ]);
    expect(vci.body.message).toMatch(/Visual crack inspection/);
    // Nothing was assigned by the refused calls; the eligible ones are.
    const listed = await t.call('GET', `/api/wo-task-assignments/by-work-order?workOrderSPKId=${wo.id}`);
    expect(listed.body.data).toEqual([]);
    const made = await assign({
      workOrderSPKId: wo.id,
      inspectionMethod: 'thermal',
      userPDMIds: [who.thermalOnly!.id, who['Contractor inspector']!.id],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const drone = await assign({
      workOrderSPKId: wo.id,
      inspectionMethod: added,
      userPDMIds: [inspector.id],
    });
    expect(drone.status, JSON.stringify(drone.body)).toBe(201);
  });

  it('refuses an update newly naming an ineligible user, and keeps one already named whose role changed', async () => {
    const wo = await createWorkOrder(t);
    const promoted = await createInspector(t);
    const created = await assignment(wo.id, 'thermal', [promoted.id]);

    const planner = await t.call('PUT', `/api/wo-task-assignments/${created.id}`, {
      userPDMIds: [promoted.id, who.Planner!.id],
    });
    expect(planner.status).toBe(400);
    expect(planner.body.error.details).toEqual([
      expect.objectContaining({
        path: 'userPDMIds',
        code: 'inspectorNotEligible',
        params: { name: `Test ${who.Planner!.username}`, role: 'Planner', method: 'Thermal analysis' },
      }),
    ]);
    const admin = await t.call('PUT', `/api/wo-task-assignments/${created.id}`, {
      userPDMIds: [who.administrator!.id],
    });
    expect(admin.status).toBe(400);
    expect(admin.body.message).toMatch(
      /\(Administrator\) cannot be named as an inspector of Thermal analysis/,
    );

    // Made a reviewer since: may stay on the assignment while it is changed, as a deactivated user may.
    const [reviewerRole] = await t.db.select().from(roles).where(eq(roles.name, 'Reviewer'));
    await t.db.update(users).set({ roleId: reviewerRole!.id }).where(eq(users.id, promoted.id));
    const kept = await t.call('PUT', `/api/wo-task-assignments/${created.id}`, {
      userPDMIds: [promoted.id, inspector.id],
      levelApprovals: [1],
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.userPDMIds).toEqual([promoted.id, inspector.id]);
    // Nothing was written by the refusals: the kept change is version 2.
    expect(kept.body.data.version).toBe(2);
  });
});

describe("a work order's inspections", () => {
  it('lists each assignment with its method name, inspectors and reports', async () => {
    const wo = await createWorkOrder(t);
    const thermal = await assignment(wo.id, 'thermal', [inspector.id]);
    await assignment(wo.id, 'vci');
    const report = await createReportHeader(t, { workOrderSPKId: wo.id, inspectionMethod: 'thermal' });
    // A thermal report under another work order is not this one's.
    await createReportHeader(t, { inspectionMethod: 'thermal' });

    const r = await t.call('GET', `/api/wo-task-assignments/inspections?workOrderSPKId=${wo.id}`);
    expect(r.status).toBe(200);
    expect(r.body.data.map((a: { inspectionMethod: string }) => a.inspectionMethod)).toEqual([
      'thermal',
      'vci',
    ]);
    expect(r.body.data[0]).toMatchObject({
      id: thermal.id,
      inspectionMethodName: 'Thermal analysis',
      inspectors: [{ id: inspector.id, username: inspector.username, isActive: true }],
      reports: [
        {
          id: report.id,
          reportNumber: report.reportNumber,
          title: report.title,
          equipmentNo: report.equipmentNo,
          status: 'draft',
          updatedAt: report.updatedAt,
        },
      ],
    });
    expect(r.body.data[1]).toMatchObject({
      inspectionMethodName: 'Visual crack inspection',
      reports: [],
    });

    const narrowed = await t.call(
      'GET',
      `/api/wo-task-assignments/inspections?workOrderSPKId=${wo.id}&reportHeaderId=${report.id}`,
    );
    expect(narrowed.body.data.map((a: { id: string }) => a.id)).toEqual([thermal.id]);
  });

  it('refuses an unknown work order, an unknown report and a report of another work order', async () => {
    const wo = await createWorkOrder(t);
    const missing = await t.call(
      'GET',
      `/api/wo-task-assignments/inspections?workOrderSPKId=${randomUUID()}`,
    );
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
    const unknownReport = await t.call(
      'GET',
      `/api/wo-task-assignments/inspections?workOrderSPKId=${wo.id}&reportHeaderId=${randomUUID()}`,
    );
    expect(unknownReport.status).toBe(404);
    const elsewhere = await createReportHeader(t);
    const other = await t.call(
      'GET',
      `/api/wo-task-assignments/inspections?workOrderSPKId=${wo.id}&reportHeaderId=${elsewhere.id}`,
    );
    expect(other.status).toBe(400);
    expect(other.body.error.details[0].path).toBe('reportHeaderId');
    expect((await t.call('GET', '/api/wo-task-assignments/inspections?workOrderSPKId=x')).status).toBe(400);
  });
});

describe("moving an assignment's report", () => {
  /** A move; a submission first gives the report what its method requires (report-completeness.test.ts). */
  const move = async (
    id: string,
    reportHeaderId: string,
    status: string,
    comment?: string,
    token?: string,
  ) => {
    if (status === 'submitted') await completeForSubmission(t, reportHeaderId);
    return t.call(
      'PUT',
      `/api/wo-task-assignments/update-approval-status/${id}?reportHeaderId=${reportHeaderId}&status=${status}${
        comment === undefined ? '' : `&comment=${encodeURIComponent(comment)}`
      }`,
      undefined,
      token,
    );
  };

  it('moves the report along its transitions, keeps the comment and is approved with the report', async () => {
    const wo = await createWorkOrder(t);
    const a = await assignment(wo.id);
    const report = await createReportHeader(t, { workOrderSPKId: wo.id });

    const submitted = await move(a.id, report.id, 'submitted', 'Ready for review', coordinatorToken);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body).toMatchObject({
      statusCode: 200,
      message: `Report ${report.reportNumber} is submitted`,
      data: { id: a.id, approvalComment: 'Ready for review', approvalStatus: false, version: 2 },
    });
    const reportNow = await t.call('GET', `/api/report-headers?id=${report.id}`);
    expect(reportNow.body.data[0].status).toBe('submitted');

    // Approving needs the approve permission on reports, and someone other than the author.
    const refused = await move(a.id, report.id, 'approved', undefined, coordinatorToken);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/reportHeader: approve/);
    expect((await move(a.id, report.id, 'approved')).body.message).toMatch(/You wrote this report/);

    const approved = await move(a.id, report.id, 'approved', 'Findings accepted', await approverToken(t));
    expect(approved.body.data).toMatchObject({ approvalStatus: true, approvalComment: 'Findings accepted' });

    const notAllowed = await move(a.id, report.id, 'draft');
    expect(notAllowed.status).toBe(409);
    expect(notAllowed.body.message).toMatch(/The report is approved/);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'woTaskAssignment'), eq(auditLog.entityId, a.id)));
    expect(audit.map((row) => (row.after as { approvalComment: string }).approvalComment)).toEqual(
      expect.arrayContaining(['Ready for review', 'Findings accepted']),
    );
  });

  it('stays unapproved while another report of the assignment is not approved', async () => {
    const wo = await createWorkOrder(t);
    const a = await assignment(wo.id);
    const first = await createReportHeader(t, { workOrderSPKId: wo.id });
    await createReportHeader(t, { workOrderSPKId: wo.id });
    const approver = await approverToken(t);
    await move(a.id, first.id, 'submitted');
    expect((await move(a.id, first.id, 'approved', undefined, approver)).status).toBe(200);
    const now = await t.call('GET', `/api/wo-task-assignments/by-work-order?workOrderSPKId=${wo.id}`);
    expect(now.body.data[0]).toMatchObject({ approvalStatus: false, approvalComment: null });
  });

  it('follows its reports wherever they move, and a written value is read again from them', async () => {
    const wo = await createWorkOrder(t);
    const a = await assignment(wo.id);
    const report = await createReportHeader(t, { workOrderSPKId: wo.id });
    // Moved on the report's own call, not the assignment's: the assignment says so all the same.
    await completeForSubmission(t, report.id);
    const byReport = (status: string, token?: string) =>
      t.call(
        'PUT',
        `/api/report-headers/update-report-status/${report.id}?status=${status}`,
        undefined,
        token,
      );
    expect((await byReport('submitted')).status).toBe(200);
    expect((await byReport('approved', await approverToken(t))).status).toBe(200);
    const read = async () =>
      (await t.call('GET', `/api/wo-task-assignments/by-work-order?workOrderSPKId=${wo.id}`)).body.data[0];
    expect(await read()).toMatchObject({ id: a.id, approvalStatus: true, state: 'done' });

    // A client cannot say otherwise: the value sent is read again from the reports.
    const written = await t.call('PUT', `/api/wo-task-assignments/${a.id}`, { approvalStatus: false });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body.data.approvalStatus).toBe(true);
    // A new report under the task makes it unapproved again, as its state says.
    await createReportHeader(t, { workOrderSPKId: wo.id });
    expect(await read()).toMatchObject({ approvalStatus: false, state: 'inProgress' });
  });

  it("refuses a report that is not the assignment's, unknown records, bad input and missing permission", async () => {
    const wo = await createWorkOrder(t);
    const a = await assignment(wo.id, 'thermal');
    const vciReport = await createReportHeader(t, { workOrderSPKId: wo.id, inspectionMethod: 'vci' });
    const elsewhere = await createReportHeader(t);

    for (const report of [vciReport, elsewhere]) {
      const r = await move(a.id, report.id, 'submitted');
      expect(r.status).toBe(400);
      expect(r.body.error.details[0].path).toBe('reportHeaderId');
    }
    expect((await move(randomUUID(), vciReport.id, 'submitted')).status).toBe(404);
    expect((await move(a.id, randomUUID(), 'submitted')).status).toBe(404);
    expect((await move(a.id, vciReport.id, 'finished')).status).toBe(400);
    expect((await move(a.id, vciReport.id, 'submitted', 'x'.repeat(2001))).status).toBe(400);
    expect((await move(a.id, elsewhere.id, 'submitted', undefined, viewerToken)).status).toBe(403);
    // Nothing moved.
    const still = await t.call('GET', `/api/report-headers?id=${vciReport.id}`);
    expect(still.body.data[0].status).toBe('draft');
  });
});

describe('bulk-assignment sheets', () => {
  const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  async function download(url: string) {
    const { res } = await t.call('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(xlsx);
    return res;
  }
  /**
   * The first sheet's rows (first two cells) by the streaming reader: loading a whole workbook
   * expands its validations cell by cell over a million rows, which takes seconds.
   */
  async function rowsOf(url: string) {
    const payload = (await download(url)).rawPayload;
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(payload), {});
    const rows: unknown[][] = [];
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>)
        rows.push((row.values as unknown[]).slice(1, 3));
      break;
    }
    return rows;
  }

  it('gives a template with the two SPEC columns, notes and a list of method codes', async () => {
    const res = await download('/api/wo-task-assignments/export/template');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="wo-task-assignment-template.xlsx"',
    );
    const { labels, rows, notes, validations, lists } = await templateParts(res.rawPayload);
    expect(labels).toEqual(['WO SPK', 'Inspection Method']);
    expect(rows).toBe(1);
    expect(notes.get('WO SPK')).toMatch(/Required/);
    // The codes are on the hidden list sheet the formula names.
    expect(validations.get('Inspection Method')?.formula).toBe("'Lists'!$A$1:$A$13");
    expect(lists.columns[0]).toEqual(expect.arrayContaining(['thermal', 'vci']));
  });

  it('fills the sheet with the assignments of work orders planned in the period', async () => {
    const tag = randomUUID().slice(0, 6);
    const june = await createWorkOrder(t, {
      woNumber: `WO-JUNE-${tag}`,
      dateStart: '2031-06-02',
      dateEnd: '2031-06-20',
    });
    const july = await createWorkOrder(t, { woNumber: `WO-JULY-${tag}`, dateStart: '2031-07-01' });
    await assignment(june.id, 'thermal');
    await assignment(june.id, 'vci');
    await assignment(july.id, 'thermal');

    const inJune = await rowsOf(
      '/api/wo-task-assignments/export/template-with-data?startDate=2031-06-01&endDate=2031-06-30',
    );
    expect(inJune).toEqual([
      ['WO SPK', 'Inspection Method'],
      [`WO-JUNE-${tag}`, 'thermal'],
      [`WO-JUNE-${tag}`, 'vci'],
    ]);
    const fromJuly = await rowsOf('/api/wo-task-assignments/export/template-with-data?startDate=2031-07-01');
    expect(fromJuly.slice(1)).toEqual([[`WO-JULY-${tag}`, 'thermal']]);
    const all = await rowsOf('/api/wo-task-assignments/export/template-with-data');
    expect(all).toEqual(expect.arrayContaining([[`WO-JULY-${tag}`, 'thermal']]));
  });

  it('refuses a period that ends before it starts, and dates that are not dates', async () => {
    const backwards = await t.call(
      'GET',
      '/api/wo-task-assignments/export/template-with-data?startDate=2031-06-30&endDate=2031-06-01',
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.details[0]).toMatchObject({
      path: 'endDate',
      message: 'endDate is before startDate',
    });
    const notADate = await t.call('GET', '/api/wo-task-assignments/export/template-with-data?startDate=June');
    expect(notADate.status).toBe(400);
    expect(notADate.body.message).toMatch(/startDate/);
  });
});
