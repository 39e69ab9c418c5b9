import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { reportHeader, workOrderSpk } from '@inspectra/contract';
import type { MyTask } from '@inspectra/contract';
import { IconArrowBackUp, IconFilePlus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink, ButtonLink } from '../../ui/links.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { enumLabel, fieldLabel } from '../../engine/entity-labels.ts';
import { formatDateTime } from '../../engine/locale.ts';
import { ReferenceValue } from '../../engine/reference-names.tsx';
import { usePermission } from '../auth/useProfile.ts';
import { ReportStatusBadge } from '../reports/ReportStatusBadge.tsx';
import { taskName, taskQuery } from './my-task-queries.ts';
import { TakeOfflineButton } from './TakeOfflineButton.tsx';
import { returnedReport, usePlannedText } from './TaskCard.tsx';
import { OverdueBadge, TaskStateBadge } from './TaskStateBadge.tsx';

/** One task: what is to be inspected, where and by when, its reports, and the way to make one. */
export function MyTaskPage() {
  const { t } = useTranslation();
  const { taskId } = useParams({ strict: false }) as { taskId: string };
  const { data: task } = useSuspenseQuery(taskQuery(taskId));
  const mayCreate = usePermission('reportHeader', 'create');
  // A returned task's next step is its returned report, not a new one (which would be a duplicate).
  const returned = task.state === 'returned' ? returnedReport(task) : undefined;
  return (
    <>
      <PageHeader
        title={taskName(task)}
        subtitle={task.woTitle}
        crumbs={[{ label: t('myTasks.title'), to: '/my-tasks' }, { label: taskName(task) }]}
        actions={
          <Group gap="xs">
            <TakeOfflineButton taskId={taskId} name={taskName(task)} />
            {returned && (
              <ButtonLink
                to="/reports/$reportId"
                params={{ reportId: returned.id }}
                color="orange"
                leftSection={<IconArrowBackUp size={18} aria-hidden />}
              >
                {t('myTasks.openReturnedReport', { number: returned.reportNumber })}
              </ButtonLink>
            )}
            {mayCreate && (
              <ButtonLink
                to="/my-tasks/$taskId/new-report"
                params={{ taskId }}
                variant={returned ? 'default' : 'filled'}
                leftSection={<IconFilePlus size={18} aria-hidden />}
              >
                {t('myTasks.createReport')}
              </ButtonLink>
            )}
          </Group>
        }
      />
      <Stack gap="lg">
        {returned && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconArrowBackUp aria-hidden />}
            title={t('myTasks.returnedReason', { number: returned.reportNumber })}
          >
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {returned.returnedReason || t('myTasks.noReturnedReason')}
            </Text>
          </Alert>
        )}
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
      {/* Codes read as the names the plant gives them, the code beside each. */}
      {item(t('myTasks.equipmentCategory'), named('equipmentCategory', task.equipmentCategory))}
      {item(t('myTasks.tag'), named('tagNumber', task.tagNumber))}
      {item(t('myTasks.location'), named('location', task.location))}
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
              {r.title} · <ReferenceValue field={reportHeader.fields.equipmentNo} value={r.equipmentNo} /> ·{' '}
              {formatDateTime(r.updatedAt, i18n.language)}
            </Text>
          </div>
          <ReportStatusBadge status={r.status} />
        </Group>
      ))}
    </Stack>
  );
}

/** A work order's code field (category, tag, location) as the record it names; nothing when empty. */
function named(key: 'equipmentCategory' | 'tagNumber' | 'location', value: string | null | undefined) {
  return value ? (
    <ReferenceValue
      field={workOrderSpk.fields[key]}
      value={value}
      context={{ entityName: workOrderSpk.name, key }}
    />
  ) : null;
}
