import { reportHeader } from '@inspectra/contract';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { pagedList } from '../../app/paged.ts';
import { EntityTable } from '../../engine/EntityTable.tsx';
import { ReportStatusBadge } from './ReportStatusBadge.tsx';
import type { Report } from './useReport.ts';

/** Reports, all of them or those of one work order; a row opens the report. */
export function ReportsTable({ workOrderId }: { workOrderId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const filter = workOrderId ? { workOrderSPKId: workOrderId } : {};
  return (
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
        { key: 'status', priority: 1, width: 120 },
      ]}
      queryKey={['reports', filter]}
      fetchPage={pagedList('GET /report-headers', filter)}
      searchable
      renderCell={{ status: (r) => <ReportStatusBadge status={r.status as Report['status']} /> }}
      onRowClick={(r) => void navigate({ to: '/reports/$reportId', params: { reportId: String(r.id) } })}
      emptyText={t('reports.empty')}
    />
  );
}
