import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Download, Page, TestInfo } from '@playwright/test';

export const e2eAdmin = { username: 'admin', password: 'e2e-copper-lantern-harbour-2026' };
/** Password of the demo's `planner` and `inspector` (DEMO_PASSWORD). */
export const e2eDemoPassword = 'e2e-demo-password-2026';

/** The demo data the server seeds on a new data directory. */
export const demo = {
  woNumber: 'WO-2026-0142',
  reportNumber: 'RPT-TH-2026-0001',
  reportTitle: 'Thermography of LV panel LP-3A',
};

export async function signIn(page: Page, password = e2eAdmin.password, username = e2eAdmin.username) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Saves a screenshot to look at after the run (test-results/screenshots). */
export async function snap(page: Page, name: string) {
  await expect(page.locator('body')).toBeVisible();
  // Settled: no table still dimmed by a request in flight.
  await page.waitForLoadState('networkidle');
  // From the top, so the fixed header sits where a user sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  const viewport = page.viewportSize();
  const touch = await page.evaluate(() => matchMedia('(pointer: coarse)').matches);
  if (!touch || !viewport) {
    await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
    return;
  }
  // A full-page capture drops touch emulation while it runs, and with it the finger-sized controls:
  // on a touch screen, make the window as tall as the page instead.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await page.screenshot({ path: `test-results/screenshots/${name}.png` });
  await page.setViewportSize(viewport);
}

/** On a tablet the navigation sits behind the menu button; on a desktop it is always shown. */
export async function openNavigation(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) < 992) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
  }
}

/** Where each screen's axe findings are written, to count and read after a run. */
const axeDir = path.resolve(import.meta.dirname, '../test-results/axe');

/**
 * Runs axe-core on the screen as it is now and fails on any serious or critical violation (the
 * WCAG 2.2 A/AA rules and axe's best practices). Every finding, minor ones too, is written to
 * test-results/axe/<project>-<name>.json so a run can be compared with the last one.
 */
export async function expectAccessible(page: Page, info: TestInfo, name: string) {
  // Settled: no request in flight, no transition half-way through its colours. A toast that starts
  // fading while axe reads the page is measured half-transparent, so a finding is checked once more
  // after the screen has settled again: only what stays is a violation.
  const settle = async () => {
    await page.waitForLoadState('networkidle');
    await page
      .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
        timeout: 5000,
      })
      .catch(() => {});
    await page.waitForTimeout(250);
  };
  const serious = (r: Awaited<ReturnType<AxeBuilder['analyze']>>) =>
    r.violations.some((v) => v.impact === 'serious' || v.impact === 'critical');
  await settle();
  let results = await new AxeBuilder({ page }).analyze();
  if (serious(results)) {
    await page.waitForTimeout(1000);
    await settle();
    results = await new AxeBuilder({ page }).analyze();
  }
  const found = results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
  }));
  mkdirSync(axeDir, { recursive: true });
  writeFileSync(
    path.join(axeDir, `${info.project.name}-${name}.json`),
    JSON.stringify({ url: page.url(), violations: found }, null, 2),
  );
  const blocking = found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // Soft: one run reports every screen's problems, and the test still fails.
  expect.soft(blocking, `serious or critical accessibility violations on ${name}`).toEqual([]);
}

/**
 * On a touch screen, every control a finger may need is at least 44 × 44 px (WCAG 2.5.5, and gloves
 * on site). Lists the controls that are smaller; visually hidden ones (screen-reader only) are skipped.
 */
export async function expectTouchTargets(page: Page, name: string) {
  const small = await page.evaluate(() => {
    const selector =
      'button, a[href], input:not([type=hidden]):not([type=file]), select, textarea, [role=button], [role=menuitem], [role=tab], [tabindex="0"]';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => !el.closest('[aria-hidden=true], [inert]'))
      .map((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const shown =
          box.width > 2 && box.height > 2 && style.visibility !== 'hidden' && style.opacity !== '0';
        const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
        return { shown, label: `${el.tagName.toLowerCase()} "${label}"`, w: box.width, h: box.height };
      })
      .filter((c) => c.shown && (c.w < 43.5 || c.h < 43.5))
      .map((c) => `${c.label} ${Math.round(c.w)}×${Math.round(c.h)}`);
  });
  expect.soft(small, `controls smaller than 44 × 44 px on ${name}`).toEqual([]);
}

/**
 * On the work-order list, narrows it to the demo work order: other journeys add work orders (the
 * planner's imports), which push it off the first page.
 */
export async function findDemoWorkOrder(page: Page) {
  await page.getByRole('textbox', { name: 'Search' }).fill(demo.woNumber);
}

/**
 * From a thermal report's page, records one measurement and comes back: a report is submitted only
 * with the data its method requires (docs/report-status.md, "Completeness before approval").
 */
export async function recordThermalMeasurement(page: Page, tag = 'Q1-LUG') {
  const reportUrl = page.url();
  await page.getByRole('link', { name: 'Open thermal analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
  // A new report's analysis is started first.
  const start = page.getByRole('button', { name: 'Start thermal analysis' });
  const add = page.getByRole('link', { name: 'Add measurement' });
  await expect(add.or(start)).toBeVisible();
  if (await start.isVisible()) await start.click();
  await add.click();
  await page.getByLabel('Tag number').fill(tag);
  await page.getByLabel('Component', { exact: true }).fill('Phase R cable lug');
  await page.getByLabel('Max temperature').fill('52.5');
  await page.getByLabel('Reference temperature').fill('40.1');
  await page.getByRole('button', { name: 'Add measurement' }).click();
  await expect(page.getByRole('row', { name: tag })).toBeVisible();
  await page.goto(reportUrl);
}

/**
 * A downloaded PDF as its reader sees it: each page turned into a PNG beside the screenshots
 * (test-results/screenshots/pdf/<name>-<page>.png, poppler's pdftoppm) to look at after the run,
 * and its text (pdftotext, in reading order, runs of spaces and line breaks as one space: a table
 * cell may wrap) to assert on.
 */
export async function readPdf(download: Download, name: string): Promise<string> {
  const dir = path.resolve(import.meta.dirname, '../test-results/screenshots/pdf');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.pdf`);
  await download.saveAs(file);
  execFileSync('pdftoppm', ['-png', '-r', '60', file, path.join(dir, name)]);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}
