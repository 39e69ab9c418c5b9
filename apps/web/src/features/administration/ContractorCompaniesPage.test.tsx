import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import {
  api,
  editActions,
  envelope,
  grants,
  onePage,
  server,
  serveMockApi,
  signedInAs,
} from '../../api/test-server.ts';
import { i18n } from '../../i18n/index.ts';
import { auditFields } from '../../test/records.fixture.ts';
import { renderWithRouter, suspended } from '../../test/render.tsx';
import { ContractorCompaniesPage } from './ContractorCompaniesPage.tsx';

serveMockApi();

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const company = {
  ...auditFields(),
  id: 'c0000000-0000-4000-8000-000000000001',
  contractorName: 'PT Inspeksi Nusantara',
  contactPerson: 'Budi',
  contactEmail: null,
  phoneNumber: null,
  address: null,
  isActive: true,
  companyLogo: null,
};

/** A file that starts as a PNG does (the form judges files by their first bytes). */
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], 'logo.png', {
    type: 'image/png',
  });

describe('ContractorCompaniesPage', () => {
  it('lists the companies and adds one with its logo as a multipart form', async () => {
    signedInAs({
      username: 'admin',
      fullName: 'Ani Admin',
      role: 'Administrator',
      permissions: grants(['contractorCompany'], editActions),
    });
    const sent: Record<string, FormDataEntryValue>[] = [];
    server.use(
      http.get(api('/contractor-company'), () => HttpResponse.json(onePage([company]))),
      http.post(api('/contractor-company'), async ({ request }) => {
        sent.push(Object.fromEntries(await request.formData()));
        return HttpResponse.json(envelope({ ...company, id: 'c0000000-0000-4000-8000-000000000002' }), {
          status: 201,
        });
      }),
    );
    const user = userEvent.setup();
    renderWithRouter(
      {
        '/admin/companies': suspended(ContractorCompaniesPage),
      },
      '/admin/companies',
    );

    expect(await screen.findByRole('heading', { name: 'Contractor companies', level: 1 })).toBeVisible();
    expect(await screen.findByRole('row', { name: /PT Inspeksi Nusantara/ })).toHaveTextContent('Budi');

    await user.click(screen.getByRole('button', { name: 'Add company' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Company name/ }), 'PT Baru');
    const picker = dialog.querySelector<HTMLInputElement>('input[type=file]:not([capture])')!;
    await user.upload(picker, png());
    await user.click(within(dialog).getByRole('button', { name: 'Add company' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.contractorName).toBe('PT Baru');
    // The part is a file (of the fetch implementation's own File class): its type says it is the logo.
    expect(sent[0]!.companyLogo).toMatchObject({ type: 'image/png' });
  });

  it.each([
    ['en', /Contact email/, /Phone number/, 'Enter an e-mail address', 'Enter a telephone number'],
    ['id', /Email kontak/, /Nomor telepon/, 'Masukkan alamat e-mail', 'Masukkan nomor telepon'],
  ] as const)(
    'says under the field, before sending, that an e-mail address or telephone number is not one (%s)',
    async (language, emailLabel, phoneLabel, emailMessage, phoneMessage) => {
      await i18n.changeLanguage(language);
      signedInAs({
        username: 'admin',
        fullName: 'Ani Admin',
        role: 'Administrator',
        permissions: grants(['contractorCompany'], editActions),
      });
      let sent = 0;
      server.use(
        http.get(api('/contractor-company'), () => HttpResponse.json(onePage([company]))),
        http.post(api('/contractor-company'), () => {
          sent++;
          return HttpResponse.json(envelope(company), { status: 201 });
        }),
      );
      const user = userEvent.setup();
      renderWithRouter({ '/admin/companies': suspended(ContractorCompaniesPage) }, '/admin/companies');
      await screen.findByRole('row', { name: /PT Inspeksi Nusantara/ });
      await user.click(screen.getByRole('button', { name: /Add company|Tambah perusahaan/ }));
      const dialog = await screen.findByRole('dialog');
      await user.type(
        within(dialog).getByRole('textbox', { name: /Company name|Nama perusahaan/ }),
        'PT Baru',
      );
      const email = within(dialog).getByLabelText(emailLabel);
      const phone = within(dialog).getByLabelText(phoneLabel);
      expect(email).toHaveAttribute('type', 'email');
      expect(phone).toHaveAttribute('type', 'tel');
      await user.type(email, 'not-an-email');
      await user.type(phone, 'call me');
      await user.click(within(dialog).getByRole('button', { name: /Add company|Tambah perusahaan/ }));
      expect(await within(dialog).findByText(emailMessage)).toBeVisible();
      expect(within(dialog).getByText(new RegExp(`^${phoneMessage}`))).toBeVisible();
      expect(email).toHaveAccessibleDescription(new RegExp(emailMessage));
      expect(sent).toBe(0);
    },
  );
});
