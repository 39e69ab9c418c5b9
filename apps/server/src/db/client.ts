import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { TableUpkeep } from './upkeep.ts';
import { dbWork, ScheduledPool } from './scheduler.ts';
import type { SchedulerOptions } from './scheduler.ts';
import type { Db } from './handle.ts';
import * as schema from './schema/index.ts';

// The handle's types stand below this file, where upkeep reads them too; the server imports them from here.
export type { Db, DbOrTx } from './handle.ts';

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Whether the database runs a trivial statement within `timeoutMs` (waiting its turn included). */
  ping(timeoutMs: number): Promise<boolean>;
  /**
   * Brings the planner's statistics and visibility map up to date for tables changed a lot since last
   * time (PGlite has no autovacuum); call after a bulk write. PostgreSQL does this itself.
   */
  maintain(): Promise<void>;
  /**
   * Runs `work` holding the lock named `name`, which every process on this database shares (a
   * PostgreSQL advisory lock, on a connection of its own for as long as `work` runs, so a process
   * killed meanwhile releases it). `wait: false`: when another process holds it, answers
   * `undefined` at once without running `work`. On PGlite, one process owns the database (the data
   * directory's lock) and `work` simply runs.
   */
  exclusively<T>(name: ProcessLock, work: () => Promise<T>, o?: { wait?: boolean }): Promise<T | undefined>;
  /** PGlite only: the whole database as an archive, which `copyOf` opens again as a copy. */
  dump?(): Promise<Uint8Array>;
  close(): Promise<void>;
};

/**
 * The work that one process at a time does for all that share a database: the schema's migrations
 * and the start's setup (the first administrator, the catalogue's methods, the demo), which must
 * run once when several processes start together; the orphan-file sweep, which is safe twice but
 * needs doing once; the sweep of old idempotency keys likewise.
 */
export type ProcessLock = 'start' | 'file-sweep' | 'key-sweep';
/** The first key of the process locks (advisory locks; any constant no other lock uses). */
const processLockSpace = 7_202;
const processLockKeys: Record<ProcessLock, number> = { start: 1, 'file-sweep': 2, 'key-sweep': 3 };

/** `Database.exclusively` on a PostgreSQL server at `url`. */
function advisoryLock(url: string): Database['exclusively'] {
  return async (name, work, o = {}) => {
    const holder = new pg.Client({ connectionString: url });
    holder.on('error', () => {}); // a connection dropped while `work` runs fails its unlock, below
    try {
      // Inside the `try`: a server that refuses the connection may leave its socket open.
      await holder.connect();
      const key = [processLockSpace, processLockKeys[name]];
      if (o.wait === false) {
        const taken = await holder.query<{ taken: boolean }>(
          'select pg_try_advisory_lock($1, $2) as taken',
          key,
        );
        if (!taken.rows[0]!.taken) return undefined;
      } else await holder.query('select pg_advisory_lock($1, $2)', key);
      // Ending the connection releases the lock.
      return await work();
    } finally {
      await holder.end().catch(() => {});
    }
  };
}

/**
 * How long one request may use the database: the longest wait for a connection, and on PostgreSQL
 * the longest statement (`statement_timeout`). PGlite cannot interrupt a running statement.
 */
export const defaultStatementTimeoutMs = 15_000;

export type DatabaseOptions = (
  | /** A PostgreSQL server. */
    { url: string; poolSize?: number }
    /**
     * Embedded PGlite in a directory, or in memory when `dir` is undefined (tests). Either may start
     * as a copy of a database's `dump()`: tests start each file from one migrated copy in memory; a
     * restore unpacks a backup's into an empty directory.
     * The bytes may be a view of a SharedArrayBuffer, which the database's thread then reads in
     * place instead of receiving a copy.
     */
  | { pgliteDir: string | undefined; copyOf?: Uint8Array<ArrayBufferLike> }
) & { statementTimeoutMs?: number };

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

