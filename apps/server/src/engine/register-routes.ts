import { Readable } from 'node:stream';
import { defaultPageSize, enumValueLabel, parentPathParam, routeSchemas } from '@inspectra/contract';
import type {
  BodyKind,
  RecordedWarning,
  Envelope,
  Operation,
  PageMeta,
  RouteDefinition,
} from '@inspectra/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../db/client.ts';
import { dbWork } from '../db/scheduler.ts';
import { AppError } from '../errors.ts';
import type { FileStore } from '../storage/file-store.ts';
import { can } from './access.ts';
import type { AuthenticatedUser } from './access.ts';
import { lockStateOf } from './record-lock.ts';
import { callerScope } from './record-scope.ts';
import type { ReadScope, RecordScopes } from './record-scope.ts';
import { recordView, recordViews, writeAudit } from './records.ts';
import type { ListQuery, RecordBatch, RecordRepository } from './records.ts';
import type { StoredRecord } from './records.ts';
import { deleteRecordFiles, discardUnreferenced, saveImageLists, saveImageSlots } from './record-files.ts';
import { checkIfMatch, recordTag } from './entity-tags.ts';
import { readEntityBody, receivedFiles, sheetUpload } from './request-body.ts';
import {
  allRecords,
  exportSheet,
  importBounds,
  importSheet,
  referenceChoices,
  sheetFields,
  upsertRecord,
} from './sheet-operations.ts';
import type { ParsedBody } from './request-body.ts';
import { judgeWrite } from './rules.ts';

export type EngineDeps = {
  db: Db;
  files: FileStore;
  maxUploadBytes: number;
  /** Limit of documents and drawings (PDF, Office, TIFF, DWG), larger than photos'. */
  maxDocumentBytes: number;
  repositories: Map<string, RecordRepository>;
  /**
   * A module's checks of an entity's values against other tables, by entity name (a task
   * assignment's inspectors must be active users): run in the write's transaction, before the row
   * is written, on create and on update. They refuse with an AppError.
   */
  writeChecks?: Record<string, WriteCheck>;
  /**
   * A module's checks before a record is deleted, by entity name (a company that still has users):
   * run in the delete's transaction with the stored record, locked. They refuse with an AppError.
   */
  deleteChecks?: Record<string, DeleteCheck>;
  /**
   * Company scopes of root entities, by entity name (record-scope.ts): a contractor company's user
   * sees only the records in scope, and their children through the parent chain; the rest is 404.
   */
  scopes?: RecordScopes;
};

/** One entity's check before a delete: `before` is the stored record, locked. */
export type DeleteCheck = (check: {
  tx: DbOrTx;
  before: StoredRecord;
  user: AuthenticatedUser;
}) => Promise<void>;

/**
 * One entity's check before a create (`before` undefined) or an update (`values` are the changes;
 * `before` the stored record, locked).
 */
export type WriteCheck = (check: {
  tx: DbOrTx;
  values: Record<string, unknown>;
  before: StoredRecord | undefined;
  user: AuthenticatedUser;
}) => Promise<void>;

/** What a module's action handler receives: validated input and the caller. */
export type ActionContext = {
  request: FastifyRequest;
  /** The route table row being served (an action shared by variants reads its variant here). */
  route: RouteDefinition;
  user: AuthenticatedUser | undefined;
  query: Record<string, unknown>;
  params: Record<string, unknown>;
  body: Record<string, unknown>;
  deps: EngineDeps;
};
export type ActionResult =
  | {
      data: unknown;
      meta?: PageMeta;
      message?: string;
      statusCode?: number;
      /** Headers sent beside the envelope (a cookie the call sets). */
      headers?: Record<string, string>;
    }
  /** A file or other non-JSON answer, sent as it is. */
  | { raw: { body: Readable; headers: Record<string, string> } };
export type ActionHandler = (ctx: ActionContext) => Promise<ActionResult>;

type Output<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/**
 * An action handler typed by the schemas its route row declares (the same objects, exported by the
 * contract): `query.thermalAnalysisId` is a string because the row's query schema says so, not
 * because the handler casts it. The schemas have already validated the request when it runs.
 */
export function typedAction<
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  _schemas: { query?: Q; params?: P; body?: B },
  handler: (
    ctx: Omit<ActionContext, 'query' | 'params' | 'body'> & {
      query: Output<Q>;
      params: Output<P>;
      body: Output<B>;
    },
  ) => Promise<ActionResult>,
): ActionHandler {
  return (ctx) => handler(ctx as never);
}

