import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  e2eDemoPassword,
  expectAccessible,
  openNavigation,
  recordThermalMeasurement,
  signInByApi,
  snap,
} from './fixtures.ts';

test.use({ actionTimeout: 15_000 });

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The header labels of the template the screen offers, as a new user would download it. */
async function templateHeaders(page: Page, scope: ReturnType<Page['locator']>): Promise<string[]> {
  const download = page.waitForEvent('download');
  await scope.getByRole('button', { name: 'Download template' }).click();
  const file = await (await download).path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const header = book.worksheets[0]!.getRow(1);
  const labels: string[] = [];
  header.eachCell({ includeEmpty: true }, (cell, col) => {
    labels[col - 1] = String(cell.text ?? '').trim();
  });
  return labels;
}

/** A label without what decorates it ("WO number *" → "wonumber"), to match a field by its label. */
const plain = (label: string) => label.toLowerCase().replace(/[^a-z]/g, '');

/** An .xlsx with the template's header row and one row per record, keyed by field label. */
async function sheetOf(headers: string[], rows: Record<string, string>[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(headers);
  for (const row of rows) {
    const byLabel = new Map(Object.entries(row).map(([k, v]) => [plain(k), v]));
    sheet.addRow(headers.map((h) => byLabel.get(plain(h)) ?? null));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function chooseFile(page: Page, open: () => Promise<void>, name: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await open();
  await (await chooser).setFiles({ name, mimeType: xlsx, buffer });
}

test('a planner loads equipment and work orders, assigns them, and the inspector reports', async ({
  page,
}, info) => {
  // Three imports and twelve screens photographed: past three minutes on a machine busy with other work.
  test.setTimeout(240_000);
  // `screen`: another journey checks the same screen (expectAccessible).
  const shot = async (name: string, axe = false, screen = name) => {
    if (axe) await expectAccessible(page, info, name, screen);
    await snap(page, `${info.project.name}-wm-${name}`);
  };
  const run = `${Date.now().toString(36).toUpperCase()}${info.project.name === 'tablet' ? 'T' : 'D'}`;
  const today = new Date();
  const dd = String(today.getDate()).padStart(2, '0');
  const mm = String(today.getMonth() + 1).padStart(2, '0');
  const typedToday = `${dd}/${mm}/${today.getFullYear()}`;

  // 1. The planner loads three panels into the asset master from a sheet. (Signed in through the
  // API: signing in and landing are the day-in-the-plant journeys' subject.)
  await signInByApi(page, '/', { username: 'planner', password: e2eDemoPassword });
  await expect(page).toHaveURL(/\/plan$/);
  await openNavigation(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Asset master' })
    .click();
  await expect(page.getByRole('heading', { name: 'Asset master', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const equipmentImport = page.getByRole('tabpanel', { name: 'Equipment' });
  const equipmentHeaders = await templateHeaders(page, equipmentImport);
  const equipment = [1, 2, 3].map((n) => ({
    'Equipment number': `EQ-${run}-${n}`,
    'Tag number': `LP-${run}-${n}`,
    Description: `E2E LV panel ${n} of run ${run}`,
    Category: 'electrical',
    'Object type': 'EL-PANEL',
  }));
  await chooseFile(
    page,
    () => equipmentImport.getByRole('button', { name: 'Import from a sheet' }).click(),
    `equipment-${run}.xlsx`,
    await sheetOf(equipmentHeaders, equipment),
  );
  const equipmentResult = page.getByRole('status').filter({ hasText: 'Imported' });
  await expect(equipmentResult).toContainText('3 created, 0 updated.');
  await expect(equipmentResult.getByRole('row').filter({ hasText: 'Created' })).toHaveCount(3);
  await shot('equipment-imported', true);

  // 2. A work order on one of the new panels, planned for today (so it shows on the calendar).
  const woNumber = `WO-E2E-${run}`;
  await page.goto('/work-orders/new');
  await expect(page.getByRole('heading', { name: 'New work order', level: 1 })).toBeVisible();
  await page.getByLabel('WO number').fill(woNumber);
  await page
    .getByRole('textbox', { name: 'Title', exact: true })
    .fill(`Thermography of ${equipment[0]!['Tag number']}`);
  await page.getByRole('combobox', { name: 'Equipment category' }).click();
  await page.getByRole('combobox', { name: 'Equipment category' }).fill('electrical');
  await page
    .getByRole('option', { name: /electrical/i })
    .first()
    .click();
  const tagPicker = page.getByRole('combobox', { name: 'Equipment tag' });
  await tagPicker.click();
  await tagPicker.fill(equipment[0]!['Tag number']);
  await page.getByRole('option', { name: new RegExp(equipment[0]!['Tag number']) }).click();
  await page.getByRole('textbox', { name: 'Planned start' }).fill(typedToday);
  await page.getByRole('textbox', { name: 'Planned finish' }).fill(typedToday);
  await page.getByRole('textbox', { name: 'Planned finish' }).press('Tab');
  await shot('work-order-new', true);
  await page.getByRole('button', { name: 'Create work order' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(woNumber), level: 1 })).toBeVisible();
  const workOrderUrl = page.url();
  await shot('work-order-created');

  // 3. Fifty more work orders from the template.
  await page.goto('/work-orders');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const woImport = page
    .locator('div')
    .filter({
      has: page.getByRole('heading', { name: 'Import work orders from the template' }),
    })
    .last();
  const woHeaders = await templateHeaders(page, woImport);
  const imported = Array.from({ length: 50 }, (_, i) => ({
    'WO number': `WO-E2E-${run}-${String(i + 1).padStart(2, '0')}`,
    Title: `Imported work order ${i + 1} of run ${run}`,
  }));
  await chooseFile(
    page,
    () => woImport.getByRole('button', { name: 'Import from a sheet' }).click(),
    `work-orders-${run}.xlsx`,
    await sheetOf(woHeaders, imported),
  );
  await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toContainText(
    '50 created, 0 updated.',
  );
  await shot('work-orders-imported', true);

  // 4. Thermography of the new work order, assigned to the inspector in the form.
  await page.goto(workOrderUrl);
  await page.getByRole('button', { name: 'Assign a method' }).click();
  const assign = page.getByRole('form', { name: 'Assign an inspection method' });
  await assign.getByRole('combobox', { name: 'Inspection method' }).click();
  await page.getByRole('option', { name: /therm/i }).first().click();
  const inspectors = assign.getByRole('combobox', { name: 'Inspectors' });
  await inspectors.click();
  // Only those whose role writes thermal reports are offered: not the administrator.
  await inspectors.fill('admin');
  await expect(page.getByText("Nobody found whose role writes this method's reports.")).toBeVisible();
  await inspectors.fill('inspector');
  await page.getByRole('option', { name: /Demo Inspector/ }).click();
  await inspectors.press('Escape');
  await shot('assignment-form', true);
  await assign.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(assign).toHaveCount(0);
  const thermal = page.getByRole('article').filter({ hasText: /Demo Inspector/ });
  await expect(thermal).toBeVisible();
  const methodName = (await thermal.getAttribute('aria-label'))!;
  await shot('assignment-saved');

  // 5. VCI on two of the imported work orders from a sheet; a row without a method is skipped.
  await page.goto('/work-orders');
  await page.getByRole('link', { name: 'Import task assignments' }).click();
  await expect(page.getByRole('heading', { name: 'Import task assignments', level: 1 })).toBeVisible();
  const assignments = new ExcelJS.Workbook();
  const rows = assignments.addWorksheet('Assignments');
  rows.addRow(['WO SPK', 'Inspection Method']);
  rows.addRow([imported[0]!['WO number'], 'vci']);
  rows.addRow([imported[1]!['WO number'], 'vci']);
  rows.addRow([imported[2]!['WO number'], null]);
  await chooseFile(
    page,
    () => page.getByText('Drop the spreadsheet here, or click to choose it').click({ force: true }),
    `assignments-${run}.xlsx`,
    Buffer.from(await assignments.xlsx.writeBuffer()),
  );
  const summary = page.getByRole('status').filter({ hasText: 'Import completed' });
  await expect(summary).toContainText('Import completed: 2 successful, 0 failed');
  await expect(summary).toContainText('1 row skipped (not counted as failed)');
  const results = page.getByRole('table', { name: 'Result of each row' });
  await expect(results.getByRole('row').filter({ hasText: 'Assigned' })).toHaveCount(2);
  await expect(results.getByRole('row').filter({ hasText: 'Skipped' })).toHaveCount(1);
  await shot('assignments-imported', true);

  // 6. The inspector: my tasks, the calendar, the task, its report, submitted.
  await signInByApi(page, '/', { username: 'inspector', password: e2eDemoPassword });
  await expect(page).toHaveURL(/\/my-tasks/);
  await expect(page.getByRole('heading', { name: 'My tasks', level: 1 })).toBeVisible();
  // A task card is named by what it shows, the work order and method first.
  const taskName = new RegExp(`^${woNumber} · ${methodName.replace(/[()]/g, '\\$&')}`);
  await page.getByRole('textbox', { name: 'Search' }).fill(woNumber);
  await expect(page.getByRole('link', { name: taskName })).toBeVisible();
  await shot('my-tasks', true, 'day-inspector-my-tasks');

  await page.getByText('Calendar', { exact: true }).click();
  const dayName = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(today);
  await page.getByRole('button', { name: new RegExp(`tasks? on ${dayName}$`) }).click();
  const day = page.getByRole('dialog', { name: new RegExp(`on ${dayName}`) });
  await shot('my-tasks-calendar', true);
  await day.getByRole('link', { name: taskName }).click();
  await expect(page).toHaveURL(/\/my-tasks\/[^/]+$/);
  await shot('my-task');

  await page.getByRole('link', { name: 'Create report' }).click();
  await expect(
    page.getByRole('heading', { name: new RegExp(`New report · ${woNumber}`), level: 1 }),
  ).toBeVisible();
  const equipmentPicker = page.getByRole('combobox', { name: 'Equipment number' });
  await equipmentPicker.click();
  await equipmentPicker.fill(equipment[0]!['Equipment number']);
  await page.getByRole('option', { name: new RegExp(equipment[0]!['Equipment number']) }).click();
  await shot('report-new', true);
  await page.getByRole('button', { name: 'Create report' }).click();
  await expect(page).toHaveURL(/\/reports\/[^/]+$/);
  await expect(page.getByRole('heading', { name: new RegExp(`RPT-${woNumber}`), level: 1 })).toBeVisible();
  await shot('report-created');

  await recordThermalMeasurement(page);
  await page.getByRole('group', { name: 'Status actions' }).getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Submitted', { exact: true }).first()).toBeVisible();
  await shot('report-submitted', true);
});
