import { Alert, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../ui/links.tsx';
import { reportQuery } from './useReport.ts';
import type { Report } from './useReport.ts';

/**
 * What a revision is: which approved report it revises (by its number, a link to it) and why it is
 * revised, as given when it was started. Nothing on a report that revises none.
 */
export function RevisionNote({ report }: { report: Report }) {
  const { t } = useTranslation();
  const revised = report.revisionOf;
  // The revised report's number; until it is read (or when it cannot be), the sentence names none.
  const original = useQuery({ ...reportQuery(revised ?? ''), enabled: Boolean(revised) });
  if (!revised) return null;
  const title = original.data
    ? t('reports.record.revisionOf', { revision: report.revision, number: original.data.reportNumber })
    : t('reports.revisionOf', { revision: report.revision });
  return (
    <Alert color="blue" variant="light" icon={<IconCopy aria-hidden />} title={title}>
      {report.revisionReason && (
        <Text size="sm" mb="xs">
          <Text span fw={600}>
            {t('reports.record.revisionReason')}:
          </Text>{' '}
          <Text span style={{ whiteSpace: 'pre-wrap' }}>
            {report.revisionReason}
          </Text>
        </Text>
      )}
      <AnchorLink
        to="/reports/$reportId"
        params={{ reportId: revised }}
        size="sm"
        c="blue.9"
        underline="always"
      >
        {original.data
          ? t('reports.record.openRevised', { number: original.data.reportNumber })
          : t('reports.openOriginal')}
      </AnchorLink>
    </Alert>
  );
}
