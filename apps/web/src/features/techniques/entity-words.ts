import type { EntityDefinition, TechniqueDefinition } from '@inspectra/contract';
import type { TFunction } from 'i18next';

/** An entity's name as users read it ("Walkthrough finding"), translated where a translation exists. */
export function entityLabel(t: TFunction, entity: EntityDefinition): string {
  return t(`entities.${entity.name}.label`, { defaultValue: entity.label });
}

/**
 * A label inside a sentence ("Add walkthrough finding"): its first letter lowered, unless the first
 * word is an abbreviation ("VCI summary" stays).
 */
export function lowerFirst(label: string): string {
  return /^\p{Lu}{2}/u.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/**
 * A technique's word for its inspections in the user's language, as the sentences about them take
 * it: `inspection` and `inspections` ("test", "tests"; "uji"), `Inspection` and `Inspections` to
 * open a sentence. Its own where it declares one (`inspectionWord`), else "inspection".
 */
export function inspectionWords(t: TFunction, technique: TechniqueDefinition) {
  const word = (n: 'one' | 'other') =>
    t(`techniques.${technique.module}.inspectionWord.${n}`, {
      defaultValue: technique.inspectionWord?.[n] ?? t(`workspace.inspectionWord.${n}`),
    });
  const [inspection, inspections] = [word('one'), word('other')];
  const upper = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  return { inspection, inspections, Inspection: upper(inspection), Inspections: upper(inspections) };
}
