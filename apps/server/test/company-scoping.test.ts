/**
 * Company scoping (docs/company-scoping.md): a contractor company's user sees the work orders that
 * name one of the company's users on a task assignment; on them, the assignments naming its users
 * and the reports of those assignments' methods, and everything under those reports (not the plant
 * owner's own work on a shared work order). The rest is 404 on reads and writes and absent from
 * lists. The owner's staff see everything.
 */
import { randomUUID } from 'node:crypto';
import { permissionActions, permissionModules, routeSchemas, routeTable } from '@inspectra/contract';
import type { RouteDefinition } from '@inspectra/contract';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { pdfBytes } from './document-bytes.ts';
import {
  createEquipment,
  createReportHeader,
  createRole,
  createThermalAnalysis,
  createThermalMeasurement,
  createUser,
  createWorkOrder,
  multipart,
  pngBytes,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { recordScopes } from '../src/app.ts';
import { entityScope } from '../src/engine/record-scope.ts';
import { routeLabel } from './entity-factory.ts';
import { requestFor } from './route-requests.ts';

let t: TestApp;

/** What one company's side of the test holds: its user's token and the records made for it. */
type Side = {
  companyId: string;
  token: string;
  workOrder: { id: string; woNumber: string; contractNo: string };
  assignment: { id: string };
  report: { id: string; reportNumber: string; equipmentNo: string };
  analysis: { id: string };
  measurement: { id: string; thermalImage: { id: string } };
  document: { id: string; file: { id: string } };
};
let a: Side;
let b: Side;
let ownerToken: string;
/** The plant owner's own work (another method, its own inspector) on A's work order. */
let owners: Side;
/** The owner's inspector named on that work. */
let ownerId: string;

/** A role with every permission but not the administrator's: what scoping must hold back is data. */
const contractorRole = async () =>
  (
    await createRole(
      t,
      permissionModules.flatMap((module) => permissionActions.map((action) => ({ module, action }))),
      'contractor',
    )
  ).id;

async function side(name: string, roleId: string): Promise<Side> {
  const company = await t.call('POST', '/api/contractor-company', multipart({ ContractorName: name }));
  expect(company.status, JSON.stringify(company.body)).toBe(201);
  const user = await createUser(t, { roleId });
  await t.db.update(users).set({ contractorCompanyId: company.body.data.id }).where(eq(users.id, user.id));
  const token = (await t.login(user.username, user.password)).json().data.accessToken as string;
  const workOrder = await createWorkOrder(t, { contractNo: `CN-${name}` });
  return {
    companyId: company.body.data.id,
    token,
    ...(await workOn(workOrder, 'thermal', user.id)),
  };
}

/**
 * One method's work on a work order, made by the owner's staff: its assignment naming the
 * inspector, a report by that method, a thermal analysis with a photographed measurement, and a
 * supporting document.
 */
async function workOn(workOrder: Side['workOrder'], inspectionMethod: string, inspectorId: string) {
  const assigned = await t.call('POST', '/api/wo-task-assignments', {
    workOrderSPKId: workOrder.id,
    inspectionMethod,
    userPDMIds: [inspectorId],
  });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);
  const report = await createReportHeader(t, { workOrderSPKId: workOrder.id, inspectionMethod });
  const analysis = await createThermalAnalysis(t, { reportHeaderId: report.id });
  const measurement = await createThermalMeasurement(
    t,
    analysis.id,
    {},
    {
      thermalImage: { name: 'ir.png', type: 'image/png', bytes: pngBytes },
    },
  );
  const document = await t.call(
    'POST',
    '/api/report-supporting-document',
    multipart(
      { reportHeaderId: report.id, documentType: 'procedure' },
      { file: { name: 'p.pdf', type: 'application/pdf', bytes: pdfBytes } },
    ),
  );
  expect(document.status, JSON.stringify(document.body)).toBe(201);
  return {
    workOrder,
    assignment: assigned.body.data,
    report,
    analysis,
    measurement,
    document: document.body.data,
  };
}

