/**
 * The register of findings to close (issue 40 item 3, docs/recommendations.md): a final approval
 * opens exactly the findings the grades declare (the stricter verdict counted), a revision carries
 * them over instead of opening them twice, closing needs evidence, a work order raised from one is
 * closed by its approved report, overdue is judged by date, and a contractor sees its company's
 * findings only. Through the API, on PGlite or TEST_DATABASE_URL.
 */
import { recommendationDueDays } from '@inspectra/contract';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/modules/recommendations/recommendation-writes.ts';
import {
  completeForSubmission,
  contractorOnWorkOrder,
  contractorToken,
  createApprover,
  createEquipment,
  createReportHeader,
  createRole,
  createThermalAnalysis,
  createThermalMeasurement,
  createUser,
  createWorkOrder,
  setTwoLevelPath,
  startTestApp,
  unique,
  approveReport,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
let approver: { id: string; token: string };

beforeAll(async () => {
  t = await startTestApp();
  approver = await createApprover(t);
});
afterAll(() => t?.close());

const today = () => new Date().toISOString().slice(0, 10);
const move = (id: string, status: string, token?: string) =>
  t.call('PUT', `/api/report-headers/update-report-status/${id}?status=${status}`, undefined, token);
/** The component named in a thermal finding ("LP-7 · C20" → "C20"). */
const component = (r: { finding: string }) => /C[\d.]+/.exec(r.finding)?.[0];
const get = (path: string, token?: string) => t.call('GET', `/api/${path}`, undefined, token);

type Rec = {
  id: string;
  version: number;
  equipmentNo: string;
  reportHeaderId: string;
  gradedRowId: string;
  inspectionMethod: string;
  finding: string;
  grade: string;
  severity: string;
  dueDate: string;
  status: string;
  ownerId: string | null;
  evidenceComment: string | null;
  evidenceReportId: string | null;
  workOrderSPKId: string | null;
  overdue: boolean;
  reportNumber: string;
  woNumber: string | null;
  area: string | null;
};

const approve = (id: string) => approveReport(t, id, approver.token);

async function listed(query: string, token?: string): Promise<Rec[]> {
  const r = await get(`recommendations?pageSize=100&${query}`, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as Rec[];
}

/** A thermal report on the equipment, one measurement per ΔT (component "C<ΔT>"). */
async function thermalReport(equipmentNo: string, deltas: number[], workOrderSPKId?: string) {
  const report = await createReportHeader(t, {
    equipmentNo,
    ...(workOrderSPKId ? { workOrderSPKId } : {}),
  });
  const analysis = await createThermalAnalysis(t, { reportHeaderId: report.id });
  for (const deltaT of deltas)
    await createThermalMeasurement(t, analysis.id, {
      component: `C${deltaT}`,
      maxTemperatureC: 40 + deltaT,
      referenceTemperatureC: 40,
    });
  return report as { id: string; reportNumber: string; workOrderSPKId: string };
}

describe('a final approval opens the findings the grades declare', () => {
  it('opens one per graded row at or above an opening level, severity and due date from the declaration', async () => {
    const { equipmentNo } = await createEquipment(t);
    // ΔT 20: repair immediately (critical); 10: repair as time permits (medium); 0.5: normal.
    const report = await thermalReport(equipmentNo, [20, 10, 0.5]);
    await approve(report.id);
    const recs = await listed(`equipmentNo=${equipmentNo}`);
    expect(recs.map((r) => [component(r), r.grade, r.severity, r.dueDate, r.status])).toEqual([
      ['C20', 'repairImmediately', 'critical', addDays(today(), recommendationDueDays.critical), 'open'],
      ['C10', 'repairAsTimePermits', 'medium', addDays(today(), recommendationDueDays.medium), 'open'],
    ]);
    expect(recs[0]).toMatchObject({
      reportHeaderId: report.id,
      reportNumber: report.reportNumber,
      inspectionMethod: 'thermal',
      overdue: false,
    });
    const one = await get(`recommendations/${recs[0]!.id}`);
    expect(one.status).toBe(200);
    expect(component(one.body.data)).toBe('C20');
  });

  it('opens nothing before the last level approves, and nothing below the threshold', async () => {
    const reviewer = await createApprover(t);
    const { equipmentNo } = await createEquipment(t);
    const twoLevel = await thermalReport(equipmentNo, [20]);
    await setTwoLevelPath(t, 'thermal', reviewer.id);
    try {
      await completeForSubmission(t, twoLevel.id);
      expect((await move(twoLevel.id, 'submitted')).status).toBe(200);
      expect((await move(twoLevel.id, 'approved', reviewer.token)).status).toBe(200);
      expect(await listed(`equipmentNo=${equipmentNo}`)).toEqual([]);
      expect((await move(twoLevel.id, 'approved', reviewer.token)).status).toBe(200);
      expect((await listed(`equipmentNo=${equipmentNo}`)).map(component)).toEqual(['C20']);
    } finally {
      await t.db.execute(sql`delete from reviewer_assignment where inspection_method = 'thermal'`);
      await t.db.execute(sql`delete from inspection_method_approval where inspection_method = 'thermal'`);
    }
    const quiet = await createEquipment(t);
    await approve((await thermalReport(quiet.equipmentNo, [0.5])).id);
    expect(await listed(`equipmentNo=${quiet.equipmentNo}`)).toEqual([]);
  });

  it("counts the stricter verdict of a pair: an analyst's zone B over the standard's C opens a C finding", async () => {
    const pump = await createEquipment(t, { categoryCode: 'rotating-equipment', objectTypeCode: 'RE-PUMP' });
    const report = await createReportHeader(t, {
      equipmentNo: pump.equipmentNo,
      inspectionMethod: 'vibration',
    });
    const analysis = await t.call('PUT', '/api/vibration-analysis', {
      reportHeaderId: report.id,
      driver: 'Electric motor',
      driven: 'Centrifugal pump',
      powerKw: 75,
      machineGroup: 'group2',
      foundation: 'rigid',
    });
    expect(analysis.status, JSON.stringify(analysis.body)).toBe(201);
    const reading = (point: string, velocity: number, extra: Record<string, unknown> = {}) =>
      t.call('POST', '/api/vibration-measurement', {
        vibrationAnalysisId: analysis.body.data.id,
        measurementPoint: point,
        direction: 'horizontal',
        measurementDate: '2026-11-20',
        velocityRmsMmPerS: velocity,
        ...extra,
      });
    // 3 mm/s is zone C for group 2 on a rigid foundation; the analyst records B, with a reason.
    const overridden = await reading('DE', 3, {
      analystZone: 'B',
      verdictOverrideReason: 'Start-up transient',
    });
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(201);
    // 2 mm/s is zone B: below the opening level.
    expect((await reading('NDE', 2)).status).toBe(201);
    await approve(report.id);
    const recs = await listed(`equipmentNo=${pump.equipmentNo}`);
    expect(recs.map((r) => [r.finding, r.grade, r.severity])).toEqual([['DE', 'C', 'high']]);
  });
});

describe('a revision carries the findings over', () => {
  it('re-points the findings it still has, closes those it no longer reports, opens none twice', async () => {
    const { equipmentNo } = await createEquipment(t);
    const report = await thermalReport(equipmentNo, [20, 10]);
    await approve(report.id);
    const [critical, medium] = await listed(`equipmentNo=${equipmentNo}`);
    const owned = await t.call('PUT', `/api/recommendations/${critical!.id}`, { ownerId: approver.id });
    expect(owned.status, JSON.stringify(owned.body)).toBe(200);
    const revised = await t.call('POST', `/api/report-headers/${report.id}/revision`, {
      reason: 'Re-measured',
    });
    expect(revised.status).toBe(201);
    const revision = revised.body.data as { id: string; reportNumber: string };
    // In the revision the ΔT 10 component reads normal: that finding is no longer reported.
    const rows = await t.db.execute<{ id: string }>(
      sql`select m.id from thermal_measurement m join thermal_analysis a on m.thermal_analysis_id = a.id
        where a.report_header_id = ${revision.id} and m.component = 'C10'`,
    );
    const fixed = await t.call('PUT', `/api/thermal-measurements?id=${rows.rows[0]!.id}`, {
      maxTemperatureC: 40.5,
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    await approve(revision.id);
    const after = await listed(`equipmentNo=${equipmentNo}`);
    expect(after).toHaveLength(2);
    const carried = after.find((r) => r.id === critical!.id)!;
    expect(carried).toMatchObject({
      reportHeaderId: revision.id,
      status: 'open',
      ownerId: approver.id,
      dueDate: critical!.dueDate,
    });
    expect(carried.gradedRowId).not.toBe(critical!.gradedRowId);
    const dropped = after.find((r) => r.id === medium!.id)!;
    expect(dropped).toMatchObject({
      status: 'closed',
      evidenceReportId: revision.id,
      reportHeaderId: report.id,
    });
    expect(dropped.evidenceComment).toContain(revision.reportNumber);
    // Approving opens a row's finding once: the unique (entity, row) holds it.
    const count = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from recommendation where equipment_no = ${equipmentNo}`,
    );
    expect(count.rows[0]!.n).toBe(2);
  });
});

describe('working a finding through to closed', () => {
  it('refuses closing without evidence and changes nothing; refuses illegal moves', async () => {
    const { equipmentNo } = await createEquipment(t);
    await approve((await thermalReport(equipmentNo, [20])).id);
    const [rec] = await listed(`equipmentNo=${equipmentNo}`);
    const bare = await t.call('PUT', `/api/recommendations/${rec!.id}`, { status: 'closed' });
    expect(bare.status).toBe(400);
    expect(bare.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'evidenceComment',
      'evidenceReportId',
    ]);
    const commentOnly = await t.call('PUT', `/api/recommendations/${rec!.id}`, {
      status: 'closed',
      evidenceComment: 'Lug re-torqued',
    });
    expect(commentOnly.status).toBe(400);
    expect(commentOnly.body.error.details.map((d: { path: string }) => d.path)).toEqual(['evidenceReportId']);
    const unchanged = (await get(`recommendations/${rec!.id}`)).body.data as Rec;
    expect(unchanged).toMatchObject({ version: rec!.version, status: 'open', evidenceComment: null });
    // The evidence is a later approved report of the same equipment.
    const elsewhere = await createEquipment(t);
    const other = await thermalReport(elsewhere.equipmentNo, [0.5]);
    await approve(other.id);
    const wrongPlace = await t.call('PUT', `/api/recommendations/${rec!.id}`, {
      status: 'closed',
      evidenceComment: 'Lug re-torqued',
      evidenceReportId: other.id,
    });
    expect(wrongPlace.status).toBe(400);
    expect(wrongPlace.body.error.details[0].path).toBe('evidenceReportId');
    const later = await thermalReport(equipmentNo, [0.5]);
    const draft = await t.call('PUT', `/api/recommendations/${rec!.id}`, {
      status: 'closed',
      evidenceComment: 'Lug re-torqued',
      evidenceReportId: later.id,
    });
    expect(draft.status).toBe(400);
    expect(draft.body.error.details[0].message).toContain('not approved');
    await approve(later.id);
    const closed = await t.call('PUT', `/api/recommendations/${rec!.id}`, {
      status: 'closed',
      evidenceComment: 'Lug re-torqued',
      evidenceReportId: later.id,
      version: rec!.version,
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data).toMatchObject({ status: 'closed', evidenceReportId: later.id });
    expect(closed.body.data.closedBy).toBe(closed.body.data.updatedBy);
    const reopened = await t.call('PUT', `/api/recommendations/${rec!.id}`, { status: 'open' });
    expect(reopened.status).toBe(409);
    const stale = await t.call('PUT', `/api/recommendations/${rec!.id}`, { ownerId: approver.id });
    expect(stale.status).toBe(409);
  });

  it('refuses what the server writes (severity, grade, source) in the update body, changing nothing', async () => {
    const { equipmentNo } = await createEquipment(t);
    await approve((await thermalReport(equipmentNo, [20])).id);
    const [rec] = await listed(`equipmentNo=${equipmentNo}`);
    const r = await t.call('PUT', `/api/recommendations/${rec!.id}`, {
      severity: 'low',
      dueDate: '2030-01-01',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    const [after] = await listed(`equipmentNo=${equipmentNo}`);
    expect(after).toMatchObject({ severity: rec!.severity, dueDate: rec!.dueDate, version: rec!.version });
  });

  it('refuses an unknown owner, a stale version and bad values with clear 4xx', async () => {
    const { equipmentNo } = await createEquipment(t);
    await approve((await thermalReport(equipmentNo, [20])).id);
    const [rec] = await listed(`equipmentNo=${equipmentNo}`);
    const nobody = await t.call('PUT', `/api/recommendations/${rec!.id}`, {
      ownerId: '00000000-0000-4000-8000-000000000000',
    });
    expect(nobody.status).toBe(400);
    expect(nobody.body.error.details[0].path).toBe('ownerId');
    const stale = await t.call('PUT', `/api/recommendations/${rec!.id}`, {
      dueDate: '2027-01-01',
      version: 99,
    });
    expect(stale.status).toBe(409);
    expect((await t.call('PUT', `/api/recommendations/${rec!.id}`, { status: 'done' })).status).toBe(400);
    expect((await t.call('PUT', `/api/recommendations/${rec!.id}`, { dueDate: '31-12-2026' })).status).toBe(
      400,
    );
    expect((await get('recommendations?overdue=maybe')).status).toBe(400);
    expect((await get('recommendations?severity=urgent')).status).toBe(400);
    expect((await get('recommendations/not-a-uuid')).status).toBe(400);
    expect((await get('recommendations/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('raises a work order carrying equipment and method; its approved report closes the finding', async () => {
    const equipment = await createEquipment(t);
    await approve((await thermalReport(equipment.equipmentNo, [20])).id);
    const [rec] = await listed(`equipmentNo=${equipment.equipmentNo}`);
    const woNumber = `WO-REC-${unique()}`;
    const raised = await t.call('POST', `/api/recommendations/${rec!.id}/work-order`, { woNumber });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(raised.body.data).toMatchObject({ status: 'inProgress', woNumber });
    const workOrderId = raised.body.data.workOrderSPKId as string;
    const wo = (await get(`work-order-spks/${workOrderId}`)).body.data;
    expect(wo).toMatchObject({
      woNumber,
      tagNumber: equipment.tagNumber,
      priority: 'veryHigh',
      workType: 'corrective',
    });
    expect(wo.description).toContain('C20');
    const tasks = await get(`wo-task-assignments/by-work-order?workOrderSPKId=${workOrderId}`);
    expect(tasks.body.data.map((a: { inspectionMethod: string }) => a.inspectionMethod)).toEqual(['thermal']);
    // Raised once only.
    expect(
      (await t.call('POST', `/api/recommendations/${rec!.id}/work-order`, { woNumber: `${woNumber}-2` }))
        .status,
    ).toBe(409);
    // The follow-up report on that work order, approved, closes it with the report as evidence.
    const followUp = await thermalReport(equipment.equipmentNo, [0.5], workOrderId);
    await approve(followUp.id);
    const closed = (await get(`recommendations/${rec!.id}`)).body.data as Rec;
    expect(closed).toMatchObject({ status: 'closed', evidenceReportId: followUp.id });
    expect(closed.evidenceComment).toContain(followUp.reportNumber);
  });
});

describe('the evidence report picked from its candidates', () => {
  type Candidate = {
    id: string;
    reportNumber: string;
    inspectionMethod: string;
    worstFinding: string | null;
  };
  const candidatesOf = async (id: string, token?: string) => {
    const r = await get(`recommendations/${id}/evidence-candidates`, token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { data: Candidate[]; meta: { notShown: { data: number } } };
  };

  it("offers the equipment's later, current, approved reports the caller may read, newest first; refuses the others", async () => {
    const { token, workOrderId } = await contractorOnWorkOrder(t, [
      { module: 'reportHeader', action: 'view' },
      { module: 'workOrder', action: 'update' },
    ]);
    const workOrder = { id: workOrderId };
    const { equipmentNo } = await createEquipment(t);
    // Approved before the finding was opened: not evidence.
    const earlier = await thermalReport(equipmentNo, [0.5], workOrder.id);
    await approve(earlier.id);
    const source = await thermalReport(equipmentNo, [20], workOrder.id);
    await approve(source.id);
    const [rec] = await listed(`equipmentNo=${equipmentNo}`);
    const ours = await thermalReport(equipmentNo, [0.5], workOrder.id);
    await approve(ours.id);
    // Another company's (no task of the contractor on its work order): the plant sees it, the contractor not.
    const theirs = await thermalReport(equipmentNo, [20]);
    await approve(theirs.id);
    // Superseded by its approved revision: the revision is offered, not it.
    const replaced = await thermalReport(equipmentNo, [0.5], workOrder.id);
    await approve(replaced.id);
    const revised = await t.call('POST', `/api/report-headers/${replaced.id}/revision`, {
      reason: 'Re-shot',
    });
    expect(revised.status).toBe(201);
    const revision = revised.body.data as { id: string; reportNumber: string };
    await approve(revision.id);
    // A draft on the equipment, and an approved report elsewhere: neither offered.
    await thermalReport(equipmentNo, [0.5], workOrder.id);
    const elsewhere = await thermalReport((await createEquipment(t)).equipmentNo, [0.5]);
    await approve(elsewhere.id);

    const all = await candidatesOf(rec!.id);
    expect(all.data.map((c) => c.id)).toEqual([revision.id, theirs.id, ours.id]);
    expect(all.meta).toEqual({ notShown: { data: 0 } });
    expect(all.data[0]).toMatchObject({ reportNumber: revision.reportNumber, inspectionMethod: 'thermal' });
    // The worst graded finding of each: ΔT 20 is the thermal grade that opened the finding.
    expect(all.data[1]!.worstFinding).toBe(rec!.grade);
    const contractors = await candidatesOf(rec!.id, token);
    expect(contractors.data.map((c) => c.id)).toEqual([revision.id, ours.id]);

    const close = (evidenceReportId: string, who?: string) =>
      t.call(
        'PUT',
        `/api/recommendations/${rec!.id}`,
        { status: 'closed', evidenceComment: 'Re-torqued, re-shot', evidenceReportId },
        who,
      );
    for (const [report, says] of [
      [earlier.id, 'not later than the report the finding came from'],
      [source.id, 'not later than the report the finding came from'],
      [replaced.id, 'superseded by a revision'],
      [elsewhere.id, 'on other equipment'],
    ] as const) {
      const refused = await close(report);
      expect(refused.status, says).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(refused.body.error.details[0]).toMatchObject({ path: 'evidenceReportId' });
      expect(refused.body.message).toContain(says);
    }
    const hidden = await close(theirs.id, token);
    expect(hidden.status).toBe(400);
    expect(hidden.body.message).toContain('No report you can read');
    expect(((await get(`recommendations/${rec!.id}`)).body.data as Rec).status).toBe('open');
    const closed = await close(revision.id, token);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data).toMatchObject({ status: 'closed', evidenceReportId: revision.id });
  });

  it("is 404 for another company's finding and 403 without the planner's permission", async () => {
    const { equipmentNo } = await createEquipment(t);
    await approve((await thermalReport(equipmentNo, [20])).id);
    const [rec] = await listed(`equipmentNo=${equipmentNo}`);
    const planner = await contractorToken(t, 'Planner');
    expect((await get(`recommendations/${rec!.id}/evidence-candidates`, planner)).status).toBe(404);
    const inspector = await contractorToken(t);
    const refused = await get(`recommendations/${rec!.id}/evidence-candidates`, inspector);
    expect(refused.status).toBe(403);
    expect(refused.body.data).toBeNull();
  });
});

describe('the register read', () => {
  it('filters overdue by date, by area and severity, and counts open findings', async () => {
    const location = `AREA-${unique()}`.toUpperCase();
    const made = await t.call('POST', '/api/asset/locations', { code: location, name: 'Crude unit' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { equipmentNo } = await createEquipment(t, { locationCode: location });
    await approve((await thermalReport(equipmentNo, [20, 10])).id);
    const [critical, medium] = await listed(`equipmentNo=${equipmentNo}`);
    const late = await t.call('PUT', `/api/recommendations/${medium!.id}`, { dueDate: addDays(today(), -1) });
    expect(late.status).toBe(200);
    expect(late.body.data.overdue).toBe(true);
    const ids = (recs: Rec[]) => recs.map((r) => r.id);
    expect(ids(await listed(`equipmentNo=${equipmentNo}&overdue=true`))).toEqual([medium!.id]);
    expect(ids(await listed(`equipmentNo=${equipmentNo}&overdue=false`))).toEqual([critical!.id]);
    expect(ids(await listed(`area=${location}`))).toEqual([medium!.id, critical!.id]);
    expect(ids(await listed(`area=${location}&severity=critical`))).toEqual([critical!.id]);
    expect((await listed(`area=${location}`))[0]!.area).toBe(location);
    const counts = (await get('recommendations/counts')).body.data;
    expect(counts.overdue).toBeGreaterThanOrEqual(1);
    expect(counts.byArea).toContainEqual({ area: location, count: 2 });
    expect(counts.bySeverity.map((c: { severity: string }) => c.severity)).toContain('critical');
    // Each severity once (overdue or not, counted together), the same open findings as by area.
    const severities = counts.bySeverity.map((c: { severity: string }) => c.severity);
    expect(new Set(severities).size).toBe(severities.length);
    const total = (byKey: { count: number }[]) => byKey.reduce((n, c) => n + c.count, 0);
    expect(total(counts.bySeverity)).toBe(total(counts.byArea));
    // The equipment's health card counts them too, overdue in the same words.
    const card = (await get(`equipment-health/${equipmentNo}`)).body.data;
    expect(card.openRecommendations).toEqual({
      bySeverity: { low: 0, medium: 1, high: 0, critical: 1 },
      overdue: 1,
      total: 2,
    });
  });

  it("shows a contractor its company's findings only", async () => {
    const { user, token, workOrderId } = await contractorOnWorkOrder(t, [
      { module: 'reportHeader', action: 'view' },
    ]);
    const workOrder = { id: workOrderId };
    const { equipmentNo } = await createEquipment(t);
    await approve((await thermalReport(equipmentNo, [20], workOrder.id)).id);
    await approve((await thermalReport(equipmentNo, [10])).id);
    const all = await listed(`equipmentNo=${equipmentNo}`);
    expect(all.map(component).sort()).toEqual(['C10', 'C20']);
    const theirs = await listed(`equipmentNo=${equipmentNo}`, token);
    expect(theirs.map(component)).toEqual(['C20']);
    const owners = all.find((r) => component(r) === 'C10')!;
    expect((await get(`recommendations/${owners.id}`, token)).status).toBe(404);
    // Changing findings is the planner's (workOrder.update): an inspector may not.
    expect(
      (await t.call('PUT', `/api/recommendations/${theirs[0]!.id}`, { ownerId: user.id }, token)).status,
    ).toBe(403);
  });
});

describe('the register kept at scale and refused whole', () => {
  it('keeps the area on the finding and moves it with its equipment', async () => {
    const [from, to] = [`AREA-${unique()}`.toUpperCase(), `AREA-${unique()}`.toUpperCase()];
    for (const code of [from, to])
      expect((await t.call('POST', '/api/asset/locations', { code, name: code })).status).toBe(201);
    const item = await createEquipment(t, { locationCode: from });
    await approve((await thermalReport(item.equipmentNo, [20])).id);
    const [rec] = await listed(`area=${from}`);
    expect(rec).toMatchObject({ equipmentNo: item.equipmentNo, area: from });
    const moved = await t.call('PUT', `/api/asset/${item.id}`, { locationCode: to, version: item.version });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await listed(`area=${from}`)).toEqual([]);
    expect((await listed(`area=${to}`)).map((r) => r.id)).toEqual([rec!.id]);
    expect((await get('recommendations/counts')).body.data.byArea).toContainEqual({ area: to, count: 1 });
  });

  it('opens the findings of a report of 300 rows needing action, with their 300 audit rows', async () => {
    const { equipmentNo } = await createEquipment(t);
    const report = await thermalReport(equipmentNo, [20]);
    // 299 more rows like the first (ΔT 20: repair immediately), each its own component.
    await t.db.execute(sql`insert into thermal_measurement
      select (jsonb_populate_record(null::thermal_measurement, to_jsonb(m)
        || jsonb_build_object('id', gen_random_uuid(), 'component', 'B' || g))).*
      from thermal_measurement m, generate_series(1, 299) as g
      where m.thermal_analysis_id = (select id from thermal_analysis where report_header_id = ${report.id})`);
    await approve(report.id);
    const page = await get(`recommendations?pageSize=1&equipmentNo=${equipmentNo}`);
    expect(page.body.meta.totalCount).toBe(300);
    const audited = await t.db.execute(sql`select count(*)::int as n from audit_log
      where entity = 'recommendation' and action = 'create'
      and entity_id in (select id from recommendation where equipment_no = ${equipmentNo})`);
    expect((audited.rows[0] as { n: number }).n).toBe(300);
  });

  it('exports the register as the list filters it: one row per finding, soonest due first', async () => {
    const { equipmentNo } = await createEquipment(t);
    const report = await thermalReport(equipmentNo, [20, 10]);
    await approve(report.id);
    const res = await t.call('GET', `/api/recommendations/export?equipmentNo=${equipmentNo}`);
    expect(res.status).toBe(200);
    expect(res.res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const cells = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(cells(1)).toEqual([
      'Due date',
      'Overdue',
      'Severity',
      'State',
      'Equipment',
      'Area',
      'Finding',
      'Source',
      'Grade',
      'Owner',
      'Work order',
      'Evidence',
      'Evidence report',
      'Closed at',
    ]);
    expect(sheet.actualRowCount).toBe(3);
    const [critical, medium] = [cells(2), cells(3)];
    expect(critical.slice(1, 5)).toEqual(['No', 'Critical', 'Open', equipmentNo]);
    expect(String(critical[6])).toContain('C20');
    expect(critical[7]).toBe(`${report.reportNumber} (thermal)`);
    expect((critical[0] as Date).toISOString().slice(0, 10)).toBe(
      addDays(today(), recommendationDueDays.critical),
    );
    expect(medium[2]).toBe('Medium');
    // Filtered as the list is: by severity, and nothing matched is a header alone.
    const only = await t.call(
      'GET',
      `/api/recommendations/export?equipmentNo=${equipmentNo}&severity=medium`,
    );
    const one = new ExcelJS.Workbook();
    await one.xlsx.load(only.res.rawPayload as unknown as ArrayBuffer);
    expect(one.worksheets[0]!.actualRowCount).toBe(2);
    // A bad filter is a 400 in the envelope, not a broken file.
    const bad = await t.call('GET', '/api/recommendations/export?severity=dire');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('refuses a work order number already taken with 409, writing nothing', async () => {
    const { equipmentNo } = await createEquipment(t);
    await approve((await thermalReport(equipmentNo, [20])).id);
    const [rec] = await listed(`equipmentNo=${equipmentNo}`);
    const taken = await createWorkOrder(t);
    const refused = await t.call('POST', `/api/recommendations/${rec!.id}/work-order`, {
      woNumber: taken.woNumber,
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body).toMatchObject({ data: null, statusCode: 409, error: { code: 'CONFLICT' } });
    expect(refused.body.message).toMatch(/work order|number/i);
    const after = (await get(`recommendations/${rec!.id}`)).body.data as Rec;
    expect(after).toMatchObject({ status: 'open', workOrderSPKId: null, version: rec!.version });
    const orders = await t.db.execute(
      sql`select count(*)::int as n from work_order_spk where wo_number = ${taken.woNumber}`,
    );
    expect((orders.rows[0] as { n: number }).n).toBe(1);
  });
});

describe("the finding's owner picker", () => {
  it('offers active users by name to a planner, and refuses a viewer', async () => {
    const tag = unique();
    const active = await createUser(t, { username: `owner-${tag}` });
    await createUser(t, { username: `owner-${tag}-gone`, isActive: false });
    const r = await get(`recommendations/owners?search=owner-${tag}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.map((u: { id: string }) => u.id)).toEqual([active.id]);
    const viewer = await createRole(t, [{ module: 'reportHeader', action: 'view' }]);
    const reader = await createUser(t, { roleId: viewer.id });
    const token = (await t.login(reader.username, reader.password)).json().data.accessToken as string;
    expect((await get('recommendations/owners', token)).status).toBe(403);
  });
});
