import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Stepper,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ApprovalCurrent, ApprovalStep } from '@inspectra/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { errorText } from '../../app/error-text.ts';
import { formatDateTime } from '../../engine/locale.ts';
import type { Report } from '../reports/useReport.ts';

type Act = 'approved' | 'returned';

export const approvalQueryKey = (reportId: string) => ['reports', reportId, 'approval'] as const;

/** What the badge says when the report waits at no level, and its colour (by the report's status). */
const outOfApproval: Record<string, { label: string; color: string }> = {
  draft: { label: 'approvals.panel.notSubmitted', color: 'gray' },
  approved: { label: 'approvals.panel.approvedAll', color: 'green' },
  returned: { label: 'approvals.panel.returnedToInspector', color: 'orange' },
};

/**
 * A report's approval (docs/approvals.md): its path as steps with the level it waits at, Approve and
 * Return when the server says the caller may act there (a return asks why), and every step so far.
 * The level seen is sent with the act: a report another reviewer moved meanwhile answers 409.
 */
export function ApprovalPanel({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: [...approvalQueryKey(report.id), 'current', report.status],
    queryFn: async () =>
      (
        await callApi<ApprovalCurrent>('GET /report-approval-paths/current', {
          query: { reportHeaderId: report.id },
        })
      ).data,
  });
  const history = useQuery({
    queryKey: [...approvalQueryKey(report.id), 'history', report.status],
    queryFn: async () =>
      (
        await callApi<ApprovalStep[]>('GET /report-approval-paths/history', {
          query: { reportHeaderId: report.id },
        })
      ).data,
  });
  const [asked, setAsked] = useState<Act | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const state = current.data;
  const level = state?.approvalLevel ?? null;

  const ask = (act: Act) => {
    setAsked(act);
    setComment('');
    setFailure(null);
  };

  async function confirm() {
    if (!asked || level === null) return;
    if (asked === 'returned' && !comment.trim()) {
      setFailure(t('approvals.panel.reasonRequired'));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await callApi('PUT /report-headers/update-report-status/:id', {
        params: { id: report.id },
        query: { status: asked, level, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      });
      notifications.show({
        color: 'teal',
        message: t(asked === 'approved' ? 'approvals.panel.approved' : 'approvals.panel.returned', {
          number: report.reportNumber,
          level,
        }),
      });
      setAsked(null);
    } catch (error) {
      setFailure(errorText(error, t));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ['reports'] });
    }
  }

  if (!state) return null;
  const active = level === null ? (report.status === 'approved' ? state.path.length : -1) : level - 1;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="approval-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="approval-title">
            {t('approvals.panel.title')}
          </Title>
          {level !== null ? (
            <Badge variant="light">{t('approvals.panel.waitsAt', { level })}</Badge>
          ) : (
            <Badge variant="light" color={outOfApproval[report.status ?? '']?.color ?? 'gray'}>
              {t(outOfApproval[report.status ?? '']?.label ?? 'approvals.panel.notInApproval')}
            </Badge>
          )}
        </Group>
        {state.source === 'fallback' && (
          <Text size="sm" c="dimmed">
            {t('approvals.panel.fallback')}
          </Text>
        )}
        <Stepper active={active} size="sm" allowNextStepsSelect={false}>
          {state.path.map((step) => (
            <Stepper.Step
              key={step.level}
              // A step shows where the report stands; it is not a control (Mantine makes it a button).
              component="div"
              allowStepClick={false}
              label={t('approvals.panel.level', { level: step.level })}
              description={
                <>
                  <Text size="sm">{step.position ?? t('approvals.panel.anyApprover')}</Text>
                  {step.position !== null && (
                    <Text size="xs" c="dimmed">
                      {step.reviewers.length > 0
                        ? step.reviewers.map((r) => r.fullName).join(', ')
                        : t('approvals.panel.noReviewers')}
                    </Text>
                  )}
                </>
              }
            />
          ))}
        </Stepper>
        {!state.canAct && level !== null && state.reason && (
          <Text size="sm" c="dimmed">
            {state.reason}
          </Text>
        )}
        {state.canAct && (
          <Group gap="xs" role="group" aria-label={t('approvals.panel.title')}>
            <Button color="green" onClick={() => ask('approved')}>
              {t('approvals.panel.approve')}
            </Button>
            <Button color="orange" variant="light" onClick={() => ask('returned')}>
              {t('approvals.panel.return')}
            </Button>
          </Group>
        )}
        <div>
          <Title order={3} size="h5" mb="xs">
            {t('approvals.panel.history')}
          </Title>
          {(history.data ?? []).length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('approvals.panel.noHistory')}
            </Text>
          ) : (
            <Timeline active={(history.data ?? []).length - 1} bulletSize={14} lineWidth={2}>
              {(history.data ?? []).map((step) => (
                <Timeline.Item
                  key={step.id}
                  title={`${t(`approvals.actions.${step.action}`)} · ${step.actorFullName}`}
                >
                  <Text size="xs" c="dimmed">
                    {[
                      step.level === null ? null : t('approvals.panel.level', { level: step.level }),
                      step.position,
                      formatDateTime(step.at, i18n.language),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                  {step.comment && <Text size="sm">{step.comment}</Text>}
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </div>
      </Stack>
      <Modal
        opened={asked !== null}
        onClose={() => setAsked(null)}
        title={
          asked === 'approved'
            ? t('approvals.panel.approveTitle', { number: report.reportNumber, level })
            : t('approvals.panel.returnTitle', { number: report.reportNumber })
        }
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="md">
          <Textarea
            label={t(asked === 'returned' ? 'approvals.panel.reason' : 'approvals.panel.comment')}
            required={asked === 'returned'}
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
            <Button variant="default" onClick={() => setAsked(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              loading={busy}
              color={asked === 'approved' ? 'green' : 'orange'}
              onClick={() => void confirm()}
            >
              {asked === 'approved' ? t('approvals.panel.approve') : t('approvals.panel.return')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
