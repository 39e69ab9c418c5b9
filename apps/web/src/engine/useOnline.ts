import { onlineManager } from '@tanstack/react-query';
import type { FetchStatus } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../api/errors.ts';

/**
 * Whether the device has a network, as the query cache sees it (`onlineManager`: the browser's
 * online and offline events): without one, queries answer from the cache and wait to fetch.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(onlineManager.subscribe.bind(onlineManager), () => onlineManager.isOnline());
}

/**
 * Whether a failure is the server not reached (no answer: status 0) while the device has no network:
 * said as being offline rather than as the client's generic "check your connection".
 */
export const failedOffline = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 0 && !onlineManager.isOnline();

/** What `notOnDevice` reads of a query (a `useQuery` result). */
export type QueryReach = { data: unknown; fetchStatus: FetchStatus; error: unknown };

/**
 * Whether a query has nothing to show because the device is offline and holds no copy of it: it
 * waits for a network (TanStack's `networkMode: 'online'` pauses it) or failed unreached. Shown as
 * "Not on this device — shown when online" (ChartFigure, the tables), never as empty axes, "No
 * records" or loading without end.
 */
export const notOnDevice = (query: QueryReach): boolean =>
  query.data === undefined && (query.fetchStatus === 'paused' || failedOffline(query.error));
