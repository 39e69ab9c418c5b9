/**
 * `npm run bench:request-cost`: the server's own CPU per request (user + system time of its process,
 * from /proc, over a load ÷ the requests answered) for the HTTP floor, page 1 of a 1,000-row
 * analysis by parent and a point's five-year trend, each beside its leanest floor (the user check
 * and the hand-written statement through the app's pool, in process, no HTTP) and the same
 * statements through one route over HTTP (`GET /bench/stack-floor`, their rows JSON.stringify'd: the
 * leanest handler in this stack, docs/engine-performance.md). Unlike requests per
 * second, CPU per request barely moves when other work shares the machine: it says what the server
 * spends outside the database (docs/engine-performance.md, "Per-request cost"). Beside it, the share
 * spent in the kernel and the read and write system calls per request (/proc/<pid>/io: a socket's
 * reads and writes among them), which say whether a request costs more round trips than its floor.
 * Linux only; runs on the database `npm run bench:engine` seeded (run that first).
 *
 *   npm run bench:request-cost                                      PGlite, scale 1
 *   npm run bench:request-cost -- --db pglite --scale 0.1           the quick embedded copy
 *   BENCH_DATABASE_URL=… npm run bench:request-cost -- --db postgres
 *   npm run bench:request-cost -- --cpu-prof /tmp/prof              also write the server's CPU profile
 *   npm run bench:request-cost -- --node-flag=--max-semi-space-size=8   a Node flag after `npm start`'s
 *   npm run bench:request-cost -- --only "complete read"            the scenarios whose name holds this
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { Result } from 'autocannon';
import { signIn } from './built-server.ts';
import { startEngineServer } from './engine-server-start.ts';
import { benchAdmin, scenarios, userCheck } from './engine-scenarios.ts';
import type { Load, Scenario, Statement } from './engine-scenarios.ts';
import type { SeedFacts } from './engine-seed.ts';
import { trendScenarios } from './trend-read.ts';

const { values: options } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    scale: { type: 'string', default: '1' },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '4' },
    'cpu-prof': { type: 'string' },
    'node-flag': { type: 'string', multiple: true, default: [] },
    only: { type: 'string' },
  },
});
const seconds = Number(options.duration);
const connections = Number(options.connections);
const db = options.db;
if (db !== 'pglite' && db !== 'postgres') throw new Error('--db must be pglite or postgres');
if (!(seconds > 0) || !(connections >= 1)) throw new Error('--duration and --connections must be above 0');

const server = await startEngineServer({
  db,
  scale: Number(options.scale),
  nodeFlags: [
    ...options['node-flag'],
    ...(options['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${options['cpu-prof']}`] : []),
  ],
});
const { origin } = server;

/** What the server process has used so far: CPU (user and system, in ms: the kernel counts 100 ticks a second) and system calls. */
type Usage = { cpuMs: number; systemMs: number; reads: number; writes: number; databaseMs: number };
function usage(): Usage {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // /proc/<pid>/io counts every read and write call, a socket's among them.
  const io = readFileSync(`/proc/${server.pid}/io`, 'utf8');
  const count = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1] ?? NaN);
  const user = Number(fields[11]) * 10;
  const system = Number(fields[12]) * 10;
  return {
    cpuMs: user + system,
    systemMs: system,
    reads: count('syscr'),
    writes: count('syscw'),
    databaseMs: databaseCpuMs(),
  };
}

/**
 * The CPU (ms) every PostgreSQL process of this machine has used so far, those that have ended
 * counted in their parent's (a backend's connection closed: its CPU joins the postmaster's count of
 * its children's): a local server's work for the load (0 on the embedded database, whose work is
 * the server's own CPU).
 */
function databaseCpuMs(): number {
  let ms = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    if (!stat.includes('(postgres)')) continue;
    const fields = stat.split(') ')[1]!.split(' ');
    // utime, stime, and the children's that have ended and were waited for (cutime, cstime).
    ms += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
  }
  return ms;
}

