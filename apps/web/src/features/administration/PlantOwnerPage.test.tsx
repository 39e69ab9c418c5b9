import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import {
  api,
  editActions,
  envelope,
  grants,
  server,
  serveMockApi,
  signedInAs,
} from '../../api/test-server.ts';
import { auditFields } from '../../test/records.fixture.ts';
import { renderWithRouter, suspended } from '../../test/render.tsx';
import { PlantOwnerPage } from './PlantOwnerPage.tsx';

serveMockApi();

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const owner = {
  ...auditFields(),
  id: 'd0000000-0000-4000-8000-000000000001',
  ownerName: 'PT Kilang Nusantara Energi',
  address: 'Jl. Jenderal Gatot Subroto Kav. 42',
  city: 'Jakarta',
  region: 'DKI Jakarta',
  ownerLogo: null,
};

/** A file that starts as a PNG does (the form judges files by their first bytes). */
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], 'logo.png', {
    type: 'image/png',
  });

const administrator = () =>
  signedInAs({
    username: 'admin',
    fullName: 'Ani Admin',
    role: 'Administrator',
    permissions: grants(['plantOwner'], editActions),
  });

const open = () =>
  renderWithRouter({ '/admin/plant-owner': suspended(PlantOwnerPage) }, '/admin/plant-owner');

describe('PlantOwnerPage', () => {
  it('sets the plant owner the first time, with its logo, as a multipart form', async () => {
    administrator();
    const sent: Record<string, FormDataEntryValue>[] = [];
    server.use(
      http.get(api('/plant-owner'), () => HttpResponse.json(envelope(null))),
      http.post(api('/plant-owner'), async ({ request }) => {
        sent.push(Object.fromEntries(await request.formData()));
        return HttpResponse.json(envelope(owner), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('heading', { name: 'Plant owner', level: 1 })).toBeVisible();
    expect(await screen.findByText('Not set yet')).toBeVisible();
    // Pasted rather than typed key by key: what is checked is what is sent, not the keyboard.
    for (const [name, value] of [
      [/Owner name/, owner.ownerName],
      [/^City/, owner.city],
      [/Region or province/, owner.region],
    ] as const) {
      await user.click(screen.getByRole('textbox', { name }));
      await user.paste(value);
    }
    await user.upload(document.querySelector<HTMLInputElement>('input[type=file]:not([capture])')!, png());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ ownerName: owner.ownerName, city: 'Jakarta', region: 'DKI Jakarta' });
    expect(sent[0]!.ownerLogo).toMatchObject({ type: 'image/png' });
  });

  it('updates the one record once it is set', async () => {
    administrator();
    const sent: Record<string, FormDataEntryValue>[] = [];
    server.use(
      http.get(api('/plant-owner'), () => HttpResponse.json(envelope(owner))),
      http.put(api(`/plant-owner/${owner.id}`), async ({ request }) => {
        sent.push(Object.fromEntries(await request.formData()));
        return HttpResponse.json(envelope({ ...owner, city: 'Jakarta Selatan', version: 2 }));
      }),
    );
    const user = userEvent.setup();
    open();
    const city = await screen.findByRole('textbox', { name: /^City/ });
    expect(city).toHaveValue('Jakarta');
    expect(screen.queryByText('Not set yet')).toBeNull();
    await user.clear(city);
    await user.click(city);
    await user.paste('Jakarta Selatan');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.city).toBe('Jakarta Selatan');
    expect((await screen.findAllByText('Plant owner saved'))[0]).toBeVisible();
  });

  it('shows the owner read-only to a role that may only view it, in Bahasa Indonesia too', async () => {
    signedInAs({
      username: 'viewer',
      fullName: 'Vera Viewer',
      role: 'Viewer',
      permissions: grants(['plantOwner'], ['view']),
    });
    await i18n.changeLanguage('id');
    server.use(http.get(api('/plant-owner'), () => HttpResponse.json(envelope(owner))));
    open();
    expect(await screen.findByRole('heading', { name: 'Pemilik kilang', level: 1 })).toBeVisible();
    expect(await screen.findByText(owner.ownerName)).toBeVisible();
    expect(screen.getByText('Nama pemilik')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Simpan' })).toBeNull();
  });
});
