/**
 * `npm run bench:engine`: how fast the server lists and searches records over a large data set
 * (1,100,000 thermal measurements, bench/engine-seed.ts; and the work-management lists of issue 10
 * over 100,000 work orders, 300,000 report headers and 20,000 equipment, bench/work-seed.ts), next to
 * two floors measured in the same
 * run: the same SQL through the same driver and pool without HTTP, auth, JSON or Drizzle (replayed DB
 * floor), the leanest SQL a skilled engineer would write for the same answer plus the user check
 * (leanest floor, where a scenario declares it), and a constant answer through the same HTTP stack
 * (HTTP floor). A request costs at least an HTTP round trip plus its database work, so a scenario is
 * judged against the combined floor 1 ÷ (1/HTTP floor + 1/DB floor), in req/s, for either DB floor.
 * Beside it, the leanest statements run by the leanest handler this stack allows, over HTTP (`the
 * leanest through one route`): the composed cost the combined floor leaves out (writing the answer,
 * the two in one request); shown, not judged.
 * Then the plan check: every list
 * route of the route table, EXPLAIN ANALYZEd, must not filter away or sort far more rows than it
 * returns. Not part of `npm test`: the figures depend on the machine.
 *
 *   npm run bench:engine                        PGlite, and PostgreSQL when BENCH_DATABASE_URL is set
 *   npm run bench:engine -- --duration 5        seconds per load (default 10)
 *   npm run bench:engine -- --rounds 3          turns a scenario's API and floors take, each load a
 *                                               round's share of the seconds (default 3; 1: one each)
 *   npm run bench:engine -- --warmup 0          seconds of each scenario's request before its measured load,
 *                                               not counted (default 2; 0: none)
 *   npm run bench:engine -- --connections 10    concurrent connections per load (default 10; 1: one request at a time)
 *   npm run bench:engine -- --db postgres       pglite, postgres or both
 *   npm run bench:engine -- --only search       the scenarios whose name contains this (or any of a|b)
 *   npm run bench:engine -- --reseed            seed again (PGlite: bench/.data/pglite-v<N>/)
 *   npm run bench:engine -- --json out.json     also write the whole run to this file
 *   npm run bench:engine -- --scale 0.02        seed that share of the rows (a quick check; own PGlite copy)
 *   npm run bench:engine -- --work-duration 3   seconds per load of the work-management lists (default 3)
 *   npm run bench:engine -- --work-connections 2  their concurrent connections (default 2)
 *   npm run bench:engine -- --skip-import       leave out the work-order import and template measurement
 *   npm run bench:engine -- --skip-bulk         leave out the keyed bulk write (60 readings) measurement
 *   npm run bench:engine -- --skip-export       leave out the sheet export measurement (bench/sheet-export.ts)
 *
 * A point's five-year monthly trend read, thermal and vibration (bench/trend-read.ts), is judged against
 * issue 38: p50 ≤ 20 ms on PostgreSQL and at least 0.75 of its combined leanest floor in requests per
 * second. Every list's page 1 and later pages against issue 39's 0.75 of its floor
 * (bench/list-floor.ts).
 *
 * The work-management lists are judged against issue 10's budget, p50 ≤ 15 ms on PostgreSQL; a list
 * whose handler is not built yet (404 "… is not built yet") is reported as pending.
 *
 * Each database's figures are written to bench/results/engine-<db>-<time>.json. Exit code 1 when a
 * plan check or a request failed, after everything is printed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { routeSchemas, routeTable } from '@inspectra/contract';
import type { RouteDefinition } from '@inspectra/contract';
import autocannon from 'autocannon';
import { startEngineServer } from './engine-server-start.ts';
import { exportSheet } from './sheet-export.ts';
import { countAhead } from '../apps/server/src/engine/records/bounded-count.ts';
import { unpagedLimit } from '../apps/server/src/engine/records/unpaged.ts';
import { signIn as signInAs } from './built-server.ts';
import { benchAdmin, percentiles, scenarios, userCheck } from './engine-scenarios.ts';
import type { Load, RequestSpec, Scenario, Seeding, SignedIn, Statement } from './engine-scenarios.ts';
import type { SeedFacts } from './engine-seed.ts';
import { count, judgeBuffers, keptPlanFailed, ms, oneLine, printPlans, readPlan } from './engine-plans.ts';
import type { Plan, PlanReport } from './engine-plans.ts';
import { fillTemplate, importRows } from './work-import.ts';
import { bulkPrefix, bulkReadings, bulkRows } from './bulk-upsert.ts';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    db: { type: 'string', default: process.env.BENCH_DATABASE_URL ? 'both' : 'pglite' },
    reseed: { type: 'boolean', default: false },
    json: { type: 'string' },
    only: { type: 'string' },
    scale: { type: 'string', default: '1' },
    'work-duration': { type: 'string', default: '3' },
    'work-connections': { type: 'string', default: '2' },
    'skip-import': { type: 'boolean', default: false },
    'skip-bulk': { type: 'boolean', default: false },
    'skip-export': { type: 'boolean', default: false },
  },
});
const duration = Number(options.duration);
const warmup = Number(options.warmup);
const rounds = Number(options.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be 1 or more');
if (!(warmup >= 0)) throw new Error('--warmup must be a number of seconds, 0 or more');
const connections = Number(options.connections);
const workDuration = Number(options['work-duration']);
const workConnections = Number(options['work-connections']);
const scale = Number(options.scale);
if (!(duration > 0)) throw new Error('--duration must be a number of seconds above 0');
if (!(workDuration > 0)) throw new Error('--work-duration must be a number of seconds above 0');
if (!Number.isInteger(connections) || connections < 1) throw new Error('--connections must be 1 or more');
if (!Number.isInteger(workConnections) || workConnections < 1)
  throw new Error('--work-connections must be 1 or more');
if (!(scale > 0 && scale <= 1)) throw new Error('--scale must be above 0 and at most 1');
/** On a small data set the planner rightly reads whole tables: plans are judged at scale 1 only. */
const plansJudged = scale === 1;
const databases = (options.db === 'both' ? ['pglite', 'postgres'] : [options.db]) as Kind[];
for (const db of databases) {
  if (db !== 'pglite' && db !== 'postgres') throw new Error('--db must be pglite, postgres or both');
  if (db === 'postgres' && !process.env.BENCH_DATABASE_URL)
    throw new Error(
      'PostgreSQL needs BENCH_DATABASE_URL=postgres://user@host:port/database (its own database)',
    );
}
// `--only "page 1|figures"`: the scenarios whose name contains any of the words.
const onlyWords = (options.only ?? '').toLowerCase().split('|');
const selected = scenarios.filter((s) => onlyWords.some((w) => s.name.toLowerCase().includes(w)));

