/**
 * Verdicts against the standard (docs/verdict-pairs.md, STYLE 17), over every technique that names a
 * pair (`findingGrade.standard`): a recorded verdict that differs from the standard's is saved only
 * with a reason, counted at the stricter until the reviewer whose turn it is accepts it, and the
 * acceptance is kept beside the frozen report and written into its history.
 */
import { Readable } from 'node:stream';
import { techniques, ufdSummary } from '@inspectra/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordScopes, repositories } from '../src/app.ts';
import { importSheet } from '../src/engine/sheet-operations.ts';
import { loadUser } from '../src/modules/auth/sessions.ts';
import { createApprover, createReportHeader, createUser, multipart, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { pdfText } from './pdf-text.ts';

let t: TestApp;
let approver: { id: string; token: string };
beforeAll(async () => {
  t = await startTestApp();
  approver = await createApprover(t);
});
afterAll(() => t.close());

const overridesOf = '/api/report-approval-paths/verdict-overrides';

/** The report's PDF as text, in English or Indonesian. */
async function printed(reportId: string, language = 'en') {
  const r = await t.inject({
    method: 'GET',
    url: `/api/report-headers/${reportId}/pdf?lang=${language}`,
    headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
  });
  expect(r.statusCode).toBe(200);
  return (await pdfText(r.rawPayload)).all;
}
const accept = '/api/report-approval-paths/verdict-acceptances';

describe('the declaration', () => {
  it('names UFD’s pair (and vibration’s, ultrasound’s, lube oil’s), and gives its rows the reason', () => {
    const paired = techniques.filter((x) => x.workspace?.rows?.verdict);
    expect(paired.map((x) => [x.module, x.workspace!.rows!.verdict])).toEqual([
      ['ufd', { recorded: 'result', standard: 'proposedResult', levels: ['accept', 'reject'] }],
      ['vibration', { recorded: 'analystZone', standard: 'zone', levels: ['A', 'B', 'C', 'D'] }],
      [
        'ultrasound',
        {
          recorded: 'condition',
          standard: 'conditionByRise',
          levels: ['normal', 'lubricate', 'damageDeveloping', 'severe'],
        },
      ],
      ['lubeOil', { recorded: 'status', standard: 'grade', levels: ['normal', 'caution', 'critical'] }],
    ]);
    const ufdRows = paired[0]!.workspace!.rows!;
    expect(Object.keys(ufdRows.schemas.response.shape)).toContain('verdictOverrideReason');
    expect(Object.keys(ufdRows.schemas.create.shape)).toContain('verdictOverrideReason');
  });
});

/** A UFD examination under a new report: ASME B31.3, t = 22 mm (longest accepted above the reference: 7.33 mm). */
async function examination() {
  const report = await createReportHeader(t, { inspectionMethod: 'ufd' });
  const r = await t.call(
    'POST',
    '/api/ufd-inspection-pipe',
    multipart({
      reportHeaderId: report.id,
      measurementDate: '2026-11-12',
      acceptanceCode: 'ASME B31.3',
      matThickness: '22',
    }),
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { report, inspection: r.body.data as { id: string; version: number } };
}

/** Slag inclusion 10 mm, echo 110 %: the code rejects it. */
const slag = {
  measurementDate: '2026-11-12',
  partOfSubject: 'Circ seam C2 at 1200 mm',
  decibelsDefectType: 'slagInclusion',
  decibelsDefectLength: '10',
  decibelsDefectHeightOfScreenPercentage: '110',
};

const finding = (ufdInspectionId: string, fields: Record<string, string>) =>
  t.call('POST', '/api/ufd-summary-pipe', multipart({ ufdInspectionId, ...slag, ...fields }));

describe('saving a row with a verdict pair', () => {
  it('saves equal verdicts without a word, and a reason sent with them is not kept', async () => {
    const { inspection } = await examination();
    const r = await finding(inspection.id, { result: 'reject', verdictOverrideReason: 'No need' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data).toMatchObject({
      result: 'reject',
      proposedResult: 'reject',
      verdictOverrideReason: null,
    });
    expect(r.body.data.warnings).toEqual([]);
  });

  it('refuses different verdicts without a reason, or with a blank one, naming the warning', async () => {
    const { inspection } = await examination();
    for (const fields of [{}, { verdictOverrideReason: '   ' }] as Record<string, string>[]) {
      const r = await finding(inspection.id, { result: 'accept', ...fields });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.details).toEqual([
        {
          path: 'verdictOverrideReason',
          code: 'verdictOverride',
          params: { recorded: 'accept', standard: 'reject' },
          message: 'The standard gives reject where accept is recorded: confirm the override with a reason',
        },
      ]);
    }
    const listed = await t.call('GET', `/api/ufd-summary-pipe/by-inspection?inspectionId=${inspection.id}`);
    expect(listed.body.data).toEqual([]);
  });

  it('keeps the reason of an override, with who confirmed it, until the row agrees again', async () => {
    const { inspection } = await examination();
    const r = await finding(inspection.id, {
      result: 'accept',
      verdictOverrideReason: ' Re-examined with a 70° probe: a surface-breaking geometry echo ',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data).toMatchObject({
      result: 'accept',
      proposedResult: 'reject',
      verdictOverrideReason: 'Re-examined with a 70° probe: a surface-breaking geometry echo',
    });
    expect(r.body.data.warnings).toMatchObject([
      {
        rule: 'verdictOverride',
        fields: ['result'],
        values: { result: 'accept', proposedResult: 'reject' },
        acknowledgedByName: expect.any(String),
      },
    ]);
    const id = r.body.data.id as string;
    const path = `/api/ufd-summary-pipe?id=${id}`;
    // Saved again as the same override: its reason and confirmation stay.
    const again = await t.call('PUT', path, { examinationTime: '11:20', version: 1 });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.verdictOverrideReason).toBe(r.body.data.verdictOverrideReason);
    expect(again.body.data.warnings).toEqual(r.body.data.warnings);
    // Emptying the reason of an override is refused.
    const emptied = await t.call('PUT', path, { verdictOverrideReason: '', version: 2 });
    expect(emptied.status).toBe(400);
    expect(emptied.body.error.details[0]).toMatchObject({
      path: 'verdictOverrideReason',
      code: 'verdictOverride',
    });
    // Saved agreeing with the standard: the reason goes.
    const agreeing = await t.call('PUT', path, { result: 'reject', version: 2 });
    expect(agreeing.status, JSON.stringify(agreeing.body)).toBe(200);
    expect(agreeing.body.data).toMatchObject({ result: 'reject', verdictOverrideReason: null, warnings: [] });
    // An override again needs a reason again.
    const back = await t.call('PUT', path, { result: 'accept', version: 3 });
    expect(back.status).toBe(400);
  });

  it('asks nothing while the standard gives no verdict (one unset)', async () => {
    const { inspection } = await examination();
    // No echo height: the code's verdict is not worked out.
    const r = await finding(inspection.id, { result: 'accept', decibelsDefectHeightOfScreenPercentage: '' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data).toMatchObject({ proposedResult: null, verdictOverrideReason: null });
  });
});

describe('a sheet of rows with a verdict pair', () => {
  /** Imports rows (UFD findings) through the engine's import, as a sheet route would. */
  async function imported(rows: (string | number)[][]) {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sheet');
    sheet.addRow([
      'UFD inspection',
      'Examination date',
      'Part examined',
      'Result',
      'Indication type',
      'Length',
      'Echo height',
    ]);
    for (const row of rows) sheet.addRow(row);
    const file = Readable.from(Buffer.from(await book.xlsx.writeBuffer()));
    const admin = await createUser(t);
    const user = (await loadUser(t.db as never, admin.id))!;
    const repos = repositories(recordScopes);
    return importSheet(t.db as never, repos, repos.get(ufdSummary.name)!, { file, variant: 'pipe', user });
  }

  it('imports rows agreeing with the standard, and refuses an override, which a sheet gives no reason for', async () => {
    const { inspection } = await examination();
    const agreeing = await imported([
      [inspection.id, '2026-11-12', 'Long seam L1', 'accept', 'slagInclusion', 4, 110],
    ]);
    expect(agreeing).toMatchObject({ created: 1 });
    await expect(
      imported([[inspection.id, '2026-11-12', 'Circ seam C2', 'accept', 'slagInclusion', 10, 110]]),
    ).rejects.toMatchObject({
      statusCode: 400,
      details: [
        expect.objectContaining({
          path: 'rows.2.verdictOverrideReason',
          message: expect.stringContaining('reject'),
        }),
      ],
    });
  });
});

describe('an override counted, shown and accepted', () => {
  it('counts the stricter verdict everywhere until the reviewer at the current level accepts it', async () => {
    const { report, inspection } = await examination();
    const agreed = await finding(inspection.id, {
      result: 'accept',
      partOfSubject: 'Long seam L1',
      decibelsDefectLength: '4',
    });
    expect(agreed.body.data.proposedResult).toBe('accept');
    const over = await finding(inspection.id, { result: 'accept', verdictOverrideReason: 'Geometry echo' });
    expect(over.status, JSON.stringify(over.body)).toBe(201);
    const rowId = over.body.data.id as string;

    const figures = async () => {
      const r = await t.call('GET', `/api/report-headers/${report.id}/techniques`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const ufd = r.body.data.find((s: { technique: string }) => s.technique === 'ufd');
      return { worst: ufd.worstFinding, byGrade: ufd.byGrade, perInspection: ufd.perInspection[0].byGrade };
    };
    const strict = [
      { level: 'accept', rows: 1 },
      { level: 'reject', rows: 1 },
    ];
    expect(await figures()).toEqual({ worst: 'reject', byGrade: strict, perInspection: strict });

    const listed = async (token?: string) => {
      const r = await t.call('GET', `${overridesOf}?reportHeaderId=${report.id}`, undefined, token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data;
    };
    expect(await listed()).toEqual([
      {
        entity: 'ufdSummary',
        rowId,
        title: 'Circ seam C2 at 1200 mm',
        recorded: 'accept',
        standard: 'reject',
        counted: 'reject',
        reason: 'Geometry echo',
        acceptedBy: null,
        acceptedByName: null,
        acceptedAt: null,
      },
    ]);

    // The PDF prints both verdicts, the reason, and counts the stricter.
    const before = await printed(report.id);
    expect(before).toContain('Accept (standard: Reject) — override');
    expect(before).toContain(
      'Override: Accept recorded where the standard gives Reject. Reason: Geometry echo',
    );
    expect(before).toMatch(/2 entries, by grade: Accept 1 Reject 1 .*1 override, not yet accepted/);
    // The cover's overall result counts it too, in the technique's row.
    expect(before).toMatch(/Overall result[\s\S]*Overrides[\s\S]*1 \(0 accepted\)/);
    const indonesian = await printed(report.id, 'id');
    expect(indonesian).toContain('Diterima (standar: Ditolak) — penyimpangan');
    expect(indonesian).toContain('1 penyimpangan, belum diterima');

    // Not in approval: nobody accepts.
    const early = await t.call('POST', accept, { reportHeaderId: report.id, rowId }, approver.token);
    expect(early.status).toBe(409);

    const submitted = await t.call(
      'PUT',
      `/api/report-headers/update-report-status/${report.id}?status=submitted`,
    );
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);

    const queue = async () => {
      const r = await t.call('GET', '/api/report-approval-paths/queue', undefined, approver.token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const item = r.body.data.find((i: { id: string }) => i.id === report.id);
      return { worstFinding: item.worstFinding, overrides: item.overrides };
    };
    expect(await queue()).toEqual({ worstFinding: 'reject', overrides: { total: 1, accepted: 0 } });
    const severe = await t.call(
      'GET',
      '/api/report-approval-paths/queue?severity=reject',
      undefined,
      approver.token,
    );
    expect(severe.body.data.map((i: { id: string }) => i.id)).toContain(report.id);

    // The author does not accept their own verdict; a row that is no override is refused.
    const own = await t.call('POST', accept, { reportHeaderId: report.id, rowId });
    expect(own.status).toBe(403);
    const none = await t.call(
      'POST',
      accept,
      { reportHeaderId: report.id, rowId: agreed.body.data.id },
      approver.token,
    );
    expect(none.status).toBe(400);
    expect(none.body.error.details[0]).toMatchObject({ path: 'rowId', code: 'notAnOverride' });

    const accepted = await t.call('POST', accept, { reportHeaderId: report.id, rowId }, approver.token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toMatchObject({ rowId, counted: 'accept', acceptedBy: approver.id });
    expect(Date.parse(accepted.body.data.acceptedAt)).not.toBeNaN();
    // Accepting twice changes nothing and writes one step.
    const twice = await t.call('POST', accept, { reportHeaderId: report.id, rowId }, approver.token);
    expect(twice.body.data).toEqual(accepted.body.data);

    const lenient = [{ level: 'accept', rows: 2 }];
    expect(await figures()).toEqual({ worst: 'accept', byGrade: lenient, perInspection: lenient });
    expect(await queue()).toEqual({ worstFinding: 'accept', overrides: { total: 1, accepted: 1 } });

    const after = await printed(report.id);
    expect(after).toMatch(/2 entries, by grade: Accept 2 .*1 override, accepted by Test /);
    expect(after).toContain('Verdict accepted');
    expect(after).toMatch(/Overall result[\s\S]*1 \(1 accepted\)/);

    const history = await t.call('GET', `/api/report-approval-paths/history?reportHeaderId=${report.id}`);
    const steps = history.body.data.filter((s: { action: string }) => s.action === 'verdictAccepted');
    expect(steps).toMatchObject([
      {
        actorId: approver.id,
        level: 1,
        fromStatus: 'submitted',
        toStatus: 'submitted',
        comment: "Circ seam C2 at 1200 mm: Accept accepted over the standard's Reject (Geometry echo)",
      },
    ]);

    // The report, unchanged by the acceptance, is approved as submitted.
    const approved = await t.call(
      'PUT',
      `/api/report-headers/update-report-status/${report.id}?status=approved`,
      undefined,
      approver.token,
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const verify = await t.call('GET', `/api/report-headers/${report.id}/versions`);
    expect(verify.status).toBeLessThan(500);
  });
});
