import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { supportingDocumentTypes } from '@inspectra/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxBytes, pdfBytes, xlsxBytes } from './document-bytes.ts';
import { createReportHeader, createUser, multipart, nextIp, pngBytes, startTestApp } from './helpers.ts';
import type { FilePart, TestApp } from './helpers.ts';

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const maxDocumentBytes = 64 * 1024;

let t: TestApp;
beforeAll(async () => {
  // Photos get 1 KB, documents 64 KB: a document is judged by its own limit, not the photos'.
  t = await startTestApp({ maxUploadBytes: 1024, maxDocumentBytes });
});
afterAll(() => t.close());

const base = '/api/report-supporting-document';
const pdf = (name = 'procedure.pdf'): FilePart => ({ name, type: 'application/pdf', bytes: pdfBytes });

async function blobCount() {
  const walk = async (dir: string): Promise<number> => {
    let n = 0;
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      n += e.isDirectory() ? await walk(path.join(dir, e.name)) : 1;
    }
    return n;
  };
  return walk(path.join(t.filesDir, 'blobs'));
}

async function addDocument(
  reportHeaderId: string,
  file: FilePart,
  fields: Record<string, string> = {},
  url = base,
) {
  return t.call('POST', url, multipart({ reportHeaderId, documentType: 'procedure', ...fields }, { file }));
}

