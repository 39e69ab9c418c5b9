import { Badge, Group, Stack, Text } from '@mantine/core';
import type { NdtHistoryEntry } from '@inspectra/contract';
import { IconAlertOctagon, IconAlertTriangle, IconCircleCheck, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../ui/links.tsx';
import { formatDate } from '../../engine/locale.ts';
import { findingLabel, inspectionMethodLabel } from './ndt-queries.ts';

/** Colour, icon and words together: colour is never the only sign of how bad a finding is. */
const findingLook: Record<string, { color: string; icon: typeof IconEye }> = {
  low: { color: 'green', icon: IconCircleCheck },
  medium: { color: 'yellow', icon: IconEye },
  high: { color: 'orange', icon: IconAlertTriangle },
  critical: { color: 'red', icon: IconAlertOctagon },
};

/** The worst finding of an inspection as a badge. */
export function FindingBadge({ method, level }: { method: string; level: string }) {
  const { t } = useTranslation();
  const look = findingLook[level] ?? { color: 'gray', icon: IconEye };
  const Icon = look.icon;
  return (
    <Badge
      color={look.color}
      variant={level === 'low' ? 'light' : 'filled'}
      size="sm"
      leftSection={<Icon size={12} aria-hidden />}
      styles={{
        root: { flexShrink: 0, maxWidth: 'none' },
        label: { textTransform: 'none', overflow: 'visible' },
      }}
      autoContrast
    >
      {t('ndt.worstFinding', { finding: findingLabel(t, method, level) })}
    </Badge>
  );
}

/**
 * An equipment's last inspection per method: the method, when, the report (a link to it) and the
 * worst finding where the method grades its findings.
 */
export function NdtHistory({ history }: { history: NdtHistoryEntry[] }) {
  const { t, i18n } = useTranslation();
  if (history.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('ndt.neverInspected')}
      </Text>
    );
  return (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {history.map((entry) => (
        <Group component="li" key={entry.inspectionMethod} gap={8} wrap="wrap">
          <Text size="sm" fw={600}>
            {inspectionMethodLabel(t, entry.inspectionMethod)}
          </Text>
          <Text size="sm" c="dimmed">
            {entry.date ? formatDate(entry.date, i18n.language) : t('common.none')}
          </Text>
          <AnchorLink
            to="/reports/$reportId"
            params={{ reportId: entry.reportHeaderId }}
            size="sm"
            // The row opens the equipment; the link opens the report, and only that.
            onClick={(e) => e.stopPropagation()}
            aria-label={t('ndt.openReport', { number: entry.reportNumber })}
          >
            {entry.reportNumber}
          </AnchorLink>
          {entry.worstFinding && <FindingBadge method={entry.inspectionMethod} level={entry.worstFinding} />}
        </Group>
      ))}
    </Stack>
  );
}
