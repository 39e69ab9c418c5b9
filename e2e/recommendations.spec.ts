import { expect, test } from '@playwright/test';
import { apiLogin, e2eDemoPassword, expectAccessible, openSignedIn, snap } from './fixtures.ts';

test.use({ actionTimeout: 15_000 });

/**
 * Issue 40, "Done when": a finding graded at a level that needs action in an approved report opens
 * a finding to close, which the planner then closes with evidence (docs/recommendations.md). The
 * journey makes its own reports on LV panel LP-3A, as the supersession journey does, each with its
 * own one-level path (the demo's reviewer1): one with a hot lug (ΔT 45.5 °C, NETA priority 1), and a
 * later one after the repair, which is the evidence. Also checked: the health card counts the open
 * finding and opens the register for its equipment.
 */
test('a finding of an approved report is opened in the register and closed with evidence @tablet', async ({
  page,
}, info) => {
  const run = `${Date.now().toString(36)}${info.project.name.slice(0, 1)}`.toUpperCase();
  const shot = (name: string) => snap(page, `recommendations-${info.project.name}-${name}`);
  const admin = await apiLogin(page);
  const reviewer = await apiLogin(page, { username: 'reviewer1', password: e2eDemoPassword });
  const asAdmin = { authorization: `Bearer ${admin.accessToken}` };
  const made = async (path: string, data: Record<string, unknown>) => {
    const response = await page.request.post(path, { headers: asAdmin, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: { id: string } }).data;
  };
  const move = async (id: string, status: string, token: string) => {
    const response = await page.request.put(`/api/report-headers/update-report-status/${id}`, {
      headers: { authorization: `Bearer ${token}` },
      params: { status },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  const panel = await page.request.get('/api/asset', { headers: asAdmin, params: { search: 'LP-3A' } });
  const equipmentNo = (
    (await panel.json()) as { data: { equipmentNo: string; tagNumber: string }[] }
  ).data.find((e) => e.tagNumber === 'LP-3A')!.equipmentNo;
  /** An approved thermal report of the panel with one measurement at `maxTemperatureC`. */
  const approvedReport = async (suffix: string, maxTemperatureC: number) => {
    const workOrder = await made('/api/work-order-spks', {
      woNumber: `WO-REC-${run}-${suffix}`,
      title: 'Thermography of LV panel LP-3A',
      equipmentCategory: 'electrical',
      tagNumber: 'LP-3A',
    });
    await made('/api/wo-task-assignments', {
      workOrderSPKId: workOrder.id,
      inspectionMethod: 'thermal',
      userPDMIds: [],
      levelApprovals: [1],
      positionLevels: ['Area inspection engineer'],
    });
    const report = await made('/api/report-headers', {
      workOrderSPKId: workOrder.id,
      reportNumber: `RPT-REC-${run}-${suffix}`,
      title: 'Thermography of LV panel LP-3A',
      equipmentNo,
      inspectionMethod: 'thermal',
      location: 'Substation 3, room 2',
    });
    const analysis = await made('/api/thermal-analysis', {
      reportHeaderId: report.id,
      summary: 'Six connections of LP-3A scanned at 70–85 % load.',
    });
    await made('/api/thermal-measurements', {
      thermalAnalysisId: analysis.id,
      date: '2026-11-20',
      tagNumber: 'F-07-R',
      component: `Phase R cable lug ${run}`,
      maxTemperatureC,
      referenceTemperatureC: 40.9,
    });
    await move(report.id, 'submitted', admin.accessToken);
    await move(report.id, 'approved', reviewer.accessToken);
    return report;
  };
  await approvedReport('A', 86.4);

  // The health card counts the finding and opens the register for the panel.
  await openSignedIn(page, admin, `/equipment/${equipmentNo}`);
  const findings = page.getByRole('region', { name: 'Findings to close' });
  await expect(findings).toBeVisible();
  await expect(findings.getByText('Critical')).toBeVisible();
  await findings.getByRole('link', { name: 'Open its findings in the register' }).click();
  await expect(page).toHaveURL(/\/recommendations\?equipmentNo=/);
  await expect(page.getByRole('textbox', { name: 'Equipment' })).toHaveValue(equipmentNo);
  const row = page.getByRole('row', { name: new RegExp(`Open finding .*${run}`) });
  await expect(row).toBeVisible();
  await shot('register');
  await expectAccessible(page, info, `recommendations-${info.project.name}-register`, 'recommendations');

  // After the repair, a later approved report is the evidence: the finding is closed with it.
  const later = await approvedReport('B', 43.0);
  await row.click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Closed' }).click();
  await page
    .getByLabel('How it was dealt with')
    .fill('Lug cleaned and re-torqued to 25 N·m; rescanned cool.');
  await page.getByLabel('Later report (id)').fill(later.id);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Finding saved')).toBeVisible();
  await expect(page.getByRole('link', { name: `RPT-REC-${run}-B` })).toBeVisible();
  await shot('closed');
  await expectAccessible(page, info, `recommendations-${info.project.name}-closed`, 'recommendation');
});
