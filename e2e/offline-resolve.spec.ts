import { expect, test } from '@playwright/test';
import { closeNotices, expectAccessible, runMark } from './fixtures.ts';
import { inspectorWithThermalTask, shootBothWidths, takeTaskAlong } from './offline-task.ts';

// The app's service worker, which the other journeys block (playwright.config.ts).
test.use({ actionTimeout: 15_000, serviceWorkers: 'allow' });

/*
 * Issue 42's second journey (docs/offline-capture.md, part 4): changes made offline meet, on their
 * way to the server, a record someone else saved meanwhile (a conflict) and a report submitted
 * meanwhile (a refusal). The inspector settles both from the indicator, in the records' forms, and
 * the queue ends empty with the server holding what they decided.
 */

type Analysis = { id: string; version: number; summary: string | null; result: string | null };

test('an inspector syncs offline changes that meet a conflict and a refusal, and resolves both @tablet', async ({
  page,
  context,
}, info) => {
  // A tablet journey; it photographs the desktop width too.
  test.skip(info.project.name !== 'tablet', 'a tablet journey');
  const run = runMark(info);
  const shoot = (name: string) => shootBothWidths(page, 'offline-resolve', name);
  const reportNumbers = [`RPT-RES-${run}-1`, `RPT-RES-${run}-2`];

  // 1. An inspector with a thermal task over two reports, each with its analysis and a measurement.
  const { session, admin, task, reports, taskName } = await inspectorWithThermalTask(page, {
    username: `resolve-${run}`.toLowerCase(),
    woNumber: `WO-RES-${run}`,
    reports: reportNumbers.map((reportNumber, i) => ({
      reportNumber,
      title: `Thermography of LV panel LP-3A, section ${i + 1}`,
      summary: `Section ${i + 1} scanned at 80 % load (${run}).`,
      tags: [`F-0${i + 7}-R`],
    })),
  });
  // The other user: the administrator, who saves and submits through the API meanwhile.
  const asAdmin = { authorization: `Bearer ${admin.accessToken}` };
  const moveReport = async (id: string, status: string) => {
    const response = await page.request.put(`/api/report-headers/update-report-status/${id}`, {
      headers: asAdmin,
      params: { status },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  const analysisOf = async (reportId: string) => {
    const response = await page.request.get('/api/thermal-analysis/by-report', {
      headers: { authorization: `Bearer ${session.accessToken}` },
      params: { reportHeaderId: reportId },
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { data: Analysis }).data;
  };

  // 2. The task taken along, online, with the app's files on the device.
  await takeTaskAlong(page, session, task.id, taskName);

  // 3. No network: the findings of both reports are saved on the device.
  await context.setOffline(true);
  // Chromium's emulation does not tell a page its service worker loaded: given as a device would.
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await expect(page.getByRole('banner').getByRole('button', { name: /^Offline/ })).toBeVisible();
  const mine = [`Retorque F-07-R lug (${run}).`, `Retorque F-08-R lug (${run}).`];
  for (const [i, reportNumber] of reportNumbers.entries()) {
    await page.getByRole('link', { name: `Open report ${reportNumber}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(reportNumber);
    await page.getByRole('link', { name: 'Open thermal analysis' }).click();
    await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
    await page.getByLabel('Result').fill(mine[i]!);
    await page.getByRole('button', { name: 'Save findings' }).click();
    await expect(
      page.getByText('Saved on this device — it will be sent when the connection is back').first(),
    ).toBeVisible();
    await closeNotices(page);
    // Back to the task, in the app (no reload).
    await page.goBack();
    await page.goBack();
    await expect(page.getByRole('heading', { name: taskName, level: 1 })).toBeVisible();
  }
  await expect(
    page.getByRole('banner').getByRole('button', { name: /^Offline.*\(2 changes waiting\)/ }),
  ).toBeVisible();

  // 4. Meanwhile, another user: the first report's findings and summary saved, the second submitted.
  const before = await analysisOf(reports[0]!.id);
  const theirs = {
    result: `Lug tightened by the shift crew (${run}).`,
    summary: `Rescanned at 90 % load (${run}).`,
  };
  const saved = await page.request.put('/api/thermal-analysis', {
    headers: asAdmin,
    data: { id: before.id, version: before.version, ...theirs },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await moveReport(reports[1]!.id, 'submitted');

  // 5. Back online: the sync sends both; one meets the newer version, the other the locked report.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const indicator = page.getByRole('banner').getByRole('button', { name: /^Online.*\(2 changes waiting\)/ });
  await expect(indicator).toBeVisible({ timeout: 30_000 });
  await indicator.click();
  const changes = page.getByRole('dialog');
  await expect(changes.getByText('2 changes need you before they can be sent.')).toBeVisible();
  await expect(changes.getByText('Not accepted by the server')).toBeVisible();
  await expect(changes.getByText('Someone else saved this record meanwhile')).toBeVisible();
  await expect(
    changes.getByText(
      `This report (${reportNumbers[1]} · Thermography of LV panel LP-3A, section 2) is submitted; records under it cannot be created, changed or deleted. Withdraw it, or ask a reviewer to return it, to change it.`,
    ),
  ).toBeVisible();
  await expectAccessible(page, info, `offline-resolve-${info.project.name}-refused`, 'offline-refused');
  await shoot('refused');

  // 6. The conflict, in the record's form: the field both changed asked, the other taken as saved.
  await changes.getByRole('button', { name: /^Compare and resolve Thermal analysis · / }).click();
  const resolve = page.getByRole('dialog', { name: 'Resolve Thermal analysis' });
  const compare = resolve.getByRole('region', { name: 'Changed by you and by someone else' });
  await expect(compare).toBeVisible();
  const resultConflict = compare.getByRole('group', { name: 'Result' });
  await expect(resultConflict).toContainText(mine[0]!);
  await expect(resultConflict).toContainText(theirs.result);
  await expect(compare.getByRole('group')).toHaveCount(1);
  await expect(resolve.getByLabel('Summary')).toHaveValue(theirs.summary);
  await expectAccessible(page, info, `offline-resolve-${info.project.name}-compare`, 'offline-compare');
  await shoot('compare');
  await resultConflict.getByRole('button', { name: 'Keep mine for Result' }).click();
  await expect(resolve.getByLabel('Result')).toHaveValue(mine[0]!);
  await resolve.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(resolve).toHaveCount(0);
  await expect(page.getByText('Saved: the change no longer waits on this device').first()).toBeVisible();
  await closeNotices(page);
  expect(await analysisOf(reports[0]!.id)).toMatchObject({
    result: mine[0],
    summary: theirs.summary,
    version: before.version + 2,
  });

  // 7. The refusal: the report is withdrawn for the correction; the inspector edits and saves it.
  await moveReport(reports[1]!.id, 'draft');
  const left = page.getByRole('banner').getByRole('button', { name: /^Online.*\(1 change waiting\)/ });
  await left.click();
  await page
    .getByRole('dialog')
    .getByRole('button', {
      name: /^Edit Thermal analysis · Section 2 scanned at 80 % load…? and send it again$/,
    })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Thermal analysis' });
  await expect(edit.getByRole('region', { name: 'The server’s reason' })).toContainText('is submitted');
  await expect(edit.getByLabel('Result')).toHaveValue(mine[1]!);
  const fixed = `${mine[1]} Torque 25 N·m.`;
  await edit.getByLabel('Result').fill(fixed);
  await shoot('edit-refused');
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(edit).toHaveCount(0);
  await closeNotices(page);

  // 8. The queue is empty and the server holds what the inspector decided.
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Online (1 task on this device)' }),
  ).toBeVisible();
  expect((await analysisOf(reports[1]!.id)).result).toBe(fixed);
  await page.getByRole('banner').getByRole('button', { name: 'Online (1 task on this device)' }).click();
  await expect(page.getByRole('dialog').getByText('Every change is synced.')).toBeVisible();
  await shoot('synced');
});