/** Generous: on the engine as it was first measured a search could take seconds under load. */
const requestTimeoutSeconds = 120;

const repo = path.resolve(import.meta.dirname, '..');

type Kind = 'pglite' | 'postgres';
type Facts = SeedFacts & { database: Kind; seeding: Seeding };
type Server = { origin: string; stop: () => Promise<void> };

type Measured = {
  api: Load;
  dbFloor: Load;
  status: number;
  answer: string;
  statements: Statement[];
  /** The answer's size in bytes (its body as sent). */
  bytes: number;
  /**
   * The HTTP floor at the answer's size (`GET /bench/http-floor?bytes=…`, the same connections):
   * what HTTP alone costs to carry this many bytes, measured where a leanest floor judges the
   * scenario. The run's small-answer floor stands in where it is absent.
   */
  httpFloor?: Load;
  /** The scenario's leanest floor (`Scenario.leanest`), the user check first. */
  leanest?: Leanest;
};
type Leanest = {
  load: Load;
  statements: Statement[];
  /**
   * The same statements run by the leanest handler this stack allows (`GET /bench/stack-floor`: a
   * route that runs them and sends the last one's rows, JSON.stringify'd in the envelope), over HTTP
   * with the same connections: what HTTP and the database cost composed in one request, answer
   * written included, which the combined floor leaves out.
   */
  handler?: Load;
  /** Whether the statements answer the API's rows, in its order, and its (bounded) count. */
  sameAnswer: boolean;
  mismatch?: string;
  /** Each round's API over its combined leanest floor (`--rounds`). */
  byRound?: number[];
};
type ScenarioResult = {
  name: string;
  url: string;
  connections: number;
  seconds: number;
  budgetMs?: number;
  floorRatio?: number;
  /** The handler answers 404 "… is not built yet" (a list declared before its handler; none is today). */
  pending?: string;
  /** Query parameters the route does not declare (yet): sent, and ignored by the server. */
  undeclared?: string[];
  measured?: Measured;
  alongside?: Measured & { url: string; connections: number };
  plans: PlanReport[];
  judged: boolean;
  failure?: string;
};
type RouteCheck = { route: string; url?: string; skipped?: string; failure?: string; plans: PlanReport[] };

/**
 * The most a request can do per second when it needs one HTTP round trip and, after it, the database
 * work of a floor: 1 ÷ (1/HTTP floor + 1/DB floor).
 */
const combined = (http: Load, db: Load) =>
  http.perSecond > 0 && db.perSecond > 0 ? 1 / (1 / http.perSecond + 1 / db.perSecond) : 0;

/** A load's latency, or a dash when no request finished within it. */
const latency = (load: Load, p: 'p50' | 'p99') => (load.requests > 0 ? ms(load[p]) : '—');
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** The bench server on `db` (bench/engine-server-start.ts), GC exposed for its memory figures. */
const startServer = (db: Kind): Promise<Server> =>
  startEngineServer({
    db,
    scale,
    nodeFlags: ['--expose-gc'],
    args: options.reseed ? ['--reseed'] : [],
  });

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

const signIn = async (server: Server) => (await signInAs(server.origin, benchAdmin)).accessToken;

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

