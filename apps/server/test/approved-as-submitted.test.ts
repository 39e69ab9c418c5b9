/**
 * What is approved is what was submitted (issue 23, docs/approvals.md and docs/report-status.md):
 * submitting freezes the report and everything under it until it is returned; nobody who wrote any
 * of its content (read from the audit rows, not `createdBy` alone) approves or returns it; and the
 * path is fixed at submission, changed only with the approval settings' permission and never
 * shortened under a report already in approval. Through the API, on PGlite or TEST_DATABASE_URL.
 */
import { woTaskAssignment } from '@inspectra/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableOf, users } from '../src/db/schema/index.ts';
import {
  createReportHeader,
  createThermalAnalysis,
  createThermalMeasurement,
  createUser,
  createWorkOrder,
  nextIp,
  setTwoLevelPath,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
/** Two reviewers holding the thermal path's position, each assigned at both of its levels. */
let first: { id: string; token: string };
let second: { id: string; token: string };
let position: string;

const signIn = async (o: { role?: string } = {}) => {
  const user = await createUser(t, o);
  const token = (await t.login(user.username, user.password, nextIp())).json().data.accessToken as string;
  return { id: user.id, token };
};

beforeAll(async () => {
  t = await startTestApp();
  first = await signIn();
  second = await signIn();
  await setTwoLevelPath(t, 'thermal', first.id);
  const [held] = await t.db
    .select({ position: users.approvalPosition })
    .from(users)
    .where(eq(users.id, first.id));
  position = held!.position!;
  await t.db.update(users).set({ approvalPosition: position }).where(eq(users.id, second.id));
  for (const levelApproval of [1, 2]) {
    const r = await t.call('POST', '/api/reviewer-assignment/assign-user', {
      inspectionMethod: 'thermal',
      levelApproval,
      userPdmIds: [second.id],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
});
afterAll(() => t?.close());

const move = (id: string, status: string, token?: string, comment?: string) =>
  t.call(
    'PUT',
    `/api/report-headers/update-report-status/${id}?status=${status}${comment ? `&comment=${encodeURIComponent(comment)}` : ''}`,
    undefined,
    token,
  );

/** A thermal report written by the administrator: its analysis and one measurement at 80 °C. */
async function thermalReport(workOrderSPKId?: string) {
  const report = await createReportHeader(t, workOrderSPKId ? { workOrderSPKId } : {});
  const analysis = await createThermalAnalysis(t, { reportHeaderId: report.id });
  const measurement = await createThermalMeasurement(t, analysis.id, { maxTemperatureC: 80 });
  return { report, analysis, measurement };
}

const storedMeasurement = async (id: string) =>
  (await t.call('GET', `/api/thermal-measurements?id=${id}`)).body.data[0] as Record<string, unknown>;

describe('submitting freezes the report as submitted', () => {
  it('refuses its author any change while in approval, and unfreezes it when returned', async () => {
    const { report, analysis, measurement } = await thermalReport();
    expect((await move(report.id, 'submitted')).status).toBe(200);

    // The attack: the author lowers a measurement after submitting (80 → 41 °C).
    const changed = await t.call('PUT', `/api/thermal-measurements?id=${measurement.id}`, {
      maxTemperatureC: 41,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(409);
    expect(changed.body).toMatchObject({ data: null, error: { code: 'CONFLICT' } });
    expect(changed.body.message).toBe(
      `This report (${report.reportNumber} · ${report.title}) is submitted; records under it cannot be created, changed or deleted. Withdraw it, or ask a reviewer to return it, to change it.`,
    );
    const added = await t.call('POST', '/api/thermal-measurements', {
      thermalAnalysisId: analysis.id,
      date: '2026-11-20',
      component: 'Phase S lug',
      maxTemperatureC: 45,
      referenceTemperatureC: 40,
    });
    expect(added.status).toBe(409);
    expect((await t.call('DELETE', `/api/thermal-measurements?id=${measurement.id}`)).status).toBe(409);
    const header = await t.call('PUT', `/api/report-headers/${report.id}`, { title: 'Changed' });
    expect(header.status).toBe(409);
    expect(header.body.message).toMatch(/is submitted; it cannot be changed or deleted/);
    expect(await storedMeasurement(measurement.id)).toMatchObject({ maxTemperatureC: 80 });

    // Approved at level 1: in review, still frozen, and only a return opens it.
    expect((await move(report.id, 'approved', first.token)).body.data).toMatchObject({
      status: 'inReview',
      approvalLevel: 2,
    });
    const inReview = await t.call('PUT', `/api/thermal-measurements?id=${measurement.id}`, {
      maxTemperatureC: 41,
    });
    expect(inReview.status).toBe(409);
    expect(inReview.body.message).toMatch(/is in review; .* Ask a reviewer to return it to change it\.$/);
    // Revising is for approved reports: one in approval is returned first.
    expect(
      (await t.call('POST', `/api/report-headers/${report.id}/revision`, { reason: 'Correct a reading' }))
        .status,
    ).toBe(409);

    expect((await move(report.id, 'returned', second.token, 'Recheck phase R')).status).toBe(200);
    const corrected = await t.call('PUT', `/api/thermal-measurements?id=${measurement.id}`, {
      maxTemperatureC: 79,
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    // Resubmitted, the path starts again at level 1.
    expect((await move(report.id, 'submitted')).body.data).toMatchObject({
      status: 'submitted',
      approvalLevel: 1,
    });
  });

  it('unfreezes a report its author withdraws before any level approved it', async () => {
    const { report, measurement } = await thermalReport();
    await move(report.id, 'submitted');
    expect((await move(report.id, 'draft')).status).toBe(200);
    const changed = await t.call('PUT', `/api/thermal-measurements?id=${measurement.id}`, {
      maxTemperatureC: 81,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  });
});

describe('four eyes: nobody who wrote any of the report approves it', () => {
  it('refuses a reviewer who deleted a row of it, at any level, and leaves it out of their queue', async () => {
    const { report, analysis } = await thermalReport();
    // The reviewer writes a row and deletes it again: nothing of theirs stays in the report's rows.
    const theirs = await t.call(
      'POST',
      '/api/thermal-measurements',
      {
        thermalAnalysisId: analysis.id,
        date: '2026-11-20',
        component: 'Phase T lug',
        maxTemperatureC: 60,
        referenceTemperatureC: 40,
      },
      first.token,
    );
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    expect(
      (await t.call('DELETE', `/api/thermal-measurements?id=${theirs.body.data.id}`, undefined, first.token))
        .status,
    ).toBe(200);
    expect((await move(report.id, 'submitted')).status).toBe(200);

    const refused = await move(report.id, 'approved', first.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      data: null,
      message: 'You wrote this report or part of it: someone else must approve or return it',
      error: { code: 'FORBIDDEN', details: [{ path: 'id', code: 'wroteReport' }] },
    });
    expect((await move(report.id, 'returned', first.token, 'Not mine to judge')).status).toBe(403);

    const current = await t.call(
      'GET',
      `/api/report-approval-paths/current?reportHeaderId=${report.id}`,
      undefined,
      first.token,
    );
    expect(current.body.data).toMatchObject({ canAct: false, wroteContent: true });
    const queue = await t.call(
      'GET',
      '/api/report-approval-paths/queue?pageSize=100',
      undefined,
      first.token,
    );
    expect(queue.body.data.map((r: { id: string }) => r.id)).not.toContain(report.id);

    // The other reviewer, who wrote nothing of it, sees it and approves level 1; at level 2 the
    // first reviewer is still refused.
    const theirQueue = await t.call(
      'GET',
      '/api/report-approval-paths/queue?pageSize=100',
      undefined,
      second.token,
    );
    expect(theirQueue.body.data.map((r: { id: string }) => r.id)).toContain(report.id);
    expect((await move(report.id, 'approved', second.token)).body.data).toMatchObject({ approvalLevel: 2 });
    expect((await move(report.id, 'approved', first.token)).status).toBe(403);
    expect((await move(report.id, 'approved', second.token)).body.data).toMatchObject({ status: 'approved' });
  });

  it('lets a reviewer who returned a report approve it once resubmitted: a return writes no content', async () => {
    const { report } = await thermalReport();
    await move(report.id, 'submitted');
    expect((await move(report.id, 'returned', first.token, 'Add the load')).status).toBe(200);
    await move(report.id, 'submitted');
    const approved = await move(report.id, 'approved', first.token);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  });
});

describe('the path is fixed at submission', () => {
  const assignments = tableOf(woTaskAssignment);

  it('refuses a planner who shortens an assignment’s levels, and an allowed change leaves a running path', async () => {
    const workOrder = await createWorkOrder(t);
    const created = await t.call('POST', '/api/wo-task-assignments', {
      workOrderSPKId: workOrder.id,
      inspectionMethod: 'thermal',
      levelApprovals: [1, 2],
      positionLevels: [position, position],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const assignment = created.body.data;
    const { report } = await thermalReport(workOrder.id);
    await move(report.id, 'submitted');
    await move(report.id, 'approved', first.token);

    const planner = await signIn({ role: 'Planner' });
    const shortened = await t.call(
      'PUT',
      `/api/wo-task-assignments/${assignment.id}`,
      { levelApprovals: [1], positionLevels: [position] },
      planner.token,
    );
    expect(shortened.status).toBe(403);
    expect(shortened.body).toMatchObject({
      data: null,
      error: {
        code: 'FORBIDDEN',
        details: [
          { path: 'levelApprovals', code: 'levelsNeedApprovalSettings' },
          { path: 'positionLevels', code: 'levelsNeedApprovalSettings' },
        ],
      },
    });
    const [kept] = await t.db.select().from(assignments).where(eq(assignments.id, assignment.id));
    expect(kept!.levelApprovals).toEqual([1, 2]);
    // Nor may a planner set levels on a new assignment; saving the same levels back is no change.
    const another = await createWorkOrder(t);
    const withLevels = await t.call(
      'POST',
      '/api/wo-task-assignments',
      { workOrderSPKId: another.id, inspectionMethod: 'thermal', levelApprovals: [1] },
      planner.token,
    );
    expect(withLevels.status).toBe(403);
    const same = await t.call(
      'PUT',
      `/api/wo-task-assignments/${assignment.id}`,
      { levelApprovals: [1, 2], positionLevels: [position, position] },
      planner.token,
    );
    expect(same.status, JSON.stringify(same.body)).toBe(200);

    // The administrator may change it; the report in review keeps the path copied at submission.
    const allowed = await t.call('PUT', `/api/wo-task-assignments/${assignment.id}`, {
      levelApprovals: [1],
      positionLevels: [position],
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    const waiting = await t.call('GET', `/api/report-approval-paths/current?reportHeaderId=${report.id}`);
    expect(waiting.body.data).toMatchObject({ approvalLevel: 2, source: 'snapshot' });
    expect(waiting.body.data.path).toHaveLength(2);
    expect((await move(report.id, 'approved', first.token)).body.data).toMatchObject({ status: 'approved' });
  });
});
