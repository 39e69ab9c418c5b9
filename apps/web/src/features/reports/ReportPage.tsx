import { Accordion, Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconHeartbeat, IconMessage, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { reportHeader, techniqueOfMethod } from '@inspectra/contract';
import type { PermissionModule, TechniqueDefinition } from '@inspectra/contract';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/links.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RecordDetails } from '../../engine/RecordDetails.tsx';
import { can, useProfile } from '../auth/useProfile.ts';
import { TechniqueCard } from '../techniques/TechniqueCard.tsx';
import { cardTechniques } from '../techniques/technique-routes.ts';
import { ApprovalPanel } from '../approvals/ApprovalPanel.tsx';
import { SupportingDocumentsPanel } from '../documents/SupportingDocumentsPanel.tsx';
import { ReportAuthorCompany } from '../administration/ReportAuthorCompany.tsx';
import { ReportFormModal, reportHeaderFields } from './ReportFormModal.tsx';
import { ReportLockedNotice } from './ReportLock.tsx';
import { ReportMissingNotice } from './ReportReadiness.tsx';
import { DownloadReportPdf } from './DownloadReportPdf.tsx';
import { ReportStatusActions } from './ReportStatusActions.tsx';
import { ReportStatusBadge } from './ReportStatusBadge.tsx';
import { ReportVersionsPanel } from './ReportVersionsPanel.tsx';
import { RevisionNote } from './RevisionNote.tsx';
import { isReportLocked } from './report-status.ts';
import { useReport } from './useReport.ts';
import type { Report } from './useReport.ts';
import { useReportCrumbs } from './useReportCrumbs.ts';

/**
 * The report's own technique (the one serving its inspection method) and the others, in the
 * catalogue's order; no own technique when the method has none in the product, or the user may not
 * see it (docs/report-status.md).
 */
export function methodFirst(
  shown: readonly TechniqueDefinition[],
  report: Report,
): { own: TechniqueDefinition | undefined; others: TechniqueDefinition[] } {
  const served = techniqueOfMethod(report.inspectionMethod);
  const own = served && shown.includes(served) ? served : undefined;
  return { own, others: shown.filter((technique) => technique !== own) };
}

/**
 * The report's inspections: the card of its method's technique first, across the page, and every
 * other technique folded under "Other inspection types" (opened, their cards load). A method with no
 * technique of its own shows every card, as a report of no particular technique.
 */
export function ReportInspections({
  report,
  shown,
}: {
  report: Report;
  shown: readonly TechniqueDefinition[];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const { own, others } = methodFirst(shown, report);
  const grid = (list: readonly TechniqueDefinition[]) => (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {list.map((technique) => (
        <TechniqueCard key={technique.module} technique={technique} report={report} />
      ))}
    </SimpleGrid>
  );
  if (!own) return grid(shown);
  return (
    <Stack gap="md">
      <TechniqueCard technique={own} report={report} />
      {others.length > 0 && (
        <Accordion variant="contained" value={open} onChange={setOpen}>
          <Accordion.Item value="others">
            <Accordion.Control>{t('reports.otherInspections', { count: others.length })}</Accordion.Control>
            <Accordion.Panel>{open === 'others' && grid(others)}</Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      )}
    </Stack>
  );
}

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
        subtitle={<ReportStatusBadge status={report.status} supersededBy={report.supersededBy} />}
        crumbs={crumbs}
        actions={
          <Group gap="xs">
            <ReportStatusActions report={report} />
            <ButtonLink
              to="/reports/$reportId/whole"
              params={{ reportId }}
              variant="default"
              leftSection={<IconFileText size={18} aria-hidden />}
            >
              {t('reports.record.whole.open')}
            </ButtonLink>
            <DownloadReportPdf reportId={reportId} reportNumber={report.reportNumber} />
            {report.equipmentNo && can(profile, 'asset', 'view') && (
              <ButtonLink
                to="/equipment/$equipmentNo"
                params={{ equipmentNo: report.equipmentNo }}
                variant="default"
                leftSection={<IconHeartbeat size={18} aria-hidden />}
              >
                {t('equipmentHealth.open')}
              </ButtonLink>
            )}
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
        {report.status === 'returned' && report.statusComment && (
          // A return's reason is what the inspector must act on, so it leads the page; every other
          // comment is read in the approval history below.
          <Alert
            color="orange"
            variant="light"
            icon={<IconMessage aria-hidden />}
            title={t('reports.returnedComment')}
          >
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {report.statusComment}
            </Text>
          </Alert>
        )}
        <RevisionNote report={report} />
        <ReportMissingNotice report={report} />
        <ApprovalPanel report={report} />
        <ReportVersionsPanel report={report} />
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
          <ReportInspections report={report} shown={shown} />
          {shown.length === 0 && <Text c="dimmed">{t('reports.noInspectionAccess')}</Text>}
        </div>
        {mayDocuments && <SupportingDocumentsPanel reportId={reportId} />}
      </Stack>
      <ReportFormModal opened={editing} onClose={() => setEditing(false)} report={report} />
    </>
  );
}
