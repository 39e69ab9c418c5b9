/**
 * Keyed bulk writes (docs/architecture-engine.md, "Keyed bulk writes"), proven on a cathodic-
 * protection survey: `POST /sacp-measurement-{variant}/upsert` takes one reading or an array of
 * them, keyed by survey, test point and date, written all or none by the batch writer the sheet
 * imports use.
 */
import { permissionActions, permissionModules, sacpReadingsPerCall } from '@inspectra/contract';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, entityTables, users } from '../src/db/schema/index.ts';
import {
  createRole,
  createUser,
  createReportHeader,
  createWorkOrder,
  multipart,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const upsert = '/api/sacp-measurement-pipeline/upsert';

/** A line survey under a new report (or the one given). */
async function survey(o: { reportHeaderId?: string; workOrderSPKId?: string; token?: string } = {}) {
  const reportHeaderId =
    o.reportHeaderId ??
    (
      await createReportHeader(t, {
        inspectionMethod: 'sacp',
        ...(o.workOrderSPKId ? { workOrderSPKId: o.workOrderSPKId } : {}),
      })
    ).id;
  const r = await t.call(
    'POST',
    '/api/sacp-inspection-pipeline',
    multipart({ reportHeaderId, measurementDate: '2026-11-20', procedureName: 'CP-PRC-007' }),
    o.token,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { id: string; reportHeaderId: string };
}

/** A survey's readings as a data logger gives them: test points a kilometre apart. */
const readings = (sacpInspectionId: string, n: number, potential = (i: number) => -900 - i) =>
  Array.from({ length: n }, (_, i) => ({
    sacpInspectionId,
    testPoint: `TP-${String(i + 1).padStart(3, '0')}`,
    measurementDate: '2026-11-20',
    pkm: i + 1,
    potential: potential(i),
  }));

const pointsOf = async (inspectionId: string) => {
  const r = await t.call('GET', `/api/sacp-measurement-pipeline/by-inspection?inspectionId=${inspectionId}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as Record<string, any>[];
};

describe('a keyed bulk write', () => {
  it('creates 60 readings in one call, then updates half of them by test point and date', async () => {
    const line = await survey();
    const first = await t.call('POST', upsert, readings(line.id, 60));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.message).toBe('60 SACP measurement records written: 60 created, 0 updated');
    expect(first.body.data).toMatchObject({ created: 60, updated: 0, unconfirmedWarnings: [] });
    expect(first.body.data.rows).toHaveLength(60);
    expect(first.body.data.rows[0]).toMatchObject({
      row: 0,
      status: 'created',
      record: { testPoint: 'TP-001', potential: -900, protection: 'protected', version: 1 },
    });
    const ids = first.body.data.rows.map((r: { record: { id: string } }) => r.record.id);

    // The first thirty read again, 100 mV less negative: under the −850 mV criterion from TP-001 to TP-006.
    const again = await t.call(
      'POST',
      upsert,
      readings(line.id, 30, (i) => -800 - i),
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toMatchObject({ created: 0, updated: 30 });
    expect(again.body.data.rows.map((r: { record: { id: string } }) => r.record.id)).toEqual(
      ids.slice(0, 30),
    );
    expect(again.body.data.rows[0].record).toMatchObject({
      potential: -800,
      protection: 'underprotected',
      version: 2,
    });

    const stored = await pointsOf(line.id);
    expect(stored).toHaveLength(60);
    const byPoint = new Map(stored.map((p) => [p.testPoint, p]));
    expect(byPoint.get('TP-030')).toMatchObject({ potential: -829, version: 2 });
    expect(byPoint.get('TP-031')).toMatchObject({ potential: -930, version: 1 });
    // Each write audited as a single write's: 60 creates, then 30 updates with the record before.
    const [audited] = await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entityId, ids[0]));
    expect(audited!.n).toBe(2);
  });

  it('takes one reading as an object, answered as the record', async () => {
    const line = await survey();
    const [reading] = readings(line.id, 1);
    const created = await t.call('POST', upsert, reading);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ testPoint: 'TP-001', version: 1 });
    const updated = await t.call('POST', upsert, { ...reading, potential: -1000 });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id: created.body.data.id, potential: -1000, version: 2 });
    // Its warning confirmed as a single write's is.
    const confirmed = await t.call('POST', upsert, {
      ...reading,
      potentialReading: -1100,
      acknowledgedWarnings: ['offBelowOn'],
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.warnings).toEqual([
      expect.objectContaining({ rule: 'offBelowOn', acknowledgedByName: expect.any(String) }),
    ]);
  });

  it('refuses a row of fifty with one bad value, naming the row, and stores nothing', async () => {
    const line = await survey();
    const rows = readings(line.id, 50);
    rows[37] = { ...rows[37]!, potential: 99_999 };
    const r = await t.call('POST', upsert, rows);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ data: null, error: { code: 'VALIDATION_ERROR' } });
    expect(r.body.error.details).toEqual([expect.objectContaining({ path: 'rows.37.potential' })]);
    expect(r.body.message).toMatch(/^1 of 50 rows have errors \(first: rows\.37\.potential, /);
    expect(await pointsOf(line.id)).toEqual([]);

    // Every row's errors at once: a field of no reading, a test point left out, a rule broken.
    const many = readings(line.id, 5) as Record<string, unknown>[];
    many[1] = { ...many[1], colour: 'red' };
    many[2] = { ...many[2], testPoint: null };
    many[4] = { ...many[4], latitudeMinutes: 61 };
    const all = await t.call('POST', upsert, many);
    expect(all.status).toBe(400);
    expect(all.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'rows.1.colour',
      'rows.2.testPoint',
      'rows.4.latitudeMinutes',
    ]);
    expect(await pointsOf(line.id)).toEqual([]);
  });

  it('refuses more rows than the call takes, none, and the same test point twice', async () => {
    const line = await survey();
    const tooMany = await t.call('POST', upsert, readings(line.id, sacpReadingsPerCall + 1));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(
      `One call writes at most ${sacpReadingsPerCall} SACP measurement records; this one sent ${sacpReadingsPerCall + 1}: send them in calls of ${sacpReadingsPerCall}`,
    );
    expect((await t.call('POST', upsert, [])).status).toBe(400);
    const twice = readings(line.id, 3);
    twice[2] = { ...twice[0]!, potential: -950 };
    const r = await t.call('POST', upsert, twice);
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([
      expect.objectContaining({
        path: 'rows.2.sacpInspectionId',
        message: expect.stringMatching(/^Row 0 has the same/),
      }),
    ]);
    expect(await pointsOf(line.id)).toEqual([]);
  });

  it('refuses a row under another survey, and stores nothing under either', async () => {
    const line = await survey();
    const other = await survey();
    const rows = readings(line.id, 10);
    rows[6] = { ...rows[6]!, sacpInspectionId: other.id };
    const r = await t.call('POST', upsert, rows);
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([
      {
        path: 'rows.6.sacpInspectionId',
        message: 'Every row of one call goes under the same SACP inspection as row 0',
      },
    ]);
    expect(await pointsOf(line.id)).toEqual([]);
    expect(await pointsOf(other.id)).toEqual([]);
  });

  it('records each row’s warnings, confirmed by that row, and names the rows left unconfirmed', async () => {
    const line = await survey();
    const rows = readings(line.id, 6) as Record<string, unknown>[];
    // Instant-OFF more negative than ON: swapped columns, most likely.
    rows[3] = { ...rows[3], potentialReading: -1100 };
    rows[5] = { ...rows[5], potentialReading: -1100, acknowledgedWarnings: ['offBelowOn'] };
    const r = await t.call('POST', upsert, rows);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data.unconfirmedWarnings).toEqual([
      {
        path: 'rows.3.potential',
        rule: 'offBelowOn',
        message: expect.stringMatching(/^The instant-OFF potential is more negative/),
      },
    ]);
    expect(r.body.message).toMatch(/; row 3 has a warning not confirmed \(The instant-OFF potential/);
    const [three, five] = [r.body.data.rows[3].record, r.body.data.rows[5].record];
    expect(three.warnings).toEqual([expect.objectContaining({ rule: 'offBelowOn', acknowledgedBy: null })]);
    expect(five.warnings).toEqual([
      expect.objectContaining({ rule: 'offBelowOn', acknowledgedByName: expect.any(String) }),
    ]);
  });

  it('writes nothing under a report in approval (409)', async () => {
    const line = await survey();
    await t.db
      .update(entityTables.reportHeader!)
      .set({ status: 'submitted' } as never)
      .where(eq(entityTables.reportHeader!.id, line.reportHeaderId));
    const r = await t.call('POST', upsert, readings(line.id, 5));
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body.message).toMatch(/records under it cannot be created, changed or deleted/);
    expect(await pointsOf(line.id)).toEqual([]);
  });
});

describe('a keyed bulk write by a contractor company’s user', () => {
  /** A company, its user (every permission) and a survey of its own, under its assigned work. */
  async function company(roleId: string) {
    const name = `Co-${randomUUID().slice(0, 6)}`;
    const made = await t.call('POST', '/api/contractor-company', multipart({ ContractorName: name }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const user = await createUser(t, { roleId });
    await t.db.update(users).set({ contractorCompanyId: made.body.data.id }).where(eq(users.id, user.id));
    const token = (await t.login(user.username, user.password)).json().data.accessToken as string;
    const workOrder = await createWorkOrder(t, { contractNo: `CN-${name}` });
    const assigned = await t.call('POST', '/api/wo-task-assignments', {
      workOrderSPKId: workOrder.id,
      inspectionMethod: 'sacp',
      userPDMIds: [user.id],
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);
    return { token, line: await survey({ workOrderSPKId: workOrder.id }) };
  }

  it('writes inside its company’s reports and finds another company’s survey absent (404)', async () => {
    const role = await createRole(
      t,
      permissionModules.flatMap((module) => permissionActions.map((action) => ({ module, action }))),
      'contractor',
    );
    const a = await company(role.id);
    const b = await company(role.id);
    const own = await t.call('POST', upsert, readings(a.line.id, 12), a.token);
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.data.created).toBe(12);

    const theirs = await t.call('POST', upsert, readings(b.line.id, 12), a.token);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(404);
    expect(await pointsOf(b.line.id)).toEqual([]);
    const single = await t.call('POST', upsert, readings(b.line.id, 1)[0], a.token);
    expect(single.status).toBe(404);
    expect(await pointsOf(b.line.id)).toEqual([]);
  });
});
