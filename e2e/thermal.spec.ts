import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  demo,
  e2eAdmin,
  expectAccessible,
  findDemoWorkOrder,
  gotoWithSessionEnded,
  openNavigation,
  signIn,
  signInByApi,
  snap,
} from './fixtures.ts';

const thermalPng = path.resolve(
  import.meta.dirname,
  '../apps/server/src/modules/seed/assets/thermal-demo.png',
);

test('a wrong password is refused with the catalogue message and clears the tokens', async ({
  page,
  context,
}, info) => {
  // Tokens left from an earlier session on this device: a failed sign-in must not keep them.
  await context.addCookies(
    ['access_token', 'refresh_token'].map((name) => ({
      name,
      value: 'left-over',
      url: info.project.use.baseURL!,
    })),
  );
  await signIn(page, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
  await expect(page).toHaveURL(/\/auth/);
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).not.toContain('access_token');
  expect(names).not.toContain('refresh_token');
  await expectAccessible(page, info, 'sign-in-failed');
  await snap(page, `${info.project.name}-sign-in-failed`);
});

test('an inspector records, corrects and removes a thermal measurement @tablet', async ({ page }, info) => {
  // Eight screens, each checked with axe and photographed: under two minutes on a busy machine.
  test.setTimeout(180_000);
  // Every screen of the journey is checked with axe and photographed.
  // `screen`: the accessibility walk checks the same screen (expectAccessible).
  const shot = async (name: string, screen = name) => {
    await expectAccessible(page, info, name, screen);
    await snap(page, `${info.project.name}-${name}`);
  };
  // One tag per project: the projects share a server, and a failed run must not confuse the next.
  const tag = `E2E-LUG-${info.project.name}`;
  // Signed in through the API: what follows is the subject.
  await signInByApi(page);
  await expect(page.getByRole('heading', { name: /Good to see you/ })).toBeVisible();
  await shot('dashboard', 'light-dashboard');

  // Work order → report → thermal analysis.
  await openNavigation(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Work orders' })
    .click();
  await findDemoWorkOrder(page);
  await page.getByRole('cell', { name: demo.woNumber }).click();
  await expect(page.getByRole('heading', { name: new RegExp(demo.woNumber) })).toBeVisible();
  await shot('work-order', 'light-work-order');
  // Found by its number: the journeys before this one add reports to the same work order.
  await page.getByRole('textbox', { name: 'Search' }).fill(demo.reportNumber);
  await page.getByRole('cell', { name: demo.reportNumber, exact: true }).click();
  await expect(page.getByRole('heading', { name: new RegExp(demo.reportNumber) })).toBeVisible();
  await page.getByRole('link', { name: 'Open thermal analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
  await expect(page.getByText('Overall severity')).toBeVisible();
  await shot('thermal-analysis', 'light-thermal-analysis');

  // Add a hot spot with a thermal image: ΔT 37.2 °C is "Repair immediately".
  await page.getByRole('link', { name: 'Add measurement' }).click();
  await page.getByLabel('Tag number').fill(tag);
  await page.getByLabel('Equipment name').fill('Incomer breaker Q1');
  await page.getByLabel('Component', { exact: true }).fill('Phase T cable lug');
  await page.getByLabel('Max temperature').fill('78.4');
  await page.getByLabel('Reference temperature').fill('41.2');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose image for Thermal image' }).click();
  await (await chooser).setFiles(thermalPng);
  await expect(page.getByRole('img', { name: /Thermal image/ })).toBeVisible();
  await shot('measurement-new');
  await page.getByRole('button', { name: 'Add measurement' }).click();

  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: tag });
  await expect(row).toContainText('Repair immediately');
  await expect(row).toContainText('37.2');
  await shot('measurement-added');

  // Tapping the row shows every field, those without a column on this screen too, and the photo.
  await row.getByRole('cell', { name: tag, exact: true }).click();
  const details = page.getByRole('dialog', { name: `Measurement ${tag}` });
  await expect(details).toContainText('Phase T cable lug');
  await expect(details).toContainText('78.4 °C');
  await shot('measurement-details');
  await details.getByRole('button', { name: 'Open Thermal image full size' }).click();
  const viewer = page.getByRole('dialog', { name: /Thermal image/ });
  await expect(viewer.getByRole('img', { name: 'Thermal image' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByText('150%')).toBeVisible();
  await shot('measurement-photo');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);

  // Correct the reading: ΔT 1.8 °C is "Investigate"; the image stays.
  await page.getByRole('button', { name: `Edit measurement ${tag}` }).click();
  await expect(page.getByLabel('Max temperature')).toHaveValue(/78[.,]4/);
  await expect(page.getByRole('img', { name: /Thermal image/ })).toBeVisible();
  await page.getByLabel('Max temperature').fill('43');
  await shot('measurement-edit', 'light-measurement-edit');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: tag })).toContainText('Investigate');

  // Delete it, after confirming.
  await page.getByRole('button', { name: `Delete measurement ${tag}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this measurement?' });
  await expect(dialog).toBeVisible();
  await shot('measurement-delete-confirm');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: tag })).toHaveCount(0);
});

test('an expired session lands on the sign-in page with a notice', async ({ page, context }, info) => {
  // Signed in through the API: the end of the session and signing in again are the subject.
  await signInByApi(page);
  await expect(page.getByRole('heading', { name: /Good to see you/ })).toBeVisible();
  // Both tokens no longer valid: the refresh fails and the client sends the user to sign in again.
  const url = new URL(page.url());
  await context.addCookies([
    { name: 'access_token', value: 'expired', domain: url.hostname, path: '/' },
    { name: 'refresh_token', value: 'revoked', domain: url.hostname, path: '/' },
  ]);
  await gotoWithSessionEnded(page, '/reports');
  await expect(page).toHaveURL(/\/auth\/\?code=401$/);
  await expect(page.getByRole('status')).toContainText('Your session has ended');
  await expectAccessible(page, info, 'session-expired');
  await snap(page, `${info.project.name}-session-expired`);

  // Signing in again returns to the screen the user was on.
  await page.getByLabel('Username').fill(e2eAdmin.username);
  await page.getByLabel('Password', { exact: true }).fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
});

test('the keyboard alone signs in, and the language chosen is kept for the user', async ({ page }, info) => {
  await page.goto('/auth');
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(e2eAdmin.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Good to see you/ })).toBeVisible();

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Bahasa Indonesia' }).click();
  await expect(page.getByRole('heading', { name: /Selamat datang/ })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await expectAccessible(page, info, 'dashboard-id');
  await snap(page, `${info.project.name}-dashboard-id`);

  // The dark theme, for the control room; the choice is kept on the device.
  await page.getByRole('button', { name: 'Tema gelap' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  // Found by its number: the journeys before this one add reports, and it may be past page one.
  await page.goto('/reports');
  await page.getByRole('textbox', { name: 'Cari' }).fill(demo.reportNumber);
  await page.getByRole('cell', { name: demo.reportNumber, exact: true }).click();
  await page.getByRole('link', { name: 'Buka analisis termal' }).click();
  await expect(page.getByRole('heading', { name: 'Analisis termal', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectAccessible(page, info, 'thermal-analysis-id-dark');
  await snap(page, `${info.project.name}-thermal-analysis-id-dark`);
  await page.getByRole('button', { name: 'Tema terang' }).click();

  // Signed out and in again (with the device's language set back to English): Bahasa comes back.
  await page.getByRole('button', { name: 'Akun Administrator' }).click();
  await page.getByRole('menuitem', { name: 'Keluar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Masuk' })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('inspectra.language', 'en'));
  await signIn(page);
  await expect(page.getByRole('heading', { name: /Selamat datang/ })).toBeVisible();
});

test('the sign-in page switches language with the device picker and keeps it for the device', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('id');
  await expect(page.getByRole('button', { name: 'Masuk' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Masuk' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Bahasa' }).selectOption('en');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // Signed in from the Indonesian page: the signed-in screens' words (downloaded only for a reader of
  // Indonesian) are there from the first screen, the dashboard's findings card among them.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('id');
  await page.getByLabel('Nama pengguna').fill(e2eAdmin.username);
  await page.getByLabel('Kata sandi', { exact: true }).fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page.getByRole('heading', { name: /Selamat datang/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Temuan yang harus ditutup' })).toBeVisible();
  await expect(page.getByText('Findings to close')).toHaveCount(0);
});
