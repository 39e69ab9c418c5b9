import { z } from 'zod';
import { coordinateKeys, coordinateRules, coordinatesOf, decimalDegrees } from './coordinates.ts';
import type { CoordinateNames } from './coordinates.ts';
import { evaluate, fieldsRead, listOfText, readThrough, valueKind } from './derive.ts';
import type { Expr } from './derive.ts';
import { f, fieldValueSchema, labelFromKey, mayBeEmpty } from './fields.ts';
import type { Field, FieldValues, ImageList, ImageSlot } from './fields.ts';
import { acknowledgedWarningsSchema, recordedWarningSchema, ruleBuilder } from './rules.ts';
import type { EntityRule, RuleBuilder } from './rules.ts';
import { verdictOverrideReasonKey, verdictOverrideReasonSchema } from './verdicts.ts';
import { checkSeries } from './series.ts';
import type { EntitySeries } from './series.ts';
import type { VerdictPair } from './verdicts.ts';
import type { TabCondition } from './routes.ts';

/**
 * A value computed from a stored record (ΔT, severity): shown like a field, never written. Declared
 * as an expression (`derive.ts`), it is computed per record and compiled to SQL for aggregates from
 * the one declaration; `compute` is for what an expression cannot say, and has no SQL form.
 */
export type DerivedField<R = Record<string, unknown>> = { field: Field } & (
  { expr: Expr; compute?: never } | { compute: (record: R) => unknown; expr?: never }
);

/**
 * A field of another record read through references (`key` = `ref.field`, or `ref.hop….field`), as
 * a number, as a word (`oneOf`, `byValue`, `mentions`) or as a date (`date`). `hops` are the
 * reference fields followed in turn, `ref` (the record's own) first: each a `ref` or a `references`
 * text field of the record reached so far.
 */
export type ReadThrough = {
  key: string;
  ref: string;
  hops: readonly string[];
  field: string;
  as: 'number' | 'word' | 'date';
};

/** A derived value of a record, by its expression or its function. */
export function deriveValue(derived: DerivedField, record: Record<string, unknown>): unknown {
  return derived.expr ? evaluate(derived.expr, record) : derived.compute!(record);
}

/**
 * What an entity is declared with. Besides the fields, the names of its image slots (`I`), image
 * lists (`L`), derived values (`D`) and rules (`R`) are kept in its type, so translations keyed by
 * them are checked against the declaration.
 */
export type EntityConfig<
  F extends Record<string, Field>,
  I extends string = string,
  L extends Record<string, ImageList> = Record<string, ImageList>,
  D extends Record<string, DerivedField<never>> = Record<
    string,
    DerivedField<FieldValues<F> & { id: string }>
  >,
  R extends string = string,
