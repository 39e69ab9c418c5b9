import type { RoleManagement, RoleWithPermissions } from '@inspectra/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { PermissionMatrix, roleModulesOf } from './PermissionMatrix.tsx';

const modules: RoleManagement['modules'] = [
  {
    module: 'workOrder',
    label: 'Work orders',
    group: 'work',
    actions: ['view', 'create', 'update', 'delete', 'approve'],
  },
  {
    module: 'user',
    label: 'Users',
    group: 'administration',
    actions: ['view', 'create', 'update', 'delete', 'approve'],
  },
  {
    module: 'thermal',
    label: 'Thermography',
    group: 'techniques',
    actions: ['view', 'create', 'update', 'delete', 'approve'],
  },
];
const planner: RoleWithPermissions = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Planner',
  description: null,
  isAdministrator: false,
  userCount: 2,
  permissions: { workOrder: ['view', 'create'] },
};

describe('PermissionMatrix', () => {
  it('shows modules by group with their granted actions ticked, and saves what was changed', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<PermissionMatrix modules={modules} role={planner} editable onSave={onSave} />);
    expect(screen.getByText('Work')).toBeInTheDocument();
    expect(screen.getByText('Administration')).toBeInTheDocument();
    expect(screen.getByText('Techniques')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Create: Work orders' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Delete: Work orders' })).not.toBeChecked();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Create: Work orders' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'View: Users' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save permissions' }));
    expect(onSave).toHaveBeenCalledWith({ workOrder: ['view'], user: ['view'] });
  });

  it('shows the server refusal, and keeps the administrator role read-only with a note', async () => {
    const onSave = vi.fn().mockRejectedValue(new Error('boom'));
    const { unmount } = renderWithProviders(
      <PermissionMatrix modules={modules} role={planner} editable onSave={onSave} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save permissions' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    unmount();

    const admin = {
      ...planner,
      name: 'Administrator',
      isAdministrator: true,
      permissions: { workOrder: ['view' as const] },
    };
    renderWithProviders(<PermissionMatrix modules={modules} role={admin} editable onSave={onSave} />);
    expect(screen.getByText(/always holds every permission/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'View: Work orders' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save permissions' })).toBeNull();
  });

  it('sends only modules that hold an action', () => {
    expect(roleModulesOf({ workOrder: ['view'], user: [] })).toEqual([
      { module: 'workOrder', actions: ['view'] },
    ]);
  });
});
