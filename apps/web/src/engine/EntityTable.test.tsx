import { op, reportHeader, route, thermalMeasurement, vciSummary, workOrderSpk } from '@inspectra/contract';
import type { RouteDefinition } from '@inspectra/contract';
import { routeOf } from '../api/calls.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { EntityTable } from './EntityTable.tsx';
import type { EntityPage, EntityPageRequest, EntityTableProps } from './EntityTable.tsx';

/** A fetcher that names its list call, as `pagedList` makes them. */
function listedBy<F extends (p: EntityPageRequest) => Promise<EntityPage>>(
  fetchPage: F,
  route: RouteDefinition,
  fixedParams: string[] = [],
) {
  return Object.assign(fetchPage, { route, fixedParams });
}

function measurement(i: number) {
  return {
    id: `m${i}`,
    date: '2026-03-15',
    tagNumber: `TR-${String(i).padStart(2, '0')}`,
    maxTemperatureC: 85.5,
    referenceTemperatureC: 40,
    deltaTC: 45.5,
    severity: 'repairImmediately',
    thermalImage: i % 2 === 0 ? { displayName: `IR_${i}.jpg`, url: `/api/files/${i}` } : null,
  };
}

/** A server of `total` measurements, paged as the API pages them; `all` may be changed meanwhile. */
function server(total: number) {
  const all = Array.from({ length: total }, (_, i) => measurement(i + 1));
  return Object.assign(
    vi.fn(async (p: EntityPageRequest): Promise<EntityPage> => {
      const matching = p.search ? all.filter((m) => m.tagNumber.includes(p.search!)) : all;
      const start = (p.pageNumber - 1) * p.pageSize;
      return {
        records: matching.slice(start, start + p.pageSize),
        meta: {
          pageNumber: p.pageNumber,
          pageSize: p.pageSize,
          totalCount: matching.length,
          totalPages: Math.ceil(matching.length / p.pageSize),
          totalCountExact: true,
        },
      };
    }),
    { all },
  );
}

/** The work-order table over an empty list call, as `pagedList` would fetch it. */
function renderWorkOrderTable(queryKey: string[]) {
  const fetchPage = listedBy(
    vi.fn(async (p: EntityPageRequest): Promise<EntityPage> => {
      void p;
      return {
        records: [],
        meta: { pageNumber: 1, pageSize: 10, totalCount: 0, totalPages: 0, totalCountExact: true },
      };
    }),
    routeOf('GET /work-order-spks'),
  );
  renderWithProviders(
    <EntityTable
      entity={workOrderSpk}
      columns={['woNumber', 'title']}
      queryKey={queryKey}
      fetchPage={fetchPage}
    />,
  );
  return fetchPage;
}

const columns = ['date', 'tagNumber', 'maxTemperatureC', 'deltaTC', 'severity', 'thermalImage'];

/** The measurements table, with what a test adds or changes. */
function MeasurementTable(p: Partial<EntityTableProps> & Pick<EntityTableProps, 'fetchPage'>) {
  return <EntityTable entity={thermalMeasurement} columns={columns} queryKey={['measurements']} {...p} />;
}

const imageColumn = () => screen.queryByRole('columnheader', { name: 'Thermal image' });

/** The measurements table's columns' estimates (column-fit.ts) by the start of their titles. */
const estimates: [string, number][] = [
  ['Measurement date', 120],
  ['Tag number', 150],
  ['Max temperature', 110],
  ['ΔT', 110],
  ['Severity', 150],
  ['Thermal image', 80],
];
const estimateOf = (header: string) => estimates.find(([title]) => header.startsWith(title))?.[1] ?? 0;

/**
 * A screen for the table, as jsdom lays out nothing: the table is 726 px wide (the size observer
 * says so), each header cell as wide as `widthOf` says for its title, and the table scrolls
 * sideways by what its header cells take beyond that. Returns what undoes it.
 */