> = {
  label: string;
  /** Permission module guarding every route over this entity (its technique's, for inspections). */
  module: string;
  fields: F;
  /**
   * Equipment classes the entity exists for (`pipe`, `pipeline`…): one table with a `variant`
   * column, routes per variant (`eachVariant`), fields limited to some variants by `variants`.
   */
  variants?: readonly [string, ...string[]];
  /** The ref field naming the parent record (e.g. `thermalAnalysisId`); indexed and listable by. */
  parent?: keyof F & string;
  /** At most one record per parent (a report has one thermal analysis). */
  uniquePerParent?: boolean;
  /**
   * The plant holds one record of it (the plant owner): the engine refuses a second create with 409,
   * "update it instead"; two first creates at once are taken one after the other.
   */
  single?: boolean;
  /** Extra name the id is also returned under (`thermalAnalysisId`), as the specification reads it. */
  idAlias?: string;
  /** Named image slots, each holding zero or one image. */
  images?: Record<I, ImageSlot>;
  /** Named ordered lists of typed images (`summaryImages`). */
  imageLists?: L;
  /** Text fields matched by the `search` query parameter. */
  search?: (keyof F & string)[];
  /** Fields kept unique across the table (work order number). */
  unique?: (keyof F & string)[];
  /**
   * The fields that identify a record to the people who keep it (an equipment number): unique
   * together, and what an upsert or a spreadsheet import matches existing records by.
   */
  naturalKey?: (keyof F & string)[];
  /**
   * What a clash on the natural key says, when the generic sentence ("A task assignment with this
   * work order and inspection method already exists") reads poorly in the domain's words.
   */
  duplicateMessage?: string;
  /**
   * Indexes for a module's own queries, beyond those the engine derives from the parent, lists,
   * keys and search, by name: `fields` is a b-tree over the fields in that order; `contains` a GIN
   * index (`jsonb_path_ops`) over a JSON field, which serves `field @> '[…]'` (lists holding a value).
   * `withListOrder` appends the list order's columns: a page filtered by equality on the fields is
   * read off the index in list order, and a date range's page reads its matches and their order
   * from the index alone (records.ts `page`).
   */
  indexes?: Record<string, EntityIndex<keyof F & string>>;
  /**
   * Field sets of which exactly one holds a value in every row, by name (a finding's source: a
   * report's row or a thickness location): a check constraint of the table, so no write path can
   * store a row with both or neither.
   */
  exactlyOne?: Record<string, readonly (keyof F & string)[]>;
  /**
   * Default order of lists; newest first when absent. `then` orders within equal values (reviewers
   * by method, then level), before the engine's own ties (newest, then id).
   */
  sort?: {
    field: (keyof F & string) | 'createdAt' | 'updatedAt';
    direction: 'asc' | 'desc';
    then?: readonly { field: keyof F & string; direction: 'asc' | 'desc' }[];
  };
  /**
   * The fields that name a record to a person, joined with " · " (`['woNumber', 'title']` →
   * "WO-0042 · Substation survey"): how a reference picker lists and shows it. The id when absent.
   */
  represent?: readonly (keyof F & string)[];
  /** English titles of the form sections the fields' `group` names; the group's words when absent. */
  groups?: Partial<Record<GroupOf<F>, string>>;
  derived?: D & Record<string, DerivedField<FieldValues<F> & { id: string }>>;
  /**
   * Rules across fields, by id: hard ones (`rule.error`) refuse the values, soft ones
   * (`rule.warning`) are confirmed by the user and recorded with the record. See `rules.ts`.
   */
  rules?: (rule: RuleBuilder<F>) => Record<R, EntityRule<F>>;
  /**
   * A record whose `field` holds one of `values` is locked (a report once approved): it cannot be
   * updated or deleted, and no record under it (its children, their children…) can be created,
   * updated or deleted. The server refuses such writes with 409 and `remedy` says what to do instead.
   */
  lock?: RecordLock<keyof F & string>;
  /**
   * How the report's PDF prints a list of these records (docs/report-pdf.md): `columns`, the fields
   * or derived values of its rows table, in order (a survey of 40 test points prints as one table of
   * them). A row also prints as a block of its own only when it holds more than its columns show:
   * notes, a list inside it, files, or a value outside the columns.
   */
  print?: { columns: readonly string[] };
  /**
   * The readings of one point of the report's equipment over time (`series.ts`, docs/series.md):
   * the engine derives their index, the trend read and `d.previous` / `d.first`.
   */
  series?: EntitySeries<keyof F & string>;
};

export type RecordLock<K extends string = string> = {
  field: K;
  values: readonly string[];
  /** What a user does instead of changing a locked record ("Create a new revision…"). */
  remedy: string;
  /** What to do instead while the field holds a particular value, when it differs from `remedy`. */
  remedies?: Readonly<Partial<Record<string, string>>>;
};

/** An index an entity declares for a module's query (`EntityConfig.indexes`). */
export type EntityIndex<K extends string = string> =
  | {
      fields: readonly K[];
      withListOrder?: boolean;
      /** Unique over the fields (among the rows `where` keeps, when given). */
      unique?: boolean;
      /** A partial index: only the rows that meet every condition (one open finding per location). */
      where?: Readonly<Partial<Record<K, TabCondition>>>;
    }
  | { contains: K };

