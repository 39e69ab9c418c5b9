import { ActionIcon, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCloudUpload, IconEdit, IconGitCompare, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NeedsServer } from '../engine/NeedsServer.tsx';
import type { QueuedChange } from '../engine/offline-queue/change-queue.ts';
import type { ChangeSyncView } from '../engine/offline-queue/useChangeSync.ts';
import { changeName, oldChanges } from '../engine/offline-queue/sync-status.ts';
import { formatBytes } from '../engine/locale.ts';
import { idempotencyKeyDays } from '@inspectra/contract';

/** How many changes the user has still to see synced: waiting, and refused or in conflict. */
export const unsynced = (sync: Pick<ChangeSyncView, 'pending' | 'refused'>): number =>
  sync.pending + sync.refused.length;

/**
 * The changes still to be sent made so long ago that the server is about to forget their keys (or
 * has: `expired`), with the words that say so; undefined when none is.
 */
export function oldChangesOf(sync: Pick<ChangeSyncView, 'pendingMadeAt'>, now = new Date()) {
  const old = oldChanges(sync.pendingMadeAt, now);
  if (!old) return undefined;
  const expired = old.days >= idempotencyKeyDays;
  const one = old.count === 1;
  return {
    ...old,
    limit: idempotencyKeyDays,
    expired,
    // Chosen by count, not by the language's plural: Indonesian has one form for every count.
    words: expired
      ? one
        ? ('offline.expiredChange' as const)
        : ('offline.expiredChanges' as const)
      : one
        ? ('offline.oldChange' as const)
        : ('offline.oldChanges' as const),
    badge: one ? ('offline.oldBadge' as const) : ('offline.oldBadges' as const),
    params: { n: old.count, days: old.days, limit: idempotencyKeyDays },
  };
}

/**
 * The changes made on the device, in the indicator's popover and the sign-out dialog: how many wait
 * (or "Syncing n of m"), why the last run stopped short (in the user's language), the changes made
 * so long ago that the server is about to forget their keys, "Sync now" (needs the server), and each
 * change the server refused or found in conflict with its reason, how many changes wait for it,
 * Discard, and (given `onOpen`) "Compare and resolve" or "Edit", which open it in its form.
 */
export function QueuedChanges({
  sync,
  onOpen,
}: {
  sync: ChangeSyncView;
  onOpen?: (change: QueuedChange) => void;
}) {
  const { t, i18n } = useTranslation();
  const [asked, setAsked] = useState(false);
  const old = oldChangesOf(sync);
  const bytes = sync.progress?.bytes;
  const status = sync.progress
    ? t('offline.syncing', { sent: sync.progress.sent + 1, total: sync.progress.total })
    : sync.pending > 0
      ? t('offline.changesWaiting', { count: sync.pending })
      : sync.refused.length > 0
        ? // Not "synced" while the server has not taken every change.
          t('offline.needYou', { count: sync.refused.length })
        : t('offline.noChanges');
  return (
    <Stack gap="xs">
      <Title order={3} fz="sm">
        {t('offline.changesTitle')}
      </Title>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div>
          <Text size="sm" role="status">
            {status}
          </Text>
          {bytes && (
            // Beside the status, not in it: a screen reader is not told of every piece.
            <Text size="xs" c="dimmed">
              {t('offline.sendingFiles', {
                sent: formatBytes(bytes.sent, i18n.language),
                total: formatBytes(bytes.total, i18n.language),
              })}
            </Text>
          )}
          {/* Why the last run stopped, until the next is under way (it then says how far it is). */}
          {sync.lastError && sync.pending > 0 && !sync.progress && (
            <Text size="xs" c="dimmed">
              {t(`offline.stopped.${sync.lastError.reason}`, { status: sync.lastError.status })}
            </Text>
          )}
          {old && (
            <Text size="xs" c={old.expired ? 'red.8' : 'orange.9'} fw={600}>
              {t(old.words, old.params)}
            </Text>
          )}
        </div>
        {sync.pending > 0 && (
          <NeedsServer>
            <Button
              size="xs"
              // Its words whole beside a long reason.
              style={{ flexShrink: 0 }}
              variant="default"
              leftSection={<IconCloudUpload size={16} aria-hidden />}
              loading={asked && sync.syncing}
              onClick={() => {
                setAsked(true);
                void sync.syncNow().finally(() => setAsked(false));
              }}
            >
              {t('offline.syncNow')}
            </Button>
          </NeedsServer>
        )}
      </Group>
      {sync.refused.length > 0 && (
        <>
          <Text size="sm" fw={600}>
            {t('offline.refusedTitle')}
          </Text>
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {sync.refused.map((change) => (
              <RefusedChange
                key={change.key}
                change={change}
                held={sync.heldBy[change.key] ?? 0}
                discard={sync.discard}
                onOpen={onOpen}
              />
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function RefusedChange({
  change,
  held,
  discard,
  onOpen,
}: {
  change: QueuedChange;
  /** How many changes wait for it. */
  held: number;
  discard: (key: string) => Promise<void>;
  onOpen?: (change: QueuedChange) => void;
}) {
  const { t } = useTranslation();
  const name = changeName(change, t('offline.change'));
  const conflict = change.state === 'conflict';
  const reason = conflict ? t('offline.conflict') : change.refusal?.message;
  const details = change.refusal?.details ?? [];
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {name}
        </Text>
        <Text size="xs" c="red.8">
          {reason}
        </Text>
        {details.map((detail) => (
          <Text size="xs" key={`${detail.path}:${detail.message}`}>
            {detail.path ? `${detail.path}: ${detail.message}` : detail.message}
          </Text>
        ))}
        {held > 0 && (
          <Text size="xs" c="dimmed">
            {t('offline.heldBy', { count: held })}
          </Text>
        )}
      </div>
      <Group gap={4} wrap="nowrap">
        {onOpen && (
          // Opening it reads the record as stored now: it needs the server.
          <NeedsServer>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => onOpen(change)}
              aria-label={t(conflict ? 'offline.resolveName' : 'offline.editName', { name })}
              title={t(conflict ? 'offline.resolve' : 'offline.edit')}
            >
              {conflict ? <IconGitCompare size={18} aria-hidden /> : <IconEdit size={18} aria-hidden />}
            </ActionIcon>
          </NeedsServer>
        )}
        <ActionIcon
          variant="default"
          size="lg"
          onClick={() => void discard(change.key)}
          aria-label={t('offline.discardName', { name })}
          title={t('offline.discard')}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}
