import type { MyTask, TeamTask, thermalMeasurement, workOrderSpk } from '@inspectra/contract';
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
    revisionReason: null,
    supersededBy: null,
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

export type TaskReportRecord = MyTask['reports'][number];

/** Report `n` (1 to 9) of the task below, RPT-TH-2026-000n, a draft last changed on day n of March 2026. */
export function taskReportRecord(n: number, overrides: Partial<TaskReportRecord> = {}): TaskReportRecord {
  return {
    id: `c0000000-0000-4000-8000-00000000000${n}`,
    reportNumber: `RPT-TH-2026-000${n}`,
    title: 'Thermography of LV panel LP-3A',
    equipmentNo: 'LP-3A',
    status: 'draft',
    updatedAt: `2026-03-0${n}T02:00:00Z`,
    ...overrides,
  };
}

/** A thermal task on WO-2026-0142 (Substation 3, tag SS3), planned 2 to 6 March 2026, to do and on time. */
const thermalTask = {
  id: 'a0000000-0000-4000-8000-000000000001',
  workOrderSPKId: 'b0000000-0000-4000-8000-000000000001',
  woNumber: 'WO-2026-0142',
  woTitle: 'Annual thermography survey, Substation 3',
  inspectionMethod: 'thermal',
  inspectionMethodName: 'Thermal analysis',
  equipmentCategory: 'electrical',
  tagNumber: 'SS3',
  location: 'Substation 3',
  priority: 'high',
  isEmergency: false,
  dateStart: '2026-03-02',
  dateEnd: '2026-03-06',
  state: 'todo',
  overdue: false,
} satisfies Omit<MyTask, 'reports'>;

/** The thermal task as its inspector reads it (`GET /my-tasks`), with no reports yet. */
export function myTaskRecord(overrides: Partial<MyTask> = {}): MyTask {
  return { ...thermalTask, reports: [], ...overrides };
}

/** The thermal task as its planner reads it in the team plan, naming no inspector yet. */
export function teamTaskRecord(overrides: Partial<TeamTask> = {}): TeamTask {
  return { ...thermalTask, inspectors: [], ...overrides };
}
