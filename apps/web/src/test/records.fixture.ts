import type { thermalMeasurement, workOrderSpk } from '@inspectra/contract';
import type { RecordOf } from '../api/records.ts';
import type { Report } from '../features/reports/useReport.ts';

/*
 * Records as the API returns them, stored by `testUserId`, for the client tests that show or save
 * one. A test overrides only what it is about, so what it asserts stays beside it.
 */

/** The user the client tests sign in as (`signedInAs`) unless one names another. */
export const testUserId = '6f1e1a8e-0c2b-4d3c-8a57-2f5b3c9d7e10';

/** What the server adds to a record it stored once, at `at`, by `testUserId`: version 1, no warnings. */
export const auditFields = (at = '2026-03-01T02:00:00Z') => ({
  version: 1,
  createdAt: at,
  updatedAt: at,
  createdBy: testUserId,
  updatedBy: testUserId,
  warnings: [],
});

export type WorkOrderRecord = RecordOf<typeof workOrderSpk>;

/** The open work order the report fixtures belong to (WO-1001), read at version 2. */
export function workOrderRecord(overrides: Partial<WorkOrderRecord> = {}): WorkOrderRecord {
  return {
    ...auditFields('2026-03-01T02:00:00Z'),
    id: 'a0000000-0000-4000-8000-000000000001',
    version: 2,
    woNumber: 'WO-1001',
    title: 'Substation A thermography',
    description: null,
    workType: 'conditionMonitoring',
    contractNo: null,
    equipmentCategory: 'electrical',
    tagNumber: 'TR-01',
    plannerGroup: null,
    location: null,
    priority: 'medium',
    isEmergency: false,
    dateStart: '2026-03-10',
    dateEnd: '2026-03-20',
    actualStartDate: null,
    actualEndDate: null,
    status: 'inProgress',
    ...overrides,
  };
}

/** A draft thermal report header (RPT-0042), read at version 3. */
export function reportRecord(overrides: Partial<Report> = {}): Report {
  return {
    ...auditFields('2026-03-15T07:05:00Z'),
    id: '0d4c1d3e-2b5f-4f57-9a33-9f1f1c0c5a01',
    version: 3,
    workOrderSPKId: workOrderRecord().id,
    reportNumber: 'RPT-0042',
    title: 'Substation A survey',
    equipmentNo: 'TR-01',
    equipmentCategory: 'electrical',
    objectType: null,
    inspectionMethod: 'thermal',
    location: null,
    actualStartDate: null,
    actualCompletedDate: null,
    status: 'draft',
    statusComment: null,
    revision: 0,
    revisionOf: null,
    approvalLevel: null,
    approvalPath: null,
    ...overrides,
  };
}

export type ThermalMeasurementRecord = RecordOf<typeof thermalMeasurement>;

/** A hot cable lug (ΔT 45.5 °C, repair immediately) read at version 3, with no images. */
export function thermalMeasurementRecord(
  overrides: Partial<ThermalMeasurementRecord> = {},
): ThermalMeasurementRecord {
  return {
    ...auditFields('2026-03-10T08:00:00Z'),
    id: '7d8a3c52-7c41-4a4f-9f3b-2a7a0b7e3c11',
    version: 3,
    thermalAnalysisId: '0b0e6a53-8d3f-4b0e-9a52-8f5a7c9d1e22',
    date: '2026-03-10',
    tagNumber: 'TR-01',
    equipmentName: 'Transformer 1',
    component: 'Phase R cable lug',
    location: 'Substation A',
    maxTemperatureC: 85.5,
    referenceTemperatureC: 40,
    ambientTemperatureC: 30,
    emissivity: 0.95,
    loadPercent: 80,
    distanceM: 2,
    remarks: null,
    recommendation: null,
    deltaTC: 45.5,
    severity: 'repairImmediately',
    thermalImage: null,
    visualImage: null,
    ...overrides,
  };
}
