import {
  Alert,
  Box,
  Button,
  Collapse,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Tabs,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useElementSize } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconFilter,
  IconFilterOff,
  IconPhoto,
  IconRefresh,
  IconSearch,
} from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { deriveValue } from '@inspectra/contract';
import type { EntityDefinition, PageMeta, RouteDefinition } from '@inspectra/contract';
import { DataTable } from 'mantine-datatable';
import type { DataTableColumn } from 'mantine-datatable';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagination } from './PagedTable.tsx';
import { describeColumns, fitColumns } from './column-fit.ts';
import type { EntityColumn } from './column-fit.ts';
import { fieldLabel, fieldOf, imageLabel, imageListLabel, unitOf } from './entity-labels.ts';
import { formatFieldValue } from './FieldDisplay.tsx';
import { QueuedMark } from './offline-queue/QueuedMark.tsx';
import { formatNumber } from './locale.ts';
import { RecordDrawer } from './RecordDrawer.tsx';
import { namedReferenceOf, ReferenceValue } from './reference-names.tsx';
import { TableFilters } from './TableFilters.tsx';
import { activeFilters, sortableColumns, tableFilters, tableTabs } from './table-query.ts';
import type { TableSort } from './table-query.ts';
import { notOnDevice } from './useOnline.ts';
import { answerWhenNew } from './offline-queue/queued-mark.ts';

type Row = Record<string, unknown>;
/**
 * What a table learnt of its columns at a width with one answer of the server: the width each
 * column was seen to need (`widths`, by key; the row actions under `actionsKey`), and room left
 * besides (`pixels`) where the columns as measured still did not fit.
 */
type Measured = { width: number; answer: unknown; widths: Readonly<Record<string, number>>; pixels: number };
const nothingMeasured: Measured['widths'] = {};
const actionsKey = '__actions';

export type EntityPageRequest = {
  pageNumber: number;
  pageSize: number;
  search?: string;
  sortBy?: string;
  sortDirection?: 'asc' | 'desc';
  /** Filter values by query parameter; only those set. */
  filters?: Record<string, string>;
  /** The list's tab (`?tab=`), when the call declares tabs and one is chosen. */
  tab?: string;
};
export type EntityPage = { records: Row[]; meta: PageMeta };

/** A page of a list that holds no records, as the server answers it. */
const noRecords = (request: EntityPageRequest): EntityPage => ({
  records: [],
  meta: {
    pageNumber: request.pageNumber,
    pageSize: request.pageSize,
    totalCount: 0,
    totalPages: 0,
    totalCountExact: true,
  },
});

/**
 * Fetches one page. When it names its list call (`pagedList` does), the table offers the call's
 * sorting and filters; `fixedParams` are the filters the page set itself, not offered again.
 */
export type EntityPageFetcher = ((request: EntityPageRequest) => Promise<EntityPage>) & {
  route?: RouteDefinition;
  fixedParams?: readonly string[];
};

export type EntityTableProps = {
  entity: EntityDefinition;
  /**
   * Field, derived-value or image-slot keys, in column order, each with an optional priority: on a
   * narrow screen the columns that do not fit give way, least important first (see `fitColumns`).
   */
  columns: EntityColumn[];
  /** Prefix of the query keys; page, size and search are appended. */
  queryKey: unknown[];
  fetchPage: EntityPageFetcher;
  searchable?: boolean;
  /** Own rendering of some columns' cells (a status badge instead of text). */
  renderCell?: Record<string, (record: Row) => ReactNode>;
  /** Buttons at the end of each row; clicks on them do not count as a row click. */
  rowActions?: (record: Row) => ReactNode;
  /** What a row opens (its record's page); without it, a row opens its details in a drawer. */
  onRowClick?: (record: Row) => void;
  /** The drawer a row opens when there is no `onRowClick`: its title and buttons. */
  details?: { title: (record: Row) => string; actions?: (record: Row, close: () => void) => ReactNode };
  emptyText?: string;
  /** A filter named in the page's words (`?includeSuperseded=`: "Show superseded reports"), by parameter. */
  filterLabels?: Record<string, string>;
  pageSizes?: number[];
};

