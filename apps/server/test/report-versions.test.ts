/**
 * Versions in a chain (issue 23, docs/report-of-record.md "Versions", "Verify", "Revisions"): the
 * last level's approval writes an immutable version (the canonical JSON, its SHA-256, the previous
 * version's hash); `verify` recomputes from the rows and the stored files and names what differs;
 * a revision takes a reason, starts as a copy of the whole report, and its approval writes the next
 * version of the same chain. Through the API, on PGlite or TEST_DATABASE_URL.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { reportHeader, thermalMeasurement } from '@inspectra/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, entityTables, reportVersions, users } from '../src/db/schema/index.ts';
import { canonicalJson } from '../src/engine/report-canonical.ts';
import {
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
  t = await startTestApp();
  approver = await createApprover(t);
});
afterAll(() => t?.close());

/** Submitted by the administrator who wrote it, approved by another. */
const approve = (id: string) => approveReport(t, id, approver.token);

/** An approved thermal report: its analysis and one photographed measurement at 80 °C. */
async function approvedReport() {
  const report = await createReportHeader(t);
  const analysis = await createThermalAnalysis(t, { reportHeaderId: report.id, summary: 'Six connections' });
  const measurement = await createThermalMeasurement(
    t,
    analysis.id,
    { component: 'Phase R lug', maxTemperatureC: 80, referenceTemperatureC: 41 },
    { thermalImage: { name: 'ir.png', type: 'image/png', bytes: pngBytes } },
  );
  await approve(report.id);
  return { report, analysis, measurement };
}

