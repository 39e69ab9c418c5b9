/**
 * Every declared reference is a foreign key (docs/architecture-engine.md, "References are foreign
 * keys"): over every entity, a key with its declared delete action and an index a delete's check
 * reads; a refused delete is a 409 naming what still points at the record; `setNull` clears; and
 * the migration that added the keys runs over a database already holding dangling references.
 */
import { randomUUID } from 'node:crypto';
import { columnName, defineEntity, entities, f } from '@inspectra/contract';
import type { EntityDefinition } from '@inspectra/contract';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { PgTable } from 'drizzle-orm/pg-core';
import { auditLog, entityTables } from '../src/db/schema/index.ts';
import { constraintMessages } from '../src/engine/constraint-messages.ts';
import { buildEntityTables } from '../src/engine/entity-table.ts';
import { pgIdentifier } from '../src/engine/pg-identifier.ts';
import { createEquipment, createReportHeader, migrationStatements, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Every `ref` that is not its entity's parent, with its table and column. */
const references = Object.values(entities as Record<string, EntityDefinition>).flatMap((entity) =>
  Object.entries(entity.fields).flatMap(([key, field]) =>
    field.kind === 'ref' && key !== entity.parent
      ? [{ entity, key, target: entities[field.entity as keyof typeof entities] as EntityDefinition, field }]
      : [],
  ),
);

/** A class 1 piping location (10 mm nominal, 6 mm required) on new equipment. */
async function pipeLocation(name: string) {
  const { equipmentNo } = await createEquipment(t);
  const created = await t.call('POST', '/api/thickness-locations', {
    equipmentNo,
    name,
    code: 'api570',
    inspectionClass: 1,
    nominalThicknessMm: 10,
    requiredThicknessMm: 6,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { equipmentNo: equipmentNo as string, location: created.body.data as { id: string } };
}

const rows = async <T>(query: ReturnType<typeof sql>) => (await t.db.execute(query)).rows as T[];

describe('every reference is a foreign key', () => {
  it('over every entity: its delete action as declared, an index starting with it, a message for its refusal', async () => {
    expect(references.length).toBeGreaterThanOrEqual(8);
    for (const { entity, key, target, field } of references) {
      const column = columnName(key);
      const [fk] = await rows<{ name: string; action: string; target: string }>(sql`
        select c.conname as name, c.confdeltype as action, c.confrelid::regclass::text as target
        from pg_constraint c
        where c.contype = 'f' and c.conrelid = ${entity.table}::regclass
          and c.conkey = array[(select attnum from pg_attribute
            where attrelid = ${entity.table}::regclass and attname = ${column})]`);
      const where = `${entity.name}.${key}`;
      expect(fk, where).toBeDefined();
      expect(fk!.target, where).toBe(target.table);
      expect(fk!.action, where).toBe(field.kind === 'ref' && field.onDelete === 'setNull' ? 'n' : 'r');
      // A delete of the target looks for rows naming it: an index over every row leads with it.
      const [indexed] = await rows<{ n: number }>(sql`
        select count(*)::int as n from pg_index i
        where i.indrelid = ${entity.table}::regclass and i.indpred is null
          and i.indkey[0] = (select attnum from pg_attribute
            where attrelid = ${entity.table}::regclass and attname = ${column})`);
      expect(indexed!.n, `${where} has an index starting with it`).toBeGreaterThan(0);
      expect(constraintMessages.get(fk!.name)?.inUseMessage, where).toMatch(/still named as the/);
    }
  });

  it('keeps a thickness location while a finding names it, open or closed: 409 saying so', async () => {
    const { equipmentNo, location } = await pipeLocation('CML-keys');
    const reading = await t.call('POST', '/api/thickness-readings', {
      thicknessLocationId: location.id,
      date: '2025-01-15',
      thicknessMm: 5.9,
      method: 'utSpot',
    });
    expect(reading.status, JSON.stringify(reading.body)).toBe(201);
    const findings = await t.call('GET', `/api/recommendations?equipmentNo=${equipmentNo}`);
    expect(findings.body.data).toHaveLength(1);
    // The wrong reading taken back: the finding stays (a person closes it), and so does its location.
    expect((await t.call('DELETE', `/api/thickness-readings/${reading.body.data.id}`)).status).toBe(200);
    const refused = await t.call('DELETE', `/api/thickness-locations/${location.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      data: null,
      statusCode: 409,
      error: { code: 'CONFLICT' },
      message:
        'This thickness location is still named as the thickness location of recommendation records, and cannot be deleted while they name it',
    });
    // Closed, the finding is still the record of what was found there.
    await t.db.execute(
      sql`update recommendation set status = 'closed' where id = ${findings.body.data[0].id as string}`,
    );
    expect((await t.call('DELETE', `/api/thickness-locations/${location.id}`)).status).toBe(409);
    expect((await t.call('GET', `/api/thickness-locations/${location.id}`)).status).toBe(200);
  });

  it('keeps a draft report a reading names as its source, and refuses a reading naming no report', async () => {
    const report = await createReportHeader(t);
    const { location } = await pipeLocation('CML-source');
    const reading = (sourceReportId: string) =>
      t.call('POST', '/api/thickness-readings', {
        thicknessLocationId: location.id,
        date: '2025-02-15',
        thicknessMm: 9.5,
        method: 'utSpot',
        sourceReportId,
      });
    const nowhere = await reading(randomUUID());
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.error.details).toEqual([
      expect.objectContaining({
        path: 'sourceReportId',
        message: 'sourceReportId does not name an existing report',
      }),
    ]);
    expect((await reading(report.id)).status).toBe(201);
    const refused = await t.call('DELETE', `/api/report-headers/${report.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This report is still named as the source report of thickness reading records, and cannot be deleted while they name it',
    );
  });
});

/**
 * The migration drizzle-kit writes for `tables`, its additions to the built-in prototypes taken
 * back afterwards: its API adds `Array.prototype.random` and five `String.prototype` helpers as
 * enumerable properties, and the files after this one in a worker share its globals
 * (`isolate: false`): pdf.js refuses to load beside an enumerable property on `Array.prototype`.
 */
async function drizzleKitMigration(tables: Record<string, unknown>): Promise<string[]> {
  const protos: object[] = [Array.prototype, String.prototype];
  const before = protos.map((p) => new Set(Object.keys(p)));
  try {
    const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
    return await generateMigration(generateDrizzleJson({}), generateDrizzleJson(tables));
  } finally {
    protos.forEach((proto, i) => {
      for (const key of Object.keys(proto)) if (!before[i]!.has(key)) Reflect.deleteProperty(proto, key);
    });
  }
}

describe('every name the engine generates', () => {
  it('fits in 63 bytes, and is the very name the database holds', async () => {
    const generated = (Object.values(entityTables) as PgTable[]).flatMap((table) => {
      const config = getTableConfig(table);
      return [
        ...config.indexes.map((i) => ({ kind: 'index', name: i.config.name!, table: config.name })),
        ...config.foreignKeys.map((k) => ({ kind: 'key', name: k.getName(), table: config.name })),
        ...config.checks.map((c) => ({ kind: 'key', name: c.name, table: config.name })),
      ];
    });
    // Keys (references, parents, scoped references), unique and list indexes, checks.
    expect(generated.length).toBeGreaterThan(200);
    const held = new Set(
      (
        await rows<{ name: string }>(sql`
          select conname as name from pg_constraint where connamespace = 'public'::regnamespace
          union all
          select relname from pg_class where relkind = 'i' and relnamespace = 'public'::regnamespace`)
      ).map((r) => r.name),
    );
    for (const { kind, name, table } of generated) {
      expect(Buffer.byteLength(name), `${table}: ${name}`).toBeLessThanOrEqual(63);
      // A name the database had cut would be missing here under the name the schema declares.
      expect(held.has(name), `${table}: ${kind} ${name} is in the database`).toBe(true);
    }
    expect(new Set(generated.map((g) => g.name)).size).toBe(generated.length);
  });

  it('is cut with a hash of the whole name when longer: the same each time, apart where the cuts agree', () => {
    const long = `${'motion_magnification_summary_'.repeat(3)}analysis_id_fk`;
    expect(pgIdentifier('report_header_revision_of_ref_idx')).toBe('report_header_revision_of_ref_idx');
    expect(pgIdentifier(long)).toHaveLength(63);
    expect(pgIdentifier(long)).toBe(pgIdentifier(long));
    expect(pgIdentifier(long).startsWith(long.slice(0, 54))).toBe(true);
    expect(pgIdentifier(`${long}_other`)).not.toBe(pgIdentifier(long));
    expect(pgIdentifier('x'.repeat(63))).toBe('x'.repeat(63));
    expect(pgIdentifier('x'.repeat(64))).toHaveLength(63);
  });
});

describe('a reference declared `setNull`', () => {
  // Test-only entities, their tables made from the declarations as drizzle-kit makes every table.
  const probeTarget = defineEntity('keyProbeTarget', {
    label: 'Key probe target',
    module: 'thermal',
    fields: { name: f.text() },
  });
  const probeHolder = defineEntity('keyProbeHolder', {
    label: 'Key probe holder',
    module: 'thermal',
    fields: {
      clearedId: f.ref('keyProbeTarget', { onDelete: 'setNull' }),
      keptId: f.ref('keyProbeTarget'),
    },
  });

  it('is cleared when the record it names is deleted; a restricting one refuses the delete', async () => {
    const tables = buildEntityTables({ keyProbeTarget: probeTarget, keyProbeHolder: probeHolder });
    const statements = await drizzleKitMigration(tables);
    expect(statements.join('\n')).toMatch(/FOREIGN KEY \("cleared_id"\).*ON DELETE set null/);
    const rolledBack = new Error('rolled back');
    const outcome = t.db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
      const [a, b] = await tx
        .execute(sql`insert into key_probe_target (name) values ('a'), ('b') returning id`)
        .then((r) => r.rows as { id: string }[]);
      const [holder] = (
        await tx.execute(
          sql`insert into key_probe_holder (cleared_id, kept_id) values (${a!.id}, ${b!.id}) returning id`,
        )
      ).rows as { id: string }[];
      await tx.execute(sql`delete from key_probe_target where id = ${a!.id}`);
      const [after] = (
        await tx.execute(sql`select cleared_id, kept_id from key_probe_holder where id = ${holder!.id}`)
      ).rows;
      expect(after).toEqual({ cleared_id: null, kept_id: b!.id });
      const refused = await tx
        .execute(sql`savepoint kept`)
        .then(() => tx.execute(sql`delete from key_probe_target where id = ${b!.id}`))
        .then(
          () => 'deleted',
          (e: Error & { cause?: { code?: string } }) => e.cause?.code,
        );
      // restrict_violation on PostgreSQL 17 (PGlite), foreign_key_violation on 15: both a 409.
      expect(refused).toMatch(/^(23001|23503)$/);
      throw rolledBack;
    });
    await expect(outcome).rejects.toBe(rolledBack);
  });

  it('is refused on a reference its record cannot be without', () => {
    const declare = (o: object) =>
      defineEntity('keyProbeBad', {
        label: 'Key probe',
        module: 'thermal',
        fields: { targetId: f.ref('keyProbeTarget', { onDelete: 'setNull', ...o }), otherId: f.ref('x') },
        ...('parent' in o ? { parent: 'targetId' as const } : {}),
        ...('one' in o ? { exactlyOne: { source: ['targetId', 'otherId'] as const } } : {}),
      });
    expect(() => declare({})).not.toThrow();
    expect(() => declare({ required: true })).toThrow(/targetId is cleared on delete/);
    expect(() => declare({ parent: true })).toThrow(/targetId is cleared on delete/);
    expect(() => declare({ one: true })).toThrow(/targetId is cleared on delete/);
  });
});

describe('the migration that made references keys', () => {
  it("runs over dangling references: clears the optional ones (audited), keeps a finding's source NOT VALID", async () => {
    const statements = await migrationStatements('_references_are_foreign_keys');
    const added = statements.flatMap((s) => /ADD CONSTRAINT "([^"]+)"/.exec(s)?.[1] ?? []);
    // As this migration left them: cut to 63 bytes by PostgreSQL (a reviewer's company's key is
    // longer), since renamed to the engine's own cut (`pgIdentifier`).
    const keyNames = added.map((name) => name.slice(0, 63));
    const { equipmentNo } = await createEquipment(t);
    const report = await createReportHeader(t);
    const gone = randomUUID();
    const rolledBack = new Error('rolled back');
    // In a transaction rolled back at the end: the database as it was before the migration.
    const outcome = t.db.transaction(async (tx) => {
      for (const name of added.map(pgIdentifier)) {
        const table = name.startsWith('recommendation_')
          ? 'recommendation'
          : name.startsWith('report_header_')
            ? 'report_header'
            : name.startsWith('reviewer_assignment_')
              ? 'reviewer_assignment'
              : 'thickness_reading';
        await tx.execute(sql.raw(`alter table "${table}" drop constraint "${name}"`));
      }
      for (const s of statements.filter((s) => s.startsWith('CREATE INDEX')))
        await tx.execute(sql.raw(`drop index "${/CREATE INDEX "([^"]+)"/.exec(s)![1]}"`));
      // A finding whose thickness location is gone, its evidence report gone too; a revision of a
      // report that is gone.
      const [finding] = (
        await tx.execute(sql`insert into recommendation
          (equipment_no, finding, grade, severity, due_date, thickness_location_id, evidence_report_id)
          values (${equipmentNo}, 'CML-gone', 'belowRequired', 'critical', current_date, ${gone}, ${gone})
          returning id`)
      ).rows as { id: string }[];
      await tx.execute(sql`update report_header set revision_of = ${gone} where id = ${report.id}`);

      for (const statement of statements) await tx.execute(sql.raw(statement));

      const [kept] = (
        await tx.execute(
          sql`select thickness_location_id, evidence_report_id from recommendation where id = ${finding!.id}`,
        )
      ).rows;
      expect(kept).toEqual({ thickness_location_id: gone, evidence_report_id: null });
      const [revision] = (
        await tx.execute(sql`select revision_of from report_header where id = ${report.id}`)
      ).rows;
      expect(revision).toEqual({ revision_of: null });
      const audited = await tx
        .select({ entity: auditLog.entity, before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(inArray(auditLog.entityId, [finding!.id, report.id as string]));
      expect(audited).toEqual(
        expect.arrayContaining([
          { entity: 'recommendation', before: { evidenceReportId: gone }, after: { evidenceReportId: null } },
          { entity: 'reportHeader', before: { revisionOf: gone }, after: { revisionOf: null } },
        ]),
      );
      const validated = Object.fromEntries(
        (
          (
            await tx.execute(
              sql`select conname, convalidated from pg_constraint where conname in (${sql.join(
                keyNames.map((n) => sql`${n}`),
                sql`, `,
              )})`,
            )
          ).rows as { conname: string; convalidated: boolean }[]
        ).map((r) => [r.conname, r.convalidated]),
      );
      expect(Object.keys(validated).sort()).toEqual([...keyNames].sort());
      // Only the finding's source stays unvalidated; every other key holds over every row.
      expect(
        Object.entries(validated)
          .filter(([, valid]) => !valid)
          .map(([name]) => name),
      ).toEqual(['recommendation_thickness_location_id_thickness_location_id_fk']);
      // Not validated, still checked: a new finding naming no location is refused.
      const refused = await tx
        .execute(sql`savepoint before_new`)
        .then(() =>
          tx.execute(sql`insert into recommendation (equipment_no, finding, grade, severity, due_date, thickness_location_id)
            values (${equipmentNo}, 'CML-new', 'belowRequired', 'critical', current_date, ${randomUUID()})`),
        )
        .then(
          () => 'stored',
          (e: Error & { cause?: { code?: string } }) => e.cause?.code,
        );
      expect(refused).toBe('23503');
      throw rolledBack;
    });
    await expect(outcome).rejects.toBe(rolledBack);
  });

  it('leaves every key validated on a database with no dangling reference', async () => {
    const invalid = await rows<{ conname: string }>(
      sql`select conname from pg_constraint where contype = 'f' and not convalidated and conname in (${sql.join(
        references.map(
          ({ entity, key, target }) =>
            sql`${pgIdentifier(`${entity.table}_${columnName(key)}_${target.table}_id_fk`)}`,
        ),
        sql`, `,
      )})`,
    );
    expect(invalid).toEqual([]);
  });
});
