import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { closeNotices, expectAccessible, runMark } from './fixtures.ts';
import {
  addMeasurement,
  attachCertificateOffline,
  crudeLine,
  inspectorWithThermalTask,
  read,
  sha256,
  shootBothWidths,
  storedSha256,
  takeTaskAlong,
} from './offline-task.ts';
import { addPhotos, choose, photo } from './photo.ts';

// The app's service worker, which the other journeys block (playwright.config.ts).
test.use({ actionTimeout: 15_000, serviceWorkers: 'allow' });

/*
 * Issue 42's done-when (docs/offline-capture.md): on a tablet with the network switched off, an
 * inspector takes a task offline, records a thermal analysis with five measurements and their images
 * and a walkthrough finding with a photo, reloads the page offline, comes back online and syncs; the
 * server then holds exactly what was recorded. The app's files come from its service worker, the
 * task from the offline copy, what was recorded from the device's queue.
 */

// A long journey, each screen checked: more than the default minute.
test.describe.configure({ timeout: 180_000 });

const shoot = (page: Page, name: string) => shootBothWidths(page, 'offline', name);

/**
 * Reloads the page (or opens `path`) with the context offline. Chromium's emulated network: a page
 * the service worker loaded starts with navigator.onLine true (where a device with no network says
 * false from the start) and hears no change, so the browser's event is given to it as the device
 * would.
 */
async function reloadOffline(page: Page, heading: string, path?: string) {
  await (path ? page.goto(path) : page.reload());
  // Once the app listens (its screen is shown).
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await page.evaluate(() => navigator.onLine && window.dispatchEvent(new Event('offline')));
}

