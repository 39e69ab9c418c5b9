import { sql } from 'drizzle-orm';
import type { Db } from './handle.ts';
import { dbWork } from './scheduler.ts';

/** Rows changed, beyond this share of a table's rows, trigger its upkeep (autovacuum's own defaults). */
const threshold = { rows: 50, share: 0.1 };
const checkEveryMs = 30_000;

/**
 * Tables the database writes by triggers when another is written (migrations 0020, 0023, 0026): a
 * statement's rows count against them too, as an upper bound of what it changed there.
 */
const keptFrom: Record<string, string[]> = {
  wo_task_assignment: ['inspector_task'],
  work_order_spk: ['wo_task_assignment', 'inspector_task'],
  report_header: ['wo_task_assignment', 'inspector_task'],
};

/**
 * What autovacuum does on PostgreSQL, done for PGlite, which has none (and on either database right
 * after a bulk write, through `Database.maintain`): tables changed a lot since their last upkeep get
 * `VACUUM (ANALYZE)`, so the planner's statistics match the data (a million-row list
 * planned on default estimates ran 1,000× slower) and index-only scans can skip the table (the
 * visibility map). Changes are counted from the statements the server runs (`ScheduledPool.onWrite`);
 * PGlite's own statistics counters are not kept current in its single-user mode.
 */
export class TableUpkeep {
  private readonly changed = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  noteWrite(table: string, rows: number) {
    for (const written of [table, ...(keptFrom[table] ?? [])])
      this.changed.set(written, (this.changed.get(written) ?? 0) + rows);
  }

  /** Every table, once: after migrations on start, when nothing is known of earlier writes. */
  async analyzeAll(db: Db) {
    await dbWork.run({ priority: 'list' }, () => db.execute(sql`vacuum (analyze)`));
    this.changed.clear();
  }

  /** Upkeep of the tables that need it now; one run at a time. */
  run(db: Db): Promise<void> {
    this.running ??= this.upkeep(db).finally(() => (this.running = undefined));
    return this.running;
  }

  private async upkeep(db: Db) {
    const tables = [...this.changed.keys()];
    if (tables.length === 0) return;
    const sizes = await dbWork.run({ priority: 'list' }, () =>
      db.execute<{ relname: string; reltuples: number }>(
        sql`select relname, reltuples::float8 as reltuples from pg_class
            where relkind = 'r' and relnamespace = 'public'::regnamespace and relname in (${sql.join(
              tables.map((t) => sql`${t}`),
              sql`, `,
            )})`,
      ),
    );
    for (const { relname, reltuples } of sizes.rows) {
      const changed = this.changed.get(relname) ?? 0;
      if (changed <= threshold.rows + threshold.share * Math.max(reltuples, 0)) continue;
      this.changed.delete(relname);
      // Background work: a request waiting for the database goes first.
      await dbWork.run({ priority: 'list' }, () => db.execute(sql.raw(`vacuum (analyze) "${relname}"`)));
    }
  }

  start(db: Db) {
    this.timer = setInterval(() => void this.run(db).catch(() => {}), checkEveryMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }
}
