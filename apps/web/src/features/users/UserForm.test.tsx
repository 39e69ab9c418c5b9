import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { UserForm } from './UserForm.tsx';

const roles = [{ value: '11111111-1111-4111-8111-111111111111', label: 'Inspector' }];
const companies = [{ id: '22222222-2222-4222-8222-222222222222', contractorName: 'Acme Inspection' }];

function renderForm(onSubmit = vi.fn().mockResolvedValue(undefined)) {
  renderWithProviders(
    <UserForm
      roles={roles}
      companies={companies}
      plannerGroups={[]}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return onSubmit;
}

describe('UserForm', () => {
  it('creates a user with the password policy shown, and sends what was entered', async () => {
    const onSubmit = renderForm();
    expect(screen.getByText(/At least 12 characters, not containing the username/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Username/ }), 'rina');
    await userEvent.type(screen.getByRole('textbox', { name: /Full name/ }), 'Rina Hartono');
    await userEvent.type(screen.getByLabelText(/^Password/), 'amber-lantern-over-river');
    await userEvent.type(screen.getByRole('textbox', { name: /Approval position/ }), 'Area engineer');
    await userEvent.click(screen.getByRole('combobox', { name: /Role/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Inspector' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        username: 'rina',
        fullName: 'Rina Hartono',
        password: 'amber-lantern-over-river',
        roleId: roles[0]!.value,
        approvalPosition: 'Area engineer',
        contractorCompanyId: null,
      }),
    );
  });

  it('refuses a level outside 1 to 10 before sending, and shows the server message and field errors', async () => {
    const onSubmit = renderForm(
      vi.fn().mockRejectedValue(
        new ApiError('The password may not contain the username', {
          status: 400,
          code: 'VALIDATION_ERROR',
          details: [{ path: 'password', message: 'The password may not contain the username' }],
        }),
      ),
    );
    const level = screen.getByRole('textbox', { name: /Approval level/ });
    await userEvent.type(level, '99');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('approvalLevel is at most 10')).toBeInTheDocument();
    await userEvent.clear(level);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('alert')).toHaveTextContent('may not contain the username');
    expect(screen.getAllByText('The password may not contain the username').length).toBeGreaterThan(1);
  });
});
