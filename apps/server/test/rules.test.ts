import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thermalMeasurement, workOrderSpk } from '@inspectra/contract';
import { auditLog, tableOf } from '../src/db/schema/index.ts';
import {
  createThermalAnalysis,
  createThermalMeasurement,
  createWorkOrder,
  multipart,
  pngBytes,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

const workOrderSpkTable = tableOf(workOrderSpk);
const thermalMeasurementTable = tableOf(thermalMeasurement);

let t: TestApp;
let adminId: string;
beforeAll(async () => {
  t = await startTestApp();
  adminId = (await t.call('GET', '/api/auth/profile')).body.data.id;
});
afterAll(() => t.close());

describe('a hard rule across fields (a work order ends after it starts)', () => {
  it('refuses a create whose end date is before its start date, on the end date', async () => {
    const r = await t.call('POST', '/api/work-order-spks', {
      woNumber: 'WO-RULE-1',
      title: 'Backwards',
      dateStart: '2026-11-20',
      dateEnd: '2026-11-19',
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      data: null,
      statusCode: 400,
      error: {
        code: 'VALIDATION_ERROR',
        details: [{ path: 'dateEnd', message: 'The end date is before the start date' }],
      },
    });
    expect(r.body.message).toMatch(/dateEnd — The end date is before the start date/);
    const stored = await t.db
      .select()
      .from(workOrderSpkTable)
      .where(eq(workOrderSpkTable.woNumber, 'WO-RULE-1'));
    expect(stored).toEqual([]);
  });

  it('judges a partial update merged with the stored record, and writes nothing when refused', async () => {
    const wo = await createWorkOrder(t, { dateStart: '2026-11-20', dateEnd: '2026-11-30' });
    // Only the end date is sent: the start date it is compared with is the stored one.
    const r = await t.call('PUT', `/api/work-order-spks/${wo.id}`, { dateEnd: '2026-11-10' });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([
      { path: 'dateEnd', message: 'The end date is before the start date' },
    ]);
    const same = await t.call('GET', `/api/work-order-spks/${wo.id}`);
    expect(same.body.data).toMatchObject({ dateEnd: '2026-11-30', version: 1 });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, wo.id));
    expect(audits.map((a) => a.action)).toEqual(['create']);

    // Moving the start date past the stored end date breaks the same rule.
    const start = await t.call('PUT', `/api/work-order-spks/${wo.id}`, { dateStart: '2026-12-01' });
    expect(start.status).toBe(400);
    expect(start.body.error.details[0].path).toBe('dateEnd');

    // Clearing one of the two dates leaves nothing to compare, and a consistent change applies.
    expect((await t.call('PUT', `/api/work-order-spks/${wo.id}`, { dateEnd: null })).status).toBe(200);
    const ok = await t.call('PUT', `/api/work-order-spks/${wo.id}`, {
      dateStart: '2026-12-01',
      dateEnd: '2026-12-02',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.warnings).toEqual([]);
  });
});

