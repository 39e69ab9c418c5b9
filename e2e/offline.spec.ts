import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { closeNotices, expectAccessible, runMark } from './fixtures.ts';
import { inspectorWithThermalTask, shootBothWidths, takeTaskAlong } from './offline-task.ts';

// The app's service worker, which the other journeys block (playwright.config.ts).
test.use({ actionTimeout: 15_000, serviceWorkers: 'allow' });

/*
 * Issue 42 (docs/offline-capture.md): the app's files kept by its service worker, and a task taken
 * along kept by the offline copy, so a tablet with no network opens the task's report and thermal
 * inspection after a reload; the findings saved there wait in the device's queue (a reload too) and
 * reach the server once when the network is back.
 */

const shoot = (page: Page, name: string) => shootBothWidths(page, 'offline', name);

/**
 * Reloads the page with the context offline. Chromium's emulated network: a page the service worker
 * loaded starts with navigator.onLine true (where a device with no network says false from the
 * start) and hears no change, so the browser's event is given to it as the device would.
 */
async function reloadOffline(page: Page, heading: string) {
  await page.reload();
  // Once the app listens (its screen is shown).
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await page.evaluate(() => navigator.onLine && window.dispatchEvent(new Event('offline')));
}

test('an inspector takes a task offline and opens its report and thermal inspection with no network @tablet', async ({
  page,
  context,
}, info) => {
  // A tablet journey; shoot() photographs it at desktop width too (the desktop project would write
  // the same photographs, its "tablet" ones at desktop width).
  test.skip(info.project.name !== 'tablet', 'a tablet journey');
  const run = runMark(info);
  const woNumber = `WO-OFF-${run}`;
  const reportNumber = `RPT-OFF-${run}`;

  // 1. An inspector of their own, with a thermal task whose report holds two measurements.
  const { session, task, reports, taskName } = await inspectorWithThermalTask(page, {
    username: `offline-${run}`.toLowerCase(),
    woNumber,
    reports: [
      {
        reportNumber,
        title: 'Thermography of LV panel LP-3A',
        summary: `Panel LP-3A scanned at 80 % load (${run}).`,
        tags: ['F-07-R', 'F-07-S'],
      },
    ],
  });
  const report = reports[0]!;
  const analysis = report.analysis;

  // 2–3. On the task, online, once the app's files are on the device; made available offline.
  await takeTaskAlong(page, session, task.id, taskName);
  await expect(page.getByText(/^On this device · Taken now$/)).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Online (1 task on this device)' }),
  ).toBeVisible();

  // 4. No network, the page reloaded: the app comes from the device, the task from the copy.
  await context.setOffline(true);
  const offline = page.getByRole('banner').getByRole('button', { name: 'Offline (1 task on this device)' });
  await expect(offline).toBeVisible();
  await reloadOffline(page, taskName);
  await expect(offline).toBeVisible();
  await offline.click();
  const kept = page.getByRole('dialog');
  await expect(kept.getByRole('heading', { name: 'On this device', exact: true })).toBeVisible();
  await expect(kept.getByText(/^No network\./)).toBeVisible();
  await expect(kept.getByRole('link', { name: taskName })).toBeVisible();
  await expect(kept.getByText(/^Taken (now|\d+ min ago)$/)).toBeVisible();
  const needsServer = 'Needs a connection to the server';
  const refresh = kept.getByRole('button', { name: `Refresh ${taskName} on this device` });
  await expect(refresh).toBeDisabled();
  await expect(refresh).toHaveAccessibleDescription(needsServer);
  await expectAccessible(page, info, `offline-${info.project.name}-indicator`, 'offline-indicator');
  await shoot(page, 'indicator');
  await page.keyboard.press('Escape');
  // On the task, so is refreshing it; a new report stays offered.
  const takeAgain = page
    .getByRole('main')
    .getByRole('button', { name: `Refresh ${taskName} on this device` });
  await expect(takeAgain).toBeDisabled();
  await expect(takeAgain).toHaveAccessibleDescription(needsServer);
  await expect(page.getByRole('link', { name: 'Create report' })).toBeEnabled();

  // The report and its thermal inspection, still without a network, even after another reload.
  await page.getByRole('link', { name: `Open report ${reportNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(reportNumber);
  // What only the server can do waits for it, and says so (docs/offline-capture.md).
  const pdf = page.getByRole('button', { name: 'Download PDF' });
  await expect(pdf).toBeDisabled();
  await expect(pdf).toHaveAccessibleDescription(needsServer);
  await pdf.hover();
  await expect(page.getByRole('tooltip')).toHaveText(needsServer);
  await page.getByRole('link', { name: 'Open thermal analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
  await reloadOffline(page, 'Thermal analysis');
  await expect(offline).toBeVisible();
  // Each measurement in the table (its tag is also named by the verdict above it).
  const measurements = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: /Tag/ }) });
  await expect(measurements.getByRole('cell', { name: 'F-07-R' }).first()).toBeVisible();
  await expect(measurements.getByRole('cell', { name: 'F-07-S' }).first()).toBeVisible();
  // The trend over the equipment's reports was never read on this device: said, not empty axes.
  await expect(page.getByRole('figure', { name: /over its reports$/ })).toContainText(
    'Not on this device — shown when online',
  );
  // A form's save offline goes into the device's queue, and says so (docs/offline-capture.md, part 4).
  const findings = `Retorque F-07-R lug (${run}).`;
  await page.getByLabel('Result').fill(findings);
  await page.getByRole('button', { name: 'Save findings' }).click();
  await expect(
    page.getByText('Saved on this device — it will be sent when the connection is back').first(),
  ).toBeVisible();
  await closeNotices(page);
  // A measurement added offline: in the table at once, marked as waiting to sync, with its id made
  // on the device (docs/offline-capture.md, "What the screens show until the sync").
  await page.getByRole('link', { name: 'Add measurement' }).click();
  await page.getByLabel('Tag number').fill('F-07-T');
  await page.getByLabel('Component', { exact: true }).fill('Cable lug');
  await page.getByLabel('Max temperature').fill('61.2');
  await page.getByLabel('Reference temperature').fill('40.9');
  await page.getByRole('button', { name: 'Add measurement' }).click();
  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
  await closeNotices(page);
  const added = measurements.getByRole('row').filter({ hasText: 'F-07-T' });
  await expect(added).toContainText('Waiting to sync');
  await expect(measurements.getByRole('row').filter({ hasText: 'F-07-R' })).not.toContainText(
    'Waiting to sync',
  );
  const waiting = page
    .getByRole('banner')
    .getByRole('button', { name: /^Offline.*\(2 changes waiting\).*\(1 task on this device\)$/ });
  await expect(waiting).toBeVisible();
  // Still waiting after a reload with no network: the queue is on the device, and the screen shows
  // what was saved on it, not the record as last read from the server.
  await reloadOffline(page, 'Thermal analysis');
  await expect(waiting).toBeVisible();
  await expect(page.getByLabel('Result')).toHaveValue(findings);
  await expect(added).toContainText('Waiting to sync');
  await waiting.click();
  const changes = page.getByRole('dialog');
  await expect(changes.getByText('2 changes waiting to sync')).toBeVisible();
  await expect(changes.getByRole('button', { name: 'Sync now' })).toHaveAccessibleDescription(needsServer);
  await expectAccessible(page, info, `offline-${info.project.name}-changes`, 'offline-changes');
  await shoot(page, 'changes-waiting');
  await page.keyboard.press('Escape');
  await expectAccessible(page, info, `offline-${info.project.name}-thermal`, 'offline-thermal');
  await shoot(page, 'thermal');

  // 5. Back online: the queued change is sent by itself and the indicator counts none.
  await context.setOffline(false);
  // The page the emulation never told it was offline hears no "online" either: given as above.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Online (1 task on this device)' }),
  ).toBeVisible({ timeout: 30_000 });
  // The server holds the findings, written once: one version on from the one the form read.
  const stored = await page.request.get('/api/thermal-analysis/by-report', {
    headers: { authorization: `Bearer ${session.accessToken}` },
    params: { reportHeaderId: report.id },
  });
  expect(stored.status(), await stored.text()).toBe(200);
  const held = ((await stored.json()) as { data: { id: string; result: string; version: number } }).data;
  expect(held).toMatchObject({ id: analysis.id, result: findings, version: (analysis.version ?? 1) + 1 });
  // The measurement made offline, once, under the id the device made; the table's mark gone.
  const rows = await page.request.get('/api/thermal-measurements/by-thermal-analysis', {
    headers: { authorization: `Bearer ${session.accessToken}` },
    params: { thermalAnalysisId: analysis.id },
  });
  expect(rows.status(), await rows.text()).toBe(200);
  const tags = ((await rows.json()) as { data: { tagNumber: string }[] }).data.map((r) => r.tagNumber);
  expect(tags.filter((tag) => tag === 'F-07-T')).toHaveLength(1);
  await expect(added).toBeVisible();
  await expect(added).not.toContainText('Waiting to sync');
  // The screen reads the record again once its change is written: it shows the findings sent,
  // and a save online now carries the version the server holds (no conflict with its own change).
  await expect(page.getByLabel('Result')).toHaveValue(findings);
  await page.getByLabel('Result').fill(`${findings} Checked again online.`);
  await page.getByRole('button', { name: 'Save findings' }).click();
  await expect(page.getByText(/^(Findings|Conclusions) saved$/).first()).toBeVisible();
  const again = await page.request.get('/api/thermal-analysis/by-report', {
    headers: { authorization: `Bearer ${session.accessToken}` },
    params: { reportHeaderId: report.id },
  });
  expect(((await again.json()) as { data: { version: number } }).data.version).toBe(held.version + 1);
});
