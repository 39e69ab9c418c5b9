import type { ufdVariants } from '@inspectra/contract';
import { ufdSummary } from '@inspectra/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableOf } from '../src/db/schema/index.ts';
import { derivedSql } from '../src/engine/derived-sql.ts';
import { createReportHeader, jpegBytes, multipart, pngBytes, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { preparedStatementsOf } from './statements-run.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Variant = (typeof ufdVariants)[number];

/** What the database client runs a statement with its values by (PGlite and node-postgres alike). */
type Client = { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
type PlanNode = { 'Relation Name'?: string; 'Actual Loops': number; Plans?: PlanNode[] };

/** Every node of a statement's plan as it ran (`explain analyze`). */
async function planNodes(statement: { text: string; params: unknown[] }): Promise<PlanNode[]> {
  const client = (t.db as unknown as { $client: Client }).$client;
  const found = await client.query(`explain (analyze, format json) ${statement.text}`, statement.params);
  const cell = found.rows[0]!['QUERY PLAN'];
  const [plan] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    node.Plans?.forEach(walk);
  };
  walk(plan!.Plan);
  return nodes;
}

const isometric = { name: 'isometric.png', type: 'image/png', bytes: pngBytes };
const aScan = (name: string) => ({ name, type: 'image/jpeg', bytes: jpegBytes });

/** The examination's set-up as an inspector fills it in, as the multipart form sends it (text). */
const setUp = {
  measurementDate: '2026-11-12',
  procedureName: 'UT-PRC-014 rev 3',
  acceptanceCode: 'ASME B31.3',
  scanningTechnique: 'Raster, both sides of the weld',
  sensitivityLevel: 'Reference level + 6 dB',
  jobOrJoint: 'Joint W-17',
  matThickness: '12.7',
  weldingPrep: 'Single V, 60°',
  weldingProcess: 'GTAW root, SMAW fill',
  surfaceCondition: 'Ground smooth',
  equipmentUsed: 'Olympus EPOCH 650',
  equipmentSerialNumber: 'E650-22871',
  testBlockUsed: 'IIW V1',
  couplantUsed: 'Glycerine gel',
  probeUsed: '4 MHz 60° angle beam',
  probeSerialNumber: 'P60-1193',
  finding: 'One lack of fusion on the root, rejected; two slag lines within the code.',
};

async function createInspection(
  variant: Variant,
  reportHeaderId: string,
  fields: Record<string, string> = {},
) {
  const r = await t.call(
    'POST',
    `/api/ufd-inspection-${variant}`,
    multipart({ reportHeaderId, ...setUp, ...fields }, { isometricImage: isometric }),
  );
  if (r.status !== 201) throw new Error(`UFD inspection: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** A finding sent as the original client sends it: multipart, photos typed by the list's JSON. */
async function createFinding(variant: Variant, ufdInspectionId: string, fields: Record<string, string> = {}) {
  return t.call(
    'POST',
    `/api/ufd-summary-${variant}`,
    multipart(
      {
        ufdInspectionId,
        measurementDate: '2026-11-12',
        partOfSubject: 'Weld root, 3 o’clock',
        transducerAngle: '60',
        decibelsDefectSensitivityLevel: '48',
        decibelsDefectReferenceLevel: '42',
        decibelsDefectHeightOfScreenPercentage: '120',
        decibelsDefectThickness: '9.5',
        decibelsDefectLength: '14',
        decibelsDefectAngularDistance: '22',
        decibelsDefectType: 'lackOfFusion',
        defectLocationFromYAxis: '310',
        examinationTime: '10:45',
        result: 'reject',
        summaryImages: JSON.stringify([{ file: 0, imageType: 'aScan' }]),
        ...fields,
      },
      { summaryImages: aScan('a-scan.jpg') },
    ),
  );
}

describe('UFD inspections', () => {
  it('refuses bad input with the field named, and stores nothing', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'ufd' });
    const negative = await t.call(
      'POST',
      '/api/ufd-inspection-pipe',
      multipart({ reportHeaderId: report.id, ...setUp, matThickness: '-3' }),
    );
    expect(negative.status).toBe(400);
    expect(negative.body.error.details).toEqual([expect.objectContaining({ path: 'matThickness' })]);
    const undated = await t.call(
      'POST',
      '/api/ufd-inspection-pipe',
      multipart({ reportHeaderId: report.id, procedureName: 'UT-PRC-014' }),
    );
    expect(undated.status).toBe(400);
    expect(undated.body.error.details).toEqual([
      expect.objectContaining({ path: 'measurementDate', message: expect.stringMatching(/required/i) }),
    ]);
    const json = await t.call('POST', '/api/ufd-inspection-pipe', { reportHeaderId: report.id, ...setUp });
    expect(json.status).toBe(415);
    const listed = await t.call('GET', `/api/ufd-inspection-pipe/by-report?reportHeaderId=${report.id}`);
    expect(listed.body.data).toEqual([]);
  });
});

describe('UFD findings', () => {
  it('refuses a finding without a result, an unknown type, an angle past 90° and another class’s inspection', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'ufd' });
    const vessel = await createInspection('pressure-vessel', report.id);
    const noResult = await createFinding('pressure-vessel', vessel.id, { result: '' });
    expect(noResult.status).toBe(400);
    expect(noResult.body.error.details).toEqual([expect.objectContaining({ path: 'result' })]);
    const unknownType = await createFinding('pressure-vessel', vessel.id, { decibelsDefectType: 'wormhole' });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.error.details).toEqual([
      expect.objectContaining({
        path: 'decibelsDefectType',
        message: expect.stringContaining('lackOfFusion'),
      }),
    ]);
    const steep = await createFinding('pressure-vessel', vessel.id, { transducerAngle: '95' });
    expect(steep.status).toBe(400);
    expect(steep.body.error.details).toEqual([expect.objectContaining({ path: 'transducerAngle' })]);
    // A pipe finding under a pressure-vessel inspection names the wrong parent.
    const crossed = await createFinding('pipe', vessel.id);
    expect(crossed.status).toBe(400);
    expect(crossed.body.error.details).toEqual([expect.objectContaining({ path: 'ufdInspectionId' })]);
    const listed = await t.call(
      'GET',
      `/api/ufd-summary-pressure-vessel/by-inspection?inspectionId=${vessel.id}`,
    );
    expect(listed.body.data).toEqual([]);
  });

  it('make the report submittable, and its worst finding is a rejection', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'ufd' });
    const vessel = await createInspection('pressure-vessel', report.id);
    const before = await t.call('GET', `/api/report-headers/${report.id}/readiness`);
    expect(before.body.data.missing).toEqual([
      expect.objectContaining({ requirement: 'rows', technique: 'ufd', entity: 'ufdSummary', found: 0 }),
    ]);
    // Accepted where the code accepts too (porosity below the reference level): no override.
    const below = { decibelsDefectType: 'porosity', decibelsDefectHeightOfScreenPercentage: '60' };
    for (const result of ['accept', 'reject', 'accept'])
      expect(
        (await createFinding('pressure-vessel', vessel.id, { result, ...(result === 'accept' ? below : {}) }))
          .status,
      ).toBe(201);
    const after = await t.call('GET', `/api/report-headers/${report.id}/readiness`);
    expect(after.body.data.missing).toEqual([]);
    const techniques = await t.call('GET', `/api/report-headers/${report.id}/techniques`);
    expect(techniques.body.data).toEqual([
      {
        technique: 'ufd',
        variant: 'pressure-vessel',
        inspections: 1,
        rows: 3,
        worstFinding: 'reject',
        byGrade: [
          { level: 'accept', rows: 2 },
          { level: 'reject', rows: 1 },
        ],
        perInspection: [
          {
            id: vessel.id,
            rows: 3,
            byGrade: [
              { level: 'accept', rows: 2 },
              { level: 'reject', rows: 1 },
            ],
          },
        ],
      },
    ]);
  });
});

describe('the result the acceptance code gives', () => {
  /** A finding of the given type, echo height (% FSH) and length (mm). */
  const indication = (type: string, echo?: number, length?: number) => ({
    decibelsDefectType: type,
    decibelsDefectHeightOfScreenPercentage: echo === undefined ? '' : String(echo),
    decibelsDefectLength: length === undefined ? '' : String(length),
    result: 'accept',
  });

  it('is proposed per indication from the inspection’s code and thickness, in the API and in SQL alike', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'ufd' });
    // 25 mm: an indication above the reference level is accepted up to 25/3 = 8.33 mm.
    const vessel = await createInspection('pressure-vessel', report.id, {
      acceptanceCode: 'ASME Section VIII Div. 1, Appendix 12',
      matThickness: '25',
    });
    const cases: [string, Record<string, string>, string | null][] = [
      ['crack', indication('crack', 30, 2), 'reject'],
      ['porosity below the reference', indication('porosity', 60, 30), 'accept'],
      ['at the reference', indication('slagInclusion', 80, 30), 'accept'],
      ['slag too long', indication('slagInclusion', 90, 9), 'reject'],
      ['slag short enough', indication('slagInclusion', 90, 8), 'accept'],
      ['no echo height', indication('slagInclusion', undefined, 9), null],
      ['no length above the reference', indication('porosity', 95), null],
      ['no type', { ...indication('porosity', 95, 9), decibelsDefectType: '' }, null],
    ];
    const ids: string[] = [];
    for (const [part, fields, proposed] of cases) {
      // An inspector's result the code rejects is kept with a reason (docs/verdict-pairs.md).
      const reason: Record<string, string> =
        proposed === 'reject' ? { verdictOverrideReason: 'Re-examined by hand' } : {};
      const r = await createFinding('pressure-vessel', vessel.id, {
        partOfSubject: part,
        ...fields,
        ...reason,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.data.proposedResult, part).toBe(proposed);
      // The inspector's result is the record, whatever the code proposes.
      expect(r.body.data.result).toBe('accept');
      ids.push(r.body.data.id);
    }
    const proposals = async () => {
      const listed = await t.call(
        'GET',
        `/api/ufd-summary-pressure-vessel/by-inspection?inspectionId=${vessel.id}`,
      );
      expect(listed.status).toBe(200);
      // By page, each page reading the inspection once (on PostgreSQL the database builds the views,
      // view-json.ts), the same records as the whole list the server builds, byte for byte.
      const paged: unknown[] = [];
      for (let pageNumber = 1; pageNumber <= 3; pageNumber++) {
        const page = await t.call(
          'GET',
          `/api/ufd-summary-pressure-vessel/by-inspection?inspectionId=${vessel.id}&pageNumber=${pageNumber}&pageSize=3`,
        );
        expect(page.status, JSON.stringify(page.body)).toBe(200);
        paged.push(...page.body.data);
      }
      expect(JSON.stringify(paged)).toBe(JSON.stringify(listed.body.data));
      const byId = new Map(
        listed.body.data.map((r: { id: string; proposedResult: string | null }) => [r.id, r.proposedResult]),
      );
      // The same declaration in SQL, reading the inspection through the finding's reference.
      const s = tableOf(ufdSummary);
      const rows = await t.db
        .select({ id: s.id, proposed: derivedSql(ufdSummary, 'proposedResult', s) })
        .from(s)
        .where(eq(s.ufdInspectionId, vessel.id));
      expect(new Map(rows.map((r) => [r.id, r.proposed]))).toEqual(byId);
      return ids.map((id) => byId.get(id));
    };
    expect(await proposals()).toEqual(cases.map(([, , proposed]) => proposed));

    // Read from the inspection as it is now: at 30 mm, 9 mm of slag is within t/3 = 10 mm.
    const thicker = await t.call(
      'PUT',
      `/api/ufd-inspection-pressure-vessel?id=${vessel.id}`,
      multipart({ matThickness: '30', version: String(vessel.version) }),
    );
    expect(thicker.status, JSON.stringify(thicker.body)).toBe(200);
    expect((await proposals())[3]).toBe('accept');
    const one = await t.call('PUT', `/api/ufd-summary-pressure-vessel?id=${ids[3]}`, {
      examinationTime: '11:20',
      version: 1,
    });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data).toMatchObject({ proposedResult: 'accept', result: 'accept' });

    // Another code, or none: the code's result is not guessed.
    const other = await t.call(
      'PUT',
      `/api/ufd-inspection-pressure-vessel?id=${vessel.id}`,
      multipart({ acceptanceCode: 'API 1104', version: String(thicker.body.data.version) }),
    );
    expect(other.status).toBe(200);
    expect(await proposals()).toEqual(cases.map(() => null));
  });

  it('reads the inspection once for a page of its findings, not once per finding', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'ufd' });
    const vessel = await createInspection('pressure-vessel', report.id, { matThickness: '25' });
    for (const length of [2, 9, 30, 8, 14])
      expect(
        (await createFinding('pressure-vessel', vessel.id, indication('porosity', 60, length))).status,
      ).toBe(201);
    for (const query of ['&pageNumber=1&pageSize=4', '&pageNumber=2&pageSize=4', '']) {
      const statements = await preparedStatementsOf(async () => {
        const r = await t.call(
          'GET',
          `/api/ufd-summary-pressure-vessel/by-inspection?inspectionId=${vessel.id}${query}`,
        );
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      });
      const listing = statements.find((s) => s.key.startsWith('page:') || s.key.startsWith('every:head:'));
      expect(listing, query).toBeDefined();
      // Each read of the inspection runs once for the statement, whatever the rows.
      const reads = (await planNodes(listing!)).filter((node) => node['Relation Name'] === 'ufd_inspection');
      expect(reads.length, query).toBeGreaterThan(0);
      for (const read of reads) expect(read['Actual Loops'], query).toBe(1);
    }
  });

  it('reads the inspection once a batch for a whole list longer than one batch', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'ufd' });
    const vessel = await createInspection('pressure-vessel', report.id, { matThickness: '25' });
    const first = await createFinding('pressure-vessel', vessel.id, indication('slagInclusion', 90, 2));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // 600 more findings like it, each its own length, written as a bulk load would.
    await t.db.execute(sql`insert into ufd_summary
      select (jsonb_populate_record(null::ufd_summary, to_jsonb(s) || jsonb_build_object(
        'id', gen_random_uuid(), 'decibels_defect_length', (g % 40)::text, 'part_of_subject', 'Weld ' || g))).*
      from ufd_summary s, generate_series(1, 600) g where s.id = ${first.body.data.id}`);
    const url = `/api/ufd-summary-pressure-vessel/by-inspection?inspectionId=${vessel.id}`;
    let whole: { id: string; proposedResult: string | null }[] = [];
    const statements = await preparedStatementsOf(async () => {
      const r = await t.call('GET', url);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      whole = r.body.data;
    });
    expect(whole).toHaveLength(601);
    // The rows after the first batch, read by id under the inspection: it is read once a batch.
    const later = statements.filter((s) => s.key.startsWith('batch:parent'));
    expect(later.length).toBeGreaterThan(0);
    for (const batch of later) {
      const reads = (await planNodes(batch)).filter((node) => node['Relation Name'] === 'ufd_inspection');
      expect(reads.length).toBeGreaterThan(0);
      for (const read of reads) expect(read['Actual Loops']).toBe(1);
    }
    // The same records as its pages, byte for byte, and each finding's code result as the
    // declaration reads it in SQL through the finding's own reference.
    const paged: unknown[] = [];
    for (let pageNumber = 1; pageNumber <= 4; pageNumber++) {
      const page = await t.call('GET', `${url}&pageNumber=${pageNumber}&pageSize=200`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      paged.push(...page.body.data);
    }
    expect(JSON.stringify(paged)).toBe(JSON.stringify(whole));
    const f = tableOf(ufdSummary);
    const declared = await t.db
      .select({ id: f.id, proposed: derivedSql(ufdSummary, 'proposedResult', f) })
      .from(f)
      .where(eq(f.ufdInspectionId, vessel.id));
    expect(new Map(whole.map((r) => [r.id, r.proposedResult]))).toEqual(
      new Map(declared.map((r) => [r.id, r.proposed])),
    );
    // Both results the code gives are among them (slag of 9 mm against t/3, about 8.3 mm).
    expect(new Set(whole.map((r) => r.proposedResult))).toEqual(new Set(['accept', 'reject']));
  });

  it('is printed in the whole report beside the inspector’s result', async () => {
    const report = await createReportHeader(t, { inspectionMethod: 'ufd' });
    const pipe = await createInspection('pipe', report.id, {
      acceptanceCode: 'ASME B31.3',
      matThickness: '12.7',
    });
    const reason = { verdictOverrideReason: 'Re-examined by hand' };
    expect(
      (await createFinding('pipe', pipe.id, { ...indication('porosity', 90, 7), ...reason })).status,
    ).toBe(201);
    const tree = await t.call('GET', `/api/report-headers/${report.id}/content`);
    expect(tree.status, JSON.stringify(tree.body)).toBe(200);
    expect(JSON.stringify(tree.body.data)).toContain('"proposedResult":"reject"');
  });
});
