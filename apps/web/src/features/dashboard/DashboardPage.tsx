import { Card, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { reportHeader } from '@inspectra/contract';
import { IconClipboardList, IconFileDescription } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RecordOf } from '../../api/records.ts';
import { AnchorLink, CardLink } from '../../ui/links.tsx';
import { pagedList } from '../../engine/paged.ts';
import { StatFigure } from '../../ui/StatFigure.tsx';
import { fieldLabel } from '../../engine/entity-labels.ts';
import { ReferenceValue } from '../../engine/reference-names.tsx';
import { formatCount } from '../../engine/locale.ts';
import { can, useProfile } from '../auth/useProfile.ts';
import { ReportStatusBadge } from '../reports/ReportStatusBadge.tsx';
import { FindingsToClose } from '../recommendations/FindingsToClose.tsx';

/** The columns of the latest reports, the record's number first. */
const recentColumns = ['reportNumber', 'title', 'equipmentNo', 'status'] as const;

/** Where the day starts: how much work there is and the reports touched most recently. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const profile = useProfile();
  const mayWorkOrders = can(profile, 'workOrder', 'view');
  const mayReports = can(profile, 'reportHeader', 'view');
  const workOrders = useQuery({
    queryKey: ['work-orders', 'count'],
    queryFn: () => pagedList('GET /work-order-spks')({ pageNumber: 1, pageSize: 1 }),
    enabled: mayWorkOrders,
  });
  const reports = useQuery({
    queryKey: ['reports', 'recent'],
    queryFn: () =>
      pagedList<RecordOf<typeof reportHeader>>('GET /report-headers')({ pageNumber: 1, pageSize: 5 }),
    enabled: mayReports,
  });

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1} fz={28}>
          {t('dashboard.greeting', { name: profile.fullName.split(' ')[0] })}
        </Title>
        <Text c="dimmed">{t('dashboard.subtitle')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {mayWorkOrders && (
          <StatCard
            to="/work-orders"
            icon={<IconClipboardList aria-hidden />}
            label={t('nav.workOrders')}
            value={workOrders.data && formatCount(workOrders.data.meta, i18n.language)}
          />
        )}
        {mayReports && (
          <StatCard
            to="/reports"
            icon={<IconFileDescription aria-hidden />}
            label={t('nav.reports')}
            value={reports.data && formatCount(reports.data.meta, i18n.language)}
          />
        )}
      </SimpleGrid>
      {mayReports && <FindingsToClose />}
      {mayReports && (
        <Card withBorder radius="md" padding="lg">
          <Title order={2} fz="lg" mb="sm">
            {t('dashboard.recentReports')}
          </Title>
          {reports.isPending ? (
            <Skeleton h={120} />
          ) : reports.data?.records.length ? (
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    {recentColumns.map((key) => (
                      <Table.Th key={key} scope="col">
                        {fieldLabel(t, reportHeader.name, key, reportHeader.fields[key])}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {reports.data.records.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>
                        <AnchorLink
                          to="/reports/$reportId"
                          params={{ reportId: r.id }}
                          fw={600}
                          className="touch-target"
                        >
                          {r.reportNumber}
                        </AnchorLink>
                      </Table.Td>
                      <Table.Td>{r.title}</Table.Td>
                      <Table.Td>
                        {/* The equipment by its tag and description, as the plant names it. */}
                        <ReferenceValue field={reportHeader.fields.equipmentNo} value={r.equipmentNo} />
                      </Table.Td>
                      <Table.Td>
                        <ReportStatusBadge status={r.status} supersededBy={r.supersededBy} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text c="dimmed">{t('dashboard.noReports')}</Text>
          )}
        </Card>
      )}
    </Stack>
  );
}

function StatCard(p: {
  to: '/work-orders' | '/reports';
  icon: React.ReactNode;
  label: string;
  value: string | undefined;
}) {
  return (
    <CardLink withBorder radius="md" padding="lg" to={p.to}>
      <StatFigure label={p.label} value={p.value} icon={p.icon} />
    </CardLink>
  );
}
