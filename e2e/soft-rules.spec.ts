import { expect, test } from '@playwright/test';
import { apiLogin, closeNotices, demoReportPath, expectAccessible, openSignedIn, snap } from './fixtures.ts';

test('an implausible reading is questioned before saving, confirmed, and shown as recorded', async ({
  page,
}, info) => {
  // A long journey with two accessibility scans, on a machine that may be busy.
  test.setTimeout(120_000);
  const shot = (name: string) => snap(page, `${info.project.name}-${name}`);
  const tag = `E2E-SWAPPED-${info.project.name}`;
  // Signed in through the API, on the demo report's thermal analysis (the way there is not the subject).
  const session = await apiLogin(page);
  await openSignedIn(page, session, `${await demoReportPath(page, session)}/thermal`);
  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();

  // Max and reference swapped: ΔT −15 °C would be saved as "Normal" without a word.
  await page.getByRole('link', { name: 'Add measurement' }).click();
  await page.getByLabel('Tag number').fill(tag);
  await page.getByLabel('Component', { exact: true }).fill('Phase S cable lug');
  await page.getByLabel('Max temperature').fill('30');
  await page.getByLabel('Reference temperature').fill('45');
  await page.getByRole('button', { name: 'Add measurement' }).click();

  const dialog = page.getByRole('dialog', { name: 'Check this value before saving' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('The reference temperature is above the maximum');
  await expect(dialog.getByRole('button', { name: 'Go back and correct' })).toBeFocused();
  await expectAccessible(page, info, 'soft-rule-warning');
  await shot('soft-rule-warning');

  // Going back keeps everything and nothing is saved.
  await dialog.getByRole('button', { name: 'Go back and correct' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Reference temperature')).toBeFocused();
  await expect(page.getByLabel('Max temperature')).toHaveValue('30');

  // The inspector checked the camera: the reading is right. Save it anyway.
  await page.getByRole('button', { name: 'Add measurement' }).click();
  await dialog.getByRole('button', { name: 'Save anyway' }).click();

  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(tag) });
  await expect(row).toContainText('Normal');
  const mark = row.getByRole('img', {
    name: /^Saved with a warning: The reference temperature is above the maximum/,
  });
  await expect(mark).toBeVisible();
  await expect(mark).toHaveAccessibleName(/Confirmed by /);
  await shot('soft-rule-recorded');

  // The measurement itself says what was confirmed, by whom and when.
  await page.getByRole('button', { name: `Edit measurement ${tag}` }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Saved with a warning' });
  await expect(notice).toContainText('The reference temperature is above the maximum');
  await expect(notice).toContainText(/Confirmed by .+ on /);
  // Judged without the "Measurement added" toast, which is not what this journey is about.
  await closeNotices(page);
  await expectAccessible(page, info, 'soft-rule-recorded-details');
  await shot('soft-rule-details');

  // Corrected, the warning goes: nothing to confirm, nothing recorded.
  await page.getByLabel('Max temperature').fill('48');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
  const corrected = page.getByRole('row', { name: new RegExp(tag) });
  await expect(corrected).toContainText('Investigate');
  await expect(corrected.getByRole('img', { name: /Saved with/ })).toHaveCount(0);

  // Leave the demo data as it was.
  await page.getByRole('button', { name: `Delete measurement ${tag}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(0);
});
