/**
 * A report's status moves only through `PUT /report-headers/update-report-status/{id}?status`, along
 * the declared transitions, and approving needs the `approve` permission (a report's `status` is
 * refused in its create and update bodies: test/server-owned.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions, roles } from '../src/db/schema/index.ts';
import { createReportHeader, createUser, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
let editorToken: string;
beforeAll(async () => {
  t = await startTestApp();
  // An editor of reports who may not approve them.
  const [role] = await t.db
    .insert(roles)
    .values({ name: `editor-${randomUUID()}` })
    .returning();
  await t.db.insert(rolePermissions).values(
    (['view', 'create', 'update'] as const).map((action) => ({
      roleId: role!.id,
      module: 'reportHeader',
      action,
    })),
  );
  const editor = await createUser(t, { roleId: role!.id });
  editorToken = (await t.login(editor.username, editor.password)).json().data.accessToken;
});
afterAll(() => t?.close());

const move = (id: string, status: string, token?: string) =>
  t.call('PUT', `/api/report-headers/update-report-status/${id}?status=${status}`, undefined, token);

describe('report status', () => {
  it('moves along the declared transitions, and approving needs the approve permission', async () => {
    const report = await createReportHeader(t);
    const submitted = await move(report.id, 'submitted', editorToken);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.data.status).toBe('submitted');

    const refused = await move(report.id, 'approved', editorToken);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/reportHeader: approve/);

    const approved = await move(report.id, 'approved');
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', version: 3 });

    const again = await move(report.id, 'draft');
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/The report is approved/);
  });

  it('refuses a status that does not exist and a report that does not', async () => {
    const report = await createReportHeader(t);
    expect((await move(report.id, 'finished')).status).toBe(400);
    expect((await move(report.id, 'approved')).status).toBe(409);
    expect((await move(randomUUID(), 'submitted')).status).toBe(404);
  });
});
