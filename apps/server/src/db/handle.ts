import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { ScheduledPool } from './scheduler.ts';
import type * as schema from './schema/index.ts';

/** The database as the server holds it: Drizzle over the scheduled pool, with the schema's tables. */
export type Db = NodePgDatabase<typeof schema> & { $client: ScheduledPool };
/** A transaction or the database itself: repositories accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Whether statements may be sent on `db` while another of it runs: on the database, each takes a
 * connection of the pool; a transaction is one connection, whose statements go one after another
 * (node-postgres queues one sent meanwhile, and warns that its next major version refuses it).
 */
export const takesStatementsAtOnce = (db: DbOrTx): boolean => !(db instanceof PgTransaction);
