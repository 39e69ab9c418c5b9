import { Badge } from '@mantine/core';
import type { ReportStatus } from '@inspectra/contract';
import { useTranslation } from 'react-i18next';
import { reportStatusColors } from './report-status.ts';

export function ReportStatusBadge({ status }: { status: ReportStatus | null }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <Badge
      color={reportStatusColors[status]}
      variant="light"
      // Never "D…": a table column may be narrow, the status word is still shown whole.
      styles={{
        root: { flexShrink: 0, maxWidth: 'none' },
        label: { textTransform: 'none', overflow: 'visible' },
      }}
    >
      {t(`entities.reportHeader.values.status.${status}`)}
    </Badge>
  );
}
