import { expect, test } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';
import { createUserByApi, signIn, snap } from './fixtures.ts';

/**
 * Signing out ends the session on the server, not only in this browser: a shared plant tablet can be
 * handed over, and tokens copied from it before sign-out are worth nothing afterwards.
 */

async function tokensOf(context: BrowserContext) {
  const cookies = await context.cookies();
  const value = (name: string) => decodeURIComponent(cookies.find((c) => c.name === name)?.value ?? '');
  return { accessToken: value('access_token'), refreshToken: value('refresh_token') };
}

async function signedIn(page: Page, user?: { username: string; password: string }) {
  await (user ? signIn(page, user.password, user.username) : signIn(page));
  await expect(page).not.toHaveURL(/\/auth/);
  await expect(page.getByRole('button', { name: /^Account of / })).toBeVisible();
}

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /^Account of / }).click();
}

test('@tablet signing out ends the session on the server: the old tokens no longer work', async ({
  page,
  context,
}, info) => {
  await signedIn(page);
  const before = await tokensOf(context);
  expect(before.refreshToken).not.toBe('');
  expect(before.accessToken).not.toBe('');
  // The tokens work before sign-out (the control for what follows).
  const profileBefore = await page.request.get('/api/auth/profile', {
    headers: { authorization: `Bearer ${before.accessToken}` },
  });
  expect(profileBefore.status()).toBe(200);

  await openUserMenu(page);
  const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  expect((await loggedOut).status()).toBe(200);
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await tokensOf(context)).toEqual({ accessToken: '', refreshToken: '' });
  await snap(page, `${info.project.name}-session-signed-out`);

  // The refresh token read from the cookie before signing out is refused…
  const refreshed = await page.request.post('/api/auth/refresh', {
    data: { refreshToken: before.refreshToken },
  });
  expect(refreshed.status()).toBe(401);
  // …and the access token stops reading the profile within the minute (here: at once).
  await expect
    .poll(
      async () =>
        (
          await page.request.get('/api/auth/profile', {
            headers: { authorization: `Bearer ${before.accessToken}` },
          })
        ).status(),
      { timeout: 60_000 },
    )
    .toBe(401);

  // Handing the tablet over: going back shows the sign-in page, not the last user's screen.
  await page.goBack();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

/**
 * A user of the journey's own, made through the API: signing the administrator out everywhere would
 * end the sessions of the journeys running beside this one.
 */
async function ownUser(page: Page) {
  const run = Date.now().toString(36);
  const user = { username: `everywhere.${run}`, password: `granite-ladder-${run}-meadow` };
  await createUserByApi(page, { ...user, fullName: `Signs Out Everywhere ${run}` }, 'Reviewer');
  return user;
}

test('signing out of all devices ends the sessions of the other devices too', async ({
  page,
  browser,
}, info) => {
  const user = await ownUser(page);
  const otherDevice = await browser.newContext();
  const otherPage = await otherDevice.newPage();
  try {
    await signedIn(otherPage, user);
    const other = await tokensOf(otherDevice);
    await signedIn(page, user);

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Sign out of all devices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out of all devices?' });
    await expect(dialog).toBeVisible();
    await snap(page, `${info.project.name}-session-sign-out-everywhere`);
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/auth/);

    // The other device's tokens are dead, and its next visit lands on the sign-in page.
    expect(
      (
        await otherPage.request.post('/api/auth/refresh', { data: { refreshToken: other.refreshToken } })
      ).status(),
    ).toBe(401);
    expect(
      (
        await otherPage.request.get('/api/auth/profile', {
          headers: { authorization: `Bearer ${other.accessToken}` },
        })
      ).status(),
    ).toBe(401);
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/auth/);
  } finally {
    await otherDevice.close();
  }
});
