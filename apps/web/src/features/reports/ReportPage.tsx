import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { reportHeader } from '@inspectra/contract';
import type { PermissionModule } from '@inspectra/contract';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/PageHeader.tsx';
import { RecordDetails } from '../../engine/RecordDetails.tsx';
import { can, useProfile } from '../auth/useProfile.ts';
import { techniqueExtensions } from '../techniques/extensions.ts';
import { TechniqueCard } from '../techniques/TechniqueCard.tsx';
import { allTechniques } from '../techniques/technique-routes.ts';
import { SupportingDocumentsPanel } from '../documents/SupportingDocumentsPanel.tsx';
import { ReportStatusBadge } from './ReportStatusBadge.tsx';
import { useReport } from './useReport.ts';
import { useReportCrumbs } from './useReportCrumbs.ts';

/** The techniques with a card on a report, in the catalogue's order. */
const cardTechniques = allTechniques.filter((t) => t.reportCard);

/** A report: its header and the inspections recorded under it, one card per technique the user may see. */
export function ReportPage() {
  const { t } = useTranslation();
  const { reportId } = useParams({ from: '/app/reports/$reportId' });
  const report = useReport(reportId);
  const crumbs = useReportCrumbs(report);
  const profile = useProfile();
  const mayDocuments = can(profile, 'supportingDocument', 'view');
  const shown = cardTechniques.filter((technique) =>
    can(profile, technique.module as PermissionModule, 'view'),
  );

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
            {shown.map((technique) => {
              // A technique with its own card (thermal) brings it; the others get the generated one.
              const Card = techniqueExtensions[technique.module]?.Card ?? TechniqueCard;
              return <Card key={technique.module} technique={technique} report={report} />;
            })}
          </SimpleGrid>
          {shown.length === 0 && <Text c="dimmed">{t('reports.noInspectionAccess')}</Text>}
        </div>
        {mayDocuments && <SupportingDocumentsPanel reportId={reportId} />}
      </Stack>
    </>
  );
}
