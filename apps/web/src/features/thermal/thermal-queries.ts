import type { thermalAnalysis, thermalMeasurement } from '@inspectra/contract';
import { callApi } from '../../api/calls.ts';
import type { RecordOf } from '../../api/records.ts';

export type ThermalAnalysis = RecordOf<typeof thermalAnalysis>;
export type ThermalMeasurement = RecordOf<typeof thermalMeasurement>;

/** Every thermal query key starts with this, so a change to a measurement refreshes the whole page. */
export const thermalKey = (reportId: string) => ['thermal', reportId] as const;

export const thermalQueries = {
  analysis: (reportId: string) => ({
    queryKey: [...thermalKey(reportId), 'analysis'],
    queryFn: async () =>
      (
        await callApi('GET /thermal-analysis/by-report', {
          query: { reportHeaderId: reportId },
        })
      ).data,
  }),
  summary: (reportId: string, thermalAnalysisId: string) => ({
    queryKey: [...thermalKey(reportId), 'summary'],
    queryFn: async () =>
      (await callApi('GET /thermal-analysis/summary', { query: { thermalAnalysisId } })).data,
  }),
  result: (reportId: string, thermalAnalysisId: string) => ({
    queryKey: [...thermalKey(reportId), 'result'],
    queryFn: async () =>
      (await callApi('GET /thermal-analysis/result', { query: { thermalAnalysisId } })).data,
  }),
  measurement: (reportId: string, id: string) => ({
    queryKey: [...thermalKey(reportId), 'measurement', id],
    queryFn: async () => (await callApi('GET /thermal-measurements/:id', { params: { id } })).data,
  }),
};
