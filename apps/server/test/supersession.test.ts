/**
 * Revisions and supersession (issue 36, docs/revisions-and-supersession.md): an approved revision
 * supersedes the report it revises, in the same transaction, and lists, histories and the PDF say
 * so; four eyes reaches back along a revision's line; a list too long for the report of record is
 * refused at submission; and the approval options may require the approver's signature. Through
 * the API, on PGlite or TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeForSubmission,
  createApprover,
  createReportHeader,
  createThermalAnalysis,
  createThermalMeasurement,
  createUser,
  multipart,
  nextIp,
  pngBytes,
  startTestApp,
  approveReport,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { pdfText } from './pdf-text.ts';

let t: TestApp;
let approver: { id: string; token: string };

beforeAll(async () => {
  // 20,000 rows are written and counted in one test: room beyond the usual statement timeout.
  t = await startTestApp({ statementTimeoutMs: 60_000 });
  approver = await createApprover(t);
});
afterAll(() => t?.close());

const move = (id: string, status: string, token?: string, comment?: string) =>
  t.call(
    'PUT',
    `/api/report-headers/update-report-status/${id}?status=${status}${comment ? `&comment=${encodeURIComponent(comment)}` : ''}`,
    undefined,
    token,
  );
const get = (path: string, token?: string) => t.call('GET', `/api/${path}`, undefined, token);

/** Submitted by the administrator who wrote it, approved by the approver (or `by`). */
const approve = (id: string, by = approver.token) => approveReport(t, id, by);

async function revise(id: string) {
  const r = await t.call('POST', `/api/report-headers/${id}/revision`, {
    reason: 'Lens cleaned, re-measured',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { id: string; reportNumber: string };
}

async function pdfOf(url: string) {
  const printed = await t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
  });
  expect(printed.statusCode).toBe(200);
  return pdfText(printed.rawPayload);
}

