import { flowrateInspection, flowrateMeasurement, flowrateMeasurementPipe } from '@inspectra/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableOf } from '../src/db/schema/index.ts';
import { derivedSql } from '../src/engine/derived-sql.ts';
import { pdfText } from './pdf-text.ts';
import { createReportHeader, multipart, pngBytes, startTestApp } from './helpers.ts';
import type { FilePart, TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const png = (name: string): FilePart => ({ name, type: 'image/png', bytes: pngBytes });
const api = '/api';

/** A pipe inspection as SPEC's client sends it: multipart, with its isometric. */
async function createPipeInspection(reportHeaderId: string, fields: Record<string, string> = {}) {
  const r = await t.call(
    'POST',
    `${api}/flowrate-inspection-pipe`,
    multipart(
      { reportHeaderId, equipmentName: 'Line 6"-P-101', measurementDate: '2026-11-20', ...fields },
      { isometricImage: png('iso 101.png') },
    ),
  );
  if (r.status !== 201) throw new Error(`flowrate pipe: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** A pump's inspection (our call: SPEC names none), as JSON. */
async function createRotatingInspection(reportHeaderId: string, fields: Record<string, unknown> = {}) {
  const r = await t.call('POST', `${api}/flowrate-inspection-rotating-equipment`, {
    reportHeaderId,
    equipmentName: 'P-201A',
    ...fields,
  });
  if (r.status !== 201) throw new Error(`flowrate rotating: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

const flowrateReport = () => createReportHeader(t, { inspectionMethod: 'flowrate' });

describe('flowrate inspections, pipe and rotating', () => {
  it('creates each class, reads the pipe’s by its own id name and lists both by report', async () => {
    const report = await flowrateReport();
    const pipe = await createPipeInspection(report.id, { flowrateBPD: '1440', flowrateGPM: '42' });
    expect(pipe).toMatchObject({
      variant: 'pipe',
      flowrateInspectionPipeId: pipe.id,
      equipmentName: 'Line 6"-P-101',
      flowrateBPD: 1440,
      flowrateGPM: 42,
      // SPEC: flowrate numbers default to 0, remarks to empty.
      dischargePressurePsi: 0,
      highestBearingTempC: 0,
      highestWindingTempC: 0,
      highestVoltageV: 0,
      highestCurrentA: 0,
      actualFlowrateGPM: 0,
      percentControlValpeOpen: 0,
      remarks: '',
      ratedFlowGPM: null,
      flowDeviationPercent: null,
      isometricImage: expect.objectContaining({ displayName: 'iso 101.png' }),
    });
    const rotating = await createRotatingInspection(report.id, { dischargePressurePsi: 185.5 });
    expect(rotating).toMatchObject({
      variant: 'rotating-equipment',
      dischargePressurePsi: 185.5,
      remarks: '',
    });
    // The pipe's isometric and valve opening are not the pump's.
    expect(rotating).not.toHaveProperty('isometricImage');
    expect(rotating).not.toHaveProperty('percentControlValpeOpen');

    const byId = await t.call(
      'GET',
      `${api}/flowrate-inspection-pipe/by-id?flowrateInspectionPipeId=${pipe.id}`,
    );
    expect(byId.status, JSON.stringify(byId.body)).toBe(200);
    expect(byId.body.data).toMatchObject({ id: pipe.id, variant: 'pipe' });
    // The pump's is not a pipe's: not found there.
    const asPipe = await t.call(
      'GET',
      `${api}/flowrate-inspection-pipe/by-id?flowrateInspectionPipeId=${rotating.id}`,
    );
    expect(asPipe.status).toBe(404);
    const withoutParam = await t.call('GET', `${api}/flowrate-inspection-pipe/by-id?id=${pipe.id}`);
    expect(withoutParam.status).toBe(400);
    expect(withoutParam.body.error.details[0].path).toBe('flowrateInspectionPipeId');

    const listed = await t.call('GET', `${api}/flowrate-inspection/by-report?reportHeaderId=${report.id}`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const byVariant = Object.fromEntries(
      (listed.body.data as { id: string; variant: string }[]).map((i) => [i.variant, i.id]),
    );
    expect(byVariant).toEqual({ pipe: pipe.id, 'rotating-equipment': rotating.id });

    // One per report and class.
    const again = await t.call('POST', `${api}/flowrate-inspection-rotating-equipment`, {
      reportHeaderId: report.id,
    });
    expect(again.status).toBe(409);
  });

  it('updates either class on one call, judged by the record’s own fields', async () => {
    const report = await flowrateReport();
    const pipe = await createPipeInspection(report.id);
    const rotating = await createRotatingInspection(report.id);

    const pipeChanged = await t.call('PUT', `${api}/flowrate-inspection?id=${pipe.id}`, {
      percentControlValpeOpen: 65,
      actualFlowrateGPM: 90,
      ratedFlowGPM: 100,
      finding: 'Flow 10 % under rated',
      version: pipe.version,
    });
    expect(pipeChanged.status, JSON.stringify(pipeChanged.body)).toBe(200);
    expect(pipeChanged.body.data).toMatchObject({
      variant: 'pipe',
      percentControlValpeOpen: 65,
      flowDeviationPercent: -10,
      version: 2,
    });

    const rotatingChanged = await t.call('PUT', `${api}/flowrate-inspection?id=${rotating.id}`, {
      highestBearingTempC: 71.5,
      highestCurrentA: 48,
      analysis: 'Bearing warm but within limits',
      version: rotating.version,
    });
    expect(rotatingChanged.status, JSON.stringify(rotatingChanged.body)).toBe(200);
    expect(rotatingChanged.body.data).toMatchObject({
      variant: 'rotating-equipment',
      highestBearingTempC: 71.5,
    });

    // The pipe's fields and files on the pump's record: refused, naming each, nothing written.
    const valve = await t.call('PUT', `${api}/flowrate-inspection?id=${rotating.id}`, {
      percentControlValpeOpen: 40,
      version: 2,
    });
    expect(valve.status).toBe(400);
    expect(valve.body.error.details).toEqual([
      expect.objectContaining({
        path: 'percentControlValpeOpen',
        message: 'percentControlValpeOpen is only on pipe flowrate inspection records',
      }),
    ]);
    const iso = await t.call('PUT', `${api}/flowrate-inspection?id=${rotating.id}`, {
      isometricImage: null,
      version: 2,
    });
    expect(iso.status).toBe(400);
    expect(iso.body.error.details[0].path).toBe('isometricImage');
    const stored = await t.db
      .select()
      .from(tableOf(flowrateInspection))
      .where(eq(tableOf(flowrateInspection).id, rotating.id));
    expect(stored[0]).toMatchObject({ version: 2, highestBearingTempC: 71.5 });

    // JSON only, as SPEC says; a stale version is refused as anywhere.
    const stale = await t.call('PUT', `${api}/flowrate-inspection?id=${pipe.id}`, {
      remarks: 'x',
      version: 1,
    });
    expect(stale.status).toBe(409);
  });

  it('uploads the pipe’s isometric on its own call, and deletes each class on its path', async () => {
    const report = await flowrateReport();
    const pipe = await createPipeInspection(report.id);
    const rotating = await createRotatingInspection(report.id);
    const uploaded = await t.call(
      'PUT',
      `${api}/flowrate-inspection-pipe/upload?id=${pipe.id}`,
      multipart({ version: String(pipe.version) }, { isometricImage: png('iso rev B.png') }),
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.data.isometricImage).toMatchObject({ displayName: 'iso rev B.png' });
    const file = await t.inject({
      method: 'GET',
      url: uploaded.body.data.isometricImage.url,
      headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
    });
    expect(file.statusCode).toBe(200);
    const onPump = await t.call(
      'PUT',
      `${api}/flowrate-inspection-pipe/upload?id=${rotating.id}`,
      multipart({}, { isometricImage: png('iso.png') }),
    );
    expect(onPump.status).toBe(404);

    expect((await t.call('DELETE', `${api}/flowrate-inspection-pipe?id=${rotating.id}`)).status).toBe(404);
    expect(
      (await t.call('DELETE', `${api}/flowrate-inspection-rotating-equipment?id=${pipe.id}`)).status,
    ).toBe(404);
    expect((await t.call('DELETE', `${api}/flowrate-inspection-pipe?id=${pipe.id}`)).status).toBe(200);
    expect(
      (await t.call('DELETE', `${api}/flowrate-inspection-rotating-equipment?id=${rotating.id}`)).status,
    ).toBe(200);
    const listed = await t.call('GET', `${api}/flowrate-inspection/by-report?reportHeaderId=${report.id}`);
    expect(listed.body.data).toEqual([]);
  });
});

describe('flowrate measurements', () => {
  it('keeps a pipe’s readings under a pipe inspection only', async () => {
    const report = await flowrateReport();
    const pipe = await createPipeInspection(report.id);
    const rotating = await createRotatingInspection(report.id);
    const created = await t.call('POST', `${api}/flowrate-measurement-pipe`, {
      flowrateInspectionPipeId: pipe.id,
      lineValve: 'HV-101',
      bblD: 2500,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ lineValve: 'HV-101', bblD: 2500, variant: 'pipe' });
    const id = created.body.data.id;
    const defaulted = await t.call('POST', `${api}/flowrate-measurement-pipe`, {
      flowrateInspectionPipeId: pipe.id,
      lineValve: 'HV-102',
    });
    expect(defaulted.body.data.bblD).toBe(0);

    const listed = await t.call(
      'GET',
      `${api}/flowrate-measurement-pipe/by-inspection?flowrateInspectionPipeId=${pipe.id}`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((m: { lineValve: string }) => m.lineValve).sort()).toEqual([
      'HV-101',
      'HV-102',
    ]);
    const read = await t.call('GET', `${api}/flowrate-measurement-pipe?id=${id}`);
    expect(read.body.data).toMatchObject({ id, bblD: 2500 });
    const updated = await t.call('PUT', `${api}/flowrate-measurement-pipe?id=${id}`, {
      bblD: 2600,
      version: 1,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ bblD: 2600, version: 2 });

    // Under the pump's inspection: refused on the parent field, nothing stored.
    const table = tableOf(flowrateMeasurementPipe);
    const before = (await t.db.select().from(table)).length;
    const misplaced = await t.call('POST', `${api}/flowrate-measurement-pipe`, {
      flowrateInspectionPipeId: rotating.id,
      bblD: 100,
    });
    expect(misplaced.status).toBe(400);
    expect(misplaced.body.error.details[0].path).toBe('flowrateInspectionPipeId');
    const underPump = await t.call(
      'GET',
      `${api}/flowrate-measurement-pipe/by-inspection?flowrateInspectionPipeId=${rotating.id}`,
    );
    expect(underPump.status).toBe(404);

    const negative = await t.call('POST', `${api}/flowrate-measurement-pipe`, {
      flowrateInspectionPipeId: pipe.id,
      bblD: -5,
    });
    expect(negative.status).toBe(400);
    expect(negative.body.error.details).toEqual([expect.objectContaining({ path: 'bblD' })]);
    expect(negative.body.message).toContain('bblD');
    expect((await t.db.select().from(table)).length).toBe(before);

    expect((await t.call('DELETE', `${api}/flowrate-measurement-pipe?id=${id}`)).status).toBe(200);
    expect((await t.call('GET', `${api}/flowrate-measurement-pipe?id=${id}`)).status).toBe(404);
  });

  it('numbers a pump’s attempts from their labels, defaults what is missing and refuses negative flow', async () => {
    const report = await flowrateReport();
    const pipe = await createPipeInspection(report.id);
    const rotating = await createRotatingInspection(report.id);
    const attempt = (fields: Record<string, unknown>) =>
      t.call('POST', `${api}/flowrate-measurement`, { flowrateInspectionId: rotating.id, ...fields });

    const labelled = await attempt({ attemp: 'Attempt 3', flowrateBPD: 1440, flowrateGPM: 42 });
    expect(labelled.status, JSON.stringify(labelled.body)).toBe(201);
    expect(labelled.body.data).toMatchObject({ attemp: 3, variant: 'rotating-equipment' });
    expect((await attempt({ attemp: 'Run A' })).body.data.attemp).toBe(0);
    expect((await attempt({ attemp: 7 })).body.data.attemp).toBe(7);
    const bare = await attempt({});
    expect(bare.status, JSON.stringify(bare.body)).toBe(201);
    expect(bare.body.data).toMatchObject({
      attemp: 0,
      flowrateBPD: 0,
      flowrateGPM: 0,
      suctionPressurePsi: 0,
      dischargePressurePsi: 0,
      percentControlValveOpen: 0,
      remarks: '',
    });

    const table = tableOf(flowrateMeasurement);
    const before = (await t.db.select().from(table)).length;
    const negative = await attempt({ attemp: 4, flowrateGPM: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.error.details).toEqual([expect.objectContaining({ path: 'flowrateGPM' })]);
    expect(negative.body.message).toContain('flowrateGPM');
    const negativeBpd = await attempt({ flowrateBPD: -100 });
    expect(negativeBpd.body.error.details[0].path).toBe('flowrateBPD');
    expect((await t.db.select().from(table)).length).toBe(before);

    const listed = await t.call(
      'GET',
      `${api}/flowrate-measurement/by-inspection?inspectionId=${rotating.id}`,
    );
    expect(listed.status).toBe(200);
    // In attempt order.
    expect(listed.body.data.map((m: { attemp: number }) => m.attemp)).toEqual([0, 0, 3, 7]);

    const id = labelled.body.data.id;
    const relabelled = await t.call('PUT', `${api}/flowrate-measurement?id=${id}`, {
      attemp: 'Attempt 5',
      remarks: 'Valve throttled',
      version: 1,
    });
    expect(relabelled.status, JSON.stringify(relabelled.body)).toBe(200);
    expect(relabelled.body.data).toMatchObject({ attemp: 5, remarks: 'Valve throttled', version: 2 });
    const negativeUpdate = await t.call('PUT', `${api}/flowrate-measurement?id=${id}`, {
      flowrateBPD: -1,
      version: 2,
    });
    expect(negativeUpdate.status).toBe(400);
    expect(negativeUpdate.body.error.details[0].path).toBe('flowrateBPD');

    // Under a pipe's inspection: refused on the parent field.
    const misplaced = await t.call('POST', `${api}/flowrate-measurement`, {
      flowrateInspectionId: pipe.id,
      attemp: 1,
    });
    expect(misplaced.status).toBe(400);
    expect(misplaced.body.error.details[0].path).toBe('flowrateInspectionId');

    expect((await t.call('DELETE', `${api}/flowrate-measurement?id=${id}`)).status).toBe(200);
    expect((await t.call('DELETE', `${api}/flowrate-measurement?id=${id}`)).status).toBe(404);
  });
});

describe('the flowrate evaluation', () => {
  it('checks BPD against GPM and works out the differential pressure, in the API and in SQL alike', async () => {
    const report = await flowrateReport();
    const rotating = await createRotatingInspection(report.id);
    // [BPD, GPM, suction, discharge] → [BPD as GPM, agreement, differential]
    const cases = [
      [
        [1440, 42, 12, 160],
        [42, 'agree', 148],
      ],
      [
        [1440, 42.8, -3.5, 95.25],
        [42, 'agree', 98.75],
      ], // 1.9 % apart
      [
        [1440, 43, 0, 0],
        [42, 'disagree', 0],
      ], // 2.3 % apart
      [
        [10000, 291.67, 20, 20.5],
        [291.67, 'agree', 0.5],
      ],
      // SPEC's clients send 0 for a flow left out: no flow measured is no verdict.
      [
        [0, 0, 0, 0],
        [0, null, 0],
      ],
      [
        [0, 5, 0, 0],
        [0, 'disagree', 0],
      ],
    ] as const;
    const made: string[] = [];
    for (const [[bpd, gpm, suction, discharge], expected] of cases) {
      const r = await t.call('POST', `${api}/flowrate-measurement`, {
        flowrateInspectionId: rotating.id,
        attemp: made.length + 1,
        flowrateBPD: bpd,
        flowrateGPM: gpm,
        suctionPressurePsi: suction,
        dischargePressurePsi: discharge,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect([
        r.body.data.bpdAsGPM,
        r.body.data.flowUnitsAgreement,
        r.body.data.differentialPressurePsi,
      ]).toEqual(expected);
      made.push(r.body.data.id);
    }
    // A disagreement is flagged on the record as a warning the inspector may confirm.
    const listed = await t.call(
      'GET',
      `${api}/flowrate-measurement/by-inspection?inspectionId=${rotating.id}`,
    );
    const flagged = (listed.body.data as { attemp: number; warnings: { rule: string }[] }[])
      .filter((m) => m.warnings.some((w) => w.rule === 'flowUnitsDisagree'))
      .map((m) => m.attemp);
    expect(flagged).toEqual([3, 6]);

    const m = tableOf(flowrateMeasurement);
    const rows = await t.db
      .select({
        id: m.id,
        asGpm: derivedSql(flowrateMeasurement, 'bpdAsGPM', m),
        agreement: derivedSql(flowrateMeasurement, 'flowUnitsAgreement', m),
        differential: derivedSql(flowrateMeasurement, 'differentialPressurePsi', m),
      })
      .from(m)
      .where(eq(m.flowrateInspectionId, rotating.id));
    const api_ = new Map(
      (listed.body.data as Record<string, unknown>[]).map((r) => [
        r.id,
        [r.bpdAsGPM, r.flowUnitsAgreement, r.differentialPressurePsi],
      ]),
    );
    expect(new Map(rows.map((r) => [r.id, [Number(r.asGpm), r.agreement, Number(r.differential)]]))).toEqual(
      api_,
    );
  });

  it('keeps a blank inspection and attempt blank: no worked-out value, no verdict, in the API and in SQL', async () => {
    const report = await flowrateReport();
    // As our form sends a blank: every number null; the pipe's on a form, where null travels as ''.
    const numbers = Object.entries(flowrateInspection.fields)
      .filter(([, f]) => f.kind === 'number')
      .map(([key]) => key);
    const pipe = await createPipeInspection(report.id, Object.fromEntries(numbers.map((k) => [k, ''])));
    const rotating = await createRotatingInspection(report.id, {
      ...Object.fromEntries(numbers.filter((k) => k !== 'percentControlValpeOpen').map((k) => [k, null])),
    });
    for (const inspection of [pipe, rotating]) {
      expect(inspection).toMatchObject({
        flowrateBPD: null,
        flowrateGPM: null,
        dischargePressurePsi: null,
        bpdAsGPM: null,
        flowUnitsAgreement: null,
        flowDeviationPercent: null,
        warnings: [],
      });
    }
    // An attempt sent blank, its number as its label; and one from a SPEC client that left its
    // numbers out (0 by SPEC): neither reads a verdict.
    const blank = await t.call('POST', `${api}/flowrate-measurement`, {
      flowrateInspectionId: rotating.id,
      attemp: 'Attempt 1',
      flowrateBPD: null,
      flowrateGPM: null,
      suctionPressurePsi: null,
      dischargePressurePsi: null,
      percentControlValveOpen: null,
    });
    expect(blank.status, JSON.stringify(blank.body)).toBe(201);
    expect(blank.body.data).toMatchObject({
      attemp: 1,
      flowrateBPD: null,
      bpdAsGPM: null,
      flowUnitsAgreement: null,
      differentialPressurePsi: null,
    });
    const zeros = await t.call('POST', `${api}/flowrate-measurement`, {
      flowrateInspectionId: rotating.id,
      attemp: 'Attempt 2',
    });
    expect(zeros.status, JSON.stringify(zeros.body)).toBe(201);
    expect(zeros.body.data).toMatchObject({
      attemp: 2,
      flowrateBPD: 0,
      flowrateGPM: 0,
      flowUnitsAgreement: null,
    });
    // An update may empty a measured number too; the attempt's number never.
    const emptied = await t.call('PUT', `${api}/flowrate-measurement?id=${zeros.body.data.id}`, {
      version: zeros.body.data.version,
      flowrateGPM: null,
    });
    expect(emptied.status, JSON.stringify(emptied.body)).toBe(200);
    expect(emptied.body.data.flowrateGPM).toBeNull();
    const unnumbered = await t.call('PUT', `${api}/flowrate-measurement?id=${zeros.body.data.id}`, {
      attemp: null,
    });
    expect(unnumbered.status).toBe(400);
    expect(unnumbered.body.error.details[0].path).toBe('attemp');

    // SQL reads the same blanks: nothing counted as agreeing, nothing worked out.
    const m = tableOf(flowrateMeasurement);
    const rows = await t.db
      .select({
        asGpm: derivedSql(flowrateMeasurement, 'bpdAsGPM', m),
        agreement: derivedSql(flowrateMeasurement, 'flowUnitsAgreement', m),
        differential: derivedSql(flowrateMeasurement, 'differentialPressurePsi', m),
      })
      .from(m)
      .where(eq(m.flowrateInspectionId, rotating.id))
      .orderBy(m.attemp);
    expect(
      rows.map((r) => [
        r.asGpm === null ? null : Number(r.asGpm),
        r.agreement,
        r.differential === null ? null : Number(r.differential),
      ]),
    ).toEqual([
      [null, null, null],
      [0, null, 0],
    ]);
    const i = tableOf(flowrateInspection);
    const inspections = await t.db
      .select({
        agreement: derivedSql(flowrateInspection, 'flowUnitsAgreement', i),
        deviation: derivedSql(flowrateInspection, 'flowDeviationPercent', i),
        asGpm: derivedSql(flowrateInspection, 'bpdAsGPM', i),
      })
      .from(i)
      .where(eq(i.reportHeaderId, report.id));
    expect(inspections).toEqual([
      { agreement: null, deviation: null, asGpm: null },
      { agreement: null, deviation: null, asGpm: null },
    ]);

    // The PDF: the verdict's place says no flow was measured, the chart has nothing drawn at 0.
    const printed = await t.inject({
      method: 'GET',
      url: `${api}/report-headers/${report.id}/pdf`,
      headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
    });
    expect(printed.statusCode).toBe(200);
    const { all } = await pdfText(printed.rawPayload);
    expect(all).toContain('No flow measured');
    expect(all).toContain('No attempt has a value yet.');
    // (The SPEC client's attempt prints the 0s it sent; nothing is judged of them.)
    expect(all).not.toMatch(/\bAgree\b/);
  });

  it('compares the inspection’s actual flow with its rated flow and its two units, in SQL alike', async () => {
    const report = await flowrateReport();
    const pipe = await createPipeInspection(report.id, {
      actualFlowrateGPM: '115',
      ratedFlowGPM: '100',
      flowrateBPD: '3000',
      flowrateGPM: '95',
    });
    expect(pipe).toMatchObject({
      flowDeviationPercent: 15,
      bpdAsGPM: 87.5,
      flowUnitsAgreement: 'disagree',
      warnings: [expect.objectContaining({ rule: 'flowUnitsDisagree' })],
    });
    const rotating = await createRotatingInspection(report.id, {
      actualFlowrateGPM: 88,
      ratedFlowGPM: 0,
      flowrateBPD: 3000,
      flowrateGPM: 87.5,
    });
    // A rated flow of 0 compares with nothing.
    expect(rotating).toMatchObject({ flowDeviationPercent: null, flowUnitsAgreement: 'agree', warnings: [] });

    const i = tableOf(flowrateInspection);
    const rows = await t.db
      .select({
        id: i.id,
        deviation: derivedSql(flowrateInspection, 'flowDeviationPercent', i),
        agreement: derivedSql(flowrateInspection, 'flowUnitsAgreement', i),
      })
      .from(i)
      .where(eq(i.reportHeaderId, report.id));
    const bySql = new Map(
      rows.map((r) => [r.id, [r.deviation == null ? null : Number(r.deviation), r.agreement]]),
    );
    expect(bySql).toEqual(
      new Map([
        [pipe.id, [15, 'disagree']],
        [rotating.id, [null, 'agree']],
      ]),
    );
  });
});

describe('a flowrate report', () => {
  it('needs a reading of its own class before submission', async () => {
    const readiness = async (id: string) =>
      (await t.call('GET', `${api}/report-headers/${id}/readiness`)).body.data.missing;

    const pipeReport = await flowrateReport();
    const pipe = await createPipeInspection(pipeReport.id);
    // A pipe report is never told it lacks a pump's attempts.
    expect(await readiness(pipeReport.id)).toEqual([
      expect.objectContaining({
        requirement: 'rows',
        technique: 'flowrate',
        entity: 'flowrateMeasurementPipe',
        found: 0,
        message: 'Flowrate: record at least one flowrate measurement pipe',
      }),
    ]);
    await t.call('POST', `${api}/flowrate-measurement-pipe`, { flowrateInspectionPipeId: pipe.id, bblD: 10 });
    expect(await readiness(pipeReport.id)).toEqual([]);

    const pumpReport = await flowrateReport();
    const rotating = await createRotatingInspection(pumpReport.id);
    expect(await readiness(pumpReport.id)).toEqual([
      expect.objectContaining({ entity: 'flowrateMeasurement', found: 0 }),
    ]);
    await t.call('POST', `${api}/flowrate-measurement`, { flowrateInspectionId: rotating.id, attemp: 1 });
    expect(await readiness(pumpReport.id)).toEqual([]);

    // Nothing recorded yet: either kind would do.
    const empty = await flowrateReport();
    expect(await readiness(empty.id)).toEqual([
      expect.objectContaining({
        entity: 'flowrateMeasurementPipe',
        message: 'Flowrate: record at least one flowrate measurement pipe or flowrate measurement',
      }),
    ]);
  });

  it('counts each class’s readings and prints both classes', async () => {
    const report = await flowrateReport();
    const pipe = await createPipeInspection(report.id, { remarks: 'Read at the metering skid' });
    const rotating = await createRotatingInspection(report.id, { finding: 'Pump delivers its rated flow' });
    for (const [lineValve, bblD] of [
      ['HV-201', 2400],
      ['HV-202', 2450],
    ] as const)
      await t.call('POST', `${api}/flowrate-measurement-pipe`, {
        flowrateInspectionPipeId: pipe.id,
        lineValve,
        bblD,
      });
    for (const attemp of ['Attempt 1', 'Attempt 2', 'Attempt 3'])
      await t.call('POST', `${api}/flowrate-measurement`, {
        flowrateInspectionId: rotating.id,
        attemp,
        flowrateBPD: 1440,
        flowrateGPM: 42,
        suctionPressurePsi: 10,
        dischargePressurePsi: 150,
      });

    const techniques = await t.call('GET', `${api}/report-headers/${report.id}/techniques`);
    expect(techniques.status, JSON.stringify(techniques.body)).toBe(200);
    expect(techniques.body.data).toEqual([
      expect.objectContaining({
        technique: 'flowrate',
        variant: 'pipe',
        inspections: 1,
        rows: 2,
        worstFinding: null,
        byGrade: [],
        perInspection: [{ id: pipe.id, rows: 2, byGrade: [] }],
      }),
      expect.objectContaining({
        technique: 'flowrate',
        variant: 'rotating-equipment',
        inspections: 1,
        rows: 3,
        perInspection: [{ id: rotating.id, rows: 3, byGrade: [] }],
      }),
    ]);

    const printed = await t.inject({
      method: 'GET',
      url: `${api}/report-headers/${report.id}/pdf`,
      headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
    });
    expect(printed.statusCode).toBe(200);
    const { all } = await pdfText(printed.rawPayload);
    expect(all).toContain('Flowrate inspection');
    expect(all).toContain('Read at the metering skid');
    expect(all).toContain('Pump delivers its rated flow');
    expect(all).toContain('Flowrate measurement pipe');
    for (const valve of ['HV-201', 'HV-202']) expect(all).toContain(valve);
    expect(all).toContain('Differential pressure');
    if (process.env.KEEP_PDF)
      (await import('node:fs')).writeFileSync(process.env.KEEP_PDF, printed.rawPayload);
  });
});
