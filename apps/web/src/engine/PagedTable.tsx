import { Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DataTable } from 'mantine-datatable';
import type { DataTableColumn, DataTableProps } from 'mantine-datatable';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatNumber } from './locale.ts';
import { notOnDevice } from './useOnline.ts';
import type { QueryReach } from './useOnline.ts';

/**
 * What every server-paged table says about its pages, in the user's language: "1–25 of about
 * 2,000", each page button and the first/previous/next/last controls named for a screen reader, and
 * controls and rows sized for a finger on a touch screen. `totalCountExact` false: the total is a
 * lower bound (docs/api-conventions.md).
 */
export function usePagination(totalCountExact: boolean | undefined) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const touch = useMediaQuery('(pointer: coarse)');
  const controls: Record<string, string> = {
    first: t('engine.table.firstPage'),
    previous: t('engine.table.previousPage'),
    next: t('engine.table.nextPage'),
    last: t('engine.table.lastPage'),
  };
  return {
    touch,
    props: {
      paginationSize: touch ? 'xl' : 'sm',
      // Rows open something: 48 px tall on a touch screen.
      verticalSpacing: touch ? 'md' : 'xs',
      paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
        t('engine.table.pagination', {
          from: formatNumber(from, language),
          to: formatNumber(to, language),
          total: formatCount(
            { totalCount: totalRecords, totalCountExact: totalCountExact ?? true },
            language,
          ),
        }),
      getPaginationControlProps: (control: string) => ({ 'aria-label': controls[control] }),
      getPaginationItemProps: (n: number) => ({ 'aria-label': t('engine.table.page', { page: n }) }),
    } satisfies Partial<DataTableProps<object>>,
  };
}

/**
 * A page of records read by the server, each row opening its record (a click, or Enter on the row
 * reached by Tab), with the list's error, its empty text and the paging `usePagination` says.
 */
export function PagedTable<T extends { id: string }>(p: {
  records: T[];
  columns: DataTableColumn<T>[];
  /** The list's query: whether it is fetching, how it failed, whether it is on the device at all. */
  query: QueryReach & { isFetching: boolean; error: Error | null };
  emptyText: string;
  /** Opens a record; `openLabel` names the row for a screen reader. */
  open: (record: T) => void;
  openLabel: (record: T) => string;
  page: number;
  onPageChange: (page: number) => void;
  pageSize: number;
  meta: { totalCount: number; totalCountExact?: boolean } | undefined;
}) {
  const { t } = useTranslation();
  const { props } = usePagination(p.meta?.totalCountExact);
  const missing = notOnDevice(p.query);
  const fetching = p.query.isFetching;
  return (
    <>
      {p.query.error && !missing && (
        <Text c="red" role="alert">
          {p.query.error.message}
        </Text>
      )}
      <DataTable<T>
        records={p.records}
        columns={p.columns}
        idAccessor="id"
        fetching={fetching}
        minHeight={p.records.length === 0 ? 200 : undefined}
        loadingText={t('common.loading')}
        emptyState={
          p.records.length === 0 && !fetching ? (
            <Text size="sm" c="dimmed">
              {missing ? t('offline.notOnDevice') : p.emptyText}
            </Text>
          ) : (
            <></>
          )
        }
        highlightOnHover
        onRowClick={({ record }) => p.open(record)}
        customRowAttributes={(record) => ({
          tabIndex: 0,
          'aria-label': p.openLabel(record),
          onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => {
            // Enter on a button inside the row belongs to that button.
            if (e.key === 'Enter' && e.target === e.currentTarget) p.open(record);
          },
        })}
        page={p.page}
        onPageChange={p.onPageChange}
        totalRecords={p.meta?.totalCount ?? 0}
        recordsPerPage={p.pageSize}
        {...props}
      />
    </>
  );
}
