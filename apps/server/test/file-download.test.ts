import { Readable } from 'node:stream';
import { documentMediaTypes, drawingMediaTypes, imageMediaTypes } from '@inspectra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../src/db/schema/index.ts';
import { dispositionFor } from '../src/modules/files/files.actions.ts';
import { docxBytes, dwgBytes, pdfBytes, tiffBytes, xlsxBytes } from './document-bytes.ts';
import {
  createThermalAnalysis,
  createThermalMeasurement,
  jpegBytes,
  multipart,
  pngBytes,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let t: TestApp;
let measurementId: string;
beforeAll(async () => {
  t = await startTestApp();
  measurementId = (await createThermalMeasurement(t, (await createThermalAnalysis(t)).id)).id;
});
afterAll(() => t.close());

/**
 * A stored file attached to a thermal measurement, the way an upload route keeps it: the store
 * judges the type from the bytes and the row records what the store said. The rows go in directly
 * because no route takes documents yet.
 */
async function attach(bytes: Buffer, displayName: string, mediaType?: string): Promise<string> {
  const stored = await t.files.put(Readable.from([bytes]), {
    maxBytes: 1024 * 1024,
    allowedMediaTypes: [...imageMediaTypes, ...documentMediaTypes, ...drawingMediaTypes],
  });
  const [row] = await t.db
    .insert(attachments)
    .values({
      ownerEntity: 'thermalMeasurement',
      ownerId: measurementId,
      slot: 'document',
      displayName,
      mediaType: mediaType ?? stored.mediaType,
      size: stored.size,
      sha256: stored.sha256,
      storageKey: stored.key,
    })
    .returning();
  return row!.id;
}

const download = (id: string) =>
  t.inject({
    method: 'GET',
    url: `/api/files/${id}`,
    headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
  });

describe('dispositionFor', () => {
  it('shows only the photo types in the browser and saves everything else', () => {
    for (const type of imageMediaTypes) expect(dispositionFor(type)).toBe('inline');
    for (const type of [
      'application/pdf',
      xlsx,
      docx,
      'image/tiff',
      'image/vnd.dwg',
      'image/svg+xml',
      'text/html',
      'application/octet-stream',
      'IMAGE/PNG',
      '',
    ]) {
      expect(dispositionFor(type), type).toBe('attachment');
    }
  });
});

describe('GET /api/files/:id', () => {
  it('sends an uploaded photo inline', async () => {
    const form = multipart(
      {
        thermalAnalysisId: (await createThermalAnalysis(t)).id,
        date: '2026-11-20',
        maxTemperatureC: '50',
        referenceTemperatureC: '40',
      },
      {
        thermalImage: { name: 'IR 0001.png', type: 'image/png', bytes: pngBytes },
        visualImage: { name: 'DC_0001.jpg', type: 'image/jpeg', bytes: jpegBytes },
      },
    );
    const created = await t.call('POST', '/api/thermal-measurements', form);
    expect(created.status).toBe(201);
    for (const [image, name] of [
      [created.body.data.thermalImage, 'IR 0001.png'],
      [created.body.data.visualImage, 'DC_0001.jpg'],
    ]) {
      const res = await t.inject({
        method: 'GET',
        url: image.url,
        headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
    }
  });

  it.each([
    ['a PDF document', pdfBytes, 'Inspection procedure (rev 2).pdf', 'application/pdf'],
    ['an Excel workbook', xlsxBytes, 'Readings.xlsx', xlsx],
    ['a Word document', docxBytes, 'Minutes.docx', docx],
    ['a TIFF drawing', tiffBytes, 'ISO-P-101.tif', 'image/tiff'],
    ['a DWG drawing', dwgBytes, 'ISO-P-101.dwg', 'image/vnd.dwg'],
  ])('sends %s as an attachment, unsniffable and sandboxed', async (_name, bytes, displayName, mediaType) => {
    const res = await download(await attach(bytes, displayName));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe(mediaType);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    const encoded = encodeURIComponent(displayName).replace(/\(/g, '%28').replace(/\)/g, '%29');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${displayName}"; filename*=UTF-8''${encoded}`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('saves a document under an extension that fits its bytes, not the one it was uploaded with', async () => {
    const pdf = await download(await attach(pdfBytes, 'drawing.png'));
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="drawing.png.pdf"; filename*=UTF-8''drawing.png.pdf`,
    );
    const page = await download(await attach(pdfBytes, 'Überblick.html'));
    expect(page.headers['content-disposition']).toBe(
      `attachment; filename="_berblick.html.pdf"; filename*=UTF-8''%C3%9Cberblick.html.pdf`,
    );
  });

  it('saves a file of a type it does not know rather than showing it', async () => {
    const res = await download(await attach(pdfBytes, 'legacy.html', 'text/html'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="legacy\.html\.bin"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
