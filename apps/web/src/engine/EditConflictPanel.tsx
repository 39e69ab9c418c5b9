import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { EntityDefinition } from '@inspectra/contract';
import { IconGitCompare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FieldConflict } from './edit-conflict.ts';
import { fieldLabel } from './entity-labels.ts';
import { FieldDisplay } from './FieldDisplay.tsx';
import { empty, fromInputValue, invalidJson } from './form-values.ts';

/** The two values of a field in conflict: what the user typed, and what is saved now. */
const sides = [
  {
    choice: 'mine',
    heading: 'engine.conflict.mine',
    button: 'engine.conflict.keepMine',
    buttonFor: 'engine.conflict.keepMineFor',
  },
  {
    choice: 'theirs',
    heading: 'engine.conflict.theirs',
    button: 'engine.conflict.takeTheirs',
    buttonFor: 'engine.conflict.takeTheirsFor',
  },
] as const;

export type EditConflictPanelProps = {
  entity: EntityDefinition;
  conflicts: FieldConflict[];
  /** Settles one field (or, without a key, every one left) with the user's or the saved value. */
  onChoose: (choice: 'mine' | 'theirs', key?: string) => void;
  id?: string;
};

/**
 * The fields both the user and someone else changed, side by side: the user keeps theirs or takes
 * the saved value per field or for all. The form below already holds every other field settled,
 * and saves against the newer version.
 */
export function EditConflictPanel(p: EditConflictPanelProps) {
  const { t } = useTranslation();
  // Inputs hold their own shapes ('' for empty text, dates as strings): show them as values.
  const shown = (key: string, input: unknown) => {
    const field = p.entity.fields[key];
    if (!field) return String(input ?? '');
    const value = fromInputValue(field, input);
    return (
      <FieldDisplay
        entity={p.entity}
        fieldKey={key}
        value={value === empty ? null : value === invalidJson ? String(input) : value}
      />
    );
  };
  return (
    <Alert
      id={p.id}
      tabIndex={-1}
      color="orange"
      icon={<IconGitCompare aria-hidden />}
      title={t('engine.conflict.title')}
      role="region"
      aria-label={t('engine.conflict.title')}
    >
      <Stack gap="sm">
        <Text size="sm">{t('engine.conflict.text', { count: p.conflicts.length })}</Text>
        {p.conflicts.map((c) => {
          const label = fieldLabel(t, p.entity.name, c.key, p.entity.fields[c.key]!);
          return (
            <Paper key={c.key} withBorder p="sm" radius="sm" role="group" aria-label={label}>
              <Text size="sm" fw={600} mb={4}>
                {label}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {sides.map((side) => (
                  <Stack key={side.choice} gap={4}>
                    <Text size="xs" fw={600}>
                      {t(side.heading)}
                    </Text>
                    <Text size="sm">{shown(c.key, c[side.choice])}</Text>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => p.onChoose(side.choice, c.key)}
                      aria-label={t(side.buttonFor, { label })}
                    >
                      {t(side.button)}
                    </Button>
                  </Stack>
                ))}
              </SimpleGrid>
            </Paper>
          );
        })}
        {p.conflicts.length > 1 && (
          <Group gap="sm">
            <Button size="xs" onClick={() => p.onChoose('mine')}>
              {t('engine.conflict.keepAllMine')}
            </Button>
            <Button size="xs" variant="default" onClick={() => p.onChoose('theirs')}>
              {t('engine.conflict.takeAllTheirs')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
