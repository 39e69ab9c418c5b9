import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible, runMark } from './fixtures.ts';
import type { Session } from './fixtures.ts';
import { addMeasurement, inspectorWithThermalTask, shootBothWidths, takeTaskAlong } from './offline-task.ts';

// The app's service worker, which the other journeys block (playwright.config.ts).
test.use({ actionTimeout: 15_000, serviceWorkers: 'allow' });

/*
 * Issue 42 (docs/offline-capture.md, "Photos taken along"): a task taken along keeps its photos on
 * the tablet, reduced to 1280 px on their longest side; with no network the measurement's details
 * and the viewer draw them from the device, a photo that is not there says so, and a measurement
 * added offline with a photo shows it from the queue, after a reload too.
 */

const shoot = (page: Page, name: string) => shootBothWidths(page, 'offline-photos', name);
const thermalPng = path.resolve(
  import.meta.dirname,
  '../apps/server/src/modules/seed/assets/thermal-demo.png',
);

/** A camera's photo, 2400 × 1800 px, drawn by the browser as a JPEG (a thermal camera's export). */
async function largeJpeg(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(2400, 1800);
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 2400, 1800);
    gradient.addColorStop(0, '#1a0b5e');
    gradient.addColorStop(0.6, '#d9480f');
    gradient.addColorStop(1, '#ffe066');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 2400, 1800);
    context.fillStyle = '#ffffff';
    context.beginPath();
    context.arc(1600, 700, 260, 0, 2 * Math.PI);
    context.fill();
    const bytes = new Uint8Array(
      await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer(),
    );
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

