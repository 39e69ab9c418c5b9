import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  demo,
  expectAccessible,
  expectTouchTargets,
  findDemoWorkOrder,
  openNavigation,
  signIn,
  snap,
} from './fixtures.ts';

/**
 * Every screen, in both colour schemes on a desktop and in the light one on an upright tablet: axe-core finds no serious
 * or critical violation, and a screenshot of each is kept to look at (truncation, off-screen controls).
 */
for (const scheme of ['light', 'dark'] as const) {
  // Colours do not depend on the width: the dark scheme is walked on the desktop only.
  const widths = scheme === 'light' ? ' @tablet' : '';
  test(`every screen is accessible in the ${scheme} theme${widths}`, async ({ page }, info) => {
    // Eleven screens, each checked and photographed.
    test.setTimeout(240_000);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    const check = async (name: string) => {
      const shot = `${info.project.name}-${scheme}-${name}`;
      await expectAccessible(page, info, `${scheme}-${name}`);
      if (info.project.use.hasTouch) await expectTouchTargets(page, name);
      await snap(page, `a11y/${shot}`);
    };

    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await check('sign-in');

    await signIn(page);
    await expect(page.getByRole('heading', { name: /Good to see you/ })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await check('dashboard');

    await goToWorkOrders(page);
    await findDemoWorkOrder(page);
    await expect(page.getByRole('cell', { name: demo.woNumber })).toBeVisible();
    await check('work-orders');

    await page.getByRole('cell', { name: demo.woNumber }).click();
    await expect(page.getByRole('heading', { name: new RegExp(demo.woNumber), level: 1 })).toBeVisible();
    // Found by its number: the journeys before this one add reports to the same work order.
    await page.getByRole('textbox', { name: 'Search' }).fill(demo.reportNumber);
    await expect(page.getByRole('cell', { name: demo.reportNumber, exact: true })).toBeVisible();
    await check('work-order');

    await page.goto('/reports');
    // Found by its number: the journeys before this one add reports that push it off the first page.
    await page.getByRole('textbox', { name: 'Search' }).fill(demo.reportNumber);
    await expect(page.getByRole('cell', { name: demo.reportNumber, exact: true })).toBeVisible();
    await check('reports');

    await page.getByRole('cell', { name: demo.reportNumber, exact: true }).click();
    await expect(page.getByRole('heading', { name: new RegExp(demo.reportNumber), level: 1 })).toBeVisible();
    await expect(page.getByText(/\d+ measurements?/)).toBeVisible();
    await check('report');

    await page.getByRole('link', { name: 'Open thermal analysis' }).click();
    await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
    await expect(page.getByText('Overall severity')).toBeVisible();
    await check('thermal-analysis');

    await page.getByRole('link', { name: 'Add measurement' }).click();
    await expect(page.getByLabel('Tag number')).toBeVisible();
    await check('measurement-new');

    await page.goBack();
    await page
      .getByRole('button', { name: /^Edit measurement/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Edit measurement', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Tag number')).not.toHaveValue('');
    await check('measurement-edit');

    await page.goto('/no-such-screen');
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
    await check('not-found');

    // A report that does not exist: the screen says so and offers a way back.
    await page.goto('/reports/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('alert')).toBeVisible();
    await check('error');
  });
}

async function goToWorkOrders(page: Page) {
  await openNavigation(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Work orders' })
    .click();
}
