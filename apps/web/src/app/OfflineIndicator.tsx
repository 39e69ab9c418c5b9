import { ActionIcon, Badge, Button, Group, Popover, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconClockExclamation,
  IconCloudUpload,
  IconRefresh,
  IconTrash,
  IconWifi,
  IconWifiOff,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceHasNoNetwork } from '../api/server-reach.ts';
import { photosAlongCap } from '../engine/device-photos.ts';
import type { TaskPhotos } from '../engine/device-photos.ts';
import { formatBytes, formatTimeAgo } from '../engine/locale.ts';
import { offlineTasksQuery, removeTaken } from '../engine/offline-copy.ts';
import type { TakenTask } from '../engine/offline-copy.ts';
import { NeedsServer } from '../engine/NeedsServer.tsx';
import { useChangeSync } from '../engine/offline-queue/useChangeSync.ts';
import { useOnline } from '../engine/useOnline.ts';
import { AnchorLink } from '../ui/links.tsx';
import { errorText } from '../ui/error-text.ts';
import type { QueuedChange } from '../engine/offline-queue/change-queue.ts';
import { oldChangesOf, QueuedChanges, unsynced } from './QueuedChanges.tsx';

/** A refused or conflicting change's form: loaded when one is opened, not with the shell. */
const ResolveQueuedChange = lazy(async () => ({
  default: (await import('../engine/offline-queue/ResolveQueuedChange.tsx')).ResolveQueuedChange,
}));

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
 * The shell's word on the network, the changes made on the device and the offline copy: online or
 * offline, how many changes wait to be synced, how many tasks are kept on the device; opened, the
 * changes (syncing, Sync now, the refused with their reasons) and the tasks, each taken when, with a
 * way to refresh or remove it. It starts the sync of the user's queue (`useChangeSync`, once).
 */
export function OfflineIndicator({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const tasks = useQuery(offlineTasksQuery(userId)).data ?? [];
  const sync = useChangeSync(userId);
  const changes = unsynced(sync);
  // A change about to outlive the server's keys turns the badge red, and says so in the button's name.
  const old = oldChangesOf(sync, useNow());
  const state = t(online ? 'offline.online' : 'offline.offline');
  // Opened by its own state: opening a change's form closes it (the form is a dialog of its own).
  const [opened, setOpened] = useState(false);
  const [resolving, setResolving] = useState<QueuedChange | null>(null);
  return (
    <>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={340}
        withinPortal
        shadow="md"
        trapFocus
      >
        <Popover.Target>
          <Button
            onClick={() => setOpened((o) => !o)}
            // Offline stands out, in a colour white text reads on (axe's 4.5:1).
            variant={online ? 'default' : 'filled'}
            color={online ? undefined : 'dark'}
            size="sm"
            leftSection={online ? <IconWifi size={18} aria-hidden /> : <IconWifiOff size={18} aria-hidden />}
            rightSection={
              changes > 0 || tasks.length > 0 ? (
                // The counts are in the button's name already, said once.
                <Group gap={4} wrap="nowrap" aria-hidden>
                  {changes > 0 && (
                    <Badge
                      size="sm"
                      variant={online || old ? 'filled' : 'white'}
                      color={old ? 'red.8' : online ? 'orange.9' : 'dark'}
                      leftSection={old ? <IconClockExclamation size={12} /> : <IconCloudUpload size={12} />}
                      data-testid="changes-waiting"
                    >
                      {changes}
                    </Badge>
                  )}
                  {tasks.length > 0 && (
                    <Badge
                      size="sm"
                      circle
                      variant={online ? 'light' : 'white'}
                      color={online ? 'teal' : 'dark'}
                    >
                      {tasks.length}
                    </Badge>
                  )}
                </Group>
              ) : undefined
            }
          >
            {/* Named by what it shows and what the badges count: "Offline (2 changes waiting) (1 task on this device)". */}
            {state}
            {changes > 0 && <VisuallyHidden>{t('offline.changesBadge', { count: changes })}</VisuallyHidden>}
            {old && <VisuallyHidden>{t(old.badge, old.params)}</VisuallyHidden>}
            <VisuallyHidden>{t('offline.onDevice', { count: tasks.length })}</VisuallyHidden>
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm">
            <Title order={2} fz="md">
              {t('offline.title')}
            </Title>
            <Text size="sm" role="status">
              {t(
                online
                  ? 'offline.onlineText'
                  : deviceHasNoNetwork()
                    ? 'offline.offlineText'
                    : 'offline.unreachedText',
              )}
            </Text>
            <QueuedChanges
              sync={sync}
              onOpen={(change) => {
                setOpened(false);
                setResolving(change);
              }}
            />
            <Title order={3} fz="sm">
              {t('offline.tasksTitle')}
            </Title>
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
      {resolving && (
        <Suspense fallback={null}>
          <ResolveQueuedChange change={resolving} settle={sync.settle} onClose={() => setResolving(null)} />
        </Suspense>
      )}
    </>
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
        <TaskPhotosLine photos={task.photos} />
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

/**
 * How many of a taken task's photos are on the device, and those that are not and why (the cap, or
 * a read that failed); nothing for a task without photos.
 */
function TaskPhotosLine({ photos }: { photos: TaskPhotos | undefined }) {
  const { t, i18n } = useTranslation();
  const kept = Object.keys(photos?.kept ?? {}).length;
  if (!photos || kept + photos.leftOut + photos.failed === 0) return null;
  return (
    <>
      <Text size="xs" c="dimmed">
        {t('offline.photosKept', { count: kept })}
      </Text>
      {photos.leftOut > 0 && (
        <Text size="xs">
          {t('offline.photosLeftOut', {
            count: photos.leftOut,
            max: photosAlongCap.photos,
            size: formatBytes(photosAlongCap.bytes, i18n.language),
          })}
        </Text>
      )}
      {photos.failed > 0 && <Text size="xs">{t('offline.photosFailed', { count: photos.failed })}</Text>}
    </>
  );
}