/** A measurement with photos, made by the administrator through the API (a multipart form). */
async function measurementWithPhotos(
  page: Page,
  admin: Session,
  analysisId: string,
  tagNumber: string,
  images: Record<string, { name: string; mimeType: string; buffer: Buffer }>,
) {
  const sent = await page.request.post('/api/thermal-measurements', {
    headers: { authorization: `Bearer ${admin.accessToken}` },
    multipart: {
      thermalAnalysisId: analysisId,
      date: '2026-11-20',
      tagNumber,
      component: 'Cable lug',
      maxTemperatureC: '86.4',
      referenceTemperatureC: '40.9',
      ...images,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return ((await sent.json()) as { data: { visualImage: { url: string } | null } }).data;
}

/** Reloads the page with no network: the emulated one tells the page nothing, so it is told. */
async function reloadWithNoNetwork(page: Page, heading: string) {
  await page.reload();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await page.evaluate(() => navigator.onLine && window.dispatchEvent(new Event('offline')));
}

/** The pixel width of the image an <img> holds once loaded: the copy on the device, not its box. */
const naturalWidth = (img: Locator) =>
  expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), {
    timeout: 15_000,
  });

test('photos of a task taken along show offline at a reduced size, and a photo saved offline shows from the device @tablet', async ({
  page,
  context,
}, info) => {
  test.skip(info.project.name !== 'tablet', 'a tablet journey');
  const run = runMark(info);
  const reportNumber = `RPT-PHO-${run}`;
  const tablet = page.viewportSize()!;

  // 1. An inspector's thermal task; a measurement with a camera's photo and a small one.
  const { session, admin, task, reports, taskName } = await inspectorWithThermalTask(page, {
    username: `photos-${run}`.toLowerCase(),
    woNumber: `WO-PHO-${run}`,
    reports: [
      {
        reportNumber,
        title: 'Thermography of LV panel LP-3A',
        summary: `Panel LP-3A scanned at 80 % load (${run}).`,
        tags: ['F-07-R'],
      },
    ],
  });
  const analysisId = reports[0]!.analysis!.id;
  const small = { name: 'lug-visual.png', mimeType: 'image/png', buffer: readFileSync(thermalPng) };
  await measurementWithPhotos(page, admin, analysisId, 'F-07-P', {
    thermalImage: { name: 'lug-ir.jpg', mimeType: 'image/jpeg', buffer: await largeJpeg(page) },
    visualImage: small,
  });

  // One whose photo the server cannot serve (busy) while the task is taken along.
  const busy = await measurementWithPhotos(page, admin, analysisId, 'F-07-Q', { visualImage: small });
  const busyPhoto = `**${busy.visualImage!.url}`;
  await context.route(busyPhoto, (route) =>
    route.fulfill({
      status: 503,
      json: { data: null, statusCode: 503, message: 'The server is busy', error: { code: 'UNAVAILABLE' } },
    }),
  );

  // 2. Taken along: the indicator counts its photos, and the one it could not read.
  await takeTaskAlong(page, session, task.id, taskName);
  await context.unroute(busyPhoto);
  const indicator = page.getByRole('banner').getByRole('button', { name: /1 task on this device/ });
  await indicator.click();
  const kept = page.getByRole('dialog');
  await expect(kept.getByText('2 photos', { exact: true })).toBeVisible();
  await expect(kept.getByText('1 photo could not be read: refresh to try again')).toBeVisible();
  await expectAccessible(
    page,
    info,
    `offline-photos-${info.project.name}-indicator`,
    'offline-photos-indicator',
  );
  await shoot(page, 'indicator');
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: `Open report ${reportNumber}` }).click();
  await page.getByRole('link', { name: 'Open thermal analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
  const measurements = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: /Tag/ }) });

  // 4. No network, reloaded: the photos come from the device, at 1280 px (the small one as it was).
  await context.setOffline(true);
  await reloadWithNoNetwork(page, 'Thermal analysis');
  await expect(page.getByRole('banner').getByRole('button', { name: /^Offline/ })).toBeVisible();
  const pictured = measurements.getByRole('row').filter({ hasText: 'F-07-P' });
  // The images' column is the table's at desktop width (a tablet's opens the row for it).
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(pictured.getByLabel('2 images')).toBeVisible();
  await page.setViewportSize(tablet);
  await pictured.getByRole('cell', { name: 'F-07-P', exact: true }).click();
  const details = page.getByRole('dialog', { name: 'Measurement F-07-P' });
  const thermal = details.getByRole('button', { name: 'Open Thermal image full size' });
  await naturalWidth(thermal.locator('img')).toBe(1280);
  await naturalWidth(
    details.getByRole('button', { name: 'Open Visual image full size' }).locator('img'),
  ).toBe(320);
  await expectAccessible(page, info, `offline-photos-${info.project.name}-details`, 'offline-photos-details');
  await shoot(page, 'details');
  await thermal.click();
  const viewer = page.getByRole('dialog', { name: /Thermal image/ });
  await naturalWidth(viewer.getByRole('img', { name: 'Thermal image' })).toBe(1280);
  await shoot(page, 'viewer');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);

  // The photo the server could not serve is not on the device: said, never a broken image.
  await measurements.getByRole('cell', { name: 'F-07-Q', exact: true }).first().click();
  const later = page.getByRole('dialog', { name: 'Measurement F-07-Q' });
  await expect(later.getByText('Photo not on this device — shown when online')).toBeVisible();
  await expect(later.locator('img')).toHaveCount(0);
  await expectAccessible(
    page,
    info,
    `offline-photos-${info.project.name}-not-on-device`,
    'offline-photos-missing',
  );
  await shoot(page, 'not-on-device');
  await page.keyboard.press('Escape');
  await expect(later).toHaveCount(0);

  // 5. A measurement added offline with a photo: counted in the table, shown after a reload.
  await addMeasurement(page, { tag: 'F-07-T', component: 'Cable lug', max: 61.2, ref: 40.9 }, thermalPng);
  await reloadWithNoNetwork(page, 'Thermal analysis');
  const added = measurements.getByRole('row').filter({ hasText: 'F-07-T' });
  await expect(added).toContainText('Waiting to sync');
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(added.getByLabel('1 image')).toBeVisible();
  await page.setViewportSize(tablet);
  await added
    .getByRole('cell', { name: /F-07-T/ })
    .first()
    .click();
  const queued = page.getByRole('dialog', { name: 'Measurement F-07-T' });
  await naturalWidth(
    queued.getByRole('button', { name: 'Open Thermal image full size' }).locator('img'),
  ).toBe(320);
  await shoot(page, 'queued-details');
  await page.keyboard.press('Escape');
  await expect(queued).toHaveCount(0);
  // Its form, opened again offline, shows the photo it was saved with.
  await page.getByRole('button', { name: 'Edit measurement F-07-T' }).click();
  await expect(page.getByLabel('Tag number')).toHaveValue('F-07-T');
  await naturalWidth(page.getByRole('img', { name: 'Preview of Thermal image' })).toBe(320);
  await expectAccessible(
    page,
    info,
    `offline-photos-${info.project.name}-queued-form`,
    'offline-photos-form',
  );
  await shoot(page, 'queued-form');

  // 6. Back online: the measurement reaches the server once, with its photo.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByRole('banner').getByRole('button', { name: /^Online/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect
    .poll(async () => {
      const rows = await page.request.get('/api/thermal-measurements/by-thermal-analysis', {
        headers: { authorization: `Bearer ${session.accessToken}` },
        params: { thermalAnalysisId: analysisId },
      });
      const data = (
        (await rows.json()) as { data: { tagNumber: string; thermalImage: { size: number } | null }[] }
      ).data;
      return data.filter((r) => r.tagNumber === 'F-07-T').map((r) => r.thermalImage?.size ?? 0);
    })
    .toEqual([readFileSync(thermalPng).length]);
});
