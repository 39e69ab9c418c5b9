import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { appUpdate } from './app-update.ts';

/**
 * "A new version is ready — Reload": a notice that stays until taken or closed. Closed, the new
 * version takes over the next time the app starts; a form being filled in is never reloaded away.
 */
export function AppUpdateNotice() {
  const { t } = useTranslation();
  const waiting = useSyncExternalStore(appUpdate.subscribe, appUpdate.isWaiting);
  useEffect(() => {
    if (!waiting) return;
    notifications.show({
      id: 'app-update',
      autoClose: false,
      message: (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm">{t('offline.updateReady')}</Text>
          <Button size="xs" onClick={() => void appUpdate.reload()}>
            {t('offline.updateReload')}
          </Button>
        </Group>
      ),
    });
  }, [waiting, t]);
  return null;
}
