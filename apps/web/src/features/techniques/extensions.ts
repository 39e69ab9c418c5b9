import type { TechniqueDefinition, TechniqueModule } from '@inspectra/contract';
import { thermalExtension } from '../thermal/thermal-extension.tsx';
import type { TechniqueExtension } from './technique-extension.ts';
import { VciFeatureGroups } from './VciFeatureGroups.tsx';

/**
 * Each technique's extension (technique-extension.ts), by its module in the catalogue: a module the
 * catalogue does not list (a misspelt one) fails to compile.
 */
export const techniqueExtensions: { readonly [M in TechniqueModule]?: TechniqueExtension } = {
  thermal: thermalExtension,
  vci: { WorkspacePanel: VciFeatureGroups },
};

// Read by any technique's module: one outside the catalogue has no extension.
const byModule: Readonly<Partial<Record<string, TechniqueExtension>>> = techniqueExtensions;

export const extensionOf = (technique: TechniqueDefinition): TechniqueExtension =>
  byModule[technique.module] ?? {};
