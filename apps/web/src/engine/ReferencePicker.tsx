import { Loader, MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { entities, maxPageSize, referenceTarget, routeTable } from '@inspectra/contract';
import type { EntityDefinition, Field, RouteDefinition } from '@inspectra/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { callRoute } from '../api/calls.ts';
import { recordName } from './entity-labels.ts';
import { notOnDevice, useOnline } from './useOnline.ts';
import type { QueryReach } from './useOnline.ts';

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

/**
 * The reads a picker makes of its target's list, under `['reference', method, path, …]`: the screens
 * and taking a task offline (`engine/picker-options.ts`) name them alike, so what is taken along is
 * what a picker finds offline.
 */
export const referenceQueries = {
  /** One page of the list as the picker shows it: the first records, or a search's, narrowed by `filters`. */
  page: (route: RouteDefinition, filters: Record<string, string> = {}, search = '') =>
    queryOptions({
      queryKey: ['reference', route.method, route.path, { search, ...filters }],
      queryFn: async ({ signal }) => {
        const query = {
          pageNumber: 1,
          pageSize: referencePageSize,
          ...filters,
          ...(search ? { search } : {}),
        };
        return (await callRoute<Row[]>(route, { query, signal })).data;
      },
    }),
  /**
   * The record a value names (the chosen one's name): by id, by the key filter every whole list
   * takes, else by searching the key and keeping the record that has exactly that key.
   */
  named: (route: RouteDefinition, valueField: string, value: string | null) =>
    queryOptions({
      queryKey: ['reference', route.method, route.path, { [valueField]: value }],
      queryFn: async ({ signal }) => {
        const filters = route.operation.kind === 'list' ? route.operation.filters : {};
        const query =
          valueField === 'id'
            ? { id: value }
            : filters[valueField] !== undefined
              ? { [valueField]: value, pageNumber: 1, pageSize: referencePageSize }
              : { search: value, pageNumber: 1, pageSize: referencePageSize };
        const envelope = await callRoute<Row[]>(route, { query, signal });
        return envelope.data.find((r) => String(r[valueField]) === value) ?? null;
      },
    }),
  /** A short list whole (a vocabulary a multi-select picks from): its first page, as large as a page may be. */
  all: (route: RouteDefinition) =>
    queryOptions({
      queryKey: ['reference', route.method, route.path, { all: true }],
      queryFn: async ({ signal }) =>
        (await callRoute<Row[]>(route, { query: { pageNumber: 1, pageSize: maxPageSize }, signal })).data,
    }),
};

export type ReferencePickerProps = {
  /** The entity the reference points at. */
  target: EntityDefinition;
  /** Its list call (see `referenceListRoute`). */
  route: RouteDefinition;
  /** The field the picker keeps: the record's id, or the key a `references` text field names. */
  valueField?: string;
  /** The id (or key) chosen, or null. */
  value: string | null;
  /** The id (or key) chosen, and the record as the list gave it when one was picked from the list. */
  onChange: (id: string | null, record?: Row) => void;
  label: ReactNode;
  description?: ReactNode;
  required?: boolean;
  error?: ReactNode;
  id?: string;
  disabled?: boolean;
  onBlur?: () => void;
  onFocus?: () => void;
  /**
   * Conditions of the target's list the form's other values set (`referenceMatches`: only equipment
   * of the chosen category), by the list's query parameter (`{ category: 'pipe' }`).
   */
  filters?: Record<string, string>;
  /**
   * The values the chosen record must have, by its field (`{ categoryCode: 'pipe' }`), with the
   * message shown on the picker when it has others (its category changed since it was picked).
   */
  matches?: { values: Record<string, string>; message: string };
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
 * What a `references` text field (`'equipmentCategory'`, `'equipment.tagNumber'`) is picked from:
 * the target, its list call and the field the picker keeps (the key, not the id).
 */
export function keyReferenceOf(references: string) {
  const { entity, field } = referenceTarget(references, (name) => entities[name]);
  const reference = referenceTargetOf(entity.name);
  return reference ? { ...reference, valueField: field } : undefined;
}

/**
 * The list a field is picked from, when it is a picker: a `ref` by id, a `references` text field by
 * key, a JSON list of keys (`itemsReference`) several at once. Undefined for any other field, and
 * for a reference with no list to search (the page sets it).
 */
export function pickerOf(field: Field) {
  const reference =
    field.kind === 'ref'
      ? referenceTargetOf(field.entity)
      : field.kind === 'text' && field.references
        ? keyReferenceOf(field.references)
        : field.kind === 'json' && field.itemsReference
          ? keyReferenceOf(field.itemsReference)
          : undefined;
  return reference && { valueField: 'id', ...reference, several: field.kind === 'json' };
}

/** What a picker passes on to its input as it came: label, help, error, focus. */
function inputProps(p: Omit<ReferencePickerProps, 'value' | 'onChange' | 'target' | 'route'>) {
  return {
    id: p.id,
    label: p.label,
    description: p.description,
    required: p.required,
    error: p.error,
    disabled: p.disabled,
    onBlur: () => p.onBlur?.(),
    onFocus: () => p.onFocus?.(),
  };
}

/**
 * A record as the picker lists it: by its `represent` fields as a person names it ("T-311 · Crude
 * oil tank"), the kept key after it in brackets when those do not show it ("(10001158)"), never
 * leading; no key when it only repeats the name in other letters (a method "paut" named "PAUT").
 */
function optionLabel(target: EntityDefinition, record: Row, valueField: string): string {
  const name = recordName(target, record);
  const key = record[valueField];
  if (valueField === 'id' || (target.represent ?? []).includes(valueField) || key == null) return name;
  const code = String(key);
  return code.toLowerCase() === name.toLowerCase() ? name : `${name} (${code})`;
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

  // Records picked here, to judge the chosen one against `matches` without reading it again.
  const [picked, setPicked] = useState<Record<string, Row>>({});

  const valueField = p.valueField ?? 'id';
  const online = useOnline();
  const chosenName = p.value ? known[p.value] : undefined;
  const current = useQuery({
    ...referenceQueries.named(p.route, valueField, p.value),
    enabled:
      Boolean(p.value) && (chosenName === undefined || (p.matches !== undefined && !picked[p.value ?? ''])),
  });
  const chosen = p.value ? (picked[p.value] ?? current.data ?? undefined) : undefined;
  const mismatch =
    chosen && p.matches
      ? Object.entries(p.matches.values).some(([field, value]) => String(chosen[field] ?? '') !== value)
      : false;
  // A record the user may not read (or no longer there) is shown by its id or key rather than as nothing.
  const currentName =
    chosenName ??
    (current.data
      ? optionLabel(p.target, current.data, valueField)
      : current.isError || notOnDevice(current) || (current.isSuccess && valueField !== 'id')
        ? (p.value ?? undefined)
        : undefined);
  // The chosen record's name in the box is not a search: the list then shows the first records.
  const typed = searchText === currentName ? '' : searchText.trim();
  // Offline the server cannot search: the records on the device (the first page, kept when the task
  // was taken along) are filtered here as typed.
  const [search] = useDebouncedValue(online ? typed : '', searchDelayMs);

  const results = useQuery({
    ...referenceQueries.page(p.route, p.filters, search),
    placeholderData: keepPreviousData,
    enabled: opened && !p.disabled,
  });
  const options = new Map<string, string>();
  if (p.value && currentName !== undefined) options.set(p.value, currentName);
  for (const record of results.data ?? [])
    options.set(String(record[valueField]), optionLabel(p.target, record, valueField));
  const data = [...options].map(([value, label]) => ({ value, label }));
  const busy = results.isFetching || current.isFetching;

  return (
    <Select
      {...inputProps(p)}
      error={p.error ?? (mismatch ? p.matches?.message : undefined)}
      data={data}
      value={p.value}
      onChange={(value, option) => {
        if (value && option) setKnown((k) => ({ ...k, [value]: option.label }));
        const record = value ? (results.data ?? []).find((r) => String(r[valueField]) === value) : undefined;
        if (value && record) setPicked((k) => ({ ...k, [value]: record }));
        p.onChange(value, record);
      }}
      onDropdownOpen={() => setOpened(true)}
      searchable
      searchValue={searchText}
      onSearchChange={setSearchText}
      // Online the server has matched already: every result it returned is an option.
      filter={online ? ({ options: all }) => all : undefined}
      clearable={!p.required}
      allowDeselect={!p.required}
      placeholder={t('engine.input.referencePlaceholder')}
      nothingFoundMessage={nothingFound(t, results, busy)}
      description={offlineNote(t, results, p.description)}
      rightSection={busy ? <Loader size="xs" aria-hidden /> : undefined}
      maxDropdownHeight={320}
    />
  );
}

/**
 * What an empty list says: searching, or nothing matches. Offline with no copy of the list on the
 * device there is no list to show (no empty listbox): the field's description says so (`offlineNote`).
 */
function nothingFound(t: TFunction, list: QueryReach, busy: boolean): string | undefined {
  if (notOnDevice(list)) return undefined;
  return busy ? t('engine.input.referenceSearching') : t('engine.input.referenceNothingFound');
}

/**
 * The field's description, with "Not on this device — shown when online" after it while the list
 * waits offline with nothing kept on the device: read with the field, never loading without end.
 */
function offlineNote(t: TFunction, list: QueryReach, description: ReactNode): ReactNode {
  if (!notOnDevice(list)) return description;
  return description ? (
    <>
      {description} {t('offline.notOnDevice')}
    </>
  ) : (
    t('offline.notOnDevice')
  );
}

export type ReferenceMultiSelectProps = Omit<ReferencePickerProps, 'value' | 'onChange'> & {
  valueField: string;
  value: string[];
  onChange: (keys: string[]) => void;
};

/**
 * Chooses several records of a short list by their keys (an inspection method's equipment
 * categories): the first page of the target's list, as large as a page may be, filtered as typed.
 * For vocabularies, not for lists that need a server search.
 */
export function ReferenceMultiSelect(p: ReferenceMultiSelectProps) {
  const { t } = useTranslation();
  const results = useQuery(referenceQueries.all(p.route));
  const options = new Map<string, string>(p.value.map((key) => [key, key]));
  for (const record of results.data ?? [])
    options.set(String(record[p.valueField]), optionLabel(p.target, record, p.valueField));
  return (
    <MultiSelect
      {...inputProps(p)}
      data={[...options].map(([value, label]) => ({ value, label }))}
      value={p.value}
      onChange={p.onChange}
      searchable
      clearable
      placeholder={p.value.length === 0 ? t('engine.input.referencePlaceholder') : undefined}
      nothingFoundMessage={nothingFound(t, results, results.isFetching)}
      description={offlineNote(t, results, p.description)}
      rightSection={results.isFetching ? <Loader size="xs" aria-hidden /> : undefined}
      maxDropdownHeight={320}
    />
  );
}