/** The lists of typed objects that travel as JSON text, by the name they are also read under (`spots`). */
export type TextListNames<F> = {
  [K in keyof F]: F[K] extends { text: { readAs: infer R extends string } } ? R : never;
}[keyof F];

/** The form sections an entity's fields name. */
export type GroupOf<F extends Record<string, Field>> = {
  [K in keyof F]: F[K] extends { group: infer G extends string } ? G : never;
}[keyof F];

export type EntitySchemas = {
  /** Body of a create call. */
  create: z.ZodObject;
  /** Body of an update call: every field optional, `version` for optimistic concurrency. */
  update: z.ZodObject;
  /** One record as the API returns it. */
  response: z.ZodObject;
};

export type EntityDefinition<
  F extends Record<string, Field> = Record<string, Field>,
  I extends string = string,
  L extends Record<string, ImageList> = Record<string, ImageList>,
  D extends Record<string, DerivedField<never>> = Record<string, DerivedField<Record<string, unknown>>>,
  R extends string = string,
> = Omit<
  EntityConfig<F>,
  'images' | 'imageLists' | 'search' | 'derived' | 'unique' | 'rules' | 'groups' | 'naturalKey'
> & {
  naturalKey?: string[];
  name: string;
  /** SQL table name (snake_case of the entity name). */
  table: string;
  images: Record<I, ImageSlot>;
  imageLists: L;
  search: string[];
  unique: string[];
  derived: { [K in keyof D]: DerivedField<Record<string, unknown>> & Pick<D[K], 'field'> } & {
    // What the engine derives itself: each coordinate in decimal degrees, each text list as a list.
    [K in CoordinateNames<F> | TextListNames<F>]: DerivedField<Record<string, unknown>>;
  };
  /**
   * The fields of other records its derived values read through a reference (a finding's
   * `ufdInspectionId.matThickness`): loaded beside the record wherever its derived values are computed.
   */
  readsThrough: readonly ReadThrough[];
  /**
   * The number fields its derived values read from other readings of the same series (`d.previous`,
   * `d.first`, docs/series.md): loaded beside the record as `readsThrough` are, by `seriesReadKey`.
   */
  readsSeries: readonly { of: 'previous' | 'first'; key: string }[];
  rules: Record<R, EntityRule>;
  groups: Partial<Record<GroupOf<F>, string>>;
  /** The schemas over every field (of every variant). */
  schemas: EntitySchemas;
  /** The schemas of one variant: only the fields that variant has. */
  schemasFor: (variant: string | undefined) => EntitySchemas;
  /** The fields a variant has (every field when the entity has no variants). */
  fieldsOf: (variant: string | undefined) => Record<string, Field>;
  /** The image slots a variant has (every slot when the variant is not named). */
  imagesOf: (variant: string | undefined) => Record<string, ImageSlot>;
  /** The image lists a variant has (every list when the variant is not named). */
  imageListsOf: (variant: string | undefined) => Record<string, ImageList>;
  /**
   * The verdict pair its technique names (`findingGrade.standard`, docs/verdict-pairs.md): the row
   * then has the engine-owned `verdictOverrideReason`. Set by `defineTechnique` only.
   */
  verdict?: VerdictPair;
};