/** The URL of a request spec, checked against the route table, and the parameters the route does not declare. */
function resolve(
  spec: RequestSpec,
  facts: Facts,
): { url: string; route: RouteDefinition; undeclared: string[] } {
  const [method, routePath] = spec.route.split(' ');
  const route = routeTable.find((r) => r.method === method && r.path === routePath);
  if (!route) throw new Error(`${spec.route} is not a route of the route table`);
  const values = spec.query?.(facts) ?? {};
  const declared = Object.keys(routeSchemas(route).query?.shape ?? {});
  const query = new URLSearchParams(
    Object.entries(values).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const params = spec.params?.(facts) ?? {};
  const filled = routePath!.replace(/:(\w+)/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${spec.route}: no value for :${name}`);
    return encodeURIComponent(params[name]);
  });
  return {
    url: `/api${filled}${query ? `?${query}` : ''}`,
    route,
    undeclared: Object.keys(values).filter((k) => !declared.includes(k)),
  };
}

/** Whether an answer's data is a trend (`op.trend`): its points, each with its readings. */
const isTrend = (data: unknown): data is { series: { readings: { id: unknown }[] }[] } =>
  typeof data === 'object' && data !== null && Array.isArray((data as { series?: unknown }).series);

/** Sends one request with nothing else running and returns the statements it made, and its answer. */
async function capture(server: Server, token: string, url: string, answerOf?: RequestSpec['answer']) {
  await call(server, 'POST', '/bench/capture/start');
  const started = performance.now();
  const res = await fetch(`${server.origin}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const tookMs = performance.now() - started;
  const { statements } = await call<{ statements: Statement[] }>(server, 'POST', '/bench/capture/stop');
  let answer = `${res.status} in ${ms(tookMs)} ms`;
  let ids: unknown[] | undefined;
  let totalCount: number | undefined;
  try {
    const body = JSON.parse(text) as { data?: unknown; meta?: { totalCount?: number }; message?: string };
    if (answerOf && res.ok) {
      ids = answerOf(body.data);
      answer += `: ${oneLine(ids.join('; '), 200)}`;
    } else if (Array.isArray(body.data)) {
      answer += `, ${body.data.length} rows`;
      ids = (body.data as { id?: unknown }[]).map((row) => row.id);
    } else if (isTrend(body.data)) {
      // A trend: its readings, point after point, oldest first.
      ids = body.data.series.flatMap((point) => point.readings.map((r) => r.id));
      answer += `, ${ids.length} readings of ${body.data.series.length} points`;
    }
    totalCount = body.meta?.totalCount;
    if (totalCount !== undefined) answer += ` of ${count(totalCount)}`;
    if (!res.ok) answer += `: ${body.message}`;
  } catch {
    answer += `: ${oneLine(text, 200)}`;
  }
  return { status: res.status, answer, statements, ids, totalCount, bytes: Buffer.byteLength(text) };
}

/** The HTTP floor a scenario is judged against: at its answer's size where measured, else the run's. */
const httpFloorOf = (r: ScenarioResult, runFloor: Load): Load => r.measured?.httpFloor ?? runFloor;

/** Who an access token signs in (its payload, read, not verified: the server verifies it). */
function signedInOf(token: string): SignedIn {
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
    sub: string;
    fid: string;
  };
  return { userId: claims.sub, familyId: claims.fid };
}

/**
 * Whether a leanest floor answers what the API answered: the same ids in the same order and, where
 * the API counted, the same count once bounded by the engine's rule (page 1: `countAhead.list`).
 */
async function checkLeanest(
  server: Server,
  statements: Statement[],
  api: { ids?: unknown[]; totalCount?: number },
  url: string,
): Promise<string | undefined> {
  const got = await call<{ ids: unknown[]; counted: number | null }>(server, 'POST', '/bench/answer', {
    statements,
  });
  if (JSON.stringify(got.ids) !== JSON.stringify(api.ids ?? []))
    return `rows differ: ${got.ids.length} rows, the API answered ${api.ids?.length ?? 0}`;
  // The page's own bound: `countAhead.list` past the start of the page the API was asked for.
  const asked = new URL(url, 'http://bench').searchParams;
  const offset = (Number(asked.get('pageNumber') ?? 1) - 1) * Number(asked.get('pageSize') ?? 0);
  const bounded = got.counted === null ? undefined : Math.min(got.counted, offset + countAhead.list);
  if (api.totalCount !== undefined && bounded !== api.totalCount)
    return `count differs: ${bounded ?? 'none'}, the API counted ${api.totalCount}`;
  return undefined;
}

/** A load with each answered request's latency, kept while a scenario's rounds are pooled (`pooled`). */
type Sampled = Load & { latencies: number[] };

/** `sampledLoad` without the latencies, for a load measured in one piece. */
async function load(
  server: Server,
  url: string,
  conns: number,
  seconds: number,
  token?: string,
): Promise<Load> {
  const { latencies: _latencies, ...answered } = await sampledLoad(server, url, conns, seconds, token);
  return answered;
}

/** autocannon on one URL; latencies are kept per response, at full resolution, 2xx only. */
function sampledLoad(
  server: Server,
  url: string,
  conns: number,
  seconds: number,
  token?: string,
): Promise<Sampled> {
  return new Promise((resolvePromise, reject) => {
    const latencies: number[] = [];
    let firstError: string | undefined;
    const instance = autocannon(
      {
        url: `${server.origin}${url}`,
        connections: conns,
        duration: seconds,
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
          latencies,
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

function dbFloor(server: Server, statements: Statement[], conns: number, seconds: number): Promise<Sampled> {
  return call<Sampled>(server, 'POST', '/bench/db-floor', {
    statements,
    connections: conns,
    durationMs: seconds * 1000,
  });
}

/**
 * A scenario's loads of one kind over its rounds as one load: their requests over their seconds, the
 * percentiles of every request of them.
 */
function pooled(turns: Sampled[]): Load {
  const requests = turns.reduce((n, t) => n + t.requests, 0);
  const seconds = turns.reduce((n, t) => n + t.seconds, 0);
  const firstError = turns.find((t) => t.firstError)?.firstError;
  return {
    requests,
    seconds,
    perSecond: seconds > 0 ? requests / seconds : 0,
    failed: turns.reduce((n, t) => n + t.failed, 0),
    ...(firstError ? { firstError } : {}),
    ...percentiles(turns.flatMap((t) => t.latencies)),
  };
}

/**
 * EXPLAIN ANALYZE of the captured SELECTs that read `table`, then of the plan PostgreSQL would keep
 * for each one the server sends by name (`Planning` 'shared', statements.ts): made without its
 * values, run with them. Both kinds are held to the same rules.
 */
async function explain(server: Server, statements: Statement[], table: string): Promise<PlanReport[]> {
  const reads = new RegExp(`\\b(from|join)\\s+"?${table}"?(\\s|$)`, 'i');
  // A read: a SELECT, or one opened by its CTEs (a trend).
  const chosen = statements.filter((s) => /^\s*(select|with)\b/i.test(s.text) && reads.test(s.text));
  const { plans, kept } = await call<{ plans: Plan[]; kept: (Plan | { failed: string } | null)[] }>(
    server,
    'POST',
    '/bench/explain',
    { statements: chosen },
  );
  return [
    ...chosen.map((s, i) => readPlan(s, plans[i]!)),
    ...chosen.flatMap((s, i) => {
      const one = kept[i];
      if (!one) return [];
      if ('failed' in one) return [keptPlanFailed(s, one.failed)];
      return [readPlan(s, one, 'kept')];
    }),
  ];
}

const tableOf = (route: RouteDefinition) =>
  route.operation.kind === 'action' ? undefined : route.operation.entity.table;

async function runScenario(server: Server, facts: Facts, scenario: Scenario): Promise<ScenarioResult> {
  const main = resolve(scenario, facts);
  const side = scenario.alongside ? resolve(scenario.alongside, facts) : undefined;
  const work = scenario.group === 'work';
  const seconds = work ? workDuration : duration;
  const mainConnections = Math.min(
    scenario.connections ?? (work ? workConnections : connections),
    connections,
  );
  const sideConnections = connections - mainConnections;
  // A scenario measured beside another needs a connection left for it (`--connections 2` or more).
  if (scenario.alongside && sideConnections < 1) {
    console.log(
      `\n${scenario.name}\n  SKIPPED: measured beside another request, it needs --connections 2 or more`,
    );
    return {
      name: scenario.name,
      url: main.url,
      connections: mainConnections,
      seconds,
      plans: [],
      judged: false,
      pending: 'needs --connections 2 or more',
    };
  }
  const result: ScenarioResult = {
    name: scenario.name,
    url: main.url,
    connections: mainConnections,
    seconds,
    ...(scenario.budgetMs ? { budgetMs: scenario.budgetMs } : {}),
    ...(scenario.floorRatio ? { floorRatio: scenario.floorRatio } : {}),
    ...(main.undeclared.length ? { undeclared: main.undeclared } : {}),
    plans: [],
    judged: !scenario.search && !scenario.dateRange,
  };
  console.log(`\n${scenario.name}\n  GET ${main.url} (${mainConnections} connections, ${seconds} s)`);
  if (side) console.log(`  alongside GET ${side.url} (${sideConnections} connections)`);
  if (main.undeclared.length)
    console.log(
      `  not parameters of this route yet (the server ignores them): ${main.undeclared.join(', ')}`,
    );

  const token = await signIn(server);
  const captured = await capture(server, token, main.url, scenario.answer);
  const sideCaptured = side ? await capture(server, token, side.url) : undefined;
  console.log(`  one request alone: ${captured.answer}, ${captured.statements.length} statements`);
  if (captured.status === 404 && captured.answer.includes('is not built yet')) {
    result.pending = captured.answer;
    console.log('  PENDING: the handler is not built yet; not measured');
    return result;
  }
  for (const c of [captured, sideCaptured]) {
    if (c && (c.status < 200 || c.status > 299)) result.failure = `the request answered ${c.answer}`;
  }
  if (result.failure) {
    console.log(`  FAILED: ${result.failure}`);
    return result;
  }

  // The server compiles a request's path while it serves it: a short load first, not counted, so a
  // scenario measured first after the server's start (or after another route's) is measured warm,
  // as the floors after it are (docs/engine-performance.md, "Measured warm").
  if (warmup > 0)
    await Promise.all([
      load(server, main.url, mainConnections, warmup, token),
      side ? load(server, side.url, sideConnections, warmup, token) : undefined,
    ]);
  const statements = scenario.leanest
    ? [userCheck(signedInOf(token)), ...scenario.leanest(facts)]
    : undefined;
  const mismatch = statements ? await checkLeanest(server, statements, captured, main.url) : undefined;
  // The API and its floors in turns (`--rounds`): each load a round's share of the seconds, so a
  // machine that slows down or speeds up for a while weighs on the API and its floors alike
  // (docs/engine-performance.md, "Measured in turns; the embedded database at scale 1").
  const turns = {
    api: [] as Sampled[],
    sideApi: [] as Sampled[],
    floor: [] as Sampled[],
    sideFloor: [] as Sampled[],
    leanest: [] as Sampled[],
    handler: [] as Sampled[],
    http: [] as Sampled[],
  };
  const share = seconds / rounds;
  for (let round = 0; round < rounds; round++) {
    const [api, sideApi] = await Promise.all([
      sampledLoad(server, main.url, mainConnections, share, token),
      side ? sampledLoad(server, side.url, sideConnections, share, token) : undefined,
    ]);
    turns.api.push(api);
    if (sideApi) turns.sideApi.push(sideApi);
    await quiet(server);
    const [floor, sideFloor] = await Promise.all([
      dbFloor(server, captured.statements, mainConnections, share),
      sideCaptured ? dbFloor(server, sideCaptured.statements, sideConnections, share) : undefined,
    ]);
    turns.floor.push(floor);
    if (sideFloor) turns.sideFloor.push(sideFloor);
    await quiet(server);
    if (!statements) continue;
    turns.leanest.push(await dbFloor(server, statements, mainConnections, share));
    await quiet(server);
    await call(server, 'POST', '/bench/stack-floor', { statements });
    turns.handler.push(await sampledLoad(server, '/bench/stack-floor', mainConnections, share));
    await quiet(server);
    // A request that answers many bytes pays HTTP for them whatever builds them: its HTTP floor
    // answers as many (a body made once, sent as it is).
    turns.http.push(
      await sampledLoad(server, `/bench/http-floor?bytes=${captured.bytes}`, mainConnections, share),
    );
  }
  const api = pooled(turns.api);
  const floor = pooled(turns.floor);
  const sideApi = side ? pooled(turns.sideApi) : undefined;
  const sideFloor = sideCaptured ? pooled(turns.sideFloor) : undefined;
  const leanest: Leanest | undefined = statements
    ? {
        load: pooled(turns.leanest),
        handler: pooled(turns.handler),
        statements,
        sameAnswer: !mismatch,
        ...(mismatch ? { mismatch } : {}),
        // Each round's API over its combined leanest floor: how far the judged ratio moves within the run.
        byRound: turns.api.map((a, i) => a.perSecond / combined(turns.http[i]!, turns.leanest[i]!)),
      }
    : undefined;
  if (mismatch) result.failure = `the leanest floor does not answer as the API: ${mismatch}`;
  const sizedHttpFloor = statements ? pooled(turns.http) : undefined;
  const { ids: _ids, totalCount: _total, ...kept } = captured;
  result.measured = {
    api,
    dbFloor: floor,
    ...kept,
    ...(sizedHttpFloor ? { httpFloor: sizedHttpFloor } : {}),
    ...(leanest ? { leanest } : {}),
  };
  if (side && sideApi && sideFloor && sideCaptured)
    result.alongside = {
      url: side.url,
      connections: sideConnections,
      api: sideApi,
      dbFloor: sideFloor,
      status: sideCaptured.status,
      answer: sideCaptured.answer,
      statements: sideCaptured.statements,
      bytes: sideCaptured.bytes,
    };
  for (const [what, figures] of [
    ['API', api],
    ['DB floor (replayed)', floor],
    ...(leanest ? [['DB floor (leanest, with the user check)', leanest.load] as const] : []),
    ...(leanest?.handler ? [['the leanest through one route', leanest.handler] as const] : []),
    ...(sizedHttpFloor
      ? [[`HTTP floor at the answer's ${count(captured.bytes)} bytes`, sizedHttpFloor] as const]
      : []),
  ] as const) {
    console.log(
      `  ${what}: ${count(figures.requests)} requests, ${figures.perSecond.toFixed(1)} req/s, p50 ${latency(figures, 'p50')} ms, p99 ${latency(figures, 'p99')} ms` +
        (figures.failed ? `, ${figures.failed} failed (${figures.firstError ?? '?'})` : ''),
    );
  }
  if (leanest?.mismatch) console.log(`  LEANEST FLOOR FAILED: ${leanest.mismatch}`);
  const verdict = budgetVerdict(result, facts.database);
  if (verdict) console.log(`  p50 budget ${scenario.budgetMs} ms: ${verdict}`);

  const table = tableOf(main.route);
  if (table) {
    result.plans = await explain(server, captured.statements, table);
    // Against its leanest floor's statement: as many rows read, through as few pages.
    const [floorPlan] = leanest ? await explain(server, leanest.statements.slice(-1), table) : [];
    const buffers = floorPlan && result.judged ? judgeBuffers(result.plans, floorPlan) : undefined;
    if (buffers) console.log(`  ${buffers}`);
    if (result.judged && !plansJudged) printPlans(result.plans, false, 'below scale 1');
    else printPlans(result.plans, result.judged, scenario.dateRange ? 'date range' : 'search');
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
        // An unpaged list past its hard limit is refused whole (400, "ask for it by page"): it is
        // read as its callers must, by page.
        const byPage = !op.paged && parent.children > unpagedLimit;
        requests.push({
          label: `${name} (a parent with ${count(parent.children)} rows${byPage ? ', by page: past the unpaged limit' : ''})`,
          query: { [op.parentParam]: parent.id, ...(byPage ? { pageNumber: 1, pageSize: 20 } : paging) },
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
      printPlans(check.plans, plansJudged, 'below scale 1');
    }
  }
  return checks;
}

/**
 * Whether a list's p50 is within its budget: judged on PostgreSQL (issue 10 sets the budget there),
 * shown for information on PGlite.
 */
function budgetVerdict(r: ScenarioResult, db: Kind): string | undefined {
  if (!r.budgetMs || !r.measured) return undefined;
  const { api } = r.measured;
  if (api.requests === 0) return db === 'postgres' ? 'OVER (no request finished)' : '—';
  const within = api.p50 <= r.budgetMs;
  if (db !== 'postgres') return within ? 'within (PGlite, not judged)' : 'over (PGlite, not judged)';
  return within ? 'met' : `OVER by ${ms(api.p50 - r.budgetMs)} ms`;
}

/**
 * Whether a scenario reaches its share of the combined leanest floor (`Scenario.floorRatio`), in
 * requests per second: judged on PostgreSQL, shown for information on PGlite.
 */
function floorVerdict(r: ScenarioResult, httpFloor: Load, db: Kind): string | undefined {
  const leanest = r.measured?.leanest;
  if (!r.floorRatio || !r.measured || !leanest) return undefined;
  const floor = combined(httpFloorOf(r, httpFloor), leanest.load);
  const ratio = floor > 0 ? r.measured.api.perSecond / floor : 0;
  const met = ratio >= r.floorRatio;
  const verdict =
    db === 'postgres'
      ? met
        ? 'met'
        : 'BELOW'
      : met
        ? 'met (PGlite, not judged)'
        : 'below (PGlite, not judged)';
  const handler = leanest.handler
    ? `; ${(r.measured.api.perSecond / leanest.handler.perSecond).toFixed(2)}× the leanest through one route (${leanest.handler.perSecond.toFixed(0)} req/s, ${(leanest.handler.perSecond / floor).toFixed(2)}× the combined floor)`
    : '';
  const turns =
    leanest.byRound && leanest.byRound.length > 1
      ? ` (by round ${leanest.byRound.map((x) => x.toFixed(2)).join(', ')})`
      : '';
  return `${r.name}: API ${r.measured.api.perSecond.toFixed(1)} req/s over its combined leanest floor ${floor.toFixed(0)} req/s = ${ratio.toFixed(2)}×${turns} (at least ${r.floorRatio.toFixed(2)}: ${verdict}); p50 ${ms(r.measured.api.p50)} ms against the leanest's ${ms(leanest.load.p50)} ms${handler}`;
}

function resultsTable(httpFloor: Load, results: ScenarioResult[], db: Kind): string {
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
      'p50 budget',
    ],
  ];
  const row = (name: string, conns: number, api: Load, floor?: Load, budget = '') => [
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
    budget,
  ];
  rows.push(row('HTTP floor (GET /bench/http-floor)', connections, httpFloor));
  for (const r of results) {
    if (!r.measured) {
      const what = r.pending ? 'PENDING' : 'FAILED';
      rows.push([r.name, String(r.connections), what, ...Array<string>(8).fill('—'), '']);
      continue;
    }
    rows.push(
      row(r.name, r.connections, r.measured.api, r.measured.dbFloor, budgetVerdict(r, db)?.split(' (')[0]),
    );
    if (r.alongside)
      rows.push(
        row('↳ alongside: that search', r.alongside.connections, r.alongside.api, r.alongside.dbFloor),
      );
  }
  return markdownTable(rows);
}

/**
 * Each measured scenario against its combined floors, 1 ÷ (1/HTTP floor + 1/DB floor) in req/s: with
 * the replayed statements and, where declared, with the leanest ones; the ratio is API req/s over it.
 */
function floorsTable(httpFloor: Load, results: ScenarioResult[]): string {
  const rows = [
    [
      'scenario',
      'API req/s',
      'HTTP floor req/s',
      'replayed req/s',
      'replayed p50 ms',
      'combined (replayed) req/s',
      'API/combined (replayed)',
      'leanest req/s',
      'leanest p50 ms',
      'combined (leanest) req/s',
      'API/combined (leanest)',
      'leanest through one route req/s',
      'API/through one route',
    ],
  ];
  const rate = (n: number) => (n > 0 ? n.toFixed(0) : '—');
  const share = (a: number, b: number) => (a > 0 && b > 0 ? `${(a / b).toFixed(2)}×` : '—');
  for (const r of results) {
    if (!r.measured) continue;
    const { api, dbFloor: replayed, leanest } = r.measured;
    const http = httpFloorOf(r, httpFloor);
    const withReplayed = combined(http, replayed);
    const withLeanest = leanest ? combined(http, leanest.load) : 0;
    rows.push([
      r.name,
      api.perSecond.toFixed(1),
      rate(http.perSecond),
      replayed.perSecond.toFixed(1),
      latency(replayed, 'p50'),
      rate(withReplayed),
      share(api.perSecond, withReplayed),
      leanest ? leanest.load.perSecond.toFixed(1) : '—',
      leanest ? latency(leanest.load, 'p50') : '—',
      leanest ? rate(withLeanest) : '—',
      leanest ? share(api.perSecond, withLeanest) : '—',
      leanest?.handler ? rate(leanest.handler.perSecond) : '—',
      leanest?.handler ? share(api.perSecond, leanest.handler.perSecond) : '—',
    ]);
  }
  return markdownTable(rows);
}

function markdownTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 2)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)].join('\n');
}

function describeSeeding(facts: Facts): string {
  const { seeding } = facts;
  const added = Object.entries(seeding.added ?? {})
    .map(([step, s]) => `${step} ${s.toFixed(1)} s`)
    .join(', ');
  return `${seeded(seeding)}${added ? `; added now: ${added}` : ''}`;
}

function seeded(seeding: Seeding): string {
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

/** Issue 10: a 10,000-row work-order sheet imported within 3 s; the template exported within 300 ms. */
const importBudget = { seconds: 3, templateMs: 300, boundMiB: 100 };
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type ImportMeasurement = {
  template: { requests: number; p50: number; max: number; bytes: number; failure?: string };
  import?: {
    rows: number;
    bytes: number;
    status: number;
    answer: string;
    seconds: number;
    /** Peak RSS of the server process during the import, above its RSS just before (Linux only). */
    peakAboveIdleMiB?: number;
    idleRss?: number;
    /** The same rows by one multi-row INSERT through the pool, rolled back (ms). */
    floorMs: number;
    failure?: string;
  };
};

/**
 * `GET /work-order-spks/export/template` 20 times in sequence, then that template filled with
 * `importRows` rows (10,000 at scale 1) sent to `POST /work-order-spks/import`: wall time, the
 * server's peak RSS above idle, and the floor. The imported work orders are removed afterwards.
 */
async function importMeasurement(server: Server, facts: Facts): Promise<ImportMeasurement> {
  const auth = { authorization: `Bearer ${await signIn(server)}` };
  await quiet(server);
  const times: number[] = [];
  let template: ArrayBuffer | undefined;
  let templateFailure: string | undefined;
  for (let i = 0; i < 20 && !templateFailure; i++) {
    const started = performance.now();
    const res = await fetch(`${server.origin}/api/work-order-spks/export/template`, { headers: auth });
    const body = await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.ok) template = body;
    else templateFailure = `${res.status}: ${oneLine(Buffer.from(body).toString('utf8'), 200)}`;
  }
  const { p50, max } = percentiles(times);
  const measured: ImportMeasurement = {
    template: {
      requests: times.length,
      p50,
      max,
      bytes: template?.byteLength ?? 0,
      ...(templateFailure ? { failure: templateFailure } : {}),
    },
  };
  if (!template) return measured;

  const rows = importRows(facts.sizes.work.importRows, facts.work);
  const file = await fillTemplate(template, rows);
  await call(server, 'POST', '/bench/import/clean');
  await quiet(server);
  const before = await call<{ reset: boolean; rss?: number }>(server, 'POST', '/bench/memory/peak/reset');
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(file)], { type: xlsxType }), 'work-orders.xlsx');
  const started = performance.now();
  const res = await fetch(`${server.origin}/api/work-order-spks/import`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  const text = await res.text();
  const seconds = (performance.now() - started) / 1000;
  const after = await call<{ peak?: number }>(server, 'GET', '/bench/memory/peak');
  let answer = `${res.status}`;
  try {
    const body = JSON.parse(text) as { message?: string; data?: { created?: number; updated?: number } };
    answer += `: ${body.message ?? ''}`;
  } catch {
    answer += `: ${oneLine(text, 200)}`;
  }
  await call(server, 'POST', '/bench/import/clean');
  const floor = await call<{ ms: number }>(server, 'POST', '/bench/import/floor', { rows: rows.length });
  measured.import = {
    rows: rows.length,
    bytes: file.byteLength,
    status: res.status,
    answer,
    seconds,
    ...(before.reset && before.rss && after.peak
      ? { peakAboveIdleMiB: (after.peak - before.rss) / 1024 / 1024, idleRss: before.rss }
      : {}),
    floorMs: floor.ms,
    ...(res.ok ? {} : { failure: `the import answered ${answer}` }),
  };
  return measured;
}

