import { Avatar, Button, Group, Menu, Modal, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
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

/** The signature dialog and its drawing library load when the menu is first opened, not with the shell. */
const loadSignatureDialog = () => import('../features/signature/SignatureDialog.tsx');
const SignatureDialog = lazy(async () => ({ default: (await loadSignatureDialog()).SignatureDialog }));
// A preload that fails (offline) is tried again when the dialog is opened.
const preloadSignatureDialog = () => void loadSignatureDialog().catch(() => undefined);

/**
 * The signed-in user's menu: their signature for report PDFs (a dialog), sign out (ends this session
 * on the server too; offline it still signs out here) and sign out of all devices (asks first). Either way nothing of the user's data stays in
 * the page's cache, in the drafts or in the offline copy kept on the device (the menu says how many
 * tasks that removes), so a shared tablet can be handed over.
 */
export function UserMenu({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [signingOutEverywhere, setSigningOutEverywhere] = useState(false);
  const [signature, setSignature] = useState<'never' | 'open' | 'closed'>('never');
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
    void navigate({ to: '/auth' });
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
              // The tokens are gone before this returns; the server is told in the background.
              void signOut();
              leave();
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
