import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Download, Page, TestInfo } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { desktopViewport } from './viewports.ts';

export const e2eAdmin = { username: 'admin', password: 'e2e-copper-lantern-harbour-2026' };
/** Password of the demo's `planner` and `inspector` (DEMO_PASSWORD). */
export const e2eDemoPassword = 'e2e-demo-password-2026';

/** The demo data the server seeds on a new data directory. */
export const demo = {
  woNumber: 'WO-2026-0142',
  reportNumber: 'RPT-TH-2026-0001',
  reportTitle: 'Thermography of LV panel LP-3A',
};

/** Signs in on the sign-in page, as a user does: for journeys about signing in, the session, the language. */
export async function signIn(page: Page, password = e2eAdmin.password, username = e2eAdmin.username) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A signed-in session's tokens, as the login call answers them. */
export type Session = { accessToken: string; refreshToken: string };

/**
 * Signs in without the sign-in page, for journeys about something else: the login call is made by
 * the browser context (its cookie jar keeps the device cookie the server sets, as after a sign-in on
 * the page). `openSignedIn` then hands the session to the web app.
 */
export async function apiLogin(
  page: Page,
  user: { username: string; password: string } = e2eAdmin,
): Promise<Session> {
  const response = await page.request.post('/api/auth/login', { data: user });
  expect(response.status(), `sign-in of ${user.username}`).toBe(200);
  return ((await response.json()) as { data: Session }).data;
}

/**
 * A user made by the administrator through the API, with a role of the demo (by name), for a
 * journey whose subject is not making users.
 */
export async function createUserByApi(
  page: Page,
  user: { username: string; fullName: string; password: string; approvalPosition?: string },
  roleName: string,
) {
  const admin = await apiLogin(page, e2eAdmin);
  const authorization = `Bearer ${admin.accessToken}`;
  const roles = await page.request.get(`/api/roles?search=${encodeURIComponent(roleName)}`, {
    headers: { authorization },
  });
  const role = (await roles.json()).data.find((r: { name: string }) => r.name === roleName);
  const created = await page.request.post('/api/user-pdm', {
    headers: { authorization },
    data: { ...user, roleId: role.id },
  });
  expect(created.ok(), await created.text()).toBe(true);
}

/**
 * Leaves the browser signed in as the web app does after its sign-in page (apps/web/src/api/session.ts):
 * the two session cookies (path /, SameSite Strict, 7 days; another user's are replaced), `path` opened
 * in a full load as the page's `location.assign` does, and the tab's user remembered.
 */
export async function openSignedIn(page: Page, session: Session, path = '/') {
  const url = new URL('/', test.info().project.use.baseURL).href;
  const expires = Math.floor(Date.now() / 1000) + 7 * 24 * 60 * 60;
  await page.context().addCookies(
    Object.entries({ access_token: session.accessToken, refresh_token: session.refreshToken }).map(
      ([name, value]) => ({
        name,
        value: encodeURIComponent(value),
        url,
        expires,
        sameSite: 'Strict' as const,
      }),
    ),
  );
  await page.goto(path);
  const claims = session.accessToken.split('.')[1]!;
  const { sub } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { sub: string };
  await page.evaluate((id) => sessionStorage.setItem('inspectra.tabUser', id), sub);
}

/** Signs in through the API (see apiLogin) and opens `path`; returns the session for API calls. */
export async function signInByApi(
  page: Page,
  path = '/',
  user: { username: string; password: string } = e2eAdmin,
): Promise<Session> {
  const session = await apiLogin(page, user);
  await openSignedIn(page, session, path);
  return session;
}

/** The demo thermal report's page (its id is made when the server seeds the demo data). */
export async function demoReportPath(page: Page, session: Session): Promise<string> {
  const response = await page.request.get('/api/report-headers', {
    headers: { authorization: `Bearer ${session.accessToken}` },
    params: { search: demo.reportNumber },
  });
  expect(response.status(), await response.text()).toBe(200);
  const found = ((await response.json()) as { data: { id: string; reportNumber: string }[] }).data;
  return `/reports/${found.find((r) => r.reportNumber === demo.reportNumber)!.id}`;
}

/** Makes a record through the API (201 expected) and answers its id and version. */
export type MakeRecord = (
  path: string,
  data: Record<string, unknown>,
) => Promise<{ id: string; version: number }>;

