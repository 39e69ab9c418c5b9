import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { reportHeader, workOrderSpk } from '@inspectra/contract';
import type { MyTask } from '@inspectra/contract';
import { IconFilePlus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink, ButtonLink } from '../../app/links.tsx';
import { PageHeader } from '../../app/PageHeader.tsx';
import { enumLabel, fieldLabel } from '../../engine/entity-labels.ts';
import { formatDateTime } from '../../engine/locale.ts';
import { usePermission } from '../auth/useProfile.ts';
import { ReportStatusBadge } from '../reports/ReportStatusBadge.tsx';
import { taskName, taskQuery } from './my-task-queries.ts';
import { usePlannedText } from './TaskCard.tsx';
import { OverdueBadge, TaskStateBadge } from './TaskStateBadge.tsx';

/** One task: what is to be inspected, where and by when, its reports, and the way to make one. */
export function MyTaskPage() {
  const { t } = useTranslation();
  const { taskId } = useParams({ strict: false }) as { taskId: string };
  const { data: task } = useSuspenseQuery(taskQuery(taskId));
  const mayCreate = usePermission('reportHeader', 'create');
  return (
    <>
      <PageHeader
        title={taskName(task)}
        subtitle={task.woTitle}
        crumbs={[{ label: t('myTasks.title'), to: '/my-tasks' }, { label: taskName(task) }]}
        actions={
          mayCreate && (
            <ButtonLink
              to="/my-tasks/$taskId/new-report"
              params={{ taskId }}
              leftSection={<IconFilePlus size={18} aria-hidden />}
            >
              {t('myTasks.createReport')}
            </ButtonLink>
          )
        }
      />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <TaskDetails task={task} />
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="lg" mb="sm">
            {t('myTasks.reports')}
          </Title>
          <TaskReports task={task} />
        </Paper>
      </Stack>
    </>
  );
}

function TaskDetails({ task }: { task: MyTask }) {
  const { t } = useTranslation();
  const planned = usePlannedText();
  const mayWorkOrders = usePermission('workOrder', 'view');
  const item = (label: string, value: ReactNode) => (
    <Stack gap={2}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {value ?? '—'}
      </Text>
    </Stack>
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md" component="dl" m={0}>
      {item(
        t('myTasks.task'),
        <Group gap={6}>
          <TaskStateBadge state={task.state} />
          {task.overdue && <OverdueBadge />}
        </Group>,
      )}
      {item(
        t('myTasks.workOrder'),
        mayWorkOrders ? (
          <AnchorLink
            to="/work-orders/$workOrderId"
            params={{ workOrderId: task.workOrderSPKId }}
            className="touch-target"
          >
            {task.woNumber}
          </AnchorLink>
        ) : (
          task.woNumber
        ),
      )}
      {item(
        fieldLabel(t, reportHeader.name, 'inspectionMethod', reportHeader.fields.inspectionMethod),
        task.inspectionMethodName,
      )}
      {item(t('myTasks.planned'), planned(task))}
      {item(t('myTasks.equipmentCategory'), task.equipmentCategory)}
      {item(t('myTasks.tag'), task.tagNumber)}
      {item(t('myTasks.location'), task.location)}
      {item(
        t('myTasks.priority'),
        <>
          {enumLabel(t, workOrderSpk.name, 'priority', task.priority)}
          {task.isEmergency && ` · ${t('myTasks.emergency')}`}
        </>,
      )}
    </SimpleGrid>
  );
}

function TaskReports({ task }: { task: MyTask }) {
  const { t, i18n } = useTranslation();
  if (task.reports.length === 0) return <Text c="dimmed">{t('myTasks.noReports')}</Text>;
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {task.reports.map((r) => (
        <Group key={r.id} component="li" justify="space-between" wrap="wrap" gap="xs">
          <div>
            <AnchorLink
              to="/reports/$reportId"
              params={{ reportId: r.id }}
              fw={600}
              className="touch-target"
              aria-label={t('myTasks.openReport', { number: r.reportNumber })}
            >
              {r.reportNumber}
            </AnchorLink>
            <Text size="sm" c="dimmed">
              {r.title} · {r.equipmentNo} · {formatDateTime(r.updatedAt, i18n.language)}
            </Text>
          </div>
          <ReportStatusBadge status={r.status} />
        </Group>
      ))}
    </Stack>
  );
}
