import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCloudDownload, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatTimeAgo } from '../../engine/locale.ts';
import { offlineTasksQuery } from '../../engine/offline-copy.ts';
import { NeedsServer } from '../../engine/NeedsServer.tsx';
import { errorText } from '../../ui/error-text.ts';
import { useProfile } from '../auth/useProfile.ts';
import { takeTaskOffline } from './offline-task.ts';

/**
 * "Make available offline" on a task: loads the task, its reports and their inspections onto the
 * device (offline-task.ts). Once there, says when it was taken and offers to refresh it.
 */
export function TakeOfflineButton({ taskId, name }: { taskId: string; name: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const userId = useProfile().id;
  const taken = useQuery(offlineTasksQuery(userId)).data?.find((task) => task.taskId === taskId);
  const take = useMutation({
    mutationFn: () => takeTaskOffline(queryClient, userId, { taskId, name }),
    // Loading needs the network; the mutation should not wait for one in silence.
    networkMode: 'always',
    onSuccess: () => notifications.show({ color: 'teal', message: t('offline.taken', { name }) }),
    onError: (error) =>
      notifications.show({
        color: 'red',
        message: t('offline.failed', { name, reason: errorText(error, t) }),
      }),
  });
  // Not on the device yet: take it. On it: when it was taken, and the same reads again to refresh it.
  const button = (
    <NeedsServer>
      <Button
        variant="default"
        leftSection={
          taken ? <IconRefresh size={18} aria-hidden /> : <IconCloudDownload size={18} aria-hidden />
        }
        loading={take.isPending}
        onClick={() => take.mutate()}
        aria-label={taken ? t('offline.refreshName', { name }) : undefined}
      >
        {t(taken ? 'offline.refresh' : 'myTasks.takeOffline')}
      </Button>
    </NeedsServer>
  );
  if (!taken) return button;
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {t('offline.title')} · {t('offline.takenAgo', { when: formatTimeAgo(taken.takenAt, i18n.language) })}
      </Text>
      {button}
    </Group>
  );
}
