import { expect, test } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import {
  apiLogin,
  closeNotices,
  e2eDemoPassword,
  expectAccessible,
  expectTouchTargets,
  openSignedIn,
  recordMaker,
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
  const locationPath = new URL(page.url()).pathname;
  await closeNotices(page);

  // The readings of 2016, 2021 and 2026 (typed as the en-GB screen reads dates).
  await addReading(page, '15/01/2016', '10.0');
  await expect(page.getByText(/One reading only/)).toBeVisible();
  await addReading(page, '15/01/2021', '9.0');
  await addReading(page, '15/01/2026', '8.5');
  const readings = page.getByRole('table', { name: 'Readings' });
  await expect(readings.getByRole('row')).toHaveCount(4);
  // Each reading against the one before it: the first has none, said in words.
  await expect(readings.getByRole('row', { name: /15 Jan 2016/ })).toContainText(
    'First reading: no change yet',
  );
  await expect(readings.getByRole('row', { name: /15 Jan 2021/ })).toContainText('−1 mm');
  await expect(readings.getByRole('row', { name: /15 Jan 2021/ })).toContainText('0.2 mm/y');
  await expect(readings.getByRole('row', { name: /15 Jan 2026/ })).toContainText('−0.5 mm');
  await expect(readings.getByRole('row', { name: /15 Jan 2026/ })).toContainText('0.1 mm/y');

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

  // The plant's list: the location with its status, filtered to those needing attention (none:
  // two states asked together), then to those that are fine.
  await page.getByRole('link', { name: 'All locations' }).click();
  await expect(page.getByRole('row', { name: /CML-01 elbow/ })).toContainText('OK');
  await shot('list');
  const filters = page.getByRole('search', { name: 'Filter the locations' });
  await filters.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Below required or approaching' }).click();
  await expect(page.getByText('No thickness locations match these filters.')).toBeVisible();
  await expect(page.getByRole('row', { name: /CML-01 elbow/ })).toHaveCount(0);
  await filters.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'OK', exact: true }).click();
  await expect(page.getByRole('row', { name: /CML-01 elbow/ })).toContainText('OK');

  // A PAUT report of the line, approved, measured the joint's thinnest wall at 8.4 mm on 15 June
  // 2026: taken from the location's page as a reading, dated by the report, by PAUT.
  const posted = recordMaker(page, admin);
  const workOrder = await posted('/api/work-order-spks', {
    woNumber: `WO-TM-${run}`,
    title: 'PAUT of the crude transfer line',
    equipmentCategory: 'pipe',
    tagNumber: `10"-P-${run}`,
  });
  await posted('/api/wo-task-assignments', {
    workOrderSPKId: workOrder.id,
    inspectionMethod: 'paut',
    userPDMIds: [],
    levelApprovals: [1],
    positionLevels: ['Area inspection engineer'],
  });
  const report = await posted('/api/report-headers', {
    workOrderSPKId: workOrder.id,
    reportNumber: `RPT-TM-${run}`,
    title: 'PAUT of the crude transfer line',
    equipmentNo,
    inspectionMethod: 'paut',
    actualCompletedDate: '2026-06-15',
  });
  const paut = await posted('/api/paut-inspection-pipe', {
    reportHeaderId: report.id,
    measurementDate: '2026-06-15',
    procedureNo: 'PAUT-PRC-003',
  });
  await posted('/api/paut-summary-pipe', {
    pautInspectionId: paut.id,
    measurementDate: '2026-06-15',
    jointNumber: 'J-12',
    minimumWallThickness: 8.4,
  });
  const reviewer = await apiLogin(page, { username: 'reviewer1', password: e2eDemoPassword });
  for (const [status, token] of [
    ['submitted', admin.accessToken],
    ['approved', reviewer.accessToken],
  ] as const) {
    const moved = await page.request.put(`/api/report-headers/update-report-status/${report.id}`, {
      headers: { authorization: `Bearer ${token}` },
      params: { status },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  await openSignedIn(page, admin, locationPath);
  await page.getByRole('button', { name: 'Take from reports' }).click();
  const picker = page.getByRole('dialog', { name: 'Take readings from UFD, SRUT and PAUT reports' });
  const offered = picker.getByRole('row', { name: new RegExp(`RPT-TM-${run}`) });
  await expect(offered).toContainText('15 Jun 2026');
  await expect(offered).toContainText('PAUT');
  await expect(offered).toContainText('J-12');
  await expect(offered).toContainText('8.4');
  await picker.getByRole('checkbox', { name: `Take J-12 of RPT-TM-${run}` }).check();
  await shot('take-from-reports');
  await picker.getByRole('button', { name: 'Take 1 reading' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByText('1 reading taken from the reports')).toBeVisible();
  await closeNotices(page);
  const taken = readings.getByRole('row', { name: /15 Jun 2026/ });
  await expect(taken).toContainText('PAUT');
  await expect(taken).toContainText('−0.1 mm');
  await expectFigures(page, { 'Short-term corrosion rate': /^0\.242 mm\/y$/ });
  await shot('taken-from-reports');
});

/**
 * A thickness finding's page (docs/recommendations.md, "Thickness locations"): a location read under
 * its required thickness opens a finding, which the register lists; its page shows the figures of
 * the day it was opened beside the location's latest reading and remaining life now. A reading taken
 * after it, of another thickness, brings the note that the location's current figures are the ones
 * to act on.
 */
test('a thickness finding shows its figures when opened beside the location’s now @tablet', async ({
  page,
}, info) => {
  const shot = shooter(page, info);
  const run = runMark(info);
  const admin = await apiLogin(page);
  const posted = recordMaker(page, admin);
  const equipmentNo = `E2E-TF-${run}`;
  await posted('/api/asset', {
    equipmentNo,
    tagNumber: `6"-P-${run}`,
    description: 'Condensate return line',
    categoryCode: 'pipe',
    objectTypeCode: 'PIPE-PROC',
  });
  // API 570, class 1: 10 mm nominal, 6 mm required; read at 10.0 mm in 2021 and 5.8 mm in 2026,
  // under the required thickness: a critical finding is opened with the second reading.
  const location = await posted('/api/thickness-locations', {
    equipmentNo,
    name: 'CML-07',
    component: 'Tee branch',
    code: 'api570',
    inspectionClass: 1,
    nominalThicknessMm: 10,
    requiredThicknessMm: 6,
    corrosionAllowanceMm: 3,
  });
  for (const [date, thicknessMm] of [
    ['2021-01-15', 10],
    ['2026-01-15', 5.8],
  ] as const)
    await posted('/api/thickness-readings', {
      thicknessLocationId: location.id,
      date,
      thicknessMm,
      method: 'utSpot',
    });

  // From the register, filtered to the equipment: the finding worded from its figures.
  await openSignedIn(page, admin, `/recommendations?equipmentNo=${encodeURIComponent(equipmentNo)}`);
  await page
    .getByRole('row', { name: 'Open finding CML-07 · Tee branch: 5.8 mm when opened, required 6 mm' })
    .click();
  const figures = page.getByRole('region', { name: /^Figures when the finding was opened \(.+\)$/ });
  await expect(figures).toBeVisible();
  const figure = (label: string | RegExp) => figures.getByText(label, { exact: true }).locator('..');
  await expect(figure('Thickness when opened')).toContainText('5.8 mm');
  await expect(figure('Required thickness')).toContainText('6 mm');
  await expect(figure('Latest reading now (15 Jan 2026)')).toContainText('5.8 mm');
  await expect(figure('Remaining life now')).toContainText('years');
  // The reading it was opened on is still the latest: nothing to point out.
  await expect(figures.getByText(/is not the one this finding was opened on/)).toHaveCount(0);
  await shot('finding-when-opened');

  // A reading taken today, thinner again, through the link to the location's page.
  await figures.getByRole('link', { name: "The location's current figures" }).click();
  await expect(page.getByRole('heading', { name: `${equipmentNo} · CML-07`, level: 1 })).toBeVisible();
  const today = new Date();
  const typed = [today.getDate(), today.getMonth() + 1]
    .map((n) => String(n).padStart(2, '0'))
    .concat(String(today.getFullYear()))
    .join('/');
  await addReading(page, typed, '5.7');
  await page.goBack();
  await expect(figures).toBeVisible();
  await expect(figure('Thickness when opened')).toContainText('5.8 mm');
  await expect(figure(/^Latest reading now \(/)).toContainText('5.7 mm');
  await expect(figures.getByText(/is not the one this finding was opened on/)).toContainText(
    'its current figures are the ones to act on',
  );
  await shot('finding-later-reading');
});
