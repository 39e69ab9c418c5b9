import { Paper } from '@mantine/core';
import { reportHeader } from '@inspectra/contract';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/PageHeader.tsx';
import { pagedList } from '../../app/paged.ts';
import { EntityTable } from '../../engine/EntityTable.tsx';
import { ReportStatusBadge } from './ReportStatusBadge.tsx';

export function ReportsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('nav.reports')} subtitle={t('reports.subtitle')} />
      <Paper withBorder radius="md" p="md">
        <EntityTable
          entity={reportHeader}
          columns={[
            'reportNumber',
            'title',
            'equipmentNo',
            'objectType',
            'inspectionMethod',
            'actualStartDate',
            'status',
          ]}
          queryKey={['reports']}
          fetchPage={pagedList('GET /report-headers')}
          searchable
          renderCell={{ status: (r) => <ReportStatusBadge status={r.status as never} /> }}
          onRowClick={(r) => void navigate({ to: '/reports/$reportId', params: { reportId: String(r.id) } })}
          emptyText={t('reports.empty')}
        />
      </Paper>
    </>
  );
}
