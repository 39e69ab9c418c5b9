/**
 * `npm run bench:web`: what a browser must download before the sign-in page and the dashboard work, and
 * Lighthouse's desktop scores for both, measured on a production build served by the real server (a
 * new data directory with the demo data). Not part of `npm test`: the scores depend on the machine.
 *
 *   npm run bench:web                    build, serve, measure bytes and run Lighthouse 3× per page
 *   npm run bench:web -- --runs 1        one Lighthouse run per page (faster, noisier)
 *   npm run bench:web -- --no-lighthouse bytes only
 *   npm run bench:web -- --json out.json also write every figure as JSON
 *   npm run bench:web -- --reports dir   keep each Lighthouse report (JSON, open in the Lighthouse viewer)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { BrowserContext } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { signIn, startBuiltServer } from './built-server.ts';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'no-lighthouse': { type: 'boolean', default: false },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3199' },
    json: { type: 'string' },
    reports: { type: 'string' },
  },
});
const runs = Math.max(1, Number(options.runs));
const port = Number(options.port);
const origin = `http://127.0.0.1:${port}`;
const admin = { username: 'admin', password: 'bench-copper-lantern-harbour-2026' };

/** The targets of the "fast to load" work: initial JavaScript for the sign-in page, and every score. */
const targets = { authInitialJsGzipKiB: 150, lighthouseScore: 95 };

const repo = path.resolve(import.meta.dirname, '..');
const tsx = path.join(repo, 'node_modules/.bin/tsx');
// Debian's Chromium, or its headless shell where only that is installed (what CI installs for the
// journeys, playwright.config.ts); CHROMIUM_PATH names another. Lighthouse runs in either.
const executablePath =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : '/usr/bin/chromium-headless-shell');
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

type PageUnderTest = { name: string; path: string; signedIn: boolean };
const pages: PageUnderTest[] = [
  { name: 'sign-in (/auth)', path: '/auth', signedIn: false },
  { name: 'dashboard (/)', path: '/', signedIn: true },
];

type Sizes = { files: number; raw: number; gzip: number; brotli: number };
type Transfer = {
  js: Sizes;
  css: Sizes;
  servedEncodings: string[];
  consoleErrors: string[];
  failed: string[];
};

const webDir = mkdtempSync(path.join(os.tmpdir(), 'inspectra-bench-web-'));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'inspectra-bench-data-'));
const cleanUp: (() => void | Promise<void>)[] = [
  () => rmSync(webDir, { recursive: true, force: true }),
  () => rmSync(dataDir, { recursive: true, force: true }),
];

/** Builds the web app the way `npm start` does, into a directory of its own. */
function buildWeb() {
  execFileSync(tsx, ['apps/web/scripts/build-if-stale.ts'], {
    cwd: repo,
    stdio: 'inherit',
    env: { ...process.env, WEB_DIR: webDir },
  });
}

/** The built server, started as `npm start` starts it (built first when stale), with the demo data. */
async function startServer() {
  const server = await startBuiltServer(port, {
    DATA_DIR: dataDir,
    WEB_DIR: webDir,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    SEED_DEMO: 'true',
  });
  cleanUp.unshift(server.stop);
}

/** Signs the benchmark administrator in through the API and returns the session cookies the app reads. */
async function sessionCookies() {
  const data = await signIn(origin, admin);
  return [
    { name: 'access_token', value: encodeURIComponent(data.accessToken), url: origin },
    { name: 'refresh_token', value: encodeURIComponent(data.refreshToken), url: origin },
  ];
}

const empty = (): Sizes => ({ files: 0, raw: 0, gzip: 0, brotli: 0 });

/** The size of one built file as served plain, with gzip and with brotli at their strongest settings. */
function fileSizes(file: string): Omit<Sizes, 'files'> {
  const bytes = readFileSync(file);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
  };
}

/**
 * Opens a page in Chromium and adds up the scripts and style sheets it loads until the network is idle:
 * what index.html names (module scripts, modulepreloads, style sheets) and what the route then imports.
 */
