import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

export type DatabaseOptions =
  /** A PostgreSQL server. */
  | { url: string; poolSize?: number }
  /** Embedded PGlite in a directory, or in memory when `dir` is undefined (tests). */
  | { pgliteDir: string | undefined };

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

// 64-bit numbers as JS numbers: counts never come near 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** Opens the database, applies pending migrations, and returns it ready to use. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const opened =
    'url' in options
      ? await openPostgres(options.url, options.poolSize ?? 10)
      : await openPglite(options.pgliteDir);
  try {
    await migrate(opened.db, { migrationsFolder });
  } catch (error) {
    await opened.close();
    throw error;
  }
  return opened;
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {}); // an idle client dropped by the server is replaced on next use
  await pool.query('select 1');
  return { db: drizzle(pool, { schema }), kind: 'postgres', close: () => pool.end() };
}

// The worker's entry is TypeScript: load it through tsx, which the server already runs under.
const workerBootstrap = new URL(
  'data:text/javascript,' +
    encodeURIComponent(
      `import { workerData } from 'node:worker_threads';
       const { tsImport } = await import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))});
       await tsImport(workerData.entry, workerData.entry);`,
    ),
);

async function openPglite(dir: string | undefined): Promise<Database> {
  // A Unix socket path is limited to ~100 bytes, so it lives in a short private temp directory.
  const socketDir = await mkdtemp(path.join(os.tmpdir(), 'inspectra-db-'));
  const worker = new Worker(workerBootstrap, {
    workerData: {
      entry: new URL('./pglite-worker.ts', import.meta.url).href,
      dataDir: dir ?? 'memory://',
      socketPath: path.join(socketDir, '.s.PGSQL.5432'),
    },
  });
  const started = await new Promise<{ ready?: true; error?: string }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  if (!started.ready) {
    await worker.terminate();
    await rm(socketDir, { recursive: true, force: true });
    throw new Error(`The embedded database could not start: ${started.error}`);
  }
  // PGlite is one connection: one client at a time keeps transactions whole.
  const pool = new pg.Pool({ host: socketDir, port: 5432, user: 'postgres', database: 'postgres', max: 1 });
  pool.on('error', () => {});
  const close = async () => {
    await pool.end();
    const closed = new Promise((resolve) => worker.once('message', resolve));
    worker.postMessage('close');
    await Promise.race([closed, new Promise((r) => setTimeout(r, 10_000))]);
    await worker.terminate();
    await rm(socketDir, { recursive: true, force: true });
  };
  return { db: drizzle(pool, { schema }), kind: 'pglite', close };
}
