/**
 * The sheet export measurement of `npm run bench:engine` (issue 41: a 10,000-row export ≤ 1 s with
 * bounded memory): `GET /asset/export`, the whole equipment list (20,000 items at scale 1), against
 * its floor: the leanest statement for the same rows in the same order, written with the same
 * library (exceljs's streaming writer, inline strings) as plain cells, no notes or drop-downs.
 */
import { Writable } from 'node:stream';
import { columnName, equipment } from '@inspectra/contract';
import ExcelJS from 'exceljs';
import type pg from 'pg';
import { sheetFields } from '../apps/server/src/engine/sheet-operations.ts';

/** What is exported, and its budget: 1 s per 10,000 rows, the server's peak ≤ 100 MiB above idle. */
export const exportSheet = { path: '/api/asset/export', entity: equipment, msPer10k: 1000, boundMiB: 100 };

/** The floor: read the rows, write the workbook into a sink that counts its bytes; ms and bytes. */
export async function exportFloor(pool: pg.Pool): Promise<{ ms: number; rows: number; bytes: number }> {
  const entity = exportSheet.entity;
  const keys = sheetFields(entity, undefined);
  const started = performance.now();
  const { rows } = await pool.query<unknown[]>({
    text: `select ${keys.map((k) => `"${columnName(k)}"`).join(', ')} from ${entity.table}
      order by "${columnName(entity.sort!.field)}", id`,
    rowMode: 'array',
  } as pg.QueryArrayConfig);
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(entity.label);
  sheet.columns = keys.map((key) => ({
    key,
    header: (entity.fields as Record<string, { label?: string }>)[key]!.label ?? key,
  }));
  sheet.getRow(1).commit();
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  return { ms: performance.now() - started, rows: rows.length, bytes };
}
