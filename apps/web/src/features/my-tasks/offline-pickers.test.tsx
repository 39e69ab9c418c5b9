import { defineEntity, f, reportHeader } from '@inspectra/contract';
import type { EntityDefinition, TechniqueDefinition } from '@inspectra/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { api, envelope, server, serveMockApi } from '../../api/test-server.ts';
import { FieldInput } from '../../engine/FieldInput.tsx';
import { renderWithProviders, testQueryClient } from '../../test/render.tsx';
import { allTechniques } from '../techniques/technique-routes.ts';
import { techniqueQueries } from '../techniques/technique-queries.ts';
import type { WorkspaceScope } from '../techniques/technique-queries.ts';
import { takePickersAlong } from './offline-pickers.ts';

serveMockApi();
afterEach(() => act(() => onlineManager.setOnline(true)));

/** A kind of row that picks what it names: equipment (narrowed by its category), a category, a method. */
const instrumentCheck = defineEntity('instrumentCheck', {
  label: 'Instrument check',
  module: 'thermal',
  fields: {
    thermalAnalysisId: f.ref('thermalAnalysis', { label: 'Thermal analysis', required: true }),
    equipmentNo: f.text({
      label: 'Equipment',
      maxLength: 60,
      references: 'equipment',
      referenceMatches: { equipmentCategory: 'categoryCode' },
    }),
    equipmentCategory: f.text({ label: 'Category', maxLength: 60, references: 'equipmentCategory' }),
    inspectionMethod: f.text({ label: 'Method', maxLength: 60, references: 'inspectionMethod' }),
    note: f.text(),
  },
  parent: 'thermalAnalysisId',
});

const thermal = allTechniques.find((t) => t.module === 'thermal')!;
/** Thermal with these rows: the engine reads the pickers from the declaration, whichever it is. */
const technique = {
  ...thermal,
  workspace: { ...thermal.workspace!, rows: instrumentCheck, lists: [] },
} as TechniqueDefinition;
const scope: WorkspaceScope = {
  technique,
  reportId: 'r0a80000-0000-4000-8000-000000000001',
  variant: undefined,
};
const inspectionId = 'a0a80000-0000-4000-8000-000000000001';

