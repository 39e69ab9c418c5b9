import { Button, Group, Stack, Text } from '@mantine/core';
import type { ApprovalCurrent } from '@inspectra/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ActDialog } from '../../engine/ActDialog.tsx';
import { NeedsServer } from '../../engine/NeedsServer.tsx';
import type { Act } from '../../engine/ActDialog.tsx';
import { approvalQueueKey } from './approval-queries.ts';
import { ApproverSignature, useSignatureHeldBack } from '../signature/ApproverSignature.tsx';

/** What a reviewer does at the level a report waits at. */
export type ApprovalAct = 'approved' | 'returned';

/** The move a reviewer's act sends: the status, the level seen (409 when moved on) and the comment. */
export type ApprovalMove = { status: ApprovalAct; level: number; comment?: string };

/** The two acts' buttons, in the order shown: Approve stands out, Return is the lighter. */
const actButtons = [
  { act: 'approved', color: 'green', variant: 'filled', label: 'approvals.panel.approve' },
  { act: 'returned', color: 'orange', variant: 'light', label: 'approvals.panel.return' },
] as const satisfies { act: ApprovalAct; color: string; variant: string; label: string }[];

/**
 * Approve and Return, shown to one the server says may act at the level (`canAct`); `disabledBy`
 * (the id of the reason shown beside them) shows them disabled and described by why.
 */
export function ApprovalActButtons({
  onAsk,
  disabledBy,
}: {
  onAsk: (act: ApprovalAct) => void;
  disabledBy?: string;
}) {
  const { t } = useTranslation();
  const disabled = disabledBy !== undefined;
  return (
    <Group gap="xs" role="group" aria-label={t('approvals.panel.title')}>
      {actButtons.map(({ act, color, variant, label }) => (
        <NeedsServer key={act} needed={!disabled}>
          <Button
            color={color}
            variant={variant}
            disabled={disabled}
            aria-describedby={disabledBy}
            onClick={() => onAsk(act)}
          >
            {t(label)}
          </Button>
        </NeedsServer>
      ))}
    </Group>
  );
}

/**
 * What a reviewer may do on a report in approval, as the server judged it (`approval.current`):
 * Approve and Return when they may act; when they wrote some of the report (four eyes), both
 * disabled with that reason in their language; otherwise the server's reason alone.
 */
export function ApprovalActs({
  current,
  onAsk,
}: {
  current: Pick<ApprovalCurrent, 'canAct' | 'reason' | 'wroteContent'>;
  onAsk: (act: ApprovalAct) => void;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  if (current.canAct) return <ApprovalActButtons onAsk={onAsk} />;
  if (current.wroteContent)
    return (
      <Stack gap="xs">
        <ApprovalActButtons onAsk={onAsk} disabledBy={reasonId} />
        <Text size="sm" c="dimmed" id={reasonId}>
          {t('validation.wroteReport')}
        </Text>
      </Stack>
    );
  return current.reason ? (
    <Text size="sm" c="dimmed">
      {current.reason}
    </Text>
  ) : null;
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
  const queryClient = useQueryClient();
  const approving = act === 'approved';
  // An approver without a stored signature is asked to draw one; the options may require it.
  const heldBack = useSignatureHeldBack(approving);
  const asked: Act | null =
    act && level !== null
      ? {
          key: act,
          title: approving
            ? t('approvals.panel.approveTitle', { number: reportNumber, level })
            : t('approvals.panel.returnTitle', { number: reportNumber }),
          comment: approving
            ? { label: t('approvals.panel.comment') }
            : { label: t('approvals.panel.reason'), requiredText: t('approvals.panel.reasonRequired') },
          ...(approving ? { before: <ApproverSignature />, heldBack } : {}),
          confirm: t(approving ? 'approvals.panel.approve' : 'approvals.panel.return'),
          color: approving ? 'green' : 'orange',
          send: async (comment) => {
            await send({ status: act, level, ...(comment ? { comment } : {}) });
            return t(approving ? 'approvals.panel.approved' : 'approvals.panel.returned', {
              number: reportNumber,
              level,
            });
          },
        }
      : null;
  // Whichever screen the act came from, the queue and the menu's count move on with it.
  const settled = () =>
    Promise.all([onSettled(), queryClient.invalidateQueries({ queryKey: approvalQueueKey })]);
  return <ActDialog act={asked} onClose={onClose} onSettled={settled} />;
}
