import { thermalMeasurement, workOrderSpk } from '@inspectra/contract';
import type { EntityDefinition } from '@inspectra/contract';

/** A rule's English is its declaration's message: written once, in the contract. */
function ruleMessages(entity: EntityDefinition): Record<string, string> {
  return Object.fromEntries(Object.entries(entity.rules).map(([id, r]) => [id, r.message]));
}

/** Labels of declared fields; the contract's English labels are the fallback for anything missing. */
export const entities = {
  workOrderSpk: {
    fields: {
      woNumber: 'WO number',
      title: 'Title',
      description: 'Description',
      workType: 'Work type',
      contractNo: 'Contract number',
      equipmentCategory: 'Equipment category',
      tagNumber: 'Tag number',
      isEmergency: 'Emergency',
      dateStart: 'Start date',
      dateEnd: 'End date',
    },
    rules: ruleMessages(workOrderSpk),
  },
  reportHeader: {
    fields: {
      workOrderSPKId: 'Work order',
      reportNumber: 'Report number',
      title: 'Title',
      equipmentNo: 'Equipment number',
      objectType: 'Object type',
      inspectionMethod: 'Inspection method',
      location: 'Location',
      actualStartDate: 'Actual start',
      actualCompletedDate: 'Actual completion',
      status: 'Status',
    },
    values: {
      status: { draft: 'Draft', submitted: 'Submitted', approved: 'Approved', rejected: 'Rejected' },
      // Inspection methods are free text; the codes the product uses get a name.
      inspectionMethod: { thermal: 'Thermography' },
    },
  },
  thermalAnalysis: {
    fields: { reportHeaderId: 'Report', summary: 'Summary', result: 'Result' },
  },
  thermalMeasurement: {
    fields: {
      thermalAnalysisId: 'Thermal analysis',
      date: 'Measurement date',
      tagNumber: 'Tag number',
      equipmentName: 'Equipment name',
      component: 'Component',
      componentDescription: 'Part measured, e.g. "Phase R cable lug"',
      location: 'Location',
      maxTemperatureC: 'Max temperature',
      referenceTemperatureC: 'Reference temperature',
      referenceTemperatureCDescription: 'Similar component under similar load',
      ambientTemperatureC: 'Ambient temperature',
      emissivity: 'Emissivity',
      loadPercent: 'Load',
      distanceM: 'Distance',
      remarks: 'Remarks',
      recommendation: 'Recommendation',
      deltaTC: 'ΔT',
      severity: 'Severity',
      thermalImage: 'Images',
    },
    groups: { equipment: 'Equipment', temperatures: 'Temperatures', camera: 'Camera and conditions' },
    images: { thermalImage: 'Thermal image', visualImage: 'Visual image' },
    values: {
      severity: {
        normal: 'Normal',
        investigate: 'Investigate',
        repairAsTimePermits: 'Repair as time permits',
        repairImmediately: 'Repair immediately',
      },
    },
    rules: ruleMessages(thermalMeasurement),
  },
};
