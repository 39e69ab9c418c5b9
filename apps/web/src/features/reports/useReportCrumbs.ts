import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Crumb } from '../../ui/PageHeader.tsx';
import { workOrderQuery } from '../work-orders/work-order-queries.ts';
import type { Report } from './useReport.ts';

/**
 * Work orders › WO › report › `trail`: the path every report screen shows. The work order's number
 * arrives on its own; until then the crumb reads "Work order", so the screen does not wait for it.
 */
export function useReportCrumbs(report: Report, ...trail: Crumb[]): Crumb[] {
  const { t } = useTranslation();
  const workOrder = useQuery(workOrderQuery(report.workOrderSPKId));
  return [
    { label: t('nav.workOrders'), to: '/work-orders' },
    {
      label: workOrder.data?.woNumber ?? t('nav.workOrder'),
      to: '/work-orders/$workOrderId',
      params: { workOrderId: report.workOrderSPKId },
    },
    trail.length > 0
      ? { label: report.reportNumber, to: '/reports/$reportId', params: { reportId: report.id } }
      : { label: report.reportNumber },
    ...trail,
  ];
}
