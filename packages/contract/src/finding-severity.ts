/**
 * The register of findings to close (`recommendation`, docs/recommendations.md) sorts and counts
 * every technique's findings on one scale, worst last: each technique's grade declaration says which
 * of its levels open a finding and where each sits on this scale (`findingGrade.opens`).
 */
export const recommendationSeverities = ['low', 'medium', 'high', 'critical'] as const;
export type RecommendationSeverity = (typeof recommendationSeverities)[number];

/**
 * Days from the final approval to the due date, per severity (docs/recommendations.md, "Due dates",
 * gives the reasoning). A level may declare its own days; these are what it takes otherwise.
 */
export const recommendationDueDays: Readonly<Record<RecommendationSeverity, number>> = {
  critical: 7,
  high: 30,
  medium: 90,
  low: 180,
};

/** What a grade level opens in the register: its severity and the days until it is due. */
export type OpenedFinding = { severity: RecommendationSeverity; dueDays: number };

/** A level that opens a finding of `severity`, due after the scale's days unless others are given. */
export const opensFinding = (
  severity: RecommendationSeverity,
  dueDays: number = recommendationDueDays[severity],
): OpenedFinding => ({ severity, dueDays });
