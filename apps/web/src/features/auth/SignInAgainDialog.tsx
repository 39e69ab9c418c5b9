import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Profile } from '@inspectra/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { signIn, signOut } from '../../api/http-client.ts';
import { offerSessionRenewal } from '../../api/session-renewal.ts';
import { currentUserId } from '../../api/session.ts';
import type { SignInAgainProps } from '../../engine/useSignInAgain.tsx';
import { errorText } from '../../ui/error-text.ts';
import { CredentialFields } from './CredentialFields.tsx';
import { profileQuery } from './useProfile.ts';

/**
 * While `active` (a form holds unsaved input), a session that can no longer be refreshed opens a
 * sign-in dialog on the page instead of leaving it; the waiting calls (the save) go through once the
 * user has signed in. What the shell puts in the engine's slot (`SignInAgainSlot`).
 *
 * Only the user the input belongs to may continue it: signing in as someone else is refused, since
 * the save would be recorded under their name.
 */
export function SignInAgain({ active, userId }: SignInAgainProps) {
  const [pending, setPending] = useState<((renewed: boolean) => void) | null>(null);
  const answer = useRef<((renewed: boolean) => void) | null>(null);

  useEffect(() => {
    if (!active) return;
    return offerSessionRenewal(
      () =>
        new Promise<boolean>((resolve) => {
          answer.current = resolve;
          setPending(() => resolve);
        }),
    );
  }, [active]);

  // A form that goes away while the dialog is open declines: the calls waiting on it must not hang.
  useEffect(() => () => answer.current?.(false), []);

  const close = (renewed: boolean) => {
    answer.current = null;
    setPending(null);
    pending?.(renewed);
  };
  return <SignInAgainDialog opened={pending !== null} userId={userId} onDone={close} />;
}

function SignInAgainDialog(p: {
  opened: boolean;
  userId: string | undefined;
  onDone: (renewed: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const known = queryClient.getQueryData<Profile>(profileQuery.queryKey);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!p.opened) return;
    setUsername(known?.username ?? '');
    setPassword('');
    setError(null);
  }, [p.opened, known?.username]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    if (!username.trim() || !password) {
      setError(t(username.trim() ? 'auth.enterPassword' : 'auth.enterUsername'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn(username.trim(), password);
      if (p.userId && currentUserId() !== p.userId) {
        // That user's new session is ended on the server too, not only forgotten here.
        void signOut();
        setError(t('auth.signInAgainOtherUser'));
        setPassword('');
        return;
      }
      p.onDone(true);
    } catch (e) {
      setError(errorText(e, t));
      setPassword('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={p.opened}
      onClose={() => p.onDone(false)}
      title={t('auth.signInAgainTitle')}
      centered
      closeOnClickOutside={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('auth.signInAgainText')}</Text>
          {error && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {error}
            </Alert>
          )}
          <CredentialFields
            username={username}
            onUsernameChange={setUsername}
            password={password}
            onPasswordChange={setPassword}
            usernameReadOnly={Boolean(known?.username)}
            focus={known?.username ? 'password' : 'username'}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => p.onDone(false)} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('auth.signIn')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
