import { authRoutes } from './entities/auth.ts';
import { systemRoutes } from './entities/system.ts';
import { reportHeader, reportHeaderRoutes } from './entities/report-headers.ts';
import { ndt } from './entities/ndt.ts';
import { supportingDocuments } from './entities/supporting-documents.ts';
import { thermal } from './entities/thermal.ts';
import { vci } from './entities/vci.ts';
import { walkthrough } from './entities/walkthrough.ts';
import { workOrderRoutes, workOrderSpk } from './entities/work-orders.ts';
import {
  assetRoutes,
  equipment,
  equipmentCategory,
  functionalLocation,
  inspectionPoint,
  objectType,
  plannerGroup,
} from './entities/assets.ts';
import { inspectionMethod, inspectionMethodRoutes } from './entities/inspection-methods.ts';
import {
  assignmentImportRoutes,
  myTaskRoutes,
  taskAssignmentRoutes,
  woTaskAssignment,
} from './entities/task-assignments.ts';
import { contractorCompany, contractorCompanyRoutes, reportAuthorRoutes } from './entities/administration.ts';

import {
  approvalPosition,
  approvalRoutes,
  inspectionMethodApproval,
  reviewerAssignment,
} from './entities/approvals.ts';
import { roleRoutes, userRoutes } from './entities/users.ts';
import type { EntityDefinition } from './entity.ts';
import { coreModuleLabels } from './permissions.ts';
import type { CoreModule } from './permissions.ts';
import { orderByReferences } from './technique.ts';
import type { TechniqueDefinition } from './technique.ts';

/**
 * Every technique, by its declaration: the one list a new technique joins. Its entities, routes,
 * permission module, web route and report card all follow from this line.
 */
export const techniques = [thermal, vci, walkthrough, supportingDocuments, ndt] as const;
export type TechniqueModule = (typeof techniques)[number]['module'];

/** Each technique by the inspection method it serves; two techniques claiming one method stop the build. */
const techniqueByMethod = new Map<string, TechniqueDefinition>();
for (const technique of techniques as readonly TechniqueDefinition[]) {
  if (!technique.method) continue;
  const claimed = techniqueByMethod.get(technique.method);
  if (claimed)
    throw new Error(`${technique.module}: method ${technique.method} is already served by ${claimed.module}`);
  techniqueByMethod.set(technique.method, technique);
}

/**
 * The technique whose reports are made by the inspection method with this code (a report's
 * `inspectionMethod`): the one way server and web go from a report to its technique. Undefined for
 * a method no technique serves yet, or none.
 */
export function techniqueOfMethod(code: string | null | undefined): TechniqueDefinition | undefined {
  return code ? techniqueByMethod.get(code) : undefined;
}

/** Every permission module: the work and administration areas, then one per technique. */
export type PermissionModule = CoreModule | TechniqueModule;
export const permissionModules = [
  ...(Object.keys(coreModuleLabels) as CoreModule[]),
  ...techniques.map((t) => t.module),
] as [PermissionModule, ...PermissionModule[]];
export const permissionModuleLabels = {
  ...coreModuleLabels,
  ...Object.fromEntries(techniques.map((t) => [t.module, t.label])),
} as Record<PermissionModule, string>;

/** The work and administration entities: the asset master, methods, work orders, reports, tasks. */
const workEntities = [
  contractorCompany,
  equipmentCategory,
  objectType,
  plannerGroup,
  functionalLocation,
  equipment,
  inspectionPoint,
  inspectionMethod,
  workOrderSpk,
  reportHeader,
  woTaskAssignment,
  approvalPosition,
  inspectionMethodApproval,
  reviewerAssignment,
];

/** Every declared entity, by name, parents before their children (computed, not kept by hand). */
export const entities: Record<string, EntityDefinition> = Object.fromEntries(
  orderByReferences([...workEntities, ...techniques.flatMap((t) => t.entities)]).map((e) => [e.name, e]),
);

type TechniqueRoute = (typeof techniques)[number]['routes'][number];

/** Every call of the API (SPEC 7), relative to `/api`. */
export const routeTable = [
  ...systemRoutes,
  ...authRoutes,
  ...assetRoutes,
  ...inspectionMethodRoutes,
  ...workOrderRoutes,
  ...reportHeaderRoutes,
  ...taskAssignmentRoutes,
  ...assignmentImportRoutes,
  ...myTaskRoutes,
  ...contractorCompanyRoutes,
  ...reportAuthorRoutes,
  ...approvalRoutes,
  ...userRoutes,
  ...roleRoutes,
  ...(techniques.flatMap((t) => [...t.routes]) as TechniqueRoute[]),
];
