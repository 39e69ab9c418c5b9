/**
 * The reviewer's queue (docs/approvals.md, "The queue"): each report waiting for the caller with its
 * worst finding, equipment tag and description, method, company and since when it waits; filtered by
 * method, severity and company, searched by report and equipment, oldest waiting first, paged; and
 * its summary (the count the menu shows, the filters' choices).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import {
  completeForSubmission,
  createEquipment,
  createRole,
  createThermalAnalysis,
  createThermalMeasurement,
  createUser,
  createWorkOrder,
  multipart,
  nextIp,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { pdfBytes } from './document-bytes.ts';

let t: TestApp;
type Item = {
  id: string;
  reportNumber: string;
  inspectionMethod: string;
  inspectionMethodName: string | null;
  equipmentNo: string;
  tagNumber: string | null;
  equipmentDescription: string | null;
  contractorCompanyId: string | null;
  contractorName: string | null;
  worstFinding: string | null;
  waitingSince: string;
};

const queue = '/api/report-approval-paths/queue';
const tag = `P-${randomUUID().slice(0, 6).toUpperCase()}A`;
let reviewer: string;
let inspector: { id: string; token: string };
let contractor: { id: string; token: string };
let companyId: string;
/** Submitted in this order: the hot pump (staff), the contractor's panel, the staff's MCSA motor. */
let hot: { id: string; reportNumber: string };
let mild: { id: string; reportNumber: string };
let plain: { id: string; reportNumber: string };

async function signIn(roleId: string) {
  const user = await createUser(t, { roleId });
  const token = (await t.login(user.username, user.password, nextIp())).json().data.accessToken as string;
  return { id: user.id, token };
}