// 64-bit numbers as JS numbers: counts never come near 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** Opens the database, applies pending migrations, and returns it ready to use. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const timeoutMs = options.statementTimeoutMs ?? defaultStatementTimeoutMs;
  return 'url' in options
    ? openPostgres(options.url, options.poolSize ?? 10, timeoutMs)
    : openPglite(options.pgliteDir, timeoutMs, options.copyOf);
}

function database(
  pool: ScheduledPool,
  kind: Database['kind'],
  close: () => Promise<void>,
  o: { maintain?: () => Promise<void>; exclusively?: Database['exclusively'] } = {},
): Database {
  const { maintain = async () => {}, exclusively = (_name, work) => work() } = o;
  const db = drizzle(pool, { schema }) as Db;
  const ping = async (timeoutMs: number) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      await dbWork.run({ priority: 'interactive', signal: controller.signal }, () => pool.query('select 1'));
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
  return { db, kind, ping, maintain, exclusively, close };
}

async function openPostgres(url: string, poolSize: number, timeoutMs: number): Promise<Database> {
  // Migrations run on their own connection without a statement timeout: building an index on a
  // large table may take longer than any request should. One process at a time: of processes
  // started together on an empty database, the first migrates it and the others, let in after,
  // find nothing left to apply (drizzle's own bookkeeping would race: both would create its table
  // and apply the first migration).
  const exclusively = advisoryLock(url);
  await exclusively('start', async () => {
    const migrator = new pg.Client({ connectionString: url });
    await migrator.connect();
    try {
      await migrate(drizzle(migrator, { schema }), { migrationsFolder });
    } finally {
      await migrator.end();
    }
  });
  const upkeep = new TableUpkeep();
  const scheduling: SchedulerOptions = {
    slots: poolSize,
    onWrite: (table, rows) => upkeep.noteWrite(table, rows),
    maxWaitMs: timeoutMs,
    // A statement whose client has gone is cancelled on the server, from a connection of its own.
    cancel: async (client) => {
      const canceller = new pg.Client({ connectionString: url });
      await canceller.connect();
      try {
        await canceller.query('select pg_cancel_backend($1)', [
          (client as unknown as { processID: number }).processID,
        ]);
      } finally {
        await canceller.end();
      }
    },
  };
  const pool = new ScheduledPool(
    {
      connectionString: url,
      statement_timeout: timeoutMs,
      options: settingOptions,
      // A database that does not answer a new connection (a failover under way, a network cut that
      // drops packets rather than refusing them) fails the request's connect after the same bound
      // a statement has (503), rather than holding it for the operating system's minutes; TCP
      // keepalive finds a connection whose far end is gone while it sits in the pool.
      connectionTimeoutMillis: timeoutMs,
      keepAlive: true,
    },
    scheduling,
  );
  pool.on('error', () => {}); // an idle client dropped by the server is replaced on next use
  await pool.query('select 1');
  // Autovacuum keeps up on its own; `maintain()` is for right after a bulk write.
  const opened: Database = database(pool, 'postgres', () => pool.end(), {
    maintain: () => upkeep.run(opened.db),
    exclusively,
  });
  return opened;
}

/**
 * Planner settings the server runs with, on PGlite and PostgreSQL alike:
 * - `plan_cache_mode`: `auto`, PostgreSQL's own default, said here because the server relies on it.
 *   A statement whose values cannot change its best plan (a record by id, a parent's rows, the user
 *   check) goes by name and, after five runs planned for their values, keeps one plan where that is
 *   estimated to cost no more; planning cost more than running for most of them (the user check:
 *   0.15 ms planned, 0.02 ms run). A statement whose values steer its plan (a search matching 37
 *   rows or 190,000) goes unnamed and is planned for its values at every run (`Planning`,
 *   engine/records/statements.ts). Foreign-key checks, too, keep their plans: forced to plan each
 *   run, 10,000 imported rows × 4 references took 1 s more.
 * - `random_page_cost`: 1.1 instead of 4, a figure from spinning disks; data on SSD or in memory
 *   reads a random page nearly as fast as the next one. With 4, measurements (entered over time, so
 *   heap order follows the date) were listed for a 100,000-row analysis by walking the whole-table
 *   date index and filtering out 48,045 rows (42 ms) instead of reading the analysis's own index
 *   (8 ms).
 * - `max_parallel_workers_per_gather`: 0. A request is one user's page; on a server answering many of
 *   them at once, extra workers only take cores from the other requests and add their start-up to
 *   each. Measured at full scale (PostgreSQL 15, two cores, two connections): an inspector's task
 *   list 11–17 ms with workers, 6.5–15 ms without. PGlite has no workers either way.
 * - `jit`: off. Just-in-time compilation pays off for long analytic scans, never for a request's
 *   statement; it starts on the planner's estimated cost alone, and a statement naming every
 *   technique (the equipment history's worst finding: one `case` branch per technique, each with its
 *   derived grade's SQL) is estimated far above its threshold though it reads a few hundred rows.
 *   The health card's history (200 reports) spent 146 s compiling 6,677 functions and 0.2 s
 *   running (PostgreSQL 15, 3 Dec 2026, docs/equipment-health.md). PGlite has no JIT either way.
 */
