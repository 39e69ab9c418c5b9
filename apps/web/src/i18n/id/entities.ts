import { idLabels } from '@inspectra/contract';

/*
 * The Bahasa Indonesia of declared entities and techniques lives in the contract
 * (packages/contract/src/labels/id.ts), so the report's PDF prints the same words the screens show.
 * It joins the translations here, in the signed-in shell's strings (workspace-strings.ts).
 */

export const entities = idLabels.entities;
export const techniqueLabels = idLabels.techniques;
