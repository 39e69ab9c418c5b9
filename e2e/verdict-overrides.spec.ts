import { expect, test } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import { apiLogin, closeNotices, demo, expectAccessible, openSignedIn, snap } from './fixtures.ts';

/*
 * A verdict against the standard (docs/verdict-pairs.md): an inspector records a UFD indication as
 * Accept where the acceptance code rejects it (slag inclusion 10 mm, t = 22 mm, echo 110 %, ASME
 * B31.3), and confirms it with a reason; the reviewer's queue shows the report as an override counted
 * Reject; the reviewer accepts the inspector's verdict at approval; then it counts Accept. On an
 * upright tablet, where the verdict is recorded (@field: its screens photographed at the desktop's
 * width too; the reviewer's queue and panel on a desktop are approvals.spec.ts's).
 */

function shooter(page: Page, info: TestInfo) {
  return async (name: string) => {
    await expectAccessible(page, info, `verdicts-${name}`);
    await snap(page, `${info.project.name}-verdicts-${name}`);
  };
}

test('an override of the code is confirmed with a reason, counted Reject, and accepted by the reviewer @field', async ({
  page,
}, info) => {
  const shot = shooter(page, info);
  const stamp = `${info.project.name}-${Date.now().toString(36)}`;
  const admin = await apiLogin(page);
  const headers = { authorization: `Bearer ${admin.accessToken}` };

  // The reviewer of UFD reports at level 1 (the demo's path: the area inspection engineer).
  const reviewer = {
    username: `rev.ufd.${stamp}`.toLowerCase(),
    fullName: `Dewi Reviewer ${stamp}`,
    password: `harbour-lantern-${stamp}-copper`,
  };
  const roles = await page.request.get('/api/roles?search=Reviewer', { headers });
  const role = (await roles.json()).data.find((r: { name: string }) => r.name === 'Reviewer');
  const made = await page.request.post('/api/user-pdm', {
    headers,
    data: { ...reviewer, roleId: role.id, approvalPosition: 'Area inspection engineer' },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const reviewerId = (await made.json()).data.id as string;
  const assigned = await page.request.post('/api/reviewer-assignment/assign-user', {
    headers,
    data: { inspectionMethod: 'ufd', levelApproval: 1, userPdmIds: [reviewerId] },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);

  // The report on the demo work order, and the examination's set-up (made through the API).
  const orders = await page.request.get('/api/work-order-spks', {
    headers,
    params: { search: demo.woNumber },
  });
  const workOrderSPKId = ((await orders.json()).data as { id: string }[])[0]!.id;
  const equipmentNo = `E2E-UFD-${stamp}`.slice(0, 60);
  const equipment = await page.request.post('/api/asset', {
    headers,
    data: {
      equipmentNo,
      tagNumber: equipmentNo,
      description: 'Crude line weld C2',
      categoryCode: 'pipe',
      objectTypeCode: 'PIPE-PROC',
    },
  });
  expect(equipment.status(), await equipment.text()).toBe(201);
  const reportNumber = `RPT-UFD-OVR-${stamp}`;
  const created = await page.request.post('/api/report-headers', {
    headers,
    data: {
      workOrderSPKId,
      reportNumber,
      title: 'UFD of crude line welds',
      equipmentNo,
      inspectionMethod: 'ufd',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const reportId = (await created.json()).data.id as string;
  const inspection = await page.request.post('/api/ufd-inspection-pipe', {
    headers,
    multipart: {
      reportHeaderId: reportId,
      measurementDate: '2026-11-30',
      acceptanceCode: 'ASME B31.3',
      matThickness: '22',
      jobOrJoint: 'Circ seam C2',
    },
  });
  expect(inspection.status(), await inspection.text()).toBe(201);

  // The inspector records the indication as Accept.
  await openSignedIn(page, admin, `/reports/${reportId}/ufd?variant=pipe`);
  await expect(page.getByRole('heading', { name: 'UFD finding', level: 2 })).toBeVisible();
  await page.getByRole('link', { name: 'Add UFD finding' }).click();
  await expect(page.getByRole('heading', { name: 'Add UFD finding', level: 1 })).toBeVisible();
  await page.getByLabel('Part examined').fill('Circ seam C2 at 1200 mm');
  await page.getByRole('combobox', { name: 'Result' }).click();
  await page.getByRole('option', { name: /^Accept$/ }).click();
  await page.getByRole('combobox', { name: 'Indication type' }).click();
  await page.getByRole('option', { name: /^slag inclusion$/i }).click();
  const indication = page.getByRole('group', { name: 'Indication', exact: true });
  await indication.getByRole('textbox', { name: /^Length/ }).fill('10');
  const signal = page.getByRole('group', { name: 'Signal', exact: true });
  await signal.getByRole('textbox', { name: /^Echo height/ }).fill('110');
  await page.getByRole('button', { name: 'Add UFD finding' }).click();

  // The code rejects it: the save asks for a reason and refuses none.
  const dialog = page.getByRole('dialog', { name: 'The standard gives another verdict' });
  await expect(dialog).toContainText('You recorded Accept; Result by the code is Reject.');
  await expect(dialog).toContainText('counts as Reject until a reviewer accepts your verdict');
  await dialog.getByRole('button', { name: 'Save as an override' }).click();
  await expect(dialog).toContainText('Say why your verdict differs from the standard’s');
  await shot('reason');
  await dialog
    .getByRole('textbox', { name: /Reason for the override/ })
    .fill('Re-examined with a 70° probe: the echo is the weld root geometry, not slag');
  await dialog.getByRole('button', { name: 'Save as an override' }).click();
  await expect(dialog).toHaveCount(0);

  // In the workspace: the row says Accept, marked as an override of Reject, counted Reject.
  await expect(page.getByRole('heading', { name: 'UFD finding', level: 2 })).toBeVisible();
  const row = page.getByRole('row', { name: /Circ seam C2 at 1200 mm/ });
  await expect(row.getByTestId('verdict-override')).toHaveText('Override (standard: Reject)');
  await expect(page.getByLabel('1 entry, by grade:')).toHaveText(/Reject\s*1/);
  await closeNotices(page);
  await shot('workspace');

  // Submitted for approval.
  const submitted = await page.request.put(
    `/api/report-headers/update-report-status/${reportId}?status=submitted`,
    { headers },
  );
  expect(submitted.ok(), await submitted.text()).toBe(true);

  // The reviewer's queue: the report's worst finding is Reject, with one override not yet accepted.
  const asReviewer = await apiLogin(page, reviewer);
  await openSignedIn(page, asReviewer, '/approvals');
  const queued = page.getByRole('row', { name: new RegExp(reportNumber) });
  await expect(queued).toContainText('Reject');
  await expect(queued.getByTestId('override-count')).toHaveText('1 override, not yet accepted');
  await shot('queue');

  // At approval, the reviewer reads the override and accepts the inspector's verdict.
  await queued.getByRole('link', { name: reportNumber }).click();
  const overrides = page.getByRole('region', { name: /Overrides of the standard/ });
  await expect(overrides).toContainText('Circ seam C2 at 1200 mm: Accept (standard: Reject) — override');
  await expect(overrides).toContainText('Reason: Re-examined with a 70° probe');
  await expect(overrides).toContainText('Counts as Reject · not yet accepted');
  await overrides.getByRole('button', { name: /Accept the inspector’s verdict/ }).click();
  await expect(overrides).toContainText(`Counts as Accept · accepted by ${reviewer.fullName}`);
  await closeNotices(page);
  await expect(page.getByText(`Verdict accepted · ${reviewer.fullName}`)).toBeVisible();
  // The report's card counts it as the inspector recorded it.
  const card = page.getByText('1 entry').locator('xpath=../..');
  await expect(card).toContainText('Accept');
  await expect(card).not.toContainText('Reject');
  await shot('accepted');

  // Now it counts Accept: in the queue and in the report's figures.
  await page.goto('/approvals');
  await expect(queued.getByTestId('override-count')).toHaveText('1 override, accepted');
  await expect(queued).toContainText('Accept');
  const figures = await page.request.get(`/api/report-headers/${reportId}/techniques`, {
    headers: { authorization: `Bearer ${asReviewer.accessToken}` },
  });
  const ufd = (await figures.json()).data.find((s: { technique: string }) => s.technique === 'ufd');
  expect(ufd).toMatchObject({ worstFinding: 'accept', byGrade: [{ level: 'accept', rows: 1 }] });
});
