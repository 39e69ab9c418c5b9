import { Paper, Text } from '@mantine/core';
import { coordinatesOf, deriveValue, fieldsRead } from '@inspectra/contract';
import type { EntityDefinition } from '@inspectra/contract';
import { useTranslation } from 'react-i18next';
import { empty, fromInputValue } from './form-values.ts';
import { RecordDetails } from './RecordDetails.tsx';

/**
 * The derived values a form shows as they come out of what is entered (ΔT and its severity, the
 * result the acceptance code gives, a joint's rejected indications): those declared as expressions,
 * but a coordinate's decimal degrees (its own input shows them) and lists.
 */
export function workedOutKeys(entity: EntityDefinition): string[] {
  const coordinates = coordinatesOf(entity.fields);
  return Object.entries(entity.derived)
    .filter(([key, d]) => d.expr && d.field.kind !== 'json' && !coordinates.has(key))
    .map(([key]) => key);
}

/**
 * The worked-out values a form can show: those reading the record's own fields and the record it is
 * under (`parent`), no further. A value read through more references (the report's equipment) is
 * worked out by the server when the record is saved, rather than shown empty while typing.
 */
export function formWorkedOutKeys(entity: EntityDefinition): string[] {
  const further = new Set(
    entity.readsThrough.filter((r) => r.ref !== entity.parent || r.hops.length > 1).map((r) => r.key),
  );
  return workedOutKeys(entity).filter((key) => {
    const read = fieldsRead(entity.derived[key]!.expr!);
    return ![...read.numbers, ...read.words, ...read.dates].some((k) => further.has(k));
  });
}

/**
 * What the record's values come to, worked out while the inspector types, with what they read
 * through a reference from the record it is under (`parent`: a finding's inspection, whose thickness
 * and acceptance code the code's result reads). The server works out the same from the same
 * declaration when it is saved.
 */
export function WorkedOut(p: {
  entity: EntityDefinition;
  keys: string[];
  values: Record<string, unknown>;
  parent?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  // The values as the API holds them: nothing entered is empty (null), not an empty string.
  const record: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(p.entity.fields)) {
    const value = fromInputValue(field, p.values[key]);
    record[key] = value === empty ? null : value;
  }
  // The form has the record it is under, not the records further along a path (the report's
  // equipment): a value reading those is not shown here (`formWorkedOutKeys`).
  for (const read of p.entity.readsThrough)
    if (read.ref === p.entity.parent && read.hops.length === 1 && p.parent)
      record[read.key] = p.parent[read.field] ?? null;
  const shown = Object.fromEntries(
    p.keys.map((key) => [key, deriveValue(p.entity.derived[key]!, record) ?? null]),
  );
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
      <Text fw={600} size="sm" mb="xs">
        {t('engine.form.workedOut')}
      </Text>
      <RecordDetails entity={p.entity} record={shown} fields={p.keys} />
    </Paper>
  );
}
