/**
 * The work-order import measurement of `npm run bench:engine` (issue 10: a 10,000-row sheet in at
 * most 3 s with bounded memory): the rows, the sheet built from the template the server hands out,
 * and, in the bench server, the floor (the same rows by one multi-row INSERT) and the clean-up.
 */
import { columnName, workOrderSpk } from '@inspectra/contract';
import ExcelJS from 'exceljs';
import type pg from 'pg';
import type { WorkFacts } from './work-seed.ts';

/** Work-order numbers of imported rows start with it; they are removed before and after measuring. */
export const importPrefix = 'BENCH-IMPORT-';

type Row = Record<string, string | boolean>;

/** `count` valid work orders naming equipment of the seeded master; dates as YYYY-MM-DD. */
export function importRows(count: number, work: WorkFacts): Row[] {
  const types = workOrderSpk.fields.workType.values;
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2027, 0, 4 + (i % 300)));
    const end = new Date(day.getTime() + (1 + (i % 14)) * 86_400_000);
    return {
      woNumber: `${importPrefix}${String(i + 1).padStart(6, '0')}`,
      title: `Imported inspection ${i + 1} of ${work.equipmentTag}`,
      description: i % 3 === 0 ? 'Scope per the inspection plan; isolate before the inspectors arrive.' : '',
      workType: types[i % types.length]!,
      contractNo: `CTR/2027/${String(1 + (i % 15)).padStart(3, '0')}`,
      equipmentCategory: work.equipmentCategory,
      tagNumber: work.equipmentTag,
      plannerGroup: work.plannerGroup,
      location: work.location,
      priority: 'medium',
      isEmergency: i % 50 === 0,
      dateStart: day.toISOString().slice(0, 10),
      dateEnd: end.toISOString().slice(0, 10),
      status: 'open',
    };
  });
}

const squash = (s: string) => s.toLowerCase().replace(/\s+/g, '');

/**
 * The template from `GET /work-order-spks/export/template` with the rows filled in under its header,
 * each header matched to a field by label or key as the server reads it; typed cells (dates, booleans).
 */
export async function fillTemplate(template: ArrayBuffer, rows: Row[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(template);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('The template has no worksheet');
  const byName = new Map<string, string>();
  for (const [key, field] of Object.entries(workOrderSpk.fields)) {
    byName.set(squash(key), key);
    if (field.label) byName.set(squash(field.label), key);
  }
  const columns: { index: number; key: string }[] = [];
  sheet.getRow(1).eachCell((cell, index) => {
    const key = byName.get(squash(String(cell.value ?? '')));
    if (key) columns.push({ index, key });
  });
  if (columns.length === 0) throw new Error('The template has no header the work order declares');
  rows.forEach((values, i) => {
    const row = sheet.getRow(i + 2);
    for (const { index, key } of columns) {
      const value = values[key];
      if (value === undefined || value === '') continue;
      const field = workOrderSpk.fields[key as keyof typeof workOrderSpk.fields];
      row.getCell(index).value = field.kind === 'date' ? new Date(`${String(value)}T00:00:00Z`) : value;
    }
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * Deletes what an import measurement created, its audit rows too (also what a stopped run left):
 * a run leaves the database as it found it, so runs after it measure the same tables.
 */
export async function removeImported(pool: pg.Pool): Promise<number> {
  await pool.query(
    `delete from audit_log where entity = 'workOrderSpk'
       and entity_id in (select id from work_order_spk where wo_number like $1)`,
    [`${importPrefix}%`],
  );
  const { rowCount } = await pool.query(`delete from work_order_spk where wo_number like $1`, [
    `${importPrefix}%`,
  ]);
  return rowCount ?? 0;
}

/**
 * The floor: the same rows inserted by one statement (a column array each, `unnest`ed) in a
 * transaction through the app's pool, then rolled back. Milliseconds.
 */
export async function importFloor(pool: pg.Pool, rows: Row[], userId: string): Promise<number> {
  const keys = Object.keys(rows[0] ?? {});
  const cast = (key: string) => {
    const kind = workOrderSpk.fields[key as keyof typeof workOrderSpk.fields].kind;
    return kind === 'date' ? '::date' : kind === 'boolean' ? '::boolean' : '';
  };
  const sql = `insert into work_order_spk (${keys.map((k) => `"${columnName(k)}"`).join(', ')}, created_by, updated_by)
    select ${keys.map((k, i) => `nullif(c${i}, '')${cast(k)}`).join(', ')}, $${keys.length + 1}::uuid, $${keys.length + 1}::uuid
    from unnest(${keys.map((_, i) => `$${i + 1}::text[]`).join(', ')}) as u(${keys.map((_, i) => `c${i}`).join(', ')})`;
  const values = [...keys.map((k) => rows.map((r) => String(r[k]))), userId];
  const client = await pool.connect();
  try {
    await client.query('begin');
    const started = performance.now();
    await client.query(sql, values);
    const took = performance.now() - started;
    await client.query('rollback');
    return took;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
