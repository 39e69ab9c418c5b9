import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { reportStatusTransitions } from '@inspectra/contract';
import type { ReportStatus } from '@inspectra/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { errorText } from '../../ui/error-text.ts';
import { AnchorLink } from '../../ui/links.tsx';
import { ApprovalActDialog, ApprovalActs } from '../approvals/ApprovalActDialog.tsx';
import type { ApprovalAct } from '../approvals/ApprovalActDialog.tsx';
import { approvalCurrentQuery } from '../approvals/approval-queries.ts';
import { can, useProfile } from '../auth/useProfile.ts';
import { refreshAssignments } from './assignment-queries.ts';
import type { AssignedReport, AssignmentInspection } from './assignment-queries.ts';
import { reportStatusLook } from '../reports/report-status.ts';

const maxComment = 2000;

/**
 * Moves a report of an assignment to another status with a comment kept on the assignment. Only
 * the moves the report's status allows and the user's role may make are offered; the server judges
 * them again. Approving and returning are the approval's (as on the report's approval panel): offered
 * only when the server says the caller may act at the level the report waits at, that level sent,
 * a reason asked when returning.
 */
export function ReportMoveDialog({
  workOrderId,
  assignment,
  report,
  onClose,
}: {
  workOrderId: string;
  assignment: AssignmentInspection;
  report: AssignedReport;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const profile = useProfile();
  const queryClient = useQueryClient();
  const statusLabel = (s: ReportStatus) => reportStatusLook(t, s).words;
  const transitions = Object.entries(reportStatusTransitions[report.status]);
  const moves = transitions
    .filter(([, needed]) => needed !== 'approve' && can(profile, 'reportHeader', needed))
    .map(([status]) => ({ value: status, label: statusLabel(status as ReportStatus) }));
  const inApproval = transitions.some(([, needed]) => needed === 'approve');
  const approval = useQuery({ ...approvalCurrentQuery(report.id, report.status), enabled: inApproval });
  const level = approval.data?.approvalLevel ?? null;
  const [asked, setAsked] = useState<ApprovalAct | null>(null);
  const [status, setStatus] = useState<string | null>(moves.length === 1 ? moves[0]!.value : null);
  const [comment, setComment] = useState('');

  const move = useMutation({
    mutationFn: (to: ReportStatus) =>
      callApi('PUT /wo-task-assignments/update-approval-status/:id', {
        params: { id: assignment.id },
        query: {
          reportHeaderId: report.id,
          status: to,
          ...(comment.trim() ? { comment: comment.trim() } : {}),
        },
      }),
    onSuccess: async (_, to) => {
      notifications.show({
        color: 'teal',
        message: t('taskAssignments.moved', { report: report.reportNumber, status: statusLabel(to) }),
      });
      await refreshAssignments(queryClient, workOrderId);
      onClose();
    },
  });

  if (asked)
    return (
      <ApprovalActDialog
        act={asked}
        level={level}
        reportNumber={report.reportNumber}
        send={(query) =>
          callApi('PUT /wo-task-assignments/update-approval-status/:id', {
            params: { id: assignment.id },
            query: { reportHeaderId: report.id, ...query },
          })
        }
        onClose={onClose}
        onSettled={async () => {
          await refreshAssignments(queryClient, workOrderId);
          await queryClient.invalidateQueries({ queryKey: ['reports', report.id] });
        }}
      />
    );

  return (
    <Modal opened onClose={onClose} title={t('taskAssignments.moveTitle', { report: report.reportNumber })}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (status) move.mutate(status as ReportStatus);
        }}
      >
        <Stack gap="sm">
          {move.isError && (
            <Alert color="red" role="alert" title={t('taskAssignments.moveFailed')}>
              {errorText(move.error, t)}
            </Alert>
          )}
          {inApproval && (
            <Stack gap="xs">
              {level !== null && <Text size="sm">{t('approvals.panel.waitsAt', { level })}</Text>}
              {approval.data && <ApprovalActs current={approval.data} onAsk={setAsked} />}
              <AnchorLink to="/reports/$reportId" params={{ reportId: report.id }} size="sm">
                {t('taskAssignments.openApproval', { report: report.reportNumber })}
              </AnchorLink>
            </Stack>
          )}
          {moves.length === 0 ? (
            !inApproval && (
              <Text size="sm">
                {t('taskAssignments.moveNowhere', { status: statusLabel(report.status) })}
              </Text>
            )
          ) : (
            <>
              <Select
                label={t('taskAssignments.moveTo')}
                data={moves}
                value={status}
                onChange={setStatus}
                allowDeselect={false}
                required
                data-autofocus
              />
              <Textarea
                label={t('taskAssignments.moveComment')}
                description={t('taskAssignments.moveCommentHelp')}
                value={comment}
                onChange={(e) => setComment(e.currentTarget.value)}
                maxLength={maxComment}
                autosize
                minRows={2}
              />
            </>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            {moves.length > 0 && (
              <Button type="submit" loading={move.isPending} disabled={!status}>
                {t('taskAssignments.moveShort')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
