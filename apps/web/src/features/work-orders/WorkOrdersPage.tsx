import { Paper } from '@mantine/core';
import { workOrderSpk } from '@inspectra/contract';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/PageHeader.tsx';
import { pagedList } from '../../app/paged.ts';
import { EntityTable } from '../../engine/EntityTable.tsx';

export function WorkOrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('nav.workOrders')} subtitle={t('workOrders.subtitle')} />
      <Paper withBorder radius="md" p="md">
        <EntityTable
          entity={workOrderSpk}
          // The number and title at every width; the dates and the emergency mark before the rest.
          columns={[
            { key: 'woNumber', priority: 1 },
            { key: 'title', priority: 1, width: 220 },
            { key: 'workType', priority: 3 },
            { key: 'tagNumber', priority: 3 },
            { key: 'dateStart', priority: 2 },
            { key: 'dateEnd', priority: 2 },
            { key: 'isEmergency', priority: 2 },
          ]}
          queryKey={['work-orders']}
          fetchPage={pagedList('GET /work-order-spks')}
          searchable
          onRowClick={(r) =>
            void navigate({ to: '/work-orders/$workOrderId', params: { workOrderId: String(r.id) } })
          }
          emptyText={t('workOrders.empty')}
        />
      </Paper>
    </>
  );
}