describe('soft rules (warnings) on thermal measurements', () => {
  it('records an unconfirmed warning for a client that sends the specification payload unchanged', async () => {
    const analysis = await createThermalAnalysis(t);
    const m = await createThermalMeasurement(t, analysis.id, {
      maxTemperatureC: 30,
      referenceTemperatureC: 45,
    });
    expect(m.deltaTC).toBe(-15);
    expect(m.warnings).toEqual([
      {
        rule: 'referenceAboveMax',
        message: expect.stringMatching(/reference temperature is above the maximum/),
        fields: ['referenceTemperatureC', 'maxTemperatureC'],
        values: { referenceTemperatureC: 45, maxTemperatureC: 30 },
        acknowledgedBy: null,
        acknowledgedByName: null,
        acknowledgedAt: null,
      },
    ]);
    const [row] = await t.db
      .select()
      .from(thermalMeasurementTable)
      .where(eq(thermalMeasurementTable.id, m.id));
    expect(row!.warnings).toEqual(m.warnings);
    // Lists return what was recorded too.
    const list = await t.call('GET', `/api/thermal-measurements?id=${m.id}`);
    expect(list.body.data[0].warnings).toEqual(m.warnings);
  });

  it('records who confirmed a warning and when, and keeps it in the audit trail', async () => {
    const analysis = await createThermalAnalysis(t);
    const before = Date.now();
    const m = await createThermalMeasurement(t, analysis.id, {
      maxTemperatureC: 30,
      referenceTemperatureC: 45,
      acknowledgedWarnings: ['referenceAboveMax'],
    });
    const [w] = m.warnings;
    expect(w).toMatchObject({
      rule: 'referenceAboveMax',
      acknowledgedBy: adminId,
      acknowledgedByName: expect.any(String),
    });
    expect(Date.parse(w.acknowledgedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(m).not.toHaveProperty('acknowledgedWarnings');
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, m.id));
    expect((audit!.after as { warnings: unknown }).warnings).toEqual(m.warnings);
  });

  it('re-judges on update: a confirmation holds while the values stay, and goes when they are corrected', async () => {
    const analysis = await createThermalAnalysis(t);
    const m = await createThermalMeasurement(t, analysis.id, {
      maxTemperatureC: 30,
      referenceTemperatureC: 45,
      acknowledgedWarnings: ['referenceAboveMax'],
    });
    const remarks = await t.call('PUT', `/api/thermal-measurements?id=${m.id}`, {
      remarks: 'Phase R',
      version: 1,
    });
    expect(remarks.status).toBe(200);
    expect(remarks.body.data.warnings).toEqual(m.warnings);

    // New values break the rule anew: the earlier confirmation was for other values.
    const other = await t.call('PUT', `/api/thermal-measurements?id=${m.id}`, { maxTemperatureC: 31 });
    expect(other.body.data.warnings).toMatchObject([
      {
        rule: 'referenceAboveMax',
        values: { maxTemperatureC: 31, referenceTemperatureC: 45 },
        acknowledgedAt: null,
      },
    ]);

    const fixed = await t.call('PUT', `/api/thermal-measurements?id=${m.id}`, { maxTemperatureC: 60 });
    expect(fixed.body.data.warnings).toEqual([]);
    expect(fixed.body.data.severity).toBe('repairAsTimePermits');
  });

  it('takes the confirmation in a multipart form, as the web sends it with an image', async () => {
    const analysis = await createThermalAnalysis(t);
    const r = await t.call(
      'POST',
      '/api/thermal-measurements',
      multipart(
        {
          thermalAnalysisId: analysis.id,
          date: '2026-11-20',
          maxTemperatureC: '450',
          referenceTemperatureC: '40',
          emissivity: '0.2',
          acknowledgedWarnings: '["maxAboveExpected","lowEmissivity"]',
        },
        { thermalImage: { name: 'ir.png', type: 'image/png', bytes: pngBytes } },
      ),
    );
    expect(r.status).toBe(201);
    expect(
      r.body.data.warnings.map((w: { rule: string; acknowledgedBy: string }) => [w.rule, w.acknowledgedBy]),
    ).toEqual([
      ['maxAboveExpected', adminId],
      ['lowEmissivity', adminId],
    ]);
  });

  it('confirms only the warnings named: another one raised stays unconfirmed', async () => {
    const analysis = await createThermalAnalysis(t);
    const m = await createThermalMeasurement(t, analysis.id, {
      maxTemperatureC: 30,
      referenceTemperatureC: 45,
      emissivity: 0.3,
      acknowledgedWarnings: ['lowEmissivity', 'maxAboveExpected'],
    });
    const state = Object.fromEntries(
      m.warnings.map((w: { rule: string; acknowledgedAt: string | null }) => [
        w.rule,
        w.acknowledgedAt !== null,
      ]),
    );
    expect(state).toEqual({ referenceAboveMax: false, lowEmissivity: true });
  });

  it.each([[['noSuchRule']], ['referenceAboveMax,nope'], [42], [[{ rule: 'referenceAboveMax' }]]])(
    'refuses a confirmation of %j with a 400 on that field',
    async (sent) => {
      const analysis = await createThermalAnalysis(t);
      const r = await t.call('POST', '/api/thermal-measurements', {
        thermalAnalysisId: analysis.id,
        date: '2026-11-20',
        maxTemperatureC: 30,
        referenceTemperatureC: 45,
        acknowledgedWarnings: sent,
      });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_ERROR');
      expect(r.body.error.details[0].path).toMatch(/^acknowledgedWarnings/);
    },
  );

  it('ignores the warnings of a record sent back as read', async () => {
    const analysis = await createThermalAnalysis(t);
    const m = await createThermalMeasurement(t, analysis.id, {
      maxTemperatureC: 30,
      referenceTemperatureC: 45,
    });
    const forged = [
      { ...m.warnings[0], acknowledgedBy: adminId, acknowledgedAt: '2020-01-01T00:00:00.000Z' },
    ];
    const r = await t.call('PUT', `/api/thermal-measurements?id=${m.id}`, { ...m, warnings: forged });
    expect(r.status).toBe(200);
    expect(r.body.data.warnings[0].acknowledgedAt).toBeNull();
  });
});
