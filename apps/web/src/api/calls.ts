import { onlineManager } from '@tanstack/react-query';
import { routeTable } from '@inspectra/contract';
import type { Envelope, RouteDefinition } from '@inspectra/contract';
import type { z } from 'zod';
import type { RecordOf } from './records.ts';
import { ApiError } from './errors.ts';
import { apiRequest } from './http-client.ts';
import { isUuid, newId } from './new-id.ts';
import { fillPath, routeBody } from './payload.ts';
import type { PayloadInput } from './payload.ts';

/**
 * Typed calls over the contract's route table: the key names a row ('GET /thermal-measurements/:id'),
 * so a typo in the method or path is a compile error, and a path with `:id` needs `params`.
 */
type RouteRow = (typeof routeTable)[number];

export type RouteKey = RouteRow extends infer R
  ? R extends { method: infer M extends string; path: infer P extends string }
    ? `${M} ${P}`
    : never
  : never;

/** The route table row a key names (a row serving several variants has a union of paths). */
type RowOf<K extends string> = RouteRow extends infer R
  ? R extends { method: infer M extends string; path: infer P extends string }
    ? K extends `${M} ${P}`
      ? R
      : never
    : never
  : never;

/**
 * What a call answers, from its row: an action's declared response schema, an entity operation's
 * record (typed from the entity's declaration), so no call names its answer type by hand.
 */
export type ResponseOf<K extends string> =
  RowOf<K> extends { operation: infer O }
    ? O extends { kind: 'action'; response: infer R extends z.ZodType }
      ? z.output<R>
      : O extends { kind: 'list' | 'listByParent'; entity: infer E }
        ? RecordOf<E>[]
        : O extends { kind: 'getByParent'; entity: infer E }
          ? RecordOf<E> | null
          : O extends { kind: 'get' | 'create' | 'update' | 'upsert'; entity: infer E }
            ? RecordOf<E>
            : O extends { kind: 'delete' }
              ? { id: string }
              : unknown
    : unknown;

/** `'/a/:id/b/:slot'` → `'id' | 'slot'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type PathOf<K extends string> = K extends `${string} ${infer P}` ? P : never;

export type CallOptions = {
  query?: Record<string, unknown>;
  /**
   * Create and update: `{ values, images?, previous? }` (or the values alone), sent as SPEC 5 says.
   * Other calls: sent as JSON as given.
   */
  body?: PayloadInput | Record<string, unknown>;
  signal?: AbortSignal;
  onUploadProgress?: (percent: number) => void;
  /**
   * A record's create or update that the offline queue carries (a form's Save, Add measurement):
   * offline it is queued on the device rather than failing (`queueWrite`), named by this label in
   * the indicator's lists; the answer is then marked `queued` (`wasQueued`).
   */
  queueOffline?: string;
  /**
   * A create queued offline is shown in these lists (query-key prefixes: the first page of each)
   * until it is synced, marked as waiting (docs/offline-capture.md).
   */
  queuedIn?: unknown[][];
};

/** Keys whose path has `:name` segments: calling them needs `params`. */
export type RouteKeyWithParams = {
  [K in RouteKey]: [ParamNames<PathOf<K>>] extends [never] ? never : K;
}[RouteKey];
/** Keys with a fixed path (every list call): what a helper taking "some list call" should accept. */
export type RouteKeyWithoutParams = Exclude<RouteKey, RouteKeyWithParams>;

const routesByKey = new Map<string, RouteDefinition>(
  (routeTable as RouteDefinition[]).map((route) => [`${route.method} ${route.path}`, route]),
);

/** The route table's row behind a key. */
export function routeOf(key: RouteKey): RouteDefinition {
  const route = routesByKey.get(key);
  if (!route) throw new Error(`No API route ${key}`);
  return route;
}

/**
 * Calls the API route named by `key`. Create and update bodies are built from the route's entity and
 * body kind (JSON, multipart, or multipart only when a file is sent). A key whose path has parameters
 * takes `params` (checked by name at run time: a missing one throws before any request is sent).
 */