beforeAll(async () => {
  t = await startTestApp();
  const roleId = await contractorRole();
  a = await side(`Alpha-${randomUUID().slice(0, 6)}`, roleId);
  b = await side(`Beta-${randomUUID().slice(0, 6)}`, roleId);
  const owner = await createUser(t, { roleId });
  ownerToken = (await t.login(owner.username, owner.password)).json().data.accessToken as string;
  ownerId = owner.id;
  owners = { companyId: '', token: ownerToken, ...(await workOn(a.workOrder, 'vci', owner.id)) };
});
afterAll(() => t?.close());

const ids = (r: { body: { data: { id: string }[] } }) => r.body.data.map((x) => x.id);

/** The reads of one side's records, each answering that record (or a list holding it). */
const reads = (s: Side) => [
  `/api/work-order-spks/${s.workOrder.id}`,
  `/api/work-order-spks?id=${s.workOrder.id}`,
  `/api/report-headers?id=${s.report.id}`,
  `/api/report-headers/${s.report.id}/author`,
  `/api/wo-task-assignments/by-work-order?workOrderSPKId=${s.workOrder.id}`,
  `/api/wo-task-assignments/inspections?workOrderSPKId=${s.workOrder.id}`,
  `/api/thermal-analysis/by-report?reportHeaderId=${s.report.id}`,
  `/api/thermal-analysis/summary?thermalAnalysisId=${s.analysis.id}`,
  `/api/thermal-analysis/result?thermalAnalysisId=${s.analysis.id}`,
  `/api/thermal-measurements/by-thermal-analysis?thermalAnalysisId=${s.analysis.id}`,
  `/api/thermal-measurements/${s.measurement.id}`,
  `/api/report-supporting-document?reportHeaderId=${s.report.id}`,
  `/api/files/${s.measurement.thermalImage.id}`,
  `/api/files/${s.document.file.id}`,
];

