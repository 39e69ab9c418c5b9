import {
  enumValueLabel,
  entities as declaredEntities,
  labelFromKey,
  routeTable,
  techniques as declaredTechniques,
} from '@inspectra/contract';
import type { EntityDefinition, EntityLabels, Field, TechniqueLabels } from '@inspectra/contract';

/*
 * The English of every declared entity and technique, read from the contract at run time: field
 * labels and help, enum values, image slots and lists, image types, rule messages, form sections,
 * technique names. Nothing here is written by hand, so a label changed in a declaration is changed
 * on every screen; other languages translate the same keys (the contract's `labels/entity-keys.ts`
 * types them; Bahasa Indonesia is the contract's `labels/id.ts`, which the report's PDF reads too).
 */

type Section = Record<string, string>;

/** The strings of one entity, keyed as the screens look them up (`entities.<entity>.fields.<key>`). */
export function entityStrings(
  entity: EntityDefinition,
): Record<string, string | Section | Record<string, Section> | Record<string, Record<string, Section>>> {
  const fields: Section = {};
  const values: Record<string, Section> = {};
  const groups: Section = {};
  const described: [string, Field][] = [
    ...Object.entries(entity.fields),
    ...Object.entries(entity.derived).map(([key, d]): [string, Field] => [key, d.field]),
  ];
  for (const [key, field] of described) {
    fields[key] = field.label ?? labelFromKey(key);
    if (field.description) fields[`${key}Description`] = field.description;
    if (field.blank) fields[`${key}Blank`] = field.blank;
    if (field.kind === 'enum')
      values[key] = Object.fromEntries(
        field.values.map((v) => [v, field.valueLabels?.[v] ?? enumValueLabel(v)]),
      );
    if (field.group)
      groups[field.group] = (entity.groups as Section)[field.group] ?? enumValueLabel(field.group);
  }
  const images: Section = {};
  for (const [slot, image] of Object.entries(entity.images)) images[slot] = image.label ?? labelFromKey(slot);
  const imageTypes: Record<string, Section> = {};
  const imageCategories: Record<string, Section> = {};
  for (const [name, list] of Object.entries(entity.imageLists)) {
    images[name] = list.label ?? labelFromKey(name);
    if (list.types)
      imageTypes[name] = Object.fromEntries(
        list.types.map((t) => [t, list.typeLabels?.[t] ?? enumValueLabel(t)]),
      );
    if (list.categories)
      imageCategories[name] = Object.fromEntries(list.categories.map((c) => [c, enumValueLabel(c)]));
  }
  // The fields of a list's items (PAUT's spots), under the list's key.
  const items: Record<string, Section> = {};
  const itemValues: Record<string, Record<string, Section>> = {};
  for (const [key, field] of Object.entries(entity.fields)) {
    if (field.kind !== 'json' || !field.items) continue;
    items[key] = {};
    if (field.itemLabel) fields[`${key}Item`] = field.itemLabel;
    for (const [itemKey, item] of Object.entries(field.items)) {
      items[key][itemKey] = item.label ?? labelFromKey(itemKey);
      if (item.description) items[key][`${itemKey}Description`] = item.description;
      if (item.kind === 'enum')
        (itemValues[key] ??= {})[itemKey] = Object.fromEntries(
          item.values.map((v) => [v, item.valueLabels?.[v] ?? enumValueLabel(v)]),
        );
    }
  }
  const rules: Section = Object.fromEntries(Object.entries(entity.rules).map(([id, r]) => [id, r.message]));
  const variants: Section = Object.fromEntries((entity.variants ?? []).map((v) => [v, enumValueLabel(v)]));
  const sections = {
    fields,
    values,
    items,
    itemValues,
    images,
    imageTypes,
    imageCategories,
    rules,
    groups,
    variants,
    tabs: tabStrings(entity),
  };
  // An entity without images or rules has no such section, rather than an empty one.
  return {
    label: entity.label,
    ...Object.fromEntries(Object.entries(sections).filter(([, s]) => Object.keys(s).length > 0)),
  };
}

/** The tabs the entity's lists declare (`entities.<entity>.tabs.<name>`), with their descriptions. */
function tabStrings(entity: EntityDefinition): Section {
  const tabs: Section = {};
  for (const route of routeTable) {
    const op = route.operation;
    if (op.kind !== 'list' || op.entity.name !== entity.name) continue;
    for (const [name, tab] of Object.entries(op.tabs ?? {})) {
      tabs[name] = tab.label;
      if (tab.description) tabs[`${name}Description`] = tab.description;
    }
  }
  return tabs;
}

/** Every technique's name and card sentence (`techniques.<module>.label`). */
export const techniqueLabels: TechniqueLabels = Object.fromEntries(
  declaredTechniques.map((t) => [
    t.module,
    {
      label: t.label,
      description: t.description,
      ...(t.inspectionWord ? { inspectionWord: t.inspectionWord } : {}),
    },
  ]),
);

const derived = Object.fromEntries(
  Object.values(declaredEntities).map((entity) => [entity.name, entityStrings(entity)]),
);

/**
 * A report's inspection method is kept as free text, and the methods the product knows are its
 * techniques: such a code reads as the technique's name.
 */
derived.reportHeader!.values = {
  ...(derived.reportHeader!.values as Record<string, Section>),
  inspectionMethod: Object.fromEntries(declaredTechniques.map((t) => [t.module, t.label])),
};

/** Labels of declared entities, from their declarations. */
export const entities = derived as EntityLabels;
