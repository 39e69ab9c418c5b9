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
    <Badge color={colors[status]} variant="light" styles={{ label: { textTransform: 'none' } }}>
      {t(`entities.reportHeader.values.status.${status}`)}
    </Badge>
  );
}
