import { techniques } from '../catalogue.ts';
import { administrationId } from '../entities/administration.id.ts';
import { approvalsId } from '../entities/approvals.id.ts';
import { assetsId } from '../entities/assets.id.ts';
import { inspectionMethodsId } from '../entities/inspection-methods.id.ts';
import { recommendationsId } from '../entities/recommendations.id.ts';
import { reportHeadersId } from '../entities/report-headers.id.ts';
import { taskAssignmentsId } from '../entities/task-assignments.id.ts';
import { thicknessId } from '../entities/thickness.id.ts';
import { workOrdersId } from '../entities/work-orders.id.ts';
import type { TechniqueDefinition } from '../technique.ts';
import type {
  DeclaredLabels,
  DomainWords,
  EntityLabels,
  TechniqueLabels,
  TechniqueWords,
} from './entity-keys.ts';

/*
 * The declarations in Bahasa Indonesia: every entity's name, fields, help, values, images, image
 * types, rules, groups, variants and tabs, and every technique's name, under the keys the English
 * has (`entity-keys.ts` types them from the declarations). Each domain keeps its words beside its
 * declaration (`entities/<domain>.id.ts`); a technique names its own (`labelsId`), so this table
 * gathers them from the catalogue and lists only the domains that are not techniques. The web's
 * translations and the report's PDF both read it; a key it lacks reads in the declaration's English.
 */

/** The domains that are not techniques: work, reports, the asset master, administration. */
const domains: readonly DomainWords[] = [
  workOrdersId,
  reportHeadersId,
  taskAssignmentsId,
  assetsId,
  inspectionMethodsId,
  administrationId,
  approvalsId,
  thicknessId,
  recommendationsId,
];

/** The techniques' own words (`labelsId`, typed where they are written). */
const declared = (techniques as readonly TechniqueDefinition[]).map((t) => ({
  module: t.module,
  labelsId: t.labelsId as TechniqueWords | undefined,
}));

const techniqueLabels = Object.fromEntries(
  declared.flatMap((t) => (t.labelsId ? [[t.module, t.labelsId.technique]] : [])),
) as TechniqueLabels;

const entities = Object.assign(
  {},
  ...domains.map((d) => d.entities),
  ...declared.map((t) => t.labelsId?.entities ?? {}),
) as EntityLabels;

// The inspection methods the product knows are its techniques, named as the techniques are.
entities.reportHeader = {
  ...entities.reportHeader,
  values: {
    ...entities.reportHeader?.values,
    inspectionMethod: Object.fromEntries(
      Object.entries(techniqueLabels).map(([m, t]) => [m, t?.label]),
    ) as Record<string, string>,
  },
};

/** Bahasa Indonesia of the declared entities and techniques. */
export const idLabels: DeclaredLabels = { entities, techniques: techniqueLabels };
