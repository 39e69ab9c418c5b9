import { authRoutes } from './entities/auth.ts';
import { systemRoutes } from './entities/system.ts';
import { uploadRoutes } from './entities/uploads.ts';
import { reportHeader, reportHeaderRoutes } from './entities/report-headers.ts';
import { ndt } from './entities/ndt.ts';
import { supportingDocuments } from './entities/supporting-documents.ts';
import { thermal } from './entities/thermal.ts';
import { vci } from './entities/vci.ts';
import { walkthrough } from './entities/walkthrough.ts';
import { ufd } from './entities/ufd.ts';
import { sacp } from './entities/sacp.ts';
import { paut } from './entities/paut.ts';
import { motionMagnification } from './entities/motion-magnification.ts';
import { srut } from './entities/srut.ts';
import { flowrate } from './entities/flowrate.ts';
import { vibration } from './entities/vibration.ts';
import { ultrasound } from './entities/ultrasound.ts';
import { mcsa } from './entities/mcsa.ts';
import { lubeOil } from './entities/lube-oil.ts';
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
import { equipmentHealthRoutes } from './entities/equipment-health.ts';
import {
  inspectionMethod,
  inspectionMethodCatalogue,
  inspectionMethodRoutes,
} from './entities/inspection-methods.ts';
import type { InspectionMethodCode } from './entities/inspection-methods.ts';
import {
  assignmentImportRoutes,
  myTaskRoutes,
  taskAssignmentRoutes,
  woTaskAssignment,
} from './entities/task-assignments.ts';
import {
  contractorCompany,
  contractorCompanyRoutes,
  plantOwner,
  plantOwnerRoutes,
  reportAuthorRoutes,
} from './entities/administration.ts';

import {
  approvalPosition,
  approvalRoutes,
  inspectionMethodApproval,
  reviewerAssignment,
} from './entities/approvals.ts';
import { roleRoutes, userRoutes } from './entities/users.ts';
import {
  thicknessLocation,
  thicknessMethods,
  thicknessReading,
  thicknessRoutes,
} from './entities/thickness.ts';
import { recommendation, recommendationRoutes } from './entities/recommendations.ts';
import { referencePath } from './entity.ts';
import type { EntityDefinition } from './entity.ts';
import { coreModuleLabels } from './permissions.ts';
import type { CoreModule } from './permissions.ts';
import { orderByReferences } from './technique.ts';
import type { TechniqueDefinition } from './technique.ts';
import type { RowTemplate } from './row-templates.ts';

/**
 * Every technique, by its declaration: the one list a new technique joins. Its entities, routes,
 * permission module, web route and report card all follow from this line.
 */
export const techniques = [
  thermal,
  vci,
  walkthrough,
  ufd,
  sacp,
  paut,
  motionMagnification,
  srut,
  flowrate,
  vibration,
  ultrasound,
  mcsa,
  lubeOil,
  supportingDocuments,
  ndt,
] as const;
export type TechniqueModule = (typeof techniques)[number]['module'];

/** Each technique by the inspection method it serves; two techniques claiming one method stop the build. */
const techniqueByMethod = new Map<string, TechniqueDefinition>();
for (const technique of techniques as readonly TechniqueDefinition[]) {
  if (!technique.method) continue;
  const claimed = techniqueByMethod.get(technique.method);
  if (claimed)
    throw new Error(`${technique.module}: method ${technique.method} is already served by ${claimed.module}`);
  // The method's permission module exists before its technique does (`methodModules`): a technique
  // takes it by having its method's code as its module, so grants given beforehand hold.
  if (technique.module !== technique.method)
    throw new Error(`${technique.module}: a technique's module is its method's code, ${technique.method}`);
  techniqueByMethod.set(technique.method, technique);
  // A reading taken from its records is by its method: one the readings know.
  if (technique.thicknessSource && !(thicknessMethods as readonly string[]).includes(technique.method))
    throw new Error(
      `${technique.module}: thicknessSource needs ${technique.method} among the thickness methods`,
    );
}

/**
 * The techniques whose records measure a wall's thickness (`thicknessSource`): what a thickness
 * location takes readings from (docs/thickness-monitoring.md).
 */
export const thicknessSourceTechniques: readonly TechniqueDefinition[] = (
  techniques as readonly TechniqueDefinition[]
).filter((technique) => technique.thicknessSource);

/**
 * The technique whose reports are made by the inspection method with this code (a report's
 * `inspectionMethod`): the one way server and web go from a report to its technique. Undefined for
 * a method no technique serves yet, or none.
 */
