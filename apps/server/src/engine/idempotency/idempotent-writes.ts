import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { uuidPattern } from '@inspectra/contract';
import type { RouteDefinition } from '@inspectra/contract';
import type { Db } from '../../db/client.ts';
import { dbWork } from '../../db/scheduler.ts';
import type { DbWork, RequestTransaction } from '../../db/scheduler.ts';
import { AppError } from '../../errors.ts';
import { BodyFingerprint, multipartDelimiter } from './body-fingerprint.ts';
import { claimKey, extendClaim, keepAnswerOn, keepAnswerStatement, releaseKey } from './kept-answers.ts';
import type { KeptAnswer, KeptRequest } from './kept-answers.ts';

/** How long keys are kept and how long a running request holds its key (config.ts). */
export type IdempotencySettings = { keptDays: number; claimSeconds: number };
export const defaultIdempotency: IdempotencySettings = { keptDays: 30, claimSeconds: 30 };

export const idempotencyKeyHeader = 'idempotency-key';
export const replayedHeader = 'idempotent-replayed';

const writeMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The answer's headers a replay repeats; the rest (the connection's, the security headers) are the replay's own. */
const keptHeaderNames = [
  'content-type',
  'etag',
  'cache-control',
  'content-disposition',
  'location',
  'set-cookie',
  // A resumable upload's refused piece says where to resume.
  'upload-offset',
];
/**
 * Refusals that are not the request's answer but the moment's: a busy or throttled server, a
 * request that took too long. Like a fault of the server (5xx), they are not kept: a retry runs.
 */
const momentaryStatuses: ReadonlySet<number> = new Set([408, 429]);

/** A keyed write under way: its key, its claim, its transaction. */
type Keyed = {
  request: KeptRequest;
  claim: string;
  work: DbWork;
  transaction: RequestTransaction;
  fingerprint: BodyFingerprint;
  heartbeat: NodeJS.Timeout;
  ended: boolean;
};

const fingerprints = new WeakMap<FastifyRequest, BodyFingerprint>();
const keyedRequests = new WeakMap<FastifyRequest, Keyed>();

/** The key a write request carries, when it carries one; a key that is not a UUID is a 400. */
function keyOf(request: FastifyRequest): string | undefined {
  if (!writeMethods.has(request.method)) return undefined;
  const sent = request.headers[idempotencyKeyHeader];
  if (sent === undefined) return undefined;
  const key = Array.isArray(sent) ? sent.join(',') : sent;
  if (!uuidPattern.test(key))
    throw new AppError(
      'BAD_REQUEST',
      'Idempotency-Key must be a UUID that the client made for this one change (such as 5f0c…-…), sent again unchanged with each retry',
    );
  return key.toLowerCase();
}

/**
 * `Idempotency-Key` on every signed-in write (docs/offline-capture.md). A client sends a UUID it
 * made for one change and the same key with every retry of it: the first request runs, and its
 * answer is kept under the key **in the transaction of its write**, so it commits with the write or
 * not at all; every repeat answers the kept answer (`Idempotent-Replayed: true`) and writes nothing.
 * The same key with another request is 422; a repeat while the first still runs is 409. Answers of
 * 5xx, 408 and 429 are not kept (the retry runs again). Calls anyone may make (sign-in, refresh)
 * have no user to keep a key under: the header is ignored there.
 */
