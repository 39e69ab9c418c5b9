import { thermal } from '@inspectra/contract';
import type { thermalMeasurement } from '@inspectra/contract';
import { callApi } from '../../api/calls.ts';
import { notShownOf } from '../../api/capped.ts';
import type { RecordOf } from '../../api/records.ts';
import { techniqueKey } from '../techniques/technique-queries.ts';

export type ThermalMeasurement = RecordOf<typeof thermalMeasurement>;

/**
 * Thermal's own reads (its verdict and figures), under the technique's key: a change the workspace
 * makes to a measurement refreshes them with everything else of the technique on the report.
 */
export const thermalQueries = {
  summary: (reportId: string, thermalAnalysisId: string) => ({
    queryKey: [...techniqueKey(thermal, reportId), 'summary', thermalAnalysisId],
    queryFn: async () =>
      (await callApi('GET /thermal-analysis/summary', { query: { thermalAnalysisId } })).data,
  }),
  result: (reportId: string, thermalAnalysisId: string) => ({
    queryKey: [...techniqueKey(thermal, reportId), 'result', thermalAnalysisId],
    queryFn: async () => {
      const envelope = await callApi('GET /thermal-analysis/result', { query: { thermalAnalysisId } });
      // At most `thermalActionListCap` measurements are listed; the meta says how many more need action.
      return { ...envelope.data, actionNotShown: notShownOf(envelope, 'actionRequired') };
    },
  }),
};
