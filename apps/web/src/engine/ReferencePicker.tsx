import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { entities, routeTable } from '@inspectra/contract';
import type { EntityDefinition, RouteDefinition } from '@inspectra/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../api/calls.ts';
import { recordName } from './entity-labels.ts';

type Row = Record<string, unknown>;

/** How many records one search shows: enough to scan, few enough to send at once on a slow line. */
export const referencePageSize = 20;
const searchDelayMs = 250;

/**
 * The paged list call of an entity (`op.list`), found by what it does: what a picker searches. None
 * for an entity listed only under its parent, or only by a module's own action.
 */
export function referenceListRoute(entityName: string, variant?: string): RouteDefinition | undefined {
  return (routeTable as RouteDefinition[]).find(
    (r) =>
      r.method === 'GET' &&
      r.operation.kind === 'list' &&
      r.operation.entity.name === entityName &&
      r.operation.variant === variant,
  );
}

export type ReferencePickerProps = {
  /** The entity the reference points at. */
  target: EntityDefinition;
  /** Its list call (see `referenceListRoute`). */
  route: RouteDefinition;
  /** The id chosen, or null. */
  value: string | null;
  onChange: (id: string | null) => void;
  label: ReactNode;
  description?: ReactNode;
  required?: boolean;
  error?: ReactNode;
  id?: string;
  disabled?: boolean;
  onBlur?: () => void;
  onFocus?: () => void;
};

/**
 * The entity a reference points at and the list call a picker searches; undefined when it has none
 * (a parent the page sets, an entity listed per variant or only by a module's own call).
 */
export function referenceTargetOf(entityName: string) {
  const target = entities[entityName];
  const route = target && !target.variants ? referenceListRoute(entityName) : undefined;
  return target && route ? { target, route } : undefined;
}

/**
 * Chooses a record by what people call it: typing searches the target's list on the server (its
 * `search` fields), each record is shown by its declared `represent` fields, and the chosen id is
 * what the form keeps. The current record's name is read once by `?id=` when editing.
 */
export function ReferencePicker(p: ReferencePickerProps) {
  const { t } = useTranslation();
  // What the box shows: the chosen record's name, or what the user types.
  const [searchText, setSearchText] = useState('');
  // Names of records picked here, so choosing one costs no second request for its name.
  const [known, setKnown] = useState<Record<string, string>>({});
  // Nothing is searched until the list is first opened: a form of several pickers costs no requests.
  const [opened, setOpened] = useState(false);

  const queryKey = ['reference', p.route.method, p.route.path];
  const chosenName = p.value ? known[p.value] : undefined;
  const current = useQuery({
    queryKey: [...queryKey, { id: p.value }],
    queryFn: async ({ signal }) => {
      const envelope = await callRoute<Row[]>(p.route, { query: { id: p.value }, signal });
      return envelope.data[0] ?? null;
    },
    enabled: Boolean(p.value) && chosenName === undefined,
  });
  // A record the user may not read (or no longer there) is shown by its id rather than as nothing.
  const currentName =
    chosenName ??
    (current.data
      ? recordName(p.target, current.data)
      : current.isError
        ? (p.value ?? undefined)
        : undefined);
  // The chosen record's name in the box is not a search: the list then shows the first records.
  const typed = searchText === currentName ? '' : searchText.trim();
  const [search] = useDebouncedValue(typed, searchDelayMs);

  const results = useQuery({
    queryKey: [...queryKey, { search }],
    queryFn: async ({ signal }) => {
      const query = { pageNumber: 1, pageSize: referencePageSize, ...(search ? { search } : {}) };
      const envelope = await callRoute<Row[]>(p.route, { query, signal });
      return envelope.data;
    },
    placeholderData: keepPreviousData,
    enabled: opened && !p.disabled,
  });
  const options = new Map<string, string>();
  if (p.value && currentName !== undefined) options.set(p.value, currentName);
  for (const record of results.data ?? []) options.set(String(record.id), recordName(p.target, record));
  const data = [...options].map(([value, label]) => ({ value, label }));
  const busy = results.isFetching || current.isFetching;

  return (
    <Select
      id={p.id}
      label={p.label}
      description={p.description}
      required={p.required}
      error={p.error}
      disabled={p.disabled}
      onBlur={() => p.onBlur?.()}
      onFocus={() => p.onFocus?.()}
      data={data}
      value={p.value}
      onChange={(value, option) => {
        if (value && option) setKnown((k) => ({ ...k, [value]: option.label }));
        p.onChange(value);
      }}
      onDropdownOpen={() => setOpened(true)}
      searchable
      searchValue={searchText}
      onSearchChange={setSearchText}
      // The server has matched already: every result it returned is an option.
      filter={({ options: all }) => all}
      clearable={!p.required}
      allowDeselect={!p.required}
      placeholder={t('engine.input.referencePlaceholder')}
      nothingFoundMessage={
        busy ? t('engine.input.referenceSearching') : t('engine.input.referenceNothingFound')
      }
      rightSection={busy ? <Loader size="xs" aria-hidden /> : undefined}
      maxDropdownHeight={320}
    />
  );
}
