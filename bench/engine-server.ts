/**
 * The server under test for `npm run bench:engine`, started by bench/engine.ts in a process of its own
 * (own event loop and memory, as in production): the real app from `buildApp` over the seeded
 * database, plus routes outside `/api` that only the benchmark uses:
 *
 *   GET  /bench/http-floor     a constant small envelope: what HTTP alone costs (`?bytes=N`: an
 *                              envelope of N bytes, made once: HTTP's cost at an answer's size)
 *   POST /bench/capture/start  record every statement sent through node-postgres…
 *   POST /bench/capture/stop   …until now, and return them
 *   POST /bench/db-floor       { statements, connections, durationMs }: run them through the app's pool
 *   POST /bench/explain        { statements }: EXPLAIN ANALYZE of each SELECT (or WITH … SELECT),
 *                              and of the plan kept for each one sent by name (`kept`)
 *   POST /bench/answer         { statements }: run them once in sequence; the last one's ids and count
 *   POST /bench/stack-floor    { statements }: what `GET /bench/stack-floor` runs, until set again
 *   GET  /bench/stack-floor    run them in sequence through the app's pool and answer the last one's
 *                              rows in the envelope (JSON.stringify): the leanest handler in this
 *                              stack, HTTP and database in one request
 *   POST /bench/quiet          wait until the database pool has been idle for a moment
 *   GET  /bench/memory         process.memoryUsage() after a garbage collection
 *   GET  /bench/facts          the seeded data's ids and counts, and how long seeding took
 *   POST /bench/memory/peak/reset  garbage-collect and reset the peak RSS (Linux)…
 *   GET  /bench/memory/peak    …and read it: { rss, peak }
 *   POST /bench/import/clean   delete the work orders an import measurement created
 *   POST /bench/import/floor   { rows }: insert that many import rows in one statement, rolled back
 *   POST /bench/export/floor   the sheet export's floor (bench/sheet-export.ts): its ms, rows and bytes
 *   POST /bench/bulk/clean     delete the surveys a bulk upsert measurement made
 *   POST /bench/bulk/floor     { sacpInspectionId, runs }: its readings by one INSERT … ON CONFLICT, rolled back
 *
 * Prints `BENCH-READY {"port":…}` once it listens. Stops on SIGTERM, SIGINT or when its standard input
 * closes (the benchmark has gone).
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import type { Database, Db } from '../apps/server/src/db/client.ts';
import { lockDataDir } from '../apps/server/src/data-dir.ts';
import { createLocalFileStore } from '../apps/server/src/storage/local-file-store.ts';
import { ensureHealthHistory } from './health-seed.ts';
import { benchAdmin, percentiles } from './engine-scenarios.ts';
import { exportFloor } from './sheet-export.ts';
import type { Load, Seeding, Statement } from './engine-scenarios.ts';
import {
  emptyTables,
  ensurePhotoRows,
  isSeeded,
  seed,
  seedFacts,
  seedVersion,
  sizesAt,
} from './engine-seed.ts';
import { peakRss, resetPeakRss } from './process-memory.ts';
import { ensureSummaryLists } from './summary-seed.ts';
import { ensureThicknessSeries } from './thickness-seed.ts';
import { ensureTrends } from './trend-seed.ts';
import { importFloor, importRows, removeImported } from './work-import.ts';
import { bulkReadings, bulkRows, bulkUpsertFloor, removeBulk } from './bulk-upsert.ts';

/**
 * An envelope of exactly `bytes` bytes (at least its frame's), made once per size and sent as it is:
 * the HTTP floor of an answer that size (`GET /bench/http-floor?bytes=…`).
 */
const sizedAnswers = new Map<number, Buffer>();
function sizedAnswer(bytes: number): Buffer {
  let answer = sizedAnswers.get(bytes);
  if (!answer) {
    const frame = (data: string) => `{"data":"${data}","statusCode":200,"message":"OK"}`;
    answer = Buffer.from(frame('x'.repeat(Math.max(0, bytes - frame('').length))));
    if (sizedAnswers.size < 100) sizedAnswers.set(bytes, answer);
  }
  return answer;
}

const { values: options } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    reseed: { type: 'boolean', default: false },
    port: { type: 'string', default: '0' },
    scale: { type: 'string', default: '1' },
  },
});
const sizes = sizesAt(Number(options.scale));
const benchDir = import.meta.dirname;
/** One PGlite copy per seed version and scale: a quick run at a small scale keeps the full one. */
const cacheDir = path.join(
  benchDir,
  '.data',
  `pglite-v${seedVersion}${sizes.scale === 1 ? '' : `-scale-${sizes.scale}`}`,
);