/** Records made through the API as this session's user: each create must answer 201. */
export function recordMaker(page: Page, session: Session): MakeRecord {
  const headers = { authorization: `Bearer ${session.accessToken}` };
  return async (path, data) => {
    const response = await page.request.post(path, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: { id: string; version: number } }).data;
  };
}

/** The asset master's equipment number of the equipment tagged so (a report names it). */
export async function equipmentNoOf(page: Page, session: Session, tagNumber: string): Promise<string> {
  const found = await page.request.get('/api/asset', {
    headers: { authorization: `Bearer ${session.accessToken}` },
    params: { search: tagNumber },
  });
  expect(found.status(), await found.text()).toBe(200);
  const assets = ((await found.json()) as { data: { equipmentNo: string; tagNumber: string }[] }).data;
  return assets.find((e) => e.tagNumber === tagNumber)!.equipmentNo;
}

/** A report `approvedReport` makes: what it is about, and its technique's records. */
export type ReportSetup = {
  /** `RPT-…`; its work order is numbered the same with `WO-`. */
  reportNumber: string;
  title: string;
  inspectionMethod: string;
  /** The equipment, by its category and tag (the asset master's equipment number is looked up). */
  equipmentCategory: string;
  tagNumber: string;
  location: string;
  /** The technique's records under the report, made before it is submitted. */
  records: (report: { id: string }, make: MakeRecord) => Promise<void>;
};

/**
 * An approved report made through the API, as the demo's are seeded, for journeys about what an
 * approved report does (supersession, the register of findings): its own work order naming its
 * own one-level path (the area inspection engineer, the demo's reviewer1), so a journey changing a
 * method's approval settings meanwhile does not move it; submitted by the administrator, approved
 * by reviewer1. Answers the report's id and its equipment number.
 */
