import { Badge, Tooltip } from '@mantine/core';
import { thermalMeasurement } from '@inspectra/contract';
import type { ThermalSeverity } from '@inspectra/contract';
import { IconAlertOctagon, IconAlertTriangle, IconCircleCheck, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../engine/entity-labels.ts';
import type { GradeBadgeProps } from '../techniques/technique-extension.ts';

/** Colour, icon and words together: colour is never the only sign of how severe a finding is. */
const look: Record<ThermalSeverity, { color: string; icon: typeof IconEye }> = {
  normal: { color: 'green', icon: IconCircleCheck },
  investigate: { color: 'yellow', icon: IconEye },
  repairAsTimePermits: { color: 'orange', icon: IconAlertTriangle },
  repairImmediately: { color: 'red', icon: IconAlertOctagon },
};

/** Thermal's grade: a NETA severity, with what it means for the inspector on hover or focus. */
export function SeverityBadge({ level, size = 'md' }: GradeBadgeProps) {
  const { t } = useTranslation();
  const severity = level as ThermalSeverity;
  const { color, icon: Icon } = look[severity] ?? look.normal;
  return (
    <Tooltip label={t(`thermal.severity.${severity}.meaning`)} multiline maw={260} withArrow>
      <Badge
        color={color}
        variant={severity === 'normal' ? 'light' : 'filled'}
        size={size}
        leftSection={<Icon size={14} aria-hidden />}
        // The whole label always shows: a truncated "Repair imm…" would hide the one word that matters.
        styles={{
          root: { flexShrink: 0, maxWidth: 'none' },
          label: { textTransform: 'none', overflow: 'visible' },
        }}
        autoContrast
      >
        {enumLabel(t, thermalMeasurement.name, 'severity', severity)}
      </Badge>
    </Tooltip>
  );
}