function describeImport(m: ImportMeasurement, db: Kind): string[] {
  const judged = (met: boolean) => (db === 'postgres' ? (met ? 'met' : 'MISSED') : 'PGlite, not judged');
  const t = m.template;
  const lines = [
    t.failure
      ? `Template: FAILED (${t.failure})`
      : `Template: GET /work-order-spks/export/template × ${t.requests}, p50 ${ms(t.p50)} ms, max ${ms(t.max)} ms, ` +
        `${(t.bytes / 1024).toFixed(0)} kB (budget ${importBudget.templateMs} ms: ${judged(t.p50 <= importBudget.templateMs)})`,
  ];
  const i = m.import;
  if (!i) return lines;
  const memory =
    i.peakAboveIdleMiB === undefined
      ? 'peak memory not measured (needs Linux /proc)'
      : `server RSS peak ${i.peakAboveIdleMiB.toFixed(0)} MiB above ${mib(i.idleRss!)} idle (bound ${importBudget.boundMiB} MiB: ` +
        `${i.peakAboveIdleMiB <= importBudget.boundMiB ? 'met' : 'MISSED'})`;
  lines.push(
    `Import: ${count(i.rows)} work orders, ${(i.bytes / 1024).toFixed(0)} kB sheet, answered ${oneLine(i.answer, 160)} ` +
      `in ${i.seconds.toFixed(2)} s (budget ${importBudget.seconds} s: ${judged(i.status < 300 && i.seconds <= importBudget.seconds)}); ` +
      `${memory}; floor (one INSERT of the same rows) ${ms(i.floorMs)} ms`,
  );
  return lines;
}

