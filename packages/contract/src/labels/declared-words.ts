import type { TechniqueModule } from '../catalogue.ts';
import type { EntityDefinition } from '../entity.ts';
import { labelFromKey } from '../fields.ts';
import { enumValueLabel } from '../routes.ts';
import type { TechniqueDefinition } from '../technique.ts';
import type { DeclaredLabels } from './entity-keys.ts';
import { idLabels } from './id.ts';

/** The languages the declarations are written in: English (theirs) and Bahasa Indonesia. */
export type LabelLanguage = 'en' | 'id';

/** One entity's strings as read by key, whatever the entity. */
type Strings = {
  label?: string;
  items?: Record<string, Record<string, string | undefined> | undefined>;
  itemValues?: Record<string, Record<string, Record<string, string | undefined> | undefined> | undefined>;
  fields?: Record<string, string | undefined>;
  values?: Record<string, Record<string, string | undefined> | undefined>;
  images?: Record<string, string | undefined>;
  imageTypes?: Record<string, Record<string, string | undefined> | undefined>;
  imageCategories?: Record<string, Record<string, string | undefined> | undefined>;
  groups?: Record<string, string | undefined>;
  variants?: Record<string, string | undefined>;
};

/**
 * The words of the declarations in one language, for what the server writes itself (the report's
 * PDF): each label from the language's table when it has the key, else the declaration's English,
 * as the web's English resources read it (apps/web/src/i18n/en/entities.ts). One lookup, so a
 * translation added to the table reaches every reader.
 */
export class DeclaredWords {
  constructor(private readonly table: DeclaredLabels | undefined) {}

  private strings(entity: EntityDefinition): Strings | undefined {
    return (this.table?.entities as Record<string, Strings | undefined> | undefined)?.[entity.name];
  }

  /** A technique's name ("Thermal analysis"). */
  technique(technique: TechniqueDefinition): string {
    return this.table?.techniques[technique.module as TechniqueModule]?.label ?? technique.label;
  }

  /** An entity's name ("Thermal measurement"). */
  entity(entity: EntityDefinition): string {
    return this.strings(entity)?.label ?? entity.label;
  }

  /** A field's or a derived value's label. */
  field(entity: EntityDefinition, key: string): string {
    const field = entity.fields[key] ?? entity.derived[key]?.field;
    return this.strings(entity)?.fields?.[key] ?? field?.label ?? labelFromKey(key);
  }

  /** What a field's empty value reads (`blank`: "No flow measured"); undefined when it declares none. */
  blank(entity: EntityDefinition, key: string): string | undefined {
    const field = entity.fields[key] ?? entity.derived[key]?.field;
    return field?.blank === undefined
      ? undefined
      : (this.strings(entity)?.fields?.[`${key}Blank`] ?? field.blank);
  }

  /** A field group's title ("Camera and conditions"). */
  group(entity: EntityDefinition, group: string): string {
    const declared = (entity.groups as Record<string, string | undefined>)[group];
    return this.strings(entity)?.groups?.[group] ?? declared ?? enumValueLabel(group);
  }

  /** A field of a list's items ("Depth"), the list named by the key that declares its items. */
  itemField(entity: EntityDefinition, listKey: string, key: string): string {
    const item = entity.fields[listKey];
    const declared = item?.kind === 'json' ? item.items?.[key]?.label : undefined;
    return this.strings(entity)?.items?.[listKey]?.[key] ?? declared ?? labelFromKey(key);
  }

  /** One value of a list item's choice in words ("Reject"). */
  itemValue(entity: EntityDefinition, listKey: string, key: string, value: string): string {
    const list = entity.fields[listKey];
    const item = list?.kind === 'json' ? list.items?.[key] : undefined;
    const declared = item?.kind === 'enum' ? item.valueLabels?.[value] : undefined;
    return this.strings(entity)?.itemValues?.[listKey]?.[key]?.[value] ?? declared ?? enumValueLabel(value);
  }

  /** One value of an enumerated field (or derived value) in words ("Repair immediately"). */
  value(entity: EntityDefinition, key: string, value: string): string {
    const field = entity.fields[key] ?? entity.derived[key]?.field;
    const declared = field?.kind === 'enum' ? field.valueLabels?.[value] : undefined;
    return this.strings(entity)?.values?.[key]?.[value] ?? declared ?? enumValueLabel(value);
  }

  /** An image slot's or an image list's label ("Thermal image", "Photos"). */
  image(entity: EntityDefinition, slot: string): string {
    const declared = entity.images[slot]?.label ?? entity.imageLists[slot]?.label;
    return this.strings(entity)?.images?.[slot] ?? declared ?? labelFromKey(slot);
  }

  /** One image type of an image list ("Close up"). */
  imageType(entity: EntityDefinition, list: string, type: string): string {
    return (
      this.strings(entity)?.imageTypes?.[list]?.[type] ??
      entity.imageLists[list]?.typeLabels?.[type] ??
      enumValueLabel(type)
    );
  }

  /** One category of a list's files ("Calibration certificate"). */
  imageCategory(entity: EntityDefinition, list: string, category: string): string {
    return this.strings(entity)?.imageCategories?.[list]?.[category] ?? enumValueLabel(category);
  }

  /** An equipment-class variant of the entity ("Pipeline"). */
  variant(entity: EntityDefinition, variant: string): string {
    return this.strings(entity)?.variants?.[variant] ?? enumValueLabel(variant);
  }
}

const tables: Record<LabelLanguage, DeclaredLabels | undefined> = { en: undefined, id: idLabels };

/** The declarations' words in a language (English: the declarations' own). */
export function declaredWords(language: LabelLanguage): DeclaredWords {
  return new DeclaredWords(tables[language]);
}