export const plannerSettings = {
  plan_cache_mode: 'auto',
  random_page_cost: '1.1',
  max_parallel_workers_per_gather: '0',
  jit: 'off',
};
const settingOptions = Object.entries(plannerSettings)
  .map(([name, value]) => `-c ${name}=${value}`)
  .join(' ');

/**
 * PGlite's shared buffers: 16 MB instead of PostgreSQL's 128 MB default. PGlite touches all of them
 * when it starts (a fresh start on the demo data: 32 MB of buffers cost 47 MB of WebAssembly memory,
 * 16 MB 29 MB), and WebAssembly memory only ever grows. Pages outside them are read from the
 * operating system's file cache, which is shared and not counted against the server; a large scan
 * reads through a small ring of buffers whatever their number (docs/embedded-database.md).
 */
const pgliteSharedBuffers = '16MB';

/** Whether the PGlite data directory `dir` has no database yet (missing or empty). */
export async function pgliteDirectoryIsNew(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch(() => undefined);
  return entries === undefined || entries.length === 0;
}

/**
 * Creates the PGlite data directory `dir` when it is missing or empty: in a child process, so the
 * memory creation takes leaves with it (pglite-create.mjs), and beside `dir` first, so a start
 * stopped halfway leaves no half-made database behind (the data directory's lock keeps a second
 * process away meanwhile).
 */
