import {
  Badge,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { reportHeader, thermal } from '@inspectra/contract';
import { IconChevronRight, IconTemperature } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../app/links.tsx';
import { PageHeader } from '../../app/PageHeader.tsx';
import { RecordDetails } from '../../engine/RecordDetails.tsx';
import { techniqueDescription, techniqueLabel } from '../../engine/entity-labels.ts';
import { usePermission } from '../auth/useProfile.ts';
import { SeverityBadge } from '../thermal/SeverityBadge.tsx';
import { thermalQueries } from '../thermal/thermal-queries.ts';
import { ReportStatusBadge } from './ReportStatusBadge.tsx';
import { useReport } from './useReport.ts';
import { useReportCrumbs } from './useReportCrumbs.ts';

/** A report: its header and the inspections recorded under it. */
export function ReportPage() {
  const { t } = useTranslation();
  const { reportId } = useParams({ from: '/app/reports/$reportId' });
  const report = useReport(reportId);
  const crumbs = useReportCrumbs(report);
  const mayThermal = usePermission('thermal', 'view');

  return (
    <>
      <PageHeader
        title={`${report.reportNumber} · ${report.title}`}
        subtitle={<ReportStatusBadge status={report.status} />}
        crumbs={crumbs}
      />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <RecordDetails
            entity={reportHeader}
            record={report}
            fields={[
              'equipmentNo',
              'objectType',
              'inspectionMethod',
              'location',
              'actualStartDate',
              'actualCompletedDate',
            ]}
          />
        </Paper>
        <div>
          <Title order={2} fz="lg" mb="sm">
            {t('reports.inspections')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {mayThermal && <ThermalCard reportId={reportId} />}
          </SimpleGrid>
          {!mayThermal && <Text c="dimmed">{t('reports.noInspectionAccess')}</Text>}
        </div>
      </Stack>
    </>
  );
}

function ThermalCard({ reportId }: { reportId: string }) {
  const { t } = useTranslation();
  const analysis = useQuery(thermalQueries.analysis(reportId));
  const id = analysis.data?.id;
  const summary = useQuery({ ...thermalQueries.summary(reportId, id ?? ''), enabled: Boolean(id) });
  const result = useQuery({ ...thermalQueries.result(reportId, id ?? ''), enabled: Boolean(id) });
  return (
    <Card withBorder radius="md" padding="lg">
      <Group wrap="nowrap" align="flex-start" mb="md">
        <ThemeIcon size={44} radius="md" variant="light" color="orange">
          <IconTemperature aria-hidden />
        </ThemeIcon>
        <div>
          <Text fw={700}>{techniqueLabel(t, thermal)}</Text>
          <Text size="sm" c="dimmed">
            {techniqueDescription(t, thermal)}
          </Text>
        </div>
      </Group>
      {/* Until the figures arrive, a placeholder: "0 measurements" would be a wrong answer, not a wait. */}
      {analysis.isPending || (analysis.data && summary.isPending) ? (
        <Skeleton h={24} mb="md" aria-label={t('common.loading')} role="status" />
      ) : analysis.data ? (
        <Group gap="xs" mb="md">
          <Badge variant="default" styles={{ label: { textTransform: 'none' } }}>
            {t('thermal.measurementCount', { count: summary.data?.measurementCount ?? 0 })}
          </Badge>
          {result.data?.overallSeverity && <SeverityBadge severity={result.data.overallSeverity} size="md" />}
        </Group>
      ) : (
        <Text size="sm" c="dimmed" mb="md">
          {t('thermal.notStarted')}
        </Text>
      )}
      <ButtonLink
        to="/reports/$reportId/thermal"
        params={{ reportId }}
        variant="light"
        rightSection={<IconChevronRight size={16} aria-hidden />}
        mt="auto"
      >
        {t('thermal.open')}
      </ButtonLink>
    </Card>
  );
}
