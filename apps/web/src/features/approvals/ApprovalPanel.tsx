import { Badge, Group, Paper, Stack, Stepper, Text, Timeline, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { formatDateTime } from '../../engine/locale.ts';
import type { Report } from '../reports/useReport.ts';
import { ApprovalActDialog, ApprovalActs } from './ApprovalActDialog.tsx';
import type { ApprovalAct } from './ApprovalActDialog.tsx';
import { hasVerdictPair, VerdictOverridesPanel } from '../verdicts/VerdictOverrides.tsx';
import { approvalCurrentQuery, approvalQueryKey } from './approval-queries.ts';

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
  const current = useQuery(approvalCurrentQuery(report.id, report.status));
  const history = useQuery({
    queryKey: [...approvalQueryKey(report.id), 'history', report.status],
    queryFn: async () =>
      (await callApi('GET /report-approval-paths/history', { query: { reportHeaderId: report.id } })).data,
  });
  const [asked, setAsked] = useState<ApprovalAct | null>(null);
  const state = current.data;
  const level = state?.approvalLevel ?? null;

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
        {hasVerdictPair(report.inspectionMethod) && (
          <VerdictOverridesPanel
            reportId={report.id}
            status={report.status}
            canAct={state.canAct && level !== null}
          />
        )}
        {(state.canAct || level !== null) && <ApprovalActs current={state} onAsk={setAsked} />}
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
      <ApprovalActDialog
        act={asked}
        level={level}
        reportNumber={report.reportNumber}
        send={(query) =>
          callApi('PUT /report-headers/update-report-status/:id', { params: { id: report.id }, query })
        }
        onClose={() => setAsked(null)}
        onSettled={() => queryClient.invalidateQueries({ queryKey: ['reports'] })}
      />
    </Paper>
  );
}
