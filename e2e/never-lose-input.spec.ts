import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';
import { apiLogin, demoReportPath, e2eAdmin, openSignedIn, snap } from './fixtures.ts';

/*
 * Never lose input: a draft survives an expired session and a reload, the session can be renewed
 * on the page during a save, a server's field error is shown on its field and focused, leaving
 * unsaved findings asks first, and a file that is not an image is refused on the field.
 */

const thermalPng = path.resolve(
  import.meta.dirname,
  '../apps/server/src/modules/seed/assets/thermal-demo.png',
);

/**
 * Signs in (through the API: these journeys are about what happens once signed in) on the demo
 * report's thermal analysis; returns its path.
 */
async function signInOnThermalAnalysis(page: Page): Promise<string> {
  const session = await apiLogin(page);
  const path = `${await demoReportPath(page, session)}/thermal`;
  await openSignedIn(page, session, path);
  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
  return path;
}

/** Both tokens stop being valid, as when an inspector comes back to the tablet the next day. */
async function expireSession(page: Page, context: BrowserContext) {
  const { hostname } = new URL(page.url());
  await context.addCookies([
    { name: 'access_token', value: 'expired', domain: hostname, path: '/' },
    { name: 'refresh_token', value: 'revoked', domain: hostname, path: '/' },
  ]);
}

async function chooseImage(page: Page, slot: string, file: string | Parameters<Page['setInputFiles']>[1]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: `Choose image for ${slot}` }).click();
  await (await chooser).setFiles(file as string);
}

test('a draft with its photo survives an expired session and a reload @tablet', async ({
  page,
  context,
}, info) => {
  const tag = `E2E-DRAFT-${info.project.name}`;
  await signInOnThermalAnalysis(page);
  await page.getByRole('link', { name: 'Add measurement' }).click();
  await page.getByLabel('Tag number').fill(tag);
  await page.getByLabel('Max temperature').fill('45');
  await page.getByLabel('Reference temperature').fill('40');
  await chooseImage(page, 'Thermal image', thermalPng);
  await expect(page.getByRole('img', { name: /Thermal image/ })).toBeVisible();
  const formAddress = page.url();

  // The session ends and the page is reloaded: the sign-in page, then back to the same form.
  await expireSession(page, context);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page).toHaveURL(/\/auth\/\?code=401$/);
  await page.getByLabel('Username').fill(e2eAdmin.username);
  await page.getByLabel('Password', { exact: true }).fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(formAddress);

  await expect(page.getByText(/Restored your unsaved changes from/)).toBeVisible();
  await expect(page.getByLabel('Tag number')).toHaveValue(tag);
  await expect(page.getByLabel('Max temperature')).toHaveValue('45');
  await expect(page.getByRole('img', { name: /Thermal image/ })).toBeVisible();
  await expect(page.getByText('thermal-demo.png')).toBeVisible();
  await snap(page, `${info.project.name}-draft-restored`);

  // Reloading again, signed in, still offers it.
  await page.reload();
  await expect(page.getByLabel('Tag number')).toHaveValue(tag);

  await page.getByRole('button', { name: 'Add measurement' }).click();
  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: tag });
  await expect(row).toBeVisible();
  // The photo chosen before the session ended was uploaded with it.
  await page.getByRole('button', { name: `Edit measurement ${tag}` }).click();
  await expect(page.getByRole('img', { name: 'Preview of Thermal image' })).toBeVisible();
  await page.goBack();

  // Saved: the draft is gone, so a new form starts afresh, on the report's equipment (LP-3A).
  await page.getByRole('link', { name: 'Add measurement' }).click();
  await expect(page.getByLabel('Tag number')).toHaveValue('LP-3A');
  await expect(page.getByText(/Restored your unsaved changes/)).toHaveCount(0);
});

test('a session that ends during a save is renewed on the page and the save goes through', async ({
  page,
  context,
}, info) => {
  const tag = `E2E-RENEW-${info.project.name}`;
  await signInOnThermalAnalysis(page);
  await page.getByRole('link', { name: 'Add measurement' }).click();
  await page.getByLabel('Tag number').fill(tag);
  await page.getByLabel('Max temperature').fill('44');
  await page.getByLabel('Reference temperature').fill('40');
  await expireSession(page, context);

  await page.getByRole('button', { name: 'Add measurement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in again to save' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Username')).toHaveValue(e2eAdmin.username);
  await snap(page, `${info.project.name}-sign-in-again`);
  await dialog.getByLabel('Password', { exact: true }).fill(e2eAdmin.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: tag })).toBeVisible();
});

