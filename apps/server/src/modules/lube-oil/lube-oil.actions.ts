import { entities, lubeOilAnalysis, lubeOilComponent, lubeOilReportParams } from '@inspectra/contract';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import { callerScope } from '../../engine/record-scope.ts';
import { recordViews } from '../../engine/records.ts';

/** Lube oil behaviour beyond the generic calls (docs/lube-oil.md). */
export const lubeOilActions: Record<string, ActionHandler> = {
  /**
   * `GET /lube-oil/components/{reportHeaderId}`: the components of the report's analysis, as
   * `GET /lube-oil/measurements` lists them by analysis; none before the analysis exists. The report
   * must be in the caller's scope (else 404).
   */
  'lubeOil.components': typedAction({ params: lubeOilReportParams }, async ({ params, deps, user }) => {
    const scope = callerScope(user!);
    const repo = (name: string) => deps.repositories.get(name)!;
    await repo(entities.reportHeader!.name).get(deps.db, params.reportHeaderId, scope);
    const analysis = await repo(lubeOilAnalysis.name).first(deps.db, {
      parentId: params.reportHeaderId,
      scope,
    });
    if (!analysis) return { data: [] };
    const rows = await repo(lubeOilComponent.name).all(deps.db, { parentId: analysis.id as string, scope });
    return { data: await recordViews(deps.db, lubeOilComponent, rows) };
  }),
};
