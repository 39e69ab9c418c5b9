import { Badge } from '@mantine/core';
import type { ReportStatus } from '@inspectra/contract';
import { useTranslation } from 'react-i18next';
import { reportStatusColors } from './report-status.ts';

/**
 * A report's status as a badge; a report an approved revision replaced (`supersededBy`) reads
 * "Superseded" in grey, never a green "Approved" as if it were current.
 */
export function ReportStatusBadge({
  status,
  supersededBy,
}: {
  status: ReportStatus | null;
  supersededBy?: string | null;
}) {
  const { t } = useTranslation();
  if (!status) return null;
  const superseded = Boolean(supersededBy);
  return (
    <Badge
      color={superseded ? 'dark' : reportStatusColors[status]}
      variant={superseded ? 'outline' : 'light'}
      // Never "D…": a table column may be narrow, the status word is still shown whole.
      styles={{
        root: { flexShrink: 0, maxWidth: 'none' },
        label: { textTransform: 'none', overflow: 'visible' },
      }}
    >
      {superseded ? t('supersession.status') : t(`entities.reportHeader.values.status.${status}`)}
    </Badge>
  );
}
