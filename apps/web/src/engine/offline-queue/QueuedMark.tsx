import { Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { queuedKeyOf } from './queued-mark.ts';

/**
 * "Waiting to sync" under a record shown from the device's queue (made or changed offline, not yet
 * written by the server); nothing for a record as the server gave it. Words that wrap, not a badge:
 * a narrow naming column shows them whole.
 */
export function QueuedMark({ record }: { record: Record<string, unknown> }) {
  const { t } = useTranslation();
  if (!queuedKeyOf(record)) return null;
  return (
    <Text component="span" size="xs" c="dimmed" display="block">
      <IconCloudUpload
        size={14}
        aria-hidden
        color="var(--mantine-color-orange-7)"
        style={{ verticalAlign: 'text-bottom', marginRight: 4 }}
      />
      {t('offline.waitingToSync')}
    </Text>
  );
}
