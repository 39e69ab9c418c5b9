import type { Readable } from 'node:stream';
import { routeSchemas } from '@inspectra/contract';
import type {
  BodyKind,
  EntityDefinition,
  RecordedWarning,
  Envelope,
  Operation,
  PageMeta,
  RouteDefinition,
} from '@inspectra/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../db/client.ts';
import { dbWork } from '../db/scheduler.ts';
import { AppError } from '../errors.ts';
import { attachments } from '../db/schema/index.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { AuthenticatedUser } from './access.ts';
import { recordView, recordViews, writeAudit } from './records.ts';
import type { ListQuery, RecordRepository } from './records.ts';
import type { StoredRecord } from './records.ts';
import { readEntityBody } from './request-body.ts';
import type { ReceivedImage } from './request-body.ts';
import { judgeWrite } from './rules.ts';

export type EngineDeps = {
  db: Db;
  files: FileStore;
  maxUploadBytes: number;
  repositories: Map<string, RecordRepository>;
};

/** What a module's action handler receives: validated input and the caller. */
export type ActionContext = {
  request: FastifyRequest;
  user: AuthenticatedUser | undefined;
  query: Record<string, unknown>;
  params: Record<string, unknown>;
  body: Record<string, unknown>;
  deps: EngineDeps;
};
export type ActionResult =
  | { data: unknown; meta?: PageMeta; message?: string; statusCode?: number }
  /** A file or other non-JSON answer, sent as it is. */
  | { raw: { body: Readable; headers: Record<string, string> } };
export type ActionHandler = (ctx: ActionContext) => Promise<ActionResult>;

function send(reply: FastifyReply, result: ActionResult) {
  if ('raw' in result) return reply.headers(result.raw.headers).send(result.raw.body);
  const statusCode = result.statusCode ?? 200;
  const envelope: Envelope<unknown> = {
    data: result.data,
    ...(result.meta ? { meta: result.meta } : {}),
    statusCode,
    message: result.message ?? 'OK',
  };
  return reply.code(statusCode).send(envelope);
}

function pageMeta(pageNumber: number, pageSize: number, totalCount: number, exact: boolean): PageMeta {
  return {
    pageNumber,
    pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / pageSize),
    totalCountExact: exact,
  };
}

/** Attaches received images to a record, replacing what each slot held; emptied slots lose theirs. */
async function saveImages(
  tx: DbOrTx,
  entity: EntityDefinition,
  ownerId: string,
  images: ReceivedImage[],
  clearedSlots: string[],
  actorId: string,
) {
  const replaced = [...new Set([...images.map((i) => i.slot), ...clearedSlots])];
  if (replaced.length > 0) {
    await tx
      .delete(attachments)
      .where(
        and(
          eq(attachments.ownerEntity, entity.name),
          eq(attachments.ownerId, ownerId),
          inArray(attachments.slot, replaced),
        ),
      );
  }
  for (const image of images) {
    await tx.insert(attachments).values({
      ownerEntity: entity.name,
      ownerId,
      slot: image.slot,
      displayName: image.displayName,
      mediaType: image.file.mediaType,
      size: image.file.size,
      sha256: image.file.sha256,
      storageKey: image.file.key,
      createdBy: actorId,
    });
  }
}

function auditable(row: StoredRecord) {
  return JSON.parse(JSON.stringify(row)) as unknown;
}

/**
 * The generic operations over declared entities. Each returns the envelope's content; the route
 * registration wraps it. Writes run in one transaction with their audit row and image rows.
 */
