import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { ScheduledPool } from './scheduler.ts';
import type * as schema from './schema/index.ts';

/** The database as the server holds it: Drizzle over the scheduled pool, with the schema's tables. */
export type Db = NodePgDatabase<typeof schema> & { $client: ScheduledPool };
/** A transaction or the database itself: repositories accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