/** Opens the PGlite cache of this seed version (a new one when reseeding) and drops older versions. */
async function openPglite(): Promise<{ database: Database; cleanUp: () => Promise<void> }> {
  const root = path.dirname(cacheDir);
  for (const entry of await readdir(root).catch(() => [] as string[])) {
    const version = /^pglite-v(\d+)/.exec(entry)?.[1];
    if (version !== undefined && Number(version) !== seedVersion) {
      console.log(`Removing the cached data of another seed version: bench/.data/${entry}`);
      await rm(path.join(root, entry), { recursive: true, force: true });
    }
  }
  const releaseLock = await lockDataDir(cacheDir);
  if (options.reseed) {
    await rm(path.join(cacheDir, 'db'), { recursive: true, force: true });
    await rm(path.join(cacheDir, 'seed.json'), { force: true });
  }
  const database = await openDatabase({ pgliteDir: path.join(cacheDir, 'db') });
  return { database, cleanUp: releaseLock };
}

async function openPostgres(): Promise<{ database: Database; cleanUp: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('--db postgres needs BENCH_DATABASE_URL=postgres://…');
  return { database: await openDatabase({ url, poolSize: 10 }), cleanUp: async () => {} };
}

/** The longest a statement of the seed may take on PostgreSQL. */
const seedTimeoutMs = 30 * 60_000;

/**
 * Runs `work` on a pool for the seed: on PostgreSQL a pool of its own, without the 15 s a request's
 * statement may take (each of the seed's statements writes up to 100,000 rows, and the `ensure…`
 * steps up to 600,000: a busy machine took longer); on PGlite the one database.
 */
async function withSeeder<T>({ db, kind }: Database, work: (seeded: Db) => Promise<T>): Promise<T> {
  const seeder =
    kind === 'postgres'
      ? await openDatabase({
          url: process.env.BENCH_DATABASE_URL!,
          poolSize: 2,
          statementTimeoutMs: seedTimeoutMs,
        })
      : undefined;
  try {
    return await work(seeder?.db ?? db);
  } finally {
    await seeder?.close();
  }
}

/** Seeds when the data is missing, partial, of another version, or `--reseed` says so. */
async function ensureSeeded({ db, kind }: Database, seeded: Db): Promise<Seeding> {
  const record = path.join(cacheDir, 'seed.json');
  if (!options.reseed && (await isSeeded(db, sizes))) {
    const earlier =
      kind === 'pglite'
        ? (JSON.parse(await readFile(record, 'utf8').catch(() => 'null')) as Seeding | null)
        : null;
    return { seconds: earlier?.seconds ?? {}, at: earlier?.at ?? '', reused: true };
  }
  console.log(
    `Seeding the ${kind} database at scale ${sizes.scale}: ${sizes.measurements.toLocaleString('en')} measurements, ` +
      `${sizes.work.workOrders.toLocaleString('en')} work orders, ${sizes.work.reports.toLocaleString('en')} report headers ` +
      `(at scale 1, about three minutes on PostgreSQL and eight embedded)…`,
  );
  await emptyTables(seeded);
  const seeding: Seeding = {
    seconds: await seed(seeded, kind, sizes, console.log),
    at: new Date().toISOString(),
    reused: false,
  };
  if (kind === 'pglite') await writeFile(record, JSON.stringify(seeding));
  return seeding;
}

/** A value as node-postgres sends it (its text form): the driver's own conversion, not typed by @types/pg. */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => string | Buffer | null;
};

/**
 * The plan PostgreSQL keeps for a statement the server sends by name (`Planning` 'shared',
 * statements.ts): the one plan its `auto` rule may settle on after five runs, made without the
 * values (`force_generic_plan`), then run with them. The server keeps it only where it is
 * estimated no dearer than the plans made for the values; this shows what it reads when kept.
 */
