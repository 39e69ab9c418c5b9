import { onlineManager } from '@tanstack/react-query';
import { routeTable } from '@inspectra/contract';
import type { Envelope, RouteDefinition } from '@inspectra/contract';
import type { z } from 'zod';
import type { RecordOf } from './records.ts';
import { apiRequest } from './http-client.ts';
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
  if (options.queueOffline !== undefined && queuedOffline(route)) {
    // The queue and its sync load with the first change made offline, not with the shell.
    const [{ queueWrite }, { queuedFrom }] = await Promise.all([
      import('../engine/offline-queue/queue-write.ts'),
      import('../engine/offline-queue/sync-runner.ts'),
    ]);
    // The record as read goes with the change: the base of its comparison should the server have
    // a newer version by the time it is sent.
    const body = options.body as Partial<PayloadInput> | undefined;
    const previous = typeof body?.values === 'object' ? body.previous : undefined;
    return queuedFrom(previous, () => queueWrite<T>(route, { ...options, label: options.queueOffline }));
  }
  const url = fillPath(route.path, options.params);
  const data = routeBody(route, options.body);
  return apiRequest<T>({
    method: route.method,
    url,
    params: options.query,
    data,
    signal: options.signal,
    onUploadProgress: options.onUploadProgress,
  });
}

/** Whether a call goes into the offline queue now: a record's create or update, made offline. */
export function queuedOffline(route: RouteDefinition): boolean {
  const kind = route.operation.kind;
  const writes = kind === 'create' || kind === 'update' || kind === 'upsert';
  return writes && (route.method === 'POST' || route.method === 'PUT') && !onlineManager.isOnline();
}

/** Whether a save's answer is a change queued on the device (offline) rather than the server's. */
export const wasQueued = (result: unknown): boolean =>
  typeof result === 'object' && result !== null && (result as { queued?: unknown }).queued === true;
