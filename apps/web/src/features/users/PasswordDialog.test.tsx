import { passwordPolicyMessage, passwordWeaknessMessages } from '@inspectra/contract';
import type { UserPdm } from '@inspectra/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, envelope, server, serveMockApi, setCookies } from '../../api/test-server.ts';
import { i18n } from '../../i18n/index.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { PasswordDialog } from './PasswordDialog.tsx';

serveMockApi();
afterEach(async () => {
  await i18n.changeLanguage('en');
});

const user = {
  id: '33333333-3333-4333-8333-333333333333',
  username: 'rina',
  fullName: 'Rina Hartono',
} as UserPdm;

/** The server's refusal of a weak password: a 400 naming the field, with the reason. */
function refuseWith(reason: string) {
  const sent: unknown[] = [];
  server.use(
    http.put(api(`/user-pdm/update-password/${user.id}`), async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(
        {
          data: null,
          statusCode: 400,
          message: `${reason} ${passwordPolicyMessage}.`,
          error: { code: 'VALIDATION_ERROR', details: [{ path: 'newPassword', message: reason }] },
        },
        { status: 400 },
      );
    }),
  );
  return sent;
}

async function submit(password: string) {
  setCookies('access-1', 'refresh-1');
  const onChanged = vi.fn();
  renderWithProviders(<PasswordDialog user={user} onClose={() => {}} onChanged={onChanged} />);
  const field = await screen.findByLabelText(/New password|Kata sandi baru/, { selector: 'input' });
  await userEvent.type(field, password);
  await userEvent.click(screen.getByRole('button', { name: /Change password|Ganti kata sandi/ }));
  return { field, onChanged };
}

describe('PasswordDialog', () => {
  it("shows the server's reason under the password field", async () => {
    const sent = refuseWith(passwordWeaknessMessages.similarToCommon);
    const { field, onChanged } = await submit('Password123!');
    // The field says why; the alert only counts, rather than repeat it in the server's English.
    expect(await screen.findByRole('alert')).toHaveTextContent('one field needs attention');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(passwordWeaknessMessages.similarToCommon),
    );
    expect(sent).toEqual([{ newPassword: 'Password123!' }]);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('shows a reason it knows in the language of the user', async () => {
    await i18n.changeLanguage('id');
    refuseWith(passwordWeaknessMessages.repeated);
    const { field } = await submit('aaaaaaaaaaaa');
    await screen.findByRole('alert');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Karakter atau pola berulang'));
  });

  it('shows an unknown reason as it is', async () => {
    refuseWith('A reason this client has never heard of');
    const { field } = await submit('some-new-password-123');
    await screen.findByRole('alert');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('A reason this client has never heard of'),
    );
  });

  it('closes once the password is accepted', async () => {
    server.use(
      http.put(api(`/user-pdm/update-password/${user.id}`), () => HttpResponse.json(envelope(user))),
    );
    const { onChanged } = await submit('violet-harbour-compass-42');
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
  });
});
