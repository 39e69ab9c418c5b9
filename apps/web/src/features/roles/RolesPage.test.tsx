import type { RoleManagement, RoleWithPermissions } from '@inspectra/contract';
import { ModalsProvider } from '@mantine/modals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import {
  api,
  editActions,
  envelope,
  grants,
  server,
  serveMockApi,
  signedInAs,
} from '../../api/test-server.ts';
import { i18n } from '../../i18n/index.ts';
import { renderWithRouter, suspended } from '../../test/render.tsx';
import { RolesPage } from './RolesPage.tsx';

serveMockApi();

const actions: RoleManagement['modules'][number]['actions'] = [
  'view',
  'create',
  'update',
  'delete',
  'approve',
];
const role = (id: string, name: string, permissions: RoleWithPermissions['permissions']) => ({
  id,
  name,
  description: null,
  isAdministrator: false,
  userCount: 1,
  permissions,
});

/** Two roles and the matrix's modules; saving a role stores what was sent. */
function serveRoles() {
  signedInAs({ role: 'Administrator', permissions: grants(['role'], editActions) });
  let roles = [
    role('11111111-1111-4111-8111-111111111111', 'Inspector', { workOrder: ['view'] }),
    role('22222222-2222-4222-8222-222222222222', 'Planner', { workOrder: ['view', 'create'] }),
  ];
  const saved: unknown[] = [];
  server.use(
    http.get(api('/roles/role-management'), () =>
      HttpResponse.json(
        envelope({
          modules: [{ module: 'workOrder', label: 'Work orders', group: 'work', actions, planned: false }],
          roles,
        }),
      ),
    ),
    http.post(api('/roles/role-module'), async ({ request }) => {
      const body = (await request.json()) as {
        roleId: string;
        modules: { module: string; actions: string[] }[];
      };
      saved.push(body);
      const permissions = Object.fromEntries(body.modules.map((m) => [m.module, m.actions]));
      roles = roles.map((r) => (r.id === body.roleId ? { ...r, permissions } : r)) as typeof roles;
      return HttpResponse.json(envelope(roles.find((r) => r.id === body.roleId)));
    }),
  );
  return saved;
}

function renderPage() {
  return renderWithRouter(
    {
      '/admin/roles': suspended(() => (
        <ModalsProvider>
          <RolesPage />
        </ModalsProvider>
      )),
      '/': () => <h1>Home</h1>,
    },
    '/admin/roles',
  );
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const tick = (name: string) => screen.findByRole('checkbox', { name }, { timeout: 5000 });

describe('RolesPage', () => {
  it('asks before opening another role over unsaved ticks, and keeps them when the user stays', async () => {
    serveRoles();
    const user = userEvent.setup();
    renderPage();

    await user.click(await tick('Create: Work orders'));
    await user.click(screen.getByRole('button', { name: /Planner/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes to Inspector?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: /Inspector/ })).toHaveAttribute('aria-current', 'true');
    expect(await tick('Create: Work orders')).toBeChecked();

    // Discarding opens the other role with its own saved ticks; the first role's are gone.
    await user.click(screen.getByRole('button', { name: /Planner/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard unsaved changes to Inspector?' })).getByRole(
        'button',
        { name: 'Discard changes' },
      ),
    );
    expect(screen.getByRole('button', { name: /Planner/ })).toHaveAttribute('aria-current', 'true');
    expect(await tick('Create: Work orders')).toBeChecked();
    await user.click(screen.getByRole('button', { name: /Inspector/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await tick('Create: Work orders')).not.toBeChecked();
  });

  it('opens another role without asking once the ticks are saved', async () => {
    const saved = serveRoles();
    const user = userEvent.setup();
    renderPage();

    await user.click(await tick('Delete: Work orders'));
    await user.click(screen.getByRole('button', { name: 'Save permissions' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ modules: [{ module: 'workOrder', actions: ['view', 'delete'] }] });
    await waitFor(() => expect(screen.queryByText('Changes not saved yet')).toBeNull());
    await user.click(screen.getByRole('button', { name: /Planner/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: /Planner/ })).toHaveAttribute('aria-current', 'true');
  });

  it('judges a new role’s name before sending, and shows a name taken under it, in the user’s language', async () => {
    serveRoles();
    const created: unknown[] = [];
    server.use(
      http.post(api('/roles/role-module'), async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json(
          {
            data: null,
            statusCode: 409,
            message: 'A role named Inspector already exists',
            error: { code: 'CONFLICT', details: [{ path: 'name', message: 'Already taken', code: 'taken' }] },
          },
          { status: 409 },
        );
      }),
    );
    await i18n.changeLanguage('id');
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Peran baru' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Peran baru' });
    const name = within(dialog).getByRole('textbox', { name: /Nama/ });
    await user.click(within(dialog).getByRole('button', { name: 'Peran baru' }));
    expect(created).toEqual([]);
    expect(name).toHaveAccessibleDescription('Masukkan nama peran');

    await user.type(name, 'Inspector');
    expect(name).not.toHaveAccessibleDescription('Masukkan nama peran');
    await user.click(within(dialog).getByRole('button', { name: 'Peran baru' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ name: 'Inspector', modules: [] });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Sudah dipakai'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Gagal menyimpan: 1 isian perlu diperiksa.');
    expect(dialog.textContent).not.toMatch(/already exists|Already taken/);
    await i18n.changeLanguage('en');
  });

  it('says a refused save of the matrix in the user’s words, not the server’s English', async () => {
    serveRoles();
    server.use(
      http.post(api('/roles/role-module'), () =>
        HttpResponse.json(
          {
            data: null,
            statusCode: 403,
            message:
              'You may not change role Inspector: it holds permissions your role does not (workOrder.view)',
            error: {
              code: 'FORBIDDEN',
              details: [
                {
                  path: 'modules',
                  message: 'This role holds permissions your own role does not (1)',
                  code: 'roleHoldsMore',
                  params: { count: 1 },
                },
              ],
            },
          },
          { status: 403 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await tick('Delete: Work orders'));
    await act(async () => {
      await i18n.changeLanguage('id');
    });
    await user.click(screen.getByRole('button', { name: 'Simpan hak akses' }));
    expect(
      await screen.findByText('Peran ini memiliki izin yang tidak dimiliki peran Anda (1)'),
    ).toBeVisible();
    expect(document.body.textContent).not.toMatch(/workOrder\.view|You may not/);
    await i18n.changeLanguage('en');
  });

  it('asks before leaving the page with unsaved ticks', async () => {
    serveRoles();
    const user = userEvent.setup();
    const { router } = renderPage();

    await user.click(await tick('Create: Work orders'));
    act(() => void router.navigate({ to: '/' as never }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(await tick('Create: Work orders')).toBeChecked();
    expect(screen.queryByRole('heading', { name: 'Home' })).toBeNull();
  });
});
