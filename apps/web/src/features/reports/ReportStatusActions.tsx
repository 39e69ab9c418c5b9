import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReportStatus } from '@inspectra/contract';
import { IconCopy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { errorText } from '../../app/error-text.ts';
import { enumLabel } from '../../engine/entity-labels.ts';
import { can, useProfile } from '../auth/useProfile.ts';
import { allowedMoves, asksForReason, isReportLocked, reportStatusColors } from './report-status.ts';
import type { Report } from './useReport.ts';

/** A dialog's subject: a move to another status, or a new revision. */
type Asked = { kind: 'move'; to: ReportStatus } | { kind: 'revise' };

/**
 * The report's next steps: one button per move the contract allows from its status and the user's
 * role grants (the inspector's: submit, withdraw; a reviewer's acts are in the approval panel), each confirmed in a dialog that says what follows (with an optional comment, a
 * reason when returning); on a locked report, a new revision for those who may create reports.
 */
export function ReportStatusActions({ report }: { report: Report }) {
  const { t } = useTranslation();
  const profile = useProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Approving and returning are the approval panel's (ApprovalPanel: who may act at which level).
  const moves = allowedMoves(
    report.status ?? 'draft',
    (action) => action !== 'approve' && can(profile, 'reportHeader', action),
  );
  const mayRevise = isReportLocked(report.status) && can(profile, 'reportHeader', 'create');
  const [asked, setAsked] = useState<Asked | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const statusWord = (status: string) => enumLabel(t, 'reportHeader', 'status', status);

  const ask = (next: Asked) => {
    setAsked(next);
    setComment('');
    setFailure(null);
  };

  async function confirm() {
    if (!asked) return;
    setBusy(true);
    setFailure(null);
    try {
      if (asked.kind === 'move') {
        await callApi('PUT /report-headers/update-report-status/:id', {
          params: { id: report.id },
          query: { status: asked.to, ...(comment.trim() ? { comment: comment.trim() } : {}) },
        });
        notifications.show({
          color: 'teal',
          message: t('reports.moved', { number: report.reportNumber, status: statusWord(asked.to) }),
        });
      } else {
        const created = await callApi('POST /report-headers/:id/revision', {
          params: { id: report.id },
          body: {},
        });
        const revision = created.data as Report;
        notifications.show({
          color: 'teal',
          message: t('reports.revised', { number: revision.reportNumber }),
        });
        void navigate({ to: '/reports/$reportId', params: { reportId: revision.id } });
      }
      setAsked(null);
      await queryClient.invalidateQueries({ queryKey: ['reports'] });
    } catch (error) {
      // A move refused meanwhile (someone else moved the report: 409) says so in the dialog.
      setFailure(errorText(error, t));
      await queryClient.invalidateQueries({ queryKey: ['reports', report.id] });
    } finally {
      setBusy(false);
    }
  }

  if (moves.length === 0 && !mayRevise) return null;
  return (
    <>
      <Group gap="xs" role="group" aria-label={t('reports.actions')}>
        {moves.map((move) => (
          <Button
            key={move.to}
            color={reportStatusColors[move.to]}
            variant={move.to === 'approved' || move.to === 'submitted' ? 'filled' : 'light'}
            onClick={() => ask({ kind: 'move', to: move.to })}
          >
            {t(`reports.move.${move.to}`)}
          </Button>
        ))}
        {mayRevise && (
          <Button
            variant="light"
            leftSection={<IconCopy size={18} aria-hidden />}
            onClick={() => ask({ kind: 'revise' })}
          >
            {t('reports.revise')}
          </Button>
        )}
      </Group>
      <Modal
        opened={asked !== null}
        onClose={() => setAsked(null)}
        title={
          asked?.kind === 'move'
            ? t('reports.moveTitle', { number: report.reportNumber, status: statusWord(asked.to) })
            : t('reports.reviseTitle', { number: report.reportNumber })
        }
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="md">
          <Text size="sm">
            {asked?.kind === 'move'
              ? t(`reports.moveText.${asked.to}`)
              : t('reports.reviseText', { number: report.reportNumber })}
          </Text>
          {asked?.kind === 'move' && (
            <Textarea
              label={t(asksForReason(asked.to) ? 'reports.reason' : 'reports.comment')}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              maxLength={2000}
              autosize
              minRows={2}
              data-autofocus
            />
          )}
          {failure && (
            <Text c="red" size="sm" role="alert">
              {failure}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsked(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              loading={busy}
              color={asked?.kind === 'move' ? reportStatusColors[asked.to] : undefined}
              onClick={() => void confirm()}
            >
              {asked?.kind === 'move' ? t(`reports.move.${asked.to}`) : t('reports.revise')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
