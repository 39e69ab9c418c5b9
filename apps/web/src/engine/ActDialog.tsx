import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors.ts';
import { errorText, serverFieldError } from '../ui/error-text.ts';
import { NeedsServer } from './NeedsServer.tsx';

/** Longest comment an act takes (the contract's limit on a status comment). */
const maxComment = 2000;

/** An act to confirm: what it is called, what follows, and the comment it takes. */
export type Act = {
  /** Names the act asked: another act asks afresh (the comment and failure start empty). */
  key: string;
  title: string;
  /** What follows, said before the user confirms. */
  text?: string;
  /**
   * The comment the act takes, when it takes one: its label, what to say when it must be given, and
   * the request field it is sent as (`reason`), whose refusal by the server is said under it.
   */
  comment?: { label: string; requiredText?: string; field?: string };
  /**
   * What else the act needs first, shown between the text and the comment (the approver's signature),
   * and whether it still holds the act back: the confirming button is disabled meanwhile.
   */
  before?: ReactNode;
  heldBack?: boolean;
  /** The confirming button's words and colour. */
  confirm: string;
  color?: string;
  /**
   * Sends the act with the comment (trimmed; undefined when empty) and answers what to tell the user;
   * a refusal is thrown and said in the dialog.
   */
  send: (comment: string | undefined) => Promise<string>;
};

/**
 * Confirms an act on a record (a status move, an approval, a new revision): what follows, a comment
 * (required when the act says so), the act sent, and what happened told in a notice, or why it was
 * refused (someone else moved the record meanwhile: 409) said in the dialog. `onSettled` refreshes
 * what the act changes, done or refused.
 */
export function ActDialog({
  act,
  onClose,
  onSettled,
}: {
  act: Act | null;
  onClose: () => void;
  onSettled?: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // What is wrong with the comment itself: said under it, not above the buttons.
  const [commentError, setCommentError] = useState<string | null>(null);
  const [shown, setShown] = useState(act?.key);
  if (shown !== act?.key) {
    setShown(act?.key);
    setComment('');
    setFailure(null);
    setCommentError(null);
  }

  async function confirm() {
    if (!act) return;
    const said = comment.trim() || undefined;
    if (act.comment?.requiredText && !said) {
      setCommentError(act.comment.requiredText);
      return;
    }
    setBusy(true);
    setFailure(null);
    setCommentError(null);
    try {
      const message = await act.send(said);
      notifications.show({ color: 'teal', message });
      onClose();
    } catch (error) {
      const field = act.comment?.field;
      const onComment = field ? serverFieldError(error, field, t, { label: act.comment?.label }) : undefined;
      setCommentError(onComment ?? null);
      // A refusal of the comment alone is said under it; anything else above the buttons.
      const elsewhere = !(error instanceof ApiError) || error.details.some((d) => d.path !== field);
      if (!onComment || elsewhere) setFailure(errorText(error, t, field ? [field] : undefined));
    } finally {
      setBusy(false);
      await onSettled?.();
    }
  }

  return (
    <Modal
      opened={act !== null}
      onClose={onClose}
      title={act?.title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {act?.text && <Text size="sm">{act.text}</Text>}
        {act?.before}
        {act?.comment && (
          <Textarea
            label={act.comment.label}
            required={Boolean(act.comment.requiredText)}
            value={comment}
            onChange={(e) => {
              setComment(e.currentTarget.value);
              setCommentError(null);
            }}
            // An alert, so a screen reader says it when it appears.
            error={commentError && <span role="alert">{commentError}</span>}
            maxLength={maxComment}
            autosize
            minRows={2}
            data-autofocus
          />
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <NeedsServer>
            <Button loading={busy} color={act?.color} disabled={act?.heldBack} onClick={() => void confirm()}>
              {act?.confirm}
            </Button>
          </NeedsServer>
        </Group>
      </Stack>
    </Modal>
  );
}
