import { fieldsRead, holds } from './derive.ts';
import type { Condition } from './derive.ts';
import type { EntityDefinition } from './entity.ts';
import { mayBeEmpty } from './fields.ts';

/**
 * The rows a new parent starts with (docs/architecture-engine.md, "Row templates and call
 * messages"): a pump's operating parameters, an oil sample's components. Each item becomes an
 * ordinary record of `rows` under the new parent, written by the engine in the parent's create
 * transaction; afterwards the rows are edited and deleted like any other, and nothing re-creates
 * them (an update of the parent writes no rows).
 */
export type RowTemplate = {
  /** The entity whose new records start with the rows. */
  parent: EntityDefinition;
  /** The entity of the rows: its `parent` field names `parent`. */
  rows: EntityDefinition;
  /**
   * The parent's variants (equipment classes) that start with these rows; every variant when
   * absent. A rows entity with variants takes the parent's.
   */
  variants?: readonly string[];
  /**
   * Only a new parent whose values make this hold starts with the rows (a lube-oil sample of a
   * gearbox: `d.oneOf('equipmentType', ['gearbox'])`); an unknown condition (an empty field) does not.
   * Several templates of one parent with different conditions choose the rows by a field.
   */
  when?: Condition;
  /**
   * Fields of each row filled from the new parent's: `{ measurementDate: 'measurementDate' }`.
   * An item's own value wins.
   */
  fromParent?: Readonly<Record<string, string>>;
  /**
   * One per row, in order: the values the row starts with. A measured number it leaves out starts
   * blank, never at the field's default (blanks stay blank, docs/blanks.md).
   */
  items: readonly [Readonly<Record<string, unknown>>, ...Readonly<Record<string, unknown>>[]];
};

/** Any well-formed identifier: a template's items are judged as a create under some parent. */
const someParentId = '00000000-0000-4000-8000-000000000000';

/**
 * Checks a template once, where it is declared: `rows` hangs off `parent`, the variants are the
 * parent's (and the rows', when they have variants), `when` and `fromParent` read fields the
 * parent has, and every item is a valid create of the rows for each variant it starts. Refused
 * with an error naming what is wrong, so a template cannot fail at a user's first create.
 */
export function checkRowTemplate(template: RowTemplate): RowTemplate {
  const { parent, rows } = template;
  const where = `row template of ${parent.name} (${rows.name})`;
  const parentField = rows.parent ? rows.fields[rows.parent] : undefined;
  if (parentField?.kind !== 'ref' || parentField.entity !== parent.name)
    throw new Error(`${where}: ${rows.name} is not under ${parent.name}`);
  const variants = template.variants ?? parent.variants ?? [undefined];
  for (const variant of variants) {
    if (variant !== undefined && !parent.variants?.includes(variant))
      throw new Error(`${where}: ${variant} is not a variant of ${parent.name}`);
    if (variant !== undefined && rows.variants && !rows.variants.includes(variant))
      throw new Error(`${where}: ${rows.name} has no ${variant} records`);
  }
  const parentFields = (key: string) => parent.fields[key] !== undefined || key === 'variant';
  const reads = template.when ? fieldsRead(template.when) : undefined;
  const read = reads ? [...reads.numbers, ...reads.words, ...reads.lists.map((l) => l.key)] : [];
  const unknown = [...read, ...Object.values(template.fromParent ?? {})].filter((k) => !parentFields(k));
  if (unknown.length > 0) throw new Error(`${where}: ${parent.name} has no ${unknown.join(', ')}`);
  for (const key of Object.keys(template.fromParent ?? {}))
    if (!rows.fields[key] || key === rows.parent)
      throw new Error(`${where}: fromParent fills ${key}, not a field of ${rows.name}`);
  // One record per parent holds one row; a photo is taken, never templated.
  if (rows.uniquePerParent && template.items.length > 1)
    throw new Error(
      `${where}: ${rows.name} holds one record per ${parent.name}, not ${template.items.length}`,
    );
  for (const variant of variants) {
    const rowsVariant = rows.variants ? variant : undefined;
    const photos = Object.entries(rows.imagesOf(rowsVariant)).filter(([, slot]) => slot.required);
    if (photos.length > 0)
      throw new Error(
        `${where}: ${rows.name} needs a file (${photos.map(([key]) => key).join(', ')}) a template cannot give`,
      );
    const create = rows.schemasFor(rowsVariant).create;
    const fields = rows.fieldsOf(rowsVariant);
    template.items.forEach((item, n) => {
      const foreign = Object.keys(item).filter((key) => !fields[key] || key === rows.parent);
      if (foreign.length > 0)
        throw new Error(`${where}: item ${n} names ${foreign.join(', ')}, not a field of ${rows.name}`);
      const parsed = create.safeParse({ ...item, [rows.parent!]: someParentId });
      if (!parsed.success)
        throw new Error(
          `${where}: item ${n} is not a valid ${rows.name}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
        );
    });
  }
  return template;
}

/** The templates a new record of `parent`, with these values, of this variant, starts with. */
export function templatesFor(
  templates: readonly RowTemplate[],
  parent: EntityDefinition,
  values: Readonly<Record<string, unknown>>,
): RowTemplate[] {
  const variant = typeof values.variant === 'string' ? values.variant : undefined;
  return templates.filter(
    (t) =>
      t.parent === parent &&
      (!t.variants || (variant !== undefined && t.variants.includes(variant))) &&
      (!t.when || holds(t.when, values) === true),
  );
}

/**
 * The values each row of a template starts with under the new parent `parentRecord` (its stored
 * values, `id` included), before the rows' create schema reads them: measured numbers blank, the
 * fields copied from the parent, the item's own values, the parent's id and, for a rows entity
 * with variants, the parent's variant.
 */
export function templateRowValues(
  template: RowTemplate,
  parentRecord: Readonly<Record<string, unknown>>,
): Record<string, unknown>[] {
  const { rows } = template;
  const variant =
    rows.variants && typeof parentRecord.variant === 'string' ? parentRecord.variant : undefined;
  const copied = Object.fromEntries(
    Object.entries(template.fromParent ?? {}).map(([key, from]) => [key, parentRecord[from] ?? null]),
  );
  return template.items.map((item) => ({
    ...blankNumbers(rows, variant),
    ...copied,
    ...item,
    [rows.parent!]: parentRecord.id,
  }));
}

/**
 * A new record's measured numbers nobody entered: null, so they stay blank rather than take SPEC's
 * default (0) for a key left out (docs/blanks.md). The web's "Start" sends the same.
 */
export function blankNumbers(entity: EntityDefinition, variant: string | undefined): Record<string, null> {
  return Object.fromEntries(
    Object.entries(entity.fieldsOf(variant))
      .filter(([, field]) => field.default !== undefined && mayBeEmpty(field) && !field.serverOwned)
      .map(([key]) => [key, null]),
  );
}
