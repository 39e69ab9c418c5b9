import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ReportsTable } from './ReportsTable.tsx';

export function ReportsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('nav.reports')} subtitle={t('reports.subtitle')} />
      <Paper withBorder radius="md" p="md">
        <ReportsTable />
      </Paper>
    </>
  );
}
