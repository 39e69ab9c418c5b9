import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { vciSummary } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contractorOnWorkOrder,
  createEquipment,
  createThermalAnalysis,
  createUser,
  createWorkOrder,
  multipart,
  MultipartForm,
  pngBytes,
  startTestApp,
  unique,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { entityRoutes, routeUrl, validValues } from './entity-factory.ts';

/**
 * Client-made ids on creates (docs/offline-capture.md, part 2): a device makes a record's id, so the
 * rows it records offline point at an inspection the server has not seen yet. The same user's same
 * create sent again answers the record; any other record holding the id is a 409 that says nothing
 * of it; on update an id stays what it was.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const measurements = '/api/thermal-measurements';
const measurement = <O extends Record<string, unknown>>(thermalAnalysisId: string, o: O = {} as O) => ({
  thermalAnalysisId,
  date: '2026-11-20',
  component: `Lug ${unique()}`,
  maxTemperatureC: 50,
  referenceTemperatureC: 40,
  ...o,
});

/** The values as a multipart form: each a text part. */
const formOf = (values: Record<string, unknown>) =>
  multipart(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])));

async function rowsWithId(table: string, id: string): Promise<number> {
  const r = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where id = ${id}`,
  );
  return r.rows[0]!.n;
}

async function auditRows(id: string): Promise<number> {
  const r = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from audit_log where entity_id = ${id}`,
  );
  return r.rows[0]!.n;
}