describe('a contractor company user', () => {
  it('reads every record of its own company, and none of another company (404)', async () => {
    for (const url of reads(a)) {
      const own = await t.call('GET', url, undefined, a.token);
      expect(own.status, `${url}: ${JSON.stringify(own.body)}`).toBe(200);
    }
    for (const url of reads(b)) {
      const other = await t.call('GET', url, undefined, a.token);
      // A list filtered to one id answers an empty page; everything else is not found.
      if (url.includes('?id=')) {
        expect(other.status, url).toBe(200);
        expect(other.body.data, url).toEqual([]);
      } else expect(other.status, `${url}: ${JSON.stringify(other.body)}`).toBe(404);
    }
  });

  it("lists only its company's work orders, reports, measurements and lookups", async () => {
    const lists = [
      ['/api/work-order-spks?pageSize=200', a.workOrder.id, b.workOrder.id],
      ['/api/report-headers?pageSize=200', a.report.id, b.report.id],
      ['/api/thermal-measurements?pageSize=200', a.measurement.id, b.measurement.id],
    ] as const;
    for (const [url, mine, theirs] of lists) {
      const r = await t.call('GET', url, undefined, a.token);
      expect(r.status, url).toBe(200);
      expect(ids(r), url).toContain(mine);
      expect(ids(r), url).not.toContain(theirs);
      expect(r.body.meta.totalCount, url).toBe(r.body.data.length);
    }
    const contracts = await t.call('GET', '/api/work-order-spks/contract-numbers', undefined, a.token);
    const values = contracts.body.data.map((v: { value: string }) => v.value);
    expect(values).toContain(a.workOrder.contractNo);
    expect(values).not.toContain(b.workOrder.contractNo);
    const summary = await t.call(
      'GET',
      '/api/master-inspection-method/summary?search=thermal',
      undefined,
      a.token,
    );
    const thermal = summary.body.data.find((m: { code: string }) => m.code === 'thermal');
    expect(thermal.openAssignments).toBe(1);
  });

  it("cannot change, delete or create under another company's records (404), and nothing changes", async () => {
    const attempts = [
      t.call('PUT', `/api/work-order-spks/${b.workOrder.id}`, { title: 'Taken' }, a.token),
      t.call('DELETE', `/api/work-order-spks/${b.workOrder.id}`, undefined, a.token),
      t.call('PUT', `/api/report-headers/${b.report.id}`, { title: 'Taken' }, a.token),
      t.call('DELETE', `/api/wo-task-assignments/${b.assignment.id}`, undefined, a.token),
      t.call('DELETE', `/api/thermal-measurements?id=${b.measurement.id}`, undefined, a.token),
      t.call(
        'PUT',
        `/api/report-headers/update-report-status/${b.report.id}?status=submitted`,
        undefined,
        a.token,
      ),
      t.call(
        'POST',
        '/api/thermal-measurements',
        {
          thermalAnalysisId: b.analysis.id,
          date: '2026-11-20',
          component: 'X',
          maxTemperatureC: 1,
          referenceTemperatureC: 1,
        },
        a.token,
      ),
    ];
    for (const r of await Promise.all(attempts)) expect(r.status, JSON.stringify(r.body)).toBe(404);
    const still = await t.call('GET', `/api/report-headers?id=${b.report.id}`, undefined, ownerToken);
    expect(still.body.data[0]).toMatchObject({ title: 'Panel LP-3A', status: 'draft' });
    expect((await t.call('GET', `/api/work-order-spks/${b.workOrder.id}`)).status).toBe(200);
  });

  it('changes and deletes its own records', async () => {
    const own = await t.call('PUT', `/api/report-headers/${a.report.id}`, { title: 'Panel LP-3B' }, a.token);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data.title).toBe('Panel LP-3B');
    const extra = await createThermalMeasurement(t, a.analysis.id);
    const removed = await t.call('DELETE', `/api/thermal-measurements?id=${extra.id}`, undefined, a.token);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
  });

  it('may not import or upsert work orders by natural key (they could reach records out of scope)', async () => {
    const r = await t.call(
      'POST',
      '/api/work-order-spks/import',
      multipart({}, { file: { name: 'w.xlsx', type: 'application/octet-stream', bytes: pdfBytes } }),
      a.token,
    );
    expect(r.status).toBe(403);
  });

  it('loses sight of a work order once no assignment names its company', async () => {
    const wo = await createWorkOrder(t);
    expect((await t.call('GET', `/api/work-order-spks/${wo.id}`, undefined, a.token)).status).toBe(404);
  });
});