async function initialTransfer(context: BrowserContext, target: PageUnderTest): Promise<Transfer> {
  const page = await context.newPage();
  const result: Transfer = { js: empty(), css: empty(), servedEncodings: [], consoleErrors: [], failed: [] };
  const seen = new Set<string>();
  page.on('console', (message) => {
    if (message.type() === 'error') result.consoleErrors.push(message.text());
  });
  page.on('requestfailed', (request) =>
    result.failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`),
  );
  page.on('response', (response) => {
    const url = new URL(response.url());
    const kind = response.request().resourceType();
    if (url.origin !== origin || (kind !== 'script' && kind !== 'stylesheet') || seen.has(url.pathname))
      return;
    seen.add(url.pathname);
    const sizes = fileSizes(path.join(webDir, decodeURIComponent(url.pathname)));
    const sum = kind === 'script' ? result.js : result.css;
    sum.files += 1;
    sum.raw += sizes.raw;
    sum.gzip += sizes.gzip;
    sum.brotli += sizes.brotli;
    const encoding = response.headers()['content-encoding'] ?? 'identity';
    if (!result.servedEncodings.includes(encoding)) result.servedEncodings.push(encoding);
  });
  await page.goto(`${origin}${target.path}`, { waitUntil: 'networkidle' });
  await page.close();
  return result;
}

type Scores = { performance: number; accessibility: number; bestPractices: number };
type LighthouseResult = Scores & { metrics: Record<string, string>; belowFull: string[] };

/** One Lighthouse desktop run in a new browser profile (cold cache), signed in when the page needs it. */
async function lighthouseRun(target: PageUnderTest, run: number): Promise<LighthouseResult> {
  const debuggingPort = port + 1;
  const profile = mkdtempSync(path.join(os.tmpdir(), 'inspectra-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args: [...chromiumArgs, `--remote-debugging-port=${debuggingPort}`],
  });
  try {
    if (target.signedIn) await context.addCookies(await sessionCookies());
    const runnerResult = await lighthouse(
      `${origin}${target.path}`,
      {
        port: debuggingPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // The profile is new on every run, so the cache is cold; keeping storage keeps the session cookies.
        disableStorageReset: true,
      },
      desktopConfig,
    );
    if (!runnerResult) throw new Error('Lighthouse returned no result');
    const { lhr } = runnerResult;
    if (options.reports) {
      mkdirSync(options.reports, { recursive: true });
      const name = `${target.path === '/' ? 'dashboard' : target.path.slice(1)}-${run + 1}.json`;
      writeFileSync(path.join(options.reports, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
    const belowFull = Object.values(lhr.categories).flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id]!)
        .filter((audit) => audit.score !== null && audit.score < 0.9)
        .map((audit) => `${category.id}: ${audit.id} (${Math.round((audit.score ?? 0) * 100)})`),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      metrics: {
        FCP: metric('first-contentful-paint'),
        LCP: metric('largest-contentful-paint'),
        TBT: metric('total-blocking-time'),
        CLS: metric('cumulative-layout-shift'),
        SI: metric('speed-index'),
      },
      belowFull,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const row = (cells: string[], widths: number[]) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');

async function main() {
  buildWeb();
  await startServer();
  const report: Record<string, unknown> = {};

  console.log(`\nInitial JavaScript and CSS (every file loaded until the network is idle)`);
  const widths = [18, 5, 6, 13, 13, 13, 22];
  console.log(row(['page', 'kind', 'files', 'raw', 'gzip', 'brotli', 'served as'], widths));
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  const transfers: Record<string, Transfer> = {};
  for (const target of pages) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    if (target.signedIn) await context.addCookies(await sessionCookies());
    const transfer = await initialTransfer(context, target);
    await context.close();
    transfers[target.name] = transfer;
    for (const kind of ['js', 'css'] as const) {
      const s = transfer[kind];
      console.log(
        row(
          [
            target.name,
            kind,
            String(s.files),
            kib(s.raw),
            kib(s.gzip),
            kib(s.brotli),
            transfer.servedEncodings.join(', '),
          ],
          widths,
        ),
      );
    }
    for (const error of transfer.consoleErrors) console.log(`  console error: ${error.slice(0, 160)}`);
    for (const failed of transfer.failed) console.log(`  failed request: ${failed}`);
  }
  await browser.close();
  report.initial = transfers;
  const authJsGzip = transfers[pages[0]!.name]!.js.gzip;
  console.log(
    `Sign-in page initial JS (gzip): ${kib(authJsGzip)} — target at most ${targets.authInitialJsGzipKiB} KiB: ` +
      (authJsGzip <= targets.authInitialJsGzipKiB * 1024 ? 'met' : 'MISSED'),
  );

  if (!options['no-lighthouse']) {
    console.log(
      `\nLighthouse ${lighthouseVersion()} desktop, median of ${runs} run(s) per page (target ≥ ${targets.lighthouseScore})`,
    );
    const lwidths = [18, 12, 14, 15, 44];
    console.log(
      row(
        ['page', 'performance', 'accessibility', 'best practices', 'median run: FCP / LCP / TBT / CLS'],
        lwidths,
      ),
    );
    const scores: Record<string, unknown> = {};
    for (const target of pages) {
      const results: LighthouseResult[] = [];
      for (let i = 0; i < runs; i++) results.push(await lighthouseRun(target, i));
      const perf = median(results.map((r) => r.performance));
      const typical = results.find((r) => r.performance === perf)!;
      const summary = {
        performance: perf,
        accessibility: median(results.map((r) => r.accessibility)),
        bestPractices: median(results.map((r) => r.bestPractices)),
        runs: results.map(({ performance, accessibility, bestPractices }) => ({
          performance,
          accessibility,
          bestPractices,
        })),
        metrics: typical.metrics,
        belowFull: typical.belowFull,
      };
      scores[target.name] = summary;
      const m = typical.metrics;
      console.log(
        row(
          [
            target.name,
            String(summary.performance),
            String(summary.accessibility),
            String(summary.bestPractices),
            `${m.FCP} / ${m.LCP} / ${m.TBT} / ${m.CLS}`,
          ],
          lwidths,
        ),
      );
      for (const audit of typical.belowFull) console.log(`  below 90: ${audit}`);
    }
    report.lighthouse = scores;
  }
  if (options.json) writeFileSync(options.json, JSON.stringify(report, null, 2));
}

function lighthouseVersion(): string {
  const manifest = path.join(repo, 'node_modules/lighthouse/package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

try {
  await main();
} finally {
  for (const step of cleanUp) await step();
}
