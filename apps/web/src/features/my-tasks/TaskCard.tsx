import { Group, Text } from '@mantine/core';
import { workOrderSpk } from '@inspectra/contract';
import type { MyTask } from '@inspectra/contract';
import { IconArrowBackUp, IconCalendar, IconTag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../engine/locale.ts';
import { ReferenceValue } from '../../engine/reference-names.tsx';
import { ReportStatusBadge } from '../reports/ReportStatusBadge.tsx';
import { TaskCardFrame, TaskFact } from './TaskCardFrame.tsx';

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

/** The task's report a reviewer sent back most recently, if any: what the inspector corrects next. */
export function returnedReport(task: Pick<MyTask, 'reports'>): MyTask['reports'][number] | undefined {
  return task.reports
    .filter((r) => r.status === 'returned')
    .reduce<MyTask['reports'][number] | undefined>(
      (latest, r) => (!latest || r.updatedAt > latest.updatedAt ? r : latest),
      undefined,
    );
}

/** "Returned · RPT-7: <the reviewer's reason>", where a returned task is shown. */
export function ReturnedReason({ report }: { report: MyTask['reports'][number] }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconArrowBackUp
        size={16}
        aria-hidden
        color="var(--mantine-color-orange-7)"
        style={{ flexShrink: 0, marginTop: 2 }}
      />
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', minWidth: 0 }} lineClamp={3}>
        <Text span fw={600} size="sm">
          {t('myTasks.returnedReason', { number: report.reportNumber })}{' '}
        </Text>
        {report.returnedReason || t('myTasks.noReturnedReason')}
      </Text>
    </Group>
  );
}

/**
 * One task as a card: the work order and method first, then where and when, its state and its
 * reports. A returned task says why, and the card opens the returned report (its next step), never
 * a new one.
 */
export function TaskCard({ task }: { task: MyTask }) {
  const { t } = useTranslation();
  const planned = usePlannedText();
  const returned = task.state === 'returned' ? returnedReport(task) : undefined;
  const target = returned
    ? ({ to: '/reports/$reportId', params: { reportId: returned.id } } as const)
    : ({ to: '/my-tasks/$taskId', params: { taskId: task.id } } as const);
  return (
    <TaskCardFrame
      task={task}
      link={target}
      facts={
        <>
          <TaskFact icon={IconCalendar} label={t('myTasks.planned')}>
            {planned(task)}
          </TaskFact>
          {task.tagNumber && (
            <TaskFact icon={IconTag}>
              <ReferenceValue field={workOrderSpk.fields.tagNumber} value={task.tagNumber} />
            </TaskFact>
          )}
        </>
      }
    >
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
      {returned && (
        <>
          <ReturnedReason report={returned} />
          <Text size="sm" fw={600} c="orange.8">
            {t('myTasks.openReturnedReport', { number: returned.reportNumber })} →
          </Text>
        </>
      )}
    </TaskCardFrame>
  );
}
