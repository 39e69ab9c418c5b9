import { reportHeader, thermalMeasurement } from '@inspectra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { api, envelope, server, serveMockApi } from '../api/test-server.ts';
import { i18n } from '../i18n/index.ts';
import { renderWithProviders } from '../test/render.tsx';
import { FieldInput } from './FieldInput.tsx';

serveMockApi();

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** The max-temperature input, showing what it reports to the form. */
function MaxTemperature({ initial }: { initial: unknown }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <FieldInput
        entity={thermalMeasurement}
        fieldKey="maxTemperatureC"
        field={thermalMeasurement.fields.maxTemperatureC}
        value={value}
        onChange={setValue}
      />
      <output>{typeof value === 'number' ? `number ${String(value)}` : JSON.stringify(value)}</output>
      <button onClick={() => setValue(41.2)}>restore</button>
    </>
  );
}

describe('FieldInput for numbers', () => {
  it('reads Bahasa grouping and decimals: "1.234,5" is 1234.5', async () => {
    await i18n.changeLanguage('id');
    const user = userEvent.setup();
    renderWithProviders(<MaxTemperature initial="" />);
    const input = screen.getByLabelText(/Suhu maksimum|Max temperature/);

    await user.type(input, '1.234,5');
    expect(input).toHaveValue('1.234,5');
    expect(screen.getByRole('status')).toHaveTextContent('number 1234.5');
  });

  it('keeps "1e5" as typed and reports it as no number, never as 15', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MaxTemperature initial={78.4} />);
    const input = screen.getByLabelText(/Max temperature/);
    expect(input).toHaveValue('78.4');

    await user.clear(input);
    expect(screen.getByRole('status')).toHaveTextContent('""');
    await user.type(input, '1e5');
    expect(input).toHaveValue('1e5');
    expect(screen.getByRole('status')).toHaveTextContent('number NaN');

    // A value set from outside (a restored draft) replaces the text.
    await user.click(screen.getByRole('button', { name: 'restore' }));
    expect(input).toHaveValue('41.2');
  });

  it('keeps a half-typed decimal while the number is complete so far', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MaxTemperature initial="" />);
    const input = screen.getByLabelText(/Max temperature/);
    await user.type(input, '78.');
    expect(input).toHaveValue('78.');
    expect(screen.getByRole('status')).toHaveTextContent('number 78');
    await user.type(input, '4');
    expect(screen.getByRole('status')).toHaveTextContent('number 78.4');
  });
});

const workOrders = [
  { id: '1f0c7c2e-0d7a-4c39-9a55-6a1e0c4b8a01', woNumber: 'WO-0042', title: 'Substation survey' },
  { id: '1f0c7c2e-0d7a-4c39-9a55-6a1e0c4b8a02', woNumber: 'WO-0043', title: 'Pipeline walk KM 12' },
  { id: '1f0c7c2e-0d7a-4c39-9a55-6a1e0c4b8a03', woNumber: 'WO-0100', title: 'Tank inspection' },
];

/** The work-order list call, answering as the server does and recording each query it was sent. */
function workOrderList() {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(api('/work-order-spks'), ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      const found = workOrders.filter(
        (w) =>
          (!query.id || w.id === query.id) &&
          (!query.search || `${w.woNumber} ${w.title}`.toLowerCase().includes(query.search.toLowerCase())),
      );
      return HttpResponse.json({
        ...envelope(found),
        meta: { pageNumber: 1, pageSize: 20, totalCount: found.length, totalPages: 1, totalCountExact: true },
      });
    }),
  );
  return queries;
}

/** A report's work-order input, showing the id it hands the form. */
function WorkOrderInput({ initial }: { initial: string }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <FieldInput
        entity={reportHeader}
        fieldKey="workOrderSPKId"
        field={reportHeader.fields.workOrderSPKId}
        value={value}
        onChange={setValue}
      />
      <output>{JSON.stringify(value)}</output>
    </>
  );
}

describe('FieldInput for references', () => {
  it('searches the referenced list on the server, shows records by name and keeps the id', async () => {
    const queries = workOrderList();
    const user = userEvent.setup();
    renderWithProviders(<WorkOrderInput initial="" />);

    const picker = screen.getByRole('combobox', { name: 'Work order' });
    expect(picker).toHaveAttribute('placeholder', 'Type to search');
    await user.click(picker);
    await user.type(picker, 'pipe');

    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(1));
    // Typing pauses before a search: one request for "pipe", not one per letter.
    expect(queries.filter((q) => q.search)).toEqual([{ pageNumber: '1', pageSize: '20', search: 'pipe' }]);

    await user.click(within(listbox).getByRole('option', { name: 'WO-0043 · Pipeline walk KM 12' }));
    expect(screen.getByRole('status')).toHaveTextContent(JSON.stringify(workOrders[1]!.id));
    expect(picker).toHaveValue('WO-0043 · Pipeline walk KM 12');
  });

  it("shows the current record's name when editing, read by its id", async () => {
    const queries = workOrderList();
    renderWithProviders(<WorkOrderInput initial={workOrders[2]!.id} />);

    const picker = screen.getByRole('combobox', { name: 'Work order' });
    await waitFor(() => expect(picker).toHaveValue('WO-0100 · Tank inspection'));
    expect(queries).toContainEqual({ id: workOrders[2]!.id });
    expect(screen.getByRole('status')).toHaveTextContent(JSON.stringify(workOrders[2]!.id));
  });

  it('chooses from the keyboard', async () => {
    workOrderList();
    const user = userEvent.setup();
    renderWithProviders(<WorkOrderInput initial="" />);

    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Work order' })).toHaveFocus();
    await user.keyboard('WO-00');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent(JSON.stringify(workOrders[0]!.id));
  });

  it('keeps a text box for a reference the page sets (its entity has no list to search)', () => {
    renderWithProviders(
      <FieldInput
        entity={thermalMeasurement}
        fieldKey="thermalAnalysisId"
        field={thermalMeasurement.fields.thermalAnalysisId}
        value=""
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Thermal analysis' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
