import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  entities,
  envelopeSchema,
  errorEnvelopeSchema,
  routeBodyKind,
  routeOutcomes,
  routeSchemas,
  routeSuccess,
  routeTable,
  rowTemplates,
} from '@inspectra/contract';
import type { RouteDefinition } from '@inspectra/contract';
import Fastify, { LogController } from 'fastify';
import type { FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Database } from './db/client.ts';
import { dbWork } from './db/scheduler.ts';
import type { DbWork } from './db/scheduler.ts';
import { AppError } from './errors.ts';
import { entityTables } from './db/schema/index.ts';
import { RecordRepository } from './engine/records.ts';
import type { KeptValues } from './engine/records.ts';
import { entityScope } from './engine/record-scope.ts';
import type { RecordScopes } from './engine/record-scope.ts';
import { registerRoutes } from './engine/register-routes.ts';
import { defaultTimeouts, installIdleTimeout, timeoutOptions } from './engine/bounded-requests.ts';
import type { ServerTimeouts } from './engine/bounded-requests.ts';
import type { ActionHandler } from './engine/action-handler.ts';
import { defaultIdempotency, installIdempotentWrites } from './engine/idempotency/idempotent-writes.ts';
import type { IdempotencySettings } from './engine/idempotency/idempotent-writes.ts';
import type { EngineDeps } from './engine/engine-deps.ts';
import {
  documentedHeaders,
  idempotencyNote,
  multipartFormSchema,
  routeNotes,
  withBytesBody,
  withFormBody,
} from './engine/openapi-bodies.ts';
import { parsedInput } from './engine/request-body/refusals.ts';
import { frameworkError, installErrorHandler, sendNotFound } from './error-handler.ts';
import { installRequestLog } from './logging.ts';
import { approvalFlowActions } from './modules/approvals/approval-flow.actions.ts';
import { verdictAcceptanceActions } from './modules/approvals/verdict-acceptance.actions.ts';
import { approvalQueueActions } from './modules/approvals/approval-queue.actions.ts';
import { approvalScopes, approvalSettingsActions } from './modules/approvals/approval-settings.actions.ts';
import { approvalOptionsActions } from './modules/approvals/approval-options.ts';
import { reviewerAssignmentActions } from './modules/approvals/reviewer-assignment.actions.ts';
import { assetActions, assetScopes } from './modules/assets/assets.actions.ts';
import { equipmentHealthActions } from './modules/equipment-health/equipment-health.actions.ts';
import { authActions } from './modules/auth/auth.actions.ts';
import { authorize } from './modules/auth/authorize.ts';
import { accessTokenKey } from './modules/auth/tokens.ts';
import { fileActions } from './modules/files/files.actions.ts';
import { uploadActions } from './modules/uploads/uploads.actions.ts';
import {
  inspectionMethodActions,
  inspectionMethodScopes,
} from './modules/inspection-methods/inspection-methods.actions.ts';
import { myTaskActions } from './modules/my-tasks/my-tasks.actions.ts';
import { ndtActions, ndtScopes } from './modules/ndt/ndt.actions.ts';
import { reportStatusActions, reportWriteChecks } from './modules/reports/report-status.actions.ts';
import { reportReadinessActions } from './modules/reports/report-readiness.ts';
import { reportTechniqueActions } from './modules/reports/report-techniques.actions.ts';
import { reportPdfActions } from './modules/reports/report-pdf.actions.ts';
import { reportVersionActions } from './modules/reports/report-versions.actions.ts';
import { assignmentImportActions } from './modules/task-assignments/assignment-import.actions.ts';
import { lubeOilActions } from './modules/lube-oil/lube-oil.actions.ts';
import {
  thicknessActions,
  thicknessKeptValues,
  thicknessScopes,
  thicknessWriteChecks,
} from './modules/thickness/thickness.actions.ts';
import { thicknessFromRecordsActions } from './modules/thickness/thickness-from-records.ts';
import {
  recommendationActions,
  recommendationScopes,
} from './modules/recommendations/recommendations.actions.ts';
import { recommendationKeptValues } from './modules/recommendations/recommendation-writes.ts';
import { thermalActions } from './modules/thermal/thermal.actions.ts';
import { roleActions } from './modules/users/roles.actions.ts';
import { userActions } from './modules/users/users.actions.ts';
import { vciActions } from './modules/vci/vci.actions.ts';
import { workOrderActions } from './modules/work-orders/work-orders.actions.ts';
import { workOrderScopes } from './modules/work-orders/work-order-scope.ts';
import {
  contractorCompanyActions,
  contractorCompanyDeleteChecks,
  contractorCompanyScopes,
} from './modules/administration/contractor-companies.ts';
import { plantOwnerActions, plantOwnerScopes } from './modules/administration/plant-owner.ts';
import {
  taskAssignmentActions,
  taskAssignmentWriteChecks,
} from './modules/task-assignments/task-assignments.actions.ts';
import type { FileStore } from './storage/file-store.ts';
import { permissionsPolicy, securityHeaders, serveWeb } from './web/serve-web.ts';

