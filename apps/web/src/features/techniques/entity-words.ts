import type { EntityDefinition } from '@inspectra/contract';
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