/** Entity operations that answer one record: the answer carries its entity tag (`ETag`). */
const oneRecordKinds: ReadonlySet<Operation['kind']> = new Set([
  'get',
  'getByParent',
  'create',
  'update',
  'upsert',
]);

/**
 * The envelope of a result. A route's declared message and status (SPEC 8 names some) replace an
 * entity operation's own ("Thermal measurement created", 201), but not a read's "nothing yet"; an
 * action's handler says its own message, and the route's stands in when it says none.
 */
function send(reply: FastifyReply, result: ActionResult, route: RouteDefinition) {
  if ('raw' in result) return reply.headers(result.raw.headers).send(result.raw.body);
  if (result.headers) reply.headers(result.headers);
  const op = route.operation;
  const declared =
    typeof route.message === 'object'
      ? route.message[result.statusCode === 201 ? 'created' : 'updated']
      : route.message;
  const message =
    op.kind === 'action'
      ? (result.message ?? declared)
      : result.data === null
        ? result.message
        : (declared ?? result.message);
  const statusCode = route.status ?? result.statusCode ?? 200;
  const tag = oneRecordKinds.has(op.kind) ? recordTag(result.data) : undefined;
  if (tag) reply.header('etag', tag);
  const envelope: Envelope<unknown> = {
    data: result.data,
    ...(result.meta ? { meta: result.meta } : {}),
    statusCode,
    message: message ?? 'OK',
  };
  return reply.code(statusCode).send(envelope);
}

export function pageMeta(pageNumber: number, pageSize: number, totalCount: number, exact: boolean): PageMeta {
  return {
    pageNumber,
    pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / pageSize),
    totalCountExact: exact,
  };
}

/** A stored row as the audit log keeps it (dates as ISO text). */
export function auditable(row: StoredRecord) {
  return JSON.parse(JSON.stringify(row)) as unknown;
}

/**
 * The generic operations over declared entities. Each returns the envelope's content; the route
 * registration wraps it. Writes run in one transaction with their audit row and image rows. A route
 * of one variant sees only that variant's records: another variant's record is not found there.
 */
