import { expect, test } from '@playwright/test';
import { expectAccessible, runMark } from './fixtures.ts';
import { inspectorWithThermalTask, shootBothWidths, takeTaskAlong } from './offline-task.ts';

// The app's service worker, which the other journeys block (playwright.config.ts).
test.use({ actionTimeout: 15_000, serviceWorkers: 'allow' });

/*
 * Issue 42 (docs/offline-capture.md, "The lists the forms pick from"): offline, a picker whose list
 * is not on the device says so rather than loading without end; the report's form (not queued
 * offline, its lists not taken along) is where an inspector meets one.
 */

test('offline, a picker with no list on the device says it is shown when online @tablet', async ({
  page,
  context,
}, info) => {
  test.skip(info.project.name !== 'tablet', 'a tablet journey');
  const run = runMark(info);
  const { session, task, taskName } = await inspectorWithThermalTask(page, {
    username: `pickers-${run}`.toLowerCase(),
    woNumber: `WO-PICK-${run}`,
    reports: [
      {
        reportNumber: `RPT-PICK-${run}`,
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
});
