import { MultiSelect, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import type { EntityDefinition } from '@inspectra/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel, fieldLabel } from './entity-labels.ts';
import { dateDisplayFormat, dayjsLocale, parseTypedDate } from './locale.ts';
import { keyReferenceOf, ReferencePicker, referenceTargetOf } from './ReferencePicker.tsx';
import type { TableFilter } from './table-query.ts';

const typingDelayMs = 300;

export type TableFiltersProps = {
  entity: EntityDefinition;
  filters: TableFilter[];
  /** Current values by query parameter ('' or absent: not filtered). */
  values: Record<string, string>;
  onChange: (param: string, value: string) => void;
  /** Labels a page gives its filters, by parameter; else the field's label. */
  labels?: Record<string, string>;
};

/**
 * One input per filter the list call declares, chosen by the filter and its field: a choice for an
 * enum, several for `in`, a date for a date range's end, a switch for yes/no and "has values", a
 * record picker for a reference, text otherwise.
 */
export function TableFilters(p: TableFiltersProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
      {p.filters.map((f) => (
        <FilterInput
          key={f.param}
          entity={p.entity}
          filter={f}
          value={p.values[f.param] ?? ''}
          onChange={(v) => p.onChange(f.param, v)}
          label={p.labels?.[f.param]}
        />
      ))}
    </SimpleGrid>
  );
}

function FilterInput({
  entity,
  filter: { param, filter, field, fieldKey },
  value,
  onChange,
  label: given,
}: {
  entity: EntityDefinition;
  filter: TableFilter;
  value: string;
  onChange: (value: string) => void;
  label?: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;

  if (filter.op === 'hasValues') {
    const names = filter.fields.map((key) => {
      const f = entity.fields[key];
      return f ? fieldLabel(t, entity.name, key, f) : key;
    });
    return (
      <Switch
        label={t('engine.table.onlyWithValues', { fields: names.join(', ') })}
        checked={value === 'true'}
        onChange={(e) => onChange(e.currentTarget.checked ? 'true' : '')}
        mt="lg"
      />
    );
  }
  if (filter.op === 'unlessIncluded') {
    // Records with a value in the field are left out unless this is on (superseded reports).
    const f = entity.fields[filter.field];
    return (
      <Switch
        label={given ?? (f ? fieldLabel(t, entity.name, filter.field, f) : filter.field)}
        checked={value === 'true'}
        onChange={(e) => onChange(e.currentTarget.checked ? 'true' : '')}
        mt="lg"
      />
    );
  }
  if (!field || !fieldKey) return null;
  const name = fieldLabel(t, entity.name, fieldKey, field);
  const label =
    filter.op === 'gte'
      ? t('engine.table.from', { label: name })
      : filter.op === 'lte'
        ? t('engine.table.until', { label: name })
        : name;

  if (field.kind === 'enum') {
    const data = field.values.map((v) => ({ value: v, label: enumLabel(t, entity.name, fieldKey, v) }));
    if (filter.op === 'in')
      return (
        <MultiSelect
          label={label}
          data={data}
          value={value ? value.split(',') : []}
          onChange={(v) => onChange(v.join(','))}
          clearable
          placeholder={value ? undefined : t('engine.input.selectPlaceholder')}
        />
      );
    return (
      <Select
        label={label}
        data={data}
        value={value || null}
        onChange={(v) => onChange(v ?? '')}
        clearable
        placeholder={t('engine.input.selectPlaceholder')}
      />
    );
  }
  if (field.kind === 'boolean')
    return (
      <Switch
        label={label}
        checked={value === 'true'}
        onChange={(e) => onChange(e.currentTarget.checked ? 'true' : '')}
        mt="lg"
      />
    );
  if (field.kind === 'date')
    return (
      <DateInput
        label={label}
        value={value || null}
        onChange={(v) => onChange(v ?? '')}
        clearable
        locale={dayjsLocale(language)}
        valueFormat={dateDisplayFormat}
        dateParser={(s) => parseTypedDate(s, language)}
        placeholder={t('engine.input.datePlaceholder')}
      />
    );
  if ((field.kind === 'ref' || (field.kind === 'text' && field.references)) && filter.op === 'eq') {
    const reference =
      field.kind === 'ref' ? referenceTargetOf(field.entity) : keyReferenceOf(field.references!);
    if (reference)
      return (
        <ReferencePicker
          {...reference}
          label={label}
          value={value || null}
          onChange={(id) => onChange(id ?? '')}
        />
      );
  }
  return <TypedFilter label={label} value={value} onChange={onChange} key={param} />;
}

/** Text sent once typing pauses, so each keystroke is not a request. */
function TypedFilter(p: { label: string; value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(p.value);
  const [last, setLast] = useState(p.value);
  const commit = useDebouncedCallback((v: string) => p.onChange(v.trim()), typingDelayMs);
  // Cleared from outside ("Clear filters"): the box empties too.
  if (p.value !== last) {
    setLast(p.value);
    if (p.value !== text.trim()) setText(p.value);
  }
  return (
    <TextInput
      label={p.label}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        commit(e.currentTarget.value);
      }}
    />
  );
}
