import { approvals as enApprovals } from './en/approvals.ts';
import { reportRecord as enReportRecord } from './en/report-record.ts';
import {
  administration as enAdministration,
  roles as enRoles,
  users as enUsers,
} from './en/administration.ts';
import { assets as enAssets, inspectionMethods as enInspectionMethods } from './en/assets.ts';
import { documents as enDocuments } from './en/documents.ts';
import { engine as enEngine } from './en/engine.ts';
import { validation as enValidation } from './en/validation.ts';
import { entities as enEntities, techniqueLabels as enTechniques } from './en/entities.ts';
import { myTasks as enMyTasks } from './en/my-tasks.ts';
import { teamPlan as enTeamPlan } from './en/team-plan.ts';
import { ndt as enNdt } from './en/ndt.ts';
import { equipmentHealth as enEquipmentHealth } from './en/equipment-health.ts';
import { thickness as enThickness } from './en/thickness.ts';
import { recommendations as enRecommendations } from './en/recommendations.ts';
import { taskAssignments as enTaskAssignments } from './en/task-assignments.ts';
import { taskAssignmentImport as enTaskAssignmentImport } from './en/task-assignment-import.ts';
import { imageList as enImageList, workspace as enWorkspace } from './en/techniques.ts';
import { signature as enSignature } from './en/signature.ts';
import { supersession as enSupersession } from './en/supersession.ts';
import { thermal as enThermal } from './en/thermal.ts';
import { workOrders as enWorkOrders } from './en/work-orders.ts';
import { approvals as idApprovals } from './id/approvals.ts';
import { reportRecord as idReportRecord } from './id/report-record.ts';
import {
  administration as idAdministration,
  roles as idRoles,
  users as idUsers,
} from './id/administration.ts';
import { assets as idAssets, inspectionMethods as idInspectionMethods } from './id/assets.ts';
import { documents as idDocuments } from './id/documents.ts';
import { engine as idEngine } from './id/engine.ts';
import { validation as idValidation } from './id/validation.ts';
import { entities as idEntities, techniqueLabels as idTechniques } from './id/entities.ts';
import { myTasks as idMyTasks } from './id/my-tasks.ts';
import { teamPlan as idTeamPlan } from './id/team-plan.ts';
import { ndt as idNdt } from './id/ndt.ts';
import { equipmentHealth as idEquipmentHealth } from './id/equipment-health.ts';
import { thickness as idThickness } from './id/thickness.ts';
import { recommendations as idRecommendations } from './id/recommendations.ts';
import { taskAssignments as idTaskAssignments } from './id/task-assignments.ts';
import { taskAssignmentImport as idTaskAssignmentImport } from './id/task-assignment-import.ts';
import { imageList as idImageList, workspace as idWorkspace } from './id/techniques.ts';
import { signature as idSignature } from './id/signature.ts';
import { supersession as idSupersession } from './id/supersession.ts';
import { thermal as idThermal } from './id/thermal.ts';
import { workOrders as idWorkOrders } from './id/work-orders.ts';
import { i18n } from './index.ts';

// Imported by the signed-in shell (and the test setup): the strings of forms, tables and inspection
// screens, and the labels of declared entities (read from the contract), join those loaded at start.
// The sign-in page needs none of them and does not download them.
i18n.addResourceBundle(
  'en',
  'translation',
  {
    engine: enEngine,
    validation: enValidation,
    thermal: enThermal,
    entities: enEntities,
    techniques: enTechniques,
    documents: enDocuments,
    ndt: enNdt,
    equipmentHealth: enEquipmentHealth,
    thickness: enThickness,
    recommendations: enRecommendations,
    taskAssignments: enTaskAssignments,
    workOrders: enWorkOrders,
    assets: enAssets,
    inspectionMethods: enInspectionMethods,
    taskAssignmentImport: enTaskAssignmentImport,
    myTasks: enMyTasks,
    teamPlan: enTeamPlan,
    approvals: enApprovals,
    administration: enAdministration,
    users: enUsers,
    roles: enRoles,
    workspace: enWorkspace,
    imageList: enImageList,
    signature: enSignature,
    supersession: enSupersession,
    // The report of record's words join the report's (`reports.record.*`), merged deep.
    reports: { record: enReportRecord },
  },
  true,
  true,
);
i18n.addResourceBundle(
  'id',
  'translation',
  {
    engine: idEngine,
    validation: idValidation,
    thermal: idThermal,
    entities: idEntities,
    techniques: idTechniques,
    documents: idDocuments,
    ndt: idNdt,
    equipmentHealth: idEquipmentHealth,
    thickness: idThickness,
    recommendations: idRecommendations,
    taskAssignments: idTaskAssignments,
    workOrders: idWorkOrders,
    assets: idAssets,
    inspectionMethods: idInspectionMethods,
    taskAssignmentImport: idTaskAssignmentImport,
    myTasks: idMyTasks,
    teamPlan: idTeamPlan,
    approvals: idApprovals,
    administration: idAdministration,
    users: idUsers,
    roles: idRoles,
    workspace: idWorkspace,
    imageList: idImageList,
    signature: idSignature,
    supersession: idSupersession,
    // The report of record's words join the report's (`reports.record.*`), merged deep.
    reports: { record: idReportRecord },
  },
  true,
  true,
);
