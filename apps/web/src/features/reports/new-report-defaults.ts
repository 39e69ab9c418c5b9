import { methodShortCode } from '@inspectra/contract';

/** What a new report under a work order starts from: the work order, the method and its reports so far. */
export type ReportStart = {
  woNumber: string;
  woTitle: string;
  /** The method's code, kept on the report. */
  inspectionMethod: string;
  /** The method's name, as a person reads it in the title. */
  methodName: string;
  /** How many reports the work order already has with this method. */
  made: number;
};

/**
 * A report number to start from, which the person may change: the work order's number, the
 * method's short code (`methodShortCode`: MM, not MOTIONMAGNIFICATION) and the next sequence of the
 * method's reports under the work order.
 */
export function suggestedReportNumber(start: Pick<ReportStart, 'woNumber' | 'inspectionMethod' | 'made'>) {
  return `RPT-${start.woNumber}-${methodShortCode(start.inspectionMethod)}-${start.made + 1}`.slice(0, 60);
}

/**
 * The number, title and method a new report of a work order's method starts with, the same on the
 * task's page and in the work order's "New report" dialog (docs/work-management.md).
 */
export function newReportDefaults(start: ReportStart) {
  return {
    inspectionMethod: start.inspectionMethod,
    reportNumber: suggestedReportNumber(start),
    title: `${start.methodName} · ${start.woTitle}`.slice(0, 200),
  };
}