export function entityOperation(
  op: Exclude<Operation, { kind: 'action' }>,
  route: RouteDefinition,
): ActionHandler {
  const entity = op.entity;
  const repo = (deps: EngineDeps) => deps.repositories.get(entity.name)!;
  const parentRepo = (deps: EngineDeps) => {
    const ref = entity.parent ? entity.fields[entity.parent] : undefined;
    return ref?.kind === 'ref' ? deps.repositories.get(ref.entity) : undefined;
  };
  const actor = (ctx: ActionContext) => ctx.user!.id;
  const schemas = routeSchemas(route);
  /** One page of records as views, with the paging meta. */
  const pagedViews = async (deps: EngineDeps, query: Record<string, unknown>, q: ListQuery) => {
    const pageNumber = query.pageNumber as number;
    const pageSize = query.pageSize as number;
    const page = await repo(deps).page(deps.db, { ...q, pageNumber, pageSize });
    // Rows under a parent prove it exists (foreign key); an empty page must look for it, or an
    // unknown parent would read as one without records.
    if (page.rows.length === 0 && q.parentId) await parentRepo(deps)?.get(deps.db, q.parentId);
    return {
      data: page.rows.map((row) => recordView(entity, row, page.attachments)),
      meta: pageMeta(pageNumber, pageSize, page.totalCount, page.exact),
    };
  };
  /** The create or update body, as the route declares it. */
  const readBody = (ctx: ActionContext, kind: BodyKind) =>
    readEntityBody(ctx.request, {
      entity,
      kind,
      schema: schemas.body!,
      files: ctx.deps.files,
      maxUploadBytes: ctx.deps.maxUploadBytes,
    });

  switch (op.kind) {
    case 'list':
      return async ({ query, deps }) =>
        pagedViews(deps, query, {
          search: query.search as string | undefined,
          id: query.id as string | undefined,
          filters: op.filters,
          filterValues: query,
        });
    case 'listByParent':
      return async ({ query, deps }) => {
        const parentId = query[op.parentParam] as string;
        const q = { parentId, filters: op.filters, filterValues: query };
        if (op.paged) return pagedViews(deps, query, q);
        await parentRepo(deps)?.get(deps.db, parentId);
        return { data: await recordViews(deps.db, entity, await repo(deps).all(deps.db, q)) };
      };
    case 'getByParent':
      return async ({ query, deps }) => {
        const parentId = query[op.parentParam] as string;
        await parentRepo(deps)?.get(deps.db, parentId);
        const [row] = await repo(deps).all(deps.db, { parentId }, 1);
        if (!row) return { data: null, message: `No ${entity.label.toLowerCase()} yet` };
        return { data: (await recordViews(deps.db, entity, [row]))[0] };
      };
    case 'get':
      return async ({ query, params, deps }) => {
        const id = (op.id === 'path' ? params.id : query.id) as string;
        const row = await repo(deps).get(deps.db, id);
        return { data: (await recordViews(deps.db, entity, [row]))[0] };
      };
    case 'create':
      return async (ctx) => {
        const { deps } = ctx;
        const body = await readBody(ctx, op.body);
        const { acknowledgedWarnings, ...values } = body.values;
        const warnings = judgeWrite({
          entity,
          values,
          acknowledged: acknowledgedWarnings as string[] | undefined,
          previous: undefined,
          user: ctx.user!,
          now: new Date(),
        });
        const row = await deps.db.transaction(async (tx) => {
          const created = await repo(deps).insert(tx, { ...values, warnings }, actor(ctx));
          await saveImages(tx, entity, created.id, body.images, [], actor(ctx));
          await writeAudit(tx, {
            entity: entity.name,
            entityId: created.id,
            action: 'create',
            actorId: actor(ctx),
            after: auditable(created),
          });
          return created;
        });
        return {
          data: (await recordViews(deps.db, entity, [row]))[0],
          statusCode: 201,
          message: `${entity.label} created`,
        };
      };
    case 'update':
      return async (ctx) => {
        const { deps } = ctx;
        const body = await readBody(ctx, op.body);
        const id = (
          op.id === 'path' ? ctx.params.id : op.id === 'query' ? ctx.query.id : body.values.id
        ) as string;
        const { version, id: _bodyId, acknowledgedWarnings, ...changes } = body.values;
        const row = await deps.db.transaction(async (tx) => {
          // Locked: the rules below judge it merged with the changes, so no one may change it meanwhile.
          const before = await repo(deps).get(tx, id, { lock: true });
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
          const updated = await repo(deps).update(tx, id, changes, version as number | undefined, actor(ctx));
          await saveImages(tx, entity, id, body.images, body.clearedSlots, actor(ctx));
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
        return { data: (await recordViews(deps.db, entity, [row]))[0], message: `${entity.label} updated` };
      };
    case 'delete':
      return async (ctx) => {
        const { deps } = ctx;
        const id = (op.id === 'path' ? ctx.params.id : ctx.query.id) as string;
        await deps.db.transaction(async (tx) => {
          const removed = await repo(deps).delete(tx, id);
          await tx
            .delete(attachments)
            .where(and(eq(attachments.ownerEntity, entity.name), eq(attachments.ownerId, id)));
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
    const lists =
      op.kind === 'list' || op.kind === 'listByParent' || (op.kind === 'action' && op.paged === true);
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
      handler: async (request, reply) => {
        // A list may wait behind a single-record call, never the other way round.
        const work = dbWork.getStore();
        if (work && lists) work.priority = 'list';
        const result = await handler({
          request,
          user: request.user,
          query: (request.query ?? {}) as Record<string, unknown>,
          params: (request.params ?? {}) as Record<string, unknown>,
          body: (actionBody ? request.body : {}) as Record<string, unknown>,
          deps,
        });
        return send(reply, result);
      },
    });
  }
}