export type AppDeps = {
  database: Database;
  files: FileStore;
  jwtSecret: string;
  maxUploadBytes: number;
  maxDocumentBytes?: number;
  maxVideoBytes?: number;
  logger?: FastifyServerOptions['logger'];
  /** The reverse proxies' addresses whose X-Forwarded-* headers are believed (config.ts). */
  trustProxy?: false | string;
  /** The built web app to serve beside the API; none when absent or the directory has no build. */
  webDir?: string;
  /** Reached over HTTPS (a TLS proxy in front): browsers may then be told to use HTTPS only. */
  servedOverHttps?: boolean;
  /** The server's headers, idle and whole-request timeouts (config.ts); the defaults when absent. */
  timeouts?: ServerTimeouts;
  /** How long write keys are kept and held (config.ts); the defaults when absent. */
  idempotency?: IdempotencySettings;
};

/** How long readiness waits for the database to answer a trivial statement. */
const readinessBoundMs = 2000;

/**
 * Every entity's company scope (docs/company-scoping.md), each declared by the module that owns the
 * entity: an entity reached by none stops the server at start.
 */
export const recordScopes: RecordScopes = {
  ...workOrderScopes,
  ...assetScopes,
  ...inspectionMethodScopes,
  ...approvalScopes,
  ...ndtScopes,
  ...contractorCompanyScopes,
  ...plantOwnerScopes,
  ...thicknessScopes,
  ...recommendationScopes,
};

/** What modules keep on other records from an entity's rows, by entity name (repository.ts `KeptValues`). */
export const keptValues: Record<string, KeptValues> = {
  ...thicknessKeptValues,
  ...recommendationKeptValues,
};

/**
 * A repository over each declared entity's table, with the company scope that reaches it and what
 * its writes keep up to date.
 */
export function repositories(scopes: RecordScopes): Map<string, RecordRepository> {
  const map = new Map<string, RecordRepository>();
  for (const entity of Object.values(entities)) {
    const table = entityTables[entity.name];
    if (!table)
      throw new Error(`No table for entity ${entity.name}: run npm run generate -w @inspectra/server`);
    map.set(
      entity.name,
      new RecordRepository(entity, table, {
        scope: entityScope(scopes, entity),
        keeps: keptValues[entity.name],
      }),
    );
  }
  return map;
}

/**
 * The security headers `@fastify/helmet` sets, worked out once by letting it answer one request:
 * they are the same on every answer (no per-request CSP nonce). Registered as a plugin it builds a
 * new helmet middleware on every request and parses the CSP directives again, about 2 % of a
 * signed-in list request's CPU under load (bench/engine.ts, profiled); the headers are the same.
 */
async function fixedSecurityHeaders(options: ReturnType<typeof securityHeaders>) {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify();
    if (withHelmet) await probe.register(helmet, { ...options, global: true });
    probe.get('/', async () => 'probe');
    const { headers } = await probe.inject('/');
    await probe.close();
    return headers;
  };
  const plain = await answer(false);
  return Object.entries(await answer(true)).filter(
    (entry): entry is [string, string | string[]] => !(entry[0] in plain) && entry[1] !== undefined,
  );
}

