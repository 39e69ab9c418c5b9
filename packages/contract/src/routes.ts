import { z } from 'zod';
import { fieldValueSchema, plainText } from './fields.ts';
import type { Field } from './fields.ts';
import type { EntityDefinition } from './entity.ts';
import type { Permission, PermissionAction } from './permissions.ts';
import { seriesOf, trendQuerySchema, trendResponseSchema } from './series.ts';

/** How a call carries its body. Multipart whenever files are sent (SPEC 5). */
export type BodyKind = 'json' | 'multipart' | 'json-or-multipart';
/** Where a call names the record it acts on: `/x/{id}`, `/x?id=`, or inside the JSON body. */
export type IdLocation = 'path' | 'query' | 'body';

/**
 * A query parameter that narrows a list: `?date=` → `date = value`, `?dateStart=` → `dateStart >=
 * value`, `?status=draft,submitted` → `status in (…)`, and `?withIndication=true` → only records with
 * values in the named fields (all of them, or any with `match: 'any'`).
 */
export type Filter =
  | { field: string; op: 'eq' | 'gte' | 'lte' | 'in' }
  | { op: 'hasValues'; fields: readonly string[]; match?: 'all' | 'any' }
  /**
   * Records with a value in `field` are left out unless asked for: without the parameter (or with
   * `=false`) only records whose `field` is empty, with `=true` every record. A list asked for one
   * record by `?id=` answers it either way. Reports superseded by a revision (`?includeSuperseded=`).
   */
  | { op: 'unlessIncluded'; field: string };

/**
 * A tab's condition on one field: that value, any of these values, or none of them (nulls count as
 * "none of them", so a record without a status is in a tab that excludes some statuses).
 */
export type TabCondition =
  { eq: string | number | boolean } | { in: readonly string[] } | { notIn: readonly string[] };

/**
 * A named view of a list (`?tab=open`): fixed conditions over fields, all of which must hold. Tabs
 * are what a person calls the slices of a list they work through; filters are what they narrow by.
 */
export type ListTab = {
  /** English label; Indonesian under `entities.<entity>.tabs.<name>` in the web. */
  label: string;
  description?: string;
  where: Readonly<Record<string, TabCondition>>;
};

/** Equality filters whose query parameter is named like the field: `?workType=` → `workType = value`. */
export function equalityFilters(...fields: string[]): Record<string, Filter> {
  return Object.fromEntries(fields.map((field) => [field, { field, op: 'eq' }]));
}

/**
 * A list whose rows say who added each record by name (`withAuthor`): `createdByName`, the full name
 * of the user its `createdBy` names, read for the page's rows in one statement (the engine's
 * enrichment, docs/architecture-engine.md). Null when that user no longer exists.
 */
type ListedAuthor = { withAuthor?: boolean };

/** What a row of a `withAuthor` list adds to its record. */
export const listedAuthorShape = {
  createdByName: z
    .string()
    .nullable()
    .meta({ description: 'Full name of the user who added the record (null when that user is gone)' }),
};

/**
 * What every entity operation has: its entity and, for an entity with variants, the variant it
 * serves, or `everyVariant` for a call over the records of all of them (a report's inspections of
 * every class; an update that validates against the variant of the record it changes).
 */
type EntityOperation = { entity: EntityDefinition; variant?: string; everyVariant?: true };

