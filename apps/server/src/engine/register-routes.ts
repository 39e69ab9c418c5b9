import { parentPathParam, routeSchemas, routeSuccess } from '@inspectra/contract';
import type { CappedMeta, Envelope, Operation, PageMeta, RouteDefinition } from '@inspectra/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { dbWork } from '../db/scheduler.ts';
import type { AuthenticatedUser } from './access.ts';
import { JsonText } from './json-text.ts';
import type { ActionHandler, ActionResult } from './action-handler.ts';
import type { EngineDeps } from './engine-deps.ts';
import { largestBody, refuseDeclaredTooLarge } from './bounded-requests.ts';
import { ifNoneMatchHolds, recordTag } from './entity-tags.ts';
import { entityOperation } from './operations/operation-handlers.ts';

/** Entity operations that answer one record: the answer carries its entity tag (`ETag`). */
const oneRecordKinds: ReadonlySet<Operation['kind']> = new Set([
  'get',
  'getByParent',
  'create',
  'update',
  'upsert',
]);

/**
 * The envelope of a result. What a write of an entity answers is its route's (`routeSuccess`: the
 * row's declared message and status, SPEC 8's, else the engine's "Thermal measurement created",
 * 201), an upsert's by its outcome, a bulk write's its count of rows when the route declares no
 * words; a read's "nothing yet" stays the read's. An action's handler
 * says its own message and status, the row's standing in where it says none.
 */
function send(reply: FastifyReply, result: ActionResult, route: RouteDefinition) {
  if ('raw' in result)
    return reply
      .code(result.raw.statusCode ?? 200)
      .headers(result.raw.headers)
      .send(result.raw.body);
  if (result.headers) reply.headers(result.headers);
  const op = route.operation;
  // An upsert's handler says which it did by its status: 201 when it created.
  const said = routeSuccess(route, result.statusCode === 201 ? 'created' : 'updated');
  const message =
    op.kind === 'action'
      ? (result.message ?? said.message)
      : result.data === null
        ? result.message
        : // A message the route declares is said as declared; else the handler's own (a bulk
          // write's count of rows), else the engine's.
          route.message !== undefined
          ? said.message
          : (result.message ?? said.message);
  const statusCode = op.kind === 'action' ? (route.status ?? result.statusCode ?? 200) : said.status;
  const envelope: Envelope<unknown, PageMeta | CappedMeta> = {
    data: result.data,
    ...(result.meta ? { meta: result.meta } : {}),
    statusCode,
    message: message ?? 'OK',
  };
  if (result.data instanceof JsonText) return sendJsonText(reply, envelope, result.data);
  if (oneRecordKinds.has(op.kind) && result.data !== null) return sendTagged(reply, envelope, op.kind);
  return reply.code(statusCode).send(envelope);
}

/** An envelope around data the database serialised (`JsonText`), written as text. */
function sendJsonText(
  reply: FastifyReply,
  envelope: Envelope<unknown, PageMeta | CappedMeta>,
  data: JsonText,
) {
  const rest = JSON.stringify({ ...envelope, data: undefined }).slice(1);
  const body =
    typeof data.text === 'string'
      ? `{"data":${data.text},${rest}`
      : Buffer.concat([Buffer.from('{"data":'), ...data.text, Buffer.from(`,${rest}`)]);
  return reply.code(envelope.statusCode).type('application/json; charset=utf-8').send(body);
}

/** Reads whose `If-None-Match` may be answered 304. */
const conditionalReadKinds: ReadonlySet<Operation['kind']> = new Set(['get', 'getByParent']);

/**
 * An answer of one record with its entity tag (entity-tags.ts), serialised here once for both the
 * digest and the body. A read whose `If-None-Match` names the tag is answered 304 with no body: the
 * client's copy is these very bytes (a tablet on the plant network is spared the record). Every
 * such answer says `private, no-cache`: a browser keeps it and asks again each time with its tag,
 * never answering from its copy unasked; no shared cache keeps it.
 */
function sendTagged(
  reply: FastifyReply,
  envelope: Envelope<unknown, PageMeta | CappedMeta>,
  kind: Operation['kind'],
) {
  const data = JSON.stringify(envelope.data);
  const tag = recordTag(envelope.data, data);
  if (!tag) return reply.code(envelope.statusCode).send(envelope);
  reply.header('etag', tag).header('cache-control', 'private, no-cache');
  if (
    conditionalReadKinds.has(kind) &&
    (reply.request.method === 'GET' || reply.request.method === 'HEAD') &&
    ifNoneMatchHolds(reply.request.headers['if-none-match'], tag)
  )
    return reply.code(304).send();
  const { data: _data, ...rest } = envelope;
  // The envelope's fields in their usual order, the record as already serialised.
  const body = `{"data":${data},${JSON.stringify(rest).slice(1)}`;
  return reply.code(envelope.statusCode).type('application/json; charset=utf-8').send(body);
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
    // Worked out at the first request, as handlers read their deps when called, not before.
    let largest: { bytes: number | undefined } | undefined;
    const largestOf = () =>
      (largest ??= {
        bytes: largestBody(route, {
          image: deps.maxUploadBytes,
          document: deps.maxDocumentBytes,
          video: deps.maxVideoBytes,
        }),
      }).bytes;
    const parentFromPath =
      op.kind === 'listByParent' || op.kind === 'getByParent' ? parentPathParam(route) : undefined;
    const bytes = op.kind === 'action' ? op.bytes : undefined;
    // A body of bytes (a piece of an upload) is read whole, up to its bound; another type is the handler's to refuse.
    if (bytes && !app.hasContentTypeParser(bytes.mediaType))
      app.addContentTypeParser(
        bytes.mediaType,
        { parseAs: 'buffer', bodyLimit: bytes.maxBytes },
        (_r, body, done) => done(null, body),
      );
    app.route({
      method: route.method,
      url: `/api${route.path}`,
      ...(bytes ? { bodyLimit: bytes.maxBytes } : {}),
      config: { route },
      schema: {
        ...(schemas.query ? { querystring: schemas.query } : {}),
        ...(schemas.params ? { params: schemas.params } : {}),
        ...(actionBody ? { body: actionBody } : {}),
      },
      onRequest: async (request) => {
        // A form declaring more than the route reads is refused before anything else is done.
        refuseDeclaredTooLarge(request, largestOf());
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
