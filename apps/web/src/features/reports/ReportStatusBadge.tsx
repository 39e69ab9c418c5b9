import { Badge } from '@mantine/core';
import type { reportStatuses } from '@inspectra/contract';
import { useTranslation } from 'react-i18next';

const colors: Record<(typeof reportStatuses)[number], string> = {
  draft: 'gray',
  submitted: 'blue',
  approved: 'green',
  rejected: 'red',
};

export function ReportStatusBadge({ status }: { status: (typeof reportStatuses)[number] | null }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <Badge
      color={colors[status]}
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