export type Operation =
  /** Paged list with `search`, an optional `id`, filters and a caller's sort. */
  | ({
      kind: 'list';
      filters: Record<string, Filter>;
      /** Named tabs the list takes as `?tab=`; none when absent. */
      tabs?: Readonly<Record<string, ListTab>>;
    } & ListedAuthor &
      EntityOperation)
  /** Records of one parent, paged or whole. */
  | ({
      kind: 'listByParent';
      parentParam: string;
      paged: boolean;
      filters: Record<string, Filter>;
    } & ListedAuthor &
      EntityOperation)
  /**
   * The one record of a parent (unique per parent), or null when none exists yet; with
   * `createIfMissing`, an empty one is created on the first read instead (no create call exists).
   */
  | ({ kind: 'getByParent'; parentParam: string; createIfMissing?: boolean } & EntityOperation)
  /** With `param`, the query parameter naming the record is that, not `id` (`?flowrateInspectionPipeId=`). */
  | ({ kind: 'get'; id: 'path' | 'query'; param?: string } & EntityOperation)
  | ({ kind: 'create'; body: BodyKind } & EntityOperation)
  | ({ kind: 'update'; id: IdLocation; body: BodyKind } & EntityOperation)
  | ({ kind: 'delete'; id: 'path' | 'query' } & EntityOperation)
  /** The values an enum field takes, with their English labels (a drop-down's choices). */
  | ({ kind: 'enumValues'; field: string } & EntityOperation)
  /**
   * Create, or update the record with the same natural key (`naturalKey`), in one call. With
   * `many` (the most rows one call takes), the body may also be an array of rows, written all or
   * none in one transaction, every row under one parent (docs/architecture-engine.md, "Keyed bulk
   * writes").
   */
  | ({ kind: 'upsert'; many?: number } & EntityOperation)
  /** The list as an .xlsx (streamed; filters as the list's), or an empty template to fill in. */
  | ({ kind: 'exportSheet'; template: boolean; filters: Record<string, Filter> } & EntityOperation)
  /**
   * An .xlsx (multipart `file`) read row by row: every row valid, then all are created (or updated
   * by natural key) in one transaction; any row invalid, nothing is, and each row's errors return.
   */
  | ({ kind: 'importSheet' } & EntityOperation)
  /** The bounded trend of the entity's series (`series.ts`, docs/series.md): per point, its readings in time. */
  | ({ kind: 'trend'; by?: string } & EntityOperation)
  /** Behaviour of a module (summary, sign-in): the server registers a handler under `name`. */
  | {
      kind: 'action';
      name: string;
      query?: z.ZodObject;
      params?: z.ZodObject;
      /** `.nullish()`: the call may also be sent with no body, or an empty one. */
      body?: z.ZodObject | z.ZodOptional<z.ZodNullable<z.ZodObject>>;
      response: z.ZodType;
      paged?: boolean;
      /** The variant the call serves, when the action exists per variant. */
      variant?: string;
      /** The call takes a multipart upload its handler reads itself (a sheet to read). */
      upload?: boolean;
      /**
       * The call's body is bytes of this media type, at most `maxBytes`, read whole before its
       * handler runs (a piece of a resumable upload): bounded, so buffering it is safe.
       */
      bytes?: { mediaType: string; maxBytes: number };
      /**
       * The lists the answer cuts at a cap, by their key in `data` (`data`: the answer is the list),
       * and each one's cap: its `meta.notShown` says how many more matched (docs/api-conventions.md).
       */
      capped?: Readonly<Record<string, number>>;
    };

/** Who may call a route: anyone, any signed-in user, or holders of a module permission. */
export type Access = 'public' | 'authenticated' | Permission;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a successful call says in the envelope's `message`: one sentence for the route, or, for an
 * upsert, one per outcome.
 */
export type SuccessMessage = string | { created: string; updated: string };
/** The HTTP status of a successful call, when the route's differs from its operation's (create: 201). */
export type SuccessStatus = 200 | 201;

export type RouteDefinition<
  P extends string = string,
  M extends HttpMethod = HttpMethod,
  O extends Operation = Operation,
> = {
  method: M;
  /** Path under `/api`, Fastify style (`/thermal-measurements/:id`). */
  path: P;
  /** What the call does; its precise type (entity, response schema) types the call in the web. */
  operation: O;
  access: Access;
  summary: string;
  tag: string;
  /**
   * The success message the call answers instead of the engine's (`Thermal measurement created`);
   * for an action, what it answers when its handler says nothing.
   */
  message?: SuccessMessage;
  /** The success status instead of the operation's own (201 for a create, 200 otherwise). */
  status?: SuccessStatus;
  /**
   * A GET whose answer the page's own elements fetch (a `<video>` asking for parts of a file as it
   * seeks), which cannot send the bearer header: the session is also read from the access-token
   * cookie the web client keeps (`SameSite=Strict`, so no other site's page sends it).
   */
  sessionCookie?: true;
};

/**
 * The path parameter that names the parent of the records a route lists, reads or creates
 * (`/walkthrough-inspections/:inspectionId/findings`), when the path carries it; the query (or, on
 * create, the body) names it otherwise.
 */
export function parentPathParam(route: Pick<RouteDefinition, 'path' | 'operation'>): string | undefined {
  const op = route.operation;
  const name =
    op.kind === 'listByParent' || op.kind === 'getByParent'
      ? op.parentParam
      : op.kind === 'create'
        ? op.entity.parent
        : undefined;
  return name && route.path.split('/').includes(`:${name}`) ? name : undefined;
}

