import type { TechniqueDefinition } from '@inspectra/contract';
import type { ComponentType } from 'react';
import type { Report } from '../reports/useReport.ts';
import type { TechniqueRecord, WorkspaceScope } from './technique-queries.ts';
import { ThermalCard } from './ThermalCard.tsx';
import { VciFeatureGroups } from './VciFeatureGroups.tsx';

/**
 * What a technique shows beyond its generated screens, by module: its own report card (thermal's
 * verdict, leading to its own pages) or a panel in its workspace (VCI's findings by feature). The
 * generic screens look here and never name a technique themselves.
 */
export type TechniqueExtension = {
  /** Replaces the generic card on the report page. */
  Card?: ComponentType<{ technique: TechniqueDefinition; report: Report }>;
  /** Shown in the workspace under the inspection's rows. */
  WorkspacePanel?: ComponentType<{ scope: WorkspaceScope; inspection: TechniqueRecord }>;
};

export const techniqueExtensions: Partial<Record<string, TechniqueExtension>> = {
  thermal: { Card: ThermalCard },
  vci: { WorkspacePanel: VciFeatureGroups },
};
