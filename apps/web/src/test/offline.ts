import { act } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach } from 'vitest';
import { startChangeSync, stopChangeSync } from '../engine/offline-queue/sync-runner.ts';

/** Each test of the file ends online with no sync running: what a test that went offline leaves. */
export function backOnlineAfterEach() {
  afterEach(() => {
    stopChangeSync();
    act(() => onlineManager.setOnline(true));
  });
}

/**
 * Offline, with `user`'s sync started and no server to send to (nothing leaves the queue), laid
 * over `cache` (the screens' queries) when given. Answers the sync (its queue).
 */
export function offlineSyncOf(user: string, cache?: QueryClient) {
  const sync = startChangeSync(user, { probe: async () => false, retryByItself: false, cache });
  act(() => onlineManager.setOnline(false));
  return sync;
}
