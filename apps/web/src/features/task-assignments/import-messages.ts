import type { TFunction } from 'i18next';
import { errorText } from '../../ui/error-text.ts';
import { formatBytes } from '../../engine/locale.ts';
import { i18n } from '../../i18n/index.ts';
import type { ImportFailure, ImportReport, Reason, RowResult } from './bulk-assignment.ts';

/**
 * The import's results in words: SPEC 8's messages through i18n (English exactly as the SPEC has
 * them), our own reasons translated, the server's reasons as it sent them.
 */

export function reasonText(t: TFunction, reason: Reason): string {
  if ('error' in reason) return errorText(reason.error, t);
  const words = 'taskAssignmentImport.reasons';
  switch (reason.key) {
    case 'tooLarge':
      return t(`${words}.tooLarge`, { max: formatBytes(reason.maxBytes, i18n.language) });
    default:
      return t(`${words}.${reason.key}`);
  }
}

export function failureMessage(t: TFunction, failure: ImportFailure): string {
  const messages = 'taskAssignmentImport.messages';
  switch (failure.kind) {
    case 'readFailed':
      return t(`${messages}.readFailed`);
    case 'empty':
      return t(`${messages}.empty`);
    case 'parseFailed':
      return t(`${messages}.parseFailed`, { reason: failure.reason });
    case 'importFailed':
      return t(`${messages}.importFailed`, { reason: reasonText(t, failure.reason) });
  }
}

export function rowMessage(t: TFunction, row: RowResult): string {
  switch (row.outcome) {
    case 'skipped':
      return t('taskAssignmentImport.messages.rowSkipped');
    case 'failed':
      return t('taskAssignmentImport.messages.rowFailed', {
        method: row.method,
        workorder: row.workOrder,
        reason: reasonText(t, row.reason),
      });
    case 'assigned': {
      // The code beside the name only when it says something new: not when the row already holds
      // the code (the method column shows it), nor when the name is the code (SRUT, srut).
      const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
      const codeSaid = same(row.method, row.methodCode) || same(row.methodName, row.methodCode);
      return t(codeSaid ? 'taskAssignmentImport.rowAssigned' : 'taskAssignmentImport.rowAssignedAs', {
        method: row.methodName,
        code: row.methodCode,
        workorder: row.workOrder,
      });
    }
  }
}

export function summaryMessage(t: TFunction, report: ImportReport): string {
  return t('taskAssignmentImport.messages.summary', {
    successful: report.successful,
    failed: report.failed,
  });
}
