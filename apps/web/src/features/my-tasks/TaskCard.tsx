import { Badge, Group, Stack, Text } from '@mantine/core';
import type { MyTask } from '@inspectra/contract';
import { IconCalendar, IconTag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CardLink } from '../../app/links.tsx';
import { formatDate } from '../../engine/locale.ts';
import { ReportStatusBadge } from '../reports/ReportStatusBadge.tsx';
import { OverdueBadge, TaskStateBadge } from './TaskStateBadge.tsx';

/** A task's planned period in words: both dates, one, or "not planned". */
export function usePlannedText() {
  const { t, i18n } = useTranslation();
  return (task: Pick<MyTask, 'dateStart' | 'dateEnd'>) => {
    const from = task.dateStart && formatDate(task.dateStart, i18n.language);
    const to = task.dateEnd && formatDate(task.dateEnd, i18n.language);
    if (from && to) return from === to ? from : t('myTasks.plannedRange', { from, to });
    return from || to || t('myTasks.notPlanned');
  };
}

/**
 * One task as a card: a whole card is the target (a gloved finger on a tablet), the work order and
 * method first, then where and when, its state and its reports.
 */
export function TaskCard({ task }: { task: MyTask }) {
  const { t } = useTranslation();
  const planned = usePlannedText();
  return (
    <CardLink
      to="/my-tasks/$taskId"
      params={{ taskId: task.id }}
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
        {task.reports.length > 0 && (
          <Group gap="xs" wrap="wrap">
            {task.reports.map((r) => (
              <Group key={r.id} gap={4} wrap="nowrap">
                <Text size="sm">{r.reportNumber}</Text>
                <ReportStatusBadge status={r.status} />
              </Group>
            ))}
          </Group>
        )}
      </Stack>
    </CardLink>
  );
}
