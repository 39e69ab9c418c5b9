import { Button, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { ActDialog } from '../../engine/ActDialog.tsx';
import type { Act } from '../../engine/ActDialog.tsx';
import { can, useProfile } from '../auth/useProfile.ts';
import type { Report } from './useReport.ts';

/**
 * The act of starting a new revision of an approved report: why it is revised (required, kept on
 * the revision and on the version its approval writes; the server's refusal is said under it), then
 * a draft copy of the whole report, opened once made.
 */
export function useReviseAct(report: Report): () => Act {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return () => ({
    key: 'revise',
    title: t('reports.reviseTitle', { number: report.reportNumber }),
    text: t('reports.reviseText', { number: report.reportNumber }),
    comment: {
      label: t('reports.record.reason'),
      requiredText: t('reports.record.reasonRequired'),
      field: 'reason',
    },
    confirm: t('reports.revise'),
    send: async (reason) => {
      const created = await callApi('POST /report-headers/:id/revision', {
        params: { id: report.id },
        // An empty reason never leaves the dialog; the server judges its length.
        body: { reason: reason ?? '' },
      });
      const revision = created.data as Report;
      void navigate({ to: '/reports/$reportId', params: { reportId: revision.id } });
      return t('reports.revised', { number: revision.reportNumber });
    },
  });
}

/** "New revision", confirmed in a dialog: the way to change a locked report, wherever it is shown. */
export function ReviseReportButton({ report }: { report: Report }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reviseAct = useReviseAct(report);
  const [act, setAct] = useState<Act | null>(null);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconCopy size={18} aria-hidden />}
        onClick={() => setAct(reviseAct())}
      >
        {t('reports.revise')}
      </Button>
      <ActDialog
        act={act}
        onClose={() => setAct(null)}
        onSettled={() => queryClient.invalidateQueries({ queryKey: ['reports'] })}
      />
    </>
  );
}

/**
 * The way out of a locked report on its inner screens: "New revision" for a role that may create
 * reports, else who can start one, so nobody is left before a screen that only refuses.
 */
export function ReviseOrAsk({ report }: { report: Report }) {
  const { t } = useTranslation();
  if (can(useProfile(), 'reportHeader', 'create')) return <ReviseReportButton report={report} />;
  return <Text size="sm">{t('reports.reviseAsk')}</Text>;
}
