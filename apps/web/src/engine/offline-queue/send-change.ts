import { ApiError } from '../../api/errors.ts';
import { apiRequest } from '../../api/http-client.ts';
import type { ChangeQueue, ChangeRefusal, QueuedChange } from './change-queue.ts';
import { canUpload, sendUploads } from './file-uploads.ts';
import type { BytesSent } from './file-uploads.ts';
import type { SyncStop } from './sync-status.ts';

/** What one try of a change came to, and so what the sync does next. */
export type SendOutcome =
  /** The server wrote it (or had written it: a replay under its key answers the same). */
  | { kind: 'written' }
  /** No answer about the change itself: tried again later under the same key. */
  | { kind: 'retry'; stop: SyncStop; afterSeconds: number | undefined }
  /** The session ended and could not be renewed: the change waits for the user's next sign-in. */
  | { kind: 'signedOut' }
  | { kind: 'refused'; refusal: ChangeRefusal }
  | { kind: 'conflict'; refusal: ChangeRefusal };

/**
 * How a change's files go (`QueuedChange.sendsFilesAs`), decided at its first try; undefined for a
 * change with none. One tried before uploads existed (its `attempts`, or found 'sending' after a
 * reload with no way kept) goes on whole: the server may hold its key's answer for that body.
 */
export function filesWay(change: QueuedChange): QueuedChange['sendsFilesAs'] {
  if (!change.form?.some(([, value]) => typeof value !== 'string')) return undefined;
  if (change.sendsFilesAs) return change.sendsFilesAs;
  if (change.attempts > 0 || change.state === 'sending') return 'form';
  return canUpload() ? 'uploads' : 'form';
}

/**
 * Sends a change through the app's own client (the bearer token, one refresh on a 401, as any
 * online call), with its `Idempotency-Key`, so the server writes it once however often it arrives.
 * A form whose files go as uploads (`sendsFilesAs`) sends them first, resuming each where the server
 * holds it, `onBytes` hearing how far; an upload's answer counts as the change's (`outcomeOf`).
 */
export async function sendChange(
  queue: ChangeQueue,
  change: QueuedChange,
  onBytes?: (bytes: BytesSent) => void,
): Promise<SendOutcome> {
  let data: unknown;
  try {
    const uploads = change.sendsFilesAs === 'uploads' ? await sendUploads(queue, change, onBytes) : undefined;
    data = await queue.bodyOf(change, uploads);
  } catch (error) {
    // An upload's: never a version conflict (the record's version is not what it was refused for).
    if (error instanceof ApiError) return outcomeOf(undefined, error);
    // The device lost what it kept (a photo's bytes): the user must see it, never silence.
    return { kind: 'refused', refusal: refusalOf(0, undefined, String((error as Error).message)) };
  }
  try {
    await apiRequest({
      method: change.method,
      url: change.path,
      data,
      headers: { 'Idempotency-Key': change.key },
    });
    return { kind: 'written' };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return outcomeOf(change, error);
  }
}

function refusalOf(
  status: number,
  code: string | undefined,
  message: string,
  error?: ApiError,
): ChangeRefusal {
  return { status, code, message, details: error?.details ?? [] };
}

/** Whether a change is an update made from a known version (what a version conflict needs). */
function carriesVersion(change: QueuedChange): boolean {
  if (change.form) return change.form.some(([name]) => name === 'version');
  const body = change.body as { version?: unknown } | null | undefined;
  return typeof body === 'object' && body !== null && body.version !== undefined;
}

/**
 * Whether a 409 says the record moved on from the version sent (the server names no field then, or
 * only `version`). A 409 naming another field is a refusal the comparison cannot settle: a locked
 * report (`status`: "This report … is submitted"), an id taken.
 */
const staleVersion = (error: ApiError) => error.details.every((detail) => detail.path === 'version');

/** An answer in the server's own words: its error envelope always names a code; nobody else's does. */
const fromTheServer = (error: ApiError) => error.status >= 400 && error.code !== undefined;

/** Why nothing is known of a change from this answer (see `outcomeOf`), or undefined when it is known. */
function unanswered(error: ApiError): SyncStop | undefined {
  const { status } = error;
  if (status === 0) return { reason: 'noAnswer' };
  if (!fromTheServer(error)) return { reason: 'notTheServer', status };
  if (status >= 500) return { reason: 'serverFault', status };
  if (status === 408 || status === 429) return { reason: 'busy', status };
  if (status === 409 && error.retryAfterSeconds !== undefined) return { reason: 'stillWriting', status };
  return undefined;
}

/**
 * How the server's answer (or its absence) is read (docs/offline-capture.md, part 4):
 * - no answer, a fault of the server (5xx), 408, 429, the key's 409 "still being processed"
 *   (it carries `Retry-After`), or an answer that is not the server's error envelope (a captive
 *   portal's or a proxy's page): nothing is known of the change, so it is retried later under the
 *   same key;
 * - 401 after the client's refresh: the session is over, the change waits for the next sign-in;
 * - 409 to an update carrying its version, naming no other field: someone else saved the record,
 *   a conflict to resolve in the three-way comparison (a locked report's 409 names `status`: refused);
 * - any other 4xx: refused, with the envelope's message and details, kept for the user.
 * `change` undefined: the answer to one of its uploads, read alike but never a conflict.
 */
export function outcomeOf(change: QueuedChange | undefined, error: ApiError): SendOutcome {
  const { status } = error;
  if (status === 401) return { kind: 'signedOut' };
  const stop = unanswered(error);
  if (stop) return { kind: 'retry', stop, afterSeconds: error.retryAfterSeconds };
  const refusal = refusalOf(status, error.code, error.message, error);
  if (status === 409 && change?.method === 'PUT' && carriesVersion(change) && staleVersion(error))
    return { kind: 'conflict', refusal };
  return { kind: 'refused', refusal };
}

/**
 * The sync's own question "does the server answer?": the profile the app reads on start (signed-in,
 * cheap). The browser's `online` only says a network interface is up: a tablet on a plant access
 * point with no way to the server has one. Any answer of the server's own counts (a refusal too);
 * no answer, a fault, or another machine's page (a captive portal) does not.
 */
export async function serverAnswers(): Promise<boolean> {
  try {
    await apiRequest({ method: 'GET', url: '/auth/profile' });
    return true;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fromTheServer(error) && error.status < 500 && ![401, 408, 429].includes(error.status);
  }
}
