import type { EntityDefinition, Field } from '@inspectra/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { itemsKeyOf, listOfText } from '@inspectra/contract';
import { enumLabel, fieldOf, itemFieldLabel, itemValueLabel } from './entity-labels.ts';
import { formatDate, formatDateTime, formatPosition, formatQuantity } from './locale.ts';
import { namedReferenceOf, ReferenceValue } from './reference-names.tsx';

/** What a code looks like: one word, no spaces or dots (which the translation lookup would split). */
const codePattern = /^[A-Za-z][\w-]*$/;

/**
 * A field's value as text in the language: numbers with their unit, dates day-first, Yes/No, enum
 * labels (when `context` names the entity and key the translations live under), '—' for nothing.
 * Pure, for table cells and exports alike.
 */
export function formatFieldValue(
  field: Field,
  value: unknown,
  t: TFunction,
  language: string,
  context?: { entityName: string; key: string; itemsKey?: string },
): string {
  if (value === null || value === undefined || value === '')
    return context && field.blank
      ? t(`entities.${context.entityName}.fields.${context.key}Blank`, { defaultValue: field.blank })
      : t('common.none');
  switch (field.kind) {
    case 'integer':
      // A year reads as written on a nameplate: 1994, never 1,994 or 1.994.
      if (field.format === 'year') return String(value);
      return typeof value === 'number' ? formatQuantity(value, field.unit, language) : String(value);
    case 'number':
      if (typeof value !== 'number') return String(value);
      // A position: in degrees, minutes and seconds, the hemisphere in the language, then decimal.
      if (field.format)
        return formatPosition(value, field.format, language, (letter) =>
          context ? enumLabel(t, context.entityName, `${context.key}Hemisphere`, letter) : letter,
        );
      return formatQuantity(value, field.unit, language);
    case 'date':
      return formatDate(String(value), language);
    case 'datetime':
      return formatDateTime(String(value), language);
    case 'boolean':
      return value === true ? t('common.yes') : t('common.no');
    case 'enum':
      return context ? enumLabel(t, context.entityName, context.key, String(value)) : String(value);
    case 'json': {
      // A list of typed objects: one line per item, each filled field with its label and unit.
      const items = field.items;
      if (!items) return JSON.stringify(value);
      const list = listOfText(value);
      if (list.length === 0) return t('common.none');
      const listKey = context?.itemsKey ?? context?.key ?? '';
      return list
        .map((row, i) => {
          const parts = Object.entries(items).flatMap(([key, item]) => {
            const v = (row as Record<string, unknown> | null)?.[key];
            if (v === null || v === undefined || v === '') return [];
            const shown =
              item.kind === 'enum' && context
                ? itemValueLabel(t, context.entityName, listKey, key, String(v), item)
                : formatFieldValue(item, v, t, language);
            const label = context ? itemFieldLabel(t, context.entityName, listKey, key, item) : key;
            return [`${label} ${shown}`];
          });
          return `${i + 1}. ${parts.join(' · ')}`;
        })
        .join('\n');
    }
    case 'text':
      // A code kept as free text ("thermal") reads as its name when the entity's translations give one.
      return context && codePattern.test(String(value))
        ? enumLabel(t, context.entityName, context.key, String(value))
        : String(value);
    default:
      return String(value);
  }
}

export type FieldDisplayProps = {
  entity: EntityDefinition;
  fieldKey: string;
  /** Defaults to the entity's field or derived value of that key. */
  field?: Field;
  value: unknown;
};

/**
 * A read-only value, inline (it sits inside the caller's <dd>, cell or text); another record's key
 * as that record's name (`ReferenceValue`).
 */
export function FieldDisplay(p: FieldDisplayProps) {
  const { t, i18n } = useTranslation();
  const field = p.field ?? fieldOf(p.entity, p.fieldKey);
  if (!field) return <>{p.value === null || p.value === undefined ? t('common.none') : String(p.value)}</>;
  // Another record's key reads as that record's name, the key beside it.
  if (namedReferenceOf(field))
    return (
      <ReferenceValue
        field={field}
        value={p.value}
        context={{ entityName: p.entity.name, key: p.fieldKey }}
      />
    );
  const text = formatFieldValue(field, p.value, t, i18n.language, {
    entityName: p.entity.name,
    key: p.fieldKey,
    itemsKey: itemsKeyOf(p.entity, p.fieldKey),
  });
  // Long text keeps the inspector's line breaks, a list its line per item.
  if (field.kind === 'longText' || (field.kind === 'json' && field.items))
    return <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>;
  return <>{text}</>;
}
