/**
 * `npm run bench:engine`: how fast the server lists and searches records over a large data set
 * (1,100,000 thermal measurements, bench/engine-seed.ts), next to two floors measured in the same
 * run: the same SQL through the same driver and pool without HTTP, auth, JSON or Drizzle (DB floor),
 * and a constant answer through the same HTTP stack (HTTP floor). Then the plan check: every list
 * route of the route table, EXPLAIN ANALYZEd, must not filter away or sort far more rows than it
 * returns. Not part of `npm test`: the figures depend on the machine.
 *
 *   npm run bench:engine                        PGlite, and PostgreSQL when BENCH_DATABASE_URL is set
 *   npm run bench:engine -- --duration 5        seconds per load (default 10)
 *   npm run bench:engine -- --connections 10    concurrent connections per load (default 10)
 *   npm run bench:engine -- --db postgres       pglite, postgres or both
 *   npm run bench:engine -- --only search       the scenarios whose name contains this
 *   npm run bench:engine -- --reseed            seed again (PGlite: bench/.data/pglite-v<N>/)
 *   npm run bench:engine -- --json out.json     also write the whole run to this file
 *
 * Each database's figures are written to bench/results/engine-<db>-<time>.json. Exit code 1 when a
 * plan check or a request failed, after everything is printed.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { routeTable } from '@inspectra/contract';
import type { RouteDefinition } from '@inspectra/contract';
import autocannon from 'autocannon';
import { benchAdmin, percentiles, scenarios } from './engine-scenarios.ts';
import type { Load, RequestSpec, Scenario, Seeding, Statement } from './engine-scenarios.ts';
import type { SeedFacts } from './engine-seed.ts';
import { count, ms, oneLine, printPlans, readPlan } from './engine-plans.ts';
import type { Plan, PlanReport } from './engine-plans.ts';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    db: { type: 'string', default: process.env.BENCH_DATABASE_URL ? 'both' : 'pglite' },
    reseed: { type: 'boolean', default: false },
    json: { type: 'string' },
    only: { type: 'string' },
  },
});
const duration = Number(options.duration);
const connections = Number(options.connections);
if (!(duration > 0)) throw new Error('--duration must be a number of seconds above 0');
if (!Number.isInteger(connections) || connections < 2) throw new Error('--connections must be 2 or more');
const databases = (options.db === 'both' ? ['pglite', 'postgres'] : [options.db]) as Kind[];
for (const db of databases) {
  if (db !== 'pglite' && db !== 'postgres') throw new Error('--db must be pglite, postgres or both');
  if (db === 'postgres' && !process.env.BENCH_DATABASE_URL)
    throw new Error(
      'PostgreSQL needs BENCH_DATABASE_URL=postgres://user@host:port/database (its own database)',
    );
}
const selected = scenarios.filter((s) => s.name.toLowerCase().includes((options.only ?? '').toLowerCase()));

/** Generous: on the engine as it was first measured a search could take seconds under load. */
const requestTimeoutSeconds = 120;

const repo = path.resolve(import.meta.dirname, '..');
const tsx = path.join(repo, 'node_modules/.bin/tsx');

type Kind = 'pglite' | 'postgres';
type Facts = SeedFacts & { database: Kind; seeding: Seeding };
type Server = { origin: string; stop: () => Promise<void> };

type Measured = {
  api: Load;
  dbFloor: Load;
  status: number;
  answer: string;
  statements: Statement[];
};
type ScenarioResult = {
  name: string;
  url: string;
  connections: number;
  measured?: Measured;
  alongside?: Measured & { url: string; connections: number };
  plans: PlanReport[];
  judged: boolean;
  failure?: string;
};
type RouteCheck = { route: string; url?: string; skipped?: string; failure?: string; plans: PlanReport[] };

/** A load's latency, or a dash when no request finished within it. */
const latency = (load: Load, p: 'p50' | 'p99') => (load.requests > 0 ? ms(load[p]) : '—');
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** Starts bench/engine-server.ts under tsx and waits for it to listen; seeding happens before that. */
async function startServer(db: Kind): Promise<Server> {
  const args = ['--expose-gc', 'bench/engine-server.ts', '--db', db, ...(options.reseed ? ['--reseed'] : [])];
  const child = spawn(tsx, args, { cwd: repo, stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('BENCH-READY ')) resolve((JSON.parse(line.slice(12)) as { port: number }).port);
      else console.log(`  [server] ${line}`);
    });
    void exited.then(() => reject(new Error(`The bench server stopped (code ${child.exitCode})`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 60_000).unref())]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

