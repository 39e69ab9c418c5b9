import type { Profile } from '@inspectra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { accessTokenFor, api, envelope, server, serveMockApi, setCookies } from '../../api/test-server.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { ContractorCompaniesPage } from './ContractorCompaniesPage.tsx';

serveMockApi();

const userId = '6f1e1a8e-0c2b-4d3c-8a57-2f5b3c9d7e11';
const profile: Profile = {
  id: userId,
  username: 'admin',
  fullName: 'Ani Admin',
  email: null,
  role: { id: '1b0f2a3c-4d5e-4f60-8a7b-9c0d1e2f3a4c', name: 'Administrator' },
  permissions: (['view', 'create', 'update', 'delete'] as const).map((action) => ({
    module: 'contractorCompany',
    action,
  })),
  company: null,
};
const company = {
  id: 'c0000000-0000-4000-8000-000000000001',
  version: 1,
  createdAt: '2026-03-01T02:00:00Z',
  updatedAt: '2026-03-01T02:00:00Z',
  createdBy: userId,
  updatedBy: userId,
  warnings: [],
  contractorName: 'PT Inspeksi Nusantara',
  contactPerson: 'Budi',
  contactEmail: null,
  phoneNumber: null,
  address: null,
  isActive: true,
  companyLogo: null,
};
const page = (data: unknown[]) => ({
  ...envelope(data),
  meta: { pageNumber: 1, pageSize: 10, totalCount: data.length, totalPages: 1, totalCountExact: true },
});

/** A file that starts as a PNG does (the form judges files by their first bytes). */
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], 'logo.png', {
    type: 'image/png',
  });

describe('ContractorCompaniesPage', () => {
  it('lists the companies and adds one with its logo as a multipart form', async () => {
    setCookies(accessTokenFor(userId), 'refresh');
    const sent: Record<string, FormDataEntryValue>[] = [];
    server.use(
      http.get(api('/auth/profile'), () => HttpResponse.json(envelope(profile))),
      http.get(api('/contractor-company'), () => HttpResponse.json(page([company]))),
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
        '/admin/companies': () => (
          <Suspense fallback="loading">
            <ContractorCompaniesPage />
          </Suspense>
        ),
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
});
