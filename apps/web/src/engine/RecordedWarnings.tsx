import { Alert, Box, List, Stack, Text, Tooltip } from '@mantine/core';
import type { MantineSpacing } from '@mantine/core';
import { verdictOverrideReasonKey, verdictOverrideRule } from '@inspectra/contract';
import type { EntityDefinition, RecordedWarning } from '@inspectra/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from './locale.ts';
import { ruleMessage } from './validation.ts';

/** The warnings a record was saved with, as the API returns them (absent or empty: none). */
export function recordedWarnings(record: Record<string, unknown> | null | undefined): RecordedWarning[] {
  return Array.isArray(record?.warnings) ? (record.warnings as RecordedWarning[]) : [];
}

function confirmation(t: TFunction, language: string, w: RecordedWarning): string {
  return w.acknowledgedAt
    ? t('engine.warnings.confirmedBy', {
        name: w.acknowledgedByName ?? '—',
        time: formatDateTime(w.acknowledgedAt, language),
      })
    : t('engine.warnings.notConfirmed');
}

/**
 * A small mark for a table row saved with warnings: the icon, with the warnings and who confirmed
 * them in a tooltip and, for screen readers, in its name. Nothing when there are none.
 */
export function WarningsMark({
  entity,
  record,
}: {
  entity: EntityDefinition;
  record: Record<string, unknown>;
}) {
  const { t, i18n } = useTranslation();
  const warnings = recordedWarnings(record);
  if (warnings.length === 0) return null;
  const reason = record[verdictOverrideReasonKey];
  const lines = warnings.map(
    (w) =>
      `${ruleMessage(t, entity.name, w)} (${confirmation(t, i18n.language, w)})${
        w.rule === verdictOverrideRule && typeof reason === 'string'
          ? `. ${t('engine.verdict.reasonShown', { reason })}`
          : ''
      }`,
  );
  const title = t('engine.warnings.savedWith', { count: warnings.length });
  return (
    <Tooltip
      multiline
      w={320}
      events={{ hover: true, focus: false, touch: true }}
      label={
        <Stack gap={4}>
          <Text size="xs" fw={700}>
            {title}
          </Text>
          {lines.map((line) => (
            <Text key={line} size="xs">
              {line}
            </Text>
          ))}
        </Stack>
      }
    >
      <Box
        component="span"
        role="img"
        aria-label={`${title}: ${lines.join('; ')}`}
        c="orange.8"
        style={{ display: 'inline-flex' }}
        data-testid="recorded-warnings-mark"
      >
        <IconAlertTriangle size={20} aria-hidden />
      </Box>
    </Tooltip>
  );
}

/** The warnings a record was saved with, spelled out above its details or form. */
export function RecordedWarningsNotice({
  entity,
  record,
  mb,
}: {
  entity: EntityDefinition;
  record: Record<string, unknown> | null | undefined;
  /** Space below, when shown. */
  mb?: MantineSpacing;
}) {
  const { t, i18n } = useTranslation();
  const warnings = recordedWarnings(record);
  if (warnings.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      mb={mb}
      icon={<IconAlertTriangle aria-hidden />}
      title={t('engine.warnings.savedWith', { count: warnings.length })}
    >
      <List size="sm" spacing={4}>
        {warnings.map((w) => (
          <List.Item key={w.rule}>
            {ruleMessage(t, entity.name, w)}{' '}
            <Text span size="sm" c="dimmed">
              {confirmation(t, i18n.language, w)}
            </Text>
            {w.rule === verdictOverrideRule && typeof record?.[verdictOverrideReasonKey] === 'string' && (
              <Text size="sm">
                {t('engine.verdict.reasonShown', { reason: record[verdictOverrideReasonKey] })}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
