import { expect, test } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import {
  demo,
  e2eAdmin,
  e2eDemoPassword,
  expectAccessible,
  expectTouchTargets,
  gotoWithSessionEnded,
  openNavigation,
  signIn,
  signInByApi,
  snap,
} from './fixtures.ts';

test.use({ actionTimeout: 15_000 });

/*
 * A day in the plant, one journey per role, each from the sign-in page, at desktop width and on an
 * upright tablet (@tablet): each role lands where its work is, and its screens offer only what the
 * server will accept (issue 22; docs/approvals.md "Landing by role", docs/team-plan.md).
 */

const isTablet = (page: Page) => (page.viewportSize()?.width ?? 1280) < 992;

/** Signs in as a demo user and waits for the start page the product chose. */
async function startAs(page: Page, username: string, password = e2eDemoPassword) {
  await signIn(page, password, username);
  await expect(page).not.toHaveURL(/\/auth/);
}

/**
 * Photographs the screen and checks it with axe (and finger-sized controls on a tablet). `screen`
 * names a screen another journey checks with axe too (expectAccessible).
 */
async function look(page: Page, info: TestInfo, name: string, screen = `day-${name}`) {
  const shot = `${info.project.name}-day-${name}`;
  await expectAccessible(page, info, `day-${name}`, screen);
  if (isTablet(page)) await expectTouchTargets(page, shot);
  await snap(page, shot);
}

test('every demo role lands where its work is', async ({ page }) => {
  const landings: [string, string, RegExp, string | RegExp][] = [
    ['planner', e2eDemoPassword, /\/plan$/, 'Team plan'],
    ['inspector', e2eDemoPassword, /\/my-tasks$/, 'My tasks'],
    ['contractor', e2eDemoPassword, /\/my-tasks$/, 'My tasks'],
    ['reviewer1', e2eDemoPassword, /\/approvals$/, 'Approvals'],
    ['reviewer2', e2eDemoPassword, /\/approvals$/, 'Approvals'],
    [e2eAdmin.username, e2eAdmin.password, /\/$/, /^Good to see you/],
  ];
  for (const [username, password, path, heading] of landings) {
    // One shared tablet: each user signs out before the next signs in.
    if (!page.url().endsWith('about:blank') && !/\/auth/.test(page.url())) {
      await page.getByRole('button', { name: /^Account of/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    }
    await startAs(page, username, password);
    await expect(page, username).toHaveURL(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 }), username).toBeVisible();
  }

  // A shared tablet whose session ended without a sign-out (cookies cleared): the way back to the
  // page is the last user's, so the next user starts on their own work, not on the inspector's.
  await page.getByRole('button', { name: /^Account of/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await startAs(page, 'inspector');
  await expect(page).toHaveURL(/\/my-tasks$/);
  await page.context().clearCookies();
  await gotoWithSessionEnded(page, '/my-tasks');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await startAs(page, 'reviewer1');
  await expect(page).toHaveURL(/\/approvals$/);
});

test('a planner starts on the team plan @tablet', async ({ page }, info) => {
  await startAs(page, 'planner');
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByRole('heading', { name: 'Team plan', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Workload per inspector' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Team calendar' })).toBeVisible();
  await look(page, info, 'planner-team-plan');

  // The work order names its equipment and codes as the plant does: names, with the code beside.
  await openNavigation(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Work orders' })
    .click();
  // Found by the equipment's tag; its page names the equipment as the plant does.
  await page.getByRole('textbox', { name: 'Search' }).fill('LP-3A');
  await page.getByRole('cell', { name: demo.woNumber }).click();
  await expect(page.getByRole('heading', { name: new RegExp(demo.woNumber) })).toBeVisible();
  await expect(page.getByText('LP-3A').first()).toBeVisible();
  await look(page, info, 'planner-work-order', 'light-work-order');
});

test('an inspector starts on their tasks and meets no dead ends @tablet', async ({ page }, info) => {
  await startAs(page, 'inspector');
  await expect(page).toHaveURL(/\/my-tasks$/);
  await expect(page.getByRole('heading', { name: 'My tasks', level: 1 })).toBeVisible();
  await look(page, info, 'inspector-my-tasks');

  // Reports are found by the equipment's tag, and name it as the plant does (tag · description).
  await page.goto('/reports');
  await page.getByRole('textbox', { name: 'Search' }).fill('LP-3A');
  const report = page.getByRole('row', { name: new RegExp(demo.reportNumber) });
  await expect(report).toContainText('LP-3A · LV panel LP-3A');
  await look(page, info, 'inspector-reports', 'light-reports');

  // A page the role may not open says so, with the way home, instead of a blank screen.
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to my start page' })).toBeVisible();
  await look(page, info, 'inspector-forbidden');
});

test('a reviewer starts on the approvals queue @tablet', async ({ page }, info) => {
  await startAs(page, 'reviewer1');
  await expect(page).toHaveURL(/\/approvals$/);
  await expect(page.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  await openNavigation(page);
  // The menu says how many reports wait for this reviewer (and, on a tablet, closes on a pick).
  const entry = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Approvals\s*\d+\s*waiting$/ });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page.getByRole('search', { name: 'Filter the queue' })).toBeVisible();
  const queue = page.getByRole('table', { name: 'Approvals' });
  await expect(queue.getByRole('row', { name: /RPT-VCI-2026-0007/ })).toBeVisible();
  if (isTablet(page)) {
    // Upright on a tablet each report is a card: every part of it on the screen, nothing sideways.
    await expect(queue).toHaveAttribute('data-stacked');
    const card = queue.getByRole('row', { name: /RPT-VCI-2026-0007/ });
    await expect(card).toContainText('Level 1');
    await expect(card.getByRole('link', { name: 'RPT-VCI-2026-0007' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
  }
  await look(page, info, 'reviewer-queue', 'approvals-queue');
});

test('an administrator is told what a form needs before it is sent @tablet', async ({ page }, info) => {
  await signInByApi(page, '/admin/users');
  await page.getByRole('button', { name: 'New user' }).click();
  const drawer = page.getByRole('dialog', { name: 'New user' });
  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/user-pdm')) sent += 1;
  });
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByText('Choose a role')).toBeVisible();
  await expect(drawer).not.toContainText(/roleId|UUID|invalid values/);
  expect(sent).toBe(0);
  await look(page, info, 'admin-new-user-checked');
  await drawer.getByRole('button', { name: 'Cancel' }).click();

  // Every method the product knows has its row in the permission matrix; each has its technique now.
  await page.goto('/admin/roles');
  await expect(page.getByRole('heading', { name: 'Roles and permissions', level: 1 })).toBeVisible();
  const lubeOil = page.getByRole('row', { name: /Lube oil/ });
  await expect(lubeOil).toBeVisible();
  await expect(page.getByText('Not yet available')).toHaveCount(0);
  await look(page, info, 'admin-roles', 'roles');
});
