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

describe('a part of a file (Range), as a video player seeks', () => {
  const ranged = (id: string, headers: Record<string, string>) =>
    t.inject({
      method: 'GET',
      url: `/api/files/${id}`,
      headers: { authorization: `Bearer ${t.adminTokens.accessToken}`, ...headers },
    });

  it('sends the bytes asked for with 206, and says it can', async () => {
    const id = await attach(pdfBytes, 'Procedure.pdf');
    const size = pdfBytes.length;
    const whole = await download(id);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    for (const [range, start, end] of [
      ['bytes=0-9', 0, 9],
      ['bytes=10-', 10, size - 1],
      ['bytes=-7', size - 7, size - 1],
      // An end past the file's is the file's end; a suffix longer than the file is all of it.
      [`bytes=5-${size + 100}`, 5, size - 1],
      [`bytes=-${size + 100}`, 0, size - 1],
    ] as const) {
      const res = await ranged(id, { range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers['content-length'], range).toBe(String(end - start + 1));
      expect(res.rawPayload.equals(pdfBytes.subarray(start, end + 1)), range).toBe(true);
    }
    // Asked only while the file is still the one the player has: the key is the content's hash.
    expect((await ranged(id, { range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    const changed = await ranged(id, { range: 'bytes=0-9', 'if-range': '"another"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(pdfBytes)).toBe(true);
  });

  it('reads the session from the web client’s cookie, which a video element sends, on this call only', async () => {
    const id = await attach(pdfBytes, 'Procedure.pdf');
    const cookie = `theme=dark; access_token=${t.adminTokens.accessToken}; refresh_token=x`;
    const part = await t.inject({
      method: 'GET',
      url: `/api/files/${id}`,
      headers: { cookie, range: 'bytes=0-4' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString('latin1')).toBe('%PDF-');
    // Any other call still needs the bearer header; a bad cookie is no session.
    const other = await t.inject({
      method: 'GET',
      url: '/api/user-pdm/summary',
      headers: { cookie },
    });
    expect(other.statusCode).toBe(401);
    const forged = await t.inject({
      method: 'GET',
      url: `/api/files/${id}`,
      headers: { cookie: 'access_token=not.a.token' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('sends the whole file for a range it does not serve, and refuses one past the end', async () => {
    const id = await attach(pdfBytes, 'Procedure.pdf');
    for (const range of ['bytes=0-4,10-14', 'lines=1-2', 'bytes=9-3', 'bytes=x-', 'bytes=-']) {
      const res = await ranged(id, { range });
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.equals(pdfBytes), range).toBe(true);
    }
    for (const range of [`bytes=${pdfBytes.length}-`, 'bytes=-0']) {
      const res = await ranged(id, { range });
      expect(res.statusCode, range).toBe(416);
      expect(res.json().error.code).toBe('RANGE_NOT_SATISFIABLE');
      expect(res.json().message).toContain(`${pdfBytes.length} bytes`);
    }
  });
});
