import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiLogin, expectAccessible, openSignedIn, runMark, snap } from './fixtures.ts';

test.use({ actionTimeout: 30_000 });

/** The card reads six statements; on PGlite, on a machine shared by four sessions, that can take seconds. */
const cardRead = { timeout: 30_000 };

const seedAsset = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../apps/server/src/modules/seed/assets', name));

/**
 * The equipment health card (docs/equipment-health.md): a pump inspected by thermal, vibration and
 * lube oil over 2019–2026 (written by the API). Opened from the asset master's equipment row, its
 * card shows one card per method with the latest report and its worst finding, and the three
 * methods on ONE timeline of findings over the years, the next inspection due per method (a thermal
 * task past its planned finish marked overdue in words, the thickness monitoring's next measurement
 * overdue too) and the latest photos (the latest thermal survey's images); found again from a
 * report and from the equipment search.
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
  // Thermal: ΔT 2 °C (investigate), 20 °C (repair immediately), 5 °C (repair as time permits); the
  // latest survey with its thermal and visual images.
  for (const [date, deltaT] of [
    ['2019-03-10', 2],
    ['2022-03-12', 20],
    ['2025-03-11', 5],
  ] as const) {
    const { id } = await report('thermal', date);
    const analysis = await call('POST', '/api/thermal-analysis', { reportHeaderId: id });
    const measurement = {
      thermalAnalysisId: analysis.id,
      date,
      component: 'Motor terminal box',
      maxTemperatureC: 40 + deltaT,
      referenceTemperatureC: 40,
    };
    if (date !== '2025-03-11') {
      await call('POST', '/api/thermal-measurements', measurement);
      continue;
    }
    const sent = await page.request.post('/api/thermal-measurements', {
      headers: asAdmin,
      multipart: {
        ...measurement,
        maxTemperatureC: String(measurement.maxTemperatureC),
        referenceTemperatureC: String(measurement.referenceTemperatureC),
        thermalImage: {
          name: 'terminal-box-ir.png',
          mimeType: 'image/png',
          buffer: seedAsset('thermal-demo.png'),
        },
        visualImage: {
          name: 'terminal-box.jpg',
          mimeType: 'image/jpeg',
          buffer: seedAsset('visual-demo.jpg'),
        },
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
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

  // Planned: a thermal survey whose planned finish has passed, a vibration route ahead.
  const planned = async (suffix: string, inspectionMethod: string, dateStart: string, dateEnd: string) => {
    const order = await call('POST', '/api/work-order-spks', {
      woNumber: `WO-HC-${run}-${suffix}`,
      title: `${inspectionMethod} of ${tagNumber}`,
      tagNumber,
      dateStart,
      dateEnd,
    });
    await call('POST', '/api/wo-task-assignments', { workOrderSPKId: order.id, inspectionMethod });
  };
  await planned('IR', 'thermal', '2026-03-02', '2026-03-13');
  await planned('VA', 'vibration', '2027-06-07', '2027-06-11');
  // Thickness: one reading of 2021 on a class 1 line, its 5-year maximum passed in 2026.
  const cml = await call('POST', '/api/thickness-locations', {
    equipmentNo,
    name: 'CML-1 discharge elbow',
    code: 'api570',
    inspectionClass: 1,
    nominalThicknessMm: 10,
    requiredThicknessMm: 6,
  });
  await call('POST', '/api/thickness-readings', {
    thicknessLocationId: cml.id,
    date: '2021-06-15',
    thicknessMm: 9.2,
    method: 'utSpot',
  });

  // From the asset master: find the pump, open its row, open its health card.
  await openSignedIn(page, admin, '/assets');
  await page.getByRole('textbox', { name: 'Search' }).fill(equipmentNo);
  await page.getByRole('row', { name: new RegExp(tagNumber) }).click();
  await page.getByRole('link', { name: new RegExp(`^Health card of ${tagNumber}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(tagNumber) })).toBeVisible(cardRead);

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
  // Next due: thermal overdue in words on its card and in the list; vibration ahead; thickness overdue.
  const thermalCard = methods.getByRole('article', { name: 'Thermal analysis' });
  await expect(thermalCard.getByText('Overdue', { exact: true })).toBeVisible();
  await expect(methods.getByRole('article', { name: 'Vibration' }).getByText('Overdue')).toHaveCount(0);
  const due = page.getByRole('region', { name: 'Next inspection due' });
  const thermalDue = due.getByRole('listitem').filter({ hasText: 'Thermal analysis' });
  await expect(thermalDue.getByText('Overdue', { exact: true })).toBeVisible();
  await expect(thermalDue.getByRole('link', { name: `Open work order WO-HC-${run}-IR` })).toBeVisible();
  const vibrationDue = due.getByRole('listitem').filter({ hasText: 'Vibration' });
  await expect(vibrationDue).toContainText('11 Jun 2027');
  await expect(vibrationDue.getByText('Overdue')).toHaveCount(0);
  const thicknessDue = due.getByRole('listitem').filter({ hasText: 'Thickness monitoring' });
  await expect(thicknessDue).toContainText('15 Jun 2026 at CML-1 discharge elbow, its only location');
  await expect(thicknessDue.getByText('Overdue', { exact: true })).toBeVisible();

  // The latest photos: the latest thermal survey's two images, each opening full size.
  const photos = page.getByRole('region', { name: 'Latest photos' });
  await expect(photos.getByRole('img')).toHaveCount(2);
  await photos.getByRole('button', { name: /open photo terminal-box-ir\.png/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

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
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(tagNumber) })).toBeVisible(cardRead);

  // From the search (the navigation's "Equipment health"): the tag typed, the card opened.
  await openSignedIn(page, admin, '/equipment');
  const search = page.getByRole('combobox', { name: 'Equipment' });
  await search.click();
  await search.fill(tagNumber);
  await page.getByRole('option', { name: new RegExp(tagNumber) }).click();
  await expect(page).toHaveURL(new RegExp(`/equipment/${equipmentNo}$`));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(tagNumber) })).toBeVisible(cardRead);
});