/** OpenAPI for one route: the request body and envelope the route table declares. */
function documentedSchema(route: RouteDefinition, base: Record<string, unknown>) {
  const schemas = routeSchemas(route);
  const bodyKind = routeBodyKind(route);
  // The JSON body here; a multipart form is added beside it (`withFormBody`).
  const body = schemas.body && bodyKind !== 'multipart' ? { body: schemas.body } : {};
  const notes = routeNotes(route);
  const headers = documentedHeaders(route);
  return {
    ...base,
    ...body,
    // Documented, not validated here: the update reads If-Match (entity-tags.ts), the engine the key.
    ...(headers ? { headers } : {}),
    summary: route.summary,
    tags: [route.tag],
    ...(notes ? { description: notes } : {}),
    ...(route.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    response: { ...successResponses(route, schemas), '4XX': errorEnvelopeSchema },
  };
}

/**
 * A route's successful answers by status, each saying its status and message exactly where the
 * route fixes them (`routeSuccess`: an entity's writes; an upsert's two outcomes). An action's
 * handler may say its own, so only its envelope's shape is documented.
 */
function successResponses(route: RouteDefinition, schemas: ReturnType<typeof routeSchemas>) {
  if (route.operation.kind === 'action')
    return {
      [route.status ?? 200]: envelopeSchema(
        schemas.response,
        schemas.paged,
        undefined,
        Object.keys(route.operation.capped ?? {}),
      ),
    };
  const byStatus = new Map<number, string[]>();
  for (const outcome of routeOutcomes(route)) {
    const { status, message } = routeSuccess(route, outcome);
    byStatus.set(status, [...(byStatus.get(status) ?? []), ...(message !== undefined ? [message] : [])]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, messages]) => [
      status,
      envelopeSchema(schemas.response, schemas.paged, { status, messages: [...new Set(messages)] }),
    ]),
  );
}

