import type { EntityDefinition, Field, TechniqueDefinition } from '@inspectra/contract';
import type { TFunction } from 'i18next';

/*
 * Where an entity's words live in the translations: `entities.<entity>.fields.<key>` and friends.
 * The English resources are read from the declarations (i18n/en/entities.ts) and other languages
 * translate the same keys; the contract's English stays the fallback here too, so a label asked
 * for before the strings are loaded still reads as a word.
 */

/** Label of a field (or derived value) of an entity. */
export function fieldLabel(t: TFunction, entityName: string, key: string, field: Field): string {
  return t(`entities.${entityName}.fields.${key}`, { defaultValue: field.label ?? key });
}

/** Help text under a field's input, or undefined when there is none in either language. */
export function fieldDescription(
  t: TFunction,
  entityName: string,
  key: string,
  field: Field,
): string | undefined {
  const text = t(`entities.${entityName}.fields.${key}Description`, {
    defaultValue: field.description ?? '',
  });
  return text === '' ? undefined : text;
}

/** Title of a form section. */
export function groupTitle(t: TFunction, entityName: string, group: string): string {
  return t(`entities.${entityName}.groups.${group}`, { defaultValue: wordsOf(group) });
}

/** Label of one value of an enum field. */
export function enumLabel(t: TFunction, entityName: string, key: string, value: string): string {
  return t(`entities.${entityName}.values.${key}.${value}`, { defaultValue: value });
}

/** Label of an image slot. */
export function imageLabel(t: TFunction, entity: EntityDefinition, slot: string): string {
  return t(`entities.${entity.name}.images.${slot}`, { defaultValue: entity.images[slot]?.label ?? slot });
}

/** The unit a number is measured in ("°C", "%"); other kinds have none. */
export function unitOf(field: Field): string | undefined {
  return field.kind === 'number' || field.kind === 'integer' ? field.unit : undefined;
}

/** The field behind a key: a declared field or a derived value. */
export function fieldOf(entity: EntityDefinition, key: string): Field | undefined {
  return entity.fields[key] ?? entity.derived[key]?.field;
}

/** Label of an image list ("Photos"). */
export function imageListLabel(t: TFunction, entity: EntityDefinition, list: string): string {
  return t(`entities.${entity.name}.images.${list}`, {
    defaultValue: entity.imageLists[list]?.label ?? list,
  });
}

/** Label of one image type of a list ("Close-up"); the English is the type's words. */
export function imageTypeLabel(t: TFunction, entity: EntityDefinition, list: string, type: string): string {
  return t(`entities.${entity.name}.imageTypes.${list}.${type}`, { defaultValue: wordsOf(type) });
}

/** Label of one category of a list's files ("Calibration certificate"); the English is its words. */
export function imageCategoryLabel(
  t: TFunction,
  entity: EntityDefinition,
  list: string,
  category: string,
): string {
  return t(`entities.${entity.name}.imageCategories.${list}.${category}`, {
    defaultValue: wordsOf(category),
  });
}

/** A technique's name and its card's sentence, from its declaration (`defineTechnique`). */
export function techniqueLabel(t: TFunction, technique: TechniqueDefinition): string {
  return t(`techniques.${technique.module}.label`, { defaultValue: technique.label });
}
export function techniqueDescription(t: TFunction, technique: TechniqueDefinition): string {
  return t(`techniques.${technique.module}.description`, { defaultValue: technique.description });
}

/**
 * Label of an equipment-class variant of an entity ("pipeline" → "Pipeline", "Jalur pipa"), as its
 * declaration's words name it (`entities.<entity>.variants.<variant>`, the keys the PDF reads too).
 */
export function variantLabel(t: TFunction, entity: EntityDefinition | undefined, variant: string): string {
  return entity
    ? t(`entities.${entity.name}.variants.${variant}`, { defaultValue: wordsOf(variant) })
    : wordsOf(variant);
}

/**
 * A record as a person names it: its `represent` fields joined with " · " ("WO-0042 · Substation
 * survey"), the empty ones left out; its id when it declares none or they are all empty.
 */
export function recordName(entity: EntityDefinition, record: Record<string, unknown>): string {
  const parts = (entity.represent ?? [])
    .map((key) => record[key])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .map(String);
  return parts.length > 0 ? parts.join(' · ') : String(record.id ?? '');
}

/**
 * The fields a row form edits for a variant: every field of it but the parent reference (a
 * coordinate's parts each, which the form puts together).
 */
export function shownFields(entity: EntityDefinition, variant: string | undefined): string[] {
  return Object.entries(entity.fieldsOf(variant))
    .filter(([key, field]) => key !== entity.parent && (field.kind !== 'json' || field.items))
    .map(([key]) => key);
}

/** The field that names a row to a reader (an area, a location): its first required text field. */
export function leadField(entity: EntityDefinition, variant: string | undefined): string {
  const keys = shownFields(entity, variant);
  return (
    keys.find((k) => entity.fields[k]?.kind === 'text' && entity.fields[k]?.required) ??
    keys.find((k) => entity.fields[k]?.kind === 'text') ??
    keys[0]!
  );
}

/**
 * A record as a reader finds it named: by its `represent` fields where it declares them ("WO-0042 ·
 * Substation survey"), else by its lead field ("PL-102-S03", the rows table's naming column);
 * undefined where these are empty (its id names nothing to a reader).
 */
export function readerName(
  entity: EntityDefinition,
  record: Record<string, unknown>,
  variant?: string,
): string | undefined {
  const keys = entity.represent?.length ? entity.represent : [leadField(entity, variant)];
  const parts = keys
    // A reference holds an id, which names nothing to a reader.
    .filter((key) => entity.fields[key]?.kind !== 'ref')
    .map((key) => record[key])
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .map((v) => String(v).trim())
    .filter(Boolean);
  return parts.length > 0 ? shortened(parts.join(' · ')) : undefined;
}

/** The longest name a list gives a record beside its kind; longer text (a summary) is cut at a word. */
const readerNameMaxLength = 40;

function shortened(name: string): string {
  if (name.length <= readerNameMaxLength) return name;
  const cut = name.slice(0, readerNameMaxLength);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > readerNameMaxLength / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** "closeUp" → "Close up": a readable fallback for a declared value. */
function wordsOf(value: string): string {
  const words = value.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Label of a field of a list's items (a spot's depth), under the list's key. */
export function itemFieldLabel(
  t: TFunction,
  entityName: string,
  listKey: string,
  key: string,
  item: Field,
): string {
  return t(`entities.${entityName}.items.${listKey}.${key}`, { defaultValue: item.label ?? wordsOf(key) });
}

/** Label of one value of a list item's choice. */
export function itemValueLabel(
  t: TFunction,
  entityName: string,
  listKey: string,
  key: string,
  value: string,
  item: Field,
): string {
  const declared = item.kind === 'enum' ? item.valueLabels?.[value] : undefined;
  return t(`entities.${entityName}.itemValues.${listKey}.${key}.${value}`, {
    defaultValue: declared ?? wordsOf(value),
  });
}
