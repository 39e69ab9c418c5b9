import { Paper, Stack, Title } from '@mantine/core';
import { workOrderSpk } from '@inspectra/contract';
import { IconPencil } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/links.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RecordDetails } from '../../engine/RecordDetails.tsx';
import { usePermission } from '../auth/useProfile.ts';
import type { WorkOrderStart } from '../reports/ReportFormModal.tsx';
import { ReportsTable } from '../reports/ReportsTable.tsx';
import { inspectionsQuery } from '../task-assignments/assignment-queries.ts';
import { AssignmentsPanel } from '../task-assignments/AssignmentsPanel.tsx';
import { workOrderFormFields } from './WorkOrderEditPage.tsx';
import { workOrderQuery } from './work-order-queries.ts';

/** A work order: its details, the reports made under it and its task assignments. */
export function WorkOrderPage() {
  const { t } = useTranslation();
  const { workOrderId } = useParams({ from: '/app/work-orders/$workOrderId' });
  const { data: workOrder } = useSuspenseQuery(workOrderQuery(workOrderId));
  const mayEdit = usePermission('workOrder', 'update');
  const mayViewAssignments = usePermission('taskAssignment', 'view');
  // The assigned methods a new report starts from: the panel's own read, shared through the cache.
  const assignments = useQuery({
    ...inspectionsQuery(workOrderId),
    enabled: mayViewAssignments,
  });
  const start: WorkOrderStart = {
    woNumber: workOrder.woNumber,
    title: workOrder.title,
    methods: (assignments.data?.rows ?? []).map((a) => ({
      code: a.inspectionMethod,
      name: a.inspectionMethodName,
      made: a.reports.length,
    })),
  };
  return (
    <>
      <PageHeader
        title={`${workOrder.woNumber} · ${workOrder.title}`}
        crumbs={[{ label: t('nav.workOrders'), to: '/work-orders' }, { label: workOrder.woNumber }]}
        actions={
          mayEdit && (
            <ButtonLink
              to="/work-orders/$workOrderId/edit"
              params={{ workOrderId }}
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
            >
              {t('common.edit')}
            </ButtonLink>
          )
        }
      />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <RecordDetails
            entity={workOrderSpk}
            record={workOrder}
            fields={workOrderFormFields.filter((k) => k !== 'woNumber' && k !== 'title')}
          />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={2} fz="lg" mb="sm">
            {t('nav.reports')}
          </Title>
          <ReportsTable workOrderId={workOrderId} workOrder={start} />
        </Paper>
        <AssignmentsPanel workOrderId={workOrderId} />
      </Stack>
    </>
  );
}