async function keptPlan(pool: pg.Pool, s: Statement): Promise<unknown> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('set local plan_cache_mode = force_generic_plan');
    await client.query(`prepare bench_kept as ${s.text}`);
    // EXECUTE takes its values in its text: each as the driver would send it, quoted.
    const args = s.values.map((value) => {
      const sent = prepareValue(value);
      return sent === null ? 'null' : client.escapeLiteral(String(sent));
    });
    const { rows } = await client.query<{ 'QUERY PLAN': unknown[] }>(
      `explain (analyze, buffers, format json) execute bench_kept${args.length ? `(${args.join(', ')})` : ''}`,
    );
    return rows[0]!['QUERY PLAN'][0];
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.query('rollback');
    // A prepared statement outlives the transaction; the connection's own (the server's) are kept.
    await client.query('deallocate bench_kept').catch(() => {});
    client.release();
  }
}

/**
 * Every statement of either database goes through `pg.Client#query` (PGlite is reached over its
 * socket with the same driver), so wrapping it sees exactly what a request sends.
 */
function installCapture() {
  let captured: Statement[] | undefined;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (captured) {
      const [first, second] = args;
      const config = typeof first === 'object' && first !== null ? (first as Partial<Statement>) : {};
      const text = typeof first === 'string' ? first : config.text;
      const values = Array.isArray(second) ? second : (config.values ?? []);
      // Named (prepared) statements are replayed under their name: the floor parses them once too.
      if (text) captured.push({ text, values, ...(config.name ? { name: config.name } : {}) });
    }
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return {
    start: () => void (captured = []),
    stop: () => {
      const statements = captured ?? [];
      captured = undefined;
      return statements;
    },
  };
}

const asQuery = (s: Statement): pg.QueryConfig => ({ text: s.text, values: s.values, name: s.name });

/**
 * The same statements, in sequence, in `connections` loops through the app's pool: no HTTP, no Drizzle.
 * Each goes to the pool on its own as Drizzle sends it, unless the request held a transaction. Counted
 * like autocannon counts: what finished within the duration; what is still running then is awaited,
 * not counted.
 */