/** Issue 38: a bulk upsert of 60 readings within 150 ms p50 on PostgreSQL. */
const bulkBudgetMs = 150;

type BulkMeasurement = {
  rows: number;
  /** New readings (a new date each call) and the same readings written again, ms each. */
  creates: { calls: number; p50: number; max: number };
  updates: { calls: number; p50: number; max: number };
  /** The same 60 rows by one hand-written INSERT … ON CONFLICT through the pool (ms p50). */
  floorP50: number;
  failure?: string;
};

/**
 * `POST /api/sacp-measurement-pipeline/upsert` with 60 readings of one survey: ten calls of new
 * readings (created) and twenty of the same readings again (updated), one at a time, after two
 * unmeasured calls; then the floor, and the surveys made are removed.
 */
async function bulkMeasurement(server: Server, facts: Facts): Promise<BulkMeasurement> {
  const headers = { authorization: `Bearer ${await signIn(server)}` };
  const failed = (failure: string): BulkMeasurement => ({
    rows: bulkRows,
    creates: { calls: 0, p50: 0, max: 0 },
    updates: { calls: 0, p50: 0, max: 0 },
    floorP50: 0,
    failure,
  });
  await call(server, 'POST', '/bench/bulk/clean');
  const report = await fetch(`${server.origin}/api/report-headers`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      workOrderSPKId: facts.work.workOrderId,
      reportNumber: `${bulkPrefix}${Date.now()}`,
      title: 'Cathodic-protection survey, bulk write',
      equipmentNo: facts.work.equipmentNo,
      inspectionMethod: 'sacp',
    }),
  });
  if (!report.ok) return failed(`the report: ${report.status} ${oneLine(await report.text(), 200)}`);
  const reportHeaderId = ((await report.json()) as { data: { id: string } }).data.id;
  const form = new FormData();
  form.set('reportHeaderId', reportHeaderId);
  form.set('measurementDate', '2027-01-04');
  const survey = await fetch(`${server.origin}/api/sacp-inspection-pipeline`, {
    method: 'POST',
    headers,
    body: form,
  });
  if (!survey.ok) return failed(`the survey: ${survey.status} ${oneLine(await survey.text(), 200)}`);
  const sacpInspectionId = ((await survey.json()) as { data: { id: string } }).data.id;
  const send = async (date: string, shift: number) => {
    const started = performance.now();
    const res = await fetch(`${server.origin}/api/sacp-measurement-pipeline/upsert`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(bulkReadings(sacpInspectionId, bulkRows, date, shift)),
    });
    const text = await res.text();
    const took = performance.now() - started;
    if (!res.ok) throw new Error(`${res.status} ${oneLine(text, 200)}`);
    return took;
  };
  const creates: number[] = [];
  const updates: number[] = [];
  try {
    await send('2026-12-01', 0);
    await send('2026-12-01', 5);
    await quiet(server);
    for (let i = 0; i < 10; i++) creates.push(await send(`2027-02-${String(i + 1).padStart(2, '0')}`, 0));
    for (let i = 0; i < 20; i++) updates.push(await send('2027-02-01', (i % 2) * 5 + 1));
  } catch (error) {
    await call(server, 'POST', '/bench/bulk/clean');
    return failed(`the bulk upsert answered ${(error as Error).message}`);
  }
  const floor = await call<{ times: number[] }>(server, 'POST', '/bench/bulk/floor', {
    sacpInspectionId,
    runs: 20,
  });
  await call(server, 'POST', '/bench/bulk/clean');
  const of = (times: number[]) => ({ calls: times.length, ...percentiles(times) });
  return {
    rows: bulkRows,
    creates: { calls: creates.length, p50: of(creates).p50, max: of(creates).max },
    updates: { calls: updates.length, p50: of(updates).p50, max: of(updates).max },
    floorP50: percentiles(floor.times).p50,
  };
}