describe('a contractor company user on a work order shared with the plant owner', () => {
  /** The reads of the owner's own records there (the work order's own reads are A's too). */
  const ownersReads = () => [
    ...reads(owners).filter((url) => !url.includes(a.workOrder.id)),
    `/api/report-headers/${owners.report.id}/techniques`,
    `/api/report-approval-paths/history?reportHeaderId=${owners.report.id}`,
  ];

  it("reads the reports of its company's methods, and none of the owner's own (404)", async () => {
    for (const url of ownersReads()) {
      const r = await t.call('GET', url, undefined, a.token);
      if (url.includes('?id=')) {
        expect(r.status, url).toBe(200);
        expect(r.body.data, url).toEqual([]);
      } else expect(r.status, `${url}: ${JSON.stringify(r.body)}`).toBe(404);
    }
    // A's thermal report was made by the owner's staff too: it is of A's method, so it is A's.
    expect(
      (await t.call('GET', `/api/report-headers?id=${a.report.id}`, undefined, a.token)).body.data,
    ).toHaveLength(1);
  });

  it("lists the work order's reports, assignments and rows of its methods only", async () => {
    const lists = [
      [`/api/report-headers?workOrderSPKId=${a.workOrder.id}&pageSize=100`, a.report.id, owners.report.id],
      ['/api/report-headers?pageSize=200', a.report.id, owners.report.id],
      [
        `/api/wo-task-assignments/by-work-order?workOrderSPKId=${a.workOrder.id}`,
        a.assignment.id,
        owners.assignment.id,
      ],
      ['/api/thermal-measurements?pageSize=200', a.measurement.id, owners.measurement.id],
    ] as const;
    for (const [url, mine, theirs] of lists) {
      const r = await t.call('GET', url, undefined, a.token);
      expect(r.status, url).toBe(200);
      expect(ids(r), url).toContain(mine);
      expect(ids(r), url).not.toContain(theirs);
      if (r.body.meta) expect(r.body.meta.totalCount, url).toBe(r.body.data.length);
    }
    const inspections = await t.call(
      'GET',
      `/api/wo-task-assignments/inspections?workOrderSPKId=${a.workOrder.id}`,
      undefined,
      a.token,
    );
    expect(ids(inspections)).toEqual([a.assignment.id]);
    expect(JSON.stringify(inspections.body)).not.toContain(owners.report.id);
  });

  it("cannot change the owner's records (404), nor make or move work outside its methods (403)", async () => {
    const hidden = [
      t.call('PUT', `/api/report-headers/${owners.report.id}`, { title: 'Taken' }, a.token),
      t.call('DELETE', `/api/report-headers/${owners.report.id}`, undefined, a.token),
      t.call('PUT', `/api/wo-task-assignments/${owners.assignment.id}`, { userPDMIds: [] }, a.token),
      t.call(
        'PUT',
        `/api/report-headers/update-report-status/${owners.report.id}?status=submitted`,
        undefined,
        a.token,
      ),
      t.call('POST', '/api/thermal-analysis', { reportHeaderId: owners.report.id }, a.token),
      t.call(
        'POST',
        '/api/report-supporting-document',
        multipart(
          { reportHeaderId: owners.report.id, documentType: 'procedure' },
          { file: { name: 'p.pdf', type: 'application/pdf', bytes: pdfBytes } },
        ),
        a.token,
      ),
    ];
    for (const r of await Promise.all(hidden)) expect(r.status, JSON.stringify(r.body)).toBe(404);
    const refused = [
      // A report of a method the owner does on the work order.
      await t.call(
        'POST',
        '/api/report-headers',
        {
          workOrderSPKId: a.workOrder.id,
          reportNumber: `RPT-A-${randomUUID().slice(0, 8)}`,
          title: 'Not ours',
          equipmentNo: a.report.equipmentNo,
          inspectionMethod: 'vci',
        },
        a.token,
      ),
      // Its own report moved to the owner's method.
      await t.call('PUT', `/api/report-headers/${a.report.id}`, { inspectionMethod: 'vci' }, a.token),
      // An assignment naming only the owner's inspector.
      await t.call(
        'POST',
        '/api/wo-task-assignments',
        {
          workOrderSPKId: a.workOrder.id,
          inspectionMethod: 'ultrasound',
          userPDMIds: [ownerId],
        },
        a.token,
      ),
    ];
    for (const r of refused) {
      expect(r.status, JSON.stringify(r.body)).toBe(403);
      expect(r.body.message).toMatch(/your company/i);
    }
    const reports = await t.call(
      'GET',
      `/api/report-headers?workOrderSPKId=${a.workOrder.id}&pageSize=100`,
      undefined,
      ownerToken,
    );
    expect(ids(reports).sort()).toEqual([a.report.id, owners.report.id].sort());
    expect(reports.body.data.find((r: { id: string }) => r.id === a.report.id).inspectionMethod).toBe(
      'thermal',
    );
    const assignments = await t.call(
      'GET',
      `/api/wo-task-assignments/by-work-order?workOrderSPKId=${a.workOrder.id}`,
      undefined,
      ownerToken,
    );
    expect(ids(assignments).sort()).toEqual([a.assignment.id, owners.assignment.id].sort());
    expect(
      assignments.body.data.find((x: { id: string }) => x.id === owners.assignment.id).userPDMIds,
    ).toHaveLength(1);
  });

  it('while the owner sees every report and assignment on it', async () => {
    for (const url of [...ownersReads(), ...reads(a)]) {
      const r = await t.call('GET', url, undefined, ownerToken);
      expect(r.status, url).toBe(200);
    }
    const list = await t.call(
      'GET',
      `/api/report-headers?workOrderSPKId=${a.workOrder.id}`,
      undefined,
      ownerToken,
    );
    expect(ids(list)).toEqual(expect.arrayContaining([a.report.id, owners.report.id]));
  });
});

