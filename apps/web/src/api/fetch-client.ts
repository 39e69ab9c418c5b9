import type { Envelope, RouteDefinition } from '@inspectra/contract';
import { isEnvelope } from './envelope.ts';
import { ApiError, clientMessages } from './errors.ts';
import { fillPath, queryEntries, routeBody } from './payload.ts';
import type { PayloadInput } from './payload.ts';
import { noteUnreached } from './server-reach.ts';
import { endSession, readAccessToken } from './session.ts';

export type FetchJsonInit = {
  method?: string;
  query?: Record<string, unknown>;
  /** JSON-encoded unless it is a FormData. */
  body?: unknown;
  signal?: AbortSignal;
  /** Headers of this call only (a record's write's `Idempotency-Key`). */
  headers?: Record<string, string>;
};

/**
 * The plain-fetch calls (SPEC 7, walkthrough): `/api` with JSON headers and the bearer token, and a
 * stricter policy than the main client: no refresh; any 401 or 403 signs out and goes to sign-in.
 * Other non-OK answers carry their status and body text in the message (SPEC 8).
 */
export async function fetchJson<T>(path: string, init: FetchJsonInit = {}): Promise<Envelope<T>> {
  // Resolved against the page: what the browser does with '/api…', and what Node's fetch (tests) needs.
  const url = new URL(`/api${path}`, window.location.href);
  for (const [key, value] of queryEntries(init.query)) url.searchParams.append(key, value);

  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) {
    body = init.body;
  } else if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const token = readAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(url, { method: init.method ?? 'GET', headers, body, signal: init.signal });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    noteUnreached();
    throw new ApiError(clientMessages.default, { status: 0, cause: error });
  }

  if (response.status === 401 || response.status === 403) {
    endSession();
    throw new ApiError(clientMessages.unauthorized(response.status), { status: response.status });
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(clientMessages.httpError(response.status, text), { status: response.status });
  }
  let envelope: unknown;
  try {
    envelope = await response.json();
  } catch (error) {
    throw new ApiError(clientMessages.default, { status: response.status, cause: error });
  }
  if (!isEnvelope(envelope)) throw new ApiError(clientMessages.default, { status: response.status });
  return envelope as Envelope<T>;
}

export type FetchRouteOptions = {
  query?: Record<string, unknown>;
  params?: Record<string, string>;
  /** Create and update: `{ values, images?, imageLists?, previous? }`, sent as SPEC 5 says. */
  body?: PayloadInput;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/**
 * A row of the route table called by plain fetch, for techniques whose calls SPEC 4 puts under this
 * policy (`transport: 'fetch'`): the body is built as the main client builds it (JSON, or multipart
 * with the files), the path's `:name` segments filled in; a missing one throws before any request.
 */
export function fetchRoute<T>(route: RouteDefinition, options: FetchRouteOptions = {}): Promise<Envelope<T>> {
  const path = fillPath(route.path, options.params);
  const body = routeBody(route, options.body);
  const { query, signal, headers } = options;
  return fetchJson<T>(path, { method: route.method, query, body, signal, headers });
}