describe('a revision approved supersedes the report it revises', () => {
  it('marks the original superseded in the same move, and nothing before', async () => {
    const report = await createReportHeader(t);
    await approve(report.id);
    const revision = await revise(report.id);
    const one = async (id: string) => (await get(`report-headers?id=${id}`)).body.data[0];
    // A revision in draft, or in approval, supersedes nothing yet.
    expect((await one(report.id)).supersededBy).toBeNull();
    await completeForSubmission(t, revision.id);
    expect((await move(revision.id, 'submitted')).status).toBe(200);
    expect((await one(report.id)).supersededBy).toBeNull();
    expect((await move(revision.id, 'approved', approver.token)).status).toBe(200);
    const original = await one(report.id);
    // Still approved (it was, and its version stands), and superseded by the revision.
    expect(original).toMatchObject({ status: 'approved', supersededBy: revision.id });
    expect((await one(revision.id)).supersededBy).toBeNull();
    // Its fingerprint is unchanged: where a report stands is not what it says.
    expect((await get(`report-headers/${report.id}/verify`)).body.data.intact).toBe(true);
    // The audit row of the change names no content: nobody became an author by it.
    const audit = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity_id = ${report.id} and after->>'supersededBy' = ${revision.id} and content_of is null`,
    );
    expect(audit.rows[0]!.n).toBe(1);
  });

  it('lists current reports by default; includeSuperseded=true shows the rest; ?id= answers either', async () => {
    const report = await createReportHeader(t, { title: 'Superseded list check' });
    await approve(report.id);
    const revision = await revise(report.id);
    await approve(revision.id);
    const workOrder = report.workOrderSPKId as string;
    const numbers = async (query: string) =>
      (
        (await get(`report-headers?workOrderSPKId=${workOrder}${query}`)).body.data as {
          reportNumber: string;
        }[]
      )
        .map((r) => r.reportNumber)
        .sort();
    expect(await numbers('')).toEqual([revision.reportNumber]);
    expect(await numbers('&includeSuperseded=false')).toEqual([revision.reportNumber]);
    expect(await numbers('&includeSuperseded=true')).toEqual(
      [report.reportNumber, revision.reportNumber].sort(),
    );
    // The search finds the current one unless asked for the rest.
    const found = await get(`report-headers?search=${encodeURIComponent(report.reportNumber)}`);
    expect(found.body.data.map((r: { id: string }) => r.id)).toEqual([revision.id]);
    expect(found.body.meta.totalCount).toBe(1);
    const byId = await get(`report-headers?id=${report.id}`);
    expect(byId.body.data).toHaveLength(1);
    expect(byId.body.data[0].supersededBy).toBe(revision.id);
    const bad = await get(`report-headers?includeSuperseded=maybe`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('includeSuperseded must be true or false');
  });

  it("prints it on the original's cover and in every page's footer, its version's PDF too", async () => {
    const report = await createReportHeader(t);
    const analysis = await createThermalAnalysis(t, { reportHeaderId: report.id });
    await createThermalMeasurement(t, analysis.id, { component: 'Phase S lug' });
    await approve(report.id);
    const revision = await revise(report.id);
    const before = await pdfOf(`/api/report-headers/${report.id}/pdf?lang=en`);
    expect(before.all).not.toContain('Superseded by');
    await approve(revision.id);
    const said = `Superseded by ${revision.reportNumber}`;
    for (const url of [
      `/api/report-headers/${report.id}/pdf?lang=en`,
      `/api/report-headers/${report.id}/versions/1/pdf?lang=en`,
    ]) {
      const printed = await pdfOf(url);
      expect(printed.pages.length).toBeGreaterThan(1);
      expect(printed.pages[0]).toContain(said);
      for (const page of printed.pages) expect(page).toContain(said);
    }
    const indonesian = await pdfOf(`/api/report-headers/${report.id}/pdf?lang=id`);
    for (const page of indonesian.pages) expect(page).toContain(`Digantikan oleh ${revision.reportNumber}`);
    // The revision itself is current.
    expect((await pdfOf(`/api/report-headers/${revision.id}/pdf?lang=en`)).all).not.toContain(
      'Superseded by',
    );
  });

  it("leaves superseded reports out of the NDT register's history and of a task's reports", async () => {
    const report = await createReportHeader(t);
    await approve(report.id);
    const revision = await revise(report.id);
    await approve(revision.id);
    const listed = await t.call('POST', '/api/ndt-equipment-list', { equipmentNo: report.equipmentNo });
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    const register = await get(`ndt-equipment-list?equipmentNo=${report.equipmentNo as string}`);
    expect(register.status).toBe(200);
    // One current thermal report on it: the revision, counted once.
    expect(register.body.data[0].history).toEqual([
      expect.objectContaining({
        inspectionMethod: 'thermal',
        reportHeaderId: revision.id,
        reportNumber: revision.reportNumber,
        reportCount: 1,
      }),
    ]);
    // The work order's task lists the revision alone among the reports made with it.
    const task = await t.call('POST', '/api/wo-task-assignments', {
      workOrderSPKId: report.workOrderSPKId,
      inspectionMethod: 'thermal',
      userPDMIds: [],
    });
    expect(task.status, JSON.stringify(task.body)).toBe(201);
    const made = await get(
      `wo-task-assignments/inspections?workOrderSPKId=${report.workOrderSPKId as string}`,
    );
    expect(made.status).toBe(200);
    expect(made.body.data[0].reports.map((r: { id: string }) => r.id)).toEqual([revision.id]);
  });
});

describe('four eyes across revisions', () => {
  it('refuses the revision to whoever edited the original, and leaves it out of their queue', async () => {
    const editor = await createApprover(t);
    const report = await createReportHeader(t);
    const analysis = await createThermalAnalysis(t, { reportHeaderId: report.id });
    const measurement = await createThermalMeasurement(t, analysis.id);
    // Another user corrects a reading of the original while it is a draft.
    const edited = await t.call(
      'PUT',
      `/api/thermal-measurements?id=${measurement.id}`,
      { maxTemperatureC: 55 },
      editor.token,
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await approve(report.id);
    const revision = await revise(report.id);
    await completeForSubmission(t, revision.id);
    expect((await move(revision.id, 'submitted')).status).toBe(200);

    const queued = async (token: string) =>
      ((await get('report-approval-paths/queue?pageSize=100', token)).body.data as { id: string }[]).map(
        (r) => r.id,
      );
    expect(await queued(editor.token)).not.toContain(revision.id);
    expect(await queued(approver.token)).toContain(revision.id);
    // Having written some other report keeps nobody from this one.
    const bystander = await createApprover(t);
    const elsewhere = await createThermalMeasurement(t, (await createThermalAnalysis(t)).id);
    const wrote = await t.call(
      'PUT',
      `/api/thermal-measurements?id=${elsewhere.id}`,
      { maxTemperatureC: 61 },
      bystander.token,
    );
    expect(wrote.status).toBe(200);
    expect(await queued(bystander.token)).toContain(revision.id);

    const current = await get(`report-approval-paths/current?reportHeaderId=${revision.id}`, editor.token);
    expect(current.body.data).toMatchObject({ canAct: false, wroteContent: true });

    for (const status of ['approved', 'returned']) {
      const refused = await move(revision.id, status, editor.token, 'Looks fine');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(
        `You wrote part of ${report.reportNumber}, which this revision copies: someone else must approve or return it`,
      );
      expect(refused.body.error.details[0]).toMatchObject({
        path: 'id',
        code: 'wroteRevisedReport',
        params: { report: report.reportNumber },
      });
    }
    // The approver of the original wrote nothing of it: they approve the revision.
    expect((await move(revision.id, 'approved', approver.token)).status).toBe(200);
  });

  it('reaches back along the line: an author of the original does not approve its second revision', async () => {
    const author = await createUser(t);
    const signedIn = await t.login(author.username, author.password, nextIp());
    const token = signedIn.json().data.accessToken as string;
    const report = await createReportHeader(t);
    // The author adds a document to the original: content of it.
    const doc = await t.call(
      'POST',
      '/api/report-supporting-document',
      multipart(
        { reportHeaderId: report.id, documentType: 'procedure' },
        { file: { name: 'notes.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') } },
      ),
      token,
    );
    expect(doc.status, JSON.stringify(doc.body)).toBe(201);
    await approve(report.id);
    const r1 = await revise(report.id);
    await approve(r1.id);
    const r2 = await revise(r1.id);
    await completeForSubmission(t, r2.id);
    expect((await move(r2.id, 'submitted')).status).toBe(200);
    const refused = await move(r2.id, 'approved', token);
    expect(refused.status).toBe(403);
    expect(refused.body.error.details[0]).toMatchObject({
      code: 'wroteRevisedReport',
      params: { report: report.reportNumber },
    });
    // The revision's own author (who revised) is refused as its author.
    const reviser = await move(r2.id, 'approved');
    expect(reviser.status).toBe(403);
    expect(reviser.body.error.details[0].code).toBe('wroteReport');
  });
});

describe('a report too large for the report of record', () => {
  it('is refused at submission naming the list and the limit, and its readiness says so', async () => {
    const report = await createReportHeader(t);
    const analysis = await createThermalAnalysis(t, { reportHeaderId: report.id });
    const measurement = await createThermalMeasurement(t, analysis.id);
    const ready = await get(`report-headers/${report.id}/readiness`);
    expect(ready.body.data).toEqual({ ready: true, missing: [] });
    // 20,000 more copies of the measurement: 20,001 in one list.
    // In batches: each statement stays well inside the server's statement timeout on a busy machine.
    // Each copy is built once in a subquery and then spread into columns: `(f(m)).*` would call f
    // once per column, 21 times a row (the volatile id keeps PostgreSQL from inlining the subquery):
    // the copies took 77 s on PGlite that way, 11 s so (10.5 s and 2.8 s on PostgreSQL, 3 Dec 2026).
    for (let batch = 0; batch < 8; batch++)
      await t.db.execute(sql`insert into thermal_measurement
        select (copy).* from (
          select jsonb_populate_record(null::thermal_measurement,
            to_jsonb(m) || jsonb_build_object('id', gen_random_uuid())) as copy
          from thermal_measurement m cross join generate_series(1, 2500) where m.id = ${measurement.id}
        ) as copies`);
    const readiness = await get(`report-headers/${report.id}/readiness`);
    expect(readiness.body.data.ready).toBe(false);
    expect(readiness.body.data.missing).toEqual([
      {
        requirement: 'rowsAtMost',
        technique: 'thermal',
        entity: 'thermalMeasurement',
        min: 0,
        max: 20000,
        found: 20001,
        message:
          'Thermal analysis: more than 20,000 rows of thermal measurement in one list, the most a report can be approved and printed with: split it into several reports',
      },
    ]);
    const refused = await move(report.id, 'submitted');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`Report ${report.reportNumber} cannot be submitted yet:`);
    expect(refused.body.message).toContain('more than 20,000 rows');
    expect(refused.body.error.details).toEqual([
      { path: 'thermalMeasurement', message: expect.stringContaining('20,000') },
    ]);
    expect((await get(`report-headers?id=${report.id}`)).body.data[0].status).toBe('draft');
    // At the limit it may be submitted.
    await t.db.execute(sql`delete from thermal_measurement where id = ${measurement.id}`);
    expect((await move(report.id, 'submitted')).status).toBe(200);
  }, 120_000);
});

describe("the approver's signature", () => {
  it('is not required by default; once required, approving without one is refused, returning is not', async () => {
    expect((await get('inspection-method-approvals/options')).body.data).toEqual({
      signatureRequired: false,
    });
    const inspector = await createUser(t, { role: 'Inspector' });
    const inspectorToken = (await t.login(inspector.username, inspector.password, nextIp())).json().data
      .accessToken as string;
    // Whoever reads reports may read the option (the approve dialog asks it); only approval settings change it.
    expect((await get('inspection-method-approvals/options', inspectorToken)).status).toBe(200);
    const denied = await t.call(
      'PUT',
      '/api/inspection-method-approvals/options',
      { signatureRequired: true },
      inspectorToken,
    );
    expect(denied.status).toBe(403);
    const badBody = await t.call('PUT', '/api/inspection-method-approvals/options', {
      signatureRequired: 'yes',
    });
    expect(badBody.status).toBe(400);

    const signer = await createApprover(t);
    const first = await createReportHeader(t);
    await approve(first.id, signer.token);

    const set = await t.call('PUT', '/api/inspection-method-approvals/options', { signatureRequired: true });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toEqual({ signatureRequired: true });
    expect((await get('inspection-method-approvals/options')).body.data).toEqual({ signatureRequired: true });

    const report = await createReportHeader(t);
    await completeForSubmission(t, report.id);
    expect((await move(report.id, 'submitted')).status).toBe(200);
    const refused = await move(report.id, 'approved', signer.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Draw your signature before approving: the approval record carries it (My signature, in the user menu)',
    );
    expect(refused.body.error.details[0]).toMatchObject({ path: 'signature', code: 'signatureRequired' });
    expect((await get(`report-headers?id=${report.id}`)).body.data[0].status).toBe('submitted');
    // A return is not signed.
    expect((await move(report.id, 'returned', signer.token, 'Add the load')).status).toBe(200);
    await move(report.id, 'submitted');

    const drawn = await t.call(
      'PUT',
      '/api/auth/profile/signature',
      multipart({}, { signature: { name: 'signature.png', type: 'image/png', bytes: pngBytes } }),
      signer.token,
    );
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
    expect((await move(report.id, 'approved', signer.token)).status).toBe(200);

    const off = await t.call('PUT', '/api/inspection-method-approvals/options', { signatureRequired: false });
    expect(off.body.data).toEqual({ signatureRequired: false });
  });
});
