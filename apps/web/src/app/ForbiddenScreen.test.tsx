import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { grants, serveMockApi, signedInAs } from '../api/test-server.ts';
import { ForbiddenError } from './forbidden.ts';
import { queryClient } from './query-client.ts';
import { checkRouteAccess } from './route-access.ts';
import { router } from './router.tsx';
import { theme } from './theme.ts';

serveMockApi();
afterEach(() => queryClient.clear());

/** The app's own router and shell, opened at an address as if typed. */
async function open(address: string) {
  window.history.pushState({}, '', address);
  render(
    <MantineProvider theme={theme} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  await router.navigate({ href: address });
}

const inspector = () =>
  signedInAs({
    role: 'Inspector',
    permissions: [
      ...grants(['myTask', 'workOrder', 'thermal'], ['view']),
      ...grants(['reportHeader'], ['view']),
    ],
  });

describe('a screen the role may not open', () => {
  it('says so in the shell, with the permission it needs in words and the way home', async () => {
    inspector();
    await open('/admin/users');

    expect(
      await screen.findByRole('heading', { name: 'You do not have access to this page' }, { timeout: 8000 }),
    ).toBeVisible();
    expect(screen.getByText(/needs the permission “View: Users”, which your role, Inspector/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to my start page' })).toHaveAttribute('href', '/');
    // Still in the shell: the navigation is there to go on from.
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });

  it('names the action when viewing is not enough (approving reports)', async () => {
    inspector();
    await open('/approvals');
    expect(
      await screen.findByText(/needs the permission “Approve: Reports”/, undefined, { timeout: 8000 }),
    ).toBeVisible();
  });

  it('opens a screen the role may open', async () => {
    inspector();
    await expect(checkRouteAccess({ module: 'workOrder' }, {})).resolves.toBeUndefined();
  });

  it("guards a technique's screens by the technique its address names", async () => {
    inspector();
    await expect(checkRouteAccess('technique', { slug: 'thermal' })).resolves.toBeUndefined();
    const refused = checkRouteAccess('technique', { slug: 'vci' });
    await expect(refused).rejects.toBeInstanceOf(ForbiddenError);
    await expect(refused).rejects.toMatchObject({ need: { module: 'vci', action: 'view' } });
    // An address naming no technique is the workspace's own "unknown" screen, not a refusal.
    await expect(checkRouteAccess('technique', { slug: 'nothing' })).resolves.toBeUndefined();
  });
});
