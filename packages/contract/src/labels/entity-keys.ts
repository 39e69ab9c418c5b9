import type * as contract from '../index.ts';
import type { DerivedField, GroupOf, TextListNames } from '../entity.ts';
import type { CoordinateNames, CoordinateRuleId } from '../coordinates.ts';
import type { Field, ImageList, JsonField, NumberField } from '../fields.ts';
import type { TechniqueModule } from '../catalogue.ts';

/*
 * The translation keys of declared entities and techniques, derived from the declarations' types:
 * a translation under a key no declaration has (a typo, a removed field) does not compile. Every key
 * is optional here; the web's test beside its translations lists the ones a language still lacks.
 */

/** What every `defineEntity` result has, in the shape these types read. */
type DeclaredEntity = {
  table: string;
  fields: Record<string, Field>;
  images: Record<string, unknown>;
  imageLists: Record<string, ImageList>;
  derived: Record<string, DerivedField<never>>;
  rules: Record<string, unknown>;
};

type Contract = typeof contract;

/** The contract's entities by their exported name, which is their entity name (checked by a test). */
export type DeclaredEntities = {
  [K in keyof Contract as Contract[K] extends DeclaredEntity ? K : never]: Contract[K];
};

/** Declared fields and derived values (a coordinate's decimal degrees among them), each as its field. */
type FieldsOf<E extends DeclaredEntity> = E['fields'] & {
  [K in keyof E['derived']]: E['derived'][K]['field'];
} & { [K in CoordinateNames<E['fields']>]: NumberField } & { [K in TextListNames<E['fields']>]: JsonField };

/** The lists of typed objects that name one item (`itemLabel`): "Add indication". */
type ItemListKey<F> = {
  [K in keyof F & string]: F[K] extends { itemLabel: string } ? K : never;
}[keyof F & string];

type Labels<K extends PropertyKey> = { [P in K]?: string };

type EnumValuesOf<F> = F extends { kind: 'enum'; values: readonly (infer V extends string)[] }
  ? Labels<V>
  : never;

type DescribedKey<F extends Record<string, Field>> = {
  [K in keyof F & string]: F[K] extends { description: string } ? K : never;
}[keyof F & string];

/** Fields whose empty value reads as a word (`blank`): "No flow measured". */
type BlankKey<F extends Record<string, Field>> = {
  [K in keyof F & string]: F[K] extends { blank: string } ? K : never;
}[keyof F & string];

type TypedLists<L extends Record<string, ImageList>> = {
  [K in keyof L as L[K] extends { types: readonly string[] } ? K : never]?: L[K] extends {
    types: readonly (infer T extends string)[];
  }
    ? Labels<T>
    : never;
};

type CategorisedLists<L extends Record<string, ImageList>> = {
  [K in keyof L as L[K] extends { categories: readonly string[] } ? K : never]?: L[K] extends {
    categories: readonly (infer T extends string)[];
  }
    ? Labels<T>
    : never;
};

/** The strings of one entity, as `entities.<entity>.…` keys. */
export type EntityStrings<E extends DeclaredEntity> = {
  /** The entity's own name ("Thermal measurement"). */
  label?: string;
  fields?: Labels<keyof FieldsOf<E> & string> &
    Labels<`${DescribedKey<FieldsOf<E>>}Description`> &
    Labels<`${BlankKey<FieldsOf<E>>}Blank`> &
    Labels<`${ItemListKey<E['fields']>}Item`>;
  values?: {
    [K in keyof FieldsOf<E> as FieldsOf<E>[K] extends { kind: 'enum' } ? K : never]?: EnumValuesOf<
      FieldsOf<E>[K]
    >;
  };
  images?: Labels<(keyof E['images'] | keyof E['imageLists']) & string>;
  imageTypes?: TypedLists<E['imageLists']>;
  /** The categories of its lists' files (`imageCategories.additionalFiles.procedure`). */
  imageCategories?: CategorisedLists<E['imageLists']>;
  rules?: Labels<(keyof E['rules'] & string) | CoordinateRuleId<CoordinateNames<E['fields']>>>;
  groups?: Labels<GroupOf<E['fields']>>;
  /** Equipment classes (`pipe`): an entity's type does not keep them, so any name is a key. */
  variants?: Record<string, string>;
  /** The fields of a list's items (`items.spotsJson.position`), by the list's key. */
  items?: Record<string, Record<string, string>>;
  /** The values of its items' choices (`itemValues.spotsJson.result.accept`). */
  itemValues?: Record<string, Record<string, Record<string, string>>>;
  /** Tabs of the entity's lists: named by their routes, not the entity, so any name is a key. */
  tabs?: Record<string, string>;
};

/** `entities.<entity>.…`: every declared entity's strings. */
export type EntityLabels = { [K in keyof DeclaredEntities]?: EntityStrings<DeclaredEntities[K]> } & {
  // Inspection methods are free text whose known codes are the techniques.
  reportHeader?: { values?: { inspectionMethod?: Labels<TechniqueModule> } };
};

/** `techniques.<module>.label|description|inspectionWord.one|other`. */
export type TechniqueLabels = {
  [M in TechniqueModule]?: { label?: string; description?: string; inspectionWord?: InspectionWord };
};

/** A technique's word for one of its inspections and for several (`defineTechnique`'s `inspectionWord`). */
export type InspectionWord = { one: string; other: string };

/** A language's words for the declarations: the entities' and the techniques'. */
export type DeclaredLabels = { entities: EntityLabels; techniques: TechniqueLabels };

/** One domain's words in a language, kept beside its declaration (`entities/<domain>.id.ts`). */
export type DomainWords = { entities: EntityLabels };

/** A technique's words: its name and card sentence, and its entities' (`defineTechnique`'s `labelsId`). */
export type TechniqueWords = DomainWords & {
  technique: { label: string; description: string; inspectionWord?: InspectionWord };
};
