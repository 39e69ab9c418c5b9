import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import {
  createUserByApi,
  expectAccessible,
  readPdf,
  expectTouchTargets,
  openNavigation,
  recordThermalMeasurement,
  signInByApi,
  snap,
} from './fixtures.ts';

test.use({ actionTimeout: 15_000 });

/** A small square PNG of one colour (a company logo), made here rather than read from a file. */
function logoPng(size = 48, rgb: [number, number, number] = [14, 116, 144]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function go(page: Page, link: string) {
  await openNavigation(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: link }).click();
}

/**
 * The next person at the browser: signed in through the API (signing in and out is not what these
 * journeys are about; the day-in-the-plant and session journeys use the pages), on `path`.
 */
async function signInAs(page: Page, username: string, password: string, path = '/') {
  await signInByApi(page, path, { username, password });
  await expect(page).not.toHaveURL(/\/auth/);
}

async function choose(page: Page, scope: Locator, combobox: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).click();
}

type NewUser = { username: string; fullName: string; role: string; company?: string; position?: string };

async function createUser(page: Page, user: NewUser, password: string) {
  await page.getByRole('button', { name: 'New user' }).click();
  const drawer = page.getByRole('dialog', { name: 'New user' });
  await drawer.getByRole('textbox', { name: 'Username' }).fill(user.username);
  await drawer.getByRole('textbox', { name: 'Full name' }).fill(user.fullName);
  await drawer.getByRole('textbox', { name: 'Password' }).fill(password);
  await choose(page, drawer, 'Role', user.role);
  if (user.company) await choose(page, drawer, 'Company', user.company);
  if (user.position) await choose(page, drawer, 'Approval position', user.position);
  return drawer;
}

/** The approval panel of the report page. */
const approvalPanel = (page: Page) => page.getByRole('region', { name: 'Approval', exact: true });

