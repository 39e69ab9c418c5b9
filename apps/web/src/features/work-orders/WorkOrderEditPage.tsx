import { Paper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { workOrderSpk } from '@inspectra/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { EntityForm } from '../../engine/EntityForm.tsx';
import { RecordedWarningsNotice } from '../../engine/RecordedWarnings.tsx';
import { workOrderQuery } from './work-order-queries.ts';
import type { WorkOrder } from './work-order-queries.ts';

/** The fields in the order a planner fills them in: what, where, when, how far along. */
export const workOrderFormFields = [
  'woNumber',
  'title',
  'description',
  'workType',
  'priority',
  'isEmergency',
  'contractNo',
  'equipmentCategory',
  'tagNumber',
  'plannerGroup',
  'location',
  'dateStart',
  'dateEnd',
  'status',
  'actualStartDate',
  'actualEndDate',
];

/** Create a work order (`/work-orders/new`) or edit one (`/work-orders/{id}/edit`). */
export function WorkOrderEditPage() {
  const { t } = useTranslation();
  const { workOrderId } = useParams({ strict: false }) as { workOrderId?: string };
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const existing = useQuery({ ...workOrderQuery(workOrderId ?? ''), enabled: Boolean(workOrderId) });
  if (workOrderId && existing.isError) throw existing.error;
  if (workOrderId && !existing.data) return null;
  const record: WorkOrder | null = existing.data ?? null;
  const title = record ? t('workOrders.editTitle', { number: record.woNumber }) : t('workOrders.new');
  const crumbs = [
    { label: t('nav.workOrders'), to: '/work-orders' },
    ...(record
      ? [{ label: record.woNumber, to: '/work-orders/$workOrderId', params: { workOrderId: record.id } }]
      : []),
    { label: title },
  ];
  const back = (id?: string) =>
    id
      ? navigate({ to: '/work-orders/$workOrderId', params: { workOrderId: id } })
      : navigate({ to: '/work-orders' });

  return (
    <>
      <PageHeader title={title} crumbs={crumbs} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={960}>
        <RecordedWarningsNotice entity={workOrderSpk} record={record} mb="lg" />
        <EntityForm
          key={record?.id ?? 'new'}
          entity={workOrderSpk}
          fields={workOrderFormFields}
          record={record}
          submitLabel={t(record ? 'common.save' : 'workOrders.create')}
          onCancel={() => void back(record?.id)}
          onSubmit={async ({ values }) =>
            record
              ? (
                  await callApi('PUT /work-order-spks/:id', {
                    params: { id: record.id },
                    body: { values, previous: record },
                  })
                ).data
              : (await callApi('POST /work-order-spks', { body: { values } })).data
          }
          onSaved={async (saved) => {
            notifications.show({
              color: 'teal',
              message: t(record ? 'workOrders.updated' : 'workOrders.created'),
            });
            await queryClient.invalidateQueries({ queryKey: ['work-orders'] });
            await back((saved as WorkOrder).id);
          }}
        />
      </Paper>
    </>
  );
}
