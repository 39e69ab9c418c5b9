import { expect, test } from '@playwright/test';
import { apiLogin, approvedReport, expectAccessible, openSignedIn, snap } from './fixtures.ts';

test.use({ actionTimeout: 15_000 });

/**
 * Issue 40, "Done when": a VCI finding graded high in an approved report opens a finding to close,
 * which the planner then closes with evidence (docs/recommendations.md). The journey makes its own
 * reports on line 10"-P-1006-A1A (the demo's VCI line) through the API (`approvedReport`): one with
 * corrosion graded high at a pipe support, and a later one after the repair, graded low, which is
 * the evidence, picked from the reports the server offers. Also checked: the health card counts the open finding and opens the register for
 * its equipment.
 */
test('a VCI finding graded high in an approved report is opened in the register and closed with evidence @tablet', async ({
  page,
}, info) => {
  const run = `${Date.now().toString(36)}${info.project.name.slice(0, 1)}`.toUpperCase();
  const shot = (name: string) => snap(page, `recommendations-${info.project.name}-${name}`);
  const admin = await apiLogin(page);
  const asAdmin = { authorization: `Bearer ${admin.accessToken}` };
  /** An approved VCI report of the line with one spot graded `severity`. */
  const vciReport = (suffix: string, severity: string, remarks: string) =>
    approvedReport(page, admin, {
      reportNumber: `RPT-REC-${run}-${suffix}`,
      title: 'VCI of line 10"-P-1006-A1A',
      inspectionMethod: 'vci',
      equipmentCategory: 'pipe',
      tagNumber: '10"-P-1006-A1A',
      location: 'CDU1 pipe rack',
      records: async (report, make) => {
        // The analysis is made on its first read (docs/techniques.md).
        const read = await page.request.get('/api/vci-analysis-pipe/by-report', {
          headers: asAdmin,
          params: { reportHeaderId: report.id },
        });
        expect(read.status(), await read.text()).toBe(200);
        const analysis = ((await read.json()) as { data: { id: string } }).data;
        await make('/api/vci-summary-pipe', {
          vciAnalysisId: analysis.id,
          measurementDate: '2026-11-20',
          location: `Pipe support PS-21 ${run}`,
          segmentPipingNumber: '10"-P-1006-A1A / SEG-05',
          feature: 'corrosion',
          vciSpotNumber: 'VCI-05',
          severity,
          remarks,
        });
      },
    });
  const first = await vciReport('A', 'high', 'Pitting up to 3.1 mm deep under broken coating.');
  const equipmentNo = first.equipmentNo;

  // The health card counts the finding and opens the register for the line.
  await openSignedIn(page, admin, `/equipment/${encodeURIComponent(equipmentNo)}`);
  const findings = page.getByRole('region', { name: 'Findings to close' });
  // The card reads several statements: on PGlite, on a shared machine, that can take seconds.
  await expect(findings).toBeVisible({ timeout: 30_000 });
  await expect(findings.getByText('High')).toBeVisible();
  await findings.getByRole('link', { name: 'Open its findings in the register' }).click();
  await expect(page).toHaveURL(/\/recommendations\?equipmentNo=/);
  await expect(page.getByRole('textbox', { name: 'Equipment' })).toHaveValue(equipmentNo);
  const row = page.getByRole('row', { name: new RegExp(`Open finding Pipe support PS-21 ${run}`) });
  await expect(row).toBeVisible();
  await shot('register');
  await expectAccessible(page, info, `recommendations-${info.project.name}-register`, 'recommendations');

  // After the repair, a later approved report is the evidence: the finding is closed with it.
  await vciReport('B', 'low', 'Support blasted, recoated and fitted with a wear pad.');
  await row.click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page settles as its reads arrive (the owner's list, the evidence candidates); a list
  // opened while it re-renders can close again, so it is opened until its option shows.
  // A pick made while the list re-renders can be lost: picked again until the field holds it.
  const state = page.getByRole('combobox', { name: 'State' });
  await expect(async () => {
    await state.click();
    await page.getByRole('option', { name: 'Closed' }).click({ timeout: 2_000 });
    await expect(state).toHaveValue('Closed', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page
    .getByLabel('How it was dealt with')
    .fill('Blasted, recoated and fitted with a wear pad at PS-21.');
  // The later report is picked from the equipment's reports approved since the finding was opened:
  // the source report is not offered.
  const picker = page.getByRole('combobox', { name: 'Later report' });
  await picker.click();
  await expect(page.getByRole('option', { name: new RegExp(`^RPT-REC-${run}-B · `) })).toBeVisible();
  await expect(page.getByRole('option', { name: new RegExp(`^RPT-REC-${run}-A · `) })).toHaveCount(0);
  await picker.fill(`${run}-B`);
  await shot('evidence-picker');
  await page.getByRole('option', { name: new RegExp(`^RPT-REC-${run}-B · `) }).click();
  await expect(picker).toHaveValue(new RegExp(`^RPT-REC-${run}-B · `));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Finding saved')).toBeVisible();
  await expect(page.getByRole('link', { name: `RPT-REC-${run}-B` })).toBeVisible();
  // Closed with a report, no work order was raised: the card says so rather than standing empty.
  await expect(page.getByText('None raised: the finding was closed with its evidence above.')).toBeVisible();
  await shot('closed');
  await expectAccessible(page, info, `recommendations-${info.project.name}-closed`, 'recommendation');
});
