import {
  Alert,
  Avatar,
  Button,
  Group,
  Menu,
  Modal,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Profile } from '@inspectra/contract';
import { IconDevices, IconLogout, IconSignature } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut, signOutEverywhere } from '../api/http-client.ts';
import { removeUserDrafts } from '../engine/drafts.ts';
import { offlineTasksQuery, removeOfflineCopy } from '../engine/offline-copy.ts';
import { syncStatus } from '../engine/offline-queue/sync-status.ts';
import { endChangeSync, useChangeSync } from '../engine/offline-queue/useChangeSync.ts';
import { QueuedChanges, unsynced } from './QueuedChanges.tsx';

/** The signature dialog and its drawing library load when the menu is first opened, not with the shell. */
const loadSignatureDialog = () => import('../features/signature/SignatureDialog.tsx');
const SignatureDialog = lazy(async () => ({ default: (await loadSignatureDialog()).SignatureDialog }));
// A preload that fails (offline) is tried again when the dialog is opened.
const preloadSignatureDialog = () => void loadSignatureDialog().catch(() => undefined);

/**
 * The signed-in user's menu: their signature for report PDFs (a dialog), sign out (ends this session
 * on the server too; offline it still signs out here) and sign out of all devices (asks first). Either way nothing of the user's data stays in
 * the page's cache, in the drafts, in the offline copy kept on the device (the menu says how many
 * tasks that removes) or in the queue of changes, so a shared tablet can be handed over. With changes
 * not yet synced, "Sign out" asks first: sync first (then signs out once the queue is empty, or shows
 * what the server refused), sign out and discard them, or cancel.
 */
export function UserMenu({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [signingOutEverywhere, setSigningOutEverywhere] = useState(false);
  const [signature, setSignature] = useState<'never' | 'open' | 'closed'>('never');
  const sync = useChangeSync(profile.id);
  const changes = unsynced(sync);
  const [unsyncedOpen, setUnsyncedOpen] = useState(false);
  const [syncingFirst, setSyncingFirst] = useState(false);
  const [leftBehind, setLeftBehind] = useState(false);
  // Signing out removes the tasks kept on the device with everything else of the user's.
  const kept = useQuery(offlineTasksQuery(profile.id)).data?.length ?? 0;
  const keptNoteId = useId();
  const initials = profile.fullName
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

  const leave = () => {
    queryClient.clear();
    void removeUserDrafts(profile.id);
    void removeOfflineCopy(profile.id);
    void endChangeSync(profile.id);
    void navigate({ to: '/auth' });
  };
  const signOutHere = () => {
    setUnsyncedOpen(false);
    // The tokens are gone before this returns; the server is told in the background.
    void signOut();
    leave();
  };
  const syncFirst = async () => {
    setSyncingFirst(true);
    setLeftBehind(false);
    try {
      await sync.syncNow();
    } finally {
      setSyncingFirst(false);
    }
    // Signed out only once the server has every change; otherwise what is left stays listed.
    if (unsynced(syncStatus.get()) === 0) signOutHere();
    else setLeftBehind(true);
  };
  const confirmSignOutEverywhere = async () => {
    setSigningOutEverywhere(true);
    try {
      await signOutEverywhere();
      setConfirming(false);
      leave();
    } catch {
      setConfirming(false);
      notifications.show({ color: 'red', message: t('nav.signOutEverywhereFailed') });
    } finally {
      setSigningOutEverywhere(false);
    }
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal onOpen={preloadSignatureDialog}>
        <Menu.Target>
          <UnstyledButton>
            <VisuallyHidden>{t('nav.account', { name: profile.fullName })}</VisuallyHidden>
            <Avatar color="teal" radius="xl" size={36} aria-hidden>
              {initials}
            </Avatar>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)">
              {profile.fullName}
            </Text>
            <Text size="xs">{profile.username}</Text>
          </Menu.Label>
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconSignature size={16} aria-hidden />}
            onClick={() => setSignature('open')}
          >
            {t('signature.menu')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconLogout size={16} aria-hidden />}
            // Named "Sign out" whatever it notes; the note describes it.
            aria-label={t('nav.signOut')}
            aria-describedby={kept > 0 ? keptNoteId : undefined}
            onClick={() => {
              if (changes > 0) {
                setLeftBehind(false);
                setUnsyncedOpen(true);
              } else signOutHere();
            }}
          >
            {t('nav.signOut')}
            {kept > 0 && (
              <Text size="xs" c="dimmed" id={keptNoteId}>
                {t('offline.signOutRemoves', { count: kept })}
              </Text>
            )}
          </Menu.Item>
          <Menu.Item leftSection={<IconDevices size={16} aria-hidden />} onClick={() => setConfirming(true)}>
            {t('nav.signOutEverywhere')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {signature !== 'never' && (
        <Suspense fallback={null}>
          <SignatureDialog
            opened={signature === 'open'}
            onClose={() => setSignature('closed')}
            hasSignature={profile.hasSignature}
          />
        </Suspense>
      )}
      <Modal
        opened={unsyncedOpen}
        onClose={() => setUnsyncedOpen(false)}
        title={t('offline.signOutTitle')}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">{t('offline.signOutText', { count: changes })}</Text>
          {leftBehind && (
            <Alert color="orange" p="xs">
              <Text size="sm">{t('offline.signOutLeft')}</Text>
            </Alert>
          )}
          <QueuedChanges sync={sync} />
        </Stack>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setUnsyncedOpen(false)}>
            {t('offline.signOutCancel')}
          </Button>
          <Button color="red" variant="outline" onClick={signOutHere}>
            {t('offline.signOutDiscard', { count: changes })}
          </Button>
          <Button loading={syncingFirst} onClick={() => void syncFirst()} data-autofocus>
            {t('offline.signOutSync')}
          </Button>
        </Group>
      </Modal>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('nav.signOutEverywhereTitle')}
        centered
      >
        <Text size="sm">{t('nav.signOutEverywhereText')}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
            {t('nav.signOutEverywhereCancel')}
          </Button>
          <Button color="red" loading={signingOutEverywhere} onClick={() => void confirmSignOutEverywhere()}>
            {t('nav.signOutEverywhereConfirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
