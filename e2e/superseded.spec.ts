import { expect, test } from '@playwright/test';
import {
  apiLogin,
  approvedReport,
  e2eDemoPassword,
  expectAccessible,
  readPdf,
  signInByApi,
  snap,
} from './fixtures.ts';

test.use({ actionTimeout: 15_000 });

/**
 * Issue 36, "Done when": a revised report's original reads as superseded on screen and on paper
 * (docs/revisions-and-supersession.md). The journey makes its own approved thermal report like the
 * demo's (LP-3A, one hot lug) rather than revising the seeded one: approving it would lock the
 * demo report that the thermal, soft-rules and never-lose-input journeys edit on the same server.
 * Its work order names its own one-level path (the area inspection engineer, the demo's reviewer1),
 * so a journey changing thermal's approval settings meanwhile does not move it.
 */
test('a revision approved supersedes its original: banner, list and PDF say so', async ({ page }, info) => {
  const run = `${Date.now().toString(36)}${info.project.name.slice(0, 1)}`.toUpperCase();
  const reportNumber = `RPT-SUP-${run}`;
  const revisionNumber = `${reportNumber}-R1`;
  const shot = (name: string) => snap(page, `superseded-${info.project.name}-${name}`);
  const tabletShot = async (name: string) => {
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 800, height: 1280 });
    await snap(page, `superseded-tablet-${name}`);
    await page.setViewportSize(desktop);
  };

  // 1. An approved thermal report, made through the API as the demo's is seeded.
  const admin = await apiLogin(page);
  const report = await approvedReport(page, admin, {
    reportNumber,
    title: 'Thermography of LV panel LP-3A',
    inspectionMethod: 'thermal',
    equipmentCategory: 'electrical',
    tagNumber: 'LP-3A',
    location: 'Substation 3, room 2',
    records: async (header, make) => {
      const analysis = await make('/api/thermal-analysis', {
        reportHeaderId: header.id,
        summary: 'Six connections of LP-3A scanned at 70–85 % load.',
      });
      await make('/api/thermal-measurements', {
        thermalAnalysisId: analysis.id,
        date: '2026-11-20',
        tagNumber: 'F-07-R',
        component: 'Phase R cable lug',
        maxTemperatureC: 86.4,
        referenceTemperatureC: 40.9,
      });
    },
  });
  const reportUrl = `/reports/${report.id}`;

  // 2. The administrator starts a revision, says why, and submits it.
  await signInByApi(page, reportUrl);
  await expect(page.getByText('This report is approved and locked')).toBeVisible();
  await page.getByRole('button', { name: 'New revision' }).click();
  const revise = page.getByRole('dialog');
  await revise
    .getByRole('textbox', { name: 'Why is the approved report revised?' })
    .fill('Phase R re-measured after the lens was cleaned');
  await revise.getByRole('button', { name: 'New revision' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(revisionNumber);
  const revisionUrl = new URL(page.url()).pathname;
  await page.getByRole('group', { name: 'Status actions' }).getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // 3. The reviewer approves it; having drawn no signature, the dialog offers the pad first.
  await signInByApi(page, revisionUrl, { username: 'reviewer1', password: e2eDemoPassword });
  const approval = page.getByRole('region', { name: 'Approval', exact: true });
  await approval.getByRole('button', { name: 'Approve', exact: true }).click();
  const approve = page.getByRole('dialog');
  await expect(approve.getByText('Add your signature to the approval record?')).toBeVisible();
  await expect(approve.getByRole('img', { name: 'Signature drawing area' })).toBeVisible();
  await shot('approve-asks-signature');
  await approve.getByRole('textbox', { name: /Comment/ }).fill('Re-measured values checked.');
  await approve.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(approve).toHaveCount(0);
  await expect(page.getByText('This report is approved and locked')).toBeVisible();

  // 4. The original says it is superseded, links the revision, and offers no new revision.
  await page.goto(reportUrl);
  const banner = page.getByRole('alert').filter({ hasText: `Superseded by ${revisionNumber}` });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('no longer current');
  await expect(page.getByText('This report is approved and locked')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New revision' })).toHaveCount(0);
  await expect(page.getByText('Superseded', { exact: true }).first()).toBeVisible();
  await shot('original');
  await tabletShot('original');
  await expectAccessible(page, info, 'superseded-original');

  // 5. Its PDF says it on the cover and in every page's footer.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF', exact: true }).click();
  const pdf = await readPdf(await download, `superseded-${info.project.name}-original`);
  const said = pdf.split(`Superseded by ${revisionNumber}`).length - 1;
  // The cover's line, and the footer of each page (two pages at least: cover and the analysis).
  expect(said).toBeGreaterThanOrEqual(3);

  // 6. The reports list shows current reports; the switch shows the superseded one, marked so.
  await page.goto('/reports');
  await page.getByRole('textbox', { name: 'Search' }).fill(reportNumber);
  await expect(page.getByRole('cell', { name: revisionNumber, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: reportNumber, exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('switch', { name: 'Show superseded reports' }).check({ force: true });
  const originalRow = page.getByRole('row', { name: new RegExp(`${reportNumber} `) });
  await expect(page.getByRole('cell', { name: reportNumber, exact: true })).toBeVisible();
  await expect(originalRow.first()).toContainText('Superseded');
  await expect(page.getByRole('row', { name: new RegExp(revisionNumber) })).toContainText('Approved');
  await shot('list');
  await tabletShot('list');

  // 7. The banner's link opens the revision.
  await page.goto(reportUrl);
  await banner.getByRole('link', { name: `Open ${revisionNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(revisionNumber);
  await expect(page.getByText(`Revision 1 of report ${reportNumber}`)).toBeVisible();

  // 8. The administrator finds the signature option with the approval settings (left as it is:
  // the journeys share the server).
  await signInByApi(page, '/admin/approval-settings');
  const required = page.getByRole('switch', { name: 'Approving needs the approver’s signature' });
  await expect(required).not.toBeChecked();
  await expect(required).toBeEnabled();
  await shot('approval-options');
});
