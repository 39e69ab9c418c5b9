import { createHash } from 'node:crypto';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  apiLogin,
  closeNotices,
  createUserByApi,
  e2eDemoPassword,
  equipmentNoOf,
  openSignedIn,
  recordMaker,
  snap,
} from './fixtures.ts';
import type { Session } from './fixtures.ts';

/*
 * What the offline journeys (issue 42, docs/offline-capture.md) start from: an inspector of their
 * own with a thermal task made through the API (on a panel, or on a crude line), taken along on the
 * tablet, photographed at both widths.
 */

const desktop = { width: 1366, height: 900 };

/** Photographs the screen as it is at tablet width, and again at desktop width. */
export async function shootBothWidths(page: Page, prefix: string, name: string) {
  const tablet = page.viewportSize()!;
  await snap(page, `${prefix}-tablet-${name}`);
  await page.setViewportSize(desktop);
  await snap(page, `${prefix}-desktop-${name}`);
  await page.setViewportSize(tablet);
}

/** A report of the task: with `summary`, its thermal analysis and a measurement per tag made too. */
export type ThermalTaskReport = { reportNumber: string; title: string; summary?: string; tags?: string[] };

/** The equipment a task is on, from the demo's asset master (by its tag). */
export type TaskEquipment = {
  tagNumber: string;
  equipmentCategory: string;
  objectType: string;
  title: string;
  location: string;
};

/** LV panel LP-3A of the demo's Substation 3: where thermography is done most. */
const panel: TaskEquipment = {
  tagNumber: 'LP-3A',
  equipmentCategory: 'electrical',
  objectType: 'EL-PANEL',
  title: 'Thermography of LV panel LP-3A',
  location: 'Substation 3, room 2',
};

/** Crude line PL-102 (tank farm to CDU 1): wet insulation shows on thermography. */
export const crudeLine: TaskEquipment = {
  tagNumber: 'PL-102',
  equipmentCategory: 'pipeline',
  objectType: 'PL-CRUDE',
  title: 'Thermography of insulated crude line PL-102',
  location: 'Tank farm to CDU 1, pipe rack',
};

/**
 * An inspector (an Inspector of the demo's roles) assigned a thermal task on `equipment` (panel
 * LP-3A unless named), made by the administrator, each report holding a thermal analysis and a
 * measurement per tag when it gives a summary, none otherwise (the inspector starts it).
 */
export async function inspectorWithThermalTask(
  page: Page,
  o: { username: string; woNumber: string; reports: ThermalTaskReport[]; equipment?: TaskEquipment },
) {
  const on = o.equipment ?? panel;
  const inspector = { username: o.username, fullName: `Inspector ${o.username}`, password: e2eDemoPassword };
  await createUserByApi(page, inspector, 'Inspector');
  const session = await apiLogin(page, inspector);
  const inspectorId = (
    JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString()) as { sub: string }
  ).sub;
  const admin = await apiLogin(page);
  const make = recordMaker(page, admin);
  const equipmentNo = await equipmentNoOf(page, admin, on.tagNumber);
  const workOrder = await make('/api/work-order-spks', {
    woNumber: o.woNumber,
    title: on.title,
    equipmentCategory: on.equipmentCategory,
    tagNumber: on.tagNumber,
  });
  const task = await make('/api/wo-task-assignments', {
    workOrderSPKId: workOrder.id,
    inspectionMethod: 'thermal',
    userPDMIds: [inspectorId],
    levelApprovals: [1],
    positionLevels: ['Area inspection engineer'],
  });
  const reports = [];
  for (const r of o.reports) {
    const report = await make('/api/report-headers', {
      workOrderSPKId: workOrder.id,
      reportNumber: r.reportNumber,
      title: r.title,
      equipmentNo,
      equipmentCategory: on.equipmentCategory,
      objectType: on.objectType,
      inspectionMethod: 'thermal',
      location: on.location,
    });
    const analysis =
      r.summary === undefined
        ? undefined
        : await make('/api/thermal-analysis', { reportHeaderId: report.id, summary: r.summary });
    for (const tagNumber of analysis ? (r.tags ?? []) : [])
      await make('/api/thermal-measurements', {
        thermalAnalysisId: analysis!.id,
        date: '2026-11-20',
        tagNumber,
        component: 'Cable lug',
        maxTemperatureC: 86.4,
        referenceTemperatureC: 40.9,
      });
    reports.push({ id: report.id, analysis });
  }
  return { session, admin, task, reports, taskName: `${o.woNumber} · Thermal analysis` };
}

/** Opens the task signed in as `session`, once the app's files are on the device, and takes it along. */
export async function takeTaskAlong(page: Page, session: Session, taskId: string, taskName: string) {
  await openSignedIn(page, session, `/my-tasks/${taskId}`);
  await expect(page.getByRole('heading', { name: taskName, level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Make available offline' }).click();
  await expect(page.getByText(`${taskName} is on this device: it opens without a network.`)).toBeVisible({
    timeout: 30_000,
  });
  await closeNotices(page);
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Reads the API as `session` (the inspector: what their sync wrote), expecting 200. */
export async function read<T>(page: Page, session: Session, path: string, params: Record<string, string>) {
  const response = await page.request.get(path, {
    headers: { authorization: `Bearer ${session.accessToken}` },
    params,
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** The SHA-256 of a stored file's bytes, as the server serves them. */
export async function storedSha256(page: Page, session: Session, fileId: string) {
  const response = await page.request.get(`/api/files/${fileId}`, {
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  expect(response.status()).toBe(200);
  return sha256(await response.body());
}

/** A file for Playwright's `setFiles`, its bytes at hand to compare with what the server keeps. */
type FileGiven = { name: string; mimeType: string; buffer: Buffer };

/** On a report's page, offline: `file` attached as its calibration certificate, kept on the device. */
export async function attachCertificateOffline(page: Page, file: FileGiven) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles(file);
  await page.getByRole('combobox', { name: /Document type/ }).click();
  await page.getByRole('option', { name: 'Calibration certificate' }).click();
  await page.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(
    page.getByText('1 document saved on this device — it will be sent when the connection is back'),
  ).toBeVisible();
  await closeNotices(page);
}

/** On a thermal analysis: a measurement added with its thermal image, back on the analysis. */
export async function addMeasurement(
  page: Page,
  m: { tag: string; component: string; max: number; ref: number },
  image: FileGiven | string,
) {
  await page.getByRole('link', { name: 'Add measurement' }).click();
  await page.getByLabel('Tag number').fill(m.tag);
  await page.getByLabel('Component', { exact: true }).fill(m.component);
  await page.getByLabel('Max temperature').fill(String(m.max));
  await page.getByLabel('Reference temperature').fill(String(m.ref));
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose image for Thermal image' }).click();
  await (await chooser).setFiles(image);
  await expect(page.getByRole('img', { name: /Thermal image/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add measurement' }).click();
  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
  await closeNotices(page);
}