test('an inspector records a thermal analysis and a walkthrough finding with no network, and the server holds exactly that @tablet', async ({
  page,
  context,
}, info) => {
  // A tablet journey; shoot() photographs it at desktop width too (the desktop project would write
  // the same photographs, its "tablet" ones at desktop width).
  test.skip(info.project.name !== 'tablet', 'a tablet journey');
  const run = runMark(info);
  const woNumber = `WO-OFF-${run}`;
  const reportNumber = `RPT-OFF-${run}`;

  // 1. An inspector of their own, with a thermal task on an insulated crude line: a report, nothing
  //    recorded on it yet (the inspector starts the analysis in the field).
  const { session, task, reports, taskName } = await inspectorWithThermalTask(page, {
    username: `offline-${run}`.toLowerCase(),
    woNumber,
    equipment: crudeLine,
    reports: [{ reportNumber, title: 'Thermography of insulated crude line PL-102' }],
  });
  const report = reports[0]!;

  // 2–3. On the task, online, once the app's files are on the device; made available offline.
  await takeTaskAlong(page, session, task.id, taskName);
  await expect(page.getByText(/^On this device · Taken now$/)).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Online (1 task on this device)' }),
  ).toBeVisible();

  // 4. No network, the page reloaded: the app comes from the device, the task from the copy.
  await context.setOffline(true);
  const offline = page.getByRole('banner').getByRole('button', { name: 'Offline (1 task on this device)' });
  await expect(offline).toBeVisible();
  await reloadOffline(page, taskName);
  await expect(offline).toBeVisible();
  await offline.click();
  const kept = page.getByRole('dialog');
  await expect(kept.getByRole('heading', { name: 'On this device', exact: true })).toBeVisible();
  await expect(kept.getByText(/^No network\./)).toBeVisible();
  await expect(kept.getByRole('link', { name: taskName })).toBeVisible();
  await expect(kept.getByText(/^Taken (now|\d+ min ago)$/)).toBeVisible();
  const needsServer = 'Needs a connection to the server';
  const refresh = kept.getByRole('button', { name: `Refresh ${taskName} on this device` });
  await expect(refresh).toBeDisabled();
  await expect(refresh).toHaveAccessibleDescription(needsServer);
  await expectAccessible(page, info, `offline-${info.project.name}-indicator`, 'offline-indicator');
  await shoot(page, 'indicator');
  await page.keyboard.press('Escape');
  // On the task, so is refreshing it; a new report stays offered.
  const takeAgain = page
    .getByRole('main')
    .getByRole('button', { name: `Refresh ${taskName} on this device` });
  await expect(takeAgain).toBeDisabled();
  await expect(takeAgain).toHaveAccessibleDescription(needsServer);
  await expect(page.getByRole('link', { name: 'Create report' })).toBeEnabled();

  // 5. The report, still without a network: what only the server can do waits for it, and says so.
  await page.getByRole('link', { name: `Open report ${reportNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(reportNumber);
  const reportPath = new URL(page.url()).pathname;
  const pdf = page.getByRole('button', { name: 'Download PDF' });
  await expect(pdf).toBeDisabled();
  await expect(pdf).toHaveAccessibleDescription(needsServer);
  await pdf.hover();
  await expect(page.getByRole('tooltip')).toHaveText(needsServer);

  // 6. The thermal analysis started offline, its findings saved: each "Saved on this device".
  const savedHere = page.getByText('Saved on this device — it will be sent when the connection is back');
  await page.getByRole('link', { name: 'Open thermal analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
  const thermalPath = new URL(page.url()).pathname + new URL(page.url()).search;
  await page.getByRole('button', { name: 'Start thermal analysis' }).click();
  await expect(savedHere.first()).toBeVisible();
  await closeNotices(page);
  const summary = `Crude line PL-102 scanned from the rack at 35 °C ambient, cladding dry (${run}).`;
  await page.getByLabel('Summary').fill(summary);
  await page.getByLabel('Result').fill('Wet insulation suspected at two supports.');
  await page.getByRole('button', { name: 'Save findings' }).click();
  await expect(savedHere.first()).toBeVisible();
  await closeNotices(page);

  // 7. Five measurements, each with its thermal image (a photo made here: its bytes are compared
  //    with the server's at the end), in the table at once, marked as waiting to sync.
  const measurements = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: /Tag/ }) });
  const points = [
    { tag: 'PL-102-S01', component: 'Pipe support, cladding seam', max: 48.6, ref: 41.2, rgb: [200, 90, 40] },
    {
      tag: 'PL-102-S02',
      component: 'Pipe support, cladding seam',
      max: 44.1,
      ref: 41.0,
      rgb: [190, 120, 50],
    },
    { tag: 'PL-102-S03', component: 'Insulation low point', max: 45.8, ref: 41.1, rgb: [40, 90, 200] },
    { tag: 'PL-102-S04', component: 'Flange box', max: 52.3, ref: 41.3, rgb: [220, 60, 30] },
    { tag: 'PL-102-S05', component: 'Insulation low point', max: 42.2, ref: 41.0, rgb: [60, 110, 190] },
  ] as const;
  const images = points.map((p) => photo(`IR-${p.tag}.png`, [...p.rgb]));
  for (const [n, p] of points.entries()) {
    await addMeasurement(page, p, images[n]!);
    await expect(measurements.getByRole('row').filter({ hasText: p.tag })).toContainText('Waiting to sync');
  }
  // One corrected offline (the low point read again closer): the server must hold the correction.
  const corrected = 44.9;
  await page.getByRole('button', { name: 'Edit measurement PL-102-S03' }).click();
  await expect(page.getByRole('heading', { name: 'Edit measurement', level: 1 })).toBeVisible();
  await page.getByLabel('Max temperature').fill(String(corrected));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
  await closeNotices(page);
  // Its ΔT worked out on the device from the values as corrected (44.9 − 41.1).
  await expect(measurements.getByRole('row').filter({ hasText: 'PL-102-S03' })).toContainText('3.8 °C');
  // The findings saved a second time: the server must end with these.
  const findings = `Wet insulation at supports S01 and S04; remove cladding and dry (${run}).`;
  await page.getByLabel('Result').fill(findings);
  await page.getByRole('button', { name: 'Save findings' }).click();
  await expect(savedHere.first()).toBeVisible();
  await closeNotices(page);

  // 8. The report's other inspection types open offline too: the pipeline walkthrough, a new
  //    inspection, a finding with a typed photo.
  await reloadOffline(page, reportNumber, reportPath);
  // The calibration certificate of the camera, attached to the report offline: it waits with its file.
  const certificate = {
    name: `FLIR-T540-calibration-${run}.pdf`,
    mimeType: 'application/pdf',
    buffer: Buffer.from(
      `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n% calibration ${run}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    ),
  };
  await attachCertificateOffline(page, certificate);
  const documentRow = page
    .getByRole('row', { name: /Waiting to sync/ })
    .filter({ hasText: 'Calibration certificate' });
  await expect(documentRow).toBeVisible();
  await page.getByRole('button', { name: /^Other inspection types/ }).click();
  await page.getByRole('link', { name: 'Open for a pipeline · Walkthrough inspection' }).click();
  await expect(page.getByRole('heading', { name: 'Walkthrough inspection', level: 1 })).toBeVisible();
  await expect(page.getByText('No inspection yet')).toBeVisible();
  await page.getByRole('button', { name: 'New inspection' }).click();
  await page
    .getByRole('textbox', { name: /^Finding/ })
    .fill('Line walked along the rack from the tank farm.');
  await page.getByRole('button', { name: 'Create inspection' }).click();
  await expect(savedHere.first()).toBeVisible();
  await closeNotices(page);
  await expect(page.getByRole('tab', { name: /^No\. 1 · / })).toHaveAttribute('aria-selected', 'true');
  const area = 'Rack bay 14, support PL-102-S04';
  await page.getByRole('link', { name: 'Add walkthrough finding' }).click();
  await expect(page.getByRole('heading', { name: 'Add walkthrough finding', level: 1 })).toBeVisible();
  await page.getByLabel('Inspection area').fill(area);
  await page.getByRole('textbox', { name: /^Finding/ }).fill('Cladding seam open, insulation wet below.');
  await choose(page, 'Condition', /^poor$/i);
  await choose(page, 'Severity', /^high$/i);
  const walkPhoto = photo('PL-102-S04-cladding.png', [150, 150, 150]);
  await addPhotos(page, [walkPhoto], [/^support$/i]);
  await page.getByRole('button', { name: 'Add walkthrough finding' }).click();
  await expect(page.getByRole('heading', { name: 'Walkthrough inspection', level: 1 })).toBeVisible();
  await closeNotices(page);
  const finding = page.getByRole('row', { name: new RegExp(area) });
  await expect(finding).toContainText('Waiting to sync');
  const waiting = page
    .getByRole('banner')
    .getByRole('button', { name: /^Offline.*\(12 changes waiting\).*\(1 task on this device\)$/ });
  await expect(waiting).toBeVisible();
  await expectAccessible(page, info, `offline-${info.project.name}-walkthrough`, 'offline-walkthrough');
  await shoot(page, 'walkthrough');

  // 9. Reloaded with no network: all of it still shown, from the device's queue.
  await reloadOffline(page, 'Walkthrough inspection');
  await expect(waiting).toBeVisible();
  await expect(finding).toContainText('Waiting to sync');
  await expect(finding).toContainText(/poor/i);
  await reloadOffline(page, 'Thermal analysis', thermalPath);
  await expect(waiting).toBeVisible();
  await expect(page.getByLabel('Summary')).toHaveValue(summary);
  await expect(page.getByLabel('Result')).toHaveValue(findings);
  for (const p of points)
    await expect(measurements.getByRole('row').filter({ hasText: p.tag })).toContainText('Waiting to sync');
  await expect(measurements.getByRole('row').filter({ hasText: 'PL-102-S03' })).toContainText('3.8 °C');
  // ΔT and its severity worked out on the device for each row, as the server will.
  await expect(measurements.getByRole('row').filter({ hasText: 'PL-102-S04' })).toContainText(
    'Repair as time permits',
  );
  // The trend over the equipment's reports, and the analysis's figures (counted by the server),
  // were never read on this device: said, not empty axes nor loading without end.
  await expect(page.getByRole('figure', { name: /over its reports$/ })).toContainText(
    'Not on this device — shown when online',
  );
  await expect(page.getByText('Not on this device — shown when online')).toHaveCount(2);
  await waiting.click();
  const changes = page.getByRole('dialog');
  await expect(changes.getByText('12 changes waiting to sync')).toBeVisible();
  await expect(changes.getByRole('button', { name: 'Sync now' })).toHaveAccessibleDescription(needsServer);
  await expectAccessible(page, info, `offline-${info.project.name}-changes`, 'offline-changes');
  await shoot(page, 'changes-waiting');
  await page.keyboard.press('Escape');
  await expectAccessible(page, info, `offline-${info.project.name}-thermal`, 'offline-thermal');
  await shoot(page, 'thermal');

  // 10. Back online: the queue is sent by itself and the indicator counts none.
  await context.setOffline(false);
  // The page the emulation never told it was offline hears no "online" either: given as above.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Online (1 task on this device)' }),
  ).toBeVisible({ timeout: 60_000 });

  // 11. The server holds exactly what was recorded, written once each.
  type Image = { id: string };
  const analyses = await read<{ id: string; summary: string; result: string; version: number }>(
    page,
    session,
    '/api/thermal-analysis/by-report',
    { reportHeaderId: report.id },
  );
  // Created, then its findings saved twice: version 3, the second findings.
  expect(analyses).toMatchObject({ summary, result: findings, version: 3 });
  const stored = await read<
    {
      id: string;
      tagNumber: string;
      maxTemperatureC: number;
      referenceTemperatureC: number;
      thermalImage: Image | null;
    }[]
  >(page, session, '/api/thermal-measurements/by-thermal-analysis', { thermalAnalysisId: analyses.id });
  expect(stored.map((m) => m.tagNumber).sort()).toEqual(points.map((p) => p.tag));
  for (const [n, p] of points.entries()) {
    const m = stored.find((s) => s.tagNumber === p.tag)!;
    expect(m.maxTemperatureC).toBe(p.tag === 'PL-102-S03' ? corrected : p.max);
    expect(m.referenceTemperatureC).toBe(p.ref);
    expect(m.thermalImage, `${p.tag} has its image`).not.toBeNull();
    expect(await storedSha256(page, session, m.thermalImage!.id)).toBe(sha256(images[n]!.buffer));
  }
  const walks = await read<{ id: string }[]>(
    page,
    session,
    '/api/walkthrough-inspection-pipeline/by-report',
    {
      reportHeaderId: report.id,
    },
  );
  expect(walks).toHaveLength(1);
  const walkFindings = await read<
    {
      inspectionArea: string;
      condition: string;
      severity: string;
      summaryImages: (Image & { imageType: string })[];
    }[]
  >(page, session, '/api/walkthrough-summary-pipeline/by-inspection', { inspectionId: walks[0]!.id });
  expect(walkFindings).toHaveLength(1);
  expect(walkFindings[0]).toMatchObject({ inspectionArea: area, condition: 'poor', severity: 'high' });
  expect(walkFindings[0]!.summaryImages).toHaveLength(1);
  expect(walkFindings[0]!.summaryImages[0]!.imageType).toBe('support');
  expect(await storedSha256(page, session, walkFindings[0]!.summaryImages[0]!.id)).toBe(
    sha256(walkPhoto.buffer),
  );

  // The certificate, once, with the bytes sent.
  const documents = await read<{ documentType: string; file: Image | null }[]>(
    page,
    session,
    '/api/report-supporting-document',
    { reportHeaderId: report.id },
  );
  expect(documents.map((d) => d.documentType)).toEqual(['calibrationCertificate']);
  expect(await storedSha256(page, session, documents[0]!.file!.id)).toBe(sha256(certificate.buffer));

  // The table's marks gone; the screen reads the records again once their changes are written, so
  // a save online now carries the version the server holds (no conflict with its own change).
  for (const p of points)
    await expect(measurements.getByRole('row').filter({ hasText: p.tag })).not.toContainText(
      'Waiting to sync',
    );
  await expect(page.getByLabel('Result')).toHaveValue(findings);
  await page.getByLabel('Result').fill(`${findings} Checked again online.`);
  await page.getByRole('button', { name: 'Save findings' }).click();
  await expect(page.getByText(/^(Findings|Conclusions) saved$/).first()).toBeVisible();
  const again = await read<{ version: number }>(page, session, '/api/thermal-analysis/by-report', {
    reportHeaderId: report.id,
  });
  expect(again.version).toBe(4);
  // The walkthrough's finding, read again from the server: its photo counted.
  await page.goto(reportPath);
  await page.getByRole('button', { name: /^Other inspection types/ }).click();
  await page.getByRole('link', { name: 'Open for a pipeline · Walkthrough inspection' }).click();
  await expect(finding).toContainText('1 photo');
  await expect(finding).not.toContainText('Waiting to sync');
});
