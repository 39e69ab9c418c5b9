import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useReport } from '../reports/useReport.ts';
import { ReportLockedNotice } from '../reports/ReportLock.tsx';
import { ReviseOrAsk } from '../reports/ReviseReport.tsx';
import { useReportCrumbs } from '../reports/useReportCrumbs.ts';
import { SupportingDocumentsPanel } from './SupportingDocumentsPanel.tsx';

/** A report's supporting documents on a screen of their own (`/reports/{id}/documents`). */
export function SupportingDocumentsPage() {
  const { t } = useTranslation();
  const { reportId } = useParams({ from: '/app/reports/$reportId/documents' });
  const report = useReport(reportId);
  const crumbs = useReportCrumbs(report, { label: t('documents.title') });
  return (
    <>
      <PageHeader
        title={t('documents.title')}
        subtitle={`${report.reportNumber} · ${report.title}`}
        crumbs={crumbs}
      />
      <ReportLockedNotice report={report} action={<ReviseOrAsk report={report} />} />
      <SupportingDocumentsPanel reportId={reportId} />
    </>
  );
}
