import { Paper, Stack, Title } from '@mantine/core';
import { workOrderSpk } from '@inspectra/contract';
import { IconPencil } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../app/links.tsx';
import { PageHeader } from '../../app/PageHeader.tsx';
import { RecordDetails } from '../../engine/RecordDetails.tsx';
import { usePermission } from '../auth/useProfile.ts';
import { ReportsTable } from '../reports/ReportsTable.tsx';
import { workOrderFormFields } from './WorkOrderEditPage.tsx';
import { workOrderQuery } from './work-order-queries.ts';
import type { WorkOrder } from './work-order-queries.ts';

/**
 * Panels other areas add to a work order's page, below its reports: the task assignments panel is
 * mounted here by the integrator (`workOrderPanels.push(({ workOrder }) => …)`), so this page need
 * not know that area.
 */
export const workOrderPanels: ((p: { workOrder: WorkOrder }) => ReactNode)[] = [];

/** A work order: its details, the reports made under it and the panels other areas add. */
export function WorkOrderPage() {
  const { t } = useTranslation();
  const { workOrderId } = useParams({ from: '/app/work-orders/$workOrderId' });
  const { data: workOrder } = useSuspenseQuery(workOrderQuery(workOrderId));
  const mayEdit = usePermission('workOrder', 'update');
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
          <ReportsTable workOrderId={workOrderId} />
        </Paper>
        {/* The task assignments panel is mounted here, through workOrderPanels. */}
        {workOrderPanels.map((Panel, i) => (
          <Panel key={i} workOrder={workOrder} />
        ))}
      </Stack>
    </>
  );
}
