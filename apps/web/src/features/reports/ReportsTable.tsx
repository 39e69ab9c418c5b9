import { Button, Group, Stack } from '@mantine/core';
import { reportHeader } from '@inspectra/contract';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pagedList } from '../../engine/paged.ts';
import { EntityTable } from '../../engine/EntityTable.tsx';
import { usePermission } from '../auth/useProfile.ts';
import { ReportFormModal } from './ReportFormModal.tsx';
import type { WorkOrderStart } from './ReportFormModal.tsx';
import { ReportStatusBadge } from './ReportStatusBadge.tsx';
import type { Report } from './useReport.ts';

/**
 * Reports, all of them or those of one work order, with the list call's filters (work order, object
 * type, method, dates) and search; a row opens the report, and a user who may create one adds it here.
 */
export function ReportsTable({
  workOrderId,
  workOrder,
}: {
  workOrderId?: string;
  /** The work order's number, title and assigned methods, that a new report starts from. */
  workOrder?: WorkOrderStart;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mayCreate = usePermission('reportHeader', 'create');
  const [creating, setCreating] = useState(false);
  const filter = workOrderId ? { workOrderSPKId: workOrderId } : {};
  const open = (id: string) => void navigate({ to: '/reports/$reportId', params: { reportId: id } });
  return (
    <Stack gap="sm">
      {mayCreate && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
            {t('reports.create')}
          </Button>
        </Group>
      )}
      <EntityTable
        entity={reportHeader}
        // The number and status at every width; the title and equipment next, the rest as room allows.
        columns={[
          { key: 'reportNumber', priority: 1 },
          { key: 'title', priority: 2, width: 220 },
          { key: 'equipmentNo', priority: 2 },
          ...(workOrderId ? [] : [{ key: 'objectType', priority: 3 }]),
          { key: 'inspectionMethod', priority: 3 },
          { key: 'actualStartDate', priority: 3 },
          { key: 'status', priority: 1, width: 130 },
        ]}
        queryKey={['reports', filter]}
        fetchPage={pagedList('GET /report-headers', filter)}
        searchable
        renderCell={{
          status: (r) => (
            <ReportStatusBadge
              status={r.status as Report['status']}
              supersededBy={r.supersededBy as string | null}
            />
          ),
        }}
        // Current reports unless asked: superseded ones are shown with the switch (`includeSuperseded`).
        filterLabels={{ includeSuperseded: t('supersession.includeSuperseded') }}
        onRowClick={(r) => open(String(r.id))}
        emptyText={t('reports.empty')}
      />
      <ReportFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        workOrderId={workOrderId}
        workOrder={workOrder}
        onCreated={(report) => open(report.id)}
      />
    </Stack>
  );
}
