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
import { offline as idOffline } from './id/offline.ts';
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

/** The signed-in screens' Indonesian words (workspace-strings.ts loads this chunk when they are wanted). */
export function addIndonesianWorkspaceStrings() {
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
      offline: idOffline,
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
}
