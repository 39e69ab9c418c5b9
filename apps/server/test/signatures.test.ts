/**
 * Approver signatures (issue 23, docs/report-of-record.md "Signatures"): drawn once on the profile
 * (`/auth/profile/signature`), carried by each approval as it was then, and printed beside that
 * approval in the report's PDF, whatever the approver draws later. Through the API, on PGlite or
 * TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportApprovalSteps } from '../src/db/schema/index.ts';
import {
  completeForSubmission,
  createApprover,
  createReportHeader,
  jpegBytes,
  multipart,
  pngBytes,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
let approver: { id: string; token: string };

beforeAll(async () => {
  t = await startTestApp();
  approver = await createApprover(t);
});
afterAll(() => t?.close());

const signature = (method: 'GET' | 'PUT' | 'DELETE', body?: unknown, token = approver.token) =>
  t.call(method, '/api/auth/profile/signature', body, token);
const raw = (token = approver.token) =>
  t.app.inject({
    method: 'GET',
    url: '/api/auth/profile/signature',
    headers: { authorization: `Bearer ${token}` },
  });
const drawn = (bytes: Buffer, type = 'image/png', name = 'signature.png') =>
  multipart({}, { signature: { name, type, bytes } });

/** How many images a PDF draws (its image objects). */
const imageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length;

async function approvedPdf() {
  const report = await createReportHeader(t);
  await completeForSubmission(t, report.id);
  for (const [status, token] of [
    ['submitted', undefined],
    ['approved', approver.token],
  ] as const) {
    const r = await t.call(
      'PUT',
      `/api/report-headers/update-report-status/${report.id}?status=${status}`,
      undefined,
      token,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  const pdf = await t.app.inject({
    method: 'GET',
    url: `/api/report-headers/${report.id}/pdf`,
    headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
  });
  expect(pdf.statusCode).toBe(200);
  return { report, pdf: pdf.rawPayload };
}

describe('a signature drawn once on the profile', () => {
  it('is refused unless it is one PNG or JPEG of at most 256 KB in the field signature', async () => {
    expect((await signature('PUT', {})).status).toBe(415);
    const text = await signature('PUT', drawn(Buffer.from('not an image'), 'text/plain', 'sig.txt'));
    expect(text.status).toBe(415);
    const wrongField = await signature(
      'PUT',
      multipart({}, { file: { name: 's.png', type: 'image/png', bytes: pngBytes } }),
    );
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe('Attach the signature image (PNG or JPEG) as the field signature');
    const large = Buffer.concat([pngBytes, Buffer.alloc(300 * 1024)]);
    expect((await signature('PUT', drawn(large))).status).toBe(413);
    expect((await signature('GET')).status).toBe(404);
  });

  it('is saved, read back, said on the profile, and printed beside each approval as it was then', async () => {
    const without = await approvedPdf();

    const saved = await signature('PUT', drawn(pngBytes));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ data: { hasSignature: true }, message: 'Your signature is saved' });
    const read = await raw();
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload.equals(pngBytes)).toBe(true);
    const profile = await t.call('GET', '/api/auth/profile', undefined, approver.token);
    expect(profile.body.data.hasSignature).toBe(true);

    const signed = await approvedPdf();
    const approval = (
      await t.db
        .select()
        .from(reportApprovalSteps)
        .where(eq(reportApprovalSteps.reportHeaderId, signed.report.id))
    ).find((s) => s.action === 'approved');
    expect(approval).toMatchObject({ signatureMediaType: 'image/png', signatureKey: expect.any(String) });
    expect(imageCount(signed.pdf)).toBe(imageCount(without.pdf) + 1);

    // A new signature replaces it on the profile; the approval keeps the one it was given with.
    expect((await signature('PUT', drawn(jpegBytes, 'image/jpeg', 'signature.jpg'))).status).toBe(200);
    expect((await raw()).headers['content-type']).toBe('image/jpeg');
    const removed = await signature('DELETE');
    expect(removed.body).toMatchObject({
      data: { hasSignature: false },
      message: 'Your signature is removed; approvals you gave keep theirs',
    });
    expect((await signature('GET')).status).toBe(404);
    // The file the approval names is still stored: its PDF prints it.
    await expect(t.files.get(approval!.signatureKey!)).resolves.toBeDefined();
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/report-headers/${signed.report.id}/pdf`,
      headers: { authorization: `Bearer ${t.adminTokens.accessToken}` },
    });
    expect(imageCount(again.rawPayload)).toBe(imageCount(signed.pdf));
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile/signature' })).statusCode).toBe(401);
  });
});
