import { Alert, Group } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../engine/entity-labels.ts';
import { isReportFinal, isReportLocked } from './report-status.ts';
import { SupersededNotice } from './SupersededNotice.tsx';
import { reportQuery } from './useReport.ts';
import type { Report } from './useReport.ts';

const ReportLockContext = createContext(false);

/**
 * Tells every screen of a report (its page, each technique's workspace, its rows and documents)
 * whether the report is locked (in approval or approved), read from the address's `reportId`:
 * `usePermission` then answers no to every write there, so forms show as text and add/delete
 * buttons go, screen by screen without each one asking. The server refuses such writes anyway (409).
 */
export function ReportLockScope({ children }: { children: ReactNode }) {
  const reportId = useRouterState({
    select: (s) => (s.matches.at(-1)?.params as { reportId?: string } | undefined)?.reportId,
  });
  const report = useQuery({ ...reportQuery(reportId ?? ''), enabled: Boolean(reportId) });
  const locked = Boolean(reportId) && isReportLocked(report.data?.status);
  return <ReportLockContext.Provider value={locked}>{children}</ReportLockContext.Provider>;
}

/** Whether the screen shows a locked report (false outside a report). */
export function useReportLocked(): boolean {
  return useContext(ReportLockContext);
}

/**
 * "This report is approved and locked…", on every screen of a locked report. An approved report
 * offers the way to change it when given (`action`: a new revision, ReviseReport.tsx); a report in
 * approval says it stays as submitted until a reviewer returns it (no revision: it is not final).
 */
export function ReportLockedNotice({ report, action }: { report: Report; action?: ReactNode }) {
  const { t } = useTranslation();
  if (!isReportLocked(report.status)) return null;
  // A superseded report is not revised again (its revision is): its notice names what replaced it.
  if (report.supersededBy) return <SupersededNotice report={report} />;
  const final = isReportFinal(report.status);
  return (
    <Alert
      color={final ? 'green' : 'blue'}
      variant="light"
      icon={<IconLock aria-hidden />}
      title={t('reports.lockedTitle', {
        status: enumLabel(t, 'reportHeader', 'status', report.status!).toLowerCase(),
      })}
      mb="lg"
    >
      {t(final ? 'reports.lockedText' : 'reports.frozenText')}
      {final && action && <Group mt="sm">{action}</Group>}
    </Alert>
  );
}
