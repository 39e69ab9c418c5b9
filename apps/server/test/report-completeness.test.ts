/**
 * What the server refuses about a report's content and dates, and what follows from its approval
 * (docs/report-status.md "Completeness", docs/work-orders.md "Status from the reports"):
 * - a report lacking what its method requires cannot be submitted (409 naming it), and its
 *   readiness says so before; a method no technique serves needs a supporting document;
 * - the last report of a work order approved completes it with its actual dates; a new report or a
 *   revision reopens it;
 * - an actual start date in the future is refused, for reports and work orders alike.
 */
import {
  checkRowTemplate,
  flowrate,
  flowrateInspection,
  flowrateMeasurement,
  inspectionMethodCatalogue,
  isFutureDate,
  op,
  plannedMethodModules,
  recordedFields,
  route,
  routeTable,
} from '@inspectra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportReadinessActions } from '../src/modules/reports/report-readiness.ts';
import { reportStatusActions } from '../src/modules/reports/report-status.actions.ts';
import {
  approverToken,
  completeForSubmission,
  createReportHeader,
  createThermalAnalysis,
  createThermalMeasurement,
  createWorkOrder,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { startWithTestRoutes } from './test-routes.ts';

const pump = { variant: 'rotating-equipment' };

let t: TestApp;
let approver: string;
beforeAll(async () => {
  t = await startTestApp();
  approver = await approverToken(t);
});
afterAll(() => t?.close());

const readiness = (id: string) => t.call('GET', `/api/report-headers/${id}/readiness`);
const move = (id: string, status: string, token?: string) =>
  t.call('PUT', `/api/report-headers/update-report-status/${id}?status=${status}`, undefined, token);
const workOrder = async (id: string) =>
  (await t.call('GET', `/api/work-order-spks?id=${id}&pageNumber=1&pageSize=1`)).body.data[0];
const report = async (id: string) =>
  (await t.call('GET', `/api/report-headers?id=${id}&pageNumber=1&pageSize=1`)).body.data[0];

/** An ISO date `days` from today (UTC). */
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Submitted (complete) by the administrator who wrote it, approved by another reviewer. */
async function approve(id: string) {
  await completeForSubmission(t, id);
  expect((await move(id, 'submitted')).status).toBe(200);
  const approved = await move(id, 'approved', approver);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return approved.body.data;
}

describe('completeness before approval', () => {
  it('refuses to submit a thermal report without a measurement, and says so before', async () => {
    const r = await createReportHeader(t);
    const before = await readiness(r.id);
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({
      ready: false,
      missing: [
        {
          requirement: 'rows',
          technique: 'thermal',
          entity: 'thermalMeasurement',
          min: 1,
          found: 0,
          message: 'Thermal analysis: record at least one thermal measurement',
        },
      ],
    });

    const refused = await move(r.id, 'submitted');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Report ${r.reportNumber} cannot be submitted yet: Thermal analysis: record at least one thermal measurement`,
    );
    expect(refused.body.error.details).toEqual([
      { path: 'thermalMeasurement', message: 'Thermal analysis: record at least one thermal measurement' },
    ]);
    expect((await report(r.id)).status).toBe('draft');

    // An analysis alone is not a measurement.
    const analysis = await createThermalAnalysis(t, { reportHeaderId: r.id });
    expect((await readiness(r.id)).body.data.ready).toBe(false);
    await createThermalMeasurement(t, analysis.id);
    expect((await readiness(r.id)).body.data).toEqual({ ready: true, missing: [] });
    expect((await move(r.id, 'submitted')).status).toBe(200);
  });

  it('asks a VCI report for a finding', async () => {
    const r = await createReportHeader(t, { inspectionMethod: 'vci' });
    const missing = (await readiness(r.id)).body.data.missing;
    expect(missing).toMatchObject([{ requirement: 'rows', technique: 'vci', entity: 'vciSummary' }]);
    expect((await move(r.id, 'submitted')).status).toBe(409);
  });

  // A method still planned (no technique serves it yet), while any is.
  const planned = plannedMethodModules[0];
  const plannedName = inspectionMethodCatalogue.find((m) => m.code === planned)?.name;
  it.skipIf(!planned)('asks a report of a method with no technique for a supporting document', async () => {
    const r = await createReportHeader(t, { inspectionMethod: planned });
    expect((await readiness(r.id)).body.data.missing).toEqual([
      {
        requirement: 'documents',
        technique: null,
        entity: 'reportSupportingDocument',
        min: 1,
        found: 0,
        message: `Attach at least one supporting document: ${plannedName} has no inspection form of its own yet`,
      },
    ]);
    expect((await move(r.id, 'submitted')).status).toBe(409);
    await completeForSubmission(t, r.id);
    expect((await readiness(r.id)).body.data.ready).toBe(true);
    expect((await move(r.id, 'submitted')).status).toBe(200);
  });

  it('judges a returned report again when it is resubmitted', async () => {
    const r = await createReportHeader(t);
    await completeForSubmission(t, r.id);
    expect((await move(r.id, 'submitted')).status).toBe(200);
    expect(
      (
        await t.call(
          'PUT',
          `/api/report-headers/update-report-status/${r.id}?status=returned&comment=Redo`,
          undefined,
          approver,
        )
      ).status,
    ).toBe(200);
    const analysis = (await t.call('GET', `/api/thermal-analysis/by-report?reportHeaderId=${r.id}`)).body
      .data;
    const rows = await t.call(
      'GET',
      `/api/thermal-measurements/by-thermal-analysis?thermalAnalysisId=${analysis.id}&pageNumber=1&pageSize=50`,
    );
    expect(rows.body.data).toHaveLength(1);
    for (const row of rows.body.data)
      expect((await t.call('DELETE', `/api/thermal-measurements?id=${row.id}`)).status).toBe(200);
    expect((await move(r.id, 'submitted')).status).toBe(409);
  });

  it('answers 404 for an unknown report and 400 for a malformed id', async () => {
    expect((await readiness('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await readiness('not-an-id')).status).toBe(400);
  });
});

describe('a work order follows its reports', () => {
  it('is in progress with a report, completed when every report is approved, reopened by a revision', async () => {
    const wo = await createWorkOrder(t);
    expect(wo.status).toBe('open');
    const first = await createReportHeader(t, {
      workOrderSPKId: wo.id,
      actualStartDate: daysFromToday(-10),
      actualCompletedDate: daysFromToday(-8),
    });
    expect((await workOrder(wo.id)).status).toBe('inProgress');
    const second = await createReportHeader(t, { workOrderSPKId: wo.id, actualStartDate: daysFromToday(-5) });

    await approve(first.id);
    expect((await workOrder(wo.id)).status).toBe('inProgress');

    const approved = await approve(second.id);
    // Approved with no actual completed date: the approval's day.
    expect(approved.actualCompletedDate).toBe(new Date().toISOString().slice(0, 10));
    const completed = await workOrder(wo.id);
    expect(completed).toMatchObject({
      status: 'completed',
      actualStartDate: daysFromToday(-10),
      actualEndDate: new Date().toISOString().slice(0, 10),
    });

    // A new revision is work again: the work order is in progress, its actual finish cleared.
    expect(
      (await t.call('POST', `/api/report-headers/${first.id}/revision`, { reason: 'Correct a reading' }))
        .status,
    ).toBe(201);
    const reopened = await workOrder(wo.id);
    expect(reopened).toMatchObject({ status: 'inProgress', actualEndDate: null });
    expect(reopened.version).toBeGreaterThan(completed.version);
  });

  it('is reopened by a new report, keeps a planner-set actual start, and leaves a cancelled one alone', async () => {
    const wo = await createWorkOrder(t, { actualStartDate: daysFromToday(-20) });
    const only = await createReportHeader(t, { workOrderSPKId: wo.id, actualStartDate: daysFromToday(-3) });
    await approve(only.id);
    expect(await workOrder(wo.id)).toMatchObject({
      status: 'completed',
      actualStartDate: daysFromToday(-20),
    });
    await createReportHeader(t, { workOrderSPKId: wo.id });
    expect((await workOrder(wo.id)).status).toBe('inProgress');

    const cancelled = await createWorkOrder(t, { status: 'cancelled' });
    const under = await createReportHeader(t, { workOrderSPKId: cancelled.id });
    await approve(under.id);
    expect((await workOrder(cancelled.id)).status).toBe('cancelled');
  });
});

describe('actual dates', () => {
  const tomorrowSomewhere = daysFromToday(2);

  it('refuses an actual start in the future on a report, and a completion before the start', async () => {
    const wo = await createWorkOrder(t);
    const r = await t.call('POST', '/api/report-headers', {
      workOrderSPKId: wo.id,
      reportNumber: `RPT-FUTURE-${Date.now()}`,
      title: 'Panel',
      equipmentNo: (await createReportHeader(t)).equipmentNo,
      inspectionMethod: 'thermal',
      actualStartDate: tomorrowSomewhere,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([
      { path: 'actualStartDate', message: 'The actual start date is in the future' },
    ]);

    const existing = await createReportHeader(t);
    const update = (values: Record<string, unknown>) =>
      t.call('PUT', `/api/report-headers/${existing.id}`, { ...values, version: existing.version });
    expect((await update({ actualStartDate: tomorrowSomewhere })).status).toBe(400);
    const backwards = await update({
      actualStartDate: daysFromToday(-2),
      actualCompletedDate: daysFromToday(-4),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.details[0].path).toBe('actualCompletedDate');
    expect((await update({ actualStartDate: daysFromToday(0) })).status).toBe(200);
  });

  it('refuses an actual start in the future on a work order', async () => {
    const r = await t.call('POST', '/api/work-order-spks', {
      woNumber: `WO-FUTURE-${Date.now()}`,
      title: 'Survey',
      actualStartDate: tomorrowSomewhere,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([
      { path: 'actualStartDate', message: 'The actual start is in the future' },
    ]);
  });

  it('calls a date future only once it is past today everywhere on Earth', () => {
    const at = Date.parse('2026-11-26T23:00:00Z'); // already the 27th in Jakarta and Kiribati
    expect(isFutureDate('2026-11-27', at)).toBe(false);
    expect(isFutureDate('2026-11-28', at)).toBe(true);
    expect(isFutureDate('2026-11-26', Date.parse('2026-11-26T00:00:00Z'))).toBe(false);
  });
});

/**
 * Recorded rows (docs/report-status.md "Recorded rows"): the rows a template starts a record with
 * are blank, so they make no report complete until a measured value the template left blank is
 * filled. Proven on a pump's flowrate attempts started by a test-only template, the readiness and
 * status calls served beside it with the template in their deps.
 */
describe('recorded rows', () => {
  const attempts = checkRowTemplate({
    parent: flowrateInspection,
    rows: flowrateMeasurement,
    variants: ['rotating-equipment'],
    fromParent: { flowrateGPM: 'ratedFlowGPM' },
    items: [{ attemp: 1 }, { attemp: 2 }, { attemp: 3, remarks: 'Valve fully open' }],
  });
  const productRoute = (path: string) => {
    const found = routeTable.find((r) => r.path === path)!;
    return { ...found, path: `/test-only${found.path}` };
  };
  let app: TestApp;
  beforeAll(async () => {
    app = await startWithTestRoutes(
      [
        route('POST', '/test-only/pump-flowrate', op.create(flowrateInspection, 'json', pump), {
          summary: 'A pump’s flowrate inspection, starting with its attempts',
          tag: 'Test only',
        }),
        productRoute('/report-headers/:id/readiness'),
        productRoute('/report-headers/update-report-status/:id'),
      ],
      { rowTemplates: [attempts] },
      { ...reportReadinessActions, ...reportStatusActions },
    );
  });
  afterAll(() => app?.close());

  it('counts a template row once a measured value is filled, not by existing', async () => {
    const r = await createReportHeader(app, { inspectionMethod: 'flowrate' });
    // The rated flow is copied into every attempt: a value the template gives, not a reading.
    const made = await app.call('POST', '/api/test-only/pump-flowrate', {
      reportHeaderId: r.id,
      equipmentName: 'P-201A',
      ratedFlowGPM: 350,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const listed = await app.call(
      'GET',
      `/api/flowrate-measurement/by-inspection?inspectionId=${made.body.data.id}`,
    );
    const [first] = listed.body.data as { id: string; version: number }[];
    expect(listed.body.data).toHaveLength(3);

    const before = await app.call('GET', `/api/test-only/report-headers/${r.id}/readiness`);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.data.ready).toBe(false);
    expect(before.body.data.missing).toMatchObject([
      { requirement: 'rows', entity: 'flowrateMeasurement', min: 1, found: 0 },
    ]);
    const submit = () =>
      app.call('PUT', `/api/test-only/report-headers/update-report-status/${r.id}?status=submitted`);
    const refused = await submit();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/record at least one flowrate measurement/);

    // A remark is not a reading either; the discharge pressure is.
    const remarked = await app.call('PUT', `/api/flowrate-measurement?id=${first!.id}`, {
      remarks: 'Started late',
      version: first!.version,
    });
    expect(remarked.status, JSON.stringify(remarked.body)).toBe(200);
    expect((await app.call('GET', `/api/test-only/report-headers/${r.id}/readiness`)).body.data.ready).toBe(
      false,
    );
    const read = await app.call('PUT', `/api/flowrate-measurement?id=${first!.id}`, {
      dischargePressurePsi: 120,
      version: remarked.body.data.version,
    });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect((await app.call('GET', `/api/test-only/report-headers/${r.id}/readiness`)).body.data).toEqual({
      ready: true,
      missing: [],
    });
    expect((await submit()).status).toBe(200);
  });

  it('reads the fields a technique declares, else the measured values a template leaves blank', () => {
    const measured = recordedFields(flowrate, flowrateMeasurement, [attempts]);
    // Measured numbers, less the ones the template fills (the attempt, the flow copied from the parent).
    expect(measured).toEqual(
      expect.arrayContaining(['flowrateBPD', 'suctionPressurePsi', 'dischargePressurePsi']),
    );
    expect(measured).not.toContain('attemp');
    expect(measured).not.toContain('flowrateGPM');
    expect(measured).not.toContain('remarks');
    // Rows no template starts count by existing; a declaration names its own fields.
    expect(recordedFields(flowrate, flowrateMeasurement, [])).toBeUndefined();
    const declared = { complete: { rows: { min: 1, recordedBy: ['flowrateBPD'] } } };
    expect(recordedFields(declared, flowrateMeasurement, [attempts])).toEqual(['flowrateBPD']);
  });
});
