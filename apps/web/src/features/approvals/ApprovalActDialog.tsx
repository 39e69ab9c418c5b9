import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/error-text.ts';

/** What a reviewer does at the level a report waits at. */
export type ApprovalAct = 'approved' | 'returned';

/** The move a reviewer's act sends: the status, the level seen (409 when moved on) and the comment. */
export type ApprovalMove = { status: ApprovalAct; level: number; comment?: string };

/** Approve and Return, shown only to one the server says may act at the level (`canAct`). */
export function ApprovalActButtons({ onAsk }: { onAsk: (act: ApprovalAct) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="group" aria-label={t('approvals.panel.title')}>
      <Button color="green" onClick={() => onAsk('approved')}>
        {t('approvals.panel.approve')}
      </Button>
      <Button color="orange" variant="light" onClick={() => onAsk('returned')}>
        {t('approvals.panel.return')}
      </Button>
    </Group>
  );
}

/**
 * Confirms an approval act (docs/approvals.md): a comment, required when returning, and the level
 * seen sent with it through `send` (the report's move or its assignment's). Says what happened, or
 * why it failed (another reviewer moved the report meanwhile: 409); `onSettled` refreshes either way.
 */
export function ApprovalActDialog({
  act,
  level,
  reportNumber,
  send,
  onClose,
  onSettled,
}: {
  act: ApprovalAct | null;
  level: number | null;
  reportNumber: string;
  send: (move: ApprovalMove) => Promise<unknown>;
  onClose: () => void;
  onSettled: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [shown, setShown] = useState(act);
  if (shown !== act) {
    // A new act asks afresh.
    setShown(act);
    setComment('');
    setFailure(null);
  }

  async function confirm() {
    if (!act || level === null) return;
    if (act === 'returned' && !comment.trim()) {
      setFailure(t('approvals.panel.reasonRequired'));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await send({ status: act, level, ...(comment.trim() ? { comment: comment.trim() } : {}) });
      notifications.show({
        color: 'teal',
        message: t(act === 'approved' ? 'approvals.panel.approved' : 'approvals.panel.returned', {
          number: reportNumber,
          level,
        }),
      });
      onClose();
    } catch (error) {
      setFailure(errorText(error, t));
    } finally {
      setBusy(false);
      await onSettled();
    }
  }

  return (
    <Modal
      opened={act !== null}
      onClose={onClose}
      title={
        act === 'approved'
          ? t('approvals.panel.approveTitle', { number: reportNumber, level })
          : t('approvals.panel.returnTitle', { number: reportNumber })
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Textarea
          label={t(act === 'returned' ? 'approvals.panel.reason' : 'approvals.panel.comment')}
          required={act === 'returned'}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          maxLength={2000}
          autosize
          minRows={2}
          data-autofocus
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={busy}
            color={act === 'approved' ? 'green' : 'orange'}
            onClick={() => void confirm()}
          >
            {act === 'approved' ? t('approvals.panel.approve') : t('approvals.panel.return')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
