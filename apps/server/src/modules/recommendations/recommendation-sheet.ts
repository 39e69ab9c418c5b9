import { defineEntity, f, recommendation } from '@inspectra/contract';
import type { RecommendationView } from '@inspectra/contract';

/**
 * A row of the register's workbook (`GET /recommendations/export`): the finding as a planner reads
 * it, the names the list answers beside the record (report, owner, work order) in place of ids.
 * Declared like an entity so the engine's sheet writer gives it headers and date formats; it has no
 * table. The headers are the file's words, the same in every language.
 */
export const recommendationSheetRow = defineEntity('recommendationSheetRow', {
  label: 'Findings to close',
  module: 'reportHeader',
  fields: {
    dueDate: f.date({ label: 'Due date' }),
    overdue: f.text({ label: 'Overdue' }),
    severity: f.text({ label: 'Severity' }),
    status: f.text({ label: 'State' }),
    equipmentNo: f.text({ label: 'Equipment' }),
    area: f.text({ label: 'Area' }),
    finding: f.text({ label: 'Finding' }),
    source: f.text({ label: 'Source' }),
    grade: f.text({ label: 'Grade' }),
    ownerName: f.text({ label: 'Owner' }),
    woNumber: f.text({ label: 'Work order' }),
    evidenceComment: f.longText({ label: 'Evidence' }),
    evidenceReportNumber: f.text({ label: 'Evidence report' }),
    closedAt: f.datetime({ label: 'Closed at' }),
  },
});

const statusWords = recommendation.fields.status.valueLabels as Record<string, string>;
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A finding as the file words it: a thickness location's figures in English after its name (the
 * screens word them in the reader's language); a report's finding, or an older thickness finding
 * whose figure is in its text, as kept.
 */
function findingWords(r: RecommendationView): string {
  if (r.thicknessMm != null && r.requiredThicknessMm != null)
    return `${r.finding}: ${r.thicknessMm} mm, required ${r.requiredThicknessMm} mm`;
  if (r.remainingLifeYears != null) return `${r.finding}: ${r.remainingLifeYears} years of remaining life`;
  return r.finding;
}

/** A finding as its workbook row: words for its state and severity, its source named. */
export function recommendationSheetValues(r: RecommendationView): Record<string, unknown> {
  return {
    dueDate: r.dueDate,
    overdue: r.overdue ? 'Yes' : 'No',
    severity: capitalised(r.severity),
    status: statusWords[r.status ?? 'open'] ?? r.status,
    equipmentNo: r.equipmentNo,
    area: r.area,
    finding: findingWords(r),
    source: r.reportHeaderId
      ? `${r.reportNumber ?? ''} (${r.inspectionMethod ?? ''})`
      : 'Thickness monitoring',
    grade: r.grade,
    ownerName: r.ownerName,
    woNumber: r.woNumber,
    evidenceComment: r.evidenceComment,
    evidenceReportNumber: r.evidenceReportNumber,
    closedAt: r.closedAt,
  };
}
