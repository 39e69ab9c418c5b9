import { Select, Switch, Text, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { DateInput, DateTimePicker } from '@mantine/dates';
import { numberFromLabel } from '@inspectra/contract';
import type { EntityDefinition, Field, RouteDefinition, TextFormat } from '@inspectra/contract';
import { useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel, fieldDescription, fieldLabel, unitOf } from './entity-labels.ts';
import { pickerOf, ReferenceMultiSelect, ReferencePicker } from './ReferencePicker.tsx';
import {
  dateDisplayFormat,
  dayjsLocale,
  formatEditableNumber,
  parseLocaleNumber,
  parseTypedDate,
} from './locale.ts';

export type FieldInputProps = {
  entity: EntityDefinition;
  fieldKey: string;
  field: Field;
  /** The input-side value (see `toInputValue`): '' for empty text, a number or '' for numbers, … */
  value: unknown;
  onChange: (value: unknown) => void;
  /**
   * A record picked for a `references` field, for the form to fill the field's `referenceFills`
   * from.
   */
  onPick?: (record: Record<string, unknown>) => void;
  /**
   * The form's other values, for a `references` field whose record must agree with them
   * (`referenceMatches`): its picker lists only the records that do.
   */
  values?: Record<string, unknown>;
  onBlur?: () => void;
  onFocus?: () => void;
  error?: ReactNode;
  id?: string;
  disabled?: boolean;
};

/**
 * The input for one field, chosen by its kind: label, help text, required mark and error beside it,
 * all in the user's language. Numbers are never clamped, so an out-of-range value is shown with its
 * message instead of silently changed.
 */
export function FieldInput(p: FieldInputProps) {
  const { t, i18n } = useTranslation();
  const { field } = p;
  const language = i18n.language;
  const label = fieldLabel(t, p.entity.name, p.fieldKey, field);
  const unit = unitOf(field);
  const common = {
    id: p.id,
    // The unit is shown beside the value; screen readers hear it with the label.
    label: unit ? (
      <>
        {label}
        <VisuallyHidden> ({unit})</VisuallyHidden>
      </>
    ) : (
      label
    ),
    description: fieldDescription(t, p.entity.name, p.fieldKey, field),
    required: field.required === true,
    error: p.error,
    onBlur: () => p.onBlur?.(),
    onFocus: () => p.onFocus?.(),
    disabled: p.disabled,
  };
  const text = typeof p.value === 'string' ? p.value : '';

  switch (field.kind) {
    case 'number':
    case 'integer':
      return (
        <NumberText
          {...common}
          value={p.value}
          onChange={p.onChange}
          language={language}
          fromLabel={(typed) => numberFromLabel(field, typed)}
          rightSection={
            unit ? (
              <Text size="sm" c="dimmed" aria-hidden>
                {unit}
              </Text>
            ) : undefined
          }
          rightSectionPointerEvents="none"
          // A unit longer than the section's square (mm/s, MHz) keeps clear of the input's border.
          rightSectionWidth={unit && unit.length > 2 ? `calc(${unit.length}ch + 1rem)` : undefined}
        />
      );
    case 'date':
      return (
        <DateInput
          {...common}
          value={typeof p.value === 'string' ? p.value : null}
          onChange={(v) => p.onChange(v)}
          clearable={!field.required}
          clearButtonProps={{ 'aria-label': t('engine.input.clearDate') }}
          locale={dayjsLocale(language)}
          valueFormat={dateDisplayFormat}
          dateParser={(s) => parseTypedDate(s, language)}
          placeholder={t('engine.input.datePlaceholder')}
        />
      );
    case 'datetime':
      return (
        <DateTimePicker
          {...common}
          value={typeof p.value === 'string' ? p.value : null}
          onChange={(v) => p.onChange(v)}
          clearable={!field.required}
          clearButtonProps={{ 'aria-label': t('engine.input.clearDate') }}
          locale={dayjsLocale(language)}
          valueFormat={`${dateDisplayFormat} HH:mm`}
          placeholder={t('engine.input.dateTimePlaceholder')}
        />
      );
    case 'boolean': {
      // A switch is always on or off: there is nothing to require, and no asterisk to show.
      const { required: _, ...switchProps } = common;
      return (
        <Switch
          {...switchProps}
          checked={p.value === true}
          onChange={(e) => p.onChange(e.currentTarget.checked)}
          mt="xs"
        />
      );
    }
    case 'enum':
      return (
        <Select
          {...common}
          data={field.values.map((v) => ({ value: v, label: enumLabel(t, p.entity.name, p.fieldKey, v) }))}
          value={typeof p.value === 'string' ? p.value : null}
          onChange={(v) => p.onChange(v)}
          clearable={!field.required}
          allowDeselect={!field.required}
          placeholder={t('engine.input.selectPlaceholder')}
        />
      );
    case 'json':
      // A list of other records' keys (equipment categories): chosen from their list.
      if (field.itemsReference) {
        const reference = pickerOf(field);
        if (reference)
          return (
            <ReferenceMultiSelect
              {...common}
              {...reference}
              value={keysOf(text)}
              onChange={(keys) => p.onChange(JSON.stringify(keys))}
            />
          );
      }
    // falls through: any other JSON is typed as text
    case 'longText': {
      const json = field.kind === 'json';
      return (
        <Textarea
          {...common}
          value={text}
          onChange={(e) => p.onChange(e.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={json ? 16 : 12}
          // JSON is code: monospaced, and a spell checker would only underline its keys.
          styles={json ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } : undefined}
          spellCheck={json ? false : undefined}
        />
      );
    }
    case 'ref': {
      // A record chosen by its name where its entity can be searched; otherwise the page sets it.
      const reference = pickerOf(field);
      if (reference)
        return (
          <ReferencePicker
            {...common}
            {...reference}
            value={text === '' ? null : text}
            onChange={(id) => p.onChange(id ?? '')}
          />
        );
      return <TextInput {...common} value={text} onChange={(e) => p.onChange(e.currentTarget.value)} />;
    }
    case 'text': {
      // Another record's key (a category code, an equipment number): picked, the key kept.
      const reference = pickerOf(field);
      if (reference) {
        const agreed = agreement(field, reference.route, p.values ?? {});
        return (
          <ReferencePicker
            {...common}
            {...reference}
            description={
              agreed.shownBy.length > 0
                ? [
                    common.description,
                    t('engine.input.referenceNarrowed', {
                      fields: agreed.shownBy
                        .map((k) => fieldLabel(t, p.entity.name, k, p.entity.fields[k]!).toLowerCase())
                        .join(', '),
                    }),
                  ]
                    .filter(Boolean)
                    .join(' ')
                : common.description
            }
            filters={agreed.filters}
            matches={
              Object.keys(agreed.values).length > 0
                ? {
                    values: agreed.values,
                    message: t('engine.input.referenceMismatch', {
                      fields: Object.keys(field.referenceMatches ?? {})
                        .filter((k) => agreed.values[field.referenceMatches![k]!] !== undefined)
                        .map((k) => fieldLabel(t, p.entity.name, k, p.entity.fields[k]!).toLowerCase())
                        .join(', '),
                    }),
                  }
                : undefined
            }
            value={text === '' ? null : text}
            onChange={(key, record) => {
              p.onChange(key ?? '');
              if (record) p.onPick?.(record);
            }}
          />
        );
      }
      // An e-mail address, telephone number or web address gets the keyboard made for it.
      const inputType = field.format ? inputTypes[field.format] : undefined;
      return (
        <TextInput
          {...common}
          {...(inputType ? { type: inputType } : {})}
          value={text}
          onChange={(e) => p.onChange(e.currentTarget.value)}
        />
      );
    }
  }
}

const inputTypes: Record<TextFormat, 'email' | 'tel' | 'url'> = { email: 'email', phone: 'tel', url: 'url' };

/**
 * What a `references` field's `referenceMatches` asks of the record picked, given the form's values:
 * the values it must have (by its field), the target list's query parameters that narrow the picker
 * to such records (an equality filter on that field: `?category=pipe`), and the form's fields that
 * narrowed it.
 */
export function agreement(field: Field, route: RouteDefinition, values: Record<string, unknown>) {
  const filters: Record<string, string> = {};
  const wanted: Record<string, string> = {};
  const shownBy: string[] = [];
  const declared = route.operation.kind === 'list' ? route.operation.filters : {};
  for (const [mine, theirs] of Object.entries(field.kind === 'text' ? (field.referenceMatches ?? {}) : {})) {
    const value = values[mine];
    if (typeof value !== 'string' || value === '') continue;
    wanted[theirs] = value;
    const param = Object.entries(declared).find(
      ([, filter]) =>
        'field' in filter && filter.field === theirs && (filter.op === 'eq' || filter.op === 'in'),
    )?.[0];
    if (!param) continue;
    filters[param] = value;
    shownBy.push(mine);
  }
  return { filters, values: wanted, shownBy };
}

/** The keys a JSON list input holds as text ('' or `["pipe"]`); none when it is not such a list. */
function keysOf(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text || '[]');
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/**
 * A number typed as people write it in the language ("1.234,5" in Bahasa), kept as typed while it is
 * being written. The form receives the number, '' when empty, or NaN while the text is not a number
 * in the language (the schema then says "Enter a number"); nothing is silently dropped or reinterpreted,
 * as a number input does with "1e5" (it became 15).
 */
export function NumberText({
  value,
  onChange,
  language,
  fromLabel,
  ...props
}: Omit<ComponentProps<typeof TextInput>, 'value' | 'onChange'> & {
  value: unknown;
  onChange: (value: unknown) => void;
  language: string;
  /** The number text names when it is not a number: a label's digits ("Attempt 3" → 3), as the API reads it. */
  fromLabel?: (text: string) => number | undefined;
}) {
  const shown = (v: unknown) =>
    typeof v === 'number' && !Number.isNaN(v) ? formatEditableNumber(v, language) : '';
  const [text, setText] = useState(() => shown(value));
  const [last, setLast] = useState<{ value: unknown; language: string }>({ value, language });
  // A value set from outside (a restored draft, a reset, another language) replaces the text; the
  // value this input just reported does not, so "78," stays while typing on to "78,4".
  if (!Object.is(last.value, value) || last.language !== language) {
    setLast({ value, language });
    const typed = parseLocaleNumber(text, language);
    const same =
      typeof value === 'number' ? Object.is(typed ?? NaN, value) : text.trim() === '' && value === '';
    if (!same) setText(shown(value));
  }
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        const number =
          next.trim() === '' ? '' : (parseLocaleNumber(next, language) ?? fromLabel?.(next) ?? NaN);
        setLast({ value: number, language });
        onChange(number);
      }}
    />
  );
}
