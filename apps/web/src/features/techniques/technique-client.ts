import type { Envelope, RouteDefinition, TechniqueDefinition } from '@inspectra/contract';
import { callRoute, isRecordWrite, writeOrQueue } from '../../api/calls.ts';
import type { WriteOptions } from '../../api/calls.ts';
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
 * main client otherwise (refresh and replay, upload progress). A record's write the queue carries
 * goes into it offline, or when its try gets no answer (`writeOrQueue`); the sync sends it through
 * the main client.
 */
export function callTechnique<T>(
  technique: TechniqueDefinition,
  route: RouteDefinition,
  options: TechniqueCallOptions = {},
): Promise<Envelope<T>> {
  if (technique.transport !== 'fetch') return callRoute<T>(route, options);
  const send = (sent: WriteOptions, headers?: Record<string, string>) => {
    const { onUploadProgress: _, queueOffline: __, queuedIn: ___, body, ...rest } = sent;
    return fetchRoute<T>(route, { ...rest, body: body as PayloadInput | undefined, headers });
  };
  if (options.queueOffline !== undefined && isRecordWrite(route)) return writeOrQueue(route, options, send);
  return send(options);
}
