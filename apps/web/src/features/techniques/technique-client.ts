import type { Envelope, RouteDefinition, TechniqueDefinition } from '@inspectra/contract';
import { callRoute } from '../../api/calls.ts';
import { fetchRoute } from '../../api/fetch-client.ts';
import type { PayloadInput } from '../../api/payload.ts';

export type TechniqueCallOptions = {
  query?: Record<string, unknown>;
  params?: Record<string, string>;
  body?: PayloadInput;
  signal?: AbortSignal;
  onUploadProgress?: (percent: number) => void;
};

/**
 * Calls one of a technique's routes through the client its declaration names: plain fetch for a
 * technique SPEC 4 puts under that policy (walkthrough: no token refresh, 401/403 signs out), the
 * main client otherwise (refresh and replay, upload progress).
 */
export function callTechnique<T>(
  technique: TechniqueDefinition,
  route: RouteDefinition,
  options: TechniqueCallOptions = {},
): Promise<Envelope<T>> {
  if (technique.transport === 'fetch') {
    const { onUploadProgress: _, ...rest } = options;
    return fetchRoute<T>(route, rest);
  }
  return callRoute<T>(route, options);
}
