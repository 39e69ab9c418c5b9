import { errorStatus } from '@inspectra/contract';
import type { ErrorCode, ErrorEnvelope } from '@inspectra/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { bodyLeftUnread } from './engine/bounded-requests.ts';
import { constraintMessages, fieldOfColumn } from './engine/constraint-messages.ts';
import { clientWentAway } from './logging.ts';

const codeByStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  429: 'TOO_MANY_REQUESTS',
};

/** Fastify's own 4xx errors, in words for a person rather than for the framework. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted; send JSON or a multipart form',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request length does not match its body',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not a multipart form',
};

type PgError = { code?: string; constraint?: string; detail?: string; table?: string; column?: string };

/** The database error under a Drizzle error, when there is one. */
function pgError(error: unknown): PgError | undefined {
  for (let e = error as { cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    const code = (e as PgError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgError;
  }
  return undefined;
}

/** The errors of a socket the database was reached through (Node's system error codes). */
const socketFailures = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/**
 * Whether the request failed because the database could not be reached or went away under it: a
 * connection refused, reset or cut (node-postgres's "Connection terminated"), a pool that found no
 * connection in time, or the server's own refusal while it stops, starts or fails over (SQLSTATE
 * class 08, and 57P01–57P03). A managed database's failover looks like this for some seconds.
 */
function databaseUnreachable(error: unknown): boolean {
  for (let e = error as { cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (socketFailures.has(code) || /^(08[0-9A-Z]{3}|57P0[123])$/.test(code)))
      return true;
    if (
      typeof message === 'string' &&
      /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
        message,
      )
    )
      return true;
  }
  return false;
}

/** How long a client is asked to wait before trying again while the database cannot be reached. */
const unreachableRetrySeconds = 5;

/** An AppError thrown on purpose, also when a query wrapper (Drizzle) carries it as the cause. */
function appErrorIn(error: unknown): AppError | undefined {
  for (let e = error as { cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e instanceof AppError) return e;
  }
  return undefined;
}

/** Constraint and data errors the database raises for bad input, as client errors. */
function fromDatabase(error: PgError): AppError | undefined {
  const known = error.constraint ? constraintMessages.get(error.constraint) : undefined;
  switch (error.code) {
    case '23505':
      // Named on its field, so a form can show it beside the value that clashes; the catalogue code
      // (messages.ts) lets it say so in the user's language. The English stays the specific one.
      return new AppError(
        'CONFLICT',
        known?.message ?? 'A record with these values already exists',
        known ? [{ path: known.field, message: known.message, code: 'taken' }] : undefined,
      );
    case '23001': // restrict_violation: deleting a parent that still has children
    case '23503':
      if (error.code === '23001' || error.detail?.includes('is still referenced')) {
        return new AppError(
          'CONFLICT',
          known?.inUseMessage ?? 'Other records still refer to this one; remove them first',
        );
      }
      return new AppError(
        'VALIDATION_ERROR',
        known?.message ?? 'A referenced record does not exist',
        known ? [{ path: known.field, message: known.message, code: 'notInList' }] : undefined,
      );
    case '23502': {
      // not_null_violation: a value the record cannot be without was sent empty.
      if (!error.column) return new AppError('VALIDATION_ERROR', 'A required value is missing');
      const field = fieldOfColumn(error.table, error.column);
      return new AppError('VALIDATION_ERROR', `${field} cannot be empty`, [
        { path: field, message: `${field} cannot be empty; leave it out to keep the current value` },
      ]);
    }
    case '40P01': // deadlock_detected: two writes waited on each other; this one was rolled back
    case '40001': // serialization_failure
      return new AppError(
        'SERVICE_UNAVAILABLE',
        'Another change to the same records was being written at the same moment, and nothing of this one was saved: try again.',
        undefined,
        { retryAfterSeconds: 1 },
      );
    case '57014': // query_canceled: over statement_timeout, or its client went away
      return new AppError(
        'SERVICE_UNAVAILABLE',
        'The database took too long to answer and the request was stopped. Narrow the search or try again.',
      );
    case '22021': // a NUL character in text
    case '22001':
    case '22003':
    case '22007':
    case '22008':
    case '22P02':
      return new AppError('VALIDATION_ERROR', 'A value is out of range or in the wrong form');
    default:
      return undefined;
  }
}

function envelope(code: ErrorCode, message: string, details?: AppError['details']): ErrorEnvelope {
  return {
    data: null,
    statusCode: errorStatus[code],
    message,
    error: { code, ...(details ? { details } : {}) },
  };
}

/** Errors Fastify raises before routing (a malformed percent-escape in the path). */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // The request's own line (logging.ts) says the 400; the framework's code is for debugging.
  request.log.debug({ code: error.code }, 'malformed request');
  reply
    .code(400)
    .send(envelope('BAD_REQUEST', 'The address of this request is not valid (malformed %-escape)'));
}

