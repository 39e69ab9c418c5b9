import { passwordBounds, passwordChangeBody } from '@inspectra/contract';
import type { UserPdm } from '@inspectra/contract';
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { bodyErrors } from '../../engine/validation.ts';
import { passwordFieldError } from './password-weakness.ts';
import { SubmissionFailure, useSubmission } from './useSubmission.tsx';

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
  const submission = useSubmission();
  const [tried, setTried] = useState(false);
  // The contract's length rule, judged before sending; the server adds the rest of the policy.
  const checked = bodyErrors(
    passwordChangeBody,
    { newPassword: password },
    { t, label: () => t('users.newPassword') },
  );
  const close = () => {
    setPassword('');
    setTried(false);
    submission.reset();
    p.onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const user = p.user;
    setTried(true);
    if (!user || checked.newPassword) return;
    void submission.run(async () => {
      await callApi('PUT /user-pdm/update-password/:id', {
        params: { id: user.id },
        body: { newPassword: password },
      });
      notifications.show({ color: 'green', message: t('users.passwordChanged', { name: user.fullName }) });
      await p.onChanged();
      close();
    });
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
            error={
              (tried ? checked.newPassword : undefined) ??
              passwordFieldError(submission.error, 'newPassword', t)
            }
            data-autofocus
          />
          <SubmissionFailure error={submission.error} shownFields={['newPassword']} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('users.cancel')}
            </Button>
            <Button type="submit" loading={submission.saving}>
              {t('users.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
