import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';

/** A statement Drizzle has prepared: executed with the values of its placeholders. */
type Prepared = { execute(values: Record<string, unknown>): Promise<unknown> };

/**
 * The prepared statements of one table's reads, by database and shape. A statement is built and
 * named once per database and shape, then executed with values: Drizzle does not rebuild it per
 * request, and PostgreSQL parses and plans it once per connection. A name always stands for the
 * same text, so a connection that has prepared it reuses it safely.
 */
export class PreparedStatements {
  private readonly byDb = new WeakMap<object, Map<string, Prepared>>();

  /** @param table the table's SQL name, which leads each statement's name. */
  constructor(private readonly table: string) {}

  async run<T>(
    db: DbOrTx,
    key: string,
    build: () => { prepare(name: string): Prepared },
    values: Record<string, unknown>,
  ): Promise<T> {
    let byKey = this.byDb.get(db);
    if (!byKey) this.byDb.set(db, (byKey = new Map()));
    let statement = byKey.get(key);
    if (!statement) {
      // PostgreSQL names are at most 63 bytes: the shape is hashed into the name.
      const name = `${this.table.slice(0, 30)}_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
      statement = build().prepare(name);
      byKey.set(key, statement);
    }
    return (await statement.execute(values)) as T;
  }
}
