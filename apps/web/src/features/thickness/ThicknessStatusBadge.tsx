import { Badge } from '@mantine/core';
import type { ThicknessStatus } from '@inspectra/contract';
import { useTranslation } from 'react-i18next';

const colors: Record<ThicknessStatus, string> = { ok: 'teal', approaching: 'orange', belowRequired: 'red' };

/** A location's status in words and colour; "No readings" where none is worked out. */
export function ThicknessStatusBadge({ status }: { status: ThicknessStatus | null }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={status ? colors[status] : 'gray'}
      variant={status === 'ok' || !status ? 'light' : 'filled'}
      styles={{ label: { textTransform: 'none' } }}
    >
      {t(`thickness.statuses.${status ?? 'none'}`)}
    </Badge>
  );
}
