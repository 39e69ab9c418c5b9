/**
 * Contractor companies (docs/contractor-companies.md): the specification's PascalCase form fields,
 * a raster logo only, no delete while users remain, audit rows, and the company on the profile and
 * on the reports its users author. Generic create/update/delete is the conformance tests' part.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema/index.ts';
import { pdfBytes } from './document-bytes.ts';
import {
  createReportHeader,
  createRole,
  createUser,
  jpegBytes,
  multipart,
  pngBytes,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const logo = (bytes: Buffer, name = 'logo.png', type = 'image/png') => ({ name, type, bytes });
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

async function company(fields: Record<string, string> = {}, logoFile = logo(pngBytes)) {
  const r = await t.call(
    'POST',
    '/api/contractor-company',
    multipart(
      { ContractorName: `PT Inspeksi ${randomUUID().slice(0, 8)}`, ...fields },
      { CompanyLogo: logoFile },
    ),
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data;
}

/** A user of the company, on a role that may only view reports (no contractor-company permission). */
async function memberOf(companyId: string, username?: string) {
  const role = await createRole(t, [{ module: 'reportHeader', action: 'view' }], 'reader');
  const user = await createUser(t, { roleId: role.id, username });
  await t.db.update(users).set({ contractorCompanyId: companyId }).where(eq(users.id, user.id));
  return user;
}

describe('contractor company calls', () => {
  it('creates from the PascalCase form fields with a logo, gets, lists by search and updates', async () => {
    const created = await company({ ContactPerson: 'Budi' });
    expect(created).toMatchObject({ contactPerson: 'Budi', companyLogo: { mediaType: 'image/png' } });
    const got = await t.call('GET', `/api/contractor-company/${created.id}`);
    expect(got.body.data.contractorName).toBe(created.contractorName);
    const listed = await t.call(
      'GET',
      `/api/contractor-company?search=${encodeURIComponent(created.contractorName)}`,
    );
    expect(listed.body.data.map((c: { id: string }) => c.id)).toEqual([created.id]);

    const updated = await t.call(
      'PUT',
      `/api/contractor-company/${created.id}`,
      multipart(
        { contractorName: `${created.contractorName} Tbk`, version: String(created.version) },
        {
          CompanyLogo: logo(jpegBytes, 'logo.jpg', 'image/jpeg'),
        },
      ),
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({
      contractorName: `${created.contractorName} Tbk`,
      companyLogo: { mediaType: 'image/jpeg' },
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'contractorCompany'), eq(auditLog.entityId, created.id)));
    expect(audits.map((row) => row.action).sort()).toEqual(['create', 'update']);
    const update = audits.find((row) => row.action === 'update')!;
    expect(update.before).toMatchObject({ contractorName: created.contractorName });
    expect(update.after).toMatchObject({ contractorName: `${created.contractorName} Tbk` });
  });

  it('refuses an SVG or a PDF logo with a 415 on the logo field, and stores nothing', async () => {
    for (const file of [
      logo(svg, 'logo.svg', 'image/svg+xml'),
      logo(pdfBytes, 'logo.pdf', 'application/pdf'),
    ]) {
      const name = `Refused ${randomUUID()}`;
      const r = await t.call(
        'POST',
        '/api/contractor-company',
        multipart({ ContractorName: name }, { CompanyLogo: file }),
      );
      expect(r.status, JSON.stringify(r.body)).toBe(415);
      expect(r.body.error.details).toEqual([
        { path: 'companyLogo', message: expect.stringContaining('company logo') },
      ]);
      const listed = await t.call('GET', `/api/contractor-company?search=${encodeURIComponent(name)}`);
      expect(listed.body.data).toEqual([]);
    }
  });

  it('refuses a duplicate name with a clear 409', async () => {
    const first = await company();
    const r = await t.call(
      'POST',
      '/api/contractor-company',
      multipart({ ContractorName: first.contractorName }),
    );
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('already exists');
    // On its field, with the catalogue's code: the form says "Already taken" in the user's language.
    expect(r.body.error.details).toEqual([
      { path: 'contractorName', message: r.body.message, code: 'taken' },
    ]);
  });

  it('does not delete a company that still has users (409 naming them), then deletes it once they are gone', async () => {
    const c = await company();
    const members = [];
    for (let i = 0; i < 12; i++)
      members.push(await memberOf(c.id, `member-${String(i).padStart(2, '0')}-${randomUUID().slice(0, 6)}`));
    const refused = await t.call('DELETE', `/api/contractor-company/${c.id}`);
    expect(refused.status).toBe(409);
    const named = members
      .map((m) => m.username)
      .sort()
      .slice(0, 10);
    for (const username of named) expect(refused.body.message).toContain(username);
    expect(refused.body.message).toContain('and 2 more');
    // Said of the company itself (`id`), by its catalogue code with the count and the names.
    expect(refused.body.error.details).toEqual([
      {
        path: 'id',
        code: 'companyHasUsers',
        params: { count: 12, names: `${named.join(', ')} and 2 more` },
        message: `Users still belong to this company (12): ${named.join(', ')} and 2 more. Move them to another company or remove them first.`,
      },
    ]);
    expect((await t.call('GET', `/api/contractor-company/${c.id}`)).status).toBe(200);

    await t.db.update(users).set({ contractorCompanyId: null }).where(eq(users.contractorCompanyId, c.id));
    const deleted = await t.call('DELETE', `/api/contractor-company/${c.id}`);
    expect(deleted.status).toBe(200);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, c.id), eq(auditLog.action, 'delete')));
    expect(audit?.before).toMatchObject({ contractorName: c.contractorName });
  });
});

