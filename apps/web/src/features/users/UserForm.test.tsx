import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passwordWeaknessMessages } from '@inspectra/contract';
import { ApiError } from '../../api/errors.ts';
import { i18n } from '../../i18n/index.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { UserForm } from './UserForm.tsx';
import type { UserPdm } from './user-queries.ts';

const roles = [{ value: '11111111-1111-4111-8111-111111111111', label: 'Inspector' }];
const companies = [{ id: '22222222-2222-4222-8222-222222222222', contractorName: 'Acme Inspection' }];

const positions = ['Area engineer', 'Inspection superintendent'];

function renderForm(onSubmit = vi.fn().mockResolvedValue(undefined), user?: UserPdm) {
  renderWithProviders(
    <UserForm
      user={user}
      roles={roles}
      companies={companies}
      plannerGroups={[]}
      positions={positions}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return onSubmit;
}

/** What a new user needs before the form will send it. */
async function fillNewUser() {
  await userEvent.type(screen.getByRole('textbox', { name: /Username|Nama pengguna/ }), 'rina');
  await userEvent.type(screen.getByRole('textbox', { name: /Full name|Nama lengkap/ }), 'Rina Hartono');
  await userEvent.type(screen.getByLabelText(/^(Password|Kata sandi)/), 'rinahartono2024');
  await userEvent.click(screen.getByRole('combobox', { name: /Role|Peran/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'Inspector' }));
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('UserForm', () => {
  it('creates a user with the password policy shown, and sends what was entered', async () => {
    const onSubmit = renderForm();
    expect(screen.getByText(/At least 12 characters, not containing the username/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Username/ }), 'rina');
    await userEvent.type(screen.getByRole('textbox', { name: /Full name/ }), 'Rina Hartono');
    await userEvent.type(screen.getByLabelText(/^Password/), 'amber-lantern-over-river');
    await userEvent.click(screen.getByRole('combobox', { name: /Approval position/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(positions);
    await userEvent.click(screen.getByRole('option', { name: 'Area engineer' }));
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

  it('judges the values by the contract before sending: an empty role says "Choose a role"', async () => {
    const onSubmit = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /Username/ })).toHaveAccessibleDescription(
      'The username needs at least 3 characters',
    );
    expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveAccessibleDescription(
      'Enter the full name',
    );
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      expect.stringContaining('The password needs at least 12 characters'),
    );
    expect(screen.getByRole('combobox', { name: /Role/ })).toHaveAccessibleDescription('Choose a role');
    // No field code, no identifier talk, no zod English.
    expect(document.body.textContent).not.toMatch(/roleId|UUID|identifier|Invalid input/);
  });

  it('says the same in Bahasa Indonesia', async () => {
    await i18n.changeLanguage('id');
    const onSubmit = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox', { name: /Peran/ })).toHaveAccessibleDescription('Pilih peran');
    expect(screen.getByRole('textbox', { name: /Nama lengkap/ })).toHaveAccessibleDescription(
      'Masukkan nama lengkap',
    );
  });

  it('refuses a level outside 1 to 10 before sending, and shows the server message on its field', async () => {
    const onSubmit = renderForm(
      vi.fn().mockRejectedValue(
        new ApiError('The password may not contain the username', {
          status: 400,
          code: 'VALIDATION_ERROR',
          details: [{ path: 'password', message: 'The password may not contain the username' }],
        }),
      ),
    );
    await fillNewUser();
    const level = screen.getByRole('textbox', { name: /Approval level/ });
    await userEvent.type(level, '99');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(level).toHaveAccessibleDescription('At most 10');
    await userEvent.clear(level);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    // The field says why; the alert counts rather than repeat the server's summary.
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save: one field needs attention.');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      expect.stringContaining('The password may not contain the username'),
    );
  });

  it("shows the server's refusals in the user's language by their catalogue code, under their fields", async () => {
    await i18n.changeLanguage('id');
    renderForm(
      vi.fn().mockRejectedValue(
        new ApiError('The request body has 2 invalid values: roleId and email', {
          status: 400,
          code: 'VALIDATION_ERROR',
          details: [
            { path: 'roleId', message: 'roleId is required', code: 'required' },
            { path: 'email', message: 'email must be an e-mail address', code: 'email' },
          ],
        }),
      ),
    );
    await fillNewUser();
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('2 isian perlu diperiksa');
    expect(screen.getByRole('textbox', { name: /E-mail/i })).toHaveAccessibleDescription(
      'Masukkan alamat e-mail',
    );
    expect(document.body.textContent).not.toMatch(/invalid values|roleId/);
  });

  it('says what only the server knows (a username taken, one’s own role) under its field, in either language', async () => {
    const refusal = () =>
      new ApiError('The username rina is already taken', {
        status: 409,
        code: 'CONFLICT',
        details: [{ path: 'username', message: 'Already taken', code: 'taken' }],
      });
    renderForm(vi.fn().mockRejectedValue(refusal()));
    await fillNewUser();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save: one field needs attention.');
    expect(screen.getByRole('textbox', { name: /Username/ })).toHaveAccessibleDescription('Already taken');
    cleanup();

    await i18n.changeLanguage('id');
    renderForm(vi.fn().mockRejectedValue(refusal()));
    await fillNewUser();
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Gagal menyimpan: 1 isian perlu diperiksa.');
    expect(screen.getByRole('textbox', { name: /Nama pengguna/ })).toHaveAccessibleDescription(
      'Sudah dipakai',
    );
    expect(document.body.textContent).not.toMatch(/already taken/i);
  });

  it('shows a refusal of no shown field (changed since opened, an administrator) in the user’s words', async () => {
    await i18n.changeLanguage('id');
    renderForm(
      vi.fn().mockRejectedValue(
        new ApiError('You cannot change your own role', {
          status: 403,
          code: 'FORBIDDEN',
          details: [
            { path: 'roleId', message: 'You cannot change this on your own account', code: 'ownAccount' },
            {
              path: 'updatedAt',
              message: 'Someone else changed this since you opened it: reload and try again',
              code: 'changedSinceRead',
            },
          ],
        }),
      ),
    );
    await fillNewUser();
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Orang lain telah mengubah data ini sejak Anda membukanya: muat ulang lalu coba lagi',
    );
    expect(screen.getByRole('combobox', { name: /Peran/ })).toHaveAccessibleDescription(
      'Anda tidak dapat mengubah ini pada akun Anda sendiri',
    );
    expect(document.body.textContent).not.toMatch(/roleId|updatedAt|You cannot/);
  });

  it("shows the server's reason for refusing the password under the password field", async () => {
    const reason = passwordWeaknessMessages.personal;
    renderForm(
      vi.fn().mockRejectedValue(
        new ApiError(reason, {
          status: 400,
          code: 'VALIDATION_ERROR',
          details: [{ path: 'password', message: reason }],
        }),
      ),
    );
    await fillNewUser();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(expect.stringContaining(reason));
  });

  it('offers the position a user holds even when the list lacks it, and shows a refusal on the field', async () => {
    const held = {
      id: '33333333-3333-4333-8333-333333333333',
      username: 'budi',
      fullName: 'Budi Santoso',
      email: null,
      employeeNumber: null,
      phoneNumber: null,
      roleId: roles[0]!.value,
      roleName: 'Inspector',
      isAdministrator: false,
      contractorCompanyId: null,
      contractorName: null,
      approvalPosition: 'Plant manager',
      approvalLevel: 3,
      plannerGroups: [],
      isActive: true,
      passwordChangedAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    } satisfies UserPdm;
    const onSubmit = renderForm(
      vi.fn().mockRejectedValue(
        new ApiError('No approval position has this name', {
          status: 400,
          code: 'VALIDATION_ERROR',
          details: [{ path: 'approvalPosition', message: 'No approval position has this name' }],
        }),
      ),
      held,
    );
    const position = screen.getByRole('combobox', { name: /Approval position/ });
    expect(position).toHaveValue('Plant manager');
    await userEvent.click(position);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Plant manager', ...positions]);
    await userEvent.click(screen.getByRole('option', { name: 'Inspection superintendent' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ approvalPosition: 'Inspection superintendent' }),
    );
    expect(await screen.findByText('No approval position has this name')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('one field needs attention');
  });
});
