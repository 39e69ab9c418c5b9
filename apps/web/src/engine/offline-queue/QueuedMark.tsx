import { Badge } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { queuedKeyOf } from './queued-mark.ts';

/**
 * "Waiting to sync" beside a record shown from the device's queue (made or changed offline, not yet
 * written by the server); nothing for a record as the server gave it.
 */
export function QueuedMark({ record }: { record: Record<string, unknown> }) {
  const { t } = useTranslation();
  if (!queuedKeyOf(record)) return null;
  return (
    <Badge
      size="sm"
      variant="light"
      color="orange"
      ml={6}
      leftSection={<IconCloudUpload size={12} aria-hidden />}
      style={{ verticalAlign: 'middle' }}
    >
      {t('offline.waitingToSync')}
    </Badge>
  );
}