export async function approvedReport(
  page: Page,
  admin: Session,
  setup: ReportSetup,
): Promise<{ id: string; equipmentNo: string }> {
  const make = recordMaker(page, admin);
  const move = async (id: string, status: string, token: string) => {
    const response = await page.request.put(`/api/report-headers/update-report-status/${id}`, {
      headers: { authorization: `Bearer ${token}` },
      params: { status },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  const equipmentNo = await equipmentNoOf(page, admin, setup.tagNumber);
  const workOrder = await make('/api/work-order-spks', {
    woNumber: setup.reportNumber.replace(/^RPT-/, 'WO-'),
    title: setup.title,
    equipmentCategory: setup.equipmentCategory,
    tagNumber: setup.tagNumber,
  });
  await make('/api/wo-task-assignments', {
    workOrderSPKId: workOrder.id,
    inspectionMethod: setup.inspectionMethod,
    userPDMIds: [],
    levelApprovals: [1],
    positionLevels: ['Area inspection engineer'],
  });
  const report = await make('/api/report-headers', {
    workOrderSPKId: workOrder.id,
    reportNumber: setup.reportNumber,
    title: setup.title,
    equipmentNo,
    inspectionMethod: setup.inspectionMethod,
    location: setup.location,
  });
  await setup.records(report, make);
  const reviewer = await apiLogin(page, { username: 'reviewer1', password: e2eDemoPassword });
  await move(report.id, 'submitted', admin.accessToken);
  await move(report.id, 'approved', reviewer.accessToken);
  return { id: report.id, equipmentNo };
}

/** Saves a screenshot to look at after the run (test-results/screenshots). */
export async function snap(page: Page, name: string) {
  const started = Date.now();
  await expect(page.locator('body')).toBeVisible();
  // Settled: no table still dimmed by a request in flight.
  await page.waitForLoadState('networkidle');
  // From the top, so the fixed header sits where a user sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  const viewport = page.viewportSize();
  const touch = await page.evaluate(() => matchMedia('(pointer: coarse)').matches);
  if (!touch || !viewport) {
    await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
    timing('snap', name, started);
    return;
  }
  // A full-page capture drops touch emulation while it runs, and with it the finger-sized controls:
  // on a touch screen, make the window as tall as the page instead.
  await wholePage(page, viewport.width, viewport.height, name);
  // A field journey runs on the tablet alone (playwright.config.ts, `@field`): the same screen is
  // photographed at the desktop's width too, under the name the desktop's run would give it.
  if (test.info().tags.includes('@field')) {
    const desktop = name.startsWith('tablet-') ? name.replace('tablet-', 'desktop-') : `${name}-desktop`;
    await wholePage(page, desktopViewport.width, desktopViewport.height, desktop);
  }
  await page.setViewportSize(viewport);
  timing('snap', name, started);
}

/** Photographs the page at `width`, the window made as tall as the page (at least `height`). */
async function wholePage(page: Page, width: number, height: number, name: string) {
  await page.setViewportSize({ width, height });
  // Laid out at that width: two frames, then the page's height there.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const tall = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height: Math.max(tall, height) });
  await page.screenshot({ path: `test-results/screenshots/${name}.png` });
}

/**
 * Opens `path` where the session has ended: the page may move to the sign-in page by itself
 * before the navigation's load (its first call refused), which aborts the navigation; either way
 * the sign-in page is what the user sees next. Waited for only until the server's answer arrives:
 * a page that moves by itself can leave a navigation waiting for a load that never comes.
 */
export async function gotoWithSessionEnded(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit' }).catch((error: unknown) => {
    if (!String(error).includes('net::ERR_ABORTED')) throw error;
  });
}

/** Closes the notices on the screen as a user does, rather than waiting for them to close by themselves. */
export async function closeNotices(page: Page) {
  const notices = page.locator('.mantine-Notification-root');
  // Until none is left: a notice may still be arriving (a save's answer) while the others are
  // closed, and one under a resting pointer stays open until closed.
  await expect(async () => {
    for (const close of await notices.getByRole('button', { name: 'Close' }).all()) {
      // One may close by itself meanwhile.
      await close.click({ timeout: 2000 }).catch(() => {});
    }
    await expect(notices).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
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
export async function expectAccessible(page: Page, info: TestInfo, name: string, screen = name) {
  // Once per screen and project in a run: a screen met again in a later journey (the same page in
  // the same state, named by `screen`) was checked where it was first met.
  const key = `${info.project.name}|${screen}`;
  if (checkedScreens.has(key)) return;
  checkedScreens.add(key);
  const started = Date.now();
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
    // Two frames: what the last change of state drew is on the screen axe reads.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
  };
  const serious = (r: AxeResults) =>
    r.violations.some((v) => v.impact === 'serious' || v.impact === 'critical');
  await settle();
  const settled = Date.now();
  let results = await runAxe(page);
  const analysed = Date.now();
  const retried = serious(results);
  if (retried) {
    await page.waitForTimeout(1000);
    await settle();
    results = await runAxe(page);
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
  timing('axe', name, started, { settle: settled - started, analyse: analysed - settled, retried });
}

/** axe-core's own script, the one @axe-core/playwright injects (its dependency, so the same version). */
const axeSource = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);

/**
 * axe-core's `run` on the whole page with its default rules, as @axe-core/playwright's `analyze` does
 * in its legacy mode, less its cost: that injects axe's 600 kB into every frame twice per check, and
 * (outside legacy mode) finishes each check in a new blank page. Here axe is injected into a frame
 * once per document (the web app changes screens without loading a new one), then run in place,
 * asked for violations only.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate('typeof window.axe?.run === "function"'))) await frame.evaluate(axeSource);
  }
  // Violations only: axe then keeps no node details of what passed, which is most of its work.
  return page.evaluate(() =>
    (
      window as unknown as {
        axe: { run: (c: Document, o: { resultTypes: string[] }) => Promise<AxeResults> };
      }
    ).axe.run(document, { resultTypes: ['violations'] }),
  );
}

/** Screens checked with axe in this worker, by project and screen (see expectAccessible). */
const checkedScreens = new Set<string>();

/** With E2E_TIMINGS set, how long each check and photograph took (test-results/timings.jsonl). */
function timing(kind: string, name: string, started: number, extra: object = {}) {
  if (!process.env.E2E_TIMINGS) return;
  const info = test.info();
  mkdirSync(path.resolve(import.meta.dirname, '../test-results'), { recursive: true });
  appendFileSync(
    path.resolve(import.meta.dirname, '../test-results/timings.jsonl'),
    `${JSON.stringify({ project: info.project.name, test: info.title, kind, name, ms: Date.now() - started, ...extra })}\n`,
  );
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

/**
 * A mark no other journey of the run makes (its time, its project's initial and a random part):
 * the tags and numbers a journey creates, unique even when journeys start in the same millisecond.
 */
export function runMark(info: { project: { name: string } }): string {
  const random = Math.random().toString(36).slice(2, 6);
  return `${Date.now().toString(36)}${info.project.name.slice(0, 1)}${random}`.toUpperCase();
}