async function createPgliteDirectory(dir: string): Promise<void> {
  if (!(await pgliteDirectoryIsNew(dir))) return;
  const entries = await readdir(dir).catch(() => undefined);
  const staging = `${dir}.creating`;
  await rm(staging, { recursive: true, force: true });
  try {
    await promisify(execFile)(
      process.execPath,
      [fileURLToPath(new URL('./pglite-create.mjs', import.meta.url)), staging],
      { maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    const output = (error as { stderr?: string }).stderr?.trim().split('\n').slice(-3).join(' ');
    throw new Error(`The embedded database could not be created in ${dir}: ${output || String(error)}`, {
      cause: error,
    });
  }
  if (entries !== undefined) await rm(dir, { recursive: true });
  await rename(staging, dir);
}

/**
 * PGlite's WebAssembly, compiled once per process, and its file-system bundle, read once, for the
 * in-memory databases tests open, one per file: each database's thread is handed them instead of
 * reading and compiling its own (threads share a compiled module, and the code V8 optimises in it).
 * The server opens one database, whose thread loads its own and the process keeps nothing.
 */
let pgliteArtifacts:
  | Promise<{ pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module; fsBundle: Blob }>
  | undefined;
function loadPgliteArtifacts() {
  pgliteArtifacts ??= (async () => {
    const dist = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const compile = async (name: string) => WebAssembly.compile(await readFile(new URL(name, dist)));
    const [pgliteWasmModule, initdbWasmModule, bundle] = await Promise.all([
      compile('pglite.wasm'),
      compile('initdb.wasm'),
      readFile(new URL('pglite.data', dist)),
    ]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([bundle]) };
  })();
  return pgliteArtifacts;
}

/**
 * A full collection of the server's heap (the embedded database's thread has its own,
 * pglite-worker.mjs). Node has no `gc()` without `--expose-gc` on the command line; the flag set
 * here makes a new context's `gc`.
 */
const collectGarbage = (() => {
  let gc: (() => void) | undefined;
  return () => {
    if (!gc) {
      v8.setFlagsFromString('--expose-gc');
      gc = vm.runInNewContext('gc') as () => void;
    }
    gc();
  };
})();

/** How often the embedded database is looked at for having gone quiet (`trimWhenQuiet`). */
const quietCheckMs = 10_000;

/**
 * Calls `trim` once whenever the database has gone quiet after work: a period with statements and
 * then a whole period without any. The embedded database's thread then gives back the heap a load
 * grew (pglite-worker.mjs), so a server idles at its resting memory again (docs/embedded-database.md).
 */
export function trimWhenQuiet(pool: Pick<ScheduledPool, 'statements'>, trim: () => void): () => void {
  let seen = pool.statements;
  let worked = false;
  const timer = setInterval(() => {
    const now = pool.statements;
    if (now !== seen) worked = true;
    else if (worked) {
      worked = false;
      trim();
    }
    seen = now;
  }, quietCheckMs);
  timer.unref();
  return () => clearInterval(timer);
}

async function openPglite(
  dir: string | undefined,
  timeoutMs: number,
  copyOf: Uint8Array<ArrayBufferLike> | undefined,
): Promise<Database> {
  // A directory opened with `copyOf` is a restore (backup.ts): PGlite unpacks the archive into it,
  // and refuses when it already holds a database.
  if (dir !== undefined && copyOf === undefined) await createPgliteDirectory(dir);
  // A Unix socket path is limited to ~100 bytes, so it lives in a short private temp directory.
  const socketDir = await mkdtemp(path.join(os.tmpdir(), 'inspectra-db-'));
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: {
      dataDir: dir ?? 'memory://',
      socketPath: path.join(socketDir, '.s.PGSQL.5432'),
      settings: { shared_buffers: pgliteSharedBuffers, ...plannerSettings },
      archive: copyOf,
      artifacts: dir === undefined ? await loadPgliteArtifacts() : undefined,
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
  const upkeep = new TableUpkeep();
  // PGlite is one session: one statement or transaction at a time, handed out by priority.
  // Every connection to the socket is the same PGlite session, so prepared statements outlive the
  // connection that made them: one connection, kept open, knows every statement it prepared; one
  // opened after another closed starts by forgetting them all, or its first prepare would collide
  // ("prepared statement already exists").
  const pool = new ScheduledPool(
    { host: socketDir, port: 5432, user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0 },
    { slots: 1, maxWaitMs: timeoutMs, onWrite: (table, rows) => upkeep.noteWrite(table, rows) },
  );
  pool.on('connect', (client) => void client.query('deallocate all').catch(() => {}));
  pool.on('error', () => {});
  const stopTrimming = trimWhenQuiet(pool, () => {
    worker.postMessage('trim');
    collectGarbage();
  });
  const close = async () => {
    stopTrimming();
    upkeep.stop();
    await pool.end();
    const closed = new Promise((resolve) => worker.once('message', resolve));
    worker.postMessage('close');
    await Promise.race([closed, new Promise((r) => setTimeout(r, 10_000))]);
    await worker.terminate();
    await rm(socketDir, { recursive: true, force: true });
  };
  const opened = database(pool, 'pglite', close, { maintain: () => upkeep.run(opened.db) });
  opened.dump = async () => {
    const dumped = new Promise<{ archive: Uint8Array }>((resolve) => worker.once('message', resolve));
    worker.postMessage('dump');
    return (await dumped).archive;
  };
  try {
    await migrate(opened.db, { migrationsFolder });
    // Statistics for the planner from the start: without them it plans on default estimates. A
    // copy carries its source's, which was opened through here.
    if (copyOf === undefined) await upkeep.analyzeAll(opened.db);
  } catch (error) {
    await close();
    throw error;
  }
  upkeep.start(opened.db);
  return opened;
}