export const attachmentSchema = z.object({
  id: z.uuid(),
  slot: z.string(),
  imageType: z.string().nullable(),
  category: z.string().nullable(),
  /** Place in its list, from 0; always 0 for a single-image slot. */
  position: z.number().int(),
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
export function defineEntity<
  const F extends Record<string, Field>,
  const I extends string = never,
  const L extends Record<string, ImageList> = Record<never, ImageList>,
  const D extends Record<string, DerivedField<never>> = Record<never, DerivedField<never>>,
  const R extends string = never,
>(name: string, config: EntityConfig<F, I, L, D, R>): EntityDefinition<F, I, L, D, R> {
  const fields = config.fields as Record<string, Field>;
  for (const [key, field] of Object.entries(fields)) field.label ??= labelFromKey(key);
  const images = (config.images ?? {}) as Record<string, ImageSlot>;
  for (const [key, slot] of Object.entries(images)) slot.label ??= labelFromKey(key);
  if (config.parent && fields[config.parent]?.kind !== 'ref') {
    throw new Error(`${name}: parent ${config.parent} must be a ref field`);
  }

  const derived = { ...config.derived } as EntityDefinition['derived'];
  const parentReads: ReadThrough[] = [];
  const seriesReads: { of: 'previous' | 'first'; key: string }[] = [];
  // A list sent as JSON text is also read as the list itself (`spotsJson` → `spots`).
  for (const [key, field] of Object.entries(fields)) {
    if (field.kind !== 'json' || !field.text) continue;
    derived[field.text.readAs] ??= {
      field: f.json({
        label: field.label!,
        items: field.items,
        maxItems: field.maxItems,
        group: field.group,
      }),
      compute: (record) => listOfText(record[key]),
    };
  }
  const coordinates = coordinatesOf(fields);
  for (const [coordinate, axis] of coordinates) {
    const degree = fields[coordinateKeys(coordinate).degree]!;
    // Read everywhere as one value, in decimal degrees, in the group its parts are entered in.
    derived[coordinate] ??= {
      field: f.number({ label: degree.label!, unit: '°', format: axis, group: degree.group }),
      expr: decimalDegrees(coordinate, axis),
    };
  }
  for (const [key, d] of Object.entries(derived)) {
    d.field.label ??= labelFromKey(key);
    if (!d.expr) continue;
    // Checked here, where a mistake is a declaration's, rather than when SQL is first compiled: the
    // value's kind, and what it reads (numbers from number fields, words from text or choices).
    const kind = valueKind(d.expr);
    const expected =
      d.field.kind === 'number' || d.field.kind === 'integer'
        ? 'number'
        : d.field.kind === 'date'
          ? 'date'
          : 'text';
    const read = fieldsRead(d.expr);
    // A key read through references starts at a reference of this entity; the hops after it and the
    // field read at the end are checked with the catalogue, where every entity is known
    // (`checkReadsThrough`).
    const own = (as: ReadThrough['as']) => (k: string) => {
      const path = readThrough(k);
      if (!path) return true;
      const first = fields[path.ref];
      const reference = first?.kind === 'ref' || (first?.kind === 'text' && first.references);
      if (reference && !parentReads.some((r) => r.key === k)) parentReads.push({ key: k, ...path, as });
      return !reference;
    };
    const wrong = [
      ...read.numbers
        .filter(own('number'))
        .filter((k) => fields[k]?.kind !== 'number' && fields[k]?.kind !== 'integer'),
      ...read.words
        .filter(own('word'))
        .filter((k) => fields[k]?.kind !== 'enum' && fields[k]?.kind !== 'text'),
      ...read.dates
        .filter(own('date'))
        .filter((k) => fields[k]?.kind !== 'date' && fields[k]?.kind !== 'datetime'),
      ...read.lists
        .filter(({ key, field }) => {
          const list = fields[key];
          return list?.kind !== 'json' || !list.items?.[field];
        })
        .map(({ key, field }) => `${key}.${field}`),
    ];
    for (const other of read.series) {
      const number = fields[other.key]?.kind === 'number' || fields[other.key]?.kind === 'integer';
      if (!config.series || !number)
        throw new Error(
          `${name}.${key}: d.${other.of}(${other.key}) reads a number field of the same series: declare the entity's series and name one of its number fields`,
        );
      if (!seriesReads.some((r) => r.of === other.of && r.key === other.key)) seriesReads.push(other);
    }
    if (kind !== expected || wrong.length > 0)
      throw new Error(
        `${name}.${key}: its expression must give a ${expected}, reading numbers from number fields, words from text or choice fields and dates from date fields (not: ${wrong.join(', ')})`,
      );
  }
  const imageLists = (config.imageLists ?? {}) as Record<string, ImageList>;
  for (const [key, list] of Object.entries(imageLists)) list.label ??= labelFromKey(key);
  const rules = {
    ...Object.fromEntries(
      [...coordinates].flatMap(([coordinate, axis]) =>
        Object.entries(coordinateRules(coordinate, axis, fields[coordinateKeys(coordinate).degree]!.label!)),
      ),
    ),
    ...config.rules?.(ruleBuilder as unknown as RuleBuilder<F>),
  } as Record<string, EntityRule>;
  for (const [id, r] of Object.entries(rules)) {
    const unknown = r.fields.filter((key) => !(key in fields));
    if (r.fields.length === 0 || unknown.length > 0) {
      throw new Error(`${name}: rule ${id} must name declared fields (unknown: ${unknown.join(', ')})`);
    }
  }
  for (const [id, keys] of Object.entries(config.exactlyOne ?? {}))
    if (keys.length < 2 || keys.some((key) => !(key in fields) || !mayBeEmpty(fields[key]!)))
      throw new Error(`${name}: exactlyOne ${id} must name two or more declared fields that may be empty`);
  // Clearing a reference its record cannot be without (required, the parent, one of an
  // `exactlyOne`) would fail the delete on another constraint: such a reference restricts.
  for (const [key, field] of Object.entries(fields)) {
    if (field.kind !== 'ref' || field.onDelete !== 'setNull') continue;
    const held = Object.values(config.exactlyOne ?? {}).some((keys) => keys.includes(key as never));
    if (!mayBeEmpty(field) || key === config.parent || held)
      throw new Error(`${name}: ${key} is cleared on delete (setNull) but the record cannot be without it`);
  }
  if (config.lock && !(config.lock.field in fields))
    throw new Error(`${name}: lock field ${config.lock.field} is not declared`);
  for (const [id, index] of Object.entries(config.indexes ?? {})) {
    const named: string[] =
      'contains' in index ? [index.contains] : [...index.fields, ...Object.keys(index.where ?? {})];
    const json = 'contains' in index && fields[index.contains]?.kind === 'json';
    if (named.length === 0 || named.some((key) => !(key in fields)) || ('contains' in index && !json)) {
      throw new Error(`${name}: index ${id} must name declared fields (contains: a JSON field)`);
    }
  }
  for (const [key, declared] of [
    ...Object.entries(fields),
    ...Object.entries(images),
    ...Object.entries(imageLists),
  ]) {
    const unknown = (declared.variants ?? []).filter((v) => !config.variants?.includes(v));
    if (unknown.length > 0) throw new Error(`${name}.${key}: unknown variants ${unknown.join(', ')}`);
  }
  const warningIds = Object.keys(rules).filter((id) => rules[id]!.level === 'warning');

  /** What a variant has of a declared set: what names no variants, and what names this one. */
  const ofVariant =
    <T extends { variants?: readonly string[] }>(all: Record<string, T>) =>
    (variant: string | undefined): Record<string, T> =>
      variant === undefined
        ? all
        : Object.fromEntries(
            Object.entries(all).filter(([, x]) => !x.variants || x.variants.includes(variant)),
          );
  const fieldsOf = ofVariant(fields);
  const imagesOf = ofVariant(images);
  const imageListsOf = ofVariant(imageLists);

  const build = (variant: string | undefined): EntitySchemas => {
    const create: Record<string, z.ZodType> = {};
    const update: Record<string, z.ZodType> = { version: versionSchema.optional() };
    const response: Record<string, z.ZodType> = { ...auditFields };
    if (config.variants) response.variant = z.enum(config.variants);
    for (const [key, field] of Object.entries(fieldsOf(variant))) {
      const value = field.keptByServer
        ? fieldValueSchema(field).describe(field.keptByServer)
        : fieldValueSchema(field);
      // A list that travels as text is returned as text: the JSON of the list, `[]` when empty.
      response[key] =
        field.kind === 'json' && field.text ? z.string() : field.required ? value : value.nullable();
      if (field.serverOwned) {
        // Named, so the refusal says which field is the server's rather than dropping it silently.
        const refused = z.never({ error: `${key} is set by the server and cannot be sent` }).optional();
        create[key] = refused;
        update[key] = refused;
        continue;
      }
      // A measured number may be blank even with a default: the default is for a key left out.
      const blankable = mayBeEmpty(field);
      create[key] =
        field.default !== undefined
          ? (blankable ? value.nullable() : value).default(field.default as never)
          : field.required
            ? value
            : value.nullable().optional();
      // Another field with a default is never empty: an update may leave it out, not set it to null.
      update[key] = blankable ? value.nullable().optional() : value.optional();
    }
    for (const [key, d] of Object.entries(derived)) response[key] = fieldValueSchema(d.field).nullable();
    for (const key of Object.keys(imagesOf(variant))) response[key] = attachmentSchema.nullable();
    for (const [key, list] of Object.entries(imageListsOf(variant))) {
      response[key] = z.array(attachmentSchema);
      const entries = z.array(imageListEntrySchema(key, list)).max(list.max, {
        error: `${key} holds at most ${list.max} images`,
      });
      create[key] = entries.optional();
      update[key] = entries.optional();
    }
    if (config.idAlias) response[config.idAlias] = z.uuid();
    if (definition.verdict) {
      response[verdictOverrideReasonKey] = z.string().nullable();
      create[verdictOverrideReasonKey] = verdictOverrideReasonSchema;
      update[verdictOverrideReasonKey] = verdictOverrideReasonSchema;
    }
    if (warningIds.length > 0) {
      const acknowledged = acknowledgedWarningsSchema(warningIds as [string, ...string[]]);
      create.acknowledgedWarnings = acknowledged;
      update.acknowledgedWarnings = acknowledged;
    }
    return {
      create: z.object(create),
      update: z.object(update),
      response: z.object(response).meta({ id: variant ? `${name}_${variant}` : name }),
    };
  };
  const byVariant = new Map<string | undefined, EntitySchemas>();
  const schemasFor = (variant: string | undefined) => {
    if (variant !== undefined && !config.variants?.includes(variant))
      throw new Error(`${name} has no variant ${variant}`);
    let found = byVariant.get(variant);
    if (!found) byVariant.set(variant, (found = build(variant)));
    return found;
  };

  if (config.series)
    checkSeries(
      name,
      config.series as EntitySeries,
      fields,
      (key) => derived[key]?.field.kind === 'number' || derived[key]?.field.kind === 'integer',
      config.parent,
    );

  // A printed column names a field or a derived value of the record, never a typo.
  for (const column of config.print?.columns ?? [])
    if (!(column in fields) && !(column in derived))
      throw new Error(`${name}: print column ${column} is neither a field nor a derived value`);

  const definition: EntityDefinition = {
    ...(config as EntityConfig<Record<string, Field>>),
    name,
    table: snakeCase(name),
    images,
    imageLists,
    search: config.search ?? [],
    unique: config.unique ?? [],
    derived,
    readsThrough: parentReads,
    readsSeries: seriesReads,
    rules,
    groups: config.groups ?? {},
    get schemas() {
      return schemasFor(undefined);
    },
    schemasFor,
    fieldsOf,
    imagesOf,
    imageListsOf,
  };
  Object.defineProperty(definition, 'schemasBuilt', { value: () => byVariant.size > 0, enumerable: false });
  return definition as EntityDefinition<F, I, L, D, R>;
}

/**
 * Gives an entity the verdict pair its technique names (`defineTechnique`), before anything has
 * read its schemas: they then carry `verdictOverrideReason`.
 */
export function declareVerdictPair(entity: EntityDefinition, pair: VerdictPair) {
  if (entity.verdict) throw new Error(`${entity.name}: its verdict pair is named once`);
  // Built schemas would lack the reason: the technique is declared beside its entities.
  const built = (entity as unknown as { schemasBuilt?: () => boolean }).schemasBuilt?.();
  if (built) throw new Error(`${entity.name}: its schemas were read before its technique named the pair`);
  entity.verdict = pair;
}

/**
 * One image of a list as a create or update body names it: an image already stored (`id`) or the
 * `file`-th file part sent under the list's name, with its type, caption and category. The list sent
 * is the list kept, in that order: images left out are removed.
 */
export function imageListEntrySchema(key: string, list: ImageList) {
  return z
    .object({
      id: z.uuid({ error: 'id must be the identifier of an image of this list' }).optional(),
      file: z.number().int().min(0, 'file counts from 0').max(list.max).optional(),
      // Required of a new image when the list declares types; a kept image keeps its type when omitted.
      imageType: list.types
        ? z.enum(list.types, { error: `Use one of: ${list.types.join(', ')}` }).optional()
        : z.string().max(100).nullable().optional(),
      displayName: z.string().trim().max(200, 'At most 200 characters').optional(),
      category: list.categories
        ? z
            .enum(list.categories, { error: `Use one of: ${list.categories.join(', ')}` })
            .nullable()
            .optional()
        : z.string().max(100).nullable().optional(),
    })
    .refine((e) => (e.id === undefined) !== (e.file === undefined), {
      error: `Each image of ${key} names either an id (kept) or a file (sent), not both`,
    });
}

/**
 * The field that declares a list's items, for a key that reads the list: the field itself, or the
 * text list the derived value `key` is read from (`spots` → `spotsJson`). Item labels live under it.
 */
export function itemsKeyOf(entity: EntityDefinition, key: string): string {
  if (entity.fields[key]) return key;
  const source = Object.entries(entity.fields).find(
    ([, field]) => field.kind === 'json' && field.text?.readAs === key,
  );
  return source?.[0] ?? key;
}

/** Column name of a field key: `thermalAnalysisId` → `thermal_analysis_id`. */
export const columnName = snakeCase;

/**
 * Where a reference field of an entity leads, as a hop of a path read through references: a `ref`
 * to the other record's id, a `references` text field to the named record's key. Undefined for any
 * other field, or a reference to an entity `lookup` does not know.
 */
export function referenceHop(
  entity: EntityDefinition,
  key: string,
  lookup: (name: string) => EntityDefinition | undefined,
): { entity: EntityDefinition; key: string } | undefined {
  const field = entity.fields[key];
  if (field?.kind === 'ref') {
    const target = lookup(field.entity);
    return target && { entity: target, key: 'id' };
  }
  if (field?.kind !== 'text' || !field.references) return undefined;
  const { entity: target, field: named } = referenceTarget(field.references, lookup);
  return { entity: target, key: named };
}

/**
 * The entities a path read through references reaches, hop by hop (`hops[i]` leads from `reached[i]`
 * to `reached[i + 1]`), the first being `entity`; undefined where a hop is not a reference.
 */
export function referencePath(
  entity: EntityDefinition,
  hops: readonly string[],
  lookup: (name: string) => EntityDefinition | undefined,
): { entity: EntityDefinition; key: string }[] | undefined {
  const reached: { entity: EntityDefinition; key: string }[] = [];
  let at = entity;
  for (const hop of hops) {
    const next = referenceHop(at, hop, lookup);
    if (!next) return undefined;
    reached.push(next);
    at = next.entity;
  }
  return reached;
}

/**
 * The record a `references` text field names and the field it matches: the entity's one-field
 * natural key (`'equipment'`), or a unique field it names (`'equipment.tagNumber'`).
 */
export function referenceTarget(
  references: string,
  lookup: (name: string) => EntityDefinition | undefined,
): { entity: EntityDefinition; field: string } {
  const [name, named] = references.split('.') as [string, string | undefined];
  const entity = lookup(name);
  if (!entity) throw new Error(`references ${references}: ${name} is not declared`);
  const field = named ?? (entity.naturalKey?.length === 1 ? entity.naturalKey[0] : undefined);
  const keyed = field && (entity.unique.includes(field) || entity.naturalKey?.join() === field);
  if (!field || !keyed)
    throw new Error(`references ${references}: name a unique field or a one-field natural key of ${name}`);
  return { entity, field };
}
