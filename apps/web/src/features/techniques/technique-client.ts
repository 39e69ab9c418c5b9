import type { Envelope, RouteDefinition, TechniqueDefinition } from '@inspectra/contract';
import { callRoute, queuedOffline } from '../../api/calls.ts';
import { fetchRoute } from '../../api/fetch-client.ts';
import type { PayloadInput } from '../../api/payload.ts';

export type TechniqueCallOptions = {
  query?: Record<string, unknown>;
  params?: Record<string, string>;
  body?: PayloadInput;
  signal?: AbortSignal;
  onUploadProgress?: (percent: number) => void;
  /** Offline, a record's create or update goes into the device's queue (`CallOptions.queueOffline`). */
  queueOffline?: string;
  /** The lists a create queued offline is shown in until it is synced (`CallOptions.queuedIn`). */
  queuedIn?: unknown[][];
};

/**
 * Calls one of a technique's routes through the client its declaration names: plain fetch for a
 * technique SPEC 4 puts under that policy (walkthrough: no token refresh, 401/403 signs out), the
 * main client otherwise (refresh and replay, upload progress). A write queued offline goes into the
 * queue, whose sync sends it through the main client.
 */
export function callTechnique<T>(
  technique: TechniqueDefinition,
  route: RouteDefinition,
  options: TechniqueCallOptions = {},
): Promise<Envelope<T>> {
  const queued = options.queueOffline !== undefined && queuedOffline(route);
  if (technique.transport === 'fetch' && !queued) {
    const { onUploadProgress: _, queueOffline: __, queuedIn: ___, ...rest } = options;
    return fetchRoute<T>(route, rest);
  }
  return callRoute<T>(route, options);
}