export const pageNumberSchema = z.coerce
  .number({ error: 'pageNumber must be a whole number' })
  .int('pageNumber must be a whole number')
  .min(1, 'pageNumber starts at 1')
  .max(1_000_000, 'pageNumber is at most 1000000')
  .default(1);
export const maxPageSize = 200;
export const defaultPageSize = 10;
export const pageSizeSchema = z.coerce
  .number({ error: 'pageSize must be a whole number' })
  .int('pageSize must be a whole number')
  .min(1, 'pageSize is at least 1')
  .max(maxPageSize, `pageSize is at most ${maxPageSize}`)
  .default(defaultPageSize);
export const searchSchema = plainText
  .max(200, 'search is at most 200 characters')
  .optional()
  .transform((s) => (s ? s : undefined));
const uuidParam = (name: string) => z.uuid({ error: `${name} must be an identifier (UUID)` });

/**
 * The id a create may carry, made by the client (`crypto.randomUUID()`), so that records made
 * without a network can point at one another before the server has seen them (docs/offline-capture.md,
 * part 2). On creates only: an update's `id` is its address or ignored, as before.
 */
export const clientMadeIdSchema = z
  .uuid({ error: 'id must be a UUID the client made for the new record, or left out' })
  .nullish()
  .meta({
    description:
      'Optional: the new record\'s id, a UUID the client made (records made offline point at it before the server has seen it). Left out (or null, or an empty form part), the server makes one. Sent again by the same user with the same values, the create answers the record it made and writes nothing; an id any other record holds is refused (409, "A record with this id exists").',
  });

const pagingShape = { pageNumber: pageNumberSchema, pageSize: pageSizeSchema };
/**
 * A list answered whole may still be asked for by page, and must be past `unpagedLimit` rows
 * (docs/api-conventions.md): without either parameter it is whole.
 */
const optionalPagingShape = {
  pageNumber: pageNumberSchema.unwrap().optional(),
  pageSize: pageSizeSchema.unwrap().optional(),
};

/** Most values one `in` filter takes (`?status=a,b,c`). */
const maxInValues = 50;

/** A query parameter's value as a field's kind reads it: text in the query, typed after parsing. */
function queryValueSchema(param: string, field: Field): z.ZodType {
  return field.kind === 'boolean'
    ? z.stringbool({ error: `${param} must be true or false` })
    : field.kind === 'number' || field.kind === 'integer'
      ? z.coerce.number({ error: `${param} must be a number` })
      : fieldValueSchema(field);
}

function filterShape(entity: EntityDefinition, filters: Record<string, Filter>) {
  const shape: Record<string, z.ZodType> = {};
  for (const [param, filter] of Object.entries(filters)) {
    if (filter.op === 'hasValues' || filter.op === 'unlessIncluded') {
      const keys = filter.op === 'hasValues' ? filter.fields : [filter.field];
      const unknown = keys.filter((key) => !entity.fields[key]);
      if (unknown.length > 0)
        throw new Error(`${entity.name}: filter ${param} names unknown ${unknown.join(', ')}`);
      shape[param] = z.stringbool({ error: `${param} must be true or false` }).optional();
      continue;
    }
    const field = entity.fields[filter.field];
    if (!field) throw new Error(`${entity.name}: filter ${param} names unknown field ${filter.field}`);
    const value = queryValueSchema(param, field);
    shape[param] =
      filter.op === 'in'
        ? z
            .string()
            .transform((s) =>
              s
                .split(',')
                .map((v) => v.trim())
                .filter(Boolean),
            )
            .pipe(
              z
                .array(value as z.ZodType<unknown, string>)
                .min(1, `${param} needs a value`)
                .max(maxInValues, `${param} takes at most ${maxInValues} values`),
            )
            .optional()
        : value.optional();
  }
  return shape;
}

