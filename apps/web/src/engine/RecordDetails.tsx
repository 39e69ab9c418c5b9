import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { EntityDefinition } from '@inspectra/contract';
import { useTranslation } from 'react-i18next';
import { fieldLabel, fieldOf } from '../engine/entity-labels.ts';
import { FieldDisplay } from '../engine/FieldDisplay.tsx';

/** A record's declared fields as label/value pairs, in declaration order (or the order given). */
export function RecordDetails(p: {
  entity: EntityDefinition;
  record: Record<string, unknown>;
  fields: string[];
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md" component="dl" m={0}>
      {p.fields.map((key) => {
        const field = fieldOf(p.entity, key);
        if (!field) return null;
        return (
          <Stack key={key} gap={2}>
            <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
              {fieldLabel(t, p.entity.name, key, field)}
            </Text>
            <Text component="dd" m={0}>
              <FieldDisplay entity={p.entity} fieldKey={key} field={field} value={p.record[key]} />
            </Text>
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}
