/**
 * `npm run bench:memory`: the embedded database's memory budget (issue 39, item 4): the server idles
 * at ≤ 250 MB RSS after a fresh start with the demo data, and again after a load (memory given back).
 * The built server is started as `npm start` starts it, on a new PGlite data directory with the demo
 * data; once `/api/health` answers it is left idle, its RSS read (/proc/<pid>/status and
 * smaps_rollup); then 10 connections read a few signed-in pages (autocannon), it is left idle again
 * and read again. Each reading also says where the memory is (memory-breakdown.ts): PGlite's
 * WebAssembly memory, the JavaScript heaps' pages, the C allocator, compiled code, the node binary's
 * pages, and each thread's heap from a diagnostic report. Not part of `npm test`: the figures depend
 * on the machine and its load.
 *
 *   npm run bench:memory                      30 s idle, 10 s of load per read, 30 s idle
 *   npm run bench:memory -- --idle 60         seconds idle before each reading
 *   npm run bench:memory -- --json out.json   also write the figures here
 *
 * The figures are written to bench/results/memory-<time>.json.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort, signIn, startBuiltServer } from './built-server.ts';
import { benchAdmin } from './engine-scenarios.ts';
import { memoryRegions, threadHeaps } from './memory-breakdown.ts';

const { values: options } = parseArgs({
  options: {
    idle: { type: 'string', default: '30' },
    load: { type: 'string', default: '10' },
    json: { type: 'string' },
  },
});
const idleSeconds = Number(options.idle);
const loadSeconds = Number(options.load);
if (!(idleSeconds > 0) || !(loadSeconds > 0)) throw new Error('--idle and --load are seconds, more than 0');

/** Issue 39's budget: resident memory of the idle server, in MB (10^6 bytes) as the issue counts. */
const budgetMb = 250;
/** The signed-in reads of the load: what a dashboard and a report's screen ask for. */
const reads = [
  '/api/auth/profile',
  '/api/report-headers?pageNumber=1&pageSize=10',
  '/api/work-order-spks?pageNumber=1&pageSize=10',
  '/api/thermal-measurements?pageNumber=1&pageSize=50',
];

const repo = path.resolve(import.meta.dirname, '..');
const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;

/**
 * Resident memory of a process from /proc, in bytes: the whole, what of it is anonymous or files,
 * by region (memory-breakdown.ts) and each JavaScript thread's heap (a diagnostic report, written
 * after /proc is read).
 */
async function residentMemory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kib = (text: string, name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1]) * 1024;
  const regions = memoryRegions(pid);
  return {
    rss: kib(status, 'VmRSS'),
    peak: kib(status, 'VmHWM'),
    anonymous: kib(rollup, 'Anonymous'),
    files: kib(status, 'RssFile'),
    threads: Number(/^Threads:\s+(\d+)/m.exec(status)?.[1]),
    regions,
    heaps: await threadHeaps(pid, reportDir),
  };
}
type Reading = Awaited<ReturnType<typeof residentMemory>>;

const sleep = (seconds: number) => new Promise((r) => setTimeout(r, seconds * 1000));

/** 10 connections on one URL for the load's seconds; the answers that were not 2xx are counted. */
function load(origin: string, url: string, token: string) {
  return new Promise<{ url: string; requests: number; failed: number }>((resolve, reject) => {
    autocannon(
      {
        url: `${origin}${url}`,
        connections: 10,
        duration: loadSeconds,
        headers: { authorization: `Bearer ${token}` },
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({ url, requests: result['2xx'], failed: result.non2xx + result.errors }),
    );
  });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'inspectra-bench-memory-'));
const reportDir = path.join(dataDir, 'reports');
mkdirSync(reportDir);
const server = await startBuiltServer(await freePort(), {
  // A diagnostic report on SIGUSR2 gives each thread's heap (threadHeaps); nothing else changes.
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --report-on-signal --report-signal=SIGUSR2 --report-directory=${reportDir}`,
  DATA_DIR: dataDir,
  ADMIN_USERNAME: benchAdmin.username,
  ADMIN_PASSWORD: benchAdmin.password,
  SEED_DEMO: 'true',
});
try {
  const startedAt = Date.now();
  await sleep(idleSeconds);
  const idle = await residentMemory(server.pid);
  const { accessToken } = await signIn(server.origin, benchAdmin);
  const loads = [];
  for (const url of reads) loads.push(await load(server.origin, url, accessToken));
  const underLoad = await residentMemory(server.pid);
  await sleep(idleSeconds);
  const afterLoad = await residentMemory(server.pid);
  const uptime = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

  const row = (name: string, r: Reading) =>
    `${name.padEnd(34)} ${String(mb(r.rss)).padStart(7)} MB  anonymous ${String(mb(r.anonymous)).padStart(6)} MB  files ${String(mb(r.files)).padStart(5)} MB  peak ${String(mb(r.peak)).padStart(6)} MB  ${r.threads} threads  ${r.rss <= budgetMb * 1e6 ? 'within' : 'OVER'} ${budgetMb} MB\n` +
    `${''.padEnd(34)} ${Object.entries(r.regions)
      .map(([part, bytes]) => `${part} ${mb(bytes)}`)
      .join(', ')}\n` +
    `${''.padEnd(34)} heaps (committed/used MB): ${r.heaps.map((h) => `${mb(h.committed)}/${mb(h.used)}`).join(', ')}`;
  console.log(`Embedded database, demo data, load average ${uptime}`);
  console.log(row(`idle ${idleSeconds} s after start`, idle));
  console.log(row('at the end of the load', underLoad));
  console.log(row(`idle ${idleSeconds} s after the load`, afterLoad));
  for (const l of loads)
    console.log(`  load ${l.url}: ${l.requests} answers in ${loadSeconds} s, ${l.failed} failed`);
  const figures = {
    when: new Date().toISOString(),
    loadAverage: uptime,
    budgetMb,
    idleSeconds,
    loadSeconds,
    startedSecondsBeforeIdleReading: (Date.now() - startedAt) / 1000,
    idle,
    underLoad,
    afterLoad,
    loads,
  };
  const results = path.join(repo, 'bench', 'results');
  mkdirSync(results, { recursive: true });
  writeFileSync(path.join(results, `memory-${Date.now()}.json`), JSON.stringify(figures, null, 2));
  if (options.json) writeFileSync(options.json, JSON.stringify(figures, null, 2));
  if (loads.some((l) => l.failed > 0)) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
