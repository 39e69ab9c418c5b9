import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { runMark } from './fixtures.ts';
import {
  addMeasurement,
  attachCertificateOffline,
  inspectorWithThermalTask,
  read,
  sha256,
  storedSha256,
  takeTaskAlong,
} from './offline-task.ts';
import { photo } from './photo.ts';

// The app's service worker, which the other journeys block (playwright.config.ts).
test.use({ actionTimeout: 15_000, serviceWorkers: 'allow' });
test.describe.configure({ timeout: 180_000 });

/*
 * Issue 42 (docs/offline-capture.md, part 4, "Files as uploads"): a large document and a photo
 * recorded offline are sent as uploads once the network is back; the connection drops mid-file, and
 * the sync resumes from the bytes the server holds instead of sending the file again from byte 0.
 */

/** A PDF of about `mib` MiB (a scanned certificate's weight), its stream random so no two are alike. */
function largePdf(name: string, mib: number) {
  const scan = randomBytes(Math.round(mib * 1024 * 1024));
  return {
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.concat([
      Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Length ${scan.length} >>\nstream\n`),
      scan,
      Buffer.from(
        '\nendstream\nendobj\n2 0 obj\n<< /Type /Catalog /Pages 3 0 R >>\nendobj\n3 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 2 0 R >>\n%%EOF\n',
      ),
    ]),
  };
}

/** A piece as it left the browser: its upload, `Upload-Offset`, length, and whether it was cut off. */
type Piece = { id: string; offset: number; length: number; cut: boolean };

/**
 * Logs every upload piece and record form the page sends, cuts the connection under the second
 * piece once, and slows each piece as a plant link would (so the progress can be seen).
 */
async function weakLink(page: Page) {
  const pieces: Piece[] = [];
  const forms: string[] = [];
  await page.context().route('**/api/uploads/*', async (route) => {
    const request = route.request();
    if (request.method() !== 'PATCH') return route.continue();
    const piece = {
      id: new URL(request.url()).pathname.split('/').pop()!,
      offset: Number(await request.headerValue('upload-offset')),
      length: request.postDataBuffer()?.length ?? 0,
      cut: pieces.length === 1,
    };
    pieces.push(piece);
    if (piece.cut) return route.abort('connectionreset');
    await new Promise((resolve) => setTimeout(resolve, 600));
    return route.continue();
  });
  await page.context().route('**/api/report-supporting-document/upload', async (route) => {
    if (route.request().method() === 'POST') forms.push(route.request().postData() ?? '');
    return route.continue();
  });
  return { pieces, forms };
}

test('a large document and a photo saved offline are sent as uploads, resumed after a drop from the bytes the server holds @tablet', async ({
  page,
  context,
}, info) => {
  test.skip(info.project.name !== 'tablet', 'a tablet journey');
  const run = runMark(info);
  const reportNumber = `RPT-UPL-${run}`;

  // 1. An inspector's thermal task (its analysis made), taken along; then no network.
  const { session, task, reports, taskName } = await inspectorWithThermalTask(page, {
    username: `upload-${run}`.toLowerCase(),
    woNumber: `WO-UPL-${run}`,
    reports: [
      { reportNumber, title: 'Thermography of LV panel LP-3A', summary: `Panel LP-3A (${run}).`, tags: [] },
    ],
  });
  await takeTaskAlong(page, session, task.id, taskName);
  await page.getByRole('link', { name: `Open report ${reportNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(reportNumber);
  await context.setOffline(true);
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Offline (1 task on this device)' }),
  ).toBeVisible();

  // 2. A 6 MB calibration certificate attached to the report, then a measurement with its photo.
  const certificate = largePdf(`FLIR-T540-calibration-${run}.pdf`, 6);
  await attachCertificateOffline(page, certificate);
  await page.getByRole('link', { name: 'Open thermal analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
  const image = photo('IR-F-07-R.png', [210, 70, 30]);
  await addMeasurement(page, { tag: 'F-07-R', component: 'Cable lug', max: 86.4, ref: 40.9 }, image);
  const waiting = page.getByRole('banner').getByRole('button', { name: /^Offline.*\(2 changes waiting\)/ });
  await expect(waiting).toBeVisible();
  await waiting.click();
  const changes = page.getByRole('dialog');
  await expect(changes.getByText('2 changes waiting to sync')).toBeVisible();

  // 3. Back online on a weak link: the second piece of the certificate is cut off on its way.
  const link = await weakLink(page);
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));

  // 4. The sync stops, tries again by itself, and says how far the files are sent meanwhile.
  const progress = changes.getByText(/^Sending files: [\d.]+ MB of 6(\.\d)? MB$/);
  await expect.poll(() => link.pieces.length, { timeout: 30_000 }).toBeGreaterThan(2);
  await expect(progress).toBeVisible({ timeout: 30_000 });
  // The stop's reason belongs to the run that stopped, not to the one under way.
  await expect(changes.getByText(/^The connection dropped/)).toBeHidden();
  await page.screenshot({ path: 'test-results/screenshots/offline-upload-tablet-progress.png' });
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Online (1 task on this device)' }),
  ).toBeVisible({ timeout: 60_000 });

  // 5. What left the browser: the certificate's pieces from 0, the cut one, then from the byte the
  //    server held (1 MiB: the first piece never again), to the end; the photo in one piece.
  const [certificateId, photoId] = [...new Set(link.pieces.map((p) => p.id))];
  const sent = link.pieces.filter((p) => p.id === certificateId);
  const pieceBytes = 1024 * 1024;
  const offsets = Array.from(
    { length: Math.ceil(certificate.buffer.length / pieceBytes) },
    (_, n) => n * pieceBytes,
  );
  expect(sent.map((p) => [p.offset, p.cut])).toEqual([
    [0, false],
    [pieceBytes, true],
    ...offsets.slice(1).map((offset) => [offset, false]),
  ]);
  expect(sent.filter((p) => !p.cut).reduce((sum, p) => sum + p.length, 0)).toBe(certificate.buffer.length);
  expect(link.pieces.filter((p) => p.id === photoId).map((p) => [p.offset, p.length])).toEqual([
    [0, image.buffer.length],
  ]);
  // The record's form named the upload instead of carrying the 6 MB again.
  expect(link.forms).toHaveLength(1);
  expect(link.forms[0]).toContain(`upload:${certificateId}`);
  expect(link.forms[0]!.length).toBeLessThan(10_000);

  // 6. The server holds the certificate and the photo byte for byte.
  const documents = await read<{ documentType: string; file: { id: string } | null }[]>(
    page,
    session,
    '/api/report-supporting-document',
    { reportHeaderId: reports[0]!.id },
  );
  expect(documents.map((d) => d.documentType)).toEqual(['calibrationCertificate']);
  expect(await storedSha256(page, session, documents[0]!.file!.id)).toBe(sha256(certificate.buffer));
  const rows = await read<{ tagNumber: string; thermalImage: { id: string } | null }[]>(
    page,
    session,
    '/api/thermal-measurements/by-thermal-analysis',
    { thermalAnalysisId: reports[0]!.analysis!.id },
  );
  expect(rows.map((r) => r.tagNumber)).toEqual(['F-07-R']);
  expect(await storedSha256(page, session, rows[0]!.thermalImage!.id)).toBe(sha256(image.buffer));
});
