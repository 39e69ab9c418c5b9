import { ActionIcon, Badge, Button, Group, Popover, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh, IconTrash, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeAgo } from '../engine/locale.ts';
import { offlineTasksQuery, removeTaken } from '../engine/offline-copy.ts';
import type { TakenTask } from '../engine/offline-copy.ts';
import { NeedsServer } from '../engine/NeedsServer.tsx';
import { useOnline } from '../engine/useOnline.ts';
import { AnchorLink } from '../ui/links.tsx';
import { errorText } from '../ui/error-text.ts';

/** The "taken … ago" times move on by themselves while the list is open. */
function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * The shell's word on the network and the offline copy: online or offline, how many tasks are kept
 * on the device; opened, which ones and when each was taken, with a way to refresh or remove each.
 */
export function OfflineIndicator({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const tasks = useQuery(offlineTasksQuery(userId)).data ?? [];
  const state = t(online ? 'offline.online' : 'offline.offline');
  return (
    <Popover position="bottom-end" width={340} withinPortal shadow="md" trapFocus>
      <Popover.Target>
        <Button
          // Offline stands out, in a colour white text reads on (axe's 4.5:1).
          variant={online ? 'default' : 'filled'}
          color={online ? undefined : 'dark'}
          size="sm"
          leftSection={online ? <IconWifi size={18} aria-hidden /> : <IconWifiOff size={18} aria-hidden />}
          rightSection={
            tasks.length > 0 ? (
              // The count is in the button's name already, said once.
              <Badge
                size="sm"
                circle
                variant={online ? 'light' : 'white'}
                color={online ? 'teal' : 'dark'}
                aria-hidden
              >
                {tasks.length}
              </Badge>
            ) : undefined
          }
        >
          {/* Named by what it shows, and how many tasks the badge counts: "Offline (1 task on this device)". */}
          {state}
          <VisuallyHidden>{t('offline.onDevice', { count: tasks.length })}</VisuallyHidden>
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Title order={2} fz="md">
            {t('offline.title')}
          </Title>
          <Text size="sm" role="status">
            {t(online ? 'offline.onlineText' : 'offline.offlineText')}
          </Text>
          {tasks.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('offline.none')}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {tasks.map((task) => (
                <TakenTaskItem key={task.taskId} task={task} userId={userId} online={online} />
              ))}
            </Stack>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function TakenTaskItem({ task, userId, online }: { task: TakenTask; userId: string; online: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const now = useNow();
  const failed = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: t('offline.failed', { name: task.name, reason: errorText(error, t) }),
    });
  const refresh = useMutation({
    // The task's loader comes with it, not with the shell: it knows every technique's reads.
    mutationFn: async () =>
      (await import('../features/my-tasks/offline-task.ts')).takeTaskOffline(queryClient, userId, task),
    networkMode: 'always',
    onSuccess: () => notifications.show({ color: 'teal', message: t('offline.taken', { name: task.name }) }),
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => removeTaken(queryClient, userId, task.taskId),
    networkMode: 'always',
    onSuccess: () => notifications.show({ message: t('offline.removed', { name: task.name }) }),
    onError: failed,
  });
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="xs">
      <div style={{ minWidth: 0 }}>
        <AnchorLink
          to="/my-tasks/$taskId"
          params={{ taskId: task.taskId }}
          fw={600}
          size="sm"
          className="touch-target"
        >
          {task.name}
        </AnchorLink>
        <Text size="xs" c="dimmed">
          {t('offline.takenAgo', { when: formatTimeAgo(task.takenAt, i18n.language, now) })}
        </Text>
      </div>
      <Group gap={4} wrap="nowrap">
        <NeedsServer>
          <ActionIcon
            variant="default"
            size="lg"
            loading={refresh.isPending}
            onClick={() => refresh.mutate()}
            aria-label={t('offline.refreshName', { name: task.name })}
            title={online ? t('offline.refresh') : undefined}
          >
            <IconRefresh size={18} aria-hidden />
          </ActionIcon>
        </NeedsServer>
        <ActionIcon
          variant="default"
          size="lg"
          loading={remove.isPending}
          onClick={() => remove.mutate()}
          aria-label={t('offline.removeName', { name: task.name })}
          title={t('offline.remove')}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}