export function entityOperation(
  op: Exclude<Operation, { kind: 'action' }>,
  route: RouteDefinition,
): ActionHandler {
  const entity = op.entity;
  const variant = op.variant;
  const repo = (deps: EngineDeps) => deps.repositories.get(entity.name)!;
  const parentField = entity.parent ? entity.fields[entity.parent] : undefined;
  const parentRepo = (deps: EngineDeps) =>
    parentField?.kind === 'ref' ? deps.repositories.get(parentField.entity) : undefined;
  /**
   * The parent a request names; under a variant route, it must be of that variant too, and for a
   * contractor company's user it must be in the company's scope (else not found).
   */
  const parentOf = async (deps: EngineDeps, db: DbOrTx, parentId: string, scope: ReadScope) => {
    const parents = parentRepo(deps);
    if (!parents) return;
    const parent = await parents.get(db, parentId, scope);
    if (variant && parents.entity.variants && parent.variant !== variant) {
      throw new AppError(
        'NOT_FOUND',
        `${parents.entity.label} ${parentId} is a ${String(parent.variant)} record, not ${variant}`,
      );
    }
  };
  /**
   * On create, the parent named in the body: unknown is a field error (the foreign key says so), and
   * under a variant route a parent of another variant is one too.
   */
  const parentOfNew = async (deps: EngineDeps, values: Record<string, unknown>, scope: ReadScope) => {
    const parents = parentRepo(deps);
    const parentId = entity.parent ? values[entity.parent] : undefined;
    if (!parents || typeof parentId !== 'string') return;
    // Out of the caller's scope reads as absent: nothing is created under a record they cannot see.
    // For the owner's staff an unknown parent is left to the foreign key, which names the field.
    const scoped = parents.scopeWhere(scope) !== undefined;
    if (!scoped && !(parents.entity.variants && variant)) return;
    const parent = scoped
      ? await parents.get(deps.db, parentId, scope)
      : await parents.find(deps.db, parentId, scope);
    if (!parents.entity.variants || !variant) return;
    if (parent && parent.variant !== variant) {
      const message = `This ${parents.entity.label.toLowerCase()} is for ${String(parent.variant)}, not ${variant}`;
      throw new AppError('VALIDATION_ERROR', message, [{ path: entity.parent!, message }]);
    }
  };
  /** A record by id, refused when it belongs to another variant than the route's. */
  const recordOf = async (
    deps: EngineDeps,
    db: DbOrTx,
    id: string,
    scope: ReadScope,
    o: { lock?: boolean } = {},
  ) => {
    const row = await repo(deps).get(db, id, scope, o);
    if (variant && row.variant !== variant)
      throw new AppError('NOT_FOUND', `${entity.label} ${id} was not found among ${variant} records`);
    return row;
  };
  const actor = (ctx: ActionContext) => ctx.user!.id;
  /** The caller's scope: every generic operation serves a signed-in user (no entity route is public). */
  const scopeOf = (ctx: { user: AuthenticatedUser | undefined }) => callerScope(ctx.user!);
  /**
   * Writes by natural key (upsert, sheet import) could reach a record the caller cannot see: for an
   * entity under a company scope, they are the owner's staff's alone.
   */
  const refuseKeyedWriteInScope = (ctx: ActionContext) => {
    // Plant-wide data is the owner's staff's to write: refused before the body is read.
    repo(ctx.deps).assertMayWrite(ctx.user!);
    if (ctx.user?.companyId && repo(ctx.deps).companyScoped)
      throw new AppError(
        'FORBIDDEN',
        `${entity.label} records are written by natural key only by the plant owner's staff: a contractor company's users create and change them one at a time`,
      );
  };
  const schemas = routeSchemas(route);
  const sortOf = (query: Record<string, unknown>): ListQuery['sort'] =>
    query.sortBy
      ? {
          field: query.sortBy as string,
          direction: (query.sortDirection as 'asc' | 'desc' | undefined) ?? 'asc',
        }
      : undefined;
  /** One page of records as views, with the paging meta. */
  const pagedViews = async (deps: EngineDeps, query: Record<string, unknown>, q: ListQuery) => {
    const pageNumber = query.pageNumber as number;
    const pageSize = query.pageSize as number;
    const page = await repo(deps).page(deps.db, { ...q, variant, sort: sortOf(query), pageNumber, pageSize });
    // Rows under a parent prove it exists (foreign key); an empty page must look for it, or an
    // unknown parent would read as one without records.
    if (page.rows.length === 0 && q.parentId) await parentOf(deps, deps.db, q.parentId, q.scope);
    return {
      data: page.rows.map((row) => recordView(entity, row, page.attachments)),
      meta: {
        ...pageMeta(pageNumber, pageSize, page.totalCount, page.exact),
        ...(page.searchLimitedTo ? { searchLimitedTo: page.searchLimitedTo } : {}),
      },
    };
  };
  /** The create or update body, as the route declares it; files of a refused body are taken back. */
  const parentInPath = parentPathParam(route);
  const readBody = (ctx: ActionContext, kind: BodyKind) =>
    readEntityBody(ctx.request, {
      entity,
      variant,
      kind,
      schema: schemas.body!,
      files: ctx.deps.files,
      limits: { image: ctx.deps.maxUploadBytes, document: ctx.deps.maxDocumentBytes },
      // A create under `/…/:reportHeaderId/…` takes its parent from the path.
      fixed: parentInPath ? { [parentInPath]: String(ctx.params[parentInPath]) } : undefined,
      discard: (stored) => discardUnreferenced(ctx.deps.db, ctx.deps.files, stored),
    });
  /** Runs a write; when it fails, the files its body stored are taken back out of the store. */
  const writing = async <T>(ctx: ActionContext, body: ParsedBody, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      await discardUnreferenced(ctx.deps.db, ctx.deps.files, receivedFiles(body));
      throw error;
    }
  };
  /** A required file slot must be filled on create and cannot be emptied later. */
  const requireFiles = (body: ParsedBody, kind: 'create' | 'update') => {
    for (const [slot, declared] of Object.entries(entity.images)) {
      if (!declared.required) continue;
      const missing =
        kind === 'create' ? !body.images.some((i) => i.slot === slot) : body.clearedSlots.includes(slot);
      if (missing) {
        const message = `Attach the ${(declared.label ?? slot).toLowerCase()}`;
        throw new AppError('VALIDATION_ERROR', message, [{ path: slot, message }]);
      }
    }
  };
  const one = async (deps: EngineDeps, row: StoredRecord) => (await recordViews(deps.db, entity, [row]))[0];
  /**
   * A whole list sent as its batches are read (`RecordRepository.every`): the envelope is written
   * around a JSON array, so the server holds one batch at a time, not the list.
   */
  const streamedViews = (batches: AsyncGenerator<RecordBatch>): ActionResult => ({
    raw: {
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: Readable.from(
        (async function* () {
          yield '{"data":[';
          let first = true;
          for await (const batch of batches) {
            const views = batch.rows.map((row) => JSON.stringify(recordView(entity, row, batch.attachments)));
            if (views.length === 0) continue;
            yield (first ? '' : ',') + views.join(',');
            first = false;
          }
          yield '],"statusCode":200,"message":"OK"}';
        })(),
      ),
    },
  });

  switch (op.kind) {
    case 'list':
      return async ({ query, deps, user }) =>
        pagedViews(deps, query, {
          scope: scopeOf({ user }),
          search: query.search as string | undefined,
          id: query.id as string | undefined,
          filters: op.filters,
          filterValues: query,
          tabs: op.tabs,
          tab: query.tab as string | undefined,
        });
    case 'listByParent':
      return async ({ query, deps, user }) => {
        const parentId = query[op.parentParam] as string;
        const scope = scopeOf({ user });
        const q = { parentId, filters: op.filters, filterValues: query, scope };
        // An unpaged list may still be asked for by page: past `unpagedLimit` rows it must be.
        if (op.paged || query.pageNumber !== undefined || query.pageSize !== undefined)
          return pagedViews(
            deps,
            { ...query, pageNumber: query.pageNumber ?? 1, pageSize: query.pageSize ?? defaultPageSize },
            q,
          );
        await parentOf(deps, deps.db, parentId, scope);
        return streamedViews(await repo(deps).every(deps.db, { ...q, variant, sort: sortOf(query) }));
      };
    case 'getByParent':
      return async (ctx) => {
        const { query, deps } = ctx;
        const parentId = query[op.parentParam] as string;
        const scope = scopeOf(ctx);
        await parentOf(deps, deps.db, parentId, scope);
        const row = await repo(deps).first(deps.db, { parentId, variant, scope });
        if (row) return { data: await one(deps, row) };
        const none = { data: null, message: `No ${entity.label.toLowerCase()} yet` };
        // Reading never writes for a caller who may not create: nothing is there, and so it says.
        if (!op.createIfMissing || !can(ctx.user!, { module: entity.module, action: 'create' })) return none;
        // A read never fails on a lock: under a locked report there is nothing, and nothing is made.
        const parents = parentRepo(deps);
        const locked = parents && (await lockStateOf(deps.db, parents.entity, parentId));
        if (locked)
          return {
            data: null,
            message: `No ${entity.label.toLowerCase()}: the ${locked.holder.label.toLowerCase()} is ${locked.value}`,
          };
        // Kept one per parent by a unique index: two first reads at once create it once.
        const created = await deps.db.transaction(async (tx) => {
          const inserted = await repo(deps).insertIfAbsent(
            tx,
            { [entity.parent!]: parentId, ...(variant ? { variant } : {}), warnings: [] },
            ctx.user!,
          );
          if (inserted)
            await writeAudit(tx, {
              entity: entity.name,
              entityId: inserted.id,
              action: 'create',
              actorId: actor(ctx),
              after: auditable(inserted),
            });
          return inserted;
        });
        const found = created ?? (await repo(deps).first(deps.db, { parentId, variant, scope }));
        return { data: await one(deps, found!) };
      };
    case 'get':
      return async ({ query, params, deps, user }) => {
        const id = (op.id === 'path' ? params.id : query.id) as string;
        return {
          data: await one(deps, await recordOf(deps, deps.db, id, scopeOf({ user }))),
        };
      };
    case 'create':
      return async (ctx) => {
        const { deps } = ctx;
        repo(deps).assertMayWrite(ctx.user!);
        const body = await readBody(ctx, op.body);
        const row = await writing(ctx, body, async () => {
          const { acknowledgedWarnings, ...values } = body.values;
          requireFiles(body, 'create');
          await parentOfNew(deps, values, scopeOf(ctx));
          const warnings = judgeWrite({
            entity,
            values,
            acknowledged: acknowledgedWarnings as string[] | undefined,
            previous: undefined,
            user: ctx.user!,
            now: new Date(),
          });
          return deps.db.transaction(async (tx) => {
            await deps.writeChecks?.[entity.name]?.({ tx, values, before: undefined, user: ctx.user! });
            const created = await repo(deps).insert(
              tx,
              { ...values, ...(variant ? { variant } : {}), warnings },
              ctx.user!,
            );
            await saveImageSlots(tx, entity, created.id, body.images, [], actor(ctx));
            await saveImageLists(tx, entity, created.id, body.lists, actor(ctx));
            await writeAudit(tx, {
              entity: entity.name,
              entityId: created.id,
              action: 'create',
              actorId: actor(ctx),
              after: auditable(created),
            });
            return created;
          });
        });
        return { data: await one(deps, row), statusCode: 201, message: `${entity.label} created` };
      };
    case 'update':
      return async (ctx) => {
        const { deps } = ctx;
        repo(deps).assertMayWrite(ctx.user!);
        const body = await readBody(ctx, op.body);
        const id = (
          op.id === 'path' ? ctx.params.id : op.id === 'query' ? ctx.query.id : body.values.id
        ) as string;
        const { version, id: _bodyId, acknowledgedWarnings, ...changes } = body.values;
        const row = await writing(ctx, body, () => {
          requireFiles(body, 'update');
          return deps.db.transaction(async (tx) => {
            // Locked: the rules below judge it merged with the changes, so no one may change it meanwhile.
            const before = await recordOf(deps, tx, id, scopeOf(ctx), { lock: true });
            // An integrator's `If-Match` (the ETag of its read) must still name this version: 412 if not.
            checkIfMatch(ctx.request.headers['if-match'], entity, before);
            // A record stays under the parent it was created under: moving a measurement to another
            // report would rewrite an integrity record's history. Sending the same parent is harmless.
            if (entity.parent && entity.parent in changes) {
              if (changes[entity.parent] !== before[entity.parent]) {
                throw new AppError('VALIDATION_ERROR', `${entity.parent} cannot be changed`, [
                  {
                    path: entity.parent,
                    message: `A ${entity.label.toLowerCase()} stays where it was created`,
                  },
                ]);
              }
              delete changes[entity.parent];
            }
            await deps.writeChecks?.[entity.name]?.({ tx, values: changes, before, user: ctx.user! });
            // Rules judge the record as it will be, not the patch alone: a new end date is checked
            // against the stored start date. Reading and writing in one transaction keeps them true.
            changes.warnings = judgeWrite({
              entity,
              values: { ...before, ...changes },
              acknowledged: acknowledgedWarnings as string[] | undefined,
              previous: before.warnings as RecordedWarning[],
              user: ctx.user!,
              now: new Date(),
            });
            const updated = await repo(deps).update(
              tx,
              id,
              changes,
              version as number | undefined,
              ctx.user!,
            );
            await saveImageSlots(tx, entity, id, body.images, body.clearedSlots, actor(ctx));
            await saveImageLists(tx, entity, id, body.lists, actor(ctx));
            await writeAudit(tx, {
              entity: entity.name,
              entityId: id,
              action: 'update',
              actorId: actor(ctx),
              before: auditable(before),
              after: auditable(updated),
            });
            return updated;
          });
        });
        return { data: await one(deps, row), message: `${entity.label} updated` };
      };
    case 'upsert':
      return async (ctx) => {
        refuseKeyedWriteInScope(ctx);
        const body = await readBody(ctx, 'json');
        const { acknowledgedWarnings: _ack, ...values } = body.values;
        await parentOfNew(ctx.deps, values, scopeOf(ctx));
        const { row, created } = await ctx.deps.db.transaction((tx) =>
          upsertRecord(tx, repo(ctx.deps), { values, variant, user: ctx.user! }),
        );
        return created
          ? { data: await one(ctx.deps, row), statusCode: 201, message: `${entity.label} created` }
          : { data: await one(ctx.deps, row), message: `${entity.label} updated` };
      };
    case 'exportSheet':
      return async ({ query, deps, user }) =>
        exportSheet(
          entity,
          op,
          op.template
            ? []
            : allRecords(deps.db, repo(deps), {
                search: query.search as string | undefined,
                variant,
                sort: sortOf(query),
                filters: op.filters,
                filterValues: query,
                scope: scopeOf({ user }),
              }),
          await referenceChoices(deps.db, deps.repositories, entity, sheetFields(entity, variant)),
        );
    case 'importSheet':
      return async (ctx) => {
        refuseKeyedWriteInScope(ctx);
        const file = await sheetUpload(ctx.request, importBounds.maxBytes);
        const result = await importSheet(ctx.deps.db, ctx.deps.repositories, repo(ctx.deps), {
          file,
          variant,
          user: ctx.user!,
        });
        return {
          data: result,
          message: `Import completed: ${result.created} created, ${result.updated} updated`,
        };
      };
    case 'enumValues': {
      const field = entity.fields[op.field];
      const values = field?.kind === 'enum' ? field.values : [];
      return async () => ({ data: values.map((value) => ({ value, label: enumValueLabel(value) })) });
    }
    case 'delete':
      return async (ctx) => {
        const { deps } = ctx;
        repo(deps).assertMayWrite(ctx.user!);
        const id = (op.id === 'path' ? ctx.params.id : ctx.query.id) as string;
        await deps.db.transaction(async (tx) => {
          const before = await recordOf(deps, tx, id, scopeOf(ctx), { lock: true });
          await deps.deleteChecks?.[entity.name]?.({ tx, before, user: ctx.user! });
          const removed = await repo(deps).delete(tx, id, ctx.user!);
          await deleteRecordFiles(tx, entity, id);
          await writeAudit(tx, {
            entity: entity.name,
            entityId: id,
            action: 'delete',
            actorId: actor(ctx),
            before: auditable(removed),
          });
        });
        return { data: { id }, message: `${entity.label} deleted` };
      };
  }
}

