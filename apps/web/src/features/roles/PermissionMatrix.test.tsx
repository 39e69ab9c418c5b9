import type { RoleManagement, RoleWithPermissions } from '@inspectra/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { PermissionMatrix, roleModulesOf, sameGrants } from './PermissionMatrix.tsx';
import type { Grants } from './PermissionMatrix.tsx';

const actions: RoleManagement['modules'][number]['actions'] = [
  'view',
  'create',
  'update',
  'delete',
  'approve',
];
const modules: RoleManagement['modules'] = [
  { module: 'workOrder', label: 'Work orders', group: 'work', actions, planned: false },
  { module: 'user', label: 'Users', group: 'administration', actions, planned: false },
  { module: 'thermal', label: 'Thermal analysis', group: 'techniques', actions, planned: false },
  { module: 'vibration', label: 'Vibration', group: 'techniques', actions, planned: true },
];
const planner: RoleWithPermissions = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Planner',
  description: null,
  isAdministrator: false,
  userCount: 2,
  permissions: { workOrder: ['view', 'create'] },
};

/** The matrix with its ticks held as the roles page holds them. */
function Matrix(p: { role: RoleWithPermissions; onSave: (g: Grants) => Promise<unknown> }) {
  const [grants, setGrants] = useState<Grants>(p.role.permissions);
  return (
    <PermissionMatrix
      modules={modules}
      role={p.role}
      grants={grants}
      onChange={setGrants}
      dirty={!sameGrants(grants, p.role.permissions)}
      editable
      onSave={p.onSave}
    />
  );
}

describe('PermissionMatrix', () => {
  it('shows modules by group with their granted actions ticked, and saves what was changed', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<Matrix role={planner} onSave={onSave} />);
    expect(screen.getByText('Work')).toBeInTheDocument();
    expect(screen.getByText('Administration')).toBeInTheDocument();
    expect(screen.getByText('Techniques')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Create: Work orders' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Delete: Work orders' })).not.toBeChecked();
    expect(screen.queryByText('Changes not saved yet')).toBeNull();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Create: Work orders' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'View: Users' }));
    expect(screen.getByRole('status')).toHaveTextContent('Changes not saved yet');
    await userEvent.click(screen.getByRole('button', { name: 'Save permissions' }));
    expect(onSave).toHaveBeenCalledWith({ workOrder: ['view'], user: ['view'] });
  });

  it('lists a method with no screens yet as not yet available, and grants it like any other', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<Matrix role={planner} onSave={onSave} />);
    const vibration = screen.getByRole('row', { name: /Vibration/ });
    expect(vibration).toHaveTextContent('Not yet available');
    expect(screen.getByRole('row', { name: /Thermal analysis/ })).not.toHaveTextContent('Not yet available');
    expect(screen.getByText(/have no screens yet/)).toBeInTheDocument();
    await userEvent.click(within(vibration).getByRole('checkbox', { name: 'View: Vibration' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save permissions' }));
    expect(onSave).toHaveBeenCalledWith({ workOrder: ['view', 'create'], vibration: ['view'] });
  });

  it('shows the server refusal, and keeps the administrator role read-only with a note', async () => {
    const onSave = vi.fn().mockRejectedValue(new Error('boom'));
    const { unmount } = renderWithProviders(<Matrix role={planner} onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save permissions' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    unmount();

    const admin = {
      ...planner,
      name: 'Administrator',
      isAdministrator: true,
      permissions: { workOrder: ['view' as const] },
    };
    renderWithProviders(<Matrix role={admin} onSave={onSave} />);
    expect(screen.getByText(/always holds every permission/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'View: Work orders' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save permissions' })).toBeNull();
  });

  it('sends only modules that hold an action, and compares grants by what they hold', () => {
    expect(roleModulesOf({ workOrder: ['view'], user: [] })).toEqual([
      { module: 'workOrder', actions: ['view'] },
    ]);
    expect(sameGrants({ workOrder: ['view'], user: [] }, { workOrder: ['view'] })).toBe(true);
    expect(sameGrants({ workOrder: ['view'] }, { workOrder: ['view', 'create'] })).toBe(false);
  });
});
