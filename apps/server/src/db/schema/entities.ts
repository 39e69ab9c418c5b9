// Generated from the contract's catalogue by `npm run generate -w @inspectra/server`: do not edit.
// drizzle-kit sees only named exports, so every declared entity's table is exported here by name.
import { entities } from '@inspectra/contract';
import { buildEntityTables } from '../../engine/entity-table.ts';

/** Every declared entity's table, by entity name. */
export const entityTables = buildEntityTables(entities);
export const contractorCompanyTable = entityTables.contractorCompany!;
export const plantOwnerTable = entityTables.plantOwner!;
export const equipmentCategoryTable = entityTables.equipmentCategory!;
export const objectTypeTable = entityTables.objectType!;
export const plannerGroupTable = entityTables.plannerGroup!;
export const functionalLocationTable = entityTables.functionalLocation!;
export const equipmentTable = entityTables.equipment!;
export const inspectionPointTable = entityTables.inspectionPoint!;
export const inspectionMethodTable = entityTables.inspectionMethod!;
export const workOrderSpkTable = entityTables.workOrderSpk!;
export const reportHeaderTable = entityTables.reportHeader!;
export const woTaskAssignmentTable = entityTables.woTaskAssignment!;
export const approvalPositionTable = entityTables.approvalPosition!;
export const inspectionMethodApprovalTable = entityTables.inspectionMethodApproval!;
export const reviewerAssignmentTable = entityTables.reviewerAssignment!;
export const thermalAnalysisTable = entityTables.thermalAnalysis!;
export const thermalMeasurementTable = entityTables.thermalMeasurement!;
export const vciAnalysisTable = entityTables.vciAnalysis!;
export const vciSummaryTable = entityTables.vciSummary!;
export const walkthroughInspectionTable = entityTables.walkthroughInspection!;
export const walkthroughSummaryTable = entityTables.walkthroughSummary!;
export const ufdInspectionTable = entityTables.ufdInspection!;
export const ufdSummaryTable = entityTables.ufdSummary!;
export const sacpInspectionTable = entityTables.sacpInspection!;
export const sacpMeasurementTable = entityTables.sacpMeasurement!;
export const pautInspectionTable = entityTables.pautInspection!;
export const pautSummaryTable = entityTables.pautSummary!;
export const motionMagnificationAnalysisTable = entityTables.motionMagnificationAnalysis!;
export const motionMagnificationSummaryTable = entityTables.motionMagnificationSummary!;
export const srutInspectionTable = entityTables.srutInspection!;
export const srutSummaryTable = entityTables.srutSummary!;
export const srutGeneralViewTable = entityTables.srutGeneralView!;
export const flowrateInspectionTable = entityTables.flowrateInspection!;
export const flowrateMeasurementPipeTable = entityTables.flowrateMeasurementPipe!;
export const flowrateMeasurementTable = entityTables.flowrateMeasurement!;
export const lubeOilAnalysisTable = entityTables.lubeOilAnalysis!;
export const lubeOilComponentTable = entityTables.lubeOilComponent!;
export const lubeOilVisualTable = entityTables.lubeOilVisual!;
export const reportSupportingDocumentTable = entityTables.reportSupportingDocument!;
export const ndtEquipmentTable = entityTables.ndtEquipment!;
export const ndtIsometricTable = entityTables.ndtIsometric!;