export function installIdempotentWrites(app: FastifyInstance, db: Db, settings: IdempotencySettings) {
  const pool = db.$client;

  // The body's fingerprint is taken as it arrives, beside its reader.
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (keyOf(request) !== undefined)
      fingerprints.set(
        request,
        new BodyFingerprint(request.raw, multipartDelimiter(request.headers['content-type'])),
      );
    return payload;
  });

  app.addHook('preHandler', async (request, reply) => {
    const key = keyOf(request);
    const route = (request.routeOptions.config as { route?: RouteDefinition } | undefined)?.route;
    if (key === undefined || !route || route.access === 'public' || !request.user) return;
    const work = dbWork.getStore();
    if (!work) return;
    const multipart = multipartDelimiter(request.headers['content-type']) !== undefined;
    const fingerprint =
      fingerprints.get(request) ??
      new BodyFingerprint(request.raw, multipartDelimiter(request.headers['content-type']));
    // A JSON body has been read whole by now (a body nobody reads is read here); a form is read by
    // its handler, so its fingerprint is known when the answer is kept.
    const bodyHash = multipart ? undefined : await fingerprint.readToEnd();
    const kept: KeptRequest = {
      userId: request.user.id,
      key,
      method: request.method,
      path: request.url,
      bodyHash,
    };
    const claim = randomUUID();
    const state = await claimKey(db, kept, claim, settings.claimSeconds);
    if (state.kind === 'otherRequest') throw otherRequest();
    if (state.kind === 'running')
      throw new AppError(
        'CONFLICT',
        'A request with this Idempotency-Key is still being processed: retry in a moment to receive its answer',
        undefined,
        { retryAfterSeconds: 1 },
      );
    if (state.kind === 'answered') {
      // A form's repeat is read whole to tell it from another form sent under the same key.
      if (multipart && state.bodyHash !== null && (await fingerprint.readToEnd()) !== state.bodyHash)
        throw otherRequest();
      return replay(reply, state.answer);
    }
    const transaction: RequestTransaction = { savepoints: 0 };
    work.requestTransaction = transaction;
    const heartbeat = setInterval(
      // Outside the request's transaction: the claim is held for everyone to see.
      () =>
        void dbWork
          .run({ priority: 'interactive' }, () => extendClaim(db, kept, claim, settings.claimSeconds))
          .catch(() => {}),
      (settings.claimSeconds * 1000) / 3,
    );
    heartbeat.unref();
    keyedRequests.set(request, {
      request: kept,
      claim,
      work,
      transaction,
      fingerprint,
      heartbeat,
      ended: false,
    });
  });

  // The answer is kept as it is sent: committed with the write, or the write undone and the key given back.
  app.addHook('onSend', async (request, reply, payload) => {
    const keyed = keyedRequests.get(request);
    if (!keyed || keyed.ended) return payload;
    const status = reply.statusCode;
    const keep = status < 500 && !momentaryStatuses.has(status);
    const answer: KeptAnswer = { status, headers: keptHeaders(reply), body: bodyText(payload) };
    if (keyed.request.bodyHash === undefined) keyed.request.bodyHash = keyed.fingerprint.value;
    if (status < 400) {
      try {
        await keepWithWrite(keyed, answer);
      } catch (error) {
        // Neither the write nor its answer was kept: the key is given back for the retry.
        await releaseKey(db, keyed.request, keyed.claim).catch(() => {});
        throw error;
      }
      return payload;
    }
    await end(keyed, 'rollback');
    if (keep) {
      // A refusal is the request's answer: nothing of it was written, and its repeat is refused the same.
      const { text, values } = keepAnswerStatement(keyed.request, keyed.claim, answer);
      await pool.query(text, values);
    } else await releaseKey(db, keyed.request, keyed.claim);
    return payload;
  });

  // A request that ends without sending (its client gone) leaves nothing open and nothing claimed.
  app.addHook('onResponse', async (request) => {
    const keyed = keyedRequests.get(request);
    if (!keyed || keyed.ended) return;
    await end(keyed, 'rollback').catch(() => {});
    await releaseKey(db, keyed.request, keyed.claim).catch(() => {});
  });

  /** Keeps a successful answer: in the write's transaction when the request wrote, alone when not. */
  async function keepWithWrite(keyed: Keyed, answer: KeptAnswer) {
    const wrote = await end(keyed, 'commit', async (client) => {
      if ((await keepAnswerOn(client, keyed.request, keyed.claim, answer)) === 0) throw claimLost();
    });
    if (wrote) return;
    const { text, values } = keepAnswerStatement(keyed.request, keyed.claim, answer);
    if (((await pool.query(text, values)) as { rowCount: number | null }).rowCount === 0) throw claimLost();
  }

  /** Ends the request's transaction; statements after it are the request's own again. */
  async function end(
    keyed: Keyed,
    outcome: 'commit' | 'rollback',
    last?: Parameters<typeof pool.endRequestTransaction>[2],
  ) {
    keyed.ended = true;
    clearInterval(keyed.heartbeat);
    keyed.work.requestTransaction = undefined;
    return pool.endRequestTransaction(keyed.transaction, outcome, last);
  }
}

function otherRequest() {
  return new AppError(
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for another request (another method, address or body): make a new key for each change',
  );
}

function claimLost() {
  return new AppError(
    'CONFLICT',
    'This request took longer than its Idempotency-Key is held and a retry took the key over: nothing of it was saved',
  );
}

/** The answer's headers a replay repeats. */
function keptHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of keptHeaderNames) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/** The answer's body as text; a streamed answer (a file) is not kept, only that it was sent. */
function bodyText(payload: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  if (payload === null || payload === undefined) return '';
  return null;
}

/** The kept answer, sent again as it was, saying it is a replay. */
function replay(reply: FastifyReply, answer: KeptAnswer) {
  reply.code(answer.status).headers(answer.headers).header(replayedHeader, 'true');
  if (answer.body !== null) return reply.send(answer.body);
  return reply.type('application/json; charset=utf-8').send(
    JSON.stringify({
      data: null,
      statusCode: answer.status,
      message: 'This request was made before; its answer was a file, which is not kept: read it again',
    }),
  );
}
