import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

export const e2eAdmin = { username: 'admin', password: 'e2e-admin-password-2026' };

/** The demo data the server seeds on a new data directory. */
export const demo = {
  woNumber: 'WO-2026-0142',
  reportNumber: 'RPT-TH-2026-0001',
  reportTitle: 'Thermography of LV panel LP-3A',
};

export async function signIn(page: Page, password = e2eAdmin.password) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(e2eAdmin.username);
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
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

/** On a tablet the navigation sits behind the menu button; on a desktop it is always shown. */
export async function openNavigation(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) < 992) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
  }
}
