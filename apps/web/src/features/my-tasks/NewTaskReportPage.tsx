import { Alert, Paper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { reportHeader } from '@inspectra/contract';
import type { MyTask } from '@inspectra/contract';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { EntityForm } from '../../engine/EntityForm.tsx';
import { usePrefill } from '../../engine/usePrefill.ts';
import {
  newReportDefaults,
  suggestedReportNumber as suggestedNumber,
} from '../reports/new-report-defaults.ts';
import { myTasksKey, taskName, taskQuery } from './my-task-queries.ts';

/** What the inspector fills in: the equipment first (what was inspected), then the report's own. */
const formFields = [
  'equipmentNo',
  'equipmentCategory',
  'reportNumber',
  'title',
  'objectType',
  'location',
  'actualStartDate',
];

/** The report number a task's new report starts with (`suggestedReportNumber`). */
export function suggestedReportNumber(task: MyTask): string {
  return suggestedNumber({ ...task, made: task.reports.length });
}

/**
 * Creates the report of a task: the work order, the method and the category are the task's (preset,
 * not asked), the rest is the report header's own form. Saved, it opens the new report.
 */
export function NewTaskReportPage() {
  const { t } = useTranslation();
  const { taskId } = useParams({ strict: false }) as { taskId: string };
  const { data: task } = useSuspenseQuery(taskQuery(taskId));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const names = { woNumber: task.woNumber, method: task.inspectionMethodName };
  // The report starts on the work order's equipment, its object type and location (`prefill`).
  const prefill = usePrefill({
    entity: reportHeader,
    fields: formFields,
    start: { workOrderSPKId: task.workOrderSPKId },
  });
  return (
    <>
      <PageHeader
        title={t('myTasks.createReportTitle', names)}
        crumbs={[
          { label: t('myTasks.title'), to: '/my-tasks' },
          { label: taskName(task), to: '/my-tasks/$taskId', params: { taskId } },
          { label: t('myTasks.createReport') },
        ]}
      />
      <Paper withBorder radius="md" p="lg">
        <Alert color="blue" variant="light" mb="md">
          {t('myTasks.createReportText', names)}
        </Alert>
        {prefill.ready && (
          <EntityForm
            entity={reportHeader}
            fields={formFields}
            parentId={task.id}
            defaults={{
              ...prefill.values,
              ...newReportDefaults({
                woNumber: task.woNumber,
                woTitle: task.woTitle,
                inspectionMethod: task.inspectionMethod,
                methodName: task.inspectionMethodName,
                made: task.reports.length,
              }),
              ...(task.location ? { location: task.location } : {}),
            }}
            submitLabel={t('myTasks.createReport')}
            onCancel={() => void navigate({ to: '/my-tasks/$taskId', params: { taskId } })}
            onSubmit={async ({ values }) =>
              (
                await callApi('POST /report-headers', {
                  body: {
                    values: {
                      ...values,
                      workOrderSPKId: task.workOrderSPKId,
                      inspectionMethod: task.inspectionMethod,
                      // The category shown (the equipment's, or the work order's) wins over the task's.
                      ...(values.equipmentCategory || !task.equipmentCategory
                        ? {}
                        : { equipmentCategory: task.equipmentCategory }),
                    },
                  },
                })
              ).data
            }
            onSaved={async (saved) => {
              const report = saved as { id: string; reportNumber: string };
              notifications.show({
                color: 'teal',
                message: t('myTasks.reportCreated', { number: report.reportNumber }),
              });
              await queryClient.invalidateQueries({ queryKey: myTasksKey });
              await navigate({ to: '/reports/$reportId', params: { reportId: report.id } });
            }}
          />
        )}
      </Paper>
    </>
  );
}
