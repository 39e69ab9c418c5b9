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
import { offline as enOffline } from './en/offline.ts';
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
import { i18n } from './index.ts';
import { loadBeforeSwitching } from './language.ts';
import type { Language } from './index.ts';

// Imported by the signed-in shell (and the test setup): the strings of forms, tables and inspection
// screens, and the labels of declared entities (read from the contract), join those loaded at start.
// The sign-in page needs none of them and does not download them. The English ones come with the
// shell; the Indonesian ones only for a reader who reads Indonesian (below).
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
    offline: enOffline,
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

let indonesian: Promise<void> | undefined;
let indonesianLoaded = false;

/**
 * The signed-in screens' words in `language`, downloaded the first time it is wanted (Indonesian:
 * its own chunk, `workspace-strings-id.ts`); undefined when they are here already. The language
 * switch waits for them before switching (language.ts), and the signed-in shell before it first
 * renders in Indonesian (SignedInShell.tsx), so no screen shows English words meanwhile.
 */
export function loadWorkspaceStrings(language: Language | string): Promise<void> | undefined {
  if (language !== 'id' || indonesianLoaded) return undefined;
  indonesian ??= import('./workspace-strings-id.ts').then(
    ({ addIndonesianWorkspaceStrings }) => {
      addIndonesianWorkspaceStrings();
      indonesianLoaded = true;
    },
    (error: unknown) => {
      // A download that failed (the plant network) is tried again at the next switch.
      indonesian = undefined;
      throw error;
    },
  );
  return indonesian;
}

loadBeforeSwitching(loadWorkspaceStrings);
