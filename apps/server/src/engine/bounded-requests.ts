import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { errorStatus, routeBodyKind } from '@inspectra/contract';
import type { RouteDefinition } from '@inspectra/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { acceptedFiles } from './request-body/accepted-files.ts';
import type { UploadLimits } from './request-body/accepted-files.ts';
import { importBounds } from './sheet-operations.ts';

/**
 * What a slow or hostile client may hold of the server (docs/bounded-clients.md): the server's
 * timeouts, and the largest body a route reads, refused on its `Content-Length` before a byte of it
 * is read.
 */

/** The server's timeouts, in milliseconds (config.ts: HEADERS_TIMEOUT_MS, IDLE_TIMEOUT_MS, REQUEST_TIMEOUT_MS). */
export type ServerTimeouts = { headersMs: number; idleMs: number; requestMs: number };

export const defaultTimeouts: ServerTimeouts = {
  headersMs: 20_000,
  idleMs: 60_000,
  requestMs: 2 * 3_600_000,
};

/**
 * Fastify's options for the timeouts: Node checks the headers' and the whole request's deadlines
 * every `connectionsCheckingInterval`, so it is a fraction of the shorter; the idle timeout is the
 * socket's own (`server.setTimeout`), judged by `closeIdleConnections`.
 */
export function timeoutOptions(t: ServerTimeouts) {
  return {
    connectionTimeout: t.idleMs,
    requestTimeout: t.requestMs,
    http: {
      headersTimeout: t.headersMs,
      connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(t.headersMs / 4))),
    },
  };
}

/** Text fields and part headers a multipart form may carry beside its files. */
export const formOverheadBytes = 2 * 1024 * 1024;

/**
 * The largest body a route that takes a multipart form reads, or undefined for the rest (a JSON
 * body is held to Fastify's `bodyLimit`, also on its `Content-Length`): every file its slots and
 * lists may hold, each at its kind's limit, and the form's text; a sheet import's sheet; an action's
 * upload (a sheet to read, a signature) the larger of a sheet's and a photo's limit.
 */
export function largestBody(route: RouteDefinition, limits: UploadLimits): number | undefined {
  const kind = routeBodyKind(route);
  if (kind !== 'multipart' && kind !== 'json-or-multipart') return undefined;
  const op = route.operation;
  if (op.kind === 'create' || op.kind === 'update') {
    let files = 0;
    for (const slot of Object.values(op.entity.imagesOf(op.variant)))
      files += acceptedFiles(slot.accepts, limits).maxBytes;
    for (const list of Object.values(op.entity.imageListsOf(op.variant)))
      files += list.max * acceptedFiles(list.accepts, limits).maxBytes;
    return files + formOverheadBytes;
  }
  if (op.kind === 'importSheet') return importBounds.maxBytes + formOverheadBytes;
  return Math.max(importBounds.maxBytes, limits.image) + formOverheadBytes;
}

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

/**
 * Refuses a request whose `Content-Length` is more than `limit`, before its body is read: 413,
 * and the connection closed (the error handler closes it for every answer given before the body
 * was read whole), so a client declaring gigabytes is not read at all.
 */
export function refuseDeclaredTooLarge(request: FastifyRequest, limit: number | undefined) {
  if (limit === undefined) return;
  const declared = Number(request.headers['content-length']);
  if (!Number.isFinite(declared) || declared <= limit) return;
  throw new AppError(
    'PAYLOAD_TOO_LARGE',
    `The request is ${mib(declared)}; this call takes at most ${mib(limit)} (its files at their limits and the form's text). Nothing of it was read`,
  );
}

/** An answer given before the request's body arrived whole: the connection is closed after it. */
export function bodyLeftUnread(request: FastifyRequest): boolean {
  return request.raw.complete === false;
}

/** The request and answer each open connection is on, for the idle timeout to judge. */
const exchanges = new WeakMap<Socket, { req: IncomingMessage; res: ServerResponse }>();

/**
 * The idle timeout's judgement (Node calls the server's `timeout` listener instead of closing):
 * a connection that moved no byte for the idle time is closed when it is the client's doing, and
 * kept when the server is working on the answer.
 * - between requests: closed;
 * - its body stalled (the request not whole, and the server has taken what arrived): answered 408
 *   in the envelope, and closed;
 * - the request whole and no answer begun yet (a print waiting for its turn, a long import): kept;
 * - the answer begun and bytes waiting for a client that takes nothing: closed; with nothing
 *   waiting (the server still making the rest), kept.
 */
export function installIdleTimeout(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket as Socket | undefined;
    if (socket) exchanges.set(socket, { req: request.raw, res: reply.raw });
    done();
  });
  app.server.on('timeout', (socket: Socket) => {
    const open = exchanges.get(socket);
    if (!open || open.res.writableFinished) {
      socket.destroy();
      return;
    }
    const { req, res } = open;
    if (!req.complete) {
      // The server has not yet read what arrived (a handler still deciding): not the client's doing.
      if (req.readableLength >= req.readableHighWaterMark) return;
      if (res.headersSent) {
        socket.destroy();
        return;
      }
      const seconds = Math.round((app.server.timeout / 1000) * 10) / 10;
      const body = JSON.stringify({
        data: null,
        statusCode: errorStatus.REQUEST_TIMEOUT,
        message: `Nothing more of the request arrived for ${seconds} s: it was stopped, and nothing of it was saved. Send it again`,
        error: { code: 'REQUEST_TIMEOUT' },
      });
      res.writeHead(errorStatus.REQUEST_TIMEOUT, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        connection: 'close',
      });
      res.end(body);
      // Whatever the handler was reading from it ends here.
      res.once('finish', () => socket.destroy());
      return;
    }
    if (!res.headersSent) return;
    // The answer begun: cut when bytes wait for the client to take them; kept when the server is
    // the one yet to write (a long export still being made).
    if (socket.writableLength === 0 && !res.writableNeedDrain) return;
    socket.destroy();
  });
}
