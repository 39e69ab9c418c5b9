/**
 * A report's status moves only through `PUT /report-headers/update-report-status/{id}?status`, along
 * the declared transitions, and each move needs the permission the state machine names (a report's
 * `status` is refused in its create and update bodies: test/server-owned.test.ts). Every pair of
 * statuses is walked: the allowed moves succeed for a role with their permission and are refused
 * (403) without it; every other move is a 409 naming the current status.
 */
import { randomUUID } from 'node:crypto';
import { approvalInProgressStatus, reportStatuses, reportStatusTransitions } from '@inspectra/contract';
import type { ReportStatus } from '@inspectra/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, rolePermissions, roles } from '../src/db/schema/index.ts';
import {
  completeForSubmission,
  createApprover,
  createReportHeader,
  createUser,
  setTwoLevelPath,
  startTestApp,
} from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
let editorToken: string;
/** Reports are the administrator's; another administrator judges them (nobody approves their own). */
let approver: string;
beforeAll(async () => {
  t = await startTestApp();
  const reviewer = await createApprover(t);
  approver = reviewer.token;
  await setTwoLevelPath(t, 'vci', reviewer.id);
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

/** A move; a submission first gives the report what its method requires (report-completeness.test.ts). */
const move = async (id: string, status: string, token?: string, comment?: string) => {
  if (status === 'submitted') await completeForSubmission(t, id);
  return t.call(
    'PUT',
    `/api/report-headers/update-report-status/${id}?status=${status}${
      comment === undefined ? '' : `&comment=${encodeURIComponent(comment)}`
    }`,
    undefined,
    token,
  );
};

/**
 * The shortest way from draft to each status along the declared transitions. In review is where an
 * approval short of the last level leaves a report: the report's method (vci here) has two levels
 * when one is wanted, and its way is one approval.
 */
function waysFromDraft(): Record<ReportStatus, ReportStatus[]> {
  const ways = {
    draft: [],
    [approvalInProgressStatus]: ['submitted', 'approved'],
  } as unknown as Record<ReportStatus, ReportStatus[]>;
  const queue: ReportStatus[] = ['draft'];
  while (queue.length > 0) {
    const from = queue.shift()!;
    for (const to of Object.keys(reportStatusTransitions[from]) as ReportStatus[]) {
      if (ways[to]) continue;
      ways[to] = [...ways[from], to];
      queue.push(to);
    }
  }
  return ways;
}

/** Who makes a move: the administrator who wrote the report, or the approver for a reviewer's move. */
const mover = (from: ReportStatus, to: ReportStatus) =>
  reportStatusTransitions[from][to] === 'approve' ? approver : undefined;

/**
 * A new report moved to `status`. Reports in review are of a method with a two-level path (vci; the
 * fallback of one level otherwise, thermal), so one approval leaves them in review.
 */
async function reportIn(status: ReportStatus) {
  const report = await createReportHeader(
    t,
    status === approvalInProgressStatus ? { inspectionMethod: 'vci' } : {},
  );
  let from: ReportStatus = 'draft';
  for (const step of waysFromDraft()[status]) {
    const r = await move(report.id, step, mover(from, step), 'Checked');
    from = step === 'approved' && status === approvalInProgressStatus ? approvalInProgressStatus : step;
    expect(r.status, `to ${step}: ${JSON.stringify(r.body)}`).toBe(200);
  }
  return report;
}

const statusNow = async (id: string) =>
  (await t.call('GET', `/api/report-headers?id=${id}`)).body.data[0].status;

describe('report status', () => {
  it('reaches every status from draft', () => {
    expect(Object.keys(waysFromDraft()).sort()).toEqual([...reportStatuses].sort());
  });

  describe.each(reportStatuses.map((from) => [from]))('from %s', (from) => {
    it.each(reportStatuses.map((to) => [to]))('to %s', async (to) => {
      const report = await reportIn(from);
      const needed = reportStatusTransitions[from][to];
      if (!needed) {
        for (const token of [editorToken, undefined]) {
          const refused = await move(report.id, to, token);
          expect(refused.status, JSON.stringify(refused.body)).toBe(409);
          expect(refused.body).toMatchObject({ data: null, error: { code: 'CONFLICT' } });
          expect(refused.body.message).toContain(`The report is ${from.replace('inReview', 'in review')}`);
        }
        expect(await statusNow(report.id)).toBe(from);
        return;
      }
      if (needed === 'approve') {
        const refused = await move(report.id, to, editorToken);
        expect(refused.status).toBe(403);
        expect(refused.body.message).toMatch(/reportHeader: approve/);
        // Nobody judges their own report.
        const own = await move(report.id, to, undefined, 'Checked');
        expect(own.status).toBe(403);
        expect(await statusNow(report.id)).toBe(from);
      }
      const moved = await move(report.id, to, needed === 'approve' ? approver : editorToken, 'Checked');
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      // The report's method has a one-level path (the fallback): an approval is final.
      expect(moved.body.data).toMatchObject({ status: to, statusComment: 'Checked' });
      expect(await statusNow(report.id)).toBe(to);
    });
  });

  it('keeps the reason of a move on the report and in its audit', async () => {
    const report = await reportIn('submitted');
    const returned = await move(report.id, 'returned', approver, 'Photo of the north flange is missing');
    expect(returned.body.data).toMatchObject({
      status: 'returned',
      statusComment: 'Photo of the north flange is missing',
      version: report.version + 2,
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'reportHeader'), eq(auditLog.entityId, report.id)));
    const last = audit.find((a) => (a.after as { status?: string } | null)?.status === 'returned');
    expect(last).toMatchObject({
      action: 'update',
      before: expect.objectContaining({ status: 'submitted' }),
      after: expect.objectContaining({ statusComment: 'Photo of the north flange is missing' }),
    });
    // A move without a comment clears the old reason.
    expect((await move(report.id, 'submitted')).body.data.statusComment).toBeNull();
  });

  it('refuses a status that does not exist, a report that does not, and a comment too long', async () => {
    const report = await createReportHeader(t);
    const unknown = await move(report.id, 'finished');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/status must be one of/);
    expect((await move(randomUUID(), 'submitted')).status).toBe(404);
    expect((await move('not-an-id', 'submitted')).status).toBe(400);
    expect((await move(report.id, 'submitted', undefined, 'x'.repeat(2001))).status).toBe(400);
  });

  it('lets two reviewers race: one approves, the other is told the report moved', async () => {
    const report = await reportIn('inReview');
    const [a, b] = await Promise.all([
      move(report.id, 'approved', approver),
      move(report.id, 'returned', approver, 'Not yet'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });
});
