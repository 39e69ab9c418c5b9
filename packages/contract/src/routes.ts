import { z } from 'zod';
import { fieldValueSchema, plainText } from './fields.ts';
import type { EntityDefinition } from './entity.ts';
import type { Permission, PermissionAction } from './permissions.ts';

/** How a call carries its body. Multipart whenever files are sent (SPEC 5). */
export type BodyKind = 'json' | 'multipart' | 'json-or-multipart';
/** Where a call names the record it acts on: `/x/{id}`, `/x?id=`, or inside the JSON body. */
export type IdLocation = 'path' | 'query' | 'body';

/** A query parameter that narrows a list: `?date=` → `date = value`, `?dateStart=` → `dateStart >= value`. */
export type Filter = { field: string; op: 'eq' | 'gte' | 'lte' };

/** Equality filters whose query parameter is named like the field: `?workType=` → `workType = value`. */
export function equalityFilters(...fields: string[]): Record<string, Filter> {
  return Object.fromEntries(fields.map((field) => [field, { field, op: 'eq' }]));
}

export type Operation =
  /** Paged list with `search` and an optional `id`. */
  | { kind: 'list'; entity: EntityDefinition; filters: Record<string, Filter> }
  /** Records of one parent, paged or whole. */
  | {
      kind: 'listByParent';
      entity: EntityDefinition;
      parentParam: string;
      paged: boolean;
      filters: Record<string, Filter>;
    }
  /** The one record of a parent (unique per parent), or null when none exists yet. */
  | { kind: 'getByParent'; entity: EntityDefinition; parentParam: string }
  | { kind: 'get'; entity: EntityDefinition; id: 'path' | 'query' }
  | { kind: 'create'; entity: EntityDefinition; body: BodyKind }
  | { kind: 'update'; entity: EntityDefinition; id: IdLocation; body: BodyKind }
  | { kind: 'delete'; entity: EntityDefinition; id: 'path' | 'query' }
  /** Behaviour of a module (summary, sign-in): the server registers a handler under `name`. */
  | {
      kind: 'action';
      name: string;
      query?: z.ZodObject;
      params?: z.ZodObject;
      body?: z.ZodObject;
      response: z.ZodType;
      paged?: boolean;
    };

/** Who may call a route: anyone, any signed-in user, or holders of a module permission. */
export type Access = 'public' | 'authenticated' | Permission;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RouteDefinition<P extends string = string, M extends HttpMethod = HttpMethod> = {
  method: M;
  /** Path under `/api`, Fastify style (`/thermal-measurements/:id`). */
  path: P;
  operation: Operation;
  access: Access;
  summary: string;
  tag: string;
};

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

const pagingShape = { pageNumber: pageNumberSchema, pageSize: pageSizeSchema };

function filterShape(entity: EntityDefinition, filters: Record<string, Filter>) {
  const shape: Record<string, z.ZodType> = {};
  for (const [param, filter] of Object.entries(filters)) {
    const field = entity.fields[filter.field];
    if (!field) throw new Error(`${entity.name}: filter ${param} names unknown field ${filter.field}`);
    const value =
      field.kind === 'boolean'
        ? z.stringbool({ error: `${param} must be true or false` })
        : field.kind === 'number' || field.kind === 'integer'
          ? z.coerce.number({ error: `${param} must be a number` })
          : fieldValueSchema(field);
    shape[param] = value.optional();
  }
  return shape;
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
  switch (op.kind) {
    case 'list':
      return {
        query: z.object({
          ...pagingShape,
          search: searchSchema,
          id: uuidParam('id').optional(),
          ...filterShape(op.entity, op.filters),
        }),
        response: z.array(op.entity.schemas.response),
        paged: true,
      };
    case 'listByParent':
      return {
        query: z.object({
          [op.parentParam]: uuidParam(op.parentParam),
          ...(op.paged ? pagingShape : {}),
          ...filterShape(op.entity, op.filters),
        }),
        response: z.array(op.entity.schemas.response),
        paged: op.paged,
      };
    case 'getByParent':
      return {
        query: z.object({ [op.parentParam]: uuidParam(op.parentParam) }),
        response: op.entity.schemas.response.nullable(),
        paged: false,
      };
    case 'get':
    case 'delete':
      return {
        ...(op.id === 'path' ? { params: idParams } : { query: idParams }),
        response: op.kind === 'get' ? op.entity.schemas.response : z.object({ id: z.uuid() }),
        paged: false,
      };
    case 'create':
      return { body: op.entity.schemas.create, response: op.entity.schemas.response, paged: false };
    case 'update': {
      const body =
        op.id === 'body'
          ? op.entity.schemas.update.extend({ id: uuidParam('id') })
          : op.entity.schemas.update;
      return {
        ...(op.id === 'path' ? { params: idParams } : op.id === 'query' ? { query: idParams } : {}),
        body,
        response: op.entity.schemas.response,
        paged: false,
      };
    }
    case 'action':
      return {
        params: op.params,
        query: op.query,
        body: op.body,
        response: op.response,
        paged: op.paged ?? false,
      };
  }
}

