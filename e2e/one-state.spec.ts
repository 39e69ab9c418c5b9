import { expect, test } from '@playwright/test';
import { apiLogin, expectAccessible, openSignedIn, snap } from './fixtures.ts';

test.use({ actionTimeout: 15_000 });

/**
 * The demo's completed work order: its one task (SRUT) has an approved report, approved on the
 * report's own path (docs/work-management.md, "One state, said once"). The journey reads it and
 * changes nothing, so no other journey's data or order matters.
 */
const completed = {
  woNumber: 'WO-2026-0131',
  title: 'Shell scan of crude tank T-311 before return to service',
  report: 'RPT-SRUT-2026-0003',
  tag: 'T-311 · Crude oil tank, floating roof',
  equipmentNo: '10001158',
};

test('a completed work order says its approved task once, by tag, and New report starts as the task does @tablet', async ({
  page,
}, info) => {
  const session = await apiLogin(page);
  const found = await page.request.get('/api/work-order-spks', {
    headers: { authorization: `Bearer ${session.accessToken}` },
    params: { search: completed.woNumber },
  });
  expect(found.status(), await found.text()).toBe(200);
  const workOrder = ((await found.json()) as { data: { id: string; woNumber: string }[] }).data.find(
    (w) => w.woNumber === completed.woNumber,
  )!;
  await openSignedIn(page, session, `/work-orders/${workOrder.id}`);
  const project = info.project.name;

  // The method card says the state of its report, as the report page does: approved, not "not approved yet".
  const card = page.getByRole('article', { name: 'SRUT' });
  await expect(card.getByRole('group', { name: 'State of its reports' })).toHaveText('Approved');
  await expect(card).not.toContainText(/not approved/i);
  // The report's equipment by its tag and description, the SAP number after it.
  const row = card.getByRole('row', { name: new RegExp(completed.report) });
  await expect(row).toContainText(completed.tag);
  await expect(row).toContainText(completed.equipmentNo);
  await expect(row).toContainText('Approved');
  await card.scrollIntoViewIfNeeded();
  await snap(page, `one-state-work-order-${project}`);
  await expectAccessible(page, info, 'one-state-work-order');

  // "New report" starts as the task path does: the assigned method by name, the equipment by tag,
  // the next number and a title from the method and the work order.
  await page.getByRole('button', { name: 'New report' }).click();
  const dialog = page.getByRole('dialog', { name: 'New report' });
  await expect(dialog.getByRole('combobox', { name: /Inspection method/ })).toHaveValue('SRUT');
  await expect(dialog.getByRole('textbox', { name: /Report number/ })).toHaveValue(
    /^RPT-WO-2026-0131-[A-Z]+-2$/,
  );
  await expect(dialog.getByRole('textbox', { name: /Title/ })).toHaveValue(`SRUT · ${completed.title}`);
  await expect(dialog.getByRole('combobox', { name: /Equipment number/ })).toHaveValue(
    `${completed.tag} (${completed.equipmentNo})`,
  );
  await snap(page, `one-state-new-report-${project}`);
  // Nothing is saved: the work order stays as the demo made it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The dashboard's latest reports name equipment by tag too: no cell is a bare SAP number.
  await page.goto('/');
  const latest = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Status' }) });
  await expect(latest.getByRole('row').nth(1)).toBeVisible();
  const cells = latest.locator('tbody tr td:nth-child(3)');
  // Names are read after the rows: wait until the first has its tag.
  await expect(cells.first()).not.toHaveText(/^\d+$/);
  for (const cell of await cells.all()) await expect(cell).not.toHaveText(/^\d+$/);
  await snap(page, `one-state-dashboard-${project}`);
});
