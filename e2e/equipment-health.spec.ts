import { expect, test } from '@playwright/test';
import { apiLogin, expectAccessible, openSignedIn, runMark, snap } from './fixtures.ts';

test.use({ actionTimeout: 30_000 });

/**
 * The equipment health card (docs/equipment-health.md): a pump inspected by thermal, vibration and
 * lube oil over 2019–2026 (written by the API). Opened from the asset master's equipment row, its
 * card shows one card per method with the latest report and its worst finding, and the three
 * methods on ONE timeline of findings over the years.
 */
test('the pump’s health card shows thermal, vibration and lube oil on one timeline @tablet', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const run = runMark(info);
  const admin = await apiLogin(page);
  const asAdmin = { authorization: `Bearer ${admin.accessToken}` };
  const call = async (method: 'POST' | 'PUT', path: string, data: unknown) => {
    const response = await page.request.fetch(path, { method, headers: asAdmin, data });
    expect([200, 201], await response.text()).toContain(response.status());
    return ((await response.json()) as { data: { id: string } }).data;
  };
  const equipmentNo = `E2E-HC-${run}`;
  const tagNumber = `P-HC-${run}`;
  await call('POST', '/api/asset', {
    equipmentNo,
    tagNumber,
    description: 'Crude charge pump, health card journey',
    categoryCode: 'rotating-equipment',
    objectTypeCode: 'RE-PUMP',
  });
  const workOrder = await call('POST', '/api/work-order-spks', {
    woNumber: `WO-HC-${run}`,
    title: 'Condition monitoring route',
  });
  let n = 0;
  const report = async (inspectionMethod: string, date: string) =>
    call('POST', '/api/report-headers', {
      workOrderSPKId: workOrder.id,
      reportNumber: `RPT-HC-${run}-${++n}`,
      title: `${inspectionMethod} of ${tagNumber}`,
      equipmentNo,
      inspectionMethod,
      actualCompletedDate: date,
    });
  // Thermal: ΔT 2 °C (investigate), 20 °C (repair immediately), 5 °C (repair as time permits).
  for (const [date, deltaT] of [
    ['2019-03-10', 2],
    ['2022-03-12', 20],
    ['2025-03-11', 5],
  ] as const) {
    const { id } = await report('thermal', date);
    const analysis = await call('POST', '/api/thermal-analysis', { reportHeaderId: id });
    await call('POST', '/api/thermal-measurements', {
      thermalAnalysisId: analysis.id,
      date,
      component: 'Motor terminal box',
      maxTemperatureC: 40 + deltaT,
      referenceTemperatureC: 40,
    });
  }
  // Vibration, group 2 on a rigid foundation: 1.2 mm/s zone A, 3.5 mm/s zone C.
  for (const [date, velocity] of [
    ['2020-06-01', 1.2],
    ['2024-06-03', 3.5],
  ] as const) {
    const { id } = await report('vibration', date);
    const analysis = await call('PUT', '/api/vibration-analysis', {
      reportHeaderId: id,
      driver: 'Electric motor',
      driven: 'Centrifugal pump',
      powerKw: 75,
      machineGroup: 'group2',
      foundation: 'rigid',
    });
    await call('POST', '/api/vibration-measurement', {
      vibrationAnalysisId: analysis.id,
      measurementPoint: 'DE',
      direction: 'horizontal',
      measurementDate: date,
      velocityRmsMmPerS: velocity,
    });
  }
  // Lube oil: water 200 ppm normal, 700 ppm caution, 1,200 ppm critical.
  for (const [date, waterPpm] of [
    ['2021-09-01', 200],
    ['2023-09-04', 700],
    ['2026-09-02', 1200],
  ] as const) {
    const { id } = await report('lubeOil', date);
    const sample = await call('PUT', '/api/lube-oil/general-summary', {
      reportHeaderId: id,
      sampleDate: date,
      laboratory: 'Lab Pertamina Lubricants',
      sampleNumber: `LO-${run}-${date}`,
      newOilIsoVg: 220,
      newOilViscosity40Cst: 218,
      newOilTanMgKohG: 0.3,
      targetIsoCode: '17/15/12',
    });
    await call('PUT', '/api/lube-oil/measurements', {
      lubeOilAnalysisId: sample.id,
      component: 'Gearbox',
      waterPpm,
    });
  }

  // From the asset master: find the pump, open its row, open its health card.
  await openSignedIn(page, admin, '/assets');
  await page.getByRole('textbox', { name: 'Search' }).fill(equipmentNo);
  await page.getByRole('row', { name: new RegExp(tagNumber) }).click();
  await page.getByRole('link', { name: new RegExp(`^Health card of ${tagNumber}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(tagNumber) })).toBeVisible();

  const methods = page.getByRole('region', { name: 'Inspections by method' });
  for (const [method, latest, finding] of [
    ['Thermal analysis', `RPT-HC-${run}-3`, 'Repair as time permits'],
    ['Vibration', `RPT-HC-${run}-5`, 'C'],
    ['Lube oil', `RPT-HC-${run}-8`, 'Critical'],
  ] as const) {
    const card = methods.getByRole('article', { name: method });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: new RegExp(`Open report ${latest}`) })).toBeVisible();
    await expect(card.getByText(finding, { exact: true })).toBeVisible();
  }
  await expect(methods.getByText('Next inspection due: no interval')).toBeVisible();

  // ONE timeline, the three methods in its legend, eight points in all.
  const timeline = page.getByRole('figure', { name: 'Findings over the years' });
  await expect(timeline).toHaveCount(1);
  for (const method of ['Thermal analysis', 'Vibration', 'Lube oil'])
    await expect(timeline.locator('.recharts-legend-wrapper').getByText(method)).toBeVisible();
  await expect(timeline.locator('.recharts-line-dot')).toHaveCount(8);

  await expectAccessible(page, info, 'equipment-health');
  await snap(page, `${info.project.name}-equipment-health`);

  // From a report: its equipment's card.
  await methods.getByRole('link', { name: new RegExp(`Open report RPT-HC-${run}-5`) }).click();
  await page.getByRole('link', { name: 'Health card' }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(tagNumber) })).toBeVisible();
});