const get = (path: string, token?: string) => t.call('GET', `/api/report-headers/${path}`, undefined, token);
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('a version is written when the report is approved at its last level', () => {
  it('holds the canonical JSON as approved, its hash and no previous; the report now has the same fingerprint', async () => {
    const { report } = await approvedReport();
    const versions = await get(`${report.id}/versions`);
    expect(versions.status, JSON.stringify(versions.body)).toBe(200);
    expect(versions.body.data).toEqual([
      expect.objectContaining({
        number: 1,
        reportHeaderId: report.id,
        reportNumber: report.reportNumber,
        revision: 0,
        previousSha256: null,
        revises: null,
        reason: null,
        approvedBy: expect.any(String),
      }),
    ]);
    const [version] = versions.body.data;
    expect(version.sha256).toMatch(/^[0-9a-f]{64}$/);

    // The snapshot: its canonical JSON hashes to the version's fingerprint, the report as it is now too.
    const one = await get(`${report.id}/versions/1`);
    expect(one.status).toBe(200);
    expect(sha256(canonicalJson(one.body.data.content))).toBe(version.sha256);
    expect(one.body.data.content.header.fields).toMatchObject({ reportNumber: report.reportNumber });
    // Where the report is in its flow is not its content: no status in the snapshot.
    expect(one.body.data.content.header.fields).not.toHaveProperty('status');
    const content = await get(`${report.id}/content`);
    expect(content.body.data.fingerprint).toBe(version.sha256);
    expect(content.body.data.content.sections.map((s: { key: string }) => s.key)).toEqual(['thermal']);
    // The content is the snapshot's tree record for record, with the names of what the records name
    // beside each and the header's place in its flow: without those two it is the snapshot itself.
    type Json = Record<string, unknown> & { lists: { entity: string; records: Json[] }[] };
    const now: { header: Json; sections: { lists: Json['lists'] }[] } = content.body.data.content;
    expect(now.header.fields).toMatchObject({ status: 'approved' });
    expect(now.header.names).toMatchObject({ inspectionMethod: expect.any(String) });
    const withoutNames = ({ names, lists, ...rest }: Json): Json => {
      expect(names).toEqual(expect.any(Object));
      return { ...rest, lists: lists.map((l) => ({ ...l, records: l.records.map(withoutNames) })) };
    };
    expect({
      ...now,
      header: { ...withoutNames(now.header), fields: one.body.data.content.header.fields },
      sections: now.sections.map((s) => ({
        ...s,
        lists: s.lists.map((l) => ({ ...l, records: l.records.map(withoutNames) })),
      })),
    }).toEqual(one.body.data.content);

    // Its PDF is printed from the snapshot and says which version it is.
    const printed = await t.app.inject({
      method: 'GET',
      url: `/api/report-headers/${report.id}/versions/1/pdf?lang=en`,
      headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
    });
    expect(printed.statusCode).toBe(200);
    expect(printed.headers['content-type']).toBe('application/pdf');
    expect(printed.headers['x-report-fingerprint']).toBe(version.sha256);
    const text = await pdfText(printed.rawPayload);
    expect(text.all).toContain('Approved version 1');
    expect(text.all).toContain('Phase R lug');
    expect(text.all).toContain(version.sha256);

    const verified = await get(`${report.id}/verify`);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({
      intact: true,
      versions: [{ number: 1, matches: true, liveSha256: version.sha256, differences: [] }],
    });
  });

  it('cannot be changed or deleted, even by a statement in the database', async () => {
    const { report } = await approvedReport();
    await expect(
      t.db.execute(sql`update report_version set sha256 = 'x' where report_header_id = ${report.id}`),
    ).rejects.toThrow();
    await expect(
      t.db.execute(sql`delete from report_version where report_header_id = ${report.id}`),
    ).rejects.toThrow();
    const [kept] = await t.db
      .select()
      .from(reportVersions)
      .where(eq(reportVersions.reportHeaderId, report.id));
    expect(kept?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is not written before the last level, and a report not approved has none', async () => {
    const report = await createReportHeader(t);
    expect((await get(`${report.id}/versions`)).body.data).toEqual([]);
    const missing = await get(`${report.id}/versions/1`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(
      `Report ${report.reportNumber} has no version 1: a version is written when the report or a revision of it is approved`,
    );
    expect((await get(`${report.id}/versions/0`)).status).toBe(400);
    expect((await get(`${report.id}/verify`)).body.data).toMatchObject({ intact: true, versions: [] });
  });
});

describe('verify', () => {
  it('names a measurement changed in the database behind the server', async () => {
    const { report, measurement } = await approvedReport();
    const table = entityTables[thermalMeasurement.name]!;
    await t.db
      .update(table)
      .set({ maxTemperatureC: 41 } as never)
      .where(eq((table as unknown as { id: never }).id, measurement.id));
    const verified = (await get(`${report.id}/verify`)).body.data;
    expect(verified.intact).toBe(false);
    const [check] = verified.versions;
    expect(check.matches).toBe(false);
    expect(check.liveSha256).not.toBe(check.sha256);
    expect(check.differences).toContainEqual(
      expect.objectContaining({
        kind: 'changed',
        entity: 'thermalMeasurement',
        recordId: measurement.id,
        path: 'fields.maxTemperatureC',
        was: 80,
        now: 41,
        message: expect.stringMatching(/^Thermal measurement .+: Max temperature was 80, now 41$/),
      }),
    );
    // The derived values it drove are named too (ΔT and severity).
    expect(check.differences.map((d: { message: string }) => d.message)).toContainEqual(
      expect.stringMatching(/: ΔT was 39, now 0$/),
    );
  });

  it('names a stored photo that is gone, and a record added behind the server', async () => {
    const { report, analysis } = await approvedReport();
    const [photo] = await t.db
      .select()
      .from(attachments)
      .where(eq(attachments.ownerEntity, thermalMeasurement.name))
      .orderBy(sql`${attachments.createdAt} desc`)
      .limit(1);
    // Other reports share the photo's bytes (the store is content-addressed): all of them lose it.
    await t.files.delete(photo!.storageKey);
    const table = entityTables[thermalMeasurement.name]!;
    await t.db.insert(table).values({
      thermalAnalysisId: analysis.id,
      date: '2026-11-21',
      component: 'Added later',
      tagNumber: 'ADDED-1',
      maxTemperatureC: 30,
      referenceTemperatureC: 29,
    } as never);
    const [check] = (await get(`${report.id}/verify`)).body.data.versions;
    expect(check.matches).toBe(false);
    expect(check.differences).toContainEqual(
      expect.objectContaining({
        kind: 'file',
        path: `attachments.${photo!.id}`,
        was: photo!.sha256,
        now: null,
        message: expect.stringMatching(/the stored file ir\.png is missing$/),
      }),
    );
    expect(check.differences).toContainEqual(
      expect.objectContaining({
        kind: 'added',
        entity: 'thermalMeasurement',
        message: expect.stringMatching(
          /^Thermal measurement ADDED-1 is in the report but was not in the version$/,
        ),
      }),
    );
    // Put back, so later tests sharing the bytes find them.
    await t.files.put(Readable.from(pngBytes), { maxBytes: 1024 * 1024, allowedMediaTypes: ['image/png'] });
  });
});

describe('a revision', () => {
  const revise = (id: string, body: unknown, token?: string) =>
    t.call('POST', `/api/report-headers/${id}/revision`, body, token);

  it('needs a reason and the create permission', async () => {
    const { report } = await approvedReport();
    const none = await revise(report.id, {});
    expect(none.status).toBe(400);
    expect(none.body.error.details).toContainEqual(
      expect.objectContaining({
        path: 'reason',
        message: 'reason is required',
      }),
    );
    expect((await revise(report.id, { reason: ' ' })).status).toBe(400);
    const viewer = await createUser(t, { role: 'Viewer' });
    const token = (await t.login(viewer.username, viewer.password, nextIp())).json().data
      .accessToken as string;
    expect((await revise(report.id, { reason: 'Correct a reading' }, token)).status).toBe(403);
    expect((await get(`${report.id}/versions`)).body.data).toHaveLength(1);
  });

  it('copies the whole report to correct; its approval writes version 2 naming version 1, both printable', async () => {
    const { report, measurement } = await approvedReport();
    const revised = await revise(report.id, { reason: 'Phase R re-measured after cleaning the lens' });
    expect(revised.status, JSON.stringify(revised.body)).toBe(201);
    const revision = revised.body.data;
    expect(revision).toMatchObject({
      revision: 1,
      revisionOf: report.id,
      revisionReason: 'Phase R re-measured after cleaning the lens',
      status: 'draft',
    });

    // The copy holds the analysis, its measurement and its photo, under new ids.
    const copied = (await get(`${revision.id}/content`)).body.data.content;
    const [analyses] = copied.sections[0].lists;
    const [rows] = analyses.records[0].lists;
    expect(rows.records).toHaveLength(1);
    const row = rows.records[0];
    expect(row.fields.id).not.toBe(measurement.id);
    expect(row.fields).toMatchObject({ component: 'Phase R lug', maxTemperatureC: 80 });
    expect(row.attachments).toHaveLength(1);

    // Corrected, submitted and approved by another.
    const corrected = await t.call('PUT', `/api/thermal-measurements?id=${row.fields.id}`, {
      maxTemperatureC: 72,
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    // The approved report is untouched: still its version.
    expect((await get(`${report.id}/verify`)).body.data.intact).toBe(true);
    await approve(revision.id);

    const versions = (await get(`${report.id}/versions`)).body.data;
    expect(versions).toHaveLength(2);
    expect((await get(`${revision.id}/versions`)).body.data).toEqual(versions);
    const [v1, v2] = versions;
    expect(v2).toMatchObject({
      number: 2,
      reportHeaderId: revision.id,
      reportNumber: `${report.reportNumber}-R1`,
      revision: 1,
      previousSha256: v1.sha256,
      revises: 1,
      reason: 'Phase R re-measured after cleaning the lens',
      revisedBy: expect.any(String),
    });
    expect(v2.sha256).not.toBe(v1.sha256);
    expect((await get(`${revision.id}/verify`)).body.data).toMatchObject({
      intact: true,
      versions: [
        { number: 1, matches: true },
        { number: 2, matches: true },
      ],
    });

    // Both printable; the revision's names the version it replaces and why.
    for (const [n, expected] of [
      [1, ['Approved version 1', 'Phase R lug']],
      [
        2,
        [
          'Approved version 2',
          'Reason for revision',
          'Phase R re-measured after cleaning the lens',
          'Replaces',
          `Version 1 (${report.reportNumber})`,
        ],
      ],
    ] as const) {
      const printed = await t.app.inject({
        method: 'GET',
        url: `/api/report-headers/${revision.id}/versions/${n}/pdf`,
        headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
      });
      expect(printed.statusCode).toBe(200);
      const text = (await pdfText(printed.rawPayload)).all;
      for (const words of expected) expect(text).toContain(words);
    }
    // The histories say who revised, when and why.
    for (const [id, toStatus] of [
      [report.id, 'approved'],
      [revision.id, 'draft'],
    ]) {
      const history = await t.call('GET', `/api/report-approval-paths/history?reportHeaderId=${id}`);
      expect(history.status).toBe(200);
      expect(history.body.data).toContainEqual(
        expect.objectContaining({
          action: 'revised',
          comment: 'Phase R re-measured after cleaning the lens',
          fromStatus: 'approved',
          toStatus,
        }),
      );
    }
  });

  it('of a report approved before versions were kept writes its version first, so the chain has no gap', async () => {
    const report = await createReportHeader(t);
    // Approved as an older installation left it: no version.
    await t.db
      .update(entityTables[reportHeader.name]!)
      .set({ status: 'approved' } as never)
      .where(eq((entityTables[reportHeader.name] as unknown as { id: never }).id, report.id));
    expect((await get(`${report.id}/versions`)).body.data).toEqual([]);
    const revised = await revise(report.id, { reason: 'Add the missing reference temperature' });
    expect(revised.status).toBe(201);
    const versions = (await get(`${revised.body.data.id}/versions`)).body.data;
    expect(versions).toEqual([expect.objectContaining({ number: 1, reportHeaderId: report.id })]);
  });

  it('of another company is not found, nor its versions', async () => {
    const { report } = await approvedReport();
    const company = await t.call(
      'POST',
      '/api/contractor-company',
      multipart({ ContractorName: `Other ${Date.now()}` }),
    );
    expect(company.status, JSON.stringify(company.body)).toBe(201);
    const outsider = await createUser(t);
    await t.db
      .update(users)
      .set({ contractorCompanyId: company.body.data.id })
      .where(eq(users.id, outsider.id));
    const token = (await t.login(outsider.username, outsider.password, nextIp())).json().data
      .accessToken as string;
    for (const path of ['versions', 'versions/1', 'versions/1/pdf', 'verify', 'content'])
      expect((await get(`${report.id}/${path}`, token)).status, path).toBe(404);
  });
});
