import { http, HttpResponse } from 'msw';
import { api, envelope, onePage } from '../api/test-server.ts';
import type { Report } from '../features/reports/useReport.ts';
import type { ThermalMeasurementRecord } from './records.fixture.ts';
import { workOrderRecord } from './records.fixture.ts';

/**
 * The reads of a thermal report's screens, answered for one report with one measurement (a hot lug,
 * repair immediately): its work order, the report, the analysis (version 4), its summary and result,
 * the measurements and the measurement by id. Pass them to `server.use`.
 */
export function thermalReportHandlers(report: Report, measurement: ThermalMeasurementRecord) {
  const analysisId = measurement.thermalAnalysisId;
  const workOrder = workOrderRecord();
  const analysis = {
    id: analysisId,
    thermalAnalysisId: analysisId,
    version: 4,
    reportHeaderId: report.id,
    summary: null,
    result: null,
  };
  return [
    http.get(api(`/work-order-spks/${workOrder.id}`), () => HttpResponse.json(envelope(workOrder))),
    http.get(api('/report-headers'), () => HttpResponse.json(onePage([report]))),
    http.get(api('/thermal-analysis/by-report'), () => HttpResponse.json(envelope(analysis))),
    http.get(api('/thermal-analysis/summary'), () =>
      HttpResponse.json(
        envelope({
          thermalAnalysisId: analysisId,
          summary: null,
          measurementCount: 1,
          firstMeasurementDate: measurement.date,
          lastMeasurementDate: measurement.date,
          hottest: measurement,
          maxDeltaTC: measurement.deltaTC,
          severityCounts: { normal: 0, investigate: 0, repairAsTimePermits: 0, repairImmediately: 1 },
        }),
      ),
    ),
    http.get(api('/thermal-analysis/result'), () =>
      HttpResponse.json(
        envelope({
          thermalAnalysisId: analysisId,
          result: null,
          overallSeverity: 'repairImmediately',
          overallMeaning: 'ΔT above 15 °C: major discrepancy, repair immediately',
          actionRequired: [measurement],
        }),
      ),
    ),
    http.get(api('/thermal-measurements/by-thermal-analysis'), () =>
      HttpResponse.json(onePage([measurement])),
    ),
    // The equipment's trend (docs/series.md): before the by-id handler, which would take `trend` as an id.
    http.get(api('/thermal-measurements/trend'), () =>
      HttpResponse.json(
        envelope({ series: [], bounded: { limit: 60, more: false, points: 100, morePoints: false } }),
      ),
    ),
    http.get(api(`/thermal-measurements/${measurement.id}`), () => HttpResponse.json(envelope(measurement))),
  ];
}
