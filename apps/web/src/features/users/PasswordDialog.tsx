import { passwordBounds } from '@inspectra/contract';
import type { UserPdm } from '@inspectra/contract';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { errorText } from '../../app/error-text.ts';

/** Sets a user's password; the policy is shown up front and the server's refusal says which rule. */
export function PasswordDialog(p: {
  user: UserPdm | undefined;
  onClose: () => void;
  onChanged: () => unknown;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>();
  const [saving, setSaving] = useState(false);
  const close = () => {
    setPassword('');
    setError(undefined);
    p.onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!p.user) return;
    setSaving(true);
    setError(undefined);
    try {
      await callApi('PUT /user-pdm/update-password/:id', {
        params: { id: p.user.id },
        body: { newPassword: password },
      });
      notifications.show({ color: 'green', message: t('users.passwordChanged', { name: p.user.fullName }) });
      await p.onChanged();
      close();
    } catch (err) {
      setError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      opened={p.user !== undefined}
      onClose={close}
      title={p.user ? t('users.passwordTitle', { name: p.user.fullName }) : ''}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label={t('users.newPassword')}
            description={t('users.passwordPolicy')}
            required
            minLength={passwordBounds.min}
            maxLength={passwordBounds.max}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            data-autofocus
          />
          {error !== undefined && (
            <Alert color="red" role="alert">
              <Text size="sm">{errorText(error, t)}</Text>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('users.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('users.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