/** A cause as one short line: its message, never its stack or the statement it ran. */
function causeText(cause: unknown): string {
  const text = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
  const firstLine = text.split('\n')[0]!;
  return firstLine.length > 300 ? `${firstLine.slice(0, 300)}…` : firstLine;
}

/** One place maps every error to the envelope; stack traces, SQL and paths stay in the log. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let appError = appErrorIn(error);
    if (!appError) {
      const db = pgError(error);
      if (db) appError = fromDatabase(db);
    }
    if (!appError && databaseUnreachable(error))
      appError = new AppError(
        'SERVICE_UNAVAILABLE',
        'The database cannot be reached just now. Try again in a moment.',
        undefined,
        { retryAfterSeconds: unreachableRetrySeconds, cause: error },
      );
    if (!appError && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code = codeByStatus[error.statusCode] ?? 'BAD_REQUEST';
      appError = new AppError(code, frameworkMessages[error.code] ?? 'The request could not be read');
    }
    // The client hung up: whatever failed after (the database's "abandoned", a cancelled
    // statement) is nobody's error; the request's own line says it was abandoned (logging.ts).
    const gone = clientWentAway(request, reply);
    if (!appError) {
      // (A query's error message carries its SQL: kept for LOG_LEVEL=debug.)
      if (gone) request.log.debug({ err: error }, 'failed after its client went away');
      // The one line with the stack, under the request's id; the request's line follows at info.
      else request.log.error({ err: error }, 'request failed');
      return reply
        .code(500)
        .send(
          envelope(
            'INTERNAL',
            'Something went wrong on the server. Try again; if it keeps happening, tell your administrator.',
          ),
        );
    }
    if (gone) {
      // Said once by the request's line; nothing of the SQL or stack underneath.
    } else if (appError.code === 'SERVICE_UNAVAILABLE')
      // A busy server said so on purpose (a print or import slot, the database's queue or its
      // statement timeout, a database out of reach): an operator's warning, in its own words,
      // without SQL or stack.
      request.log.warn(
        {
          code: appError.code,
          ...(appError.cause === undefined ? {} : { cause: causeText(appError.cause) }),
        },
        appError.message,
      );
    else if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    // A refusal that hides a cause (a library's error under "the file could not be read"): the
    // caller's message stays plain, the log keeps what happened in one line, without its stack.
    else if (appError.cause !== undefined)
      request.log.warn({ code: appError.code, cause: causeText(appError.cause) }, appError.message);
    if (appError.retryAfterSeconds !== undefined)
      reply.header('retry-after', String(appError.retryAfterSeconds));
    if (appError.headers) reply.headers(appError.headers);
    // Answered before the body arrived whole (a form refused on its Content-Length or its first
    // bad part): the connection is closed rather than the rest read and thrown away.
    if (bodyLeftUnread(request)) reply.header('connection', 'close');
    return reply.code(appError.statusCode).send(envelope(appError.code, appError.message, appError.details));
  });
}

/** The envelope for a call no route answers. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0]!.slice(0, 200);
  return reply.code(404).send(envelope('NOT_FOUND', `There is no call ${request.method} ${path}`));
}
