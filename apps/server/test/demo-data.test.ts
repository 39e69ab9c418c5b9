/**
 * The demo data of a new installation: every report it seeds past draft holds what its method
 * requires before submission (the completeness rule, packages/contract/src/completeness.ts), as a
 * report that reached a reviewer must; the submitted VCI report shows its grade in the queue.
 */
import { reportHeader } from '@inspectra/contract';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableOf } from '../src/db/schema/index.ts';
import { seedDemoData } from '../src/modules/seed/demo-data.ts';
import { seedDemoUsers } from '../src/modules/seed/demo-users.ts';
import { startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
const password = 'demo-password-for-tests';
beforeAll(async () => {
  t = await startTestApp();
  expect(await seedDemoData(t.db, t.files)).toBe(true);
});
afterAll(() => t?.close());

describe('the demo data', () => {
  it('holds, in every report past draft, what its method requires before submission', async () => {
    const reports = tableOf(reportHeader);
    const pastDraft = await t.db
      .select({ id: reports.id, reportNumber: reports.reportNumber, status: reports.status })
      .from(reports)
      .where(ne(reports.status, 'draft'));
    // Submitted, returned and approved reports are seeded: the walk below is not empty.
    expect(new Set(pastDraft.map((r) => r.status))).toEqual(new Set(['submitted', 'returned', 'approved']));
    const incomplete: string[] = [];
    for (const report of pastDraft) {
      // The server's own judgement, the one a submission makes (report-readiness.ts).
      const r = await t.call('GET', `/api/report-headers/${report.id}/readiness`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      if (!r.body.data.ready)
        incomplete.push(`${String(report.reportNumber)}: ${JSON.stringify(r.body.data.missing)}`);
    }
    expect(incomplete).toEqual([]);
  });

  it('holds a motion magnification of a pipe span, its camera positions graded by the screening levels', async () => {
    const reports = tableOf(reportHeader);
    const [report] = await t.db
      .select({ id: reports.id })
      .from(reports)
      .where(eq(reports.reportNumber, 'RPT-MM-2026-0004'));
    const figures = await t.call('GET', `/api/report-headers/${report!.id}/techniques`);
    expect(figures.body.data).toEqual([
      expect.objectContaining({
        technique: 'motionMagnification',
        variant: 'pipe',
        rows: 2,
        // 31 mm/s at 24.7 Hz is past the design line (25.4), 9 mm/s under the first (12.7).
        byGrade: [
          { level: 'acceptable', rows: 1 },
          { level: 'marginal', rows: 1 },
        ],
      }),
    ]);
  });

  it("shows the submitted VCI report's worst finding in the first reviewer's queue", async () => {
    await seedDemoUsers(t.db, { password, log: () => {} });
    const login = await t.login('reviewer1', password);
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().data.accessToken as string;
    const queue = await t.call(
      'GET',
      '/api/report-approval-paths/queue?search=RPT-VCI-2026-0007',
      undefined,
      token,
    );
    expect(queue.status, JSON.stringify(queue.body)).toBe(200);
    expect(queue.body.data).toEqual([
      expect.objectContaining({ reportNumber: 'RPT-VCI-2026-0007', worstFinding: 'medium' }),
    ]);
  });
});