function tableOnScreen(widthOf: (header: string, table: Element) => number): () => void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe(target: Element) {
        const box = { inlineSize: 726, blockSize: 400 };
        const entry = { target, borderBoxSize: [box], contentRect: { width: 726, height: 400 } };
        this.report([entry] as never, this as never);
      }
      unobserve() {}
      disconnect() {}
    },
  );
  const headers = (element: Element) => [...element.querySelectorAll('thead tr:first-child > th')];
  const widthOfHead = (th: Element) => widthOf(th.textContent ?? '', th.closest('table') ?? th);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(726);
  vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(function (this: Element) {
    return Math.max(
      726,
      headers(this).reduce((sum, th) => sum + widthOfHead(th), 0),
    );
  });
  const rect = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (this.tagName !== 'TH') return rect.call(this);
    const width = widthOfHead(this);
    return { x: 0, y: 0, top: 0, left: 0, bottom: 40, right: width, width, height: 40 } as DOMRect;
  });
  return () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  };
}

describe('EntityTable', () => {
  it('shows the page the server returns, formatted by the contract', async () => {
    const fetchPage = server(3);
    const onRowClick = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<MeasurementTable fetchPage={fetchPage} onRowClick={onRowClick} />);

    const row = (await screen.findByText('TR-01')).closest('tr')!;
    expect(within(row).getByText('15 Mar 2026')).toBeInTheDocument();
    expect(within(row).getByText('85.5 °C')).toBeInTheDocument();
    expect(within(row).getByText('45.5 °C')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Max temperature (°C)' })).toBeInTheDocument();
    // The server sorts by date, newest first; the header says so.
    expect(
      screen.getByRole('columnheader', { name: /^Measurement date ?\(sorted descending\)$/ }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByText('TR-02').closest('tr')!).getByText('Has image: IR_2.jpg'),
    ).toBeInTheDocument();
    expect(fetchPage).toHaveBeenCalledWith({ pageNumber: 1, pageSize: 10 });

    await user.click(screen.getByText('TR-02'));
    expect(onRowClick).toHaveBeenLastCalledWith(measurement(2));
    // The same from the keyboard.
    await user.tab({ shift: true });
    expect(row).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(measurement(1));
  });

  it('lets custom cells and row actions replace the defaults', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    const onEdit = vi.fn();
    renderWithProviders(
      <MeasurementTable
        columns={['tagNumber', 'severity']}
        fetchPage={server(1)}
        renderCell={{ severity: (r) => <strong>{`Severity ${String(r.severity)}`}</strong> }}
        rowActions={(r) => <button onClick={() => onEdit(r.id)}>{`Edit ${String(r.tagNumber)}`}</button>}
        onRowClick={onRowClick}
      />,
    );

    expect(await screen.findByText('Severity repairImmediately')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit TR-01' }));
    expect(onEdit).toHaveBeenCalledWith('m1');
    await user.keyboard('{Enter}');
    expect(onEdit).toHaveBeenCalledTimes(2);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('searches after typing stops, from page 1', async () => {
    const user = userEvent.setup();
    const fetchPage = server(25);
    renderWithProviders(<MeasurementTable fetchPage={fetchPage} searchable />);
    await screen.findByText('TR-01');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('TR-11')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenLastCalledWith({ pageNumber: 2, pageSize: 10 });

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'TR-0');

    // TR-05 is not on page 2: it appears only once the search has run.
    expect(await screen.findByText('TR-05')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenLastCalledWith({ pageNumber: 1, pageSize: 10, search: 'TR-0' });
    // Keystrokes inside the delay are one search, not one request each.
    const searches = fetchPage.mock.calls.map(([p]) => p.search).filter(Boolean);
    expect(searches).toEqual(['TR-0']);
    expect(screen.queryByText('TR-11')).not.toBeInTheDocument();
  });

  it('changes the page size from the records-per-page selector, back on page 1', async () => {
    const user = userEvent.setup();
    const fetchPage = server(30);
    renderWithProviders(<MeasurementTable fetchPage={fetchPage} pageSizes={[10, 25]} />);
    await screen.findByText('TR-01');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('11–20 of 30')).toBeInTheDocument();

    const pageSize = screen.getByRole('combobox', { name: 'Records per page' });
    await user.selectOptions(pageSize, '25');

    expect(await screen.findByText('1–25 of 30')).toBeInTheDocument();
    expect(screen.getByText('TR-01')).toBeInTheDocument();
    expect(screen.getByText('TR-25')).toBeInTheDocument();
    expect(pageSize).toHaveValue('25');
    expect(fetchPage).toHaveBeenLastCalledWith({ pageNumber: 1, pageSize: 25 });
  });

  it('moves to the new last page when the rows of the last one are gone', async () => {
    const user = userEvent.setup();
    const fetchPage = server(25);
    const { queryClient } = renderWithProviders(<MeasurementTable fetchPage={fetchPage} />);
    await screen.findByText('TR-01');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('TR-21')).toBeInTheDocument();

    // Someone deletes measurements 21–25, and the list is refetched.
    fetchPage.all.splice(20);
    await act(() => queryClient.invalidateQueries({ queryKey: ['measurements'] }));

    expect(await screen.findByText('11–20 of 20')).toBeInTheDocument();
    expect(screen.getByText('TR-20')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenLastCalledWith({ pageNumber: 2, pageSize: 10 });
  });

  it('gives a column way while an answer overflows the screen, and brings it back with the next', async () => {
    // A tablet's table, 726 px wide: the six columns' estimates (720 px) just fit, and so do their
    // widths on screen, unless a row holds a long tag: its column is then 60 px wider.
    const restore = tableOnScreen((header, table) =>
      header.startsWith('Tag number') && table.textContent?.includes('TR-WIDE') ? 210 : estimateOf(header),
    );
    try {
      const fetchPage = server(2);
      fetchPage.all[0] = { ...measurement(1), tagNumber: 'TR-WIDE-HEAT-EXCHANGER-E-101-SHELL-OUTLET' };
      const { queryClient } = renderWithProviders(<MeasurementTable fetchPage={fetchPage} />);
      await screen.findByText('TR-02');
      await waitFor(() => expect(imageColumn()).not.toBeInTheDocument());
      // Only the least important column gave way: the others fit beside the wide tag.
      expect(screen.getByRole('columnheader', { name: 'Severity' })).toBeInTheDocument();

      // The same answer again: the column stays away, it does not come and go.
      await act(() => queryClient.invalidateQueries({ queryKey: ['measurements'] }));
      expect(imageColumn()).not.toBeInTheDocument();

      // The tag is corrected and the list refetched: the rows fit, and the column is back.
      fetchPage.all[0] = measurement(1);
      await act(() => queryClient.invalidateQueries({ queryKey: ['measurements'] }));
      await screen.findByText('TR-01');
      await waitFor(() => expect(imageColumn()).toBeInTheDocument());
    } finally {
      restore();
    }
  });

  it('fits the columns by the widths they take on screen: one far wider than its estimate gives way alone', async () => {
    // The photo column takes 300 px (its estimate: 80): the table overflows by 214 px. Room for
    // that much less would hide the severity too; by the widths seen, the first five fit (640 px).
    const restore = tableOnScreen((header) =>
      header.startsWith('Thermal image') ? 300 : estimateOf(header),
    );
    try {
      renderWithProviders(<MeasurementTable fetchPage={server(2)} />);
      await screen.findByText('TR-02');
      await waitFor(() => expect(imageColumn()).not.toBeInTheDocument());
      expect(screen.getByRole('columnheader', { name: 'Severity' })).toBeInTheDocument();
      expect(screen.getByRole('columnheader', { name: 'ΔT (°C)' })).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('says "1,000+" when the server counted only part of a long list', async () => {
    const fetchPage = server(1200);
    const counted = vi.fn(async (p: EntityPageRequest): Promise<EntityPage> => {
      const page = await fetchPage(p);
      const counted = Math.min(page.meta.totalCount, (p.pageNumber - 1) * p.pageSize + 1000);
      return {
        ...page,
        meta: {
          ...page.meta,
          totalCount: counted,
          totalPages: Math.ceil(counted / p.pageSize),
          totalCountExact: counted === page.meta.totalCount,
        },
      };
    });
    renderWithProviders(<MeasurementTable fetchPage={counted} />);
    expect(await screen.findByText('1–10 of 1,000+')).toBeInTheDocument();
  });

  it('says when a short search looked through the newest records only', async () => {
    const fetchPage = server(3);
    const limited = vi.fn(async (p: EntityPageRequest): Promise<EntityPage> => {
      const page = await fetchPage(p);
      return { ...page, meta: { ...page.meta, totalCountExact: false, searchLimitedTo: 10000 } };
    });
    renderWithProviders(<MeasurementTable fetchPage={limited} />);
    expect(
      await screen.findByText(
        'A search of one or two characters looks through the newest 10,000 records only: type three or more to search them all.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the empty text when there is nothing to list, and only then', async () => {
    const { unmount } = renderWithProviders(
      <MeasurementTable fetchPage={server(0)} emptyText="No measurements yet" />,
    );
    expect(await screen.findByText('No measurements yet')).toBeInTheDocument();
    unmount();

    // A hidden "nothing here" after the rows would still be read out by a screen reader.
    renderWithProviders(<MeasurementTable fetchPage={server(2)} emptyText="No measurements yet" />);
    await screen.findByText('TR-02');
    expect(screen.queryByText('No measurements yet')).not.toBeInTheDocument();
  });

  it('opens a row in a drawer with every field, those without a column too', async () => {
    const user = userEvent.setup();
    const fetchPage = server(1);
    Object.assign(fetchPage.all[0]!, {
      component: 'Phase R cable lug',
      emissivity: 0.95,
      warnings: [
        {
          rule: 'referenceAboveMax',
          message: 'The reference temperature is above the maximum',
          fields: ['referenceTemperatureC', 'maxTemperatureC'],
          values: { referenceTemperatureC: 45, maxTemperatureC: 30 },
          acknowledgedBy: '0b0e6a53-8d3f-4b0e-9a52-8f5a7c9d1e22',
          acknowledgedByName: 'Ina Inspector',
          acknowledgedAt: '2026-11-20T08:00:00.000Z',
        },
      ],
    });
    renderWithProviders(
      <MeasurementTable
        fetchPage={fetchPage}
        renderCell={{ severity: () => 'Act now' }}
        details={{
          title: (r) => `Measurement ${String(r.tagNumber)}`,
          actions: (r) => <button>{`Edit ${String(r.tagNumber)}`}</button>,
        }}
      />,
    );

    await user.click(await screen.findByText('TR-01'));

    const drawer = await screen.findByRole('dialog', { name: 'Measurement TR-01' });
    // One heading for the title, not a heading inside the drawer's own.
    expect(within(drawer).getAllByRole('heading', { name: 'Measurement TR-01' })).toHaveLength(1);
    // Each value under its own label: the table's columns first, then the fields without one.
    const details = [...drawer.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(details.slice(0, 2)).toEqual([
      ['Measurement date', '15 Mar 2026'],
      ['Tag number', 'TR-01'],
    ]);
    expect(details).toContainEqual(['Max temperature', '85.5 °C']);
    expect(details).toContainEqual(['Severity', 'Act now']);
    expect(details).toContainEqual(['Component', 'Phase R cable lug']);
    expect(details).toContainEqual(['Emissivity', '0.95']);
    // The parent's id is a reference, meaningless to a person: not listed.
    expect(within(drawer).queryByText('Thermal analysis')).not.toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Edit TR-01' })).toBeInTheDocument();
    // What the inspector confirmed when saving is part of the record's details.
    const notice = within(drawer).getByRole('alert');
    expect(notice).toHaveTextContent('Saved with a warning');
    expect(notice).toHaveTextContent(/reference temperature is above the maximum/);
    expect(notice).toHaveTextContent(/Confirmed by Ina Inspector/);
  });

  it('shows a failure with its message and tries again on request', async () => {
    const user = userEvent.setup();
    const working = server(2);
    const fetchPage = vi
      .fn<(p: EntityPageRequest) => Promise<EntityPage>>()
      .mockRejectedValueOnce(
        new Error('Sorry for an error, check your connection or try a few more moments.'),
      )
      .mockImplementation(working);
    renderWithProviders(<MeasurementTable fetchPage={fetchPage} />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the list');
    expect(alert).toHaveTextContent('check your connection');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('TR-02')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('sorts by a column the list call can sort by, turning it around on the next click', async () => {
    const user = userEvent.setup();
    const fetchPage = listedBy(server(25), routeOf('GET /thermal-measurements/by-thermal-analysis'));
    renderWithProviders(<MeasurementTable fetchPage={fetchPage} />);
    await screen.findByText('TR-01');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('TR-11');

    const tag = screen.getByRole('button', { name: 'Tag number' });
    expect(tag.closest('th')).toHaveAttribute('aria-sort', 'none');
    // The declared order (date, newest first) is the one shown until the user picks another.
    expect(screen.getByRole('columnheader', { name: /Measurement date.*sorted descending/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(tag);
    expect(fetchPage).toHaveBeenLastCalledWith({
      pageNumber: 1,
      pageSize: 10,
      sortBy: 'tagNumber',
      sortDirection: 'asc',
    });
    await waitFor(() => expect(tag.closest('th')).toHaveAttribute('aria-sort', 'ascending'));
    expect(screen.getByRole('columnheader', { name: /Tag number.*sorted ascending/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Tag number/ }));
    expect(fetchPage).toHaveBeenLastCalledWith({
      pageNumber: 1,
      pageSize: 10,
      sortBy: 'tagNumber',
      sortDirection: 'desc',
    });
    // A derived value is computed per record, not a column the server can order by.
    expect(screen.queryByRole('button', { name: /ΔT/ })).not.toBeInTheDocument();
  });

  it('offers no sorting or filters when the fetcher does not name its call', async () => {
    renderWithProviders(<MeasurementTable fetchPage={server(3)} />);
    await screen.findByText('TR-01');
    expect(screen.queryByRole('button', { name: 'Tag number' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument();
  });

  it("filters by the list call's declared filters, from page 1, and clears them", async () => {
    const user = userEvent.setup();
    const fetchPage = renderWorkOrderTable(['wo']);
    await user.click(await screen.findByRole('button', { name: 'Filters' }));

    // The panel opens with a transition: its inputs are there once it has.
    await user.click(await screen.findByRole('switch', { name: 'Emergency' }));
    expect(fetchPage).toHaveBeenLastCalledWith({
      pageNumber: 1,
      pageSize: 10,
      filters: { showEmergency: 'true' },
    });

    await user.type(screen.getByRole('textbox', { name: 'Contract number' }), 'C-77');
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith({
        pageNumber: 1,
        pageSize: 10,
        filters: { showEmergency: 'true', contractNo: 'C-77' },
      }),
    );
    // Typing is one request once it pauses, not one per letter.
    expect(fetchPage.mock.calls.filter(([p]) => p.filters?.contractNo)).toHaveLength(1);
    // A date range's ends are dates: "from" the start, "until" the end.
    expect(screen.getByRole('textbox', { name: 'Planned start from' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Planned finish until' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(fetchPage).toHaveBeenLastCalledWith({ pageNumber: 1, pageSize: 10 });
    expect(screen.getByRole('switch', { name: 'Emergency' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Contract number' })).toHaveValue('');
  });

  it('chooses enum values, several for an "in" filter, and "has values" with a switch', async () => {
    const user = userEvent.setup();
    const spots = route(
      'GET',
      '/spots',
      op.list(vciSummary, {
        variant: 'pipe',
        filters: {
          feature: { field: 'feature', op: 'in' },
          severity: { field: 'severity', op: 'eq' },
          located: { op: 'hasValues', fields: ['segmentPipingNumber', 'vciSpotNumber'] },
        },
      }),
      { summary: 'spots', tag: 'test' },
    );
    const fetchPage = listedBy(
      vi.fn(async (p: EntityPageRequest): Promise<EntityPage> => {
        void p;
        return {
          records: [],
          meta: { pageNumber: 1, pageSize: 10, totalCount: 0, totalPages: 0, totalCountExact: true },
        };
      }),
      spots,
    );
    renderWithProviders(
      <EntityTable
        entity={vciSummary}
        columns={['location', 'feature']}
        queryKey={['spots']}
        fetchPage={fetchPage}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Filters' }));

    await user.click(await screen.findByRole('combobox', { name: 'Feature' }));
    await user.click(await screen.findByRole('option', { name: 'Crack' }));
    await user.click(screen.getByRole('option', { name: 'Coating damage' }));
    expect(fetchPage).toHaveBeenLastCalledWith({
      pageNumber: 1,
      pageSize: 10,
      filters: { feature: 'crack,coatingDamage' },
    });
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('combobox', { name: 'Severity' }));
    await user.click(await screen.findByRole('option', { name: 'Critical' }));
    await user.click(
      screen.getByRole('switch', { name: 'Only with Segment / piping number, VCI spot number' }),
    );
    expect(fetchPage).toHaveBeenLastCalledWith({
      pageNumber: 1,
      pageSize: 10,
      filters: { feature: 'crack,coatingDamage', severity: 'critical', located: 'true' },
    });
  });

  it("offers the list call's tabs, every record first, keeping the filters when the tab changes", async () => {
    const user = userEvent.setup();
    const fetchPage = renderWorkOrderTable(['wo-tabs']);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'All',
      'Open',
      'In progress',
      'Completed',
      'Emergency',
    ]);
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(fetchPage).toHaveBeenLastCalledWith({ pageNumber: 1, pageSize: 10 });

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(await screen.findByRole('switch', { name: 'Emergency' }));
    await user.click(screen.getByRole('tab', { name: 'In progress' }));
    expect(fetchPage).toHaveBeenLastCalledWith({
      pageNumber: 1,
      pageSize: 10,
      filters: { showEmergency: 'true' },
      tab: 'inProgress',
    });
    // What a tab holds is said where it is not obvious from its name.
    expect(screen.getByRole('tab', { name: 'Completed' })).toHaveAttribute('title', 'Completed or cancelled');

    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(fetchPage).toHaveBeenLastCalledWith({
      pageNumber: 1,
      pageSize: 10,
      filters: { showEmergency: 'true' },
    });
  });

  it('shows no tabs for a list call without them', async () => {
    renderWithProviders(<MeasurementTable fetchPage={server(2)} />);
    await screen.findByText('TR-01');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('leaves out the filters the page has fixed', async () => {
    const user = userEvent.setup();
    const fetchPage = listedBy(server(1), routeOf('GET /report-headers'), ['workOrderSPKId']);
    renderWithProviders(
      <EntityTable entity={reportHeader} columns={['reportNumber']} queryKey={['r']} fetchPage={fetchPage} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    expect(await screen.findByRole('combobox', { name: 'Object type' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Inspection method' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Work order' })).not.toBeInTheDocument();
  });

  it('picks a referenced record by name to filter by it', async () => {
    const user = userEvent.setup();
    const fetchPage = listedBy(server(1), routeOf('GET /report-headers'));
    renderWithProviders(
      <EntityTable entity={reportHeader} columns={['reportNumber']} queryKey={['r']} fetchPage={fetchPage} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    expect(await screen.findByRole('combobox', { name: 'Work order' })).toBeInTheDocument();
  });
});
