import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { EquipmentHealth, EquipmentHealthNextDue } from '@inspectra/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../engine/locale.ts';
import { AnchorLink } from '../../ui/links.tsx';
import { can, useProfile } from '../auth/useProfile.ts';
import { OverdueBadge, TaskStateBadge } from '../my-tasks/TaskStateBadge.tsx';
import { inspectionMethodLabel } from '../ndt/ndt-queries.ts';

/** "6 Jan 2020 – 31 Jan 2020", one date where only one is planned, null where none is. */
export function plannedPeriod(due: EquipmentHealthNextDue, language: string): string | null {
  const dates = [due.plannedStart, due.plannedFinish].filter((d): d is string => d !== null);
  if (dates.length === 0) return null;
  return [...new Set(dates)].map((d) => formatDate(d, language)).join(' – ');
}

/** One method's next planned inspection: when, its work order, its state, overdue in words. */
function DueRow({ due }: { due: EquipmentHealthNextDue }) {
  const { t, i18n } = useTranslation();
  const profile = useProfile();
  const period = plannedPeriod(due, i18n.language);
  return (
    <Group component="li" gap="xs" justify="space-between" wrap="wrap" py={6}>
      <Stack gap={2}>
        <Text fw={600} size="sm">
          {inspectionMethodLabel(t, due.inspectionMethod)}
        </Text>
        <Text size="sm" c={due.overdue ? 'red.8' : undefined}>
          {period ? t('equipmentHealth.planned', { period }) : t('equipmentHealth.notDated')}
        </Text>
      </Stack>
      <Group gap="xs">
        {due.overdue && <OverdueBadge />}
        <TaskStateBadge state={due.state} />
        {can(profile, 'workOrder', 'view') ? (
          <AnchorLink
            to="/work-orders/$workOrderId"
            params={{ workOrderId: due.workOrderSPKId }}
            size="sm"
            className="touch-target"
            aria-label={t('equipmentHealth.openWorkOrder', { number: due.woNumber })}
          >
            {due.woNumber}
          </AnchorLink>
        ) : (
          <Text size="sm">{due.woNumber}</Text>
        )}
        {due.openCount > 1 && (
          <Text size="sm" c="dimmed">
            {t('equipmentHealth.moreOpen', { count: due.openCount - 1 })}
          </Text>
        )}
      </Group>
    </Group>
  );
}

/**
 * The next inspection due (docs/equipment-health.md): per method its earliest open task on a live
 * work order, and the thickness monitoring's next measurement; overdue ones in red and in words.
 */
export function NextDue({ health }: { health: EquipmentHealth }) {
  const { t, i18n } = useTranslation();
  const profile = useProfile();
  const { nextDue, thicknessDue } = health;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="health-next-due">
      <Title order={2} fz="lg" id="health-next-due" mb={4}>
        {t('equipmentHealth.nextDue')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('equipmentHealth.nextDueCaption')}
      </Text>
      {nextDue.length === 0 && !thicknessDue ? (
        <Text size="sm">{t('equipmentHealth.noneDue')}</Text>
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {nextDue.map((due) => (
            <DueRow key={due.inspectionMethod} due={due} />
          ))}
          {thicknessDue && (
            <Group component="li" gap="xs" justify="space-between" wrap="wrap" py={6}>
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  {t('equipmentHealth.thicknessMonitoring')}
                </Text>
                <Text size="sm" c={thicknessDue.overdue ? 'red.8' : undefined}>
                  {t('equipmentHealth.thicknessDueAt', {
                    date: formatDate(thicknessDue.nextInspectionDate, i18n.language),
                    location: thicknessDue.locationName,
                    count: thicknessDue.locationCount,
                  })}
                </Text>
              </Stack>
              <Group gap="xs">
                {thicknessDue.overdue && <OverdueBadge hint={t('equipmentHealth.thicknessOverdueHint')} />}
                {can(profile, 'thickness', 'view') && (
                  <AnchorLink
                    to="/thickness"
                    search={{ equipmentNo: String(health.equipment.equipmentNo) }}
                    size="sm"
                    className="touch-target"
                  >
                    {t('equipmentHealth.openLocations')}
                  </AnchorLink>
                )}
              </Group>
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}