const download = (url: string) =>
  t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.adminTokens.accessToken}` } });

describe('supporting documents', () => {
  it('offer the declared document types as the dropdown categories', async () => {
    const r = await t.call('GET', `${base}/dropdown-category`);
    expect(r.status).toBe(200);
    expect(r.body.data.map((c: { value: string }) => c.value)).toEqual([...supportingDocumentTypes]);
    expect(r.body.data).toContainEqual({ value: 'calibrationCertificate', label: 'Calibration certificate' });
  });

  it('are added by POST and POST /upload as a PDF, an xlsx and a docx, and downloaded as attachments', async () => {
    const report = await createReportHeader(t);
    const a = await addDocument(report.id, pdf(), { description: 'Inspection procedure rev. 3' });
    expect(a.status).toBe(201);
    expect(a.body.data).toMatchObject({
      reportHeaderId: report.id,
      documentType: 'procedure',
      description: 'Inspection procedure rev. 3',
      file: {
        slot: 'file',
        mediaType: 'application/pdf',
        displayName: 'procedure.pdf',
        size: pdfBytes.length,
      },
    });
    const b = await addDocument(
      report.id,
      { name: 'readings.xlsx', type: 'application/octet-stream', bytes: xlsxBytes },
      { documentType: 'dataSheet' },
      `${base}/upload`,
    );
    expect(b.status).toBe(201);
    // Larger than the photo limit, within the document limit; its type judged from the bytes.
    expect(xlsxBytes.length).toBeGreaterThan(1024);
    expect(b.body.data.file).toMatchObject({ mediaType: xlsx, displayName: 'readings.xlsx' });
    const c = await addDocument(
      report.id,
      { name: 'letter.docx', type: docx, bytes: docxBytes },
      { documentType: 'correspondence' },
      `${base}/upload`,
    );
    expect(c.status).toBe(201);
    expect(c.body.data.file.mediaType).toBe(docx);

    for (const [doc, bytes] of [
      [a, pdfBytes],
      [b, xlsxBytes],
      [c, docxBytes],
    ] as const) {
      const res = await download(doc.body.data.file.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
    expect((await download(a.body.data.file.url)).headers['content-disposition']).toContain(
      'filename="procedure.pdf"',
    );
  });

  it('are listed by report and by document type, paged', async () => {
    const report = await createReportHeader(t);
    const other = await createReportHeader(t);
    const procedures = [];
    for (let i = 0; i < 3; i++) procedures.push((await addDocument(report.id, pdf(`p${i}.pdf`))).body.data);
    const permit = (await addDocument(report.id, pdf('permit.pdf'), { documentType: 'permit' })).body.data;
    await addDocument(other.id, pdf());

    const all = await t.call('GET', `${base}?reportHeaderId=${report.id}`);
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(4);
    expect(all.body.meta).toMatchObject({ totalCount: 4, pageNumber: 1 });

    const paged = await t.call(
      'GET',
      `${base}?reportHeaderId=${report.id}&documentType=procedure&pageSize=2`,
    );
    expect(paged.body.data).toHaveLength(2);
    expect(paged.body.meta).toMatchObject({ totalCount: 3, totalPages: 2, pageSize: 2 });
    const second = await t.call(
      'GET',
      `${base}?reportHeaderId=${report.id}&documentType=procedure&pageSize=2&pageNumber=2`,
    );
    const seen = [...paged.body.data, ...second.body.data].map((d: { id: string }) => d.id);
    expect(seen.sort()).toEqual(procedures.map((p) => p.id).sort());

    const permits = await t.call('GET', `${base}?reportHeaderId=${report.id}&documentType=permit`);
    expect(permits.body.data.map((d: { id: string }) => d.id)).toEqual([permit.id]);

    expect((await t.call('GET', `${base}?reportHeaderId=${report.id}&documentType=invoice`)).status).toBe(
      400,
    );
    expect((await t.call('GET', base)).status).toBe(400);
    expect((await t.call('GET', `${base}?reportHeaderId=${randomUUID()}`)).status).toBe(404);
  });

  it('name who added each document, in the list rows (our addition: createdByName)', async () => {
    const report = await createReportHeader(t);
    const mine = (await addDocument(report.id, pdf('mine.pdf'))).body.data;
    // Another user (an administrator too, so it may add to this report) adds one.
    const dewi = await createUser(t);
    const token = (await t.login(dewi.username, dewi.password, nextIp())).json().data.accessToken as string;
    const form = multipart(
      { reportHeaderId: report.id, documentType: 'permit' },
      { file: pdf('theirs.pdf') },
    );
    const theirs = await t.call('POST', base, form, token);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    const me = (await t.call('GET', '/api/auth/profile')).body.data;

    const list = await t.call('GET', `${base}?reportHeaderId=${report.id}`);
    expect(list.status).toBe(200);
    const byId = new Map(list.body.data.map((d: { id: string }) => [d.id, d]));
    expect(byId.get(mine.id)).toMatchObject({ createdBy: me.id, createdByName: me.fullName });
    expect(byId.get(theirs.body.data.id)).toMatchObject({
      createdBy: dewi.id,
      createdByName: `Test ${dewi.username}`,
    });
    // Filtered and paged lists name them too.
    const permits = await t.call('GET', `${base}?reportHeaderId=${report.id}&documentType=permit&pageSize=1`);
    expect(permits.body.data).toEqual([expect.objectContaining({ createdByName: `Test ${dewi.username}` })]);
  });

  it('change type and description by PUT /{id}, replace the file, and are deleted by DELETE /{id}', async () => {
    const report = await createReportHeader(t);
    const doc = (await addDocument(report.id, pdf())).body.data;

    const json = await t.call('PUT', `${base}/${doc.id}`, {
      version: 1,
      documentType: 'calibrationCertificate',
      description: 'UT gauge certificate',
    });
    expect(json.status).toBe(200);
    expect(json.body.data).toMatchObject({
      version: 2,
      documentType: 'calibrationCertificate',
      description: 'UT gauge certificate',
      file: { id: doc.file.id },
    });

    const replaced = await t.call(
      'PUT',
      `${base}/${doc.id}`,
      multipart(
        { documentType: 'dataSheet' },
        { file: { name: 'sheet.xlsx', type: xlsx, bytes: xlsxBytes } },
      ),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.documentType).toBe('dataSheet');
    expect(replaced.body.data.file).toMatchObject({ mediaType: xlsx, displayName: 'sheet.xlsx' });
    expect(replaced.body.data.file.id).not.toBe(doc.file.id);
    expect((await download(doc.file.url)).statusCode).toBe(404);
    expect((await download(replaced.body.data.file.url)).rawPayload.equals(xlsxBytes)).toBe(true);

    // The file is required: it can be replaced, never emptied.
    const emptied = await t.call('PUT', `${base}/${doc.id}`, { file: null });
    expect(emptied.status).toBe(400);
    expect(emptied.body.error.details[0].path).toBe('file');

    const removed = await t.call('DELETE', `${base}/${doc.id}`);
    expect(removed.status).toBe(200);
    expect((await t.call('GET', `${base}?reportHeaderId=${report.id}`)).body.data).toEqual([]);
    expect((await download(replaced.body.data.file.url)).statusCode).toBe(404);
    expect((await t.call('DELETE', `${base}/${doc.id}`)).status).toBe(404);
  });

  it('keep a file name of 300 characters or with ../ only as a safe display name', async () => {
    const report = await createReportHeader(t);
    const long = await addDocument(report.id, pdf(`${'a'.repeat(296)}.pdf`));
    expect(long.status).toBe(201);
    expect(long.body.data.file.displayName.length).toBeLessThanOrEqual(200);
    expect(long.body.data.file.displayName).toMatch(/^a+/);
    const traversal = await addDocument(report.id, pdf('../../etc/passwd.pdf'));
    expect(traversal.status).toBe(201);
    expect(traversal.body.data.file.displayName).toBe('passwd.pdf');
    const windows = await addDocument(report.id, pdf('..\\..\\boot.pdf'));
    expect(windows.body.data.file.displayName).toBe('boot.pdf');
    const res = await download(traversal.body.data.file.url);
    expect(res.headers['content-disposition']).toContain('filename="passwd.pdf"');
  });

  it('are refused without a file, empty, disguised, of an unknown type or too large, storing nothing', async () => {
    const report = await createReportHeader(t);
    const before = await blobCount();
    const expectRefused = async (
      r: Awaited<ReturnType<typeof t.call>>,
      status: number,
      detailPath?: string,
    ) => {
      expect(r.status).toBe(status);
      expect(r.body.data).toBeNull();
      if (detailPath) expect(r.body.error.details[0].path).toBe(detailPath);
    };

    await expectRefused(
      await t.call('POST', base, multipart({ reportHeaderId: report.id, documentType: 'procedure' })),
      400,
      'file',
    );
    await expectRefused(
      await t.call('POST', base, { reportHeaderId: report.id, documentType: 'procedure' }),
      415,
    );
    await expectRefused(
      await addDocument(report.id, { name: 'empty.pdf', type: 'application/pdf', bytes: Buffer.alloc(0) }),
      400,
    );
    const disguised: [string, Buffer][] = [
      ['setup.pdf', Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(200)])],
      ['page.pdf', Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>')],
      ['drawing.pdf', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['script.pdf', Buffer.from('#!/bin/sh\nrm -rf /\n')],
    ];
    for (const [name, bytes] of disguised)
      await expectRefused(
        await addDocument(report.id, { name, type: 'application/pdf', bytes }),
        415,
        'file',
      );
    // A photo is not a document (documents and drawings are), a PNG is a drawing: accepted.
    expect(
      (await addDocument(report.id, { name: 'scan.png', type: 'image/png', bytes: pngBytes })).status,
    ).toBe(201);
    const afterPng = await blobCount();

    await expectRefused(
      await addDocument(report.id, pdf(), { documentType: 'invoice' }),
      400,
      'documentType',
    );
    await expectRefused(await addDocument(randomUUID(), pdf(), {}), 400, 'reportHeaderId');
    const large = Buffer.concat([pdfBytes, Buffer.alloc(maxDocumentBytes)]);
    await expectRefused(
      await addDocument(report.id, { name: 'big.pdf', type: 'application/pdf', bytes: large }),
      413,
      'file',
    );
    expect(afterPng).toBe(before + 1);
    expect(await blobCount()).toBe(afterPng);
    const list = await t.call('GET', `${base}?reportHeaderId=${report.id}`);
    expect(list.body.data.map((d: { file: { displayName: string } }) => d.file.displayName)).toEqual([
      'scan.png',
    ]);
  });
});
