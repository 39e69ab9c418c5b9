import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  configureImportSlots,
  defaultImportWaitMs,
  importSlots,
  withImportSlot,
} from '../src/engine/import-slots.ts';
import { MultipartForm, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

// At most MAX_CONCURRENT_IMPORTS spreadsheet imports run at once in the process, whichever route
// they come by: one beyond waits a short while for a slot, then is refused with 503 and Retry-After,
// having written nothing. A test takes a slot itself (`withImportSlot`) to hold the imports back.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // The NDT register names the asset master's equipment: the numbers imported are in the master.
  await t.db
    .execute(sql`insert into equipment (equipment_no, tag_number, description, category_code, object_type_code)
    select n, 'TAG-' || n, 'Imported pump', 'electrical', 'EL-PANEL'
    from unnest(${sql.param(['SLOT-REFUSED', 'SLOT-WAITED'])}::text[]) n`);
});
afterAll(async () => t?.close());
afterEach(() => configureImportSlots({ maxConcurrent: 2, waitMs: defaultImportWaitMs }));

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const upload = (bytes: Buffer) => new MultipartForm({}, { file: { name: 'sheet.xlsx', type: xlsx, bytes } });
const importEquipment = async (equipmentNo: string) =>
  t.call(
    'POST',
    '/api/ndt-equipment-list/import',
    upload(
      await workbook([
        ['Equipment number', 'Description'],
        [equipmentNo, 'Pump'],
      ]),
    ),
  );
const readAssignmentSheet = async () =>
  t.call(
    'POST',
    '/api/wo-task-assignments/import/sheet-rows',
    upload(
      await workbook([
        ['WO SPK', 'Inspection Method'],
        ['WO-1', 'thermal'],
      ]),
    ),
  );

/** The slot a test holds until it lets go: imports beyond the limit wait behind it. */
function holdSlot() {
  let letGo!: () => void;
  const held = withImportSlot(() => new Promise<void>((resolve) => (letGo = resolve)));
  return { release: async () => (letGo(), held) };
}

async function until(condition: () => boolean) {
  for (let i = 0; !condition(); i++) {
    if (i > 500) throw new Error('waited 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function storedEquipment(equipmentNo: string) {
  const found = await t.db.execute<{ records: number; audited: number }>(
    sql`select (select count(*)::int from ndt_equipment where equipment_no = ${equipmentNo}) as records,
      (select count(*)::int from audit_log where entity = 'ndtEquipment' and after->>'equipmentNo' = ${equipmentNo}) as audited`,
  );
  return found.rows[0];
}

describe('imports beyond the limit', () => {
  it('are refused with 503 and Retry-After after a short wait, having written nothing', async () => {
    configureImportSlots({ maxConcurrent: 1, waitMs: 200 });
    const hold = holdSlot();
    const refused = await importEquipment('SLOT-REFUSED');
    expect(refused.status).toBe(503);
    expect(refused.res.headers['retry-after']).toBe('10');
    expect(refused.body).toMatchObject({
      statusCode: 503,
      message:
        'Other spreadsheet imports are running and nothing of this one was imported: try again in 10 seconds',
      error: { code: 'SERVICE_UNAVAILABLE' },
    });
    expect(await storedEquipment('SLOT-REFUSED')).toEqual({ records: 0, audited: 0 });
    // The task-assignment import shares the slots.
    const sheetRows = await readAssignmentSheet();
    expect(sheetRows.status).toBe(503);
    expect(sheetRows.res.headers['retry-after']).toBe('10');

    await hold.release();
    expect(importSlots()).toMatchObject({ running: 0, waiting: 0 });
    expect((await importEquipment('SLOT-REFUSED')).status).toBe(200);
    expect(await storedEquipment('SLOT-REFUSED')).toEqual({ records: 1, audited: 1 });
  });

  it('run once a slot frees within the wait', async () => {
    configureImportSlots({ maxConcurrent: 1, waitMs: 10_000 });
    const hold = holdSlot();
    const first = importEquipment('SLOT-WAITED');
    await until(() => importSlots().waiting === 1);
    const second = readAssignmentSheet();
    await until(() => importSlots().waiting === 2);
    expect(await storedEquipment('SLOT-WAITED')).toEqual({ records: 0, audited: 0 });

    await hold.release();
    const [imported, read] = await Promise.all([first, second]);
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ created: 1, updated: 0 });
    expect(read.status).toBe(200);
    expect(read.body.data.rows).toHaveLength(2);
    expect(await storedEquipment('SLOT-WAITED')).toEqual({ records: 1, audited: 1 });
    expect(importSlots()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('never run more than the limit at once, and free their slot when they fail', async () => {
    configureImportSlots({ maxConcurrent: 2, waitMs: 10_000 });
    let running = 0;
    let most = 0;
    const work = (i: number) =>
      withImportSlot(async () => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running--;
        if (i % 3 === 0) throw new Error(`import ${i} failed`);
        return i;
      });
    const settled = await Promise.allSettled(Array.from({ length: 9 }, (_, i) => work(i)));
    expect(most).toBe(2);
    expect(settled.filter((s) => s.status === 'rejected')).toHaveLength(3);
    expect(importSlots()).toMatchObject({ running: 0, waiting: 0 });
  });
});