/** What the server used per request since `before`: CPU, of it in the kernel, and reads + writes. */
function perRequest(before: Usage, requests: number) {
  const now = usage();
  const per = (n: number, digits: number) => (requests > 0 ? (n / requests).toFixed(digits) : '—');
  return {
    database: `${per(now.databaseMs - before.databaseMs, 2)} ms`,
    cpu: `${per(now.cpuMs - before.cpuMs, 2)} ms`,
    system: `${per(now.systemMs - before.systemMs, 2)} ms`,
    calls: `${per(now.reads - before.reads, 1)} + ${per(now.writes - before.writes, 1)}`,
  };
}

async function load(url: string, headers: Record<string, string> = {}) {
  const before = usage();
  const r = await new Promise<Result>((resolve, reject) =>
    autocannon({ url: origin + url, connections, duration: seconds, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
  const answered = r['2xx'];
  const failed = r.non2xx + r.errors + r.timeouts;
  return { perSecond: answered / r.duration, failed, ...perRequest(before, answered) };
}

async function floor(statements: Statement[]) {
  const before = usage();
  const res = await fetch(`${origin}/bench/db-floor`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ statements, connections, durationMs: seconds * 1000 }),
  });
  const r = (await res.json()) as Load;
  return { perSecond: r.perSecond, failed: r.failed, ...perRequest(before, r.requests) };
}

try {
  const facts = (await (await fetch(`${origin}/bench/facts`)).json()) as SeedFacts;
  const { accessToken } = await signIn(origin, benchAdmin);
  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    fid: string;
  };
  const check = userCheck({ userId: claims.sub, familyId: claims.fid });
  const rows: string[] = [];
  const row = (
    name: string,
    r: { perSecond: number; cpu: string; system: string; calls: string; database: string },
  ) =>
    rows.push(
      `| ${name} | ${r.perSecond.toFixed(1)} | ${r.cpu} | ${r.system} | ${r.calls} | ${r.database} |`,
    );
  row('HTTP floor', await load('/bench/http-floor'));
  // By default page 1 by parent and the trend; `--only` picks any scenario by its name.
  const measured: Scenario[] = options.only
    ? scenarios.filter((s) => s.name.includes(options.only!))
    : [scenarios.find((s) => s.name.includes('1,000-row'))!, trendScenarios[0]!];
  if (measured.length === 0) throw new Error(`--only ${options.only}: no scenario has that in its name`);
  for (const s of measured) {
    const query = new URLSearchParams(
      Object.entries(s.query?.(facts) ?? {}).map(([k, v]) => [k, String(v)] as [string, string]),
    );
    const params = s.params?.(facts) ?? {};
    const route = s.route
      .split(' ')[1]!
      .replace(/\{(\w+)\}/g, (_, key: string) => query.get(key) ?? '')
      .replace(/:(\w+)/g, (_, key: string) => String(params[key] ?? ''));
    const api = await load(`/api${route}?${query}`, { authorization: `Bearer ${accessToken}` });
    if (api.failed > 0) throw new Error(`${s.name}: ${api.failed} requests failed`);
    row(s.name, api);
    const leanest = s.leanest?.(facts) ?? [];
    row(`${s.name}: leanest floor`, await floor([check, ...leanest]));
    await fetch(`${origin}/bench/stack-floor`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ statements: [check, ...leanest] }),
    });
    row(`${s.name}: leanest through one route`, await load('/bench/stack-floor'));
  }
  console.log(`\n${options.db}, scale ${options.scale}, ${connections} connections, ${seconds} s each\n`);
  console.log(
    '| load | req/s | server CPU per request | of it in the kernel | reads + writes (system calls) per request | PostgreSQL CPU per request |\n| --- | ---: | ---: | ---: | ---: | ---: |',
  );
  console.log(rows.join('\n'));
} finally {
  await server.stop();
}
