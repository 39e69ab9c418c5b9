import { Badge, Group, Stack, Text } from '@mantine/core';
import type { TeamTask } from '@inspectra/contract';
import { IconCalendar, IconTag, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CardLink } from '../../app/links.tsx';
import { usePlannedText } from '../my-tasks/TaskCard.tsx';
import { OverdueBadge, TaskStateBadge } from '../my-tasks/TaskStateBadge.tsx';

/** The inspectors a team task names, as one line. */
export const inspectorNames = (task: Pick<TeamTask, 'inspectors'>) =>
  task.inspectors.map((p) => p.fullName).join(', ');

/**
 * A task of the team as a card opening its work order (where the planner changes who does it):
 * who, what and when, its state and whether it is late.
 */
export function TeamTaskCard({ task }: { task: TeamTask }) {
  const { t } = useTranslation();
  const planned = usePlannedText();
  return (
    <CardLink
      to="/work-orders/$workOrderId"
      params={{ workOrderId: task.workOrderSPKId }}
      withBorder
      radius="md"
      padding="md"
      style={{ color: 'inherit', textDecoration: 'none' }}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" lh={1.3}>
              {task.woNumber} · {task.inspectionMethodName}
            </Text>
            <Text c="dimmed" size="sm" lineClamp={2}>
              {task.woTitle}
            </Text>
          </div>
          <Group gap={6} justify="flex-end">
            {task.overdue && <OverdueBadge />}
            <TaskStateBadge state={task.state} />
          </Group>
        </Group>
        <Group gap="lg" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <IconUsers size={16} aria-hidden />
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                {t('teamPlan.inspectors')}:{' '}
              </Text>
              {task.inspectors.length > 0 ? inspectorNames(task) : t('teamPlan.nobodyNamed')}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconCalendar size={16} aria-hidden />
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                {t('myTasks.planned')}:{' '}
              </Text>
              {planned(task)}
            </Text>
          </Group>
          {task.tagNumber && (
            <Group gap={6} wrap="nowrap">
              <IconTag size={16} aria-hidden />
              <Text size="sm">{task.tagNumber}</Text>
            </Group>
          )}
          {task.isEmergency && (
            <Badge color="red" variant="outline" styles={{ label: { textTransform: 'none' } }}>
              {t('myTasks.emergency')}
            </Badge>
          )}
        </Group>
      </Stack>
    </CardLink>
  );
}