async function storedFiles(): Promise<number> {
  const entries = await readdir(t.filesDir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

/** A measurement's create as a form with its client-made id, and with these photo bytes if any. */
const photoForm = (thermalAnalysisId: string, id: string, photo: Buffer | undefined) =>
  multipart(
    {
      id,
      thermalAnalysisId,
      date: '2026-11-20',
      component: 'Photo lug',
      referenceTemperatureC: '40',
      maxTemperatureC: '50',
    },
    photo ? { thermalImage: { name: 'hot.png', type: 'image/png', bytes: photo } } : {},
  );

describe('a create with a client-made id', () => {
  it('makes a report, its thermal inspection and its rows, each pointing at the one made before', async () => {
    const workOrder = await createWorkOrder(t);
    const equipment = await createEquipment(t);
    const reportId = randomUUID();
    const analysisId = randomUUID();
    const rowIds = [randomUUID(), randomUUID(), randomUUID()];

    const report = await t.call('POST', '/api/report-headers', {
      id: reportId,
      workOrderSPKId: workOrder.id,
      reportNumber: `RPT-${unique()}`,
      title: 'Offline survey',
      equipmentNo: equipment.equipmentNo,
      inspectionMethod: 'thermal',
    });
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    expect(report.body.data.id).toBe(reportId);

    const analysis = await t.call('POST', '/api/thermal-analysis', {
      id: analysisId,
      reportHeaderId: reportId,
    });
    expect(analysis.status, JSON.stringify(analysis.body)).toBe(201);
    expect(analysis.body.data).toMatchObject({
      id: analysisId,
      thermalAnalysisId: analysisId,
      reportHeaderId: reportId,
    });

    for (const [i, id] of rowIds.entries()) {
      const row = await t.call(
        'POST',
        measurements,
        measurement(analysisId, { id, component: `Phase ${i}` }),
      );
      expect(row.status, JSON.stringify(row.body)).toBe(201);
      expect(row.body.data).toMatchObject({ id, thermalAnalysisId: analysisId, deltaTC: 10 });
    }
    const listed = await t.call(
      'GET',
      `/api/thermal-measurements/by-thermal-analysis?thermalAnalysisId=${analysisId}`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((m: { id: string }) => m.id).sort()).toEqual([...rowIds].sort());
    for (const id of rowIds) expect(await rowsWithId('thermal_measurement', id)).toBe(1);
  });

  it('answers the same create sent again as the first: the record, one row, nothing written', async () => {
    const analysis = await createThermalAnalysis(t);
    const body = measurement(analysis.id, { id: randomUUID(), remarks: 'Loose lug' });
    const first = await t.call('POST', measurements, body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const audited = await auditRows(body.id);
    // The same values in other spellings (a number as 50.0, the date the same day) are the same create.
    for (const again of [body, { ...body, maxTemperatureC: 50.0 }]) {
      const second = await t.call('POST', measurements, again);
      expect(second.status, JSON.stringify(second.body)).toBe(201);
      expect(second.body).toEqual(first.body);
    }
    expect(await rowsWithId('thermal_measurement', body.id)).toBe(1);
    expect(await auditRows(body.id)).toBe(audited);
  });

  it('takes the same create sent several times at once one after the other: each answered, one row', async () => {
    const analysis = await createThermalAnalysis(t);
    const body = measurement(analysis.id, { id: randomUUID() });
    // Six at once, as a device retrying too early might: each waits for the one before it.
    const all = await Promise.all(Array.from({ length: 6 }, () => t.call('POST', measurements, body)));
    expect(all.map((r) => r.status)).toEqual(Array(6).fill(201));
    for (const r of all) expect(r.body.data).toEqual(all[0]!.body.data);
    expect(await rowsWithId('thermal_measurement', body.id)).toBe(1);
  });

  it('refuses another create with that id: 409 on id, the record unchanged', async () => {
    const analysis = await createThermalAnalysis(t);
    const body = measurement(analysis.id, { id: randomUUID() });
    const first = await t.call('POST', measurements, body);
    expect(first.status).toBe(201);
    for (const other of [
      { ...body, maxTemperatureC: 51 },
      { ...body, remarks: 'A value the first left out' },
    ]) {
      const r = await t.call('POST', measurements, other);
      expect(r.status, JSON.stringify(r.body)).toBe(409);
      expect(r.body).toEqual({
        data: null,
        statusCode: 409,
        message: 'A record with this id exists: make a new id for a new record',
        error: {
          code: 'CONFLICT',
          details: [
            {
              path: 'id',
              message: 'A record with this id exists: make a new id for a new record',
              code: 'taken',
            },
          ],
        },
      });
    }
    const read = await t.call('GET', `${measurements}?id=${body.id}`);
    expect(read.body.data[0]).toMatchObject({ maxTemperatureC: 50, remarks: null, version: 1 });
  });

  it("refuses another user's identical create, and an id of a record out of the caller's scope, alike", async () => {
    const analysis = await createThermalAnalysis(t);
    const body = measurement(analysis.id, { id: randomUUID() });
    const mine = await t.call('POST', measurements, body);
    expect(mine.status).toBe(201);
    const refusal = (await t.call('POST', measurements, { ...body, maxTemperatureC: 60 })).body;

    const other = await createUser(t);
    const token = (await t.login(other.username, other.password)).json().data.accessToken;
    const theirs = await t.call('POST', measurements, body, token);
    expect(theirs.status).toBe(409);
    expect(theirs.body).toEqual(refusal);

    // A contractor company's user, whose own report is in scope and the administrator's is not: the
    // id of the record they cannot see is refused in the same words as any other record's.
    const contractor = await contractorOnWorkOrder(t, [{ module: 'reportHeader', action: 'view' }]);
    const report = await t.call(
      'POST',
      '/api/report-headers',
      {
        workOrderSPKId: contractor.workOrderId,
        reportNumber: `RPT-${unique()}`,
        title: 'Contractor survey',
        equipmentNo: (await createEquipment(t)).equipmentNo,
        inspectionMethod: 'thermal',
      },
      contractor.token,
    );
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    const ownAnalysis = await t.call(
      'POST',
      '/api/thermal-analysis',
      { reportHeaderId: report.body.data.id },
      contractor.token,
    );
    expect(ownAnalysis.status, JSON.stringify(ownAnalysis.body)).toBe(201);
    const hidden = await t.call(
      'POST',
      measurements,
      measurement(ownAnalysis.body.data.id, { id: body.id }),
      contractor.token,
    );
    expect(hidden.status).toBe(409);
    expect(hidden.body).toEqual(refusal);
    expect(await rowsWithId('thermal_measurement', body.id)).toBe(1);
  });

  it('refuses an id that is no UUID: 400 naming id, nothing stored', async () => {
    const analysis = await createThermalAnalysis(t);
    const before = (await t.call('GET', `${measurements}?pageSize=1`)).body.meta.totalCount;
    for (const id of ['42', 'not-a-uuid', 42, '', `${randomUUID()}x`]) {
      const r = await t.call('POST', measurements, measurement(analysis.id, { id }));
      expect(r.status, `${JSON.stringify(id)}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_ERROR');
      expect(r.body.error.details).toEqual([
        {
          path: 'id',
          message: 'id must be a UUID the client made for the new record, or left out',
          code: expect.any(String),
        },
      ]);
      expect(r.body.message).toContain('id');
    }
    const form = await t.call('POST', measurements, formOf(measurement(analysis.id, { id: 'abc' })));
    expect(form.status).toBe(400);
    expect(form.body.error.details.map((d: { path: string }) => d.path)).toEqual(['id']);
    expect((await t.call('GET', `${measurements}?pageSize=1`)).body.meta.totalCount).toBe(before);
  });

  it('leaves an id in an update body as before: ignored, the record keeps its id', async () => {
    const analysis = await createThermalAnalysis(t);
    const created = (await t.call('POST', measurements, measurement(analysis.id, { id: randomUUID() }))).body
      .data;
    const elsewhere = randomUUID();
    const r = await t.call('PUT', `${measurements}?id=${created.id}`, {
      id: elsewhere,
      version: created.version,
      remarks: 'Retightened',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ id: created.id, remarks: 'Retightened', version: 2 });
    expect(await rowsWithId('thermal_measurement', elsewhere)).toBe(0);
    const bad = await t.call('PUT', `${measurements}?id=${created.id}`, { id: 'not-a-uuid', remarks: 'x' });
    expect(bad.status, JSON.stringify(bad.body)).toBe(200);
  });

  it('takes a form with a photo and its id once: the repeat keeps the first photo, stores no file', async () => {
    const analysis = await createThermalAnalysis(t);
    const id = randomUUID();
    const form = () => photoForm(analysis.id, id, pngBytes);
    const first = await t.call('POST', measurements, form());
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.thermalImage).toMatchObject({ mediaType: 'image/png' });
    const files = await storedFiles();
    const second = await t.call('POST', measurements, form());
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.data.thermalImage.id).toBe(first.body.data.thermalImage.id);
    expect(await storedFiles()).toBe(files);
    const attachments = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from attachment where owner_id = ${id}`,
    );
    expect(attachments.rows[0]!.n).toBe(1);
  });

  it('refuses a repeat whose photo differs, or is left out: 409 on id, the first photo kept, no file stored', async () => {
    const analysis = await createThermalAnalysis(t);
    const id = randomUUID();
    const first = await t.call('POST', measurements, photoForm(analysis.id, id, pngBytes));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const files = await storedFiles();
    const refusal = (await t.call('POST', measurements, { ...measurement(analysis.id), id })).body;
    expect(refusal.error.details).toEqual([expect.objectContaining({ path: 'id', code: 'taken' })]);
    const otherPhoto = Buffer.concat([pngBytes, Buffer.from(randomUUID())]);
    for (const again of [
      // Another photo under the same name and values: a new record's create, not this one sent again.
      photoForm(analysis.id, id, otherPhoto),
      photoForm(analysis.id, id, undefined),
    ]) {
      const r = await t.call('POST', measurements, again);
      expect(r.status, JSON.stringify(r.body)).toBe(409);
      expect(r.body).toEqual(refusal);
    }
    expect(await storedFiles()).toBe(files);
    const read = await t.call('GET', `${measurements}?id=${id}`);
    expect(read.body.data[0].thermalImage.id).toBe(first.body.data.thermalImage.id);
  });

  it("compares an image list's photos in their order: the same answer the record, others 409", async () => {
    const create = entityRoutes(vciSummary, 'pipe').find((r) => r.operation.kind === 'create')!;
    const values = { ...(await validValues(t, vciSummary, 'pipe')), id: randomUUID() };
    const photos = ['a', 'b'].map((n) => ({
      name: `${n}.png`,
      type: 'image/png',
      bytes: Buffer.concat([pngBytes, Buffer.from(randomUUID())]),
    }));
    const types = vciSummary.imageLists.summaryImages!.types!;
    const send = (order: number[], files = photos) =>
      t.call(
        'POST',
        routeUrl(create),
        new MultipartForm([
          ...Object.entries(values)
            .filter(([, v]) => v !== null && v !== undefined)
            .map(([name, v]) => ({ name, value: String(v) })),
          {
            name: 'summaryImages',
            value: JSON.stringify(order.map((file) => ({ file, imageType: types[0] }))),
          },
          ...files.map((file) => ({ name: 'summaryImages', file })),
        ]),
      );
    const first = await send([0, 1]);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const files = await storedFiles();
    const same = await send([0, 1]);
    expect(same.status, JSON.stringify(same.body)).toBe(201);
    expect(same.body).toEqual(first.body);
    for (const [order, sent] of [
      [[1, 0], photos],
      [[0], photos.slice(0, 1)],
    ] as const) {
      const r = await send([...order], [...sent]);
      expect(r.status, JSON.stringify(r.body)).toBe(409);
      expect(r.body.error.details[0]).toMatchObject({ path: 'id', code: 'taken' });
    }
    expect(await storedFiles()).toBe(files);
  });

  it('with an Idempotency-Key, is answered by the kept answer first; with a new key, by the record', async () => {
    const analysis = await createThermalAnalysis(t);
    const body = measurement(analysis.id, { id: randomUUID() });
    const send = (key: string) =>
      t.inject({
        method: 'POST',
        url: measurements,
        headers: { authorization: `Bearer ${t.adminTokens.accessToken}`, 'idempotency-key': key },
        payload: body,
      });
    const key = randomUUID();
    const first = await send(key);
    expect(first.statusCode).toBe(201);
    const replay = await send(key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    // The key is gone (swept after 30 days, or lost by the device): the id still answers the record.
    const again = await send(randomUUID());
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json().data).toEqual(first.json().data);
    expect(await rowsWithId('thermal_measurement', body.id)).toBe(1);
  });

  it('is of its variant: the same id and values on another equipment class are another record', async () => {
    const workOrder = await createWorkOrder(t);
    const report = await t.call('POST', '/api/report-headers', {
      workOrderSPKId: workOrder.id,
      reportNumber: `RPT-${unique()}`,
      title: 'Rack walk',
      equipmentNo: (await createEquipment(t)).equipmentNo,
      inspectionMethod: 'walkthrough',
    });
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    const id = randomUUID();
    const body = { id, reportHeaderId: report.body.data.id, inspectionDate: '2026-11-10' };
    const pipe = await t.call('POST', '/api/walkthrough-inspection-pipe', multipart(body));
    expect(pipe.status, JSON.stringify(pipe.body)).toBe(201);
    expect(pipe.body.data).toMatchObject({ id, variant: 'pipe' });
    const again = await t.call('POST', '/api/walkthrough-inspection-pipe', multipart(body));
    expect(again.status).toBe(201);
    const otherClass = await t.call('POST', '/api/walkthrough-inspection-pipeline', multipart(body));
    expect(otherClass.status, JSON.stringify(otherClass.body)).toBe(409);
    expect(await rowsWithId('walkthrough_inspection', id)).toBe(1);
  });
});

describe('what makes its own ids as before', () => {
  it('imports a spreadsheet: each row a new record with an id the server made', async () => {
    for (const equipmentNo of ['CID-P-1', 'CID-P-2']) await createEquipment(t, { equipmentNo });
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Equipment');
    sheet.addRow(['Equipment number', 'Description']);
    sheet.addRow(['CID-P-1', 'Pump']);
    sheet.addRow(['CID-P-2', 'Pump B']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const r = await t.call(
      'POST',
      '/api/ndt-equipment-list/import',
      new MultipartForm({}, { file: { name: 'equipment.xlsx', type: xlsx, bytes } }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ created: 2, updated: 0 });
    const rows = await t.db.execute<{ id: string }>(
      sql`select id from ndt_equipment where equipment_no in ('CID-P-1', 'CID-P-2')`,
    );
    expect(rows.rows).toHaveLength(2);
    for (const row of rows.rows) expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('makes an id when the create carries none, null, or an empty form part', async () => {
    const analysis = await createThermalAnalysis(t);
    const bodies = [
      measurement(analysis.id),
      measurement(analysis.id, { id: null }),
      formOf(measurement(analysis.id, { id: '' })),
    ];
    for (const body of bodies) {
      const r = await t.call('POST', measurements, body);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.data.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    }
  });
});
