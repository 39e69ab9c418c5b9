/**
 * Server-owned fields (a report's status): returned to every reader, never taken from a client. A
 * body that sends one is refused with a 400 naming it, and nothing is stored or changed; the
 * refusal holds for every entity that declares such a field, in JSON and multipart alike.
 */
import { randomUUID } from 'node:crypto';
import { entities, routeSchemas } from '@inspectra/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTables, reportHeaderTable } from '../src/db/schema/index.ts';
import {
  createRecord,
  entityRoutes,
  formFields,
  idPlacement,
  routeLabel,
  routeUrl,
  validValues,
  variantsOf,
} from './entity-factory.ts';
import { createEquipment, createReportHeader, createWorkOrder, multipart, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

async function storedReport(id: string) {
  const [row] = await t.db.select().from(reportHeaderTable).where(eq(reportHeaderTable.id, id));
  return row && JSON.parse(JSON.stringify(row));
}

describe('a report header', () => {
  it('is a draft when created without a status', async () => {
    const report = await createReportHeader(t);
    expect(report.status).toBe('draft');
    expect((await storedReport(report.id)).status).toBe('draft');
    const listed = await t.call('GET', `/api/report-headers?id=${report.id}`);
    expect(listed.body.data[0].status).toBe('draft');
  });

  it('refuses POST /report-headers with status approved: 400 naming status, nothing stored', async () => {
    const workOrder = await createWorkOrder(t);
    const reportNumber = `RPT-OWNED-${Date.now()}`;
    const r = await t.call('POST', '/api/report-headers', {
      workOrderSPKId: workOrder.id,
      reportNumber,
      title: 'Approved by its author',
      equipmentNo: (await createEquipment(t)).equipmentNo,
      inspectionMethod: 'thermal',
      status: 'approved',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
    expect(r.body.error.details).toEqual([
      { path: 'status', message: expect.stringContaining('set by the server'), code: 'serverOwned' },
    ]);
    expect(r.body.message).toContain('status');
    const stored = await t.db
      .select()
      .from(reportHeaderTable)
      .where(eq(reportHeaderTable.reportNumber!, reportNumber));
    expect(stored).toEqual([]);
  });

  it('refuses PUT /report-headers/{id} with status approved: 400 naming status, nothing changed', async () => {
    const report = await createReportHeader(t);
    const before = await storedReport(report.id);
    for (const status of ['approved', 'draft', null]) {
      const r = await t.call('PUT', `/api/report-headers/${report.id}`, {
        version: report.version,
        title: 'Changed along with the status',
        status,
      });
      expect(r.status, `status ${status}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.error.details?.map((d: { path: string }) => d.path)).toEqual(['status']);
    }
    expect(await storedReport(report.id)).toEqual(before);
    // Without the status, the same change is accepted and the status stays the server's.
    const ok = await t.call('PUT', `/api/report-headers/${report.id}`, {
      version: report.version,
      title: 'Changed alone',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ title: 'Changed alone', status: 'draft' });
  });
});

/**
 * A record's id is the server's on every write but one: a create may carry the id the client made
 * for it (docs/offline-capture.md, part 2; client-ids.test.ts proves the rest). On update, an id in
 * the body is left as it always was, and the record keeps its own.
 */
describe('the id', () => {
  it('is taken on create only: the create route documents it, every update body leaves it', async () => {
    const withId = Object.values(entities).flatMap((entity) =>
      variantsOf(entity).flatMap((variant) =>
        entityRoutes(entity, variant).flatMap((route) => {
          const body = routeSchemas(route).body;
          if (!body) return [];
          // A body that is one record or many (an upsert's) is read a record at a time.
          const one = body instanceof z.ZodUnion ? (body.options[0] as z.ZodType) : body;
          const shape = (one as { shape?: Record<string, unknown> }).shape ?? {};
          return [{ route, kind: route.operation.kind, takesId: 'id' in shape }];
        }),
      ),
    );
    expect(withId.filter((r) => r.kind === 'create').length).toBeGreaterThan(20);
    expect(withId.some((r) => r.kind === 'upsert')).toBe(true);
    for (const r of withId) {
      // An update addressed in its body (`PUT /thermal-analysis`) names its record there: that is no new id.
      const addressedInBody = r.route.operation.kind === 'update' && r.route.operation.id === 'body';
      expect(r.takesId, routeLabel(r.route)).toBe(r.kind === 'create' || addressedInBody);
    }
  });

  it('of a report is the client-made one on create, and stays on update', async () => {
    const id = randomUUID();
    const report = await createReportHeader(t, { id });
    expect(report.id).toBe(id);
    const r = await t.call('PUT', `/api/report-headers/${id}`, {
      id: randomUUID(),
      version: report.version,
      title: 'Renamed',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ id, title: 'Renamed' });
    expect((await storedReport(id)).title).toBe('Renamed');
  });
});

/**
 * Every declared server-owned field, with an entity and variant that has it, of the entities a
 * client creates: the register's findings are written by the server alone (its one update body is
 * strict, recommendations.test.ts).
 */
const createdByClients = (entity: (typeof entities)[string], variant: string | undefined) =>
  entityRoutes(entity, variant).some(
    (r) =>
      r.operation.kind === 'create' ||
      r.operation.kind === 'upsert' ||
      (r.operation.kind === 'getByParent' && r.operation.createIfMissing),
  );
const owned = Object.values(entities).flatMap((entity) =>
  variantsOf(entity)
    .filter((variant) => createdByClients(entity, variant))
    .flatMap((variant) =>
      Object.entries(entity.fieldsOf(variant))
        .filter(([, field]) => field.serverOwned)
        .map(([key, field]) => ({ entity, variant, key, field })),
    ),
);

describe('every server-owned field', () => {
  it('includes the report status', () => {
    expect(owned.map((o) => `${o.entity.name}.${o.key}`)).toContain('reportHeader.status');
  });

  it.each(owned.map((o) => [`${o.entity.name}${o.variant ? ` (${o.variant})` : ''}.${o.key}`, o] as const))(
    '%s is refused in every create and update body, JSON or multipart',
    async (_, { entity, variant, key, field }) => {
      const value = field.kind === 'enum' ? field.values.at(-1) : 'set-by-client';
      const table = entityTables[entity.name]!;
      const rows = async () => (await t.db.select().from(table)).length;
      const record = await createRecord(t, entity, variant);
      const stored = async () => {
        const [row] = await t.db.select().from(table).where(eq(table.id, record.id));
        return JSON.parse(JSON.stringify(row));
      };
      const before = await stored();
      for (const route of entityRoutes(entity, variant)) {
        const op = route.operation;
        if (op.kind !== 'create' && op.kind !== 'update') continue;
        const at = idPlacement(route, record.id);
        const values =
          op.kind === 'create'
            ? await validValues(t, entity, variant, { [key]: value })
            : { ...at.body, version: record.version, [key]: value };
        const count = await rows();
        const url = routeUrl(route, at);
        const bodies = [
          ...(op.body !== 'multipart' ? [values] : []),
          ...(op.body !== 'json' ? [multipart(formFields(values))] : []),
        ];
        for (const body of bodies) {
          const r = await t.call(route.method, url, body);
          const what = `${routeLabel(route)} ${body === values ? 'JSON' : 'multipart'}`;
          expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(400);
          expect(
            r.body.error.details?.map((d: { path: string }) => d.path),
            what,
          ).toContain(key);
        }
        expect(await rows(), `${routeLabel(route)} stored nothing`).toBe(count);
      }
      expect(await stored(), 'the record is unchanged').toEqual(before);
    },
  );
});
