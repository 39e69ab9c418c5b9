import { expect, test } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import {
  apiLogin,
  closeNotices,
  expectAccessible,
  expectTouchTargets,
  openSignedIn,
  runMark,
  snap,
} from './fixtures.ts';

test.use({ actionTimeout: 15_000 });
test.describe.configure({ timeout: 240_000 });

function shooter(page: Page, info: TestInfo) {
  return async (name: string) => {
    await expectAccessible(page, info, `thickness-${name}`);
    if (info.project.use.hasTouch) await expectTouchTargets(page, `thickness-${name}`);
    await snap(page, `${info.project.name}-thickness-${name}`);
  };
}

/** The four worked-out values of the location page, by their labels. */
async function expectFigures(page: Page, figures: Record<string, RegExp>) {
  for (const [label, value] of Object.entries(figures))
    await expect(page.getByLabel(new RegExp(`^${label}:`))).toHaveText(value);
}

/** A reading added through the location page's form, as an inspector types it. */
async function addReading(page: Page, day: string, thickness: string) {
  await page.getByRole('button', { name: 'Add reading' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add reading' });
  await dialog.getByRole('textbox', { name: /^Date/ }).fill(day);
  await dialog.getByRole('textbox', { name: /^Thickness/ }).fill(thickness);
  await dialog.getByRole('button', { name: 'Add reading' }).click();
  await expect(dialog).toBeHidden();
  await closeNotices(page);
}

/**
 * Thickness monitoring (docs/thickness-monitoring.md), as a new user tries it: the pipe
 * location from the asset master's equipment, its three readings typed in, and the long-term and
 * short-term rates, remaining life and next inspection read off the page with the chart; then the
 * same location as class 2, whose next inspection moves to half its remaining life.
 */
test('a pipe location’s readings give its corrosion rates, remaining life and next inspection @tablet', async ({
  page,
}, info) => {
  const shot = shooter(page, info);
  const run = runMark(info);
  const admin = await apiLogin(page);
  const equipmentNo = `E2E-TM-${run}`;
  const made = await page.request.post('/api/asset', {
    headers: { authorization: `Bearer ${admin.accessToken}` },
    data: {
      equipmentNo,
      tagNumber: `10"-P-${run}`,
      description: 'Crude transfer line',
      categoryCode: 'pipe',
      objectTypeCode: 'PIPE-PROC',
    },
  });
  expect(made.status(), await made.text()).toBe(201);

  // From the asset master: the equipment's thickness locations (none yet).
  await openSignedIn(page, admin, '/assets');
  await page
    .getByRole('textbox', { name: /Search/ })
    .first()
    .fill(equipmentNo);
  await page.getByRole('row', { name: new RegExp(equipmentNo) }).click();
  await page.getByRole('link', { name: `Thickness locations of ${equipmentNo}` }).click();
  await expect(page.getByRole('heading', { name: 'Thickness monitoring', level: 1 })).toBeVisible();
  await expect(page.getByText('No thickness locations match these filters.')).toBeVisible();

  // The location: API 570, class 1, 10.0 mm nominal, 6.0 mm required.
  await page.getByRole('button', { name: 'Add location' }).click();
  const form = page.getByRole('dialog', { name: 'Add location' });
  await form.getByRole('textbox', { name: /^Location/ }).fill('CML-01 elbow');
  await form.getByRole('textbox', { name: /^Component/ }).fill('90° elbow downstream of the pump');
  await form.getByRole('combobox', { name: 'Code' }).click();
  await page.getByRole('option', { name: 'API 570 (piping)' }).click();
  await form.getByRole('textbox', { name: /^Inspection class/ }).fill('1');
  await form.getByRole('textbox', { name: /^Nominal thickness/ }).fill('10');
  await form.getByRole('textbox', { name: /^Required thickness/ }).fill('6');
  await form.getByRole('textbox', { name: /^Corrosion allowance/ }).fill('3');
  await shot('new-location');
  await form.getByRole('button', { name: 'Add location' }).click();
  await expect(page.getByRole('heading', { name: `${equipmentNo} · CML-01 elbow`, level: 1 })).toBeVisible();
  await closeNotices(page);

  // The readings of 2016, 2021 and 2026 (typed as the en-GB screen reads dates).
  await addReading(page, '15/01/2016', '10.0');
  await expect(page.getByText(/One reading only/)).toBeVisible();
  await addReading(page, '15/01/2021', '9.0');
  await addReading(page, '15/01/2026', '8.5');
  await expect(page.getByRole('table', { name: 'Readings' }).getByRole('row')).toHaveCount(4);

  await expectFigures(page, {
    'Long-term corrosion rate': /^0\.15 mm\/y$/,
    'Short-term corrosion rate': /^0\.1 mm\/y$/,
    'Remaining life': /^16\.7 years$/,
    'Next inspection': /Jan 2031/,
  });
  const chart = page.getByRole('figure', { name: 'Thickness over time' });
  await expect(chart.locator('.recharts-line')).toHaveCount(2);
  await expect(chart.getByText('Required 6 mm')).toBeVisible();
  await expect(chart.getByText(/reaches the required thickness on .*Sept? 2042/)).toBeVisible();
  await shot('class-1');

  // As class 2: half the remaining life (8.3 years) comes before its 10-year maximum.
  await page.getByRole('button', { name: 'Edit location' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit location' });
  await edit.getByRole('textbox', { name: /^Inspection class/ }).fill('2');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await closeNotices(page);
  await expectFigures(page, { 'Next inspection': /May 2034/, 'Remaining life': /^16\.7 years$/ });

  // The plant's list: the location with its status, filtered to those needing attention (none).
  await page.getByRole('link', { name: 'All locations' }).click();
  await expect(page.getByRole('row', { name: /CML-01 elbow/ })).toContainText('OK');
  await shot('list');
});
