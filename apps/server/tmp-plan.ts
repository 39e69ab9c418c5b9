import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { equipmentHistorySql } from './src/engine/equipment-history.ts';
const d = new PgDialect();
const c = new pg.Client('postgres://postgres:postgres@127.0.0.1:5432/eng_bench');
await c.connect();
await c.query('set jit = off');
for (const [eq, methods] of [['99000001', undefined], ['99000001', ['lubeOil', 'thermal', 'vibration']], ['10019268', undefined]] as const) {
  const q = d.sqlToQuery(equipmentHistorySql(sql`${eq}`, undefined, 12, methods as any));
  const times: string[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await c.query({ text: `explain (analyze, summary) ${q.sql}`, values: q.params });
    const lines = r.rows.map((x: any) => x['QUERY PLAN'] as string);
    times.push(lines.filter((l) => /Planning Time|Execution Time/.test(l)).map((l) => l.trim()).join(' / '));
  }
  console.log(eq, methods ? 'methods' : 'all', q.sql.length, 'chars');
  for (const t of times.slice(1)) console.log('  ', t);
}
await c.end();
