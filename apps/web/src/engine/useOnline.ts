import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the device has a network, as the query cache sees it (`onlineManager`: the browser's
 * online and offline events): without one, queries answer from the cache and wait to fetch.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(onlineManager.subscribe.bind(onlineManager), () => onlineManager.isOnline());
}
