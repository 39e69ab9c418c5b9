import { passwordBounds, passwordChangeBody } from '@inspectra/contract';
import type { UserPdm } from '@inspectra/contract';
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { useCheckedForm } from '../../engine/useCheckedForm.ts';
import { SubmissionFailure } from '../../engine/useSubmission.tsx';
import { passwordFieldError } from './password-weakness.ts';
import { NeedsServer } from '../../engine/NeedsServer.tsx';

/**
 * Sets a user's password; the policy is shown up front and the server's refusal says which rule,
 * under the field.
 */
export function PasswordDialog(p: {
  user: UserPdm | undefined;
  onClose: () => void;
  onChanged: () => unknown;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  // The contract's length rule, judged before sending; the server adds the rest of the policy.
  const form = useCheckedForm({
    schema: passwordChangeBody,
    body: { newPassword: password },
    labels: { newPassword: t('users.newPassword') },
  });
  const close = () => {
    setPassword('');
    form.reset();
    p.onClose();
  };
  const send = async () => {
    const user = p.user;
    if (!user) return;
    await callApi('PUT /user-pdm/update-password/:id', {
      params: { id: user.id },
      body: { newPassword: password },
    });
    notifications.show({ color: 'green', message: t('users.passwordChanged', { name: user.fullName }) });
    await p.onChanged();
    close();
  };
  return (
    <Modal
      opened={p.user !== undefined}
      onClose={close}
      title={p.user ? t('users.passwordTitle', { name: p.user.fullName }) : ''}
    >
      <form onSubmit={form.onSubmit(send)} noValidate>
        <Stack>
          <PasswordInput
            label={t('users.newPassword')}
            description={t('users.passwordPolicy')}
            required
            minLength={passwordBounds.min}
            maxLength={passwordBounds.max}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={form.errors.newPassword ?? passwordFieldError(form.error, 'newPassword', t)}
            data-autofocus
          />
          <SubmissionFailure error={form.error} shownFields={form.shownFields} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('users.cancel')}
            </Button>
            <NeedsServer>
              <Button type="submit" loading={form.saving}>
                {t('users.changePassword')}
              </Button>
            </NeedsServer>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
