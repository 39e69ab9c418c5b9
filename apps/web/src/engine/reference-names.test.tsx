import { equipment, f, reportHeader, workOrderSpk } from '@inspectra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { api, onePage, server, serveMockApi } from '../api/test-server.ts';
import { i18n } from '../i18n/index.ts';
import { renderWithProviders } from '../test/render.tsx';
import { EntityTable } from './EntityTable.tsx';
import { FieldDisplay, formatFieldValue } from './FieldDisplay.tsx';
import { FieldInput } from './FieldInput.tsx';
import { RecordDetails } from './RecordDetails.tsx';

serveMockApi();
afterEach(async () => {
  await i18n.changeLanguage('en');
});

const pump = {
  id: 'e0a80000-0000-4000-8000-000000000001',
  equipmentNo: '10001001',
  tagNumber: 'P-101A',
  description: 'Crude charge pump',
  categoryCode: 'rotating-equipment',
};
const line = {
  id: 'e0a80000-0000-4000-8000-000000000002',
  equipmentNo: '10002001',
  tagNumber: '10"-P-1006-A1A',
  description: 'Crude transfer line',
  categoryCode: 'pipe',
};
const categories = [
  { id: 'c0a80000-0000-4000-8000-000000000001', code: 'pipe', name: 'Piping' },
  { id: 'c0a80000-0000-4000-8000-000000000002', code: 'rotating-equipment', name: 'Rotating equipment' },
];