describe("the owner's staff", () => {
  it("see both companies' records", async () => {
    for (const url of [...reads(a), ...reads(b)]) {
      const r = await t.call('GET', url, undefined, ownerToken);
      expect(r.status, url).toBe(200);
    }
    const list = await t.call('GET', '/api/work-order-spks?pageSize=200', undefined, ownerToken);
    expect(ids(list)).toEqual(expect.arrayContaining([a.workOrder.id, b.workOrder.id]));
  });
});

/**
 * An answer as text: the JSON envelope as sent, or every part of a spreadsheet (cells, shared
 * strings, hidden sheets, list validations, names) as its XML text. Reading the parts as text is
 * stricter than reading the cells, and fast: loading a template's list validations into a workbook
 * took up to 40 s.
 */
async function answerText(res: { headers: Record<string, unknown>; rawPayload: Buffer; body: string }) {
  if (!String(res.headers['content-type'] ?? '').includes('spreadsheetml')) return res.body;
  const zip = await JSZip.loadAsync(res.rawPayload);
  const parts = Object.values(zip.files).filter((f) => !f.dir && f.name.endsWith('.xml'));
  return (await Promise.all(parts.map((f) => f.async('string')))).join('\n');
}

describe('every call of the route table', () => {
  /** What names one of company B's records, wherever it would appear in an answer. */
  const secretsOf = (s: Side) => [
    s.workOrder.id,
    s.workOrder.woNumber,
    s.assignment.id,
    s.report.id,
    s.report.reportNumber,
    s.analysis.id,
    s.measurement.id,
    s.document.id,
  ];
  /** Parameters that name one of the side's records, wherever a route takes them. */
  const paramsOf = (s: Side) => ({
    workOrderSPKId: s.workOrder.id,
    reportHeaderId: s.report.id,
    thermalAnalysisId: s.analysis.id,
    woNumber: s.workOrder.woNumber,
    equipmentNo: s.report.equipmentNo,
  });
  const reads = (routeTable as readonly RouteDefinition[]).filter(
    (r) => r.method === 'GET' && r.access !== 'public' && r.path !== '/files/:id',
  );

  /** Walks every read: plain, and naming B's records; answers the routes whose answer held a secret. */
  async function walk(token: string, secrets: string[], forms: Record<string, string>[]) {
    const leaks: string[] = [];
    for (const route of reads) {
      const shape = routeSchemas(route).query?.shape ?? {};
      for (const ids of forms) {
        const r = requestFor(route, ids);
        const url = 'pageSize' in shape ? `${r.url}${r.url.includes('?') ? '&' : '?'}pageSize=100` : r.url;
        const res = await t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        const text = await answerText(res);
        // A refusal may name what the caller asked for ("Report … was not found"): that is no leak.
        const asked = (secret: string) => res.statusCode >= 400 && url.includes(secret);
        const found = secrets.filter((secret) => text.includes(secret) && !asked(secret));
        if (found.length > 0) leaks.push(`${routeLabel(route)} ${url}: ${found.join(', ')}`);
      }
    }
    return leaks;
  }

  it("finds none of another company's records in any answer, list, count, lookup or export", async () => {
    // The NDT register names B's equipment: the register is plant-wide, B's report on it is B's.
    const listed = await t.call('POST', '/api/ndt-equipment-list', { equipmentNo: b.report.equipmentNo });
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    expect(await walk(a.token, secretsOf(b), [{}, paramsOf(b)])).toEqual([]);
    // The same walk finds B's records for B's own user: it would see a leak.
    const own = await walk(b.token, secretsOf(b), [paramsOf(b)]);
    expect(own.length, own.join('\n')).toBeGreaterThanOrEqual(15);
    expect(own.some((line) => line.startsWith('GET /ndt-equipment-list '))).toBe(true);
    expect(own.some((line) => line.includes('/export'))).toBe(true);
  }, 300_000);

  it("finds none of the plant owner's own work on a shared work order in any answer", async () => {
    const secrets = [
      owners.assignment.id,
      owners.report.id,
      owners.report.reportNumber,
      owners.analysis.id,
      owners.measurement.id,
      owners.document.id,
    ];
    expect(await walk(a.token, secrets, [{}, paramsOf(owners)])).toEqual([]);
    // The owner's walk finds them: it would see a leak.
    const seen = await walk(ownerToken, secrets, [paramsOf(owners)]);
    expect(seen.length, seen.join('\n')).toBeGreaterThanOrEqual(10);
  }, 300_000);

  it('lets a contractor read plant-wide data and refuses every write of it (403), whatever the role grants', async () => {
    // The register names the asset master's equipment.
    const piece = await createEquipment(t);
    const equipment = await t.call('POST', '/api/ndt-equipment-list', { equipmentNo: piece.equipmentNo });
    expect(equipment.status).toBe(201);
    const plantWide = (routeTable as readonly RouteDefinition[]).filter((r) => {
      const op = r.operation;
      if (!['create', 'update', 'delete', 'upsert', 'importSheet'].includes(op.kind) || !('entity' in op))
        return false;
      return 'plantWide' in entityScope(recordScopes, op.entity);
    });
    expect(plantWide.length).toBeGreaterThanOrEqual(20);
    const wrong: string[] = [];
    for (const route of plantWide) {
      const r = requestFor(route, { id: equipment.body.data.id });
      const res = await t.inject({
        method: r.method,
        url: r.url,
        headers: { authorization: `Bearer ${a.token}` },
        ...(r.payload === undefined ? {} : { payload: r.payload as object }),
      });
      if (res.statusCode !== 403) wrong.push(`${routeLabel(route)}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    // Module calls writing plant-wide data are refused by the repository they write through.
    const position = `Walk position ${randomUUID().slice(0, 6)}`;
    expect(
      (await t.call('POST', '/api/reviewer-assignment/position-level-approval', { name: position })).status,
    ).toBe(201);
    const path = await t.call(
      'POST',
      '/api/inspection-method-approvals/upsert-many',
      {
        inspectionMethodId: (await methodId('thermal'))!,
        levels: [{ levelApproval: 1, approvalPosition: position }],
      },
      a.token,
    );
    expect(path.status, JSON.stringify(path.body)).toBe(403);
    const read = await t.call(
      'GET',
      `/api/ndt-equipment-list?equipmentNo=${equipment.body.data.equipmentNo}`,
      undefined,
      a.token,
    );
    expect(read.status).toBe(200);
    expect(read.body.data).toHaveLength(1);
    const still = await t.call(
      'GET',
      `/api/ndt-equipment-list?equipmentNo=${equipment.body.data.equipmentNo}`,
    );
    expect(still.body.data[0].version).toBe(equipment.body.data.version);
  }, 120_000);
});

async function methodId(code: string): Promise<string | undefined> {
  const r = await t.call('GET', `/api/master-inspection-method?search=${code}&pageSize=50`);
  return r.body.data.find((m: { code: string }) => m.code === code)?.id;
}