/** The body kind a route accepts, or undefined when it takes no body. */
export function routeBodyKind(route: RouteDefinition): BodyKind | undefined {
  const op = route.operation;
  if (op.kind === 'create' || op.kind === 'update') return op.body;
  if (op.kind === 'action' && op.body) return 'json';
  return undefined;
}

type OperationOptions = { filters?: Record<string, Filter> };

/** Operation builders: how a route table row says what the call does. */
export const op = {
  list: (entity: EntityDefinition, o: OperationOptions = {}): Operation => ({
    kind: 'list',
    entity,
    filters: o.filters ?? {},
  }),
  listByParent: (
    entity: EntityDefinition,
    parentParam: string,
    o: OperationOptions & { paged?: boolean } = {},
  ): Operation => ({
    kind: 'listByParent',
    entity,
    parentParam,
    paged: o.paged ?? false,
    filters: o.filters ?? {},
  }),
  getByParent: (entity: EntityDefinition, parentParam: string): Operation => ({
    kind: 'getByParent',
    entity,
    parentParam,
  }),
  get: (entity: EntityDefinition, id: 'path' | 'query'): Operation => ({ kind: 'get', entity, id }),
  create: (entity: EntityDefinition, body: BodyKind = 'json'): Operation => ({
    kind: 'create',
    entity,
    body,
  }),
  update: (entity: EntityDefinition, id: IdLocation, body: BodyKind = 'json'): Operation => ({
    kind: 'update',
    entity,
    id,
    body,
  }),
  delete: (entity: EntityDefinition, id: 'path' | 'query'): Operation => ({ kind: 'delete', entity, id }),
  action: (name: string, o: Omit<Extract<Operation, { kind: 'action' }>, 'kind' | 'name'>): Operation => ({
    kind: 'action',
    name,
    ...o,
  }),
};

const defaultAction: Record<Operation['kind'], PermissionAction> = {
  list: 'view',
  listByParent: 'view',
  getByParent: 'view',
  get: 'view',
  create: 'create',
  update: 'update',
  delete: 'delete',
  action: 'view',
};

/**
 * One row of the route table. Access defaults to the entity's module with the action the operation
 * implies (list → view, create → create, …); actions must say theirs.
 */
export function route<const M extends HttpMethod, const P extends string>(
  method: M,
  path: P,
  operation: Operation,
  o: { summary: string; tag: string; access?: Access },
): RouteDefinition<P, M> {
  let access = o.access;
  if (!access) {
    if (operation.kind === 'action')
      throw new Error(`${method} ${path}: an action route must name its access`);
    access = { module: operation.entity.module, action: defaultAction[operation.kind] };
  }
  return { method, path, operation, access, summary: o.summary, tag: o.tag };
}

/**
 * The usual calls over a resource at `path`: a paged list (with `?id=`, `search` and filters),
 * create, and get / update / delete by `/{id}`. Options leave out what the specification does not
 * have (`get: false`).
 */
export function resourceRoutes<const P extends string>(
  entity: EntityDefinition,
  path: P,
  o: { tag: string; filters?: Record<string, Filter>; get?: boolean },
) {
  const one = entity.label.toLowerCase();
  return [
    route('GET', path, op.list(entity, { filters: o.filters }), {
      summary: `List ${one}s (paged; with ?id=, that one)`,
      tag: o.tag,
    }),
    ...(o.get === false
      ? []
      : [route('GET', `${path}/:id`, op.get(entity, 'path'), { summary: `Get a ${one}`, tag: o.tag })]),
    route('POST', path, op.create(entity), { summary: `Create a ${one}`, tag: o.tag }),
    route('PUT', `${path}/:id`, op.update(entity, 'path'), { summary: `Update a ${one}`, tag: o.tag }),
    route('DELETE', `${path}/:id`, op.delete(entity, 'path'), { summary: `Delete a ${one}`, tag: o.tag }),
  ];
}
