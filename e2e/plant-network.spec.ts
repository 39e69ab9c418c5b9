/**
 * The product as a tablet on the plant network meets it: a host name that is not localhost, plain
 * HTTP (the `plant-network` project maps inspectra.plant to this machine). A browser treats such a
 * page as an insecure context and obeys every security header literally, so a directive meant for
 * HTTPS sites (upgrade-insecure-requests, HSTS) or an eval under the CSP shows up here first.
 */
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { demo, findDemoWorkOrder, openNavigation, signIn, snap } from './fixtures.ts';

/** Everything that went wrong on a page: failed requests, error answers, CSP violations, console errors. */
function watchProblems(page: Page) {
  const problems = {
    failedRequests: [] as string[],
    errorResponses: [] as string[],
    cspViolations: [] as string[],
    consoleErrors: [] as string[],
  };
  page.on('requestfailed', async (request) => {
    const failure = request.failure()?.errorText;
    // Signing in ends in a full page load: the sign-in call, answered already, may be reported as
    // aborted when the page it was made from unloads a moment before the browser closes it.
    const answered = await request.response().catch(() => null);
    if (failure === 'net::ERR_ABORTED' && answered && answered.status() < 400) return;
    problems.failedRequests.push(`${request.method()} ${request.url()}: ${failure}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.errorResponses.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (/content security policy/i.test(message.text())) problems.cspViolations.push(message.text());
    else problems.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => problems.consoleErrors.push(`uncaught: ${error.message}`));
  return problems;
}

test('signs in and works through a plant-network host name over plain HTTP', async ({ page }, info) => {
  // The address a tablet uses: not localhost, not HTTPS.
  const { hostname, protocol } = new URL(info.project.use.baseURL!);
  expect(hostname).not.toMatch(/^(localhost|127\.0\.0\.1|\[::1\])$/);
  expect(protocol).toBe('http:');

  // The browser's own report of anything the policy blocked, eval included, whatever it logs.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const problems = watchProblems(page);
  const cspViolations = () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  await page.goto('/');
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await cspViolations()).toEqual([]);

  await signIn(page);
  await expect(page.getByRole('heading', { name: /Good to see you/ })).toBeVisible();
  expect(new URL(page.url()).hostname).toBe(hostname);

  // A screen beyond the dashboard, with a table that reads the API.
  await openNavigation(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Work orders' })
    .click();
  await findDemoWorkOrder(page);
  await expect(page.getByRole('cell', { name: demo.woNumber })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await snap(page, `${info.project.name}-work-orders`);

  expect(await cspViolations()).toEqual([]);
  expect(problems).toEqual({ failedRequests: [], errorResponses: [], cspViolations: [], consoleErrors: [] });
});

test('the app is sent compressed, cached by content hash, and without source maps', async ({ page }) => {
  const scripts: {
    url: string;
    accepted: string;
    encoding?: string;
    cache?: string;
    vary?: string;
    body: string;
  }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const headers = response.headers();
    scripts.push({
      url: response.url(),
      accepted: (await response.request().allHeaders())['accept-encoding'] ?? '',
      encoding: headers['content-encoding'],
      cache: headers['cache-control'],
      vary: headers['vary'],
      body: await response.text(),
    });
  });
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(script.url).toMatch(/\/assets\//);
    // A chunk too small to shrink (a shared 28-byte helper) has no compressed copy: the build skips
    // copies that are not smaller, so it is sent as it is.
    if (gzipSync(script.body, { level: 9 }).length >= Buffer.byteLength(script.body)) {
      expect(script.encoding, script.url).toBeUndefined();
    } else {
      // Chromium asks for brotli only over HTTPS (and from localhost): here it gets the gzip copy.
      expect(script.encoding, script.url).toBe(/\bbr\b/.test(script.accepted) ? 'br' : 'gzip');
      expect(script.vary, script.url).toMatch(/accept-encoding/i);
    }
    expect(script.cache, script.url).toBe('public, max-age=31536000, immutable');
    expect(script.body, script.url).not.toContain('sourceMappingURL');
    // Asked by the page itself: only the browser knows where the plant host name points.
    const mapStatus = await page.evaluate(async (url) => (await fetch(url)).status, `${script.url}.map`);
    expect(mapStatus, `${script.url}.map`).toBe(404);
  }
});
