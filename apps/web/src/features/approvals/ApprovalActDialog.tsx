import { Button, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActDialog } from '../../engine/ActDialog.tsx';
import type { Act } from '../../engine/ActDialog.tsx';
import { approvalQueueKey } from './approval-queries.ts';

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
  const queryClient = useQueryClient();
  const approving = act === 'approved';
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
