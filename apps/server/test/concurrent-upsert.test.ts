import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MultipartForm, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

// Writes by natural key that arrive together: each key ends as one record with one "create" in
// the audit, and every caller is answered 200 or 201, whichever of them created it. On PGlite the
// requests are served one at a time; on PostgreSQL (TEST_DATABASE_URL) they race.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    // What PostgreSQL raises when two writes wait on each other and it rolls one back.
    routes: (app) =>
      app.post('/api/test/deadlock', async () => {
        throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      }),
  });
});
afterAll(async () => t?.close());

const importKeys = Array.from({ length: 50 }, (_, i) => `RACE-IMPORT-${String(i).padStart(2, '0')}`);

/** The NDT register names the asset master's equipment: these numbers are in the master, in one statement. */
beforeAll(async () => {
  const numbers = ['RACE-UPSERT-1', 'RACE-UPSERT-2', ...importKeys];
  await t.db
    .execute(sql`insert into equipment (equipment_no, tag_number, description, category_code, object_type_code)
    select n, 'TAG-' || n, 'Raced equipment', 'electrical', 'EL-PANEL' from unnest(${sql.param(numbers)}::text[]) n`);
});

/** How many equipment records, and which audit actions, a natural key has. */
async function stored(equipmentNo: string) {
  const records = await t.db.execute<{ id: string; description: string | null; version: number }>(
    sql`select id, description, version from ndt_equipment where equipment_no = ${equipmentNo}`,
  );
  const audit = await t.db.execute<{ action: string; n: number }>(
    sql`select action, count(*)::int as n from audit_log
      where entity = 'ndtEquipment' and entity_id in (select id from ndt_equipment where equipment_no = ${equipmentNo})
      group by action order by action`,
  );
  return {
    records: records.rows,
    audit: Object.fromEntries(audit.rows.map((r) => [r.action, r.n])),
  };
}

describe('upserts of one new natural key at once', () => {
  it('create one record: 300 calls answer 201 once and 200 for the rest, one "create" audited', async () => {
    const equipmentNo = 'RACE-UPSERT-1';
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        t.call('POST', '/api/ndt-equipment-list/upsert', { equipmentNo, description: `Call ${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    const unexpected = answers.filter((a) => a.status !== 200 && a.status !== 201);
    expect(unexpected.map((a) => JSON.stringify(a.body)).slice(0, 3)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);

    const { records, audit } = await stored(equipmentNo);
    expect(records).toHaveLength(1);
    // Every call wrote once: the first created it, each of the others raised the version.
    expect(records[0]!.version).toBe(300);
    expect(audit).toEqual({ create: 1, update: 299 });
  }, 120_000);

  it('audit an update with the record as it was before and after', async () => {
    const first = await t.call('POST', '/api/ndt-equipment-list/upsert', {
      equipmentNo: 'RACE-UPSERT-2',
      description: 'Pump',
    });
    expect(first.status).toBe(201);
    const second = await t.call('POST', '/api/ndt-equipment-list/upsert', {
      equipmentNo: 'RACE-UPSERT-2',
      location: 'Unit 2',
    });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ description: 'Pump', location: 'Unit 2', version: 2 });
    const audit = await t.db.execute<{ action: string; before: unknown; after: unknown }>(
      sql`select action, before, after from audit_log where entity_id = ${first.body.data.id} order by at, action`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(audit.rows[0]!.before).toBeNull();
    expect(audit.rows[1]!.before).toMatchObject({ description: 'Pump', location: null, version: 1 });
    expect(audit.rows[1]!.after).toMatchObject({ description: 'Pump', location: 'Unit 2', version: 2 });
  });
});

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function equipmentSheet(rows: [string, string][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Equipment');
  sheet.addRow(['Equipment number', 'Description']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('imports of the same new rows at once', () => {
  it('create each record once: the imports that come second update it', async () => {
    const keys = importKeys;
    const bytes = await equipmentSheet(keys.map((k) => [k, 'Imported']));
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.call(
          'POST',
          '/api/ndt-equipment-list/import',
          new MultipartForm({}, { file: { name: 'equipment.xlsx', type: xlsx, bytes } }),
        ),
      ),
    );
    expect(answers.map((a) => [a.status, a.status === 200 ? '' : a.body.message])).toEqual(
      answers.map(() => [200, '']),
    );
    const created = answers.map((a) => a.body.data.created as number);
    const updated = answers.map((a) => a.body.data.updated as number);
    expect(created.reduce((sum, n) => sum + n, 0)).toBe(keys.length);
    expect(updated.reduce((sum, n) => sum + n, 0)).toBe(3 * keys.length);

    const counted = await t.db.execute<{ records: number; creates: number; updates: number }>(
      sql`select (select count(*)::int from ndt_equipment where equipment_no like 'RACE-IMPORT-%') as records,
        (select count(*)::int from audit_log where entity = 'ndtEquipment' and action = 'create'
          and after->>'equipmentNo' like 'RACE-IMPORT-%') as creates,
        (select count(*)::int from audit_log where entity = 'ndtEquipment' and action = 'update'
          and after->>'equipmentNo' like 'RACE-IMPORT-%') as updates`,
    );
    expect(counted.rows[0]).toEqual({ records: keys.length, creates: keys.length, updates: 3 * keys.length });
  }, 120_000);
});

describe('a write the database rolled back for a deadlock', () => {
  it('answers 503 with Retry-After, saying nothing was saved, never a 500', async () => {
    const r = await t.inject({ method: 'POST', url: '/api/test/deadlock' });
    expect(r.statusCode).toBe(503);
    expect(r.headers['retry-after']).toBe('1');
    expect(r.json()).toMatchObject({ data: null, error: { code: 'SERVICE_UNAVAILABLE' } });
    expect(r.json().message).toMatch(/nothing of this one was saved: try again/);
  });
});
