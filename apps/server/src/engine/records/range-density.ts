import type { EntityDefinition } from '@inspectra/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { declaredInOrder } from '../entity-table.ts';
import { BoundedMap } from '../bounded-map.ts';
import type { ListQuery } from './read-shapes.ts';

/**
 * Rows per distinct value of a ranged field above which a range's page is merged from each value's
 * first rows (`perValue`) rather than read from every match: a probe per value costs about as much
 * as reading 70 matches (docs/engine-performance.md).
 */
export const denseValues = 50;
/** How long the planner's estimate of a field's rows per value is kept before it is read again. */
const densityMs = 10 * 60_000;

/** Range pages remembered as not filled by a walk of the list order (`cameUpShort`). */
const shortWalksKept = 1000;

/**
 * The planner's statistics of one table's ranged fields, as a date range's page uses them, and the
 * range pages whose walk of the list order came up short lately.
 */
export class RangeDensity {
  private readonly perColumn = new Map<string, { perValue: number; at: number }>();
  private readonly shortWalks = new BoundedMap<string, number>(shortWalksKept);

  constructor(
    private readonly entity: EntityDefinition,
    /** The SQL name of a field's column. */
    private readonly columnName: (field: string) => string,
  ) {}

  /**
   * Whether a range's page is better merged from each value's first rows (`perValue`) than read
   * from every match: one ranged field with an index in list order (a declared `withListOrder`
   * index), the list's own order, and many rows per value by the planner's statistics
   * (`denseValues`; none yet, as in a fresh table, is not dense). Kept for `densityMs` once there
   * are statistics.
   */
  async isDense(db: DbOrTx, fields: string[], sort: ListQuery['sort']): Promise<boolean> {
    const [field] = fields;
    if (fields.length !== 1 || !field || sort) return false;
    if (!declaredInOrder(this.entity, field)) return false;
    const column = this.columnName(field);
    const known = this.perColumn.get(column);
    if (known && Date.now() - known.at < densityMs) return known.perValue >= denseValues;
    // n_distinct: the number of values, or minus their share of the rows when it grows with them.
    const found = await db.execute<{ per_value: number | string | null }>(sql`select
        case when s.n_distinct < 0 then -1 / s.n_distinct
          else c.reltuples * (1 - s.null_frac) / nullif(s.n_distinct, 0) end as per_value
      from pg_stats s join pg_class c on c.oid = (quote_ident(s.schemaname) || '.' || quote_ident(s.tablename))::regclass
      where s.schemaname = current_schema() and s.tablename = ${this.entity.table} and s.attname = ${column}`);
    const perValue = Number(found.rows[0]?.per_value ?? 0);
    // No statistics yet (a new table): asked again next time rather than kept.
    if (found.rows.length > 0) this.perColumn.set(column, { perValue, at: Date.now() });
    return perValue >= denseValues;
  }

  /**
   * Whether the page of this shape and these values (`key`) was last read by walking the list order
   * and that walk did not fill it, within `densityMs`: a range of old dates ("finished before June
   * 2024") meets none of its rows among the newest, every time it is asked (a refetch, the next
   * page of the same filter), so its matches are read at once. Only a guess: either read answers
   * the same page, the walk's in fewer reads when it fills it.
   */
  cameUpShort(key: string): boolean {
    const at = this.shortWalks.get(key);
    if (at === undefined) return false;
    if (Date.now() - at < densityMs) return true;
    this.shortWalks.delete(key);
    return false;
  }

  /** That the walk of the list order for the page `key` did not fill it (`cameUpShort`). */
  walkCameUpShort(key: string): void {
    this.shortWalks.set(key, Date.now());
  }
}
