import { expect, test } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import {
  apiLogin,
  closeNotices,
  expectAccessible,
  expectTouchTargets,
  openSignedIn,
  readPdf,
  runMark,
  snap,
} from './fixtures.ts';
import { shadedPng } from './photo.ts';

test.use({ actionTimeout: 15_000 });
test.describe.configure({ timeout: 180_000 });

/** A small PNG of one colour with a darker band: an oil sample jar's photo stands in. */
const photo = (name: string, rgb: [number, number, number]) =>
  shadedPng(name, rgb, (_x, y) => (y > 40 ? 0.55 : 1));

function shooter(page: Page, info: TestInfo) {
  return async (name: string) => {
    await expectAccessible(page, info, `lube-oil-${name}`);
    if (info.project.use.hasTouch) await expectTouchTargets(page, `lube-oil-${name}`);
    await snap(page, `${info.project.name}-lube-oil-${name}`);
  };
}

/**
 * Lube oil (docs/lube-oil.md): an analyst records the oil sample of a pump's gearbox. The analysis
 * starts from its form (the sample date is required), with its template components; the gearbox's
 * laboratory readings show water above 1,000 ppm, graded critical; the sample's visual check carries
 * its photo; the report's PDF prints the components and their grades.
 */
test('a lube-oil sample of a pump’s gearbox is flagged for water, with its visual image @field', async ({
  page,
}, info) => {
  const shot = shooter(page, info);
  const run = runMark(info);
  const admin = await apiLogin(page);
  const asAdmin = { authorization: `Bearer ${admin.accessToken}` };
  const made = async (path: string, data: Record<string, unknown>) => {
    const response = await page.request.post(path, { headers: asAdmin, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: { id: string } }).data;
  };
  const equipmentNo = `E2E-OIL-${run}`;
  await made('/api/asset', {
    equipmentNo,
    tagNumber: `P-${run}`,
    description: 'Cooling water pump, gearbox drive',
    categoryCode: 'rotating-equipment',
    objectTypeCode: 'RE-PUMP',
  });
  const workOrder = await made('/api/work-order-spks', { woNumber: `WO-OIL-${run}`, title: 'Oil sampling' });
  const report = await made('/api/report-headers', {
    workOrderSPKId: workOrder.id,
    reportNumber: `RPT-OIL-${run}`,
    title: `Lube oil of P-${run}`,
    equipmentNo,
    inspectionMethod: 'lubeOil',
  });

  await openSignedIn(page, admin, `/reports/${report.id}/lube-oil`);
  await expect(page.getByRole('heading', { name: 'Lube oil', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /^Start/ }).click();
  // The sample and the new oil: the analysis is made by this first write.
  await page.getByRole('textbox', { name: /^Sample date/ }).fill('02/11/2026');
  await page.getByRole('textbox', { name: /^Laboratory$/ }).fill('Lab Pelumas Cilegon');
  await page.getByRole('textbox', { name: /^Oil grade/ }).fill('Omala S2 GX 220');
  await page.getByRole('textbox', { name: /^ISO VG of the new oil/ }).fill('220');
  await page.getByRole('textbox', { name: /^New oil viscosity at 40/ }).fill('218');
  await page.getByRole('textbox', { name: /^New oil TAN/ }).fill('0.3');
  await page.getByRole('textbox', { name: /^Target cleanliness/ }).fill('17/15/12');
  await shot('start');
  await page
    .getByRole('button', { name: /^Start/ })
    .last()
    .click();

  // The template's components, then the gearbox's readings from the laboratory.
  const gearbox = page.getByRole('row', { name: /Gearbox/ });
  await expect(gearbox).toBeVisible();
  await expect(page.getByRole('row', { name: /Bearings/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Reservoir/ })).toBeVisible();
  await closeNotices(page);
  await page.getByRole('button', { name: /Edit Gearbox/ }).click();
  await page.getByRole('textbox', { name: /^Viscosity at 40/ }).fill('221');
  await page.getByRole('textbox', { name: /^Water/ }).fill('1400');
  await page.getByRole('textbox', { name: /^TAN/ }).fill('0.42');
  await page.getByRole('textbox', { name: /^Cleanliness/ }).fill('18/15/12');
  await page.getByRole('textbox', { name: /^Iron/ }).fill('22');
  await shot('gearbox');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Lube oil', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Gearbox/ })).toContainText(/critical/i);
  await closeNotices(page);

  // The sample's visual check, with its photo.
  await page.getByRole('link', { name: /Add lube oil visual/ }).click();
  await page.getByRole('textbox', { name: /^Component/ }).fill('Gearbox');
  const chooser = page.waitForEvent('filechooser');
  await page
    .getByRole('button', { name: /Visual image/ })
    .first()
    .click();
  await (await chooser).setFiles(photo('gearbox-sample.png', [196, 170, 120]));
  await shot('visual');
  await page.getByRole('button', { name: /Add lube oil visual/ }).click();
  await expect(page.getByRole('heading', { name: 'Lube oil', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Gearbox/ }).last()).toBeVisible();
  await closeNotices(page);
  await shot('workspace');

  // The report's PDF: the components and the water's verdict.
  await page.goto(`/reports/${report.id}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF', exact: true }).click();
  const pdf = await readPdf(await download, `${info.project.name}-lube-oil`);
  expect(pdf).toContain('Gearbox');
  expect(pdf).toMatch(/critical/i);
});
