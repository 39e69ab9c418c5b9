import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMessage, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { reportHeader } from '@inspectra/contract';
import type { PermissionModule } from '@inspectra/contract';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../app/links.tsx';
import { PageHeader } from '../../app/PageHeader.tsx';
import { RecordDetails } from '../../engine/RecordDetails.tsx';
import { can, useProfile } from '../auth/useProfile.ts';
import { techniqueExtensions } from '../techniques/extensions.ts';
import { TechniqueCard } from '../techniques/TechniqueCard.tsx';
import { allTechniques } from '../techniques/technique-routes.ts';
import { ApprovalPanel } from '../approvals/ApprovalPanel.tsx';
import { SupportingDocumentsPanel } from '../documents/SupportingDocumentsPanel.tsx';
import { ReportAuthorCompany } from '../administration/ReportAuthorCompany.tsx';
import { ReportFormModal, reportHeaderFields } from './ReportFormModal.tsx';
import { ReportLockedNotice } from './ReportLock.tsx';
import { ReportStatusActions } from './ReportStatusActions.tsx';
import { ReportStatusBadge } from './ReportStatusBadge.tsx';
import { isReportLocked } from './report-status.ts';
import { useReport } from './useReport.ts';
import { useReportCrumbs } from './useReportCrumbs.ts';

/** The techniques with a card on a report, in the catalogue's order. */
const cardTechniques = allTechniques.filter((t) => t.reportCard);

/**
 * A report: its status and the moves the user may make from it, its header and the inspections
 * recorded under it, one card per technique the user may see. A locked (approved) report says so,
 * and nothing under it offers to change.
 */
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
  const mayEdit = can(profile, 'reportHeader', 'update') && !isReportLocked(report.status);
  const [editing, setEditing] = useState(false);

  return (
    <>
      <PageHeader
        title={`${report.reportNumber} · ${report.title}`}
        subtitle={<ReportStatusBadge status={report.status} />}
        crumbs={crumbs}
        actions={
          <Group gap="xs">
            <ReportStatusActions report={report} />
            {mayEdit && (
              <Button
                variant="default"
                leftSection={<IconPencil size={18} aria-hidden />}
                onClick={() => setEditing(true)}
              >
                {t('reports.edit')}
              </Button>
            )}
          </Group>
        }
      />
      <ReportLockedNotice report={report} />
      <Stack gap="lg">
        <ReportAuthorCompany reportId={reportId} />
        {report.statusComment && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconMessage aria-hidden />}
            title={t('reports.lastComment')}
          >
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {report.statusComment}
            </Text>
          </Alert>
        )}
        {report.revisionOf && (
          <Text size="sm" c="dimmed">
            {t('reports.revisionOf', { revision: report.revision })} ·{' '}
            <AnchorLink to="/reports/$reportId" params={{ reportId: report.revisionOf }} size="sm">
              {t('reports.openOriginal')}
            </AnchorLink>
          </Text>
        )}
        <ApprovalPanel report={report} />
        <Paper withBorder radius="md" p="lg">
          <RecordDetails
            entity={reportHeader}
            record={report}
            // The number and title are the page's title.
            fields={reportHeaderFields.filter((key) => key !== 'reportNumber' && key !== 'title')}
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
      <ReportFormModal opened={editing} onClose={() => setEditing(false)} report={report} />
    </>
  );
}
