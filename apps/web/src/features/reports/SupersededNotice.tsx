import { Alert, Text } from '@mantine/core';
import { IconReplace } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../ui/links.tsx';
import { reportQuery } from './useReport.ts';
import type { Report } from './useReport.ts';

/**
 * "Superseded by RPT-7-R1": on every screen of a report an approved revision replaced, in place of
 * the green "approved and locked" notice, so nobody reads it as current; it links the revision
 * (its number read with `GET /report-headers?id=`). Nothing on a current report.
 */
export function SupersededNotice({ report }: { report: Pick<Report, 'supersededBy'> }) {
  const { t } = useTranslation();
  const by = report.supersededBy ?? null;
  const revision = useQuery({ ...reportQuery(by ?? ''), enabled: Boolean(by) });
  if (!by) return null;
  const number = revision.data?.reportNumber;
  return (
    <Alert
      color="gray"
      variant="outline"
      icon={<IconReplace aria-hidden />}
      title={number ? t('supersession.title', { number }) : t('supersession.titleUnread')}
      mb="lg"
    >
      <Text size="sm" mb="xs">
        {number ? t('supersession.text', { number }) : t('supersession.textUnread')}
      </Text>
      <AnchorLink to="/reports/$reportId" params={{ reportId: by }} size="sm" fw={600} underline="always">
        {number ? t('supersession.open', { number }) : t('supersession.openUnread')}
      </AnchorLink>
    </Alert>
  );
}
