import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { inspectionMethod, reportStatuses } from '@inspectra/contract';
import type { InspectionMethodSummary } from '@inspectra/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls.ts';
import { cappedOf } from '../../api/capped.ts';
import { MoreNotShown } from '../../engine/MoreNotShown.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { enumLabel } from '../../engine/entity-labels.ts';
import { formatNumber } from '../../engine/locale.ts';
import { MasterListPanel } from '../assets/MasterListPanel.tsx';

/**
 * Inspection methods: the work open per method (assignments on open work orders, reports by
 * status) at a glance, then the methods themselves with the equipment categories each applies to.
 */
export function InspectionMethodsPage() {
  const { t, i18n } = useTranslation();
  const summary = useQuery({
    queryKey: ['master', inspectionMethod.name, 'summary'],
    queryFn: async () =>
      cappedOf(await callApi<InspectionMethodSummary[]>('GET /master-inspection-method/summary')),
  });
  const number = (n: number) => formatNumber(n, i18n.language);

  return (
    <>
      <PageHeader title={t('inspectionMethods.title')} subtitle={t('inspectionMethods.subtitle')} />
      <Stack gap="lg">
        <section aria-labelledby="method-summary">
          <Title order={2} size="h4" id="method-summary" mb="sm">
            {t('inspectionMethods.summary')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {(summary.data?.rows ?? []).map((m) => (
              <Paper key={m.code} withBorder radius="md" p="sm" aria-label={m.name}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{m.name}</Text>
                  <Badge variant="light">
                    {t('inspectionMethods.openAssignments', {
                      count: m.openAssignments,
                      formatted: number(m.openAssignments),
                    })}
                  </Badge>
                </Group>
                <Group gap={6} mt="xs">
                  {reportStatuses.map((status) => (
                    <Text key={status} size="sm" c={m.reportsByStatus[status] ? undefined : 'dimmed'}>
                      {enumLabel(t, 'reportHeader', 'status', status)}:{' '}
                      {number(m.reportsByStatus[status] ?? 0)}
                    </Text>
                  ))}
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
          <MoreNotShown count={summary.data?.notShown} />
        </section>
        <MasterListPanel
          entity={inspectionMethod}
          columns={[
            { key: 'code', priority: 1 },
            { key: 'name', priority: 1, width: 240 },
            { key: 'equipmentCategories', priority: 3, width: 240 },
            { key: 'isActive', priority: 2 },
          ]}
          addLabel={t('inspectionMethods.add')}
          emptyText={t('inspectionMethods.empty')}
        />
      </Stack>
    </>
  );
}