function describeBulk(m: BulkMeasurement, db: Kind): string {
  if (m.failure) return `Bulk upsert: FAILED (${m.failure})`;
  const judged = (p50: number) =>
    db === 'postgres' ? (p50 <= bulkBudgetMs ? 'met' : 'MISSED') : 'PGlite, not judged';
  return (
    `Bulk upsert: POST /sacp-measurement-pipeline/upsert, ${m.rows} readings a call: ` +
    `created p50 ${ms(m.creates.p50)} ms (max ${ms(m.creates.max)}, ${m.creates.calls} calls; budget ${bulkBudgetMs} ms: ${judged(m.creates.p50)}), ` +
    `updated p50 ${ms(m.updates.p50)} ms (max ${ms(m.updates.max)}, ${m.updates.calls} calls; ${judged(m.updates.p50)}); ` +
    `floor (one INSERT … ON CONFLICT of the same rows) p50 ${ms(m.floorP50)} ms`
  );
}

type ExportMeasurement = {
  rows: number;
  bytes: number;
  times: number[];
  p50: number;
  peakAboveIdleMiB?: number;
  idleRss?: number;
  floor: { ms: number; rows: number; bytes: number };
  failure?: string;
};

/**
 * `GET /asset/export` three times in sequence (bench/sheet-export.ts): wall time to the last byte,
 * the server's peak RSS above idle over the three, and the floor's time for the same rows.
 */