test('a server error on an image is shown on its slot and focused', async ({ page }, info) => {
  await signInOnThermalAnalysis(page);
  await page.getByRole('link', { name: 'Add measurement' }).click();
  await page.getByLabel('Tag number').fill(`E2E-SLOT-${info.project.name}`);
  await page.getByLabel('Max temperature').fill('44');
  await page.getByLabel('Reference temperature').fill('40');
  await chooseImage(page, 'Visual image', thermalPng);
  await expect(page.getByRole('img', { name: /Visual image/ })).toBeVisible();
  // The browser checks the bytes too, so the server's own check is reached by replacing the request
  // body on the way (a browser does not expose a file upload's bytes to interception): the same
  // fields, with a text file in the visual image slot. The answer is the real server's.
  const reportId = /\/reports\/([^/]+)\//.exec(page.url())![1]!;
  const analysisId = await page.evaluate(async (id) => {
    const token = decodeURIComponent(/access_token=([^;]+)/.exec(document.cookie)![1]!);
    const response = await fetch(`/api/thermal-analysis/by-report?reportHeaderId=${id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { data: { id: string } }).data.id;
  }, reportId);
  await page.route('**/api/thermal-measurements', async (route) => {
    const boundary = 'e2e-spoiled-upload';
    const part = (name: string, value: string, file?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
      (file ? `; filename="${file}"\r\nContent-Type: image/png` : '') +
      `\r\n\r\n${value}\r\n`;
    const body =
      part('thermalAnalysisId', analysisId) +
      part('date', new Date().toISOString().slice(0, 10)) +
      part('tagNumber', `E2E-SLOT-${info.project.name}`) +
      part('maxTemperatureC', '44') +
      part('referenceTemperatureC', '40') +
      part('visualImage', 'Site notes, not a photo.', 'visual.png') +
      `--${boundary}--\r\n`;
    const headers: Record<string, string> = {
      ...route.request().headers(),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    };
    delete headers['content-length'];
    await route.continue({ postData: Buffer.from(body), headers });
  });
  // The save button sits at the bottom of a long form; the slot is far above it on a tablet.
  await page.getByRole('button', { name: 'Add measurement' }).click();

  const slot = page.getByRole('group', { name: 'Visual image' });
  await expect(slot).toBeFocused();
  await expect(slot).toHaveAccessibleDescription('The visual image is not a JPEG, PNG, WebP or GIF');
  await expect(slot.getByText('The visual image is not a JPEG, PNG, WebP or GIF')).toBeInViewport();
  await snap(page, `${info.project.name}-image-slot-error`);
});

test('leaving unsaved findings asks first', async ({ page }, info) => {
  const analysis = await signInOnThermalAnalysis(page);
  const summary = page.getByLabel('Summary');
  await summary.fill('Hot spot on the incomer, phase T; recheck after tightening.');

  const leave = async () => {
    const dashboard = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' });
    // On an upright tablet the navigation folds behind the menu button (still open after "Stay").
    const menu = page.getByRole('button', { name: 'Open navigation' });
    if (await menu.isVisible()) await menu.click();
    await dashboard.click();
  };
  await leave();
  const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(ask).toBeVisible();
  await snap(page, `${info.project.name}-leave-findings`);
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(summary).toHaveValue(/Hot spot on the incomer/);
  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();

  await leave();
  await page
    .getByRole('dialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(page.getByRole('heading', { name: /Good to see you/ })).toBeVisible();
  // Discarded means gone: the findings are as saved.
  await page.goto(analysis);
  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Summary')).not.toHaveValue(/Hot spot on the incomer/);
});

test('a file that is not an image is refused on the field', async ({ page }) => {
  await signInOnThermalAnalysis(page);
  await page.getByRole('link', { name: 'Add measurement' }).click();

  await chooseImage(page, 'Thermal image', {
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('Site notes, typed on the tablet, not a photo.\n'),
  });

  const slot = page.getByRole('group', { name: 'Thermal image' });
  await expect(slot.getByRole('alert')).toHaveText('notes.png is not a JPEG, PNG, WebP or GIF image');
  await expect(slot).toHaveAccessibleDescription('notes.png is not a JPEG, PNG, WebP or GIF image');
  await expect(page.getByRole('img', { name: /Thermal image/ })).toHaveCount(0);
});