/** The values a tab's field may be compared with: its enum values, or any value of its kind. */
function checkTabs(entity: EntityDefinition, tabs: Readonly<Record<string, ListTab>>) {
  for (const [name, tab] of Object.entries(tabs)) {
    for (const [key, condition] of Object.entries(tab.where)) {
      const field = entity.fields[key];
      if (!field) throw new Error(`${entity.name}: tab ${name} names unknown field ${key}`);
      const values = 'eq' in condition ? [condition.eq] : 'in' in condition ? condition.in : condition.notIn;
      const schema = fieldValueSchema(field);
      for (const value of values) {
        if (!schema.safeParse(value).success)
          throw new Error(`${entity.name}: tab ${name} compares ${key} with ${String(value)}`);
      }
    }
  }
}

/** `?tab=` as the tabs' names, when a list declares tabs. */
function tabShape(tabs: Readonly<Record<string, ListTab>> | undefined) {
  const names = Object.keys(tabs ?? {}) as [string, ...string[]];
  if (names.length === 0) return {};
  return { tab: z.enum(names, { error: `tab must be one of: ${names.join(', ')}` }).optional() };
}

/** What an import did with each row of the sheet. */
export const importResultSchema = z
  .object({
    created: z.number().int(),
    updated: z.number().int(),
    rows: z.array(
      z.object({ rowNumber: z.number().int(), status: z.enum(['created', 'updated']), id: z.uuid() }),
    ),
  })
  .meta({ id: 'importResult' });
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * What a keyed bulk write did: per row (its index in the array sent), created or updated and the
 * record as stored; and every warning a row leaves unconfirmed, named `rows.<n>.<field>`.
 */
export function upsertManyResultSchema(record: z.ZodType) {
  return z.object({
    created: z.number().int(),
    updated: z.number().int(),
    rows: z.array(z.object({ row: z.number().int(), status: z.enum(['created', 'updated']), record })),
    unconfirmedWarnings: z.array(z.object({ path: z.string(), rule: z.string(), message: z.string() })),
  });
}
export type UpsertManyResult<R = Record<string, unknown>> = {
  created: number;
  updated: number;
  rows: { row: number; status: 'created' | 'updated'; record: R }[];
  unconfirmedWarnings: { path: string; rule: string; message: string }[];
};

/** One choice of an enum field, as `enumValues` calls list them. */
export const enumValueSchema = z.object({ value: z.string(), label: z.string() }).meta({ id: 'enumValue' });