async function exportMeasurement(server: Server): Promise<ExportMeasurement> {
  const auth = { authorization: `Bearer ${await signIn(server)}` };
  await quiet(server);
  const before = await call<{ reset: boolean; rss?: number }>(server, 'POST', '/bench/memory/peak/reset');
  const times: number[] = [];
  let bytes = 0;
  let failure: string | undefined;
  for (let i = 0; i < 3 && !failure; i++) {
    const started = performance.now();
    const res = await fetch(`${server.origin}${exportSheet.path}`, { headers: auth });
    const body = await res.arrayBuffer();
    times.push(performance.now() - started);
    bytes = body.byteLength;
    if (!res.ok) failure = `${res.status}: ${oneLine(Buffer.from(body).toString('utf8'), 200)}`;
  }
  const after = await call<{ peak?: number }>(server, 'GET', '/bench/memory/peak');
  const floors: { ms: number; rows: number; bytes: number }[] = [];
  for (let i = 0; i < 3; i++) floors.push(await call(server, 'POST', '/bench/export/floor'));
  const floor = floors.sort((a, b) => a.ms - b.ms)[1]!;
  return {
    rows: floor.rows,
    bytes,
    times,
    p50: percentiles(times).p50,
    ...(before.reset && before.rss && after.peak
      ? { peakAboveIdleMiB: (after.peak - before.rss) / 1024 / 1024, idleRss: before.rss }
      : {}),
    floor,
    ...(failure ? { failure } : {}),
  };
}

/** The export's budget for its rows: 1 s per 10,000 (issue 41). */
const exportBudgetMs = (m: ExportMeasurement) => (exportSheet.msPer10k * m.rows) / 10_000;

function describeExport(m: ExportMeasurement, db: Kind): string {
  if (m.failure) return `Export: FAILED (${m.failure})`;
  const judged = (met: boolean) => (db === 'postgres' ? (met ? 'met' : 'MISSED') : 'PGlite, not judged');
  const budget = exportBudgetMs(m);
  const memory =
    m.peakAboveIdleMiB === undefined
      ? 'peak memory not measured (needs Linux /proc)'
      : `server RSS peak ${m.peakAboveIdleMiB.toFixed(0)} MiB above ${mib(m.idleRss!)} idle (bound ${exportSheet.boundMiB} MiB: ` +
        `${m.peakAboveIdleMiB <= exportSheet.boundMiB ? 'met' : 'MISSED'})`;
  return (
    `Export: GET ${exportSheet.path.replace('/api', '')}, ${count(m.rows)} rows, ${(m.bytes / 1024).toFixed(0)} kB, ` +
    `p50 ${ms(m.p50)} ms of ${m.times.length} (budget ${budget.toFixed(0)} ms, 1 s per 10,000 rows: ${judged(m.p50 <= budget)}); ` +
    `${memory}; floor (one statement, the same library's streaming writer, plain cells) ${ms(m.floor.ms)} ms = ` +
    `${(m.floor.ms / m.p50).toFixed(2)}× the API's time`
  );
}