const searchDelayMs = 300;
/** The page sizes a table offers unless told others; it opens on the first. */
const defaultPageSizes = [10, 25, 50];
/** The size of a table's first page (a task taken offline loads that page, features/my-tasks/offline-task.ts). */
export const firstPageSize = defaultPageSizes[0]!;

/** The tab of every record: not a declared tab, so no `tab` is sent. */
const allTab = '__all';
/** Room kept for the row actions when fitting columns: two 44-px buttons and the cell's padding. */
const actionsWidth = 120;

/**
 * A server-paged, searchable list of any entity: column titles, units and cell formats come from
 * the contract. The order is the entity's declared `sort` until the user clicks a column the call
 * can sort by; the call's declared filters are offered in a panel. Sort and filters live in the
 * component, not the URL: a page may hold several tables, and each starts as the page shows it.
 */
export function EntityTable(p: EntityTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const pageSizes = p.pageSizes ?? defaultPageSizes;
  const pageSizeId = useId();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(pageSizes[0] ?? firstPageSize);
  const [searchText, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchText.trim(), searchDelayMs);
  const [search, setSearch] = useState('');
  // A new search starts at page 1 in the same render, so page N of the new search is never fetched.
  if (debouncedSearch !== search) {
    setSearch(debouncedSearch);
    setPage(1);
  }
  const route = p.fetchPage.route;
  const sortable = sortableColumns(route);
  const filters = tableFilters(route, p.entity, p.fetchPage.fixedParams);
  const [sortChoice, setSortChoice] = useState<TableSort | null>(null);
  const [filterValues, setFilterValues] = useState<Record<string, string>>({});
  const [filtersOpen, setFiltersOpen] = useState(false);
  const tabs = tableTabs(route);
  // No tab chosen: every record, as the call answers without `tab`.
  const [tab, setTab] = useState<string | null>(null);
  const filtersPanelId = useId();
  const chosenFilters = activeFilters(filterValues);
  const filterCount = Object.keys(chosenFilters).length;
  const request: EntityPageRequest = {
    pageNumber: page,
    pageSize,
    ...(search ? { search } : {}),
    ...(sortChoice ? { sortBy: sortChoice.field, sortDirection: sortChoice.direction } : {}),
    ...(filterCount > 0 ? { filters: chosenFilters } : {}),
    ...(tab ? { tab } : {}),
  };

  const { ref: sizeRef, width } = useElementSize();
  const [detailsOf, setDetailsOf] = useState<Row | null>(null);
  const onRowClick = p.onRowClick ?? (p.details ? setDetailsOf : undefined);

  const query = useQuery({
    queryKey: [...p.queryKey, request],
    queryFn: () => p.fetchPage(request),
    placeholderData: keepPreviousData,
    // A list under a record made offline (an inspection's rows): none on the server yet.
    meta: answerWhenNew(noRecords(request)),
  });
  // Page buttons a gloved finger can hit on a touch screen, and rows tall enough for it.
  const pagination = usePagination(query.data?.meta.totalCountExact);
  const { touch } = pagination;
  const records = query.data?.records ?? [];
  // Offline with no copy of the list: said as such, not as "No records" nor as a failure.
  const missing = notOnDevice(query);
  const totalPages = query.data?.meta.totalPages;

  // Deleting the last rows of the last page would otherwise leave the user on an empty page.
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  const fitted = describeColumns(p.entity, p.columns);
  // Row actions stay in view: one finger-sized button each, and the cell's padding.
  // The widths are estimates: a long title ("Ultrasound level (dBµV)"), a language with longer words,
  // a touch screen's padding or a cell drawn its own way may need more. When the table overflows its
  // box, every column shown is as narrow as its content lets it be, so the widths it then has are
  // what the columns need: they are kept and the columns fitted again by them, so the columns that do
  // not fit give way (the least important first) rather than squeeze the others, and a column much
  // wider than its estimate does not make those before it give way too. What was measured holds for
  // the width and the server's answer it was measured with; a new answer (the rows after a save, the
  // next page) or another width starts from the estimates again. Measured in a layout effect, so the
  // columns settle before the screen is painted and never come and go.
  const viewportRef = useRef<HTMLDivElement>(null);
  const [measuredFit, setMeasuredFit] = useState<Measured>({
    width: 0,
    answer: undefined,
    widths: nothingMeasured,
    pixels: 0,
  });
  const answer = query.data;
  const current = measuredFit.width === width && measuredFit.answer === answer;
  const learnt = current ? measuredFit.widths : nothingMeasured;
  const missed = current ? measuredFit.pixels : 0;
  const shown = fitColumns(
    fitted.map((c) => ({ ...c, width: learnt[c.key] ?? c.width })),
    width,
    (p.rowActions ? (learnt[actionsKey] ?? actionsWidth) : 0) + missed,
  );
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport || width <= 0) return;
    const over = viewport.scrollWidth - viewport.clientWidth;
    // Until no column that may give way is left: the naming column and the grade always stay.
    const mayGive = fitted.some((c) => c.priority > 1 && shown.has(c.key));
    if (!(over > 1 && mayGive)) {
      if (!current) setMeasuredFit({ width, answer, widths: nothingMeasured, pixels: 0 });
      return;
    }
    // The header cells in column order: the columns shown, then the row actions.
    const keys = fitted.filter((c) => shown.has(c.key)).map((c) => c.key);
    if (p.rowActions) keys.push(actionsKey);
    const heads = viewport.querySelectorAll('thead tr:first-child > th');
    const widths = { ...learnt };
    let learntMore = false;
    keys.forEach((key, i) => {
      const seen = Math.ceil(heads[i]?.getBoundingClientRect().width ?? 0);
      if (seen > 0 && (learnt[key] === undefined || seen > learnt[key] + 1)) {
        widths[key] = seen;
        learntMore = true;
      }
    });
    // Nothing more to learn from the columns, yet still too wide: room is kept for what overflows.
    setMeasuredFit({ width, answer, widths, pixels: learntMore ? missed : missed + over });
  }, [width, answer, current, missed, shown.size]);
  const someHidden = shown.size < fitted.length;
  const sort = sortChoice ?? p.entity.sort;
  const columns: DataTableColumn<Row>[] = fitted.map(({ key }) => {
    const sorted = sort?.field === key;
    const title = (
      <Group gap={4} wrap="nowrap" component="span">
        {columnTitle(key)}
        {sorted &&
          (sort.direction === 'asc' ? (
            <IconArrowUp size={14} aria-hidden />
          ) : (
            <IconArrowDown size={14} aria-hidden />
          ))}
        {!sorted && sortable.has(key) && <IconArrowsSort size={14} aria-hidden style={{ opacity: 0.4 }} />}
        {sorted && (
          <VisuallyHidden>
            {' '}
            {t(sort.direction === 'asc' ? 'engine.table.sortedAscending' : 'engine.table.sortedDescending')}
          </VisuallyHidden>
        )}
      </Group>
    );
    const direction = sorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
    return {
      accessor: key,
      hidden: !shown.has(key),
      title: sortable.has(key) ? (
        <UnstyledButton
          onClick={() => sortBy(key)}
          fz="inherit"
          fw="inherit"
          // The header cell says how the column is sorted, as a screen reader expects of a table.
          ref={(button: HTMLButtonElement | null) =>
            button?.closest('th')?.setAttribute('aria-sort', direction)
          }
          style={{ minHeight: touch ? 44 : undefined }}
        >
          {title}
        </UnstyledButton>
      ) : (
        title
      ),
      // The naming column says when its record is shown from the device's queue (not yet synced).
      render: (record) =>
        key === fitted[0]?.key ? (
          <>
            {cell(key, record)}
            <QueuedMark record={record} />
          </>
        ) : (
          cell(key, record)
        ),
    };
  });

  /** First click sorts a column ascending; the next turns it around. Back to page 1 either way. */
  function sortBy(key: string) {
    const ascending = !(sort?.field === key && sort.direction === 'asc');
    setSortChoice({ field: key, direction: ascending ? 'asc' : 'desc' });
    setPage(1);
  }

  function setFilter(param: string, value: string) {
    setFilterValues((values) => ({ ...values, [param]: value }));
    setPage(1);
  }

  function clearFilters() {
    setFilterValues({});
    setPage(1);
  }
  if (p.rowActions) {
    const actions = p.rowActions;
    columns.push({
      accessor: '__actions',
      title: <VisuallyHidden>{t('engine.table.actions')}</VisuallyHidden>,
      textAlign: 'right',
      render: (record) => (
        <Box onClick={(e) => e.stopPropagation()} style={{ display: 'inline-block' }}>
          {actions(record)}
        </Box>
      ),
    });
  }

  function columnTitle(key: string): string {
    const field = fieldOf(p.entity, key);
    if (field) {
      const label = fieldLabel(t, p.entity.name, key, field);
      const unit = unitOf(field);
      return unit ? `${label} (${unit})` : label;
    }
    if (key in p.entity.images) return imageLabel(t, p.entity, key);
    if (key in p.entity.imageLists) return imageListLabel(t, p.entity, key);
    return key;
  }

  function cell(key: string, record: Row): ReactNode {
    const custom = p.renderCell?.[key];
    if (custom) return custom(record);
    if (key in p.entity.images) {
      const image = record[key] as { displayName?: string } | null | undefined;
      if (!image) return t('common.none');
      return (
        <>
          <IconPhoto size={18} aria-hidden />
          <VisuallyHidden>{t('engine.table.hasImage', { name: image.displayName ?? '' })}</VisuallyHidden>
        </>
      );
    }
    const field = fieldOf(p.entity, key);
    if (!field) return String(record[key] ?? t('common.none'));
    let value = record[key];
    const derived = p.entity.derived[key];
    // The API sends derived values; computing them here keeps lists built elsewhere working too.
    if (value === undefined && derived) value = safeCompute(() => deriveValue(derived, record));
    // Another record's key: its name, read with the page's other keys in one call per entity.
    if (namedReferenceOf(field))
      return <ReferenceValue field={field} value={value} context={{ entityName: p.entity.name, key }} />;
    return formatFieldValue(field, value, t, language, { entityName: p.entity.name, key });
  }

  return (
    <Stack gap="sm" ref={sizeRef}>
      {tabs.length > 0 && (
        // Switching tabs keeps the search and filters: a tab is one more narrowing, shown on top.
        <Tabs
          value={tab ?? allTab}
          onChange={(v) => {
            setTab(!v || v === allTab ? null : v);
            setPage(1);
          }}
        >
          <Tabs.List>
            <Tabs.Tab value={allTab}>{t('engine.table.allTab')}</Tabs.Tab>
            {tabs.map(([name, declared]) => (
              <Tabs.Tab
                key={name}
                value={name}
                title={
                  declared.description
                    ? t(`entities.${p.entity.name}.tabs.${name}Description`, {
                        defaultValue: declared.description,
                      })
                    : undefined
                }
              >
                {t(`entities.${p.entity.name}.tabs.${name}`, { defaultValue: declared.label })}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
      {(p.searchable || filters.length > 0) && (
        <Group align="flex-end" gap="sm">
          {p.searchable && (
            <TextInput
              label={t('common.search')}
              placeholder={t('engine.table.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={searchText}
              onChange={(e) => setSearchText(e.currentTarget.value)}
              maw={360}
              style={{ flex: 1 }}
            />
          )}
          {filters.length > 0 && (
            <Button
              variant={filterCount > 0 ? 'light' : 'default'}
              leftSection={<IconFilter size={16} aria-hidden />}
              onClick={() => setFiltersOpen((open) => !open)}
              aria-expanded={filtersOpen}
              aria-controls={filtersPanelId}
            >
              {filterCount > 0
                ? t('engine.table.filtersActive', { count: filterCount })
                : t('engine.table.filters')}
            </Button>
          )}
          {filterCount > 0 && (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={clearFilters}
            >
              {t('engine.table.clearFilters')}
            </Button>
          )}
        </Group>
      )}
      {filters.length > 0 && (
        <Collapse expanded={filtersOpen} id={filtersPanelId}>
          <Paper withBorder p="sm" radius="md">
            <TableFilters
              entity={p.entity}
              filters={filters}
              values={filterValues}
              onChange={setFilter}
              labels={p.filterLabels}
            />
          </Paper>
        </Collapse>
      )}
      {query.isError && !missing && (
        <Alert
          color="red"
          icon={<IconAlertCircle aria-hidden />}
          title={t('engine.table.loadFailed')}
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{query.error.message}</Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => void query.refetch()}
              loading={query.isFetching}
            >
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {!(query.isError && !query.data && !missing) && (
        <DataTable<Row>
          records={records}
          columns={columns}
          idAccessor="id"
          // Edit and delete stay in reach when a wide table scrolls sideways on a tablet.
          pinLastColumn={Boolean(p.rowActions)}
          scrollViewportRef={viewportRef}
          fetching={query.isFetching}
          minHeight={records.length === 0 ? 200 : undefined}
          loadingText={t('engine.table.loading')}
          // Rendered only when the list is really empty: a hidden "No records" would be read after the rows.
          emptyState={
            records.length === 0 && !query.isFetching ? (
              <Text size="sm" c="dimmed">
                {missing ? t('offline.notOnDevice') : (p.emptyText ?? t('engine.table.empty'))}
              </Text>
            ) : (
              <></>
            )
          }
          highlightOnHover={Boolean(onRowClick)}
          onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
          // A row that opens something opens from the keyboard too: Tab to it, then Enter.
          customRowAttributes={
            onRowClick
              ? (record) => ({
                  tabIndex: 0,
                  onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => {
                    // Enter on a button inside the row belongs to that button.
                    if (e.key === 'Enter' && e.target === e.currentTarget) onRowClick(record);
                  },
                })
              : undefined
          }
          page={page}
          onPageChange={setPage}
          totalRecords={query.data?.meta.totalCount ?? 0}
          recordsPerPage={pageSize}
          // Our own page-size select: the built-in one is a menu button named only by its number.
          renderPagination={({ Controls }) => (
            <>
              <Controls.Text />
              <Group gap="xs" wrap="nowrap">
                <Text component="label" htmlFor={pageSizeId} size="sm">
                  {t('engine.table.recordsPerPage')}
                </Text>
                <NativeSelect
                  id={pageSizeId}
                  size="xs"
                  data={pageSizes.map(String)}
                  value={String(pageSize)}
                  onChange={(e) => {
                    setPageSize(Number(e.currentTarget.value));
                    setPage(1);
                  }}
                />
              </Group>
              <Controls.Pagination />
            </>
          )}
          {...pagination.props}
        />
      )}
      {query.data?.meta.searchLimitedTo && (
        <Text size="sm" c="dimmed" role="status">
          {t('engine.table.searchLimited', {
            count: query.data.meta.searchLimitedTo,
            newest: formatNumber(query.data.meta.searchLimitedTo, language),
          })}
        </Text>
      )}
      {someHidden && onRowClick && (
        <Text size="sm" c="dimmed">
          {t('engine.table.hiddenColumns')}
        </Text>
      )}
      {p.details && (
        <RecordDrawer
          entity={p.entity}
          record={detailsOf}
          onClose={() => setDetailsOf(null)}
          title={detailsOf ? p.details.title(detailsOf) : ''}
          leading={fitted.map((c) => c.key)}
          renderValue={p.renderCell}
          actions={p.details.actions}
        />
      )}
    </Stack>
  );
}

function safeCompute(compute: () => unknown): unknown {
  try {
    return compute();
  } catch {
    // A record missing what the computation needs shows '—', not a broken table.
    return null;
  }
}
