import { expect, test } from '@playwright/test';
import { expectAccessible, signInByApi, snap } from './fixtures.ts';

test.use({ actionTimeout: 15_000 });

/**
 * An administrator runs users and roles from the browser: creates a user, is told why a weak password
 * is refused, sets a good one, deactivates the user; gives a role a permission in the matrix.
 */
test('an administrator manages users and role permissions', async ({ page }, info) => {
  await signInByApi(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByText('Administration')).toBeVisible();
  await nav.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();

  await page.getByRole('button', { name: 'New user' }).click();
  const drawer = page.getByRole('dialog', { name: 'New user' });
  await drawer.getByRole('textbox', { name: 'Username' }).fill('rina.e2e');
  await drawer.getByRole('textbox', { name: 'Full name' }).fill('Rina Hartono');
  await drawer.getByRole('textbox', { name: 'Password' }).fill('amber-lantern-over-river');
  // A position of the list (the demo's).
  await drawer.getByRole('combobox', { name: 'Approval position' }).click();
  await page.getByRole('option', { name: 'Area inspection engineer' }).click();
  await drawer.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Reviewer' }).click();
  await snap(page, 'admin-user-form');
  await drawer.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row', { name: /Rina Hartono/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Reviewer');
  await snap(page, 'admin-users');
  await expectAccessible(page, info, 'users');

  await row.getByRole('button', { name: /Actions/ }).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: /New password for Rina Hartono/ });
  await dialog.getByRole('textbox', { name: 'New password' }).fill('password1234');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  // The field says why; the alert above only counts what needs attention.
  await expect(dialog.getByRole('textbox', { name: 'New password' })).toHaveAccessibleDescription(
    /commonly used password/,
  );
  await snap(page, 'admin-password-refused');
  await dialog.getByRole('textbox', { name: 'New password' }).fill('violet-harbour-compass-42');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeHidden();

  await row.getByRole('button', { name: /Actions/ }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(row).toContainText('Inactive');

  await nav.getByRole('link', { name: 'Roles' }).click();
  await expect(page.getByRole('heading', { name: 'Roles and permissions' })).toBeVisible();
  await expect(page.getByText(/always holds every permission/)).toBeVisible();
  await page.getByRole('button', { name: /^Viewer/ }).click();
  const grant = page.getByRole('checkbox', { name: 'Approve: Reports' });
  await expect(grant).not.toBeChecked();
  await grant.check();
  await page.getByRole('button', { name: 'Save permissions' }).click();
  await expect(page.getByText('Permissions of Viewer saved')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: /^Viewer/ }).click();
  await expect(page.getByRole('checkbox', { name: 'Approve: Reports' })).toBeChecked();
  await snap(page, 'admin-roles');
  await expectAccessible(page, info, 'roles');
});
