import {
  findingSeverityLevels,
  vciAnalysis,
  vciFeatures,
  vciSummary,
  worstSeverity,
  vciAnalysisQuery,
} from '@inspectra/contract';
import type { FindingSeverity, VciFeatureGroup } from '@inspectra/contract';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { recordViews } from '../../engine/records.ts';
import { AppError } from '../../errors.ts';
import { callerScope } from '../../engine/record-scope.ts';

/** VCI behaviour beyond the generic calls: summaries grouped by the feature found. */
export const vciActions: Record<string, ActionHandler> = {
  /**
   * Per feature, the spots found (worst first, then newest) and the worst severity among them;
   * features in the declared order, only those found. The analysis must be of the route's family.
   */
  'vci.groupedByFeature': typedAction({ query: vciAnalysisQuery }, async ({ query, deps, route, user }) => {
    const variant = route.operation.kind === 'action' ? route.operation.variant : undefined;
    const analysisId = query.vciAnalysisId;
    const analysis = await deps.repositories
      .get(vciAnalysis.name)!
      .get(deps.db, analysisId, callerScope(user!));
    if (analysis.variant !== variant)
      throw new AppError(
        'NOT_FOUND',
        `VCI analysis ${analysisId} is a ${String(analysis.variant)} analysis, not ${variant}`,
      );
    const rows = await deps.repositories
      .get(vciSummary.name)!
      .all(deps.db, { parentId: analysisId, variant, scope: callerScope(user!) });
    type Spot = Record<string, unknown> & { feature: string; severity: FindingSeverity };
    const views = (await recordViews(deps.db, vciSummary, rows)) as Spot[];
    const rank = (s: FindingSeverity) => findingSeverityLevels.indexOf(s);
    const groups: VciFeatureGroup[] = [];
    for (const feature of vciFeatures) {
      const spots = views
        .filter((s) => s.feature === feature)
        .sort((a, b) => rank(b.severity) - rank(a.severity));
      if (spots.length === 0) continue;
      groups.push({
        feature,
        count: spots.length,
        worstSeverity: worstSeverity(spots.map((s) => s.severity))!,
        spots,
      });
    }
    return { data: groups };
  }),
};
