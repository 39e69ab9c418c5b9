import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { syncStatus } from './sync-status.ts';
import type { SyncStatus } from './sync-status.ts';

/** The queue and its runner, loaded after the shell's first screen: the shell's bundle stays lean. */
const runner = () => import('./sync-runner.ts');

export type ChangeSyncView = SyncStatus & {
  /** Sends what is queued now (the indicator's "Sync now"). */
  syncNow: () => Promise<void>;
  /** Takes a refused change off the queue (the indicator's Discard). */
  discard: (key: string) => Promise<void>;
  /** A refused or conflicting change saved online from its form: off the queue, its dependents sent. */
  settle: (key: string) => Promise<void>;
};

const syncNow = async () => {
  await (await runner()).syncNowIfStarted();
};

const discard = async (key: string) => {
  await (await runner()).discardChange(key);
};

const settle = async (key: string) => {
  await (await runner()).settleChange(key);
};

/** Signing out on purpose: stops the sync and removes the user's queue from the device. */
export async function endChangeSync(userId: string): Promise<void> {
  await (await runner()).endChangeSync(userId);
}

/**
 * The sync of the signed-in user's queue of offline changes, for the header's indicator: how many
 * changes wait, which the server refused (each with its reason), whether a run is under way and how
 * far (`progress`: n of m), why the last one stopped short, whether the server answers. Mounting it
 * starts the sync for `userId` (sending what a reload left queued); one mounted hook is enough.
 */
export function useChangeSync(userId: string | undefined): ChangeSyncView {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    // The queue's changes are shown in the screens' records until written (queued-records.ts).
    void runner().then((m) => m.startChangeSync(userId, { cache: queryClient }));
  }, [userId, queryClient]);
  const status = useSyncExternalStore(syncStatus.subscribe, syncStatus.get);
  // A change the server wrote makes what the screens read before it out of date (the record's
  // values and its version, which the next save sends): read again, or the next save online would
  // meet a version conflict with the change the device itself sent.
  useEffect(() => {
    if (status.written > 0) void queryClient.invalidateQueries();
  }, [status.written, queryClient]);
  return { ...status, syncNow, discard, settle };
}