/** Issue 41's budget for the server's resident memory while the scenarios load it. */
const loadRssBudgetMb = 300;

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
      `  ${count(r.equipment ?? 0)} equipment, ${count(r.woTaskAssignment ?? 0)} task assignments ` +
        `(${count(facts.work.myTasks)} of them the bench administrator's), ` +
        `${count(r.workOrderSpk ?? 0)} work orders, ${count(r.reportHeader ?? 0)} reports, ` +
        `${count(r.thermalAnalysis ?? 0)} analyses, ${count(r.thermalMeasurement ?? 0)} measurements; ` +
        `search "${facts.search.broad.term}" matches ${count(facts.search.broad.rows)} rows, ` +
        `"${facts.search.narrow.term}" ${count(facts.search.narrow.rows)}`,
    );
    const idle = await call<NodeJS.MemoryUsage>(server, 'GET', '/bench/memory');
    const httpFloor = await load(server, '/bench/http-floor', connections, duration);
    console.log(
      `HTTP floor: ${httpFloor.perSecond.toFixed(0)} req/s, p50 ${ms(httpFloor.p50)} ms, p99 ${ms(httpFloor.p99)} ms`,
    );
    const results: ScenarioResult[] = [];
    const loadStart = await call<{ reset: boolean; rss?: number }>(
      server,
      'POST',
      '/bench/memory/peak/reset',
    );
    for (const scenario of selected) results.push(await runScenario(server, facts, scenario));
    const loadPeak = loadStart.reset
      ? (await call<{ peak?: number }>(server, 'GET', '/bench/memory/peak')).peak
      : undefined;
    const afterLoad = await call<NodeJS.MemoryUsage>(server, 'GET', '/bench/memory');
    const routes = await checkRoutes(server, facts);
    const uploaded = await uploadMemory(server, facts);
    const imported = options['skip-import'] ? undefined : await importMeasurement(server, facts);
    const bulk = options['skip-bulk'] ? undefined : await bulkMeasurement(server, facts);
    const exported = options['skip-export'] ? undefined : await exportMeasurement(server);

    console.log(
      `\n### ${db}: ${duration} s per load, ${connections} connections (work-management lists: ` +
        `${workDuration} s, ${workConnections} connections), scale ${scale}, ${startedAt.toISOString()}\n`,
    );
    console.log(resultsTable(httpFloor, results, db));
    console.log(
      '\nreq/s and latency of 2xx answers finished within the load; ×: API p50 over the floor p50. ' +
        'DB floor: the statements one request made, in sequence, through the same pool, without HTTP.',
    );
    console.log(
      `\nAgainst the floors (combined: 1 ÷ (1/HTTP floor + 1/DB floor); ratio: API req/s over it)\n`,
    );
    console.log(floorsTable(httpFloor, results));
    for (const r of results) {
      const verdict = floorVerdict(r, httpFloor, db);
      if (verdict) console.log(`\nFloor ratio: ${verdict}`);
    }
    console.log(
      '\nreplayed: the statements the request made, replayed; leanest: the user check plus the SQL a ' +
        'skilled engineer would write by hand for the same answer (bench/engine-scenarios.ts), both prepared, ' +
        'through the same pool.',
    );
    console.log(
      `\nIdle RSS: ${mib(idle.rss)} (the server process after start, after a garbage collection` +
        `${db === 'pglite' ? ', PGlite inside it' : ''}); ${mib(afterLoad.rss)} after the load ` +
        `(heap used ${mib(idle.heapUsed)} → ${mib(afterLoad.heapUsed)})`,
    );
    if (loadPeak !== undefined)
      console.log(
        `RSS under the scenarios' loads: peak ${(loadPeak / 1e6).toFixed(0)} MB` +
          `${db === 'pglite' ? ' (PGlite inside it)' : ''} (budget ${loadRssBudgetMb} MB: ` +
          `${loadPeak / 1e6 <= loadRssBudgetMb ? 'met' : 'OVER'})`,
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
      ...(imported?.template.failure ? [`work-order template: ${imported.template.failure}`] : []),
      ...(imported?.import?.failure ? [`work-order import: ${imported.import.failure}`] : []),
      ...(bulk?.failure ? [`bulk upsert: ${bulk.failure}`] : []),
      ...(exported?.failure ? [`sheet export: ${exported.failure}`] : []),
    ];
    const pending = results.filter((s) => s.pending);
    const overBudget = results.filter((s) => budgetVerdict(s, db)?.startsWith('OVER'));
    const belowFloor = results.filter((s) => floorVerdict(s, httpFloor, db)?.includes('BELOW'));
    console.log(
      `Upload: ${uploaded.photos} photos of ${mib(uploaded.bytesEach)} in one summary, ${uploaded.seconds.toFixed(2)} s; ` +
        `server memory peak ${uploaded.aboveIdleMiB.toFixed(0)} MiB above idle (bound ${upload.boundMiB} MiB: ` +
        `${uploaded.aboveIdleMiB <= upload.boundMiB ? 'met' : 'MISSED'})`,
    );
    if (imported) for (const line of describeImport(imported, db)) console.log(line);
    if (bulk) console.log(describeBulk(bulk, db));
    if (exported) console.log(describeExport(exported, db));
    if (pending.length > 0)
      console.log(
        `PENDING (handler not built yet, not measured): ${pending.length}: ${pending.map((s) => s.name).join('; ')}`,
      );
    const undeclared = results.filter((s) => s.undeclared);
    for (const s of undeclared)
      console.log(`NOT DECLARED YET: ${s.name}: ${s.undeclared!.join(', ')} (sent; the server ignored it)`);
    if (db === 'postgres')
      console.log(
        overBudget.length === 0
          ? 'Budgets: every measured p50 within its budget'
          : `OVER BUDGET: ${overBudget.map((s) => `${s.name} (${ms(s.measured!.api.p50)} ms, budget ${s.budgetMs} ms)`).join('; ')}`,
      );
    if (failedPlans.length === 0 && failedRequests.length === 0) console.log('Plan check: passed');
    else if (failedRequests.length === 0 && scale < 1) console.log('Requests: all answered');
    for (const failure of failedRequests) console.log(`REQUEST FAILED: ${failure}`);
    for (const problem of failedPlans)
      console.log(
        `${plansJudged ? 'PLAN CHECK FAILED' : 'plan check (not judged below scale 1)'}: ${problem}`,
      );

    const report = {
      database: db,
      startedAt: startedAt.toISOString(),
      options: {
        duration,
        warmup,
        connections,
        workDuration,
        workConnections,
        scale,
        only: options.only ?? null,
      },
      facts,
      memory: { idle, afterLoad, idleRssMiB: Math.round(idle.rss / 1024 / 1024) },
      httpFloor,
      floors: results
        .filter((r) => r.measured)
        .map((r) => {
          const { api, dbFloor: replayed, leanest } = r.measured!;
          const http = httpFloorOf(r, httpFloor);
          const withReplayed = combined(http, replayed);
          const withLeanest = leanest ? combined(http, leanest.load) : undefined;
          return {
            name: r.name,
            apiPerSecond: api.perSecond,
            httpFloorPerSecond: http.perSecond,
            replayed: { perSecond: replayed.perSecond, p50: replayed.p50 },
            combinedReplayedPerSecond: withReplayed,
            apiToCombinedReplayed: withReplayed > 0 ? api.perSecond / withReplayed : null,
            ...(leanest && withLeanest !== undefined
              ? {
                  leanest: { perSecond: leanest.load.perSecond, p50: leanest.load.p50 },
                  combinedLeanestPerSecond: withLeanest,
                  apiToCombinedLeanest: withLeanest > 0 ? api.perSecond / withLeanest : null,
                  ...(leanest.handler
                    ? {
                        throughOneRoute: { perSecond: leanest.handler.perSecond, p50: leanest.handler.p50 },
                        apiToThroughOneRoute: api.perSecond / leanest.handler.perSecond,
                      }
                    : {}),
                }
              : {}),
          };
        }),
      scenarios: results,
      planCheck: { routes, failed: failedPlans },
      upload: uploaded,
      workImport: imported ?? null,
      bulkUpsert: bulk ?? null,
      sheetExport: exported ?? null,
      loadPeakRss: loadPeak ?? null,
      pending: pending.map((s) => s.name),
      overBudget: overBudget.map((s) => s.name),
      belowFloor: belowFloor.map((s) => s.name),
      failedRequests,
    };
    const stamp = startedAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
    const file = path.join(repo, 'bench/results', `engine-${db}-${stamp}.json`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Figures: ${path.relative(repo, file)}`);
    return { report, failed: (plansJudged ? failedPlans.length : 0) + failedRequests.length > 0 };
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