async function decide(page: Page, action: 'Approve' | 'Return', comment: string) {
  await approvalPanel(page).getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill(comment);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * Issue 11, "Done when": an administrator sets up a contractor company, its inspector and two
 * reviewers, a two-level path for thermal and who approves at each level; the inspector's thermal
 * report is returned once, resubmitted, approved at both levels, locked, and its history proves it.
 */
test('a thermal report goes through a two-level approval, returned once', async ({ page }, info) => {
  test.setTimeout(300_000);
  const run = Date.now().toString(36);
  const shot = async (name: string, axe = false) => {
    if (axe) await expectAccessible(page, info, `approvals-${name}`);
    await snap(page, `${info.project.name}-approvals-${name}`);
  };
  /** At tablet width too: the queue and the approval panel are read on site. */
  const tabletShot = async (name: string) => {
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 800, height: 1280 });
    await expectAccessible(page, info, `approvals-${name}-tablet`);
    await snap(page, `tablet-approvals-${name}`);
    await page.setViewportSize(viewport);
  };
  const password = `copper-kettle-${run}-harbour`;
  const company = `Borneo Thermal Services ${run}`;
  const inspector = {
    username: `ct.insp.${run}`,
    fullName: `Dewi Contractor ${run}`,
    role: 'Contractor inspector',
    company,
  };
  const engineerPosition = 'Area inspection engineer';
  const managerPosition = `Integrity manager ${run}`;
  const reviewer1 = {
    username: `rev1.${run}`,
    fullName: `Rina Engineer ${run}`,
    role: 'Reviewer',
    position: engineerPosition,
  };
  const reviewer2 = {
    username: `rev2.${run}`,
    fullName: `Budi Manager ${run}`,
    role: 'Reviewer',
    position: managerPosition,
  };
  // A work order of its own: the demo's may already have thermal assigned (its contractor's task).
  const woNumber = `WO-E2E-${run}`.toUpperCase();
  // 1. The administrator (who also makes the work order through the API).
  const admin = await signInByApi(page, '/admin/companies');
  const authorization = `Bearer ${admin.accessToken}`;
  const workOrder = await page.request.post('/api/work-order-spks', {
    headers: { authorization },
    data: {
      woNumber,
      title: 'Thermography of crude charge pumps',
      equipmentCategory: 'rotating-equipment',
      tagNumber: 'P-101A',
      plannerGroup: 'PG-ROT',
      location: 'CDU1-PMP',
    },
  });
  expect(workOrder.ok(), await workOrder.text()).toBe(true);

  // A contractor company with its logo.
  await expect(page.getByRole('heading', { name: 'Contractor companies', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add company' }).click();
  const companyForm = page.getByRole('dialog');
  await companyForm.getByRole('textbox', { name: 'Company name' }).fill(company);
  await companyForm.getByRole('textbox', { name: 'Contact person' }).fill('Agus Salim');
  const chooser = page.waitForEvent('filechooser');
  await companyForm.getByRole('button', { name: 'Choose image for Company logo' }).click();
  await (await chooser).setFiles({ name: 'borneo-logo.png', mimeType: 'image/png', buffer: logoPng() });
  await expect(companyForm.getByRole('img', { name: /Company logo/ })).toBeVisible();
  await shot('company-form');
  await companyForm.getByRole('button', { name: 'Add company' }).click();
  await expect(companyForm).toHaveCount(0);
  const companyRow = page.getByRole('row', { name: new RegExp(company) });
  await expect(companyRow.getByTestId('company-badge').locator('img')).toBeVisible();
  await shot('companies', true);

  // 2. The manager's position (a user holds a position of the list), then the contractor inspector
  // and the two reviewers, with their passwords.
  await go(page, 'Reviewers');
  await expect(page.getByRole('heading', { name: 'Reviewers', level: 1 })).toBeVisible();
  const positions = page.getByRole('region', { name: 'Approval positions' });
  await positions.getByRole('textbox', { name: 'Position name' }).fill(managerPosition);
  await positions.getByRole('textbox', { name: 'Usual level' }).fill('2');
  await positions.getByRole('button', { name: 'Save position' }).click();
  await expect(positions.getByText(managerPosition)).toBeVisible();
  await go(page, 'Users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  for (const user of [inspector, reviewer1, reviewer2]) {
    const drawer = await createUser(page, user, password);
    if (user === inspector) await shot('user-form');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toHaveCount(0);
    await expect(page.getByRole('row', { name: new RegExp(user.fullName) })).toContainText(user.role);
  }
  await expect(page.getByRole('row', { name: new RegExp(inspector.fullName) })).toContainText(company);
  await shot('users', true);

  // 3. Thermal's path: the engineer, then the manager.
  await go(page, 'Approval settings');
  await expect(page.getByRole('heading', { name: 'Approval settings', level: 1 })).toBeVisible();
  const thermal = page.getByRole('region', { name: 'Thermal analysis' });
  await choose(page, thermal, 'Position at level 1', engineerPosition);
  if ((await thermal.getByRole('combobox', { name: 'Position at level 2' }).count()) === 0) {
    await thermal.getByRole('button', { name: 'Add level' }).click();
  }
  const level2 = thermal.getByRole('combobox', { name: 'Position at level 2' });
  await level2.click();
  await level2.fill(managerPosition);
  await page.getByRole('option', { name: managerPosition }).click();
  await thermal.getByRole('button', { name: 'Save path' }).click();
  await expect(page.getByText('Thermal analysis: approval path saved')).toBeVisible();
  await expect(thermal.getByText('2 levels')).toBeVisible();
  await shot('settings', true);

  // 4. Reviewer 1 at level 1, reviewer 2 at level 2: the picker offers the level's position holders.
  await go(page, 'Reviewers');
  const assign = page.getByRole('region', { name: 'Assign reviewers' });
  for (const [level, position, reviewer] of [
    ['1', engineerPosition, reviewer1],
    ['2', managerPosition, reviewer2],
  ] as const) {
    await choose(page, assign, 'Method', 'Thermal analysis');
    await choose(page, assign, 'Level', `${level} · ${position}`);
    await expect(assign.getByText(`Active users holding the position ${position}.`)).toBeVisible();
    const users = assign.getByRole('combobox', { name: 'Users' });
    await users.click();
    await expect(page.getByRole('option', { name: new RegExp(inspector.fullName) })).toHaveCount(0);
    await page.getByRole('option', { name: new RegExp(reviewer.fullName) }).click();
    await users.press('Escape');
    if (level === '2') await shot('reviewers-assign');
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(
      page.getByText(
        `${reviewer.fullName} (${reviewer.username}) now approves Thermal analysis at level ${level}`,
      ),
    ).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(reviewer.fullName) })).toContainText(position);
  }
  await shot('reviewers', true);

  // 5. Thermal on a work order, assigned to the contractor inspector.
  await go(page, 'Work orders');
  await page.getByRole('textbox', { name: 'Search' }).fill(woNumber);
  await page.getByRole('cell', { name: woNumber, exact: true }).click();
  await expect(page.getByRole('heading', { name: new RegExp(woNumber), level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Assign a method' }).click();
  const assignMethod = page.getByRole('form', { name: 'Assign an inspection method' });
  await choose(page, assignMethod, 'Inspection method', /Thermal analysis/);
  const inspectors = assignMethod.getByRole('combobox', { name: 'Inspectors' });
  await inspectors.click();
  await inspectors.fill(inspector.fullName);
  await page.getByRole('option', { name: new RegExp(inspector.fullName) }).click();
  await inspectors.press('Escape');
  await assignMethod.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(assignMethod).toHaveCount(0);
  await expect(page.getByRole('article').filter({ hasText: inspector.fullName })).toBeVisible();

  // 6. The inspector: the company's logo in the shell, the task, a thermal report, submitted.
  await signInAs(page, inspector.username, password);
  await expect(page).toHaveURL(/\/my-tasks/);
  const badge = page.getByTestId('company-badge').first();
  await expect(badge).toContainText(company);
  await expect(badge.locator('img')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(woNumber);
  // The list settles on the search (kept in the address) before the task is opened.
  await expect(page).toHaveURL(new RegExp(`search=${woNumber}`));
  await page.getByRole('link', { name: new RegExp(`^${woNumber} · Thermal analysis`) }).click();
  await expect(page).toHaveURL(/\/my-tasks\/[^/]+$/);
  await page.getByRole('link', { name: 'Create report' }).click();
  const equipment = page.getByRole('combobox', { name: 'Equipment number' });
  if ((await equipment.inputValue()) === '') {
    await equipment.click();
    await page.getByRole('option').first().click();
  }
  await page.getByRole('button', { name: 'Create report' }).click();
  await expect(page).toHaveURL(/\/reports\/[^/]+$/);
  const reportUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('RPT-');
  const reportHeading = await page.getByRole('heading', { level: 1 }).textContent();
  const reportNumber = reportHeading!.split(' · ')[0]!.trim();
  await expect(approvalPanel(page)).toContainText('Not submitted yet');
  await shot('inspector-shell');
  await recordThermalMeasurement(page);
  const submit = async () => {
    await page.getByRole('group', { name: 'Status actions' }).getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(approvalPanel(page)).toContainText('Waits at level 1');
  };
  await submit();
  await expect(approvalPanel(page)).toContainText(reviewer1.fullName);
  await expect(approvalPanel(page)).toContainText(reviewer2.fullName);
  await shot('submitted', true);

  // 7. Reviewer 1: the queue, the report, returned with a reason.
  const reason = 'The hot spot photo has no reference temperature; add it and say which phase.';
  // A reviewer starts on the queue.
  await signInAs(page, reviewer1.username, password);
  await expect(page).toHaveURL(/\/approvals$/);
  await expect(page.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  const queued = page.getByRole('row', { name: new RegExp(reportNumber) });
  await expect(queued).toContainText(`Level 1 · ${engineerPosition}`);
  await expect(queued).toContainText(inspector.fullName);
  await shot('queue', true);
  await tabletShot('queue');
  await queued.getByRole('link', { name: reportNumber }).click();
  await expect(approvalPanel(page).getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
  await shot('review', true);
  await tabletShot('review');
  await decide(page, 'Return', reason);
  await expect(page.getByText('Returned', { exact: true }).first()).toBeVisible();

  // 8. The inspector reads why, fixes the title and resubmits.
  await signInAs(page, inspector.username, password, reportUrl);
  await expect(page.getByRole('alert').filter({ hasText: reason })).toContainText(
    'Why the report was returned',
  );
  await expect(approvalPanel(page)).toContainText('Returned to the inspector');
  await shot('returned', true);
  await page.getByRole('button', { name: 'Edit report' }).click();
  const edit = page.getByRole('dialog');
  const title = edit.getByRole('textbox', { name: 'Title', exact: true });
  await title.fill(`${await title.inputValue()} (phase B, reference added)`);
  await edit.getByRole('button', { name: /^Save/ }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('phase B, reference added');
  await submit();
  // What the reviewers approve is what was submitted: nothing of the report can be changed now.
  await expect(page.getByText('This report is submitted and locked')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit report' })).toHaveCount(0);
  await shot('submitted-frozen');

  // 9. Reviewer 1 approves at level 1, reviewer 2 at level 2.
  await signInAs(page, reviewer1.username, password, reportUrl);
  await decide(page, 'Approve', 'Reference and phase added; agreed.');
  await expect(approvalPanel(page)).toContainText('Waits at level 2');
  await expect(approvalPanel(page).getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);

  await signInAs(page, reviewer2.username, password);
  await expect(page).toHaveURL(/\/approvals$/);
  // The last reviewer draws their signature once, in their menu: the PDF prints it beside the approval.
  await page.getByRole('button', { name: `Account of ${reviewer2.fullName}` }).click();
  await page.getByRole('menuitem', { name: 'My signature' }).click();
  const signing = page.getByRole('dialog', { name: 'My signature' });
  const pad = signing.getByRole('img', { name: 'Signature drawing area' });
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6);
  await page.mouse.down();
  for (const [x, y] of [
    [0.3, 0.3],
    [0.45, 0.7],
    [0.6, 0.35],
    [0.8, 0.65],
  ] as const)
    await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 6 });
  await page.mouse.up();
  await signing.getByRole('button', { name: 'Save signature' }).click();
  await expect(page.getByText('Your signature is saved')).toBeVisible();
  await expect(signing.getByRole('img', { name: 'Your current signature' })).toBeVisible();
  await shot('signature', true);
  await page.keyboard.press('Escape');
  await expect(signing).toHaveCount(0);
  const waiting = page.getByRole('row', { name: new RegExp(reportNumber) });
  await expect(waiting).toContainText(`Level 2 · ${managerPosition}`);
  await waiting.getByRole('link', { name: reportNumber }).click();
  await decide(page, 'Approve', 'Approved for the integrity record.');

  // 10. Approved and locked; the history holds the five steps, with who and the comments.
  await expect(page.getByText('This report is approved and locked')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit report' })).toHaveCount(0);
  await expect(approvalPanel(page)).toContainText('Approved at every level');
  const steps = approvalPanel(page).locator('.mantine-Timeline-item');
  await expect(steps).toHaveCount(5);
  const expected = [
    ['Submitted', inspector.fullName, null],
    ['Returned', reviewer1.fullName, reason],
    ['Submitted', inspector.fullName, null],
    ['Approved', reviewer1.fullName, 'Reference and phase added; agreed.'],
    ['Approved', reviewer2.fullName, 'Approved for the integrity record.'],
  ] as const;
  for (const [i, [action, who, comment]] of expected.entries()) {
    const step = steps.nth(i);
    await expect(step).toContainText(`${action} · ${who}`);
    if (comment) await expect(step).toContainText(comment);
  }
  await expect(steps.nth(3)).toContainText(`Level 1 · ${engineerPosition}`);
  await expect(steps.nth(4)).toContainText(`Level 2 · ${managerPosition}`);
  await shot('approved', true);
  await tabletShot('approved');

  // The report of record: one PDF of the whole inspection, with who approved it and its fingerprint.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF', exact: true }).click();
  const pdf = await readPdf(await download, `${info.project.name}-approved-report`);
  expect(pdf).toContain(reportNumber);
  expect(pdf).toContain(company);
  for (const name of [inspector.fullName, reviewer1.fullName, reviewer2.fullName])
    expect(pdf).toContain(name);
  expect(pdf).toContain('Approved for the integrity record.');
  expect(pdf).toMatch(/Page 1 of \d+/);
  expect(pdf).toMatch(/[0-9a-f]{64}/);
  expect(pdf).toContain('Approved version 1');

  // Its version: the fingerprint it was approved with, checked against the report as it is now.
  const versions = page.getByRole('region', { name: 'Approved versions' });
  await expect(versions.getByRole('article', { name: `Version 1 · Report ${reportNumber}` })).toBeVisible();
  await versions.getByRole('button', { name: 'Verify' }).click();
  await expect(versions.getByText('Every version matches what was approved')).toBeVisible();
  await shot('versions', true);

  // 11. A correction after approval is a revision, with its reason; approved again, it is version 2.
  await signInAs(page, inspector.username, password, reportUrl);
  await page.getByRole('button', { name: 'New revision' }).click();
  const revise = page.getByRole('dialog');
  await revise.getByRole('button', { name: 'New revision' }).click();
  await expect(revise.getByRole('alert')).toContainText('Say why the approved report is revised');
  const revisionReason = 'Phase R re-measured after the lens was cleaned';
  await revise.getByRole('textbox', { name: 'Why is the approved report revised?' }).fill(revisionReason);
  await revise.getByRole('button', { name: 'New revision' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${reportNumber}-R1`);
  await expect(page.getByText(`Revision 1 of report ${reportNumber}`)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: revisionReason })).toContainText(
    'Why it is revised',
  );
  const revisionUrl = page.url();
  await submit();
  for (const reviewer of [reviewer1, reviewer2]) {
    await signInAs(page, reviewer.username, password, revisionUrl);
    await decide(page, 'Approve', 'Revision checked.');
  }
  await expect(page.getByText('This report is approved and locked')).toBeVisible();
  await expect(versions.getByRole('article')).toHaveCount(2);
  await expect(
    versions.getByRole('article', { name: `Version 2 · Report ${reportNumber}-R1` }),
  ).toContainText(revisionReason);
  await shot('versions-revised', true);
  const second = page.waitForEvent('download');
  await versions.getByRole('button', { name: 'Download PDF of version 2' }).click();
  const revisedPdf = await readPdf(await second, `${info.project.name}-version-2`);
  expect(revisedPdf).toContain('Approved version 2');
  expect(revisedPdf).toContain(revisionReason);
  expect(revisedPdf).toContain(`Version 1 (${reportNumber})`);
  const first = page.waitForEvent('download');
  await versions.getByRole('button', { name: 'Download PDF of version 1' }).click();
  expect(await readPdf(await first, `${info.project.name}-version-1`)).toContain('Approved version 1');
  await page.goto(reportUrl);

  // The technique's screen is read-only now; the original, replaced by its approved revision, says so.
  await page.getByRole('link', { name: 'Open thermal analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Thermal analysis', level: 1 })).toBeVisible();
  await expect(page.getByText(`Superseded by ${reportNumber}-R1`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add measurement' })).toHaveCount(0);
  await shot('locked-technique');
});

/**
 * The reviewer's side on a tablet held upright (touch): the queue, the report with its approval panel
 * and the return dialog. The reviewer is made through the API (the journey above makes them in the
 * browser); the demo's submitted VCI report waits at its single level, which any reviewer may act on.
 */
test('a reviewer reads the queue and the approval panel on a tablet @tablet', async ({ page }, info) => {
  const run = Date.now().toString(36);
  const reviewer = { username: `rev.tab.${run}`, fullName: `Tablet Reviewer ${run}` };
  const password = `slate-ferry-${run}-lantern`;
  await createUserByApi(
    page,
    { ...reviewer, password, approvalPosition: 'Area inspection engineer' },
    'Reviewer',
  );

  await signInAs(page, reviewer.username, password);
  await expect(page).toHaveURL(/\/approvals$/);
  await expect(page.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  const queued = page.getByRole('row', { name: /RPT-VCI-2026-0007/ });
  await expect(queued).toContainText('Level 1');
  // The queue's screen is the one the journey above checks at desktop width.
  await expectAccessible(page, info, 'approvals-queue-touch', 'approvals-queue');
  if (info.project.name === 'tablet') await expectTouchTargets(page, 'approvals-queue');
  await snap(page, `${info.project.name}-approvals-queue-touch`);
  // The whole report read before opening it, as printed, from the queue's card on the tablet.
  const download = page.waitForEvent('download');
  await queued.getByRole('button', { name: 'Download PDF of RPT-VCI-2026-0007' }).click();
  const pdf = await readPdf(await download, `${info.project.name}-queued-report`);
  expect(pdf).toContain('RPT-VCI-2026-0007');
  // The inspection as the reviewer will judge it: its section, its spot and the spot's severity.
  expect(pdf).toContain('Visual crack inspection');
  expect(pdf).toMatch(/Pipe support PS-14, 6 o.clock/);
  expect(pdf).toContain('Medium');
  expect(pdf).toMatch(/Page 1 of \d+/);

  await queued.getByRole('link', { name: 'RPT-VCI-2026-0007' }).click();
  const panel = approvalPanel(page);
  await expect(panel).toContainText('Waits at level 1');
  await expect(panel.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
  await expectAccessible(page, info, 'approvals-review-touch');
  if (info.project.name === 'tablet') await expectTouchTargets(page, 'approvals-review');
  await snap(page, `${info.project.name}-approvals-review-touch`);
  await panel.getByRole('button', { name: 'Return', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /Return RPT-VCI-2026-0007/ });
  await dialog.getByRole('button', { name: 'Return', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('Say why the report is returned');
  await snap(page, `${info.project.name}-approvals-return-touch`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});
