import { expect, test } from '@playwright/test';
import {
  apiLogin,
  closeNotices,
  equipmentNoOf,
  expectAccessible,
  openSignedIn,
  recordMaker,
  runMark,
  snap,
} from './fixtures.ts';

/*
 * Issue 42 (docs/offline-capture.md, "Server reachability"): a tablet joined to a plant access point
 * with no route to the server. The browser says online; the app learns from its own calls that the
 * server does not answer, turns offline, keeps the findings saved meanwhile in the device's queue,
 * and sends them once when the server answers again.
 */

test('a save that finds no server is kept on the device and sent once the server answers @tablet', async ({
  page,
}, info) => {
  test.skip(info.project.name !== 'tablet', 'a tablet journey');
  const run = runMark(info);
  const admin = await apiLogin(page);
  const make = recordMaker(page, admin);
  const workOrder = await make('/api/work-order-spks', {
    woNumber: `WO-REACH-${run}`,
    title: 'Thermography of LV panel LP-3A',
    equipmentCategory: 'electrical',
    tagNumber: 'LP-3A',
  });
  const equipmentNo = await equipmentNoOf(page, admin, 'LP-3A');
  const report = await make('/api/report-headers', {
    workOrderSPKId: workOrder.id,
    reportNumber: `RPT-REACH-${run}`,
    title: 'Thermography of LV panel LP-3A',
    equipmentNo,
    inspectionMethod: 'thermal',
    location: 'Substation 3, room 2',
  });
  const analysis = await make('/api/thermal-analysis', {
    reportHeaderId: report.id,
    summary: `Panel LP-3A scanned at 80 % load (${run}).`,
  });

  await openSignedIn(page, admin, `/reports/${report.id}`);
  await page.getByRole('link', { name: 'Open thermal analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: /^Online/ })).toBeVisible();

  // The access point stays up (the browser says online); the server is not reached.
  let tries = 0;
  await page.route('**/api/**', (route) => {
    tries += 1;
    return route.abort('connectionrefused');
  });
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);

  const findings = `Retorque F-07-R lug (${run}).`;
  await page.getByLabel('Result').fill(findings);
  await page.getByRole('button', { name: 'Save findings' }).click();
  await expect(
    page.getByText('Saved on this device — it will be sent when the connection is back').first(),
  ).toBeVisible();
  await closeNotices(page);
  // The app says offline by itself, and counts the change.
  const waiting = banner.getByRole('button', { name: /^Offline.*\(1 change waiting\)/ });
  await expect(waiting).toBeVisible();
  await waiting.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('1 change waiting to sync')).toBeVisible();
  await expect(
    dialog.getByText(/^The server does not answer, though the device has a network\./),
  ).toBeVisible();
  await expectAccessible(page, info, `reach-${info.project.name}-changes`, 'offline-changes');
  const tablet = page.viewportSize()!;
  await snap(page, 'reach-tablet-changes-waiting');
  await page.setViewportSize({ width: 1366, height: 900 });
  await snap(page, 'reach-desktop-changes-waiting');
  await page.setViewportSize(tablet);
  await page.keyboard.press('Escape');
  expect(tries).toBeGreaterThan(1);

  // The server answers again: the probe finds it, the app is online, the change is sent by itself.
  await page.unroute('**/api/**');
  await expect(banner.getByRole('button', { name: /^Online/ })).toBeVisible({ timeout: 40_000 });
  await expect(banner.getByRole('button', { name: /change waiting/ })).toHaveCount(0, { timeout: 30_000 });
  const stored = await page.request.get('/api/thermal-analysis/by-report', {
    headers: { authorization: `Bearer ${admin.accessToken}` },
    params: { reportHeaderId: report.id },
  });
  const held = ((await stored.json()) as { data: { id: string; result: string; version: number } }).data;
  // Written once: one version on from the one the form read.
  expect(held).toMatchObject({ id: analysis.id, result: findings, version: analysis.version + 1 });
  await expect(page.getByLabel('Result')).toHaveValue(findings);
  await snap(page, 'reach-tablet-synced');
});