async function report(
  author: { token: string },
  inspectionMethod: string,
  equipmentNo: string,
  workOrderSPKId?: string,
) {
  const r = await t.call(
    'POST',
    '/api/report-headers',
    {
      workOrderSPKId: workOrderSPKId ?? (await createWorkOrder(t)).id,
      reportNumber: `RPT-${randomUUID().slice(0, 8)}`,
      title: 'Monthly survey',
      equipmentNo,
      inspectionMethod,
    },
    author.token,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { id: string; reportNumber: string };
}

/** A thermal analysis with a measurement of each ΔT (their severity is derived from it). */
async function measured(reportHeaderId: string, ...deltasC: number[]) {
  const analysis = await createThermalAnalysis(t, { reportHeaderId });
  for (const deltaC of deltasC)
    await createThermalMeasurement(t, analysis.id, {
      maxTemperatureC: 40 + deltaC,
      referenceTemperatureC: 40,
    });
}

/** A supporting document: what a method without an inspection form of its own needs to be submitted. */
async function documented(reportHeaderId: string) {
  const r = await t.call(
    'POST',
    '/api/report-supporting-document',
    multipart(
      { reportHeaderId, documentType: 'procedure' },
      { file: { name: 'p.pdf', type: 'application/pdf', bytes: pdfBytes } },
    ),
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  // And what its method's technique needs besides (an MCSA report: a motor test).
  await completeForSubmission(t, reportHeaderId);
}

async function submit(id: string, author: { token: string }) {
  const r = await t.call(
    'PUT',
    `/api/report-headers/update-report-status/${id}?status=submitted`,
    undefined,
    author.token,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

const get = async (query = '', token = reviewer) => t.call('GET', `${queue}${query}`, undefined, token);
const ids = async (query: string) => {
  const r = await get(query);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.data as Item[]).map((i) => i.id);
};

beforeAll(async () => {
  t = await startTestApp();
  const authorRole = await createRole(t, [
    { module: 'reportHeader', action: 'view' },
    { module: 'reportHeader', action: 'create' },
    { module: 'reportHeader', action: 'update' },
    // Writes thermal reports, so the contractor's inspector may be named on a thermal assignment.
    { module: 'thermal', action: 'create' },
  ]);
  const reviewerRole = await createRole(t, [
    { module: 'reportHeader', action: 'view' },
    { module: 'reportHeader', action: 'approve' },
  ]);
  reviewer = (await signIn(reviewerRole.id)).token;
  inspector = await signIn(authorRole.id);

  const company = await t.call(
    'POST',
    '/api/contractor-company',
    multipart({ ContractorName: 'PT Queue Test' }),
  );
  expect(company.status, JSON.stringify(company.body)).toBe(201);
  companyId = company.body.data.id;
  contractor = await signIn(authorRole.id);
  await t.db.update(users).set({ contractorCompanyId: companyId }).where(eq(users.id, contractor.id));
  // The contractor's inspector works on a work order assigned to them.
  const contractorWork = await createWorkOrder(t);
  const assigned = await t.call('POST', '/api/wo-task-assignments', {
    workOrderSPKId: contractorWork.id,
    inspectionMethod: 'thermal',
    userPDMIds: [contractor.id],
  });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);

  const pump = await createEquipment(t, { tagNumber: tag, description: 'Crude charge pump' });
  const panel = await createEquipment(t);
  const motor = await createEquipment(t, { description: 'Cooling water motor' });

  hot = await report(inspector, 'thermal', pump.equipmentNo);
  // Investigate, then repair immediately: the worst.
  await measured(hot.id, 2, 20);
  mild = await report(contractor, 'thermal', panel.equipmentNo, contractorWork.id);
  await measured(mild.id, 2);
  plain = await report(inspector, 'mcsa', motor.equipmentNo);
  await documented(plain.id);
  await submit(hot.id, inspector);
  await submit(mild.id, contractor);
  await submit(plain.id, inspector);
});
afterAll(() => t?.close());

describe('the approvals queue', () => {
  it('shows each report with its worst finding, equipment, method, company and since when it waits', async () => {
    const r = await get();
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const items = r.body.data as Item[];
    // Oldest waiting first.
    expect(items.map((i) => i.id)).toEqual([hot.id, mild.id, plain.id]);
    expect(items[0]).toMatchObject({
      reportNumber: hot.reportNumber,
      inspectionMethod: 'thermal',
      inspectionMethodName: expect.any(String),
      tagNumber: tag,
      equipmentDescription: 'Crude charge pump',
      contractorCompanyId: null,
      contractorName: null,
      worstFinding: 'repairImmediately',
    });
    expect(items[1]).toMatchObject({
      contractorCompanyId: companyId,
      contractorName: 'PT Queue Test',
      worstFinding: 'investigate',
    });
    expect(items[2]).toMatchObject({ inspectionMethod: 'mcsa', worstFinding: null });
    // It waits since its submission step.
    const history = await t.call('GET', `/api/report-approval-paths/history?reportHeaderId=${hot.id}`);
    const submitted = history.body.data.find((s: { action: string }) => s.action === 'submitted');
    expect(items[0]!.waitingSince).toBe(submitted.at);
    expect(r.body.meta).toMatchObject({ pageNumber: 1, totalCount: 3, totalPages: 1 });
  });

  it('pages, and a page of one carries the count the menu shows', async () => {
    const r = await get('?pageSize=1&pageNumber=2');
    expect(r.body.data.map((i: Item) => i.id)).toEqual([mild.id]);
    expect(r.body.meta).toMatchObject({ totalCount: 3, totalPages: 3 });
  });

  it('filters by method, severity and company, and combines them', async () => {
    expect(await ids('?inspectionMethod=thermal')).toEqual([hot.id, mild.id]);
    expect(await ids('?inspectionMethod=vibration')).toEqual([]);
    expect(await ids('?severity=repairImmediately')).toEqual([hot.id]);
    expect(await ids('?severity=investigate,none')).toEqual([mild.id, plain.id]);
    expect(await ids('?severity=critical')).toEqual([]);
    expect(await ids(`?contractorCompanyId=${companyId}`)).toEqual([mild.id]);
    expect(await ids('?contractorCompanyId=none')).toEqual([hot.id, plain.id]);
    expect(
      await ids('?contractorCompanyId=none&inspectionMethod=thermal&severity=repairImmediately'),
    ).toEqual([hot.id]);
  });

  it('searches by report number, equipment tag, description and number', async () => {
    expect(await ids(`?search=${hot.reportNumber}`)).toEqual([hot.id]);
    expect(await ids(`?search=${tag.toLowerCase()}`)).toEqual([hot.id]);
    expect(await ids('?search=cooling water')).toEqual([plain.id]);
    expect(await ids('?search=Monthly')).toEqual([hot.id, mild.id, plain.id]);
  });

  it('refuses an unknown severity or company with a 400 naming it', async () => {
    const severity = await get('?severity=catastrophic');
    expect(severity.status).toBe(400);
    expect(severity.body.message).toContain('catastrophic');
    expect(severity.body.error.details[0].path).toBe('severity');
    const company = await get('?contractorCompanyId=acme');
    expect(company.status).toBe(400);
    expect(company.body.data).toBeNull();
  });

  it('answers 403 to one whose role may not approve', async () => {
    expect((await get('', inspector.token)).status).toBe(403);
    const summary = await t.call('GET', `${queue}/summary`, undefined, inspector.token);
    expect(summary.status).toBe(403);
  });

  it('moves on when a report is approved', async () => {
    const extra = await report(inspector, 'mcsa', (await createEquipment(t)).equipmentNo);
    await documented(extra.id);
    await submit(extra.id, inspector);
    expect(await ids('')).toContain(extra.id);
    const approved = await t.call(
      'PUT',
      `/api/report-headers/update-report-status/${extra.id}?status=approved`,
      undefined,
      reviewer,
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await ids('')).not.toContain(extra.id);
  });
});

describe('the queue summary', () => {
  it('counts what waits, by method and by company, under the same filters', async () => {
    const r = await t.call('GET', `${queue}/summary`, undefined, reviewer);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.total).toBe(3);
    expect(r.body.data.byMethod).toEqual([
      { inspectionMethod: 'mcsa', name: expect.any(String), count: 1 },
      { inspectionMethod: 'thermal', name: expect.any(String), count: 2 },
    ]);
    expect(r.body.data.byCompany).toEqual([
      { contractorCompanyId: null, contractorName: null, count: 2 },
      { contractorCompanyId: companyId, contractorName: 'PT Queue Test', count: 1 },
    ]);
    const filtered = await t.call('GET', `${queue}/summary?severity=repairImmediately`, undefined, reviewer);
    expect(filtered.body.data.total).toBe(1);
  });
});