/**
 * A call whose body may be left out takes an empty body as none, also when it says
 * `Content-Type: application/json` (which JSON parsing would refuse as an empty document).
 */
function emptyBodyIsNoBody(headers: FastifyRequest['headers']) {
  const length = headers['content-length'];
  if ((length === undefined || length === '0') && headers['transfer-encoding'] === undefined)
    delete headers['content-type'];
}

export type RouteHooks = {
  /** Runs before validation: authentication and the permission the route names. */
  authorize: (request: FastifyRequest, route: RouteDefinition) => Promise<AuthenticatedUser | undefined>;
};

/**
 * Registers every route of the table under `/api`. Entity operations are generic; actions are
 * looked up by name in `actions`, and a route without a handler stops the server at start.
 */
export function registerRoutes(
  app: FastifyInstance,
  table: readonly RouteDefinition[],
  deps: EngineDeps,
  actions: Record<string, ActionHandler>,
  hooks: RouteHooks,
) {
  for (const route of table) {
    const op = route.operation;
    const handler = op.kind === 'action' ? actions[op.name] : entityOperation(op, route);
    if (!handler)
      throw new Error(`No handler for action ${op.kind === 'action' ? op.name : ''} (${route.path})`);
    const schemas = routeSchemas(route);
    const actionBody = op.kind === 'action' ? (op.body as z.ZodType | undefined) : undefined;
    // Fastify validates a request without a body as null.
    const bodyOptional = actionBody !== undefined && actionBody.safeParse(null).success;
    const lists =
      op.kind === 'list' || op.kind === 'listByParent' || (op.kind === 'action' && op.paged === true);
    const parentFromPath =
      op.kind === 'listByParent' || op.kind === 'getByParent' ? parentPathParam(route) : undefined;
    app.route({
      method: route.method,
      url: `/api${route.path}`,
      config: { route },
      schema: {
        ...(schemas.query ? { querystring: schemas.query } : {}),
        ...(schemas.params ? { params: schemas.params } : {}),
        ...(actionBody ? { body: actionBody } : {}),
      },
      onRequest: async (request) => {
        request.user = await hooks.authorize(request, route);
      },
      preParsing: bodyOptional
        ? [
            async (request, _reply, payload) => {
              emptyBodyIsNoBody(request.headers);
              return payload;
            },
          ]
        : [],
      handler: async (request, reply) => {
        // A list may wait behind a single-record call, never the other way round.
        const work = dbWork.getStore();
        if (work && lists) work.priority = 'list';
        const result = await handler({
          request,
          route,
          user: request.user,
          query: {
            ...(request.query as Record<string, unknown> | undefined),
            // A read's parent named in the path reaches the operation as the query parameter it names.
            ...(parentFromPath
              ? { [parentFromPath]: (request.params as Record<string, unknown>)[parentFromPath] }
              : {}),
          },
          params: (request.params ?? {}) as Record<string, unknown>,
          body: (actionBody ? (request.body ?? {}) : {}) as Record<string, unknown>,
          deps,
        });
        return send(reply, result, route);
      },
    });
  }
}