describe("a company user's shell and reports", () => {
  it('the profile carries the company and its logo, which the user may download without a company permission', async () => {
    const c = await company();
    const member = await memberOf(c.id);
    const token = (await t.login(member.username, member.password)).json().data.accessToken as string;
    const profile = await t.call('GET', '/api/auth/profile', undefined, token);
    expect(profile.body.data.company).toEqual({
      id: c.id,
      contractorName: c.contractorName,
      logoFileId: c.companyLogo.id,
    });
    const file = await t.call('GET', `/api/files/${c.companyLogo.id}`, undefined, token);
    expect(file.status).toBe(200);
    expect(file.res.headers['content-type']).toBe('image/png');

    const staff = await t.call('GET', '/api/auth/profile');
    expect(staff.body.data.company).toBeNull();
  });

  it("a report's author shows with their company; the owner's staff author without one", async () => {
    const c = await company();
    // One who may be named as an inspector: the assignment below names them.
    const author = await createUser(t, { role: 'Contractor inspector' });
    await t.db.update(users).set({ contractorCompanyId: c.id }).where(eq(users.id, author.id));
    const token = (await t.login(author.username, author.password)).json().data.accessToken as string;
    // The author's company must see the work order: an assignment names the author.
    const byStaff = await createReportHeader(t);
    await t.call('POST', '/api/wo-task-assignments', {
      workOrderSPKId: byStaff.workOrderSPKId,
      inspectionMethod: 'ufd',
      userPDMIds: [author.id],
    });
    const mine = await t.call(
      'POST',
      '/api/report-headers',
      {
        workOrderSPKId: byStaff.workOrderSPKId,
        reportNumber: `RPT-${randomUUID().slice(0, 8)}`,
        title: 'By the contractor',
        equipmentNo: byStaff.equipmentNo,
        // Its company's method on the work order: a report by another is not the company's to make.
        inspectionMethod: 'ufd',
      },
      token,
    );
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const authored = await t.call('GET', `/api/report-headers/${mine.body.data.id}/author`);
    expect(authored.body.data).toEqual({
      id: author.id,
      fullName: `Test ${author.username}`,
      company: { id: c.id, contractorName: c.contractorName, logoFileId: c.companyLogo.id },
    });
    const staffAuthored = await t.call('GET', `/api/report-headers/${byStaff.id}/author`);
    expect(staffAuthored.body.data.company).toBeNull();
  });
});
