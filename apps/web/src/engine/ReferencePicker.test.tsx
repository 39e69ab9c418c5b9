import { equipment, inspectionMethod, reportHeader } from '@inspectra/contract';
import type { EntityDefinition } from '@inspectra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { api, envelope, server, serveMockApi } from '../api/test-server.ts';
import { renderWithProviders } from '../test/render.tsx';
import { EntityForm } from './EntityForm.tsx';
import { FieldInput } from './FieldInput.tsx';
import { keyReferenceOf } from './ReferencePicker.tsx';

serveMockApi();

const categories = [
  { id: 'c0a80000-0000-4000-8000-000000000001', code: 'electrical', name: 'Electrical' },
  { id: 'c0a80000-0000-4000-8000-000000000002', code: 'pipe', name: 'Pipe' },
  { id: 'c0a80000-0000-4000-8000-000000000003', code: 'pipeline', name: 'Pipeline' },
];

/** The category list call, searching code and name as the server does, recording each query. */
function categoryList() {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(api('/asset/categories'), ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      const found = categories.filter(
        (c) => !query.search || `${c.code} ${c.name}`.toLowerCase().includes(query.search.toLowerCase()),
      );
      return HttpResponse.json({
        ...envelope(found),
        meta: { pageNumber: 1, pageSize: 20, totalCount: found.length, totalPages: 1, totalCountExact: true },
      });
    }),
  );
  return queries;
}

/** One field's input, showing what it hands the form. */
function Input({
  entity,
  fieldKey,
  initial,
}: {
  entity: EntityDefinition;
  fieldKey: string;
  initial: unknown;
}) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <FieldInput
        entity={entity}
        fieldKey={fieldKey}
        field={entity.fields[fieldKey]!}
        value={value}
        onChange={setValue}
      />
      <output>{JSON.stringify(value)}</output>
    </>
  );
}

describe('a references text field', () => {
  it('is picked from the referenced list by name, and keeps the key, not the id', async () => {
    const queries = categoryList();
    const user = userEvent.setup();
    renderWithProviders(<Input entity={equipment} fieldKey="categoryCode" initial="" />);

    const picker = screen.getByRole('combobox', { name: 'Category' });
    await user.click(picker);
    await user.type(picker, 'pipe');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(2));
    expect(queries.filter((q) => q.search)).toEqual([{ pageNumber: '1', pageSize: '20', search: 'pipe' }]);

    await user.click(within(listbox).getByRole('option', { name: 'Pipeline' }));
    expect(screen.getByRole('status')).toHaveTextContent('"pipeline"');
    expect(picker).toHaveValue('Pipeline');
  });

  it("shows the current key's record when editing, read by its key", async () => {
    const queries = categoryList();
    renderWithProviders(<Input entity={equipment} fieldKey="categoryCode" initial="pipe" />);
    const picker = screen.getByRole('combobox', { name: 'Category' });
    // Read by the key filter every whole list takes, not by a search ("pipe" would find "pipeline").
    await waitFor(() => expect(picker).toHaveValue('Pipe'));
    expect(queries).toContainEqual({ code: 'pipe', pageNumber: '1', pageSize: '20' });
  });

  it('shows a key no record has as the key itself', async () => {
    categoryList();
    renderWithProviders(<Input entity={equipment} fieldKey="categoryCode" initial="boiler" />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('boiler'));
  });

  it('names the list call and the key of what it references', () => {
    expect(keyReferenceOf('equipmentCategory')).toMatchObject({
      valueField: 'code',
      route: { method: 'GET', path: '/asset/categories' },
    });
    expect(keyReferenceOf('equipment.tagNumber')).toMatchObject({ valueField: 'tagNumber' });
  });
});

describe('a JSON list of references', () => {
  it("chooses several keys from the referenced list and hands the form the list's JSON", async () => {
    const queries = categoryList();
    const user = userEvent.setup();
    renderWithProviders(
      <Input entity={inspectionMethod} fieldKey="equipmentCategories" initial={JSON.stringify(['pipe'])} />,
    );
    const picker = screen.getByRole('combobox', { name: 'Equipment categories' });
    await user.click(picker);
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(3));
    expect(queries).toContainEqual({ pageNumber: '1', pageSize: '200' });

    await user.click(within(listbox).getByRole('option', { name: 'Electrical' }));
    // The input holds JSON as text, as every JSON field's input does (form-values.ts).
    expect(screen.getByRole('status')).toHaveTextContent(
      JSON.stringify(JSON.stringify(['pipe', 'electrical'])),
    );
  });
});

describe("a reference's fills (referenceFills)", () => {
  it("fills a report's equipment category and object type from the equipment picked", async () => {
    const pump = {
      id: 'e0a80000-0000-4000-8000-000000000001',
      equipmentNo: 'EQ-101',
      tagNumber: '10-P-101',
      description: 'Feed pump',
      categoryCode: 'rotating',
      objectTypeCode: 'PUMP',
    };
    const page = (rows: unknown[]) =>
      HttpResponse.json({
        ...envelope(rows),
        meta: { pageNumber: 1, pageSize: 20, totalCount: rows.length, totalPages: 1, totalCountExact: true },
      });
    server.use(
      http.get(api('/asset/equipment-numbers'), () => page([pump])),
      http.get(api('/asset/categories'), () =>
        page([{ id: 'c0a80000-0000-4000-8000-000000000009', code: 'rotating', name: 'Rotating equipment' }]),
      ),
      http.get(api('/asset/object-types'), () =>
        page([
          {
            id: 'c0a80000-0000-4000-8000-00000000000a',
            code: 'PUMP',
            name: 'Pump',
            categoryCode: 'rotating',
          },
        ]),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <EntityForm
        entity={reportHeader}
        fields={['equipmentNo', 'equipmentCategory', 'objectType']}
        onSubmit={vi.fn()}
      />,
    );
    const category = screen.getByRole('combobox', { name: 'Equipment category' });
    expect(category).toHaveValue('');

    await user.click(screen.getByRole('combobox', { name: /Equipment number/ }));
    const listbox = await screen.findByRole('listbox');
    await user.click(await within(listbox).findByRole('option', { name: /EQ-101/ }));

    await waitFor(() => expect(category).toHaveValue('Rotating equipment (rotating)'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Object type' })).toHaveValue('Pump'));
  });
});
