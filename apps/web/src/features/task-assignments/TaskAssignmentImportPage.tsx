import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { BulkAssignmentImport } from './BulkAssignmentImport.tsx';

/** The planner's page for assigning inspection methods to work orders from a spreadsheet. */
export function TaskAssignmentImportPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('taskAssignmentImport.title')}
        subtitle={t('taskAssignmentImport.intro')}
        crumbs={[
          { label: t('nav.workOrders'), to: '/work-orders' },
          { label: t('taskAssignmentImport.title') },
        ]}
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Text size="sm">{t('taskAssignmentImport.columns')}</Text>
          <BulkAssignmentImport />
        </Stack>
      </Paper>
    </>
  );
}