async function dbFloor(pool: pg.Pool, statements: Statement[], connections: number, durationMs: number) {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const inTransaction = statements.some((s) => /^\s*(begin|start transaction)\b/i.test(s.text));
  const run = async () => {
    if (!inTransaction) {
      for (const s of statements) await pool.query(asQuery(s));
      return;
    }
    const client = await pool.connect();
    try {
      for (const s of statements) await client.query(asQuery(s));
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
  const started = performance.now();
  const end = started + durationMs;
  const loop = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        await run();
        if (performance.now() <= end) latencies.push(performance.now() - t0);
      } catch (error) {
        errors += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const seconds = durationMs / 1000;
  // Each request's latency besides: a scenario measured in rounds pools them (bench/engine.ts).
  const floor: Load & { latencies: number[] } = {
    requests: latencies.length,
    failed: errors,
    firstError,
    seconds,
    perSecond: latencies.length / seconds,
    ...percentiles(latencies),
    latencies,
  };
  return floor;
}

async function main() {
  const capture = installCapture();
  const { database, cleanUp } = options.db === 'pglite' ? await openPglite() : await openPostgres();
  const pool: pg.Pool = database.db.$client;
  const seeding = await withSeeder(database, async (seeder) => {
    const seeded = await ensureSeeded(database, seeder);
    await ensurePhotoRows(seeder);
    const added = {
      ...(await ensureTrends(seeder)),
      ...(await ensureSummaryLists(seeder, sizes)),
    };
    await ensureHealthHistory(seeder);
    await ensureThicknessSeries(seeder, sizes.scale);
    return Object.keys(added).length > 0 ? { ...seeded, added } : seeded;
  });
  const facts = { database: options.db, seeding, ...(await seedFacts(database.db, sizes)) };

  const filesDir = await mkdtemp(path.join(os.tmpdir(), 'inspectra-bench-files-'));
  const app = await buildApp({
    database,
    files: await createLocalFileStore(filesDir),
    jwtSecret: 'bench-engine-jwt-secret-at-least-32-bytes',
    maxUploadBytes: 20 * 1024 * 1024,
    logger: false,
  });

  app.get('/bench/http-floor', async (request, reply) => {
    const bytes = Number((request.query as { bytes?: string }).bytes ?? 0);
    if (!(bytes > 0)) return { data: { status: 'ok' }, statusCode: 200, message: 'OK' };
    return reply.type('application/json; charset=utf-8').send(sizedAnswer(bytes));
  });
  app.get('/bench/facts', async () => facts);
  app.post('/bench/capture/start', async () => {
    capture.start();
    return {};
  });
  app.post('/bench/capture/stop', async () => ({ statements: capture.stop() }));
  app.post('/bench/db-floor', async (request) => {
    const body = request.body as { statements: Statement[]; connections: number; durationMs: number };
    return dbFloor(pool, body.statements, body.connections, body.durationMs);
  });
  app.post('/bench/explain', async (request) => {
    const { statements } = request.body as { statements: Statement[] };
    const plans: unknown[] = [];
    const kept: unknown[] = [];
    for (const s of statements) {
      if (!/^\s*(select|with)\b/i.test(s.text)) {
        plans.push(null);
        kept.push(null);
        continue;
      }
      const { rows } = await pool.query<{ 'QUERY PLAN': unknown[] }>(
        `explain (analyze, buffers, format json) ${s.text}`,
        s.values,
      );
      plans.push(rows[0]!['QUERY PLAN'][0]);
      kept.push(s.name ? await keptPlan(pool, s) : null);
    }
    return { plans, kept };
  });
  // What a floor's statements answer, to check it is the API's answer (the same rows, the same count).
  app.post('/bench/answer', async (request) => {
    const { statements } = request.body as { statements: Statement[] };
    let rows: { id?: unknown; counted?: unknown }[] = [];
    for (const s of statements) rows = (await pool.query(asQuery(s))).rows;
    return {
      ids: rows.map((r) => r.id),
      counted: rows[0]?.counted === undefined ? null : Number(rows[0].counted),
    };
  });
  // The leanest handler a skilled engineer would write for a read in this stack: a route that runs
  // the leanest statements and sends the rows; what HTTP and the database cost composed in one request.
  let stackStatements: pg.QueryConfig[] = [];
  app.post('/bench/stack-floor', async (request) => {
    stackStatements = (request.body as { statements: Statement[] }).statements.map(asQuery);
    return { statements: stackStatements.length };
  });
  app.get('/bench/stack-floor', async (_request, reply) => {
    let rows: unknown[] = [];
    for (const s of stackStatements) rows = (await pool.query(s)).rows;
    return reply
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ data: rows, statusCode: 200, message: 'OK' }));
  });
  // Requests a load generator gave up on still run to the end; the next measurement waits for them.
  app.post('/bench/quiet', async () => {
    const started = performance.now();
    let idleSince = performance.now();
    while (performance.now() - started < 240_000) {
      if (pool.totalCount - pool.idleCount + pool.waitingCount > 0) idleSince = performance.now();
      else if (performance.now() - idleSince > 500) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const waitedMs = performance.now() - started;
    return { quiet: performance.now() - idleSince > 500, waitedMs };
  });
  app.get('/bench/memory', async () => {
    (globalThis as { gc?: () => void }).gc?.();
    return process.memoryUsage();
  });
  // Peak RSS over a span (Linux): reset after a garbage collection, then read the high-water mark.
  app.post('/bench/memory/peak/reset', async () => {
    (globalThis as { gc?: () => void }).gc?.();
    return { reset: resetPeakRss(), ...peakRss() };
  });
  app.get('/bench/memory/peak', async () => peakRss() ?? {});
  app.post('/bench/import/clean', async () => ({ removed: await removeImported(pool) }));
  app.post('/bench/import/floor', async (request) => {
    const { rows } = request.body as { rows: number };
    const { rows: found } = await pool.query<{ id: string }>(
      `select id from user_account where lower(username) = $1`,
      [benchAdmin.username],
    );
    return { ms: await importFloor(pool, importRows(rows, facts.work), found[0]!.id) };
  });

  app.post('/bench/export/floor', async () => exportFloor(pool));
  app.post('/bench/bulk/clean', async () => ({ removed: await removeBulk(pool) }));
  app.post('/bench/bulk/floor', async (request) => {
    const { sacpInspectionId, runs } = request.body as { sacpInspectionId: string; runs: number };
    const { rows: found } = await pool.query<{ id: string }>(
      `select id from user_account where lower(username) = $1`,
      [benchAdmin.username],
    );
    const readings = bulkReadings(sacpInspectionId, bulkRows, '2027-01-04');
    return { times: await bulkUpsertFloor(pool, readings, found[0]!.id, runs) };
  });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    app.server.closeAllConnections();
    await app.close();
    await database.close();
    await cleanUp();
    await rm(filesDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.resume();

  await app.listen({ host: '127.0.0.1', port: Number(options.port) });
  const address = app.server.address();
  console.log(`BENCH-READY ${JSON.stringify({ port: typeof address === 'object' ? address?.port : 0 })}`);
}

main().catch((error: unknown) => {
  console.error(`The bench server could not start: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