export function techniqueOfMethod(code: string | null | undefined): TechniqueDefinition | undefined {
  return code ? techniqueByMethod.get(code) : undefined;
}

/**
 * The permission module of every inspection method of the product, in the method catalogue's order,
 * named by the method's code: a method no technique serves yet has its module already, so an
 * administrator sees every method in the permission matrix and may grant it before its screens
 * arrive. A technique added for the method takes that module (checked above); nothing is listed by hand.
 */
export const methodModules: readonly InspectionMethodCode[] = inspectionMethodCatalogue.map((m) => m.code);

/** The methods no technique serves yet: their modules guard no screen and no call until one does. */
export const plannedMethodModules: readonly InspectionMethodCode[] = methodModules.filter(
  (code) => !techniqueByMethod.has(code),
);

/** Modules of the techniques that serve no method: report-wide lists (supporting documents, NDT). */
const reportWideModules = techniques.filter((t) => !(t as TechniqueDefinition).method).map((t) => t.module);

/**
 * Every permission module: the work and administration areas, one per inspection method (built or
 * planned), then the report-wide lists.
 */
export type PermissionModule = CoreModule | TechniqueModule | InspectionMethodCode;
export const permissionModules = [
  ...(Object.keys(coreModuleLabels) as CoreModule[]),
  ...methodModules,
  ...reportWideModules,
] as [PermissionModule, ...PermissionModule[]];
export const permissionModuleLabels = {
  ...coreModuleLabels,
  ...Object.fromEntries(inspectionMethodCatalogue.map((m) => [m.code, m.name])),
  ...Object.fromEntries(techniques.map((t) => [t.module, t.label])),
} as Record<PermissionModule, string>;

/** The modules of the techniques section of the permission matrix: every method, then the report-wide lists. */
export const techniquePermissionModules: readonly PermissionModule[] = [
  ...methodModules,
  ...reportWideModules,
];

/** The work and administration entities: the asset master, methods, work orders, reports, tasks. */
const workEntities = [
  contractorCompany,
  plantOwner,
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
  thicknessLocation,
  thicknessReading,
  recommendation,
];

/** Every declared entity, by name, parents before their children (computed, not kept by hand). */
export const entities: Record<string, EntityDefinition> = Object.fromEntries(
  orderByReferences([...workEntities, ...techniques.flatMap((t) => t.entities)]).map((e) => [e.name, e]),
);

/**
 * A derived value reading another record's field (`ufdInspectionId.matThickness`, or through more
 * references: `thermalAnalysisId.reportHeaderId.equipmentNo.yearInstalled`) follows a reference at
 * every hop and names, at the end, a field of the kind it reads: checked once every entity is known.
 */
export function checkReadsThrough(all: Record<string, EntityDefinition>) {
  const kinds = { number: ['number', 'integer'], word: ['text', 'enum'], date: ['date', 'datetime'] };
  const what = { number: 'number', word: 'text or choice', date: 'date' };
  for (const entity of Object.values(all))
    for (const read of entity.readsThrough) {
      const path = referencePath(entity, read.hops, (name) => all[name]);
      const target = path?.at(-1)?.entity;
      const kind = target?.fields[read.field]?.kind;
      if (!kind || !kinds[read.as].includes(kind))
        throw new Error(
          `${entity.name}: a derived value reads ${read.key}, not a ${what[read.as]} field of ${target?.name ?? 'a declared entity (every step before the last must be a reference)'}`,
        );
    }
}
checkReadsThrough(entities);

/** Every technique's row templates: the rows a new record starts with (row-templates.ts). */
export const rowTemplates: readonly RowTemplate[] = (techniques as readonly TechniqueDefinition[]).flatMap(
  (t) => t.templates ?? [],
);

type TechniqueRoute = (typeof techniques)[number]['routes'][number];

/** Every call of the API (SPEC 7), relative to `/api`. */
export const routeTable = [
  ...systemRoutes,
  ...authRoutes,
  ...uploadRoutes,
  ...assetRoutes,
  ...equipmentHealthRoutes,
  ...inspectionMethodRoutes,
  ...workOrderRoutes,
  ...reportHeaderRoutes,
  ...taskAssignmentRoutes,
  ...assignmentImportRoutes,
  ...myTaskRoutes,
  ...contractorCompanyRoutes,
  ...reportAuthorRoutes,
  ...plantOwnerRoutes,
  ...approvalRoutes,
  ...userRoutes,
  ...roleRoutes,
  ...thicknessRoutes,
  ...recommendationRoutes,
  ...(techniques.flatMap((t) => [...t.routes]) as TechniqueRoute[]),
];