/** "calibrationCertificate" → "Calibration certificate": the English label of an enum value. */
export function enumValueLabel(value: string): string {
  // Camel case and kebab case alike: `closeUp` → "Close up", `pressure-vessel` → "Pressure vessel".
  const words = value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/-/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Fields a list may be sorted by on request: stored scalar fields and the record's times. */
export function sortableFields(entity: EntityDefinition, variant?: string): string[] {
  const fields = Object.entries(entity.fieldsOf(variant))
    .filter(([, field]) => field.kind !== 'json' && field.kind !== 'longText')
    .map(([key]) => key);
  return [...fields, 'createdAt', 'updatedAt'];
}

/** `sortBy` and `sortDirection`: a list in the caller's order instead of the declared one. */
/** A list's row: the record's response, with its author's name when the list declares `withAuthor`. */
function listedRow(response: z.ZodObject, op: ListedAuthor): z.ZodObject {
  if (!op.withAuthor) return response;
  // Named apart from the record's own schema in the OpenAPI document.
  const id = z.globalRegistry.get(response)?.id;
  const row = response.extend(listedAuthorShape);
  return id ? row.meta({ id: `${id}WithAuthor` }) : row;
}

function sortShape(entity: EntityDefinition, variant?: string) {
  const fields = sortableFields(entity, variant) as [string, ...string[]];
  return {
    sortBy: z.enum(fields, { error: `sortBy must be one of: ${fields.join(', ')}` }).optional(),
    sortDirection: z.enum(['asc', 'desc'], { error: 'sortDirection must be asc or desc' }).optional(),
  };
}

const everyVariantResponses = new WeakMap<EntityDefinition, z.ZodObject>();

/**
 * A record as a call over every variant answers it: every variant's keys, those limited to some
 * variants optional (a record has only its own variant's), named apart in the OpenAPI document.
 */
function everyVariantResponse(entity: EntityDefinition): z.ZodObject {
  let found = everyVariantResponses.get(entity);
  if (found) return found;
  const limited = [
    ...Object.entries(entity.fields),
    ...Object.entries(entity.images),
    ...Object.entries(entity.imageLists),
  ].flatMap(([key, declared]) => (declared.variants ? [key] : []));
  const response = entity.schemasFor(undefined).response;
  found = response
    .partial(Object.fromEntries(limited.map((key) => [key, true])) as Record<string, true>)
    .meta({ id: `${entity.name}_everyVariant` });
  everyVariantResponses.set(entity, found);
  return found;
}

export type RouteRequestSchemas = {
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  paged: boolean;
};

/** The request and response schemas of a route, derived from its operation. */
export function routeSchemas(route: RouteDefinition): RouteRequestSchemas {
  const op = route.operation;
  const idParams = z.object({ id: uuidParam('id') });
  const parentInPath = parentPathParam(route);
  const parentParams = parentInPath ? z.object({ [parentInPath]: uuidParam(parentInPath) }) : undefined;
  /** The parent's query parameter, unless the path carries it. */
  const parentQuery = (name: string) => (parentInPath ? {} : { [name]: uuidParam(name) });
  if (op.kind === 'action')
    return {
      params: op.params,
      query: op.query,
      body: op.body,
      response: op.response,
      paged: op.paged ?? false,
    };
  const declared = op.entity.schemasFor(op.variant);
  const schemas = op.everyVariant ? { ...declared, response: everyVariantResponse(op.entity) } : declared;
  switch (op.kind) {
    case 'list':
      return {
        query: z.object({
          ...pagingShape,
          search: searchSchema,
          id: uuidParam('id').optional(),
          ...sortShape(op.entity, op.variant),
          ...filterShape(op.entity, op.filters),
          ...tabShape(op.tabs),
        }),
        response: z.array(listedRow(schemas.response, op)),
        paged: true,
      };
    case 'listByParent':
      return {
        params: parentParams,
        query: z.object({
          ...parentQuery(op.parentParam),
          ...(op.paged ? pagingShape : optionalPagingShape),
          ...sortShape(op.entity, op.variant),
          ...filterShape(op.entity, op.filters),
        }),
        response: z.array(listedRow(schemas.response, op)),
        paged: op.paged,
      };
    case 'getByParent':
      return {
        params: parentParams,
        query: parentInPath ? undefined : z.object(parentQuery(op.parentParam)),
        response: op.createIfMissing ? schemas.response : schemas.response.nullable(),
        paged: false,
      };
    case 'get':
    case 'delete': {
      const param = op.kind === 'get' && op.param && op.id === 'query' ? op.param : 'id';
      return {
        ...(op.id === 'path' ? { params: idParams } : { query: z.object({ [param]: uuidParam(param) }) }),
        response: op.kind === 'get' ? schemas.response : z.object({ id: z.uuid() }),
        paged: false,
      };
    }
    case 'create':
      return {
        params: parentParams,
        // A parent the path names may be repeated in the body, never contradicted.
        body: schemas.create.extend({
          id: clientMadeIdSchema,
          ...(parentInPath ? { [parentInPath]: uuidParam(parentInPath).optional() } : {}),
        }),
        response: schemas.response,
        paged: false,
      };
    case 'enumValues':
      return { response: z.array(enumValueSchema), paged: false };
    case 'upsert':
      if (!op.many) return { body: schemas.create, response: schemas.response, paged: false };
      // One row (answered as the record) or an array of rows (answered per row).
      return {
        body: z.union([schemas.create, z.array(schemas.create).min(1).max(op.many)]),
        response: z.union([schemas.response, upsertManyResultSchema(schemas.response)]),
        paged: false,
      };
    case 'exportSheet':
      return {
        query: op.template
          ? undefined
          : z.object({
              search: searchSchema,
              ...sortShape(op.entity, op.variant),
              ...filterShape(op.entity, op.filters),
            }),
        response: z.unknown(),
        paged: false,
      };
    case 'importSheet':
      return { response: importResultSchema, paged: false };
    case 'trend':
      return {
        query: trendQuerySchema(op.entity, op.by),
        response: trendResponseSchema(op.entity),
        paged: false,
      };
    case 'update': {
      const body = op.id === 'body' ? schemas.update.extend({ id: uuidParam('id') }) : schemas.update;
      return {
        ...(op.id === 'path' ? { params: idParams } : op.id === 'query' ? { query: idParams } : {}),
        body,
        response: schemas.response,
        paged: false,
      };
    }
  }
}

/** The body kind a route accepts, or undefined when it takes no body. */
export function routeBodyKind(route: RouteDefinition): BodyKind | undefined {
  const op = route.operation;
  if (op.kind === 'create' || op.kind === 'update') return op.body;
  if (op.kind === 'upsert') return 'json';
  if (op.kind === 'importSheet') return 'multipart';
  if (op.kind === 'action' && op.upload) return 'multipart';
  if (op.kind === 'action' && op.body) return 'json';
  return undefined;
}

/** An entity operation of one kind over one declared entity, as precise as its declaration. */
export type OperationOn<K extends Operation['kind'], E extends EntityDefinition> = Extract<
  Operation,
  { kind: K }
> & {
  entity: E;
};
/** An action whose response schema is known: what the web's call returns. */
export type ActionOperation<R extends z.ZodType = z.ZodType> = Extract<Operation, { kind: 'action' }> & {
  response: R;
};

type OperationOptions = { filters?: Record<string, Filter>; variant?: string };
/**
 * A call over the records of every variant of an entity with variants, instead of one variant's:
 * each record carries its `variant`, and a write is judged by the fields of the record's variant.
 */
type EveryVariantOption = { everyVariant?: boolean };

/** `everyVariant`, kept only where asked for, refused with a variant or on an entity without variants. */
function everyVariantOf(entity: EntityDefinition, o: VariantOption & EveryVariantOption) {
  if (!o.everyVariant) return {};
  if (!entity.variants || o.variant)
    throw new Error(`${entity.name}: a call over every variant is for an entity with variants, naming none`);
  return { everyVariant: true as const };
}
type ListOptions = OperationOptions & ListedAuthor & { tabs?: Readonly<Record<string, ListTab>> };
type VariantOption = { variant?: string };

/**
 * The fields other records name an entity's records by (`references`): its one-field natural key
 * and its unique fields. None for an entity with variants (keys are unique per variant there).
 */
export function keyFields(entity: EntityDefinition): string[] {
  if (entity.variants) return [];
  const natural = entity.naturalKey?.length === 1 ? entity.naturalKey : [];
  return [...new Set([...natural, ...entity.unique])];
}

/**
 * `?equipmentNo=10001001,10001002`: the records with these keys, one filter per key field, on every
 * whole-table list. How the web reads the names of the records a page names, a page at a time
 * (docs/architecture-engine.md, "Records that name each other by code"). A key is unique, so the
 * key's own index serves it: no list index is derived for it (`listAccess`).
 */
export function keyFilters(entity: EntityDefinition): Record<string, Filter> {
  return Object.fromEntries(keyFields(entity).map((field) => [field, { field, op: 'in' } as Filter]));
}

/**
 * The most rows any bulk upsert may declare: one transaction answered in one response (a grid of
 * points by directions is tens of rows; a survey a few hundred).
 */
export const maxRowsPerUpsert = 1000;

/** Operation builders: how a route table row says what the call does. */
export const op = {
  list: <E extends EntityDefinition>(entity: E, o: ListOptions = {}): OperationOn<'list', E> => {
    if (o.tabs) checkTabs(entity, o.tabs);
    return {
      kind: 'list',
      entity,
      variant: o.variant,
      // Declared filters win over a key filter of the same name.
      filters: { ...keyFilters(entity), ...(o.filters ?? {}) },
      ...(o.tabs ? { tabs: o.tabs } : {}),
      ...(o.withAuthor ? { withAuthor: true } : {}),
    };
  },
  listByParent: <E extends EntityDefinition>(
    entity: E,
    parentParam: string,
    o: OperationOptions & ListedAuthor & EveryVariantOption & { paged?: boolean } = {},
  ): OperationOn<'listByParent', E> => ({
    kind: 'listByParent',
    entity,
    variant: o.variant,
    ...everyVariantOf(entity, o),
    parentParam,
    paged: o.paged ?? false,
    filters: o.filters ?? {},
    ...(o.withAuthor ? { withAuthor: true } : {}),
  }),
  getByParent: <E extends EntityDefinition>(
    entity: E,
    parentParam: string,
    o: VariantOption & { createIfMissing?: boolean } = {},
  ): OperationOn<'getByParent', E> => ({
    kind: 'getByParent',
    entity,
    variant: o.variant,
    parentParam,
    createIfMissing: o.createIfMissing ?? false,
  }),
  get: <E extends EntityDefinition>(
    entity: E,
    id: 'path' | 'query',
    o: VariantOption & { param?: string } = {},
  ): OperationOn<'get', E> => ({
    kind: 'get',
    entity,
    variant: o.variant,
    id,
    ...(o.param && o.param !== 'id' && id === 'query' ? { param: o.param } : {}),
  }),
  create: <E extends EntityDefinition>(
    entity: E,
    body: BodyKind = 'json',
    o: VariantOption = {},
  ): OperationOn<'create', E> => ({
    kind: 'create',
    entity,
    variant: o.variant,
    body,
  }),
  update: <E extends EntityDefinition>(
    entity: E,
    id: IdLocation,
    body: BodyKind = 'json',
    o: VariantOption & EveryVariantOption = {},
  ): OperationOn<'update', E> => ({
    kind: 'update',
    entity,
    variant: o.variant,
    ...everyVariantOf(entity, o),
    id,
    body,
  }),
  delete: <E extends EntityDefinition>(
    entity: E,
    id: 'path' | 'query',
    o: VariantOption = {},
  ): OperationOn<'delete', E> => ({
    kind: 'delete',
    entity,
    variant: o.variant,
    id,
  }),
  enumValues: <E extends EntityDefinition>(entity: E, field: string): OperationOn<'enumValues', E> => {
    if (entity.fields[field]?.kind !== 'enum')
      throw new Error(`${entity.name}.${field} is not an enum field`);
    return { kind: 'enumValues', entity, field };
  },
  /**
   * `many`: the call also takes an array of at most that many rows, keyed within one parent: the
   * natural key must hold the parent field, so a row can only reach records under the parent the
   * caller may write in.
   */
  upsert: <E extends EntityDefinition>(
    entity: E,
    o: VariantOption & { many?: number } = {},
  ): OperationOn<'upsert', E> => {
    if (!entity.naturalKey) throw new Error(`${entity.name}: an upsert needs a declared naturalKey`);
    if (o.many !== undefined) {
      if (!entity.parent || !entity.naturalKey.includes(entity.parent))
        throw new Error(
          `${entity.name}: a bulk upsert is keyed within its parent: put the parent in naturalKey`,
        );
      if (!Number.isInteger(o.many) || o.many < 2 || o.many > maxRowsPerUpsert)
        throw new Error(`${entity.name}: many is a whole number from 2 to ${maxRowsPerUpsert}`);
    }
    return { kind: 'upsert', entity, variant: o.variant, ...(o.many ? { many: o.many } : {}) };
  },
  exportSheet: <E extends EntityDefinition>(
    entity: E,
    o: OperationOptions & { template?: boolean } = {},
  ): OperationOn<'exportSheet', E> => ({
    kind: 'exportSheet',
    entity,
    variant: o.variant,
    template: o.template ?? false,
    filters: o.filters ?? {},
  }),
  importSheet: <E extends EntityDefinition>(
    entity: E,
    o: VariantOption = {},
  ): OperationOn<'importSheet', E> => ({
    kind: 'importSheet',
    entity,
    variant: o.variant,
  }),
  /**
   * `by`: the trend may also name its report by a record of the series' parent chain (a reference
   * field of the chain, `?vibrationAnalysisId=`): that record's report, as `reportHeaderId` does.
   */
  trend: <E extends EntityDefinition>(entity: E, o: { by?: string } = {}): OperationOn<'trend', E> => {
    seriesOf(entity);
    return { kind: 'trend', entity, ...(o.by ? { by: o.by } : {}) };
  },
  action: <const R extends z.ZodType>(
    name: string,
    o: Omit<Extract<Operation, { kind: 'action' }>, 'kind' | 'name' | 'response'> & { response: R },
  ): ActionOperation<R> => ({ kind: 'action', name, ...o }),
};

const defaultAction: Record<Operation['kind'], PermissionAction> = {
  list: 'view',
  listByParent: 'view',
  getByParent: 'view',
  get: 'view',
  create: 'create',
  update: 'update',
  delete: 'delete',
  enumValues: 'view',
  upsert: 'update',
  exportSheet: 'view',
  importSheet: 'create',
  trend: 'view',
  action: 'view',
};

/**
 * One row of the route table. Access defaults to the entity's module with the action the operation
 * implies (list → view, create → create, …); actions must say theirs.
 */
export function route<const M extends HttpMethod, const P extends string, const O extends Operation>(
  method: M,
  path: P,
  operation: O,
  o: {
    summary: string;
    tag: string;
    access?: Access;
    message?: SuccessMessage;
    status?: SuccessStatus;
    sessionCookie?: true;
  },
): RouteDefinition<P, M, O> {
  let access = o.access;
  if (!access) {
    if (operation.kind === 'action')
      throw new Error(`${method} ${path}: an action route must name its access`);
    access = { module: operation.entity.module, action: defaultAction[(operation as Operation).kind] };
  }
  if (typeof o.message === 'object' && operation.kind !== 'upsert')
    throw new Error(`${method} ${path}: only an upsert says one message per outcome`);
  if (o.sessionCookie && method !== 'GET')
    throw new Error(`${method} ${path}: only a GET reads the session from its cookie`);
  return {
    method,
    path,
    operation,
    access,
    summary: o.summary,
    tag: o.tag,
    ...(o.message !== undefined ? { message: o.message } : {}),
    ...(o.status !== undefined ? { status: o.status } : {}),
    ...(o.sessionCookie ? { sessionCookie: true as const } : {}),
  };
}

/**
 * The usual calls over a resource at `path`: a paged list (with `?id=`, `search` and filters),
 * create, and get / update / delete by `/{id}`. Options leave out what the specification does not
 * have (`get: false`).
 */
export function resourceRoutes<E extends EntityDefinition, const P extends string>(
  entity: E,
  path: P,
  o: {
    tag: string;
    filters?: Record<string, Filter>;
    tabs?: Readonly<Record<string, ListTab>>;
    get?: boolean;
    /** How create and update carry their body: multipart when the entity has a file to send. */
    body?: BodyKind;
  },
) {
  const one = entity.label.toLowerCase();
  return [
    route('GET', path, op.list(entity, { filters: o.filters, tabs: o.tabs }), {
      summary: `List ${one}s (paged; with ?id=, that one)`,
      tag: o.tag,
    }),
    ...(o.get === false
      ? []
      : [route('GET', `${path}/:id`, op.get(entity, 'path'), { summary: `Get a ${one}`, tag: o.tag })]),
    route('POST', path, op.create(entity, o.body), { summary: `Create a ${one}`, tag: o.tag }),
    route('PUT', `${path}/:id`, op.update(entity, 'path', o.body), {
      summary: `Update a ${one}`,
      tag: o.tag,
    }),
    route('DELETE', `${path}/:id`, op.delete(entity, 'path'), { summary: `Delete a ${one}`, tag: o.tag }),
  ];
}

/** What a successful call answers: its HTTP status and, where it is fixed, its envelope's message. */
export type RouteSuccess = { status: number; message?: string };

/** The engine's own words for a write of an entity, where the route declares none. */
const engineMessages: Partial<Record<Operation['kind'], (label: string) => SuccessMessage>> = {
  create: (label) => `${label} created`,
  update: (label) => `${label} updated`,
  delete: (label) => `${label} deleted`,
  upsert: (label) => ({ created: `${label} created`, updated: `${label} updated` }),
};

/**
 * What a successful call of `route` answers, the one home of success messages and statuses: the
 * row's declaration (`message`, `status`; SPEC 8's "Ultrasound inspection created successfully"),
 * else the engine's for its operation ("Thermal measurement created" with 201, "… updated",
 * "… deleted"; an upsert one per `outcome`, 201 when it created). The server answers it and the
 * OpenAPI document says it. No message for a read (the server says "OK", or that there is nothing
 * yet), a sheet import (it counts its rows) or an action whose row declares none (its handler's).
 */
export function routeSuccess(
  route: RouteDefinition,
  outcome: 'created' | 'updated' = 'created',
): RouteSuccess {
  const op = route.operation;
  const engine = op.kind === 'action' ? undefined : engineMessages[op.kind]?.(op.entity.label);
  const said = route.message ?? engine;
  const message = typeof said === 'object' ? said[outcome] : said;
  const created = op.kind === 'create' || (op.kind === 'upsert' && outcome === 'created');
  return { status: route.status ?? (created ? 201 : 200), ...(message !== undefined ? { message } : {}) };
}

/** The outcomes a route's success may take: an upsert creates or updates; any other call does one thing. */
export function routeOutcomes(route: RouteDefinition): ('created' | 'updated')[] {
  return route.operation.kind === 'upsert' ? ['created', 'updated'] : ['created'];
}
