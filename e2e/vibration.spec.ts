import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { apiLogin, expectAccessible, openSignedIn, readPdf, runMark, snap } from './fixtures.ts';

test.use({ actionTimeout: 15_000 });

/** Picks `option` in the select labelled `label`. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/**
 * Vibration (docs/vibration.md): an analyst records a pump (group 2, rigid foundation) in four
 * monthly reports, the drive-end horizontal velocity reading 1.2, 2.0, 2.6 and 3.5 mm/s. The first
 * three are written by the API; the fourth report is started in the browser (its analysis is made
 * by its first write), its machine recorded and its reading added. Its trend shows the four readings
 * walking from zone A to zone C, with the zone bands of ISO 20816-3 for its group and foundation.
 */
test('a pump’s vibration walks from zone A to zone C over four monthly reports @field', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const run = runMark(info);
  const admin = await apiLogin(page);
  const asAdmin = { authorization: `Bearer ${admin.accessToken}` };
  const call = async (method: 'POST' | 'PUT', path: string, data: unknown) => {
    const response = await page.request.fetch(path, { method, headers: asAdmin, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: { id: string } }).data;
  };
  const equipmentNo = `E2E-VIB-${run}`;
  await call('POST', '/api/asset', {
    equipmentNo,
    tagNumber: `P-${run}`,
    description: 'Cooling water pump, vibration journey',
    categoryCode: 'rotating-equipment',
    objectTypeCode: 'RE-PUMP',
  });
  const workOrder = await call('POST', '/api/work-order-spks', {
    woNumber: `WO-VIB-${run}`,
    title: 'Monthly vibration route',
  });
  const machine = {
    driver: 'Electric motor 75 kW',
    driven: 'Centrifugal pump',
    powerKw: 75,
    speedRpm: 2980,
    machineGroup: 'group2',
    foundation: 'rigid',
  };
  const months: [string, number][] = [
    ['2026-09-02', 1.2],
    ['2026-10-02', 2.0],
    ['2026-11-02', 2.6],
  ];
  const report = (n: number) =>
    call('POST', '/api/report-headers', {
      workOrderSPKId: workOrder.id,
      reportNumber: `RPT-VIB-${run}-${n}`,
      title: `Vibration of P-${run}, month ${n}`,
      equipmentNo,
      inspectionMethod: 'vibration',
    });
  for (const [i, [measurementDate, velocity]] of months.entries()) {
    const { id: reportHeaderId } = await report(i + 1);
    const analysis = await call('PUT', '/api/vibration-analysis', {
      reportHeaderId,
      measurementDate,
      ...machine,
    });
    // The grid of the drive end and non-drive end in three directions, written at once.
    await call(
      'POST',
      '/api/vibration-measurement/upsert',
      ['DE', 'NDE'].flatMap((measurementPoint) =>
        (['horizontal', 'vertical', 'axial'] as const).map((direction) => ({
          vibrationAnalysisId: analysis.id,
          measurementPoint,
          direction,
          measurementDate,
          velocityRmsMmPerS: measurementPoint === 'DE' && direction === 'horizontal' ? velocity : 0.8,
        })),
      ),
    );
  }
  const fourth = await report(4);

  // The fourth report has no analysis yet: reading it made none, and starting it makes it.
  await openSignedIn(page, admin, `/reports/${fourth.id}/vibration`);
  await expect(page.getByRole('heading', { name: 'Vibration', exact: true, level: 1 })).toBeVisible();
  await expect(page.getByText('Nothing recorded yet.')).toBeVisible();
  await expectAccessible(page, info, 'vibration-not-started');
  await snap(page, `${info.project.name}-vibration-not-started`);
  await page.getByRole('button', { name: 'Start', exact: true }).click();

  await page.getByRole('textbox', { name: 'Driver' }).fill(machine.driver);
  await page.getByRole('textbox', { name: 'Driven' }).fill(machine.driven);
  await page.getByRole('textbox', { name: 'Power' }).fill('75');
  await page.getByRole('textbox', { name: 'Speed' }).fill('2980');
  await choose(page, 'Machine group', /^Group 2/);
  await choose(page, 'Foundation', 'Rigid');
  await page.getByRole('button', { name: 'Save conclusions' }).click();
  await expect(page.getByText('Saved', { exact: false }).first()).toBeVisible();

  await page.getByRole('link', { name: 'Add vibration measurement' }).click();
  await expect(page.getByRole('heading', { name: 'Add vibration measurement', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Measurement point' }).fill('DE');
  await choose(page, 'Direction', 'Horizontal');
  await page.getByRole('textbox', { name: /^Velocity/ }).fill('3.5');
  await expectAccessible(page, info, 'vibration-measurement-form');
  await snap(page, `${info.project.name}-vibration-measurement-form`);
  await page.getByRole('button', { name: 'Add vibration measurement' }).click();
  await expect(page.getByRole('heading', { name: 'Vibration', exact: true, level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: /DE/ }).first();
  await expect(row).toContainText('3.5');
  // Zone C: nothing recorded by the analyst, so the standard's zone is the one counted, and says so.
  await expect(row.getByText('C', { exact: true }).first()).toBeVisible();
  await expect(row).toContainText('by the standard');

  // The trend: four readings of the drive end, horizontal, with the zone bands of group 2 rigid.
  const trend = page.getByRole('figure', { name: 'Velocity (r.m.s.) of this equipment over its reports' });
  await expect(trend).toBeVisible();
  await expect(trend.getByText('DE · Horizontal', { exact: true })).toBeVisible();
  await expect(trend.getByText('D > 4.5 mm/s')).toBeVisible();
  await expect(trend.getByText('C > 2.8 mm/s')).toBeVisible();
  await expect(trend.getByText('B > 1.4 mm/s')).toBeVisible();
  const answered = await page.request.get(
    `/api/vibration-measurement/trend-chart?reportHeaderId=${fourth.id}&measurementPoint=DE&direction=horizontal`,
    { headers: asAdmin },
  );
  const readings = (
    (await answered.json()) as {
      data: { series: { readings: { values: { velocityRmsMmPerS: number } }[] }[] };
    }
  ).data.series[0]!.readings.map((r) => r.values.velocityRmsMmPerS);
  expect(readings).toEqual([1.2, 2.0, 2.6, 3.5]);
  await trend.scrollIntoViewIfNeeded();
  await expectAccessible(page, info, 'vibration-trend');
  await snap(page, `${info.project.name}-vibration-trend`);

  // The report of record: the vibration section reads its machine, readings and zones.
  await page.goto(`/reports/${fourth.id}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF', exact: true }).click();
  const pdf = await readPdf(await download, `${info.project.name}-vibration-report`);
  expect(pdf).toContain('Vibration measurement');
  expect(pdf).toContain('Centrifugal pump');
  expect(pdf).toContain('3.5');
});
