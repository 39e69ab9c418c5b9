/**
 * The lists modules serve are the engine's (issue 21, "one way to list"): the approvals queue, the
 * roles and the task-assignment sheet are declared lists, so their pages and counts are the
 * engine's statements. Their plans read the indexes the hand-written statements read: the queue
 * its reports in approval off `report_header_in_approval_idx`, a page's additions the reports by
 * key and their approval steps by (report, time), the sheet the assignments of the period's work
 * orders; never a large table whole.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEquipment, createUser, startTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { preparedStatementsOf, statementsRun } from './statements-run.ts';

let t: TestApp;
/** What the database client runs a statement with its values by (PGlite and node-postgres alike). */
type Client = { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

beforeAll(async () => {
  t = await startTestApp();
  const author = await createUser(t);
  const { equipmentNo } = await createEquipment(t);
  // Enough reports that reading the table whole no longer pays: 4,000, of which 200 wait in approval.
  await t.db.execute(sql`insert into work_order_spk (wo_number, title, date_start, date_end)
    select 'WO-PLAN-' || n, 'Plan', date '2024-01-01' + n, date '2024-01-01' + n
    from generate_series(1, 2000) n`);
  await t.db.execute(sql`insert into wo_task_assignment (work_order_spkid, inspection_method, user_pdmids)
    select id, 'thermal', '[]'::jsonb from work_order_spk where wo_number like 'WO-PLAN-%'`);
  await t.db.execute(sql`insert into report_header
      (work_order_spkid, report_number, title, equipment_no, inspection_method, status, approval_level, created_by)
    select w.id, 'RPT-PLAN-' || w.wo_number || '-' || k, 'Plan', ${equipmentNo}, 'thermal',
      case when k = 1 and w.wo_number like '%0' then 'submitted' else 'draft' end, 1, ${author.id}::uuid
    from work_order_spk w, generate_series(1, 2) k where w.wo_number like 'WO-PLAN-%'`);
  await t.db.execute(sql`insert into report_approval_step
      (report_header_id, action, from_status, to_status, level, actor_id, actor_username, actor_full_name)
    select id, 'submit', 'draft', 'submitted', 1, created_by, 'author', 'Author'
    from report_header where status = 'submitted'`);
  if (t.database.kind === 'pglite') await t.database.maintain();
  await t.db.execute(sql`vacuum analyze`);
});
afterAll(() => t?.close());

async function plan(statement: { text: string; params: unknown[] }) {
  const client = (t.db as unknown as { $client: Client }).$client;
  const found = await client.query(`explain ${statement.text}`, statement.params);
  return found.rows.map((r) => String(r['QUERY PLAN'])).join('\n');
}

describe('the approvals queue, an engine list', () => {
  it('reads its page and count off the reports-in-approval index, and its additions by key', async () => {
    const statements = await preparedStatementsOf(async () => {
      const r = await t.call('GET', '/api/report-approval-paths/queue?pageSize=5&pageNumber=2');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toHaveLength(5);
      expect(r.body.meta).toMatchObject({ totalCount: 200, totalCountExact: true });
    });
    const page = statements.find((s) => s.key.includes('list:approvalQueue'));
    expect(page, statements.map((s) => s.key).join('\n')).toBeDefined();
    const text = await plan(page!);
    expect(text).toMatch(/report_header_in_approval_idx/);
    expect(text).not.toMatch(/Seq Scan on report_header/);
    expect(text).not.toMatch(/Seq Scan on report_approval_step/);
  });

  it('counts its summary off the same index', async () => {
    const statements = await preparedStatementsOf(async () => {
      const r = await t.call('GET', '/api/report-approval-paths/queue/summary');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.total).toBe(200);
    });
    const counts = statements.filter((s) => s.key.startsWith('countBy:'));
    expect(counts).toHaveLength(2);
    for (const counted of counts) {
      const text = await plan(counted);
      expect(text).toMatch(/report_header_in_approval_idx/);
      expect(text).not.toMatch(/Seq Scan on report_header/);
    }
  });

  it("reads a page's additions for its reports alone, by key", async () => {
    const statements = await statementsRun(t.db, async () => {
      const r = await t.call('GET', '/api/report-approval-paths/queue?pageSize=5');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    });
    const additions = statements.filter((q) => q.text.includes('"waitingSince"'));
    expect(additions).toHaveLength(1);
    const text = await plan(additions[0]!);
    expect(text).not.toMatch(/Seq Scan on (report_header|report_approval_step|work_order_spk)/);
  });
});

describe('the task-assignment sheet, an engine list read whole', () => {
  it('reads the assignments of the period’s work orders, not every assignment', async () => {
    const statements = await preparedStatementsOf(async () => {
      const r = await t.call(
        'GET',
        '/api/wo-task-assignments/export/template-with-data?startDate=2024-02-01&endDate=2024-02-10',
      );
      expect(r.status).toBe(200);
    });
    const head = statements.find(
      (s) => s.key.startsWith('every:head:') && s.key.includes('list:assignmentSheet'),
    );
    expect(head, statements.map((s) => s.key).join('\n')).toBeDefined();
    const text = await plan(head!);
    expect(text).toMatch(/Index (Only )?Scan using wo_task_assignment_\w+ on wo_task_assignment/);
    expect(text).not.toMatch(/Seq Scan on (wo_task_assignment|report_header)/);
  });
});

describe('the roles, an engine list', () => {
  it('pages them by name with each one’s users counted', async () => {
    const statements = await preparedStatementsOf(async () => {
      const r = await t.call('GET', '/api/roles?pageSize=2');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toHaveLength(2);
      expect(Object.keys(r.body.data[0]).sort()).toEqual(
        ['description', 'id', 'isAdministrator', 'name', 'userCount'].sort(),
      );
      expect(r.body.data[0].userCount).toEqual(expect.any(Number));
    });
    expect(statements.some((s) => s.key.includes('list:roles'))).toBe(true);
  });
});
