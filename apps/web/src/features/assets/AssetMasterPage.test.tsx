import type { Profile } from '@inspectra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { accessTokenFor, api, envelope, server, serveMockApi, setCookies } from '../../api/test-server.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { AssetMasterPage } from './AssetMasterPage.tsx';

serveMockApi();

const userId = '6f1e1a8e-0c2b-4d3c-8a57-2f5b3c9d7e11';
const profile: Profile = {
  id: userId,
  username: 'planner',
  fullName: 'Budi Planner',
  email: null,
  role: { id: '1b0f2a3c-4d5e-4f60-8a7b-9c0d1e2f3a4c', name: 'Administrator' },
  permissions: (['view', 'create', 'update', 'delete'] as const).map((action) => ({
    module: 'asset',
    action,
  })),
};
const audit = {
  version: 1,
  createdAt: '2026-03-01T02:00:00Z',
  updatedAt: '2026-03-01T02:00:00Z',
  createdBy: userId,
  updatedBy: userId,
  warnings: [],
};
const pump = {
  ...audit,
  id: 'e0000000-0000-4000-8000-000000000011',
  equipmentNo: '10001001',
  tagNumber: 'P-101A',
  description: 'Crude charge pump (running)',
  categoryCode: 'rotating-equipment',
  objectTypeCode: 'RE-PUMP',
  locationCode: 'CDU1-PMP',
  plannerGroupCode: 'PG-ROT',
  manufacturer: 'Flowserve',
  yearInstalled: 1994,
};
const page = (data: unknown[]) => ({
  ...envelope(data),
  meta: { pageNumber: 1, pageSize: 10, totalCount: data.length, totalPages: 1, totalCountExact: true },
});

function serveAssets() {
  setCookies(accessTokenFor(userId), 'refresh');
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(api('/auth/profile'), () => HttpResponse.json(envelope(profile))),
    http.get(api('/asset'), ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      return HttpResponse.json(page(!query.category || query.category === pump.categoryCode ? [pump] : []));
    }),
    http.get(api('/asset/categories'), () =>
      HttpResponse.json(
        page([
          {
            ...audit,
            id: 'c0a80000-0000-4000-8000-000000000011',
            code: 'pipe',
            name: 'Pipe',
            description: null,
          },
          {
            ...audit,
            id: 'c0a80000-0000-4000-8000-000000000012',
            code: 'rotating-equipment',
            name: 'Rotating equipment',
            description: null,
          },
        ]),
      ),
    ),
    http.get(api('/asset/inspection-points'), () =>
      HttpResponse.json(
        page([
          {
            ...audit,
            id: 'f0000000-0000-4000-8000-000000000011',
            equipmentId: pump.id,
            pointCode: 'DE-H',
            description: 'Drive-end bearing, horizontal',
          },
        ]),
      ),
    ),
  );
  return queries;
}

function renderPage() {
  return renderWithRouter(
    {
      '/assets': () => (
        <Suspense fallback="loading">
          <AssetMasterPage />
        </Suspense>
      ),
    },
    '/assets',
  );
}

describe('AssetMasterPage', () => {
  it('lists equipment with its codes, filters by a category picked by name, and shows its inspection points', async () => {
    const queries = serveAssets();
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Asset master', level: 1 })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Equipment', selected: true })).toBeVisible();
    const row = await screen.findByRole('row', { name: /P-101A/ });
    expect(row).toHaveTextContent('rotating-equipment');
    expect(screen.getByRole('button', { name: 'Add equipment' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: /Filters/ }));
    const category = await screen.findByRole('combobox', { name: 'Category' });
    await user.click(category);
    await user.click(await screen.findByRole('option', { name: 'rotating-equipment · Rotating equipment' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ category: 'rotating-equipment' }));

    await user.click(within(row).getAllByRole('cell')[0]!);
    await user.click(await screen.findByRole('button', { name: 'Inspection points' }));
    const dialog = await screen.findByRole('dialog', { name: /Inspection points of P-101A/ });
    expect(await within(dialog).findByRole('row', { name: /DE-H/ })).toBeVisible();
  });

  it('offers a tab per master list', async () => {
    serveAssets();
    renderPage();
    for (const name of ['Equipment', 'Categories', 'Object types', 'Planner groups', 'Locations'])
      expect(await screen.findByRole('tab', { name })).toBeVisible();
  });
});