const equipmentRows = Array.from({ length: 30 }, (_, n) => ({
  id: `e0a80000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  equipmentNo: `EQ-${100 + n}`,
  tagNumber: `T-${100 + n}`,
  description: n % 2 ? 'Tank' : 'Pipe run',
  categoryCode: n % 2 ? 'storage-tank' : 'pipe',
}));
const lists: Record<string, Record<string, unknown>[]> = {
  '/asset/equipment-numbers': equipmentRows,
  '/asset/categories': [
    { id: 'c0a80000-0000-4000-8000-000000000001', code: 'pipe', name: 'Pipe' },
    { id: 'c0a80000-0000-4000-8000-000000000002', code: 'storage-tank', name: 'Storage tank' },
  ],
  '/master-inspection-method': [
    { id: 'm0a80000-0000-4000-8000-000000000001', code: 'thermal', name: 'Thermal' },
  ],
};
const filterFields: Record<string, string> = {
  category: 'categoryCode',
  equipmentNo: 'equipmentNo',
  code: 'code',
};

/** The three lists as the server answers them (filters, search, pages of 20), each call recorded. */
function serveLists() {
  const calls: string[] = [];
  for (const [path, records] of Object.entries(lists))
    server.use(
      http.get(api(path), ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        calls.push(`${path}?${new URLSearchParams(query).toString()}`);
        const found = records.filter(
          (r) =>
            Object.entries(query).every(([k, v]) => !filterFields[k] || r[filterFields[k]] === v) &&
            (!query.search || JSON.stringify(r).toLowerCase().includes(query.search.toLowerCase())),
        );
        const size = Number(query.pageSize ?? 20);
        return HttpResponse.json({
          ...envelope(found.slice(0, size)),
          meta: {
            pageNumber: 1,
            pageSize: size,
            totalCount: found.length,
            totalPages: 2,
            totalCountExact: true,
          },
        });
      }),
    );
  return calls;
}

const row = {
  id: 'b0a80000-0000-4000-8000-000000000001',
  version: 1,
  thermalAnalysisId: inspectionId,
  equipmentNo: 'EQ-121',
  equipmentCategory: 'storage-tank',
  inspectionMethod: 'thermal',
};

/** A task taken along: its rows in the cache as the loader reads them, then the pickers' lists. */
async function takenAlong() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(techniqueQueries.rows(scope, inspectionId, instrumentCheck).queryKey, {
    records: [row],
    totalCount: 1,
    totalCountExact: true,
    complete: true,
  });
  await takePickersAlong(queryClient, scope, [{ id: inspectionId, version: 1 }]);
  return queryClient;
}

function Picker(p: {
  entity: EntityDefinition;
  fieldKey: string;
  value: string;
  values?: Record<string, unknown>;
}) {
  return (
    <FieldInput
      entity={p.entity}
      fieldKey={p.fieldKey}
      field={p.entity.fields[p.fieldKey]!}
      value={p.value}
      values={p.values}
      onChange={() => {}}
    />
  );
}

describe("taking a task along takes its forms' pickers' lists", () => {
  it('reads each list’s first page, the page its rows narrow it to, and each record they name, once', async () => {
    const calls = serveLists();
    await takenAlong();
    expect(calls.sort()).toEqual(
      [
        '/asset/categories?pageNumber=1&pageSize=20',
        '/asset/categories?code=storage-tank&pageNumber=1&pageSize=20',
        '/asset/equipment-numbers?pageNumber=1&pageSize=20',
        '/asset/equipment-numbers?pageNumber=1&pageSize=20&category=storage-tank',
        '/asset/equipment-numbers?equipmentNo=EQ-121&pageNumber=1&pageSize=20',
        '/master-inspection-method?pageNumber=1&pageSize=20',
        '/master-inspection-method?code=thermal&pageNumber=1&pageSize=20',
      ].sort(),
    );
  });

  it('offers them offline: the chosen record by its name, the kept page filtered as typed, no call', async () => {
    const calls = serveLists();
    const queryClient = await takenAlong();
    const taken = calls.length;
    act(() => onlineManager.setOnline(false));
    const user = userEvent.setup();
    renderWithProviders(
      <Picker entity={instrumentCheck} fieldKey="equipmentNo" value="EQ-121" values={row} />,
      queryClient,
    );
    const picker = screen.getByRole('combobox', { name: /Equipment/ });
    expect(picker).toHaveValue('T-121 · Tank (EQ-121)');

    await user.click(picker);
    const listbox = await screen.findByRole('listbox');
    // The storage tanks of the first page (its category's), 15 of the 30.
    expect(within(listbox).getAllByRole('option')).toHaveLength(15);
    await user.clear(picker);
    await user.type(picker, 'T-11');
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        'T-111 · Tank (EQ-111)',
        'T-113 · Tank (EQ-113)',
        'T-115 · Tank (EQ-115)',
        'T-117 · Tank (EQ-117)',
        'T-119 · Tank (EQ-119)',
      ]),
    );
    expect(calls).toHaveLength(taken);
  });

  it('says a list not on the device is not, rather than loading, and shows it once online', async () => {
    server.use(
      http.get(api('/asset/object-types'), () =>
        HttpResponse.json(
          envelope([{ id: 'o0a80000-0000-4000-8000-000000000001', code: 'PUMP', name: 'Pump' }]),
        ),
      ),
    );
    act(() => onlineManager.setOnline(false));
    const user = userEvent.setup();
    renderWithProviders(<Picker entity={reportHeader} fieldKey="objectType" value="" />);
    const picker = screen.getByRole('combobox', { name: /Object type/ });
    await user.click(picker);
    // Said with the field (the empty list is hidden), never loading without end.
    await waitFor(() => expect(picker).toHaveAccessibleDescription('Not on this device — shown when online'));
    expect(screen.queryAllByRole('option')).toEqual([]);

    act(() => onlineManager.setOnline(true));
    expect(await screen.findByRole('option', { name: 'Pump' })).toBeVisible();
    expect(picker).not.toHaveAccessibleDescription(/Not on this device/);
  });
});
