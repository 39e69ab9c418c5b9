import { opensFinding } from '../finding-severity.ts';

/**
 * How serious a finding is, shared by the visual techniques (VCI, walkthrough): a risk ranking an
 * integrity engineer acts on, worst last. Meanings are in docs/techniques.md.
 */
export const findingSeverities = [
  { level: 'low', label: 'Low', meaning: 'Cosmetic or minor: record and watch at the next inspection' },
  { level: 'medium', label: 'Medium', meaning: 'Degradation: plan repair within the maintenance cycle' },
  {
    level: 'high',
    label: 'High',
    meaning: 'Significant damage: repair soon and consider a closer inspection',
  },
  {
    level: 'critical',
    label: 'Critical',
    meaning: 'Threatens containment or safety: act now (isolate, reduce pressure, repair)',
  },
] as const;
export type FindingSeverity = (typeof findingSeverities)[number]['level'];
export const findingSeverityLevels = findingSeverities.map((s) => s.level) as [
  FindingSeverity,
  ...FindingSeverity[],
];

/**
 * What the visual techniques' findings open in the register of findings to close: from medium up,
 * each at its own severity (a low finding is watched at the next inspection, nothing to close).
 */
export const visualFindingsOpen = {
  medium: opensFinding('medium'),
  high: opensFinding('high'),
  critical: opensFinding('critical'),
};

/** The worst of several severities, or null when there are none. */
export function worstSeverity(levels: readonly (string | null | undefined)[]): FindingSeverity | null {
  let worst = -1;
  for (const level of levels)
    worst = Math.max(worst, findingSeverityLevels.indexOf(level as FindingSeverity));
  return worst < 0 ? null : findingSeverityLevels[worst]!;
}

/** The equipment classes of pipe-borne techniques (VCI, walkthrough, UFD, SACP, PAUT). */
export const pipeFamilies = ['pipe', 'pipeline'] as const;
