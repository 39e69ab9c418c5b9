import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  api,
  editActions,
  grants,
  onePage,
  server,
  serveMockApi,
  signedInAs,
} from '../../api/test-server.ts';
import { auditFields } from '../../test/records.fixture.ts';
import { renderWithRouter, suspended } from '../../test/render.tsx';
import { AssetMasterPage } from './AssetMasterPage.tsx';

serveMockApi();

const audit = auditFields();
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

function serveAssets() {
  signedInAs({
    username: 'planner',
    fullName: 'Budi Planner',
    role: 'Administrator',
    permissions: grants(['asset'], editActions),
  });
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(api('/asset'), ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      return HttpResponse.json(
        onePage(!query.category || query.category === pump.categoryCode ? [pump] : []),
      );
    }),
    http.get(api('/asset/categories'), () =>
      HttpResponse.json(
        onePage([
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
    // The names of the codes a page shows, read by key (`?code=`).
    http.get(api('/asset/object-types'), () =>
      HttpResponse.json(
        onePage([
          {
            ...audit,
            id: 'c1a80000-0000-4000-8000-000000000011',
            code: 'RE-PUMP',
            name: 'Centrifugal pump',
            categoryCode: 'rotating-equipment',
          },
        ]),
      ),
    ),
    http.get(api('/asset/locations'), () =>
      HttpResponse.json(
        onePage([
          {
            ...audit,
            id: 'c2a80000-0000-4000-8000-000000000011',
            code: 'CDU1-PMP',
            name: 'CDU1 pump house',
            plant: null,
          },
        ]),
      ),
    ),
    http.get(api('/asset/planner-groups'), () =>
      HttpResponse.json(
        onePage([
          {
            ...audit,
            id: 'c3a80000-0000-4000-8000-000000000011',
            code: 'PG-ROT',
            name: 'Rotating equipment team',
            plant: null,
          },
        ]),
      ),
    ),
    http.get(api('/asset/inspection-points'), () =>
      HttpResponse.json(
        onePage([
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
      '/assets': suspended(AssetMasterPage),
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
    // Codes read as the names the plant gives them, the code beside each.
    await within(row).findByText('CDU1 pump house');
    expect(row).toHaveTextContent('Rotating equipment');
    expect(row).toHaveTextContent('CDU1-PMP');
    expect(screen.getByRole('button', { name: 'Add equipment' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: /Filters/ }));
    const category = await screen.findByRole('combobox', { name: 'Category' });
    await user.click(category);
    await user.click(await screen.findByRole('option', { name: 'Rotating equipment (rotating-equipment)' }));
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
