import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { desktopViewport, tabletViewport } from './e2e/viewports.ts';

/** Whether a server may listen on the port of 127.0.0.1 (asked of a child: the config loads synchronously). */
function portIsFree(port: number): boolean {
  const probe = `const s=require('net').createServer();s.once('error',()=>process.exit(1));s.listen(${port},'127.0.0.1',()=>s.close(()=>process.exit(0)))`;
  try {
    execFileSync(process.execPath, ['-e', probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A port the system has free now. */
function freePort(): number {
  const probe = `const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})`;
  return Number(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }));
}

/**
 * End-to-end journeys against the real product: the built web app served by the server process on a
 * fresh data directory with the demo data, driven by Debian's Chromium (nothing is downloaded).
 */
// E2E_PORT lets a second suite run beside the first (own port, build and output directory).
// When it is not set and 3100 is taken (a server left running by an interrupted run, say), the suite
// takes a free port as if E2E_PORT named it, rather than failing before its first journey. Set in
// the environment, the choice reaches the workers, which load this file again: they take it as made
// (E2E_PORT_CHOSEN), since by then the suite's own server holds 3100.
if (!process.env.E2E_PORT && !process.env.E2E_PORT_CHOSEN) {
  if (!portIsFree(3100)) {
    process.env.E2E_PORT = String(freePort());
    console.log(`Port 3100 is in use: the journeys use port ${process.env.E2E_PORT}.`);
  }
  process.env.E2E_PORT_CHOSEN = 'true';
}
const port = Number(process.env.E2E_PORT ?? 3100);
/** The host name the plant-network project reaches the server by. */
const plantHost = 'inspectra.plant';
/**
 * Debian's Chromium, as its headless shell when that package is installed (`chromium-headless-shell`,
 * what CI installs): the same engine and renderer without the browser's window, profile and GPU
 * process around them, as Playwright's own headless runs use. The journeys took about a quarter
 * less CPU with it (README, "Development"). Else the browser (`chromium`); CHROMIUM_PATH names
 * another.
 */
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_PORT ? `test-results/e2e-${port}` : 'test-results/e2e',
  // Two journeys at a time. The browser's pages leave the two cores idle a third of the time when
  // one journey runs alone: two at a time took the suite from 7.6 to 5.0 minutes (27 Nov 2026).
  // Journeys share the server, so each makes what it changes (users, tags, reports) its own, or
  // changes what no other journey reads; so each is handed to a worker on its own, not with its
  // file: techniques.spec.ts's nine journeys (a fifth of the suite) kept one worker busy while the
  // other, out of files, waited, up to three minutes when the shuffle put it last (docs/testing.md).
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // On CI, a journey that fails is run once more and reported as flaky if it then passes: a shared
  // CI machine's two cores may starve a screen for seconds.
  retries: process.env.CI ? 1 : 0,
  // A journey checks each screen with axe and photographs it: a minute on an idle machine, more on
  // a busy one.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...chromium,
    baseURL: `http://127.0.0.1:${port}`,
    // A trace is recorded when a failed journey is run again (CI retries once): recording one on
    // every journey took a quarter of the suite's time, the browser sending a picture of the page
    // at every step (27 Nov 2026). Locally, `--trace retain-on-failure` keeps one of a failure.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    locale: 'en-GB',
    // As a device set to reduce motion: no transitions to wait for or to render frame by frame
    // (software rendering here). The screens are otherwise the same; the theme honours the setting.
    contextOptions: { reducedMotion: 'reduce' },
    // Every journey's fresh browser context would install the app's service worker and fetch its
    // precache (about 200 files) in the background: never-lose-input, session and thermal took 1.7
    // min with it, 1.3 without (3 Dec 2026; they pass either way). Journeys about the installed app
    // allow it (e2e/offline.spec.ts).
    serviceWorkers: 'block',
  },
  projects: [
    // `@tablet`: a journey run on both. `@field`: an inspector's journey through a technique's
    // generated screens, done on site, run on the tablet alone: the same screens at the desktop's
    // width are the engine's, proven by thermal's journey on both, and each field journey's
    // screenshots are taken at the desktop's width too (fixtures.ts `snap`). Run on both, they
    // were 147 s of the suite's 1,009 (5 Dec 2026, docs/testing.md).
    {
      name: 'desktop',
      use: { ...chromium, viewport: desktopViewport },
      grepInvert: /@field/,
      testIgnore: /plant-network\.spec\.ts/,
    },
    {
      // A 10-inch tablet held upright, touch input.
      name: 'tablet',
      use: { ...chromium, viewport: tabletViewport, hasTouch: true },
      grep: /@tablet|@field/,
      testIgnore: /plant-network\.spec\.ts/,
    },
    {
      // A tablet on the plant network: a host name other than localhost, over plain HTTP. Chromium maps
      // the name to this machine, so the browser applies its rules for a remote, insecure origin.
      name: 'plant-network',
      testMatch: /plant-network\.spec\.ts/,
      use: {
        ...chromium,
        launchOptions: {
          ...chromium.launchOptions,
          args: [...chromium.launchOptions.args, `--host-resolver-rules=MAP ${plantHost} 127.0.0.1`],
        },
        baseURL: `http://${plantHost}:${port}`,
        viewport: tabletViewport,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    command: 'tsx e2e/serve.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(port), ...(process.env.E2E_PORT ? { E2E_PORT: String(port) } : {}) },
  },
});