/** Builds the HTTP application over a database and file store; `main.ts` adds listening and lifecycle. */
export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? false,
    // One line a request, written by installRequestLog, instead of Fastify's two (docs/operations.md).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    trustProxy: deps.trustProxy ?? false,
    // Query strings of this API are flat; arrays and nested objects are not expected.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkError,
    // Headers, idle-connection and whole-request timeouts (docs/bounded-clients.md, "Timeouts").
    ...timeoutOptions(deps.timeouts ?? defaultTimeouts),
  });
  installIdleTimeout(app);
  installRequestLog(app);

  app.setValidatorCompiler(
    ({ schema: s, httpPart }) =>
      (data) =>
        parsedInput(
          s as z.ZodType,
          data,
          httpPart === 'body' ? 'The request body' : httpPart === 'querystring' ? 'The query' : 'The path',
        ),
  );
  installErrorHandler(app);
  // Every request's database work carries its priority and whether its client is still there: a
  // client that disconnects before its answer takes its queued work out of the queue, and on
  // PostgreSQL cancels the statement it is running (db/scheduler.ts). The callback form of the hook
  // runs the rest of the request inside this context.
  app.addHook('onRequest', (request, reply, done) => {
    const gone = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    const work: DbWork = { priority: 'interactive', signal: gone.signal };
    dbWork.run(work, done);
  });

  // After the request's database work is set up (above): a keyed write's transaction lives in it.
  installIdempotentWrites(app, deps.database.db, deps.idempotency ?? defaultIdempotency);

  const security = [
    ...(await fixedSecurityHeaders(securityHeaders({ servedOverHttps: deps.servedOverHttps ?? false }))),
    ['permissions-policy', permissionsPolicy] as const,
  ];
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of security) reply.raw.setHeader(name, value);
    done();
  });
  await app.register(multipart, {
    limits: {
      // Each slot's own limit (photos or documents) is enforced by the file store while streaming.
      // One byte over the largest is let through, so the store sees a file pass its limit and
      // refuses it then (docs/bounded-clients.md): cut at the limit, the part would end only when
      // the whole rest of the upload had arrived.
      fileSize: Math.max(deps.maxUploadBytes, deps.maxDocumentBytes ?? 0, deps.maxVideoBytes ?? 0) + 1,
      // An image list holds at most 20 photos (fields.ts); a few single slots besides.
      files: 30,
      fields: 200,
      fieldSize: 100 * 1024,
      parts: 210,
      headerPairs: 200,
    },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Inspectra API',
        version: '1.0.0',
        description: `Inspection and condition-monitoring reports.\n\n${idempotencyNote}`,
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (input) => {
      const route = (input.route.config as { route?: RouteDefinition } | undefined)?.route;
      const schemaIn = route
        ? documentedSchema(route, input.schema as Record<string, unknown>)
        : input.schema;
      const documented = jsonSchemaTransform({ ...input, schema: schemaIn as typeof input.schema });
      const bytes = route?.operation.kind === 'action' ? route.operation.bytes : undefined;
      if (bytes) return withBytesBody(documented, bytes);
      const form = route && multipartFormSchema(route);
      if (!form) return documented;
      const formBody = jsonSchemaTransform({ ...input, schema: { body: form } }).schema.body;
      return withFormBody(documented, formBody);
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const key = accessTokenKey(deps.jwtSecret);
  const db = deps.database.db;
  const engine: EngineDeps = {
    db,
    files: deps.files,
    maxUploadBytes: deps.maxUploadBytes,
    maxDocumentBytes: deps.maxDocumentBytes ?? deps.maxUploadBytes,
    maxVideoBytes: deps.maxVideoBytes ?? deps.maxDocumentBytes ?? deps.maxUploadBytes,
    repositories: repositories(recordScopes),
    writeChecks: { ...taskAssignmentWriteChecks, ...reportWriteChecks, ...thicknessWriteChecks },
    deleteChecks: { ...contractorCompanyDeleteChecks },
    scopes: recordScopes,
    rowTemplates,
    pageViews: deps.database.kind === 'pglite' ? 'server' : 'database',
  };
  const actions: Record<string, ActionHandler> = {
    'system.health': async () => {
      if (await deps.database.ping(readinessBoundMs)) return { data: { status: 'ok' } };
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `The database did not answer within ${readinessBoundMs / 1000} s: requests that need it would stall`,
      );
    },
    'system.live': async () => ({ data: { status: 'ok' } }),
    ...authActions(key, { servedOverHttps: deps.servedOverHttps }),
    ...fileActions,
    ...uploadActions,
    ...thermalActions,
    ...lubeOilActions,
    ...thicknessActions,
    ...thicknessFromRecordsActions,
    ...recommendationActions,
    ...vciActions,
    ...ndtActions,
    ...assetActions,
    ...equipmentHealthActions,
    ...inspectionMethodActions,
    ...myTaskActions,
    ...reportStatusActions,
    ...reportTechniqueActions,
    ...reportPdfActions,
    ...plantOwnerActions,
    ...reportVersionActions,
    ...reportReadinessActions,
    ...workOrderActions,
    ...taskAssignmentActions,
    ...assignmentImportActions,
    ...contractorCompanyActions,
    ...approvalSettingsActions,
    ...approvalOptionsActions,
    ...reviewerAssignmentActions,
    ...approvalFlowActions,
    ...verdictAcceptanceActions,
    ...approvalQueueActions,
    ...userActions,
    ...roleActions,
  };
  registerRoutes(app, routeTable, engine, actions, {
    authorize: (request, route) => authorize(db, key, request, route.access, route.sessionCookie),
  });

  const web = deps.webDir ? await serveWeb(app, deps.webDir) : null;
  if (deps.webDir && !web) app.log.warn(`No web app build in ${deps.webDir}: serving the API only`);
  app.setNotFoundHandler((request, reply) =>
    web?.isPageRequest(request) ? web.sendIndex(reply) : sendNotFound(request, reply),
  );
  return app;
}