export function callApi<K extends RouteKeyWithoutParams>(
  key: K,
  options?: CallOptions,
): Promise<Envelope<ResponseOf<K>>>;
export function callApi<K extends RouteKeyWithParams>(
  key: K,
  options: CallOptions & { params: Record<string, string> },
): Promise<Envelope<ResponseOf<K>>>;
/** With an explicit answer type, for a key held in a variable (a helper over "some list call"). */
export function callApi<T>(key: RouteKeyWithoutParams, options?: CallOptions): Promise<Envelope<T>>;
export function callApi<T>(
  key: RouteKeyWithParams,
  options: CallOptions & { params: Record<string, string> },
): Promise<Envelope<T>>;
export async function callApi<T = unknown>(
  key: RouteKey,
  options: CallOptions & { params?: Record<string, string> } = {},
): Promise<Envelope<T>> {
  const route = routesByKey.get(key);
  if (!route) throw new Error(`No API route ${key}`);
  return callRoute<T>(route, options);
}

/** Calls a row of the route table found by what it does rather than by its key: as `callApi`. */
export async function callRoute<T = unknown>(
  route: RouteDefinition,
  options: CallOptions & { params?: Record<string, string> } = {},
): Promise<Envelope<T>> {
  const send = (sent: typeof options, headers?: Record<string, string>) =>
    apiRequest<T>({
      method: route.method,
      url: fillPath(route.path, sent.params),
      params: sent.query,
      data: routeBody(route, sent.body),
      signal: sent.signal,
      onUploadProgress: sent.onUploadProgress,
      headers,
    });
  if (options.queueOffline !== undefined && isRecordWrite(route)) return writeOrQueue(route, options, send);
  return send(options);
}

export type WriteOptions = CallOptions & { params?: Record<string, string> };

/**
 * A record's create or update that the offline queue carries (`queueOffline`). Offline it is queued
 * at once. Online it goes out under an `Idempotency-Key` made for it, a create with an id made on the
 * device; when no answer comes back (the server not reached: the app turns offline, server-reach.ts)
 * the same request is queued under the same key and id, so a try that did arrive is written once.
 */
export async function writeOrQueue<T>(
  route: RouteDefinition,
  options: WriteOptions,
  send: (options: WriteOptions, headers: Record<string, string>) => Promise<Envelope<T>>,
): Promise<Envelope<T>> {
  const queue = async (sent: WriteOptions, key?: string): Promise<Envelope<T>> => {
    // The queue and its sync load with the first change made offline, not with the shell.
    const { queueWrite } = await import('../engine/offline-queue/queue-write.ts');
    return queueWrite<T>(route, { ...sent, label: options.queueOffline, lists: options.queuedIn, key });
  };
  if (!onlineManager.isOnline()) return queue(options);
  const key = newId();
  const sent = route.operation.kind === 'create' ? { ...options, body: withDeviceId(options.body) } : options;
  try {
    return await send(sent, { 'Idempotency-Key': key });
  } catch (error) {
    const unanswered = error instanceof ApiError && error.status === 0 && !options.signal?.aborted;
    if (unanswered && !onlineManager.isOnline()) return queue(sent, key);
    throw error;
  }
}

/** A create's body with the record's id made on the device, unless it names one already. */
function withDeviceId(body: WriteOptions['body']): PayloadInput {
  const given = body ?? {};
  const input: PayloadInput =
    typeof given.values === 'object' && given.values !== null
      ? (given as PayloadInput)
      : { values: given as Record<string, unknown> };
  return isUuid(input.values.id) ? input : { ...input, values: { ...input.values, id: newId() } };
}

/** Whether a route writes one record (a create, an update, an upsert): what the queue can carry. */
export function isRecordWrite(route: RouteDefinition): boolean {
  const kind = route.operation.kind;
  const writes = kind === 'create' || kind === 'update' || kind === 'upsert';
  return writes && (route.method === 'POST' || route.method === 'PUT');
}

/** Whether a save's answer is a change queued on the device (offline) rather than the server's. */
export const wasQueued = (result: unknown): boolean =>
  typeof result === 'object' && result !== null && (result as { queued?: unknown }).queued === true;
