import { expect, test } from '@playwright/test';
import { apiLogin, openSignedIn, runMark, snap } from './fixtures.ts';

test.use({ actionTimeout: 15_000 });

/**
 * Series (docs/series.md): a hot lug of a panel surveyed in four monthly reports; the fourth
 * report's thermal workspace draws ΔT of each lug over the reports, on a date axis, with the
 * severity limits of the grade's declaration across. The journey makes its own equipment and
 * reports (one equipment per project and run: the projects share a server).
 */
test('a report shows its equipment’s readings over the reports before it, with the limits @tablet', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const run = runMark(info);
  const admin = await apiLogin(page);
  const asAdmin = { authorization: `Bearer ${admin.accessToken}` };
  const made = async (path: string, data: Record<string, unknown>) => {
    const response = await page.request.post(path, { headers: asAdmin, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: { id: string } }).data;
  };
  const equipmentNo = `E2E-SER-${run}`;
  await made('/api/asset', {
    equipmentNo,
    tagNumber: `LP-${run}`,
    description: 'LV panel, trend journey',
    categoryCode: 'electrical',
    objectTypeCode: 'EL-PANEL',
  });
  const workOrder = await made('/api/work-order-spks', {
    woNumber: `WO-SER-${run}`,
    title: 'Monthly thermography',
  });
  // Phase R's lug heating up month by month (ΔT 0.5 → 2.0 → 5.5 → 17.5 °C), phase S steady.
  const surveys: [string, number, number][] = [
    ['2026-07-15', 40.5, 40.2],
    ['2026-08-15', 42, 40.4],
    ['2026-09-15', 45.5, 40.3],
    ['2026-10-15', 57.5, 40.6],
  ];
  let last = '';
  for (const [i, [date, phaseR, phaseS]] of surveys.entries()) {
    const report = await made('/api/report-headers', {
      workOrderSPKId: workOrder.id,
      reportNumber: `RPT-SER-${run}-${i + 1}`,
      title: `Thermography of LP-${run}, month ${i + 1}`,
      equipmentNo,
      inspectionMethod: 'thermal',
    });
    const analysis = await made('/api/thermal-analysis', { reportHeaderId: report.id });
    for (const [component, max] of [
      ['Phase R cable lug', phaseR],
      ['Phase S cable lug', phaseS],
    ] as const)
      await made('/api/thermal-measurements', {
        thermalAnalysisId: analysis.id,
        date,
        tagNumber: `LP-${run}`,
        component,
        maxTemperatureC: max,
        referenceTemperatureC: 40,
      });
    last = report.id;
  }

  await openSignedIn(page, admin, `/reports/${last}/thermal`);
  const trend = page.getByRole('figure', { name: 'ΔT of this equipment over its reports' });
  await expect(trend).toBeVisible();
  await expect(trend.getByText(`LP-${run} · Phase R cable lug`)).toBeVisible();
  await expect(trend.getByText(`LP-${run} · Phase S cable lug`)).toBeVisible();
  // The severity limits, from the grade's declaration.
  await expect(trend.getByText('Repair immediately > 15 °C')).toBeVisible();
  await expect(trend.getByText('Investigate ≥ 1 °C')).toBeVisible();
  await trend.scrollIntoViewIfNeeded();
  await snap(page, `series-${info.project.name}-trend`);
});