async function call<T>(server: Server, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.origin}${url}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function signIn(server: Server): Promise<string> {
  const res = await fetch(`${server.origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(benchAdmin),
  });
  if (!res.ok) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** Waits until requests the load generator abandoned have finished on the server. */
async function quiet(server: Server) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const { quiet: done, waitedMs } = await call<{ quiet: boolean; waitedMs: number }>(
      server,
      'POST',
      '/bench/quiet',
    );
    if (waitedMs > 5000) console.log(`    (waited ${(waitedMs / 1000).toFixed(0)} s for abandoned requests)`);
    if (done) return;
  }
  console.log('    The database was still busy after 12 minutes; measuring anyway');
}

/** The URL of a request spec, checked against the route table. */
function resolve(spec: RequestSpec, facts: Facts): { url: string; route: RouteDefinition } {
  const [method, routePath] = spec.route.split(' ');
  const route = routeTable.find((r) => r.method === method && r.path === routePath);
  if (!route) throw new Error(`${spec.route} is not a route of the route table`);
  const query = new URLSearchParams(
    Object.entries(spec.query?.(facts) ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return { url: `/api${routePath}${query ? `?${query}` : ''}`, route };
}

/** Sends one request with nothing else running and returns the statements it made, and its answer. */
async function capture(server: Server, token: string, url: string) {
  await call(server, 'POST', '/bench/capture/start');
  const started = performance.now();
  const res = await fetch(`${server.origin}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const tookMs = performance.now() - started;
  const { statements } = await call<{ statements: Statement[] }>(server, 'POST', '/bench/capture/stop');
  let answer = `${res.status} in ${ms(tookMs)} ms`;
  try {
    const body = JSON.parse(text) as { data?: unknown; meta?: { totalCount?: number }; message?: string };
    if (Array.isArray(body.data)) answer += `, ${body.data.length} rows`;
    if (body.meta?.totalCount !== undefined) answer += ` of ${count(body.meta.totalCount)}`;
    if (!res.ok) answer += `: ${body.message}`;
  } catch {
    answer += `: ${oneLine(text, 200)}`;
  }
  return { status: res.status, answer, statements };
}

/** autocannon on one URL; latencies are kept per response, at full resolution, 2xx only. */
function load(server: Server, url: string, conns: number, token?: string): Promise<Load> {
  return new Promise((resolvePromise, reject) => {
    const latencies: number[] = [];
    let firstError: string | undefined;
    const instance = autocannon(
      {
        url: `${server.origin}${url}`,
        connections: conns,
        duration,
        timeout: requestTimeoutSeconds,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      },
      (error, result) => {
        if (error) return reject(error);
        const seconds = result.duration;
        resolvePromise({
          requests: latencies.length,
          seconds,
          perSecond: latencies.length / seconds,
          failed: result.non2xx + result.errors,
          ...(firstError ? { firstError } : {}),
          ...percentiles(latencies),
        });
      },
    );
    instance.on('response', (_client: unknown, statusCode: number | string, _bytes: number, time: number) => {
      if (Number(statusCode) >= 200 && Number(statusCode) < 300) latencies.push(time);
      else firstError ??= `answered ${statusCode}`;
    });
    instance.on('reqError', (error: Error) => void (firstError ??= error.message));
  });
}

function dbFloor(server: Server, statements: Statement[], conns: number): Promise<Load> {
  return call<Load>(server, 'POST', '/bench/db-floor', {
    statements,
    connections: conns,
    durationMs: duration * 1000,
  });
}

/** EXPLAIN ANALYZE of the captured SELECTs that read `table`. */
async function explain(server: Server, statements: Statement[], table: string): Promise<PlanReport[]> {
  const reads = new RegExp(`\\b(from|join)\\s+"?${table}"?(\\s|$)`, 'i');
  const chosen = statements.filter((s) => /^\s*select\b/i.test(s.text) && reads.test(s.text));
  const { plans } = await call<{ plans: Plan[] }>(server, 'POST', '/bench/explain', { statements: chosen });
  return chosen.map((s, i) => readPlan(s, plans[i]!));
}

const tableOf = (route: RouteDefinition) =>
  route.operation.kind === 'action' ? undefined : route.operation.entity.table;

async function runScenario(server: Server, facts: Facts, scenario: Scenario): Promise<ScenarioResult> {
  const main = resolve(scenario, facts);
  const side = scenario.alongside ? resolve(scenario.alongside, facts) : undefined;
  const mainConnections = scenario.connections ?? connections;
  const sideConnections = connections - mainConnections;
  const result: ScenarioResult = {
    name: scenario.name,
    url: main.url,
    connections: mainConnections,
    plans: [],
    judged: !scenario.search,
  };
  console.log(`\n${scenario.name}\n  GET ${main.url} (${mainConnections} connections)`);
  if (side) console.log(`  alongside GET ${side.url} (${sideConnections} connections)`);

  const token = await signIn(server);
  const captured = await capture(server, token, main.url);
  const sideCaptured = side ? await capture(server, token, side.url) : undefined;
  console.log(`  one request alone: ${captured.answer}, ${captured.statements.length} statements`);
  for (const c of [captured, sideCaptured]) {
    if (c && (c.status < 200 || c.status > 299)) result.failure = `the request answered ${c.answer}`;
  }
  if (result.failure) {
    console.log(`  FAILED: ${result.failure}`);
    return result;
  }

  const [api, sideApi] = await Promise.all([
    load(server, main.url, mainConnections, token),
    side ? load(server, side.url, sideConnections, token) : undefined,
  ]);
  await quiet(server);
  const [floor, sideFloor] = await Promise.all([
    dbFloor(server, captured.statements, mainConnections),
    sideCaptured ? dbFloor(server, sideCaptured.statements, sideConnections) : undefined,
  ]);
  await quiet(server);
  result.measured = { api, dbFloor: floor, ...captured };
  if (side && sideApi && sideFloor && sideCaptured)
    result.alongside = {
      url: side.url,
      connections: sideConnections,
      api: sideApi,
      dbFloor: sideFloor,
      ...sideCaptured,
    };
  for (const [what, figures] of [
    ['API', api],
    ['DB floor', floor],
  ] as const) {
    console.log(
      `  ${what}: ${count(figures.requests)} requests, ${figures.perSecond.toFixed(1)} req/s, p50 ${latency(figures, 'p50')} ms, p99 ${latency(figures, 'p99')} ms` +
        (figures.failed ? `, ${figures.failed} failed (${figures.firstError ?? '?'})` : ''),
    );
  }

  const table = tableOf(main.route);
  if (table) {
    result.plans = await explain(server, captured.statements, table);
    printPlans(result.plans, result.judged);
  }
  return result;
}

/** Every list route of the route table, page 1 with 20 rows; lists by parent under two parents. */
async function checkRoutes(server: Server, facts: Facts): Promise<RouteCheck[]> {
  console.log(`\nPlan check: every list route, page 1, pageSize 20, no search`);
  const token = await signIn(server);
  const checks: RouteCheck[] = [];
  for (const route of routeTable) {
    const op = route.operation;
    if (route.method !== 'GET' || (op.kind !== 'list' && op.kind !== 'listByParent')) continue;
    const name = `${route.method} ${route.path}`;
    const paging: Record<string, number> =
      op.kind === 'list' || op.paged ? { pageNumber: 1, pageSize: 20 } : {};
    const requests: { label: string; query: Record<string, string | number> }[] = [];
    if (op.kind === 'list') requests.push({ label: name, query: paging });
    else {
      const parents = (facts.parents[op.entity.name] ?? []).filter(
        (p) => op.variant === undefined || p.variant === op.variant,
      );
      for (const parent of parents) {
        requests.push({
          label: `${name} (a parent with ${count(parent.children)} rows)`,
          query: { [op.parentParam]: parent.id, ...paging },
        });
      }
      if (parents.length === 0) {
        const skipped = `no seeded ${op.entity.label.toLowerCase()} has a parent to list by (${op.parentParam})`;
        checks.push({ route: name, skipped, plans: [] });
        console.log(`\n  ${name}: skipped, ${skipped}`);
      }
    }
    for (const { label, query } of requests) {
      const { url } = resolve({ route: name, query: () => query }, facts);
      const check: RouteCheck = { route: label, url, plans: [] };
      checks.push(check);
      const captured = await capture(server, token, url);
      console.log(`\n  ${label}\n    GET ${url}: ${captured.answer}`);
      if (captured.status < 200 || captured.status > 299) {
        check.failure = `the request answered ${captured.answer}`;
        console.log(`    FAILED: ${check.failure}`);
        continue;
      }
      check.plans = await explain(server, captured.statements, op.entity.table);
      if (check.plans.length === 0) check.failure = `no SELECT read ${op.entity.table}`;
      printPlans(check.plans, true);
    }
  }
  return checks;
}

function resultsTable(httpFloor: Load, results: ScenarioResult[]): string {
  const ratio = (a: number, floor: number) => (a > 0 && floor > 0 ? `${(a / floor).toFixed(1)}×` : '—');
  const rows = [
    [
      'scenario',
      'conns',
      'API req/s',
      'API p50 ms',
      'API p99 ms',
      'DB floor req/s',
      'DB p50 ms',
      'DB p99 ms',
      'API/DB p50',
      'API/HTTP p50',
      'failed',
    ],
  ];
  const row = (name: string, conns: number, api: Load, floor?: Load) => [
    name,
    String(conns),
    api.perSecond.toFixed(1),
    latency(api, 'p50'),
    latency(api, 'p99'),
    floor ? floor.perSecond.toFixed(1) : '—',
    floor ? latency(floor, 'p50') : '—',
    floor ? latency(floor, 'p99') : '—',
    floor ? ratio(api.p50, floor.p50) : '—',
    api === httpFloor ? '—' : ratio(api.p50, httpFloor.p50),
    String(api.failed + (floor?.failed ?? 0)),
  ];
  rows.push(row('HTTP floor (GET /bench/http-floor)', connections, httpFloor));
  for (const r of results) {
    if (!r.measured) {
      rows.push([r.name, String(r.connections), 'FAILED', ...Array<string>(8).fill('—')]);
      continue;
    }
    rows.push(row(r.name, r.connections, r.measured.api, r.measured.dbFloor));
    if (r.alongside)
      rows.push(
        row('↳ alongside: that search', r.alongside.connections, r.alongside.api, r.alongside.dbFloor),
      );
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 2)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)].join('\n');
}