/** The asset lists, answering by key (`?equipmentNo=a,b`) and by category, recording each query. */
function assetLists() {
  const queries: { path: string; query: Record<string, string> }[] = [];
  const answer =
    <R extends Record<string, unknown>>(path: string, records: R[]) =>
    ({ request }: { request: Request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push({ path, query });
      const found = records.filter((r) =>
        Object.entries(query).every(([param, value]) => {
          const field = param === 'category' ? 'categoryCode' : param;
          return !(field in r) || value.split(',').includes(String(r[field]));
        }),
      );
      return HttpResponse.json(onePage(found, 200));
    };
  server.use(
    http.get(api('/asset/equipment-numbers'), answer('equipment', [pump, line])),
    http.get(api('/asset/categories'), answer('categories', categories)),
  );
  return queries;
}

describe('a reference shown by name', () => {
  it("shows an equipment number as the equipment's tag and description, the number beside it", async () => {
    assetLists();
    renderWithProviders(
      <RecordDetails
        entity={reportHeader}
        record={{ equipmentNo: '10001001', equipmentCategory: 'rotating-equipment' }}
        fields={['equipmentNo', 'equipmentCategory']}
      />,
    );
    const number = await screen.findByText('P-101A · Crude charge pump');
    expect(number.closest('dd')).toHaveTextContent('P-101A · Crude charge pump10001001');
    expect(await screen.findByText('Rotating equipment')).toBeInTheDocument();
    // The code stays readable as the secondary text, never the name alone.
    expect(screen.getByText('rotating-equipment')).toBeInTheDocument();
  });

  it("shows a tag by the equipment's name, without repeating the tag", async () => {
    assetLists();
    renderWithProviders(<FieldDisplay entity={workOrderSpk} fieldKey="tagNumber" value="P-101A" />);
    // A work order names equipment by tag: it is read by its tag, not searched.
    expect(await screen.findByText('P-101A · Crude charge pump')).toBeInTheDocument();
  });

  it('reads the names of a whole page in one call per entity named', async () => {
    const queries = assetLists();
    const reports = [
      {
        id: 'a0000000-0000-4000-8000-000000000001',
        reportNumber: 'R-1',
        title: 'One',
        equipmentNo: '10001001',
      },
      {
        id: 'a0000000-0000-4000-8000-000000000002',
        reportNumber: 'R-2',
        title: 'Two',
        equipmentNo: '10002001',
      },
      {
        id: 'a0000000-0000-4000-8000-000000000003',
        reportNumber: 'R-3',
        title: 'Three',
        equipmentNo: '10001001',
      },
    ];
    renderWithProviders(
      <EntityTable
        entity={reportHeader}
        columns={['reportNumber', 'equipmentNo']}
        queryKey={['test-reports']}
        fetchPage={async () => ({ records: reports, meta: onePage(reports).meta })}
      />,
    );
    const table = await screen.findByRole('table');
    await within(table).findAllByText('P-101A · Crude charge pump');
    expect(within(table).getByText('10"-P-1006-A1A · Crude transfer line')).toBeInTheDocument();
    const equipmentCalls = queries.filter((q) => q.path === 'equipment');
    expect(equipmentCalls).toHaveLength(1);
    expect(equipmentCalls[0]!.query.equipmentNo!.split(',').sort()).toEqual(['10001001', '10002001']);
  });

  it('shows the key itself when no record has it', async () => {
    assetLists();
    renderWithProviders(<FieldDisplay entity={reportHeader} fieldKey="equipmentNo" value="99999999" />);
    await waitFor(() => expect(screen.getByText('99999999')).toBeInTheDocument());
  });
});

describe('a year', () => {
  it('reads as written, in every language', async () => {
    const year = f.year();
    expect(formatFieldValue(year, 1994, i18n.t.bind(i18n), 'en')).toBe('1994');
    await i18n.changeLanguage('id');
    expect(formatFieldValue(year, 2005, i18n.t.bind(i18n), 'id')).toBe('2005');
    expect(formatFieldValue(f.integer(), 2005, i18n.t.bind(i18n), 'id')).toBe('2.005');
    expect(equipment.fields.yearInstalled).toMatchObject({ kind: 'integer', format: 'year' });
  });
});

/** The equipment field of a work order beside its category, as the form holds them. */
function WorkOrderEquipment({ category }: { category: string }) {
  const [tag, setTag] = useState<unknown>('');
  return (
    <>
      <FieldInput
        entity={workOrderSpk}
        fieldKey="tagNumber"
        field={workOrderSpk.fields.tagNumber}
        value={tag}
        onChange={setTag}
        values={{ equipmentCategory: category, tagNumber: tag }}
      />
      <output>{JSON.stringify(tag)}</output>
    </>
  );
}

describe('an equipment picker narrowed by the chosen category', () => {
  it('lists only the equipment of the category, and says so', async () => {
    const queries = assetLists();
    const user = userEvent.setup();
    renderWithProviders(<WorkOrderEquipment category="pipe" />);
    const picker = screen.getByRole('combobox', { name: 'Equipment tag' });
    expect(screen.getByText(/Only those of the chosen equipment category are listed/)).toBeInTheDocument();
    await user.click(picker);
    const listbox = await screen.findByRole('listbox');
    await within(listbox).findByRole('option', { name: /Crude transfer line/ });
    expect(within(listbox).queryByRole('option', { name: /Crude charge pump/ })).not.toBeInTheDocument();
    expect(queries.filter((q) => q.path === 'equipment').at(-1)!.query).toMatchObject({ category: 'pipe' });
  });

  it('marks equipment chosen before the category changed to another', async () => {
    assetLists();
    function Changing() {
      const [category, setCategory] = useState('rotating-equipment');
      return (
        <>
          <button type="button" onClick={() => setCategory('pipe')}>
            Piping
          </button>
          <FieldInput
            entity={workOrderSpk}
            fieldKey="tagNumber"
            field={workOrderSpk.fields.tagNumber}
            value="P-101A"
            onChange={() => {}}
            values={{ equipmentCategory: category }}
          />
        </>
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<Changing />);
    await screen.findByDisplayValue('P-101A · Crude charge pump');
    expect(screen.queryByText(/is not of the chosen/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Piping' }));
    expect(await screen.findByText(/This one is not of the chosen equipment category/)).toBeInTheDocument();
  });

  it('says the same in Bahasa Indonesia', async () => {
    assetLists();
    await i18n.changeLanguage('id');
    renderWithProviders(<WorkOrderEquipment category="pipe" />);
    expect(screen.getByText(/Hanya yang sesuai dengan/)).toBeInTheDocument();
  });
});
