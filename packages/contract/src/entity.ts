import { z } from 'zod';
import { fieldValueSchema, labelFromKey } from './fields.ts';
import type { Field, FieldValues, ImageSlot } from './fields.ts';
import type { PermissionModule } from './permissions.ts';
import { acknowledgedWarningsSchema, recordedWarningSchema, ruleBuilder } from './rules.ts';
import type { EntityRule, RuleBuilder } from './rules.ts';

/**
 * A value computed from a stored record (ΔT, severity): shown like a field, never written. `compute`
 * sees the record as the API returns it and must handle its optional fields being null.
 */
export type DerivedField<R = Record<string, unknown>> = {
  field: Field;
  compute: (record: R) => unknown;
};

export type EntityConfig<F extends Record<string, Field>> = {
  label: string;
  /** Permission module guarding every route over this entity. */
  module: PermissionModule;
  fields: F;
  /** The ref field naming the parent record (e.g. `thermalAnalysisId`); indexed and listable by. */
  parent?: keyof F & string;
  /** At most one record per parent (a report has one thermal analysis). */
  uniquePerParent?: boolean;
  /** Extra name the id is also returned under (`thermalAnalysisId`), as the specification reads it. */
  idAlias?: string;
  /** Named image slots, each holding zero or one image. */
  images?: Record<string, ImageSlot>;
  /** Text fields matched by the `search` query parameter. */
  search?: (keyof F & string)[];
  /** Fields kept unique across the table (work order number). */
  unique?: (keyof F & string)[];
  /** Default order of lists; newest first when absent. */
  sort?: { field: (keyof F & string) | 'createdAt' | 'updatedAt'; direction: 'asc' | 'desc' };
  derived?: Record<string, DerivedField<FieldValues<F> & { id: string }>>;
  /**
   * Rules across fields, by id: hard ones (`rule.error`) refuse the values, soft ones
   * (`rule.warning`) are confirmed by the user and recorded with the record. See `rules.ts`.
   */
  rules?: (rule: RuleBuilder<F>) => Record<string, EntityRule<F>>;
};

export type EntityDefinition<F extends Record<string, Field> = Record<string, Field>> = Omit<
  EntityConfig<F>,
  'images' | 'search' | 'derived' | 'unique' | 'rules'
> & {
  name: string;
  /** SQL table name (snake_case of the entity name). */
  table: string;
  images: Record<string, ImageSlot>;
  search: string[];
  unique: string[];
  derived: Record<string, DerivedField<Record<string, unknown>>>;
  rules: Record<string, EntityRule>;
  schemas: {
    /** Body of a create call. */
    create: z.ZodObject;
    /** Body of an update call: every field optional, `version` for optimistic concurrency. */
    update: z.ZodObject;
    /** One record as the API returns it. */
    response: z.ZodObject;
  };
};

export const attachmentSchema = z.object({
  id: z.uuid(),
  slot: z.string(),
  imageType: z.string().nullable(),
  displayName: z.string(),
  mediaType: z.string(),
  size: z.number().int(),
  url: z.string(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

const auditFields = {
  id: z.uuid(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** Soft rules the record broke when last saved (empty when none). */
  warnings: z.array(recordedWarningSchema),
};

export const versionSchema = z
  .number({ error: 'version must be a whole number' })
  .int('version must be a whole number')
  .min(1, 'version starts at 1');

function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/**
 * Declares an entity once; the server derives its table, validation and routes, the web its forms and
 * tables. Required fields must be present on create; optional ones may be omitted or null.
 */
export function defineEntity<const F extends Record<string, Field>>(
  name: string,
  config: EntityConfig<F>,
): EntityDefinition<F> {
  const fields = config.fields as Record<string, Field>;
  for (const [key, field] of Object.entries(fields)) field.label ??= labelFromKey(key);
  const images = config.images ?? {};
  for (const [key, slot] of Object.entries(images)) slot.label ??= labelFromKey(key);
  if (config.parent && fields[config.parent]?.kind !== 'ref') {
    throw new Error(`${name}: parent ${config.parent} must be a ref field`);
  }

  const create: Record<string, z.ZodType> = {};
  const update: Record<string, z.ZodType> = { version: versionSchema.optional() };
  const response: Record<string, z.ZodType> = { ...auditFields };
  for (const [key, field] of Object.entries(fields)) {
    const value = fieldValueSchema(field);
    create[key] =
      field.default !== undefined
        ? value.default(field.default as never)
        : field.required
          ? value
          : value.nullable().optional();
    // A field with a default is never empty: an update may leave it out, not set it to null.
    update[key] =
      field.required || field.default !== undefined ? value.optional() : value.nullable().optional();
    response[key] = field.required ? value : value.nullable();
  }
  const derived = (config.derived ?? {}) as EntityDefinition['derived'];
  for (const [key, d] of Object.entries(derived)) {
    d.field.label ??= labelFromKey(key);
    response[key] = fieldValueSchema(d.field).nullable();
  }
  for (const key of Object.keys(images)) response[key] = attachmentSchema.nullable();
  if (config.idAlias) response[config.idAlias] = z.uuid();
  const rules = (config.rules?.(ruleBuilder as unknown as RuleBuilder<F>) ?? {}) as Record<
    string,
    EntityRule
  >;
  for (const [id, r] of Object.entries(rules)) {
    const unknown = r.fields.filter((key) => !(key in fields));
    if (r.fields.length === 0 || unknown.length > 0) {
      throw new Error(`${name}: rule ${id} must name declared fields (unknown: ${unknown.join(', ')})`);
    }
  }
  const warningIds = Object.keys(rules).filter((id) => rules[id]!.level === 'warning');
  if (warningIds.length > 0) {
    const acknowledged = acknowledgedWarningsSchema(warningIds as [string, ...string[]]);
    create.acknowledgedWarnings = acknowledged;
    update.acknowledgedWarnings = acknowledged;
  }

  return {
    ...config,
    name,
    table: snakeCase(name),
    images,
    search: config.search ?? [],
    unique: config.unique ?? [],
    derived,
    rules,
    schemas: {
      create: z.object(create),
      update: z.object(update),
      response: z.object(response).meta({ id: name }),
    },
  };
}

/** Column name of a field key: `thermalAnalysisId` → `thermal_analysis_id`. */
export const columnName = snakeCase;
