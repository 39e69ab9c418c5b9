import { List, Stack, Text } from '@mantine/core';
import type { EntityDefinition, RuleViolation } from '@inspectra/contract';
import { useTranslation } from 'react-i18next';
import { ruleMessage } from './validation.ts';

/**
 * What the confirmation before saving says: every warning the values raise, in the user's language,
 * and that confirming is recorded with the record.
 */
export function WarningsDialog({
  entity,
  warnings,
}: {
  entity: EntityDefinition;
  warnings: RuleViolation[];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm">{t('engine.warnings.intro', { count: warnings.length })}</Text>
      <List size="sm" spacing="xs" withPadding>
        {warnings.map((w) => (
          <List.Item key={w.rule}>{ruleMessage(t, entity.name, w)}</List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed">
        {t('engine.warnings.recorded')}
      </Text>
    </Stack>
  );
}