function describeSeeding(facts: Facts): string {
  const { seeding } = facts;
  const total = seeding.seconds.total;
  const steps = Object.entries(seeding.seconds)
    .filter(([step]) => step !== 'total')
    .map(([step, s]) => `${step} ${s.toFixed(1)} s`)
    .join(', ');
  if (!seeding.reused) return `seeded in ${total?.toFixed(1)} s (${steps})`;
  return total === undefined
    ? 'seeded by an earlier run'
    : `reused (seeded ${seeding.at.slice(0, 10)} in ${total.toFixed(1)} s: ${steps})`;
}

/** Photos of the upload measurement: six 3 MB JPEGs, as a summary row from a tablet carries. */
const upload = { photos: 6, bytes: 3 * 1024 * 1024, boundMiB: 100 };

/**
 * Creates a VCI summary with six 3 MB photos in one multipart request while sampling the server's
 * memory every 20 ms: the photos are streamed to the file store, so the peak above idle stays far
 * below their 18 MB total, whatever the number of photos.
 */
async function uploadMemory(server: Server, facts: Facts) {
  const token = await signIn(server);
  await quiet(server);
  const before = await call<NodeJS.MemoryUsage>(server, 'GET', '/bench/memory');
  let peak = before.rss;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, (await call<NodeJS.MemoryUsage>(server, 'GET', '/bench/memory')).rss);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const form = new FormData();
  form.set('vciAnalysisId', facts.photos.vciAnalysisId);
  form.set('measurementDate', '2026-11-20');
  form.set('location', 'Upload bench');
  form.set('feature', 'crack');
  form.set('severity', 'high');
  const list = [];
  for (let i = 0; i < upload.photos; i++) {
    const bytes = new Uint8Array(upload.bytes);
    for (let j = 0; j < bytes.length; j += 4096) bytes[j] = (i * 31 + j) & 255;
    bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
    form.append('summaryImages', new Blob([bytes], { type: 'image/jpeg' }), `photo-${i}.jpg`);
    list.push({ file: i, imageType: 'closeUp' });
  }
  form.append('summaryImages', JSON.stringify(list));
  const started = performance.now();
  const res = await fetch(`${server.origin}/api/vci-summary-pipe`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  const answer = (await res.json()) as { data?: { id: string } };
  if (res.status !== 201) throw new Error(`Upload failed: ${res.status} ${JSON.stringify(answer)}`);
  // Leave the seeded photo analysis as it was.
  await fetch(`${server.origin}/api/vci-summary-pipe/${answer.data!.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  });
  const aboveIdleMiB = (peak - before.rss) / 1024 / 1024;
  return {
    photos: upload.photos,
    bytesEach: upload.bytes,
    seconds,
    idleRss: before.rss,
    peakRss: peak,
    aboveIdleMiB,
  };
}

async function benchDatabase(db: Kind) {
  const startedAt = new Date();
  console.log(
    `\n## ${db === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}: ${duration} s per load, ${connections} connections\n`,
  );
  const server = await startServer(db);
  try {
    const facts = await call<Facts>(server, 'GET', '/bench/facts');
    const r = facts.rows;
    console.log(`Data: ${describeSeeding(facts)}`);
    console.log(
      `  ${count(r.workOrderSpk ?? 0)} work order, ${count(r.reportHeader ?? 0)} reports, ` +
        `${count(r.thermalAnalysis ?? 0)} analyses, ${count(r.thermalMeasurement ?? 0)} measurements; ` +
        `search "${facts.search.broad.term}" matches ${count(facts.search.broad.rows)} rows, ` +
        `"${facts.search.narrow.term}" ${count(facts.search.narrow.rows)}`,
    );
    const idle = await call<NodeJS.MemoryUsage>(server, 'GET', '/bench/memory');
    const httpFloor = await load(server, '/bench/http-floor', connections);
    console.log(
      `HTTP floor: ${httpFloor.perSecond.toFixed(0)} req/s, p50 ${ms(httpFloor.p50)} ms, p99 ${ms(httpFloor.p99)} ms`,
    );
    const results: ScenarioResult[] = [];
    for (const scenario of selected) results.push(await runScenario(server, facts, scenario));
    const afterLoad = await call<NodeJS.MemoryUsage>(server, 'GET', '/bench/memory');
    const routes = await checkRoutes(server, facts);
    const uploaded = await uploadMemory(server, facts);

    console.log(
      `\n### ${db}: ${duration} s per load, ${connections} connections, ${startedAt.toISOString()}\n`,
    );
    console.log(resultsTable(httpFloor, results));
    console.log(
      '\nreq/s and latency of 2xx answers finished within the load; ×: API p50 over the floor p50. ' +
        'DB floor: the statements one request made, in sequence, through the same pool, without HTTP.',
    );
    console.log(
      `Server RSS: ${mib(idle.rss)} idle after start, ${mib(afterLoad.rss)} after the load ` +
        `(heap used ${mib(idle.heapUsed)} → ${mib(afterLoad.heapUsed)}; PGlite, when used, runs inside this process)`,
    );
    const failedPlans = [
      ...results
        .filter((s) => s.judged)
        .flatMap((s) => s.plans.flatMap((p) => p.problems.map((problem) => `${s.name}: ${problem}`))),
      ...routes.flatMap((c) => c.plans.flatMap((p) => p.problems.map((problem) => `${c.route}: ${problem}`))),
    ];
    const failedRequests = [
      ...results.filter((s) => s.failure).map((s) => `${s.name}: ${s.failure}`),
      ...routes.filter((c) => c.failure).map((c) => `${c.route}: ${c.failure}`),
    ];
    console.log(
      `Upload: ${uploaded.photos} photos of ${mib(uploaded.bytesEach)} in one summary, ${uploaded.seconds.toFixed(2)} s; ` +
        `server memory peak ${uploaded.aboveIdleMiB.toFixed(0)} MiB above idle (bound ${upload.boundMiB} MiB: ` +
        `${uploaded.aboveIdleMiB <= upload.boundMiB ? 'met' : 'MISSED'})`,
    );
    if (failedPlans.length === 0 && failedRequests.length === 0) console.log('Plan check: passed');
    for (const failure of failedRequests) console.log(`REQUEST FAILED: ${failure}`);
    for (const problem of failedPlans) console.log(`PLAN CHECK FAILED: ${problem}`);

    const report = {
      database: db,
      startedAt: startedAt.toISOString(),
      options: { duration, connections, only: options.only ?? null },
      facts,
      memory: { idle, afterLoad },
      httpFloor,
      scenarios: results,
      planCheck: { routes, failed: failedPlans },
      upload: uploaded,
      failedRequests,
    };
    const stamp = startedAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
    const file = path.join(repo, 'bench/results', `engine-${db}-${stamp}.json`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Figures: ${path.relative(repo, file)}`);
    return { report, failed: failedPlans.length + failedRequests.length > 0 };
  } finally {
    await server.stop();
  }
}

const reports: unknown[] = [];
let failed = false;
for (const db of databases) {
  try {
    const outcome = await benchDatabase(db);
    reports.push(outcome.report);
    failed ||= outcome.failed;
  } catch (error) {
    console.error(
      `\n${db}: the benchmark stopped: ${error instanceof Error ? error.message : String(error)}`,
    );
    failed = true;
  }
}
if (options.json) writeFileSync(options.json, `${JSON.stringify(reports, null, 2)}\n`);
if (failed) process.exitCode = 1;
