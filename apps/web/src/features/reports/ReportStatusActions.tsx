import { Button, Group } from '@mantine/core';
import type { ReportStatus } from '@inspectra/contract';
import { IconCopy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { ActDialog } from '../../engine/ActDialog.tsx';
import type { Act } from '../../engine/ActDialog.tsx';
import { NeedsServer } from '../../engine/NeedsServer.tsx';
import { enumLabel } from '../../engine/entity-labels.ts';
import { can, useProfile } from '../auth/useProfile.ts';
import { allowedMoves, asksForReason, isReportFinal, reportStatusColors } from './report-status.ts';
import { missingListId, useReportReadiness } from './ReportReadiness.tsx';
import { useReviseAct } from './ReviseReport.tsx';
import type { Report } from './useReport.ts';

/** A dialog's subject: a move to another status, or a new revision. */
type Asked = { kind: 'move'; to: ReportStatus } | { kind: 'revise' };

/**
 * The report's next steps: one button per move the contract allows from its status and the user's
 * role grants (the inspector's: submit, withdraw; a reviewer's acts are in the approval panel), each confirmed in a dialog that says what follows (with an optional comment, a
 * reason when returning); on an approved report, a new revision for those who may create reports.
 */
export function ReportStatusActions({ report }: { report: Report }) {
  const { t } = useTranslation();
  const profile = useProfile();
  const queryClient = useQueryClient();
  const reviseAct = useReviseAct(report);
  // Approving and returning are the approval panel's (ApprovalPanel: who may act at which level).
  const moves = allowedMoves(
    report.status ?? 'draft',
    (action) => action !== 'approve' && can(profile, 'reportHeader', action),
  );
  // A superseded report is not revised again: its revision is the newest of its line.
  const mayRevise =
    isReportFinal(report.status) && !report.supersededBy && can(profile, 'reportHeader', 'create');
  const [asked, setAsked] = useState<Asked | null>(null);
  // Submitting a report that lacks what its method requires is refused: the button says so first.
  const readiness = useReportReadiness(report);
  const incomplete = readiness.data?.ready === false;
  const statusWord = (status: string) => enumLabel(t, 'reportHeader', 'status', status);

  /** The act a button asks to confirm: a move with its comment (a reason when returning), or a revision. */
  function actOf(next: Asked): Act {
    if (next.kind === 'move')
      return {
        key: `move:${next.to}`,
        title: t('reports.moveTitle', { number: report.reportNumber, status: statusWord(next.to) }),
        text: t(`reports.moveText.${next.to}`),
        comment: { label: t(asksForReason(next.to) ? 'reports.reason' : 'reports.comment') },
        confirm: t(`reports.move.${next.to}`),
        color: reportStatusColors[next.to],
        send: async (comment) => {
          await callApi('PUT /report-headers/update-report-status/:id', {
            params: { id: report.id },
            query: { status: next.to, ...(comment ? { comment } : {}) },
          });
          return t('reports.moved', { number: report.reportNumber, status: statusWord(next.to) });
        },
      };
    return reviseAct();
  }

  if (moves.length === 0 && !mayRevise) return null;
  return (
    <>
      <Group gap="xs" role="group" aria-label={t('reports.actions')}>
        {moves.map((move) => (
          <NeedsServer key={move.to}>
            <Button
              color={reportStatusColors[move.to]}
              variant={move.to === 'approved' || move.to === 'submitted' ? 'filled' : 'light'}
              disabled={move.to === 'submitted' && incomplete}
              aria-describedby={move.to === 'submitted' && incomplete ? missingListId : undefined}
              onClick={() => setAsked({ kind: 'move', to: move.to })}
            >
              {t(`reports.move.${move.to}`)}
            </Button>
          </NeedsServer>
        ))}
        {mayRevise && (
          <NeedsServer>
            <Button
              variant="light"
              leftSection={<IconCopy size={18} aria-hidden />}
              onClick={() => setAsked({ kind: 'revise' })}
            >
              {t('reports.revise')}
            </Button>
          </NeedsServer>
        )}
      </Group>
      <ActDialog
        act={asked && actOf(asked)}
        onClose={() => setAsked(null)}
        // A move refused meanwhile (someone else moved the report: 409) is said in the dialog; the
        // report is read again either way.
        onSettled={() => queryClient.invalidateQueries({ queryKey: ['reports'] })}
      />
    </>
  );
}
