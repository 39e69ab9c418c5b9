import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { EntityDefinition } from '@inspectra/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldLabel, fieldOf } from './entity-labels.ts';
import { FieldDisplay } from './FieldDisplay.tsx';

type Row = Record<string, unknown>;

/**
 * A record's declared fields and derived values as label/value pairs, in the order given; keys the
 * entity does not declare are left out.
 */
export function RecordDetails(p: {
  entity: EntityDefinition;
  record: Row;
  fields: string[];
  /** Own rendering of some values (a severity badge instead of its word). */
  renderValue?: Record<string, (record: Row) => ReactNode>;
  /** In a drawer or other narrow place: two columns at most, closer together. */
  narrow?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      cols={p.narrow ? { base: 1, xs: 2 } : { base: 1, xs: 2, md: 3 }}
      spacing={p.narrow ? 'md' : 'lg'}
      verticalSpacing={p.narrow ? 'sm' : 'md'}
      component="dl"
      m={0}
    >
      {p.fields.map((key) => {
        const field = fieldOf(p.entity, key);
        if (!field) return null;
        const custom = p.renderValue?.[key];
        return (
          <Stack key={key} gap={2}>
            <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
              {fieldLabel(t, p.entity.name, key, field)}
            </Text>
            <Text component="dd" m={0}>
              {custom ? (
                custom(p.record)
              ) : (
                <FieldDisplay entity={p.entity} fieldKey={key} field={field} value={p.record[key]} />
              )}
            </Text>
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}
