import { expect, test } from '@playwright/test';
import { closeNotices, expectAccessible, runMark } from './fixtures.ts';
import { inspectorWithThermalTask, shootBothWidths, takeTaskAlong } from './offline-task.ts';

// The app's service worker, which the other journeys block (playwright.config.ts).
test.use({ actionTimeout: 15_000, serviceWorkers: 'allow' });

/*
 * Issue 42 (docs/offline-capture.md): offline, a picker whose list is not on the device says so
 * rather than loading without end (the report's form, not queued offline, its lists not taken
 * along, is where an inspector meets one); a change kept on the device for 27 days is said to need
 * syncing before the server forgets its key.
 */

test('offline, a picker with no list says so, and a change kept 27 days asks to be synced @tablet', async ({
  page,
  context,
}, info) => {
  test.skip(info.project.name !== 'tablet', 'a tablet journey');
  const run = runMark(info);
  // The page's clock runs as ever until the journey moves it on (step 3).
  await page.clock.install();
  const reportNumber = `RPT-PICK-${run}`;
  const { session, task, taskName } = await inspectorWithThermalTask(page, {
    username: `pickers-${run}`.toLowerCase(),
    woNumber: `WO-PICK-${run}`,
    reports: [
      {
        reportNumber,
        title: 'Thermography of LV panel LP-3A',
        summary: `Panel LP-3A scanned at 80 % load (${run}).`,
        tags: ['F-07-P'],
      },
    ],
  });
  await takeTaskAlong(page, session, task.id, taskName);

  await context.setOffline(true);
  // Chromium's emulation does not tell a page its service worker loaded: given as a device would.
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await expect(page.getByRole('banner').getByRole('button', { name: /^Offline/ })).toBeVisible();

  await page.getByRole('link', { name: 'Create report' }).click();
  const objectType = page.getByRole('combobox', { name: 'Object type' });
  await objectType.click();
  // Said with the field, and no empty list drops down.
  await expect(objectType).toHaveAccessibleDescription('Not on this device — shown when online');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expectAccessible(page, info, `offline-pickers-${info.project.name}-not-on-device`, 'offline-picker');
  await shootBothWidths(page, 'offline-pickers', 'not-on-device');

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  // Back online the list comes by itself.
  await expect(objectType).not.toHaveAccessibleDescription(/Not on this device/, { timeout: 15_000 });
  await objectType.click();
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();

  // 3. Offline again, findings saved on the device; 27 days pass before the tablet is back in range.
  await page.keyboard.press('Escape');
  await page.goBack();
  await context.setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await page.getByRole('link', { name: `Open report ${reportNumber}` }).click();
  await page.getByRole('link', { name: 'Open thermal analysis' }).click();
  await page.getByLabel('Result').fill(`Retorque F-07-P lug (${run}).`);
  await page.getByRole('button', { name: 'Save findings' }).click();
  await expect(
    page.getByText('Saved on this device — it will be sent when the connection is back').first(),
  ).toBeVisible();
  await closeNotices(page);
  await page.clock.setSystemTime(Date.now() + 27 * 24 * 3600_000 + 3600_000);
  // The indicator's minute goes by.
  await page.clock.runFor(61_000);
  const indicator = page.getByRole('banner').getByRole('button', { name: /made 27 days ago: sync it soon/ });
  await expect(indicator).toBeVisible();
  await indicator.click();
  await expect(
    page.getByText(
      'Made 27 days ago: sync it soon — after 30 days the server no longer recognises a resend.',
    ),
  ).toBeVisible();
  await expectAccessible(page, info, `offline-pickers-${info.project.name}-old-change`, 'offline-old-change');
  await shootBothWidths(page, 'offline-pickers', 'old-change');
});
