import { Paper, Stack, Title } from '@mantine/core';
import { workOrderSpk } from '@inspectra/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/PageHeader.tsx';
import { RecordDetails } from '../../engine/RecordDetails.tsx';
import { ReportsTable } from '../reports/ReportsTable.tsx';
import { workOrderQuery } from './work-order-queries.ts';

/** A work order and the reports made under it. */
export function WorkOrderPage() {
  const { t } = useTranslation();
  const { workOrderId } = useParams({ from: '/app/work-orders/$workOrderId' });
  const { data: workOrder } = useSuspenseQuery(workOrderQuery(workOrderId));
  return (
    <>
      <PageHeader
        title={`${workOrder.woNumber} · ${workOrder.title}`}
        crumbs={[{ label: t('nav.workOrders'), to: '/work-orders' }, { label: workOrder.woNumber }]}
      />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <RecordDetails
            entity={workOrderSpk}
            record={workOrder}
            fields={[
              'workType',
              'contractNo',
              'equipmentCategory',
              'tagNumber',
              'dateStart',
              'dateEnd',
              'isEmergency',
              'description',
            ]}
          />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={2} fz="lg" mb="sm">
            {t('nav.reports')}
          </Title>
          <ReportsTable workOrderId={workOrderId} />
        </Paper>
      </Stack>
    </>
  );
}
