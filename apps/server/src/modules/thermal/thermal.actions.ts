import {
  thermalAnalysis,
  thermalMeasurement,
  thermalSeverities,
  thermalAnalysisQuery,
  thermalActionListCap,
} from '@inspectra/contract';
import type { ThermalResult, ThermalSeverity, ThermalSummary } from '@inspectra/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { derivedSql } from '../../engine/derived-sql.ts';
import { tableOf } from '../../db/schema/index.ts';
import { typedAction } from '../../engine/action-handler.ts';
import { notShownMeta } from '../../engine/page-meta.ts';
import type { ActionHandler } from '../../engine/action-handler.ts';
import type { EngineDeps } from '../../engine/engine-deps.ts';
import { recordViews } from '../../engine/records.ts';
import type { StoredRecord } from '../../engine/records.ts';
import type { AuthenticatedUser } from '../../engine/access.ts';
import { callerScope } from '../../engine/record-scope.ts';

const m = tableOf(thermalMeasurement);

// The contract's declared expressions, compiled: SQL and the API agree on every band's edge.
const deltaT = derivedSql(thermalMeasurement, 'deltaTC', m) as SQL<number>;
const severity = derivedSql(thermalMeasurement, 'severity', m) as SQL<ThermalSeverity>;

/** The analysis, or not found when it is out of the caller's company scope. */
async function analysisOf(deps: EngineDeps, id: string, user: AuthenticatedUser | undefined) {
  return deps.repositories.get(thermalAnalysis.name)!.get(deps.db, id, callerScope(user!));
}

async function severityCounts(deps: EngineDeps, analysisId: string) {
  const rows = await deps.db
    .select({ severity, n: sql<number>`count(*)::int` })
    .from(m)
    .where(eq(m.thermalAnalysisId, analysisId))
    .groupBy(severity);
  const counts = Object.fromEntries(thermalSeverities.map((s) => [s.level, 0])) as Record<
    ThermalSeverity,
    number
  >;
  for (const row of rows) counts[row.severity] = row.n;
  return counts;
}

/** The thermal analysis calls that compute (SPEC 7: summary, result); see docs/thermal-severity.md. */
export const thermalActions: Record<string, ActionHandler> = {
  'thermal.summary': typedAction({ query: thermalAnalysisQuery }, async ({ query, deps, user }) => {
    const analysis = await analysisOf(deps, query.thermalAnalysisId, user);
    const [totals] = await deps.db
      .select({
        n: sql<number>`count(*)::int`,
        first: sql<string | null>`min(${m.date})::text`,
        last: sql<string | null>`max(${m.date})::text`,
        maxDeltaTC: sql<number | null>`max(${deltaT})::float8`,
      })
      .from(m)
      .where(eq(m.thermalAnalysisId, analysis.id));
    const [hottest] = await deps.db
      .select()
      .from(m)
      .where(eq(m.thermalAnalysisId, analysis.id))
      .orderBy(desc(m.maxTemperatureC), desc(m.date))
      .limit(1);
    const summary: ThermalSummary = {
      thermalAnalysisId: analysis.id,
      summary: (analysis.summary as string | null) ?? null,
      measurementCount: totals?.n ?? 0,
      firstMeasurementDate: totals?.first ?? null,
      lastMeasurementDate: totals?.last ?? null,
      hottest: hottest
        ? ((
            await recordViews(deps.db, thermalMeasurement, [hottest as StoredRecord])
          )[0] as ThermalSummary['hottest'])
        : null,
      maxDeltaTC: totals?.maxDeltaTC ?? null,
      severityCounts: await severityCounts(deps, analysis.id),
    };
    return { data: summary };
  }),

  'thermal.result': typedAction({ query: thermalAnalysisQuery }, async ({ query, deps, user }) => {
    const analysis = await analysisOf(deps, query.thermalAnalysisId, user);
    const counts = await severityCounts(deps, analysis.id);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const worst = [...thermalSeverities].reverse().find((s) => counts[s.level] > 0);
    const needingAction = await deps.db
      .select()
      .from(m)
      .where(sql`${m.thermalAnalysisId} = ${analysis.id} and ${severity} <> 'normal'`)
      .orderBy(desc(deltaT), desc(m.date))
      .limit(thermalActionListCap);
    const result: ThermalResult = {
      thermalAnalysisId: analysis.id,
      result: (analysis.result as string | null) ?? null,
      overallSeverity: total === 0 ? null : (worst?.level ?? 'normal'),
      overallMeaning: total === 0 ? 'No measurements yet' : (worst ?? thermalSeverities[0]).meaning,
      actionRequired: (await recordViews(
        deps.db,
        thermalMeasurement,
        needingAction as StoredRecord[],
      )) as ThermalResult['actionRequired'],
    };
    // Every severity but normal needs action: the counts say how many the list leaves out.
    const needing = thermalSeverities.reduce((n, s) => (s.level === 'normal' ? n : n + counts[s.level]), 0);
    return { data: result, meta: notShownMeta({ actionRequired: [needingAction.length, needing] }) };
  }),
};
