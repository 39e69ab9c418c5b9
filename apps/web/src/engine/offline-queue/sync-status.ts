import type { QueuedChange } from './change-queue.ts';

/*
 * How the sync of the signed-in user's queue stands, for the screens (the header's indicator, a
 * "sync first" on sign-out). Kept apart from the queue and the runner, which the page loads only
 * once the shell asks for them, so the hook costs the signed-in shell almost nothing.
 */

export type SyncStatus = {
  /** Whose queue this is (undefined until the sync has started for the signed-in user). */
  userId: string | undefined;
  /** Changes still to be sent (waiting, or being sent). */
  pending: number;
  /** Changes the server refused or found in conflict, in the queue's order, each with its reason. */
  refused: QueuedChange[];
  /** Per refused or conflicting change's key: how many changes to be sent wait for it (`heldBy`). */
  heldBy: Record<string, number>;
  syncing: boolean;
  /** While syncing: `sent` of `total` changes this run has written so far. */
  progress: { sent: number; total: number } | undefined;
  /** Why the last run stopped short (no network, a busy server), cleared by a run that ends well. */
  lastError: string | undefined;
  /** Whether the server answered the sync's last probe (undefined before the first). */
  reachable: boolean | undefined;
  /** When the sync tries again by itself after a stop (ISO), if it will. */
  nextTryAt: string | undefined;
  /**
   * How many changes the server has written since the page loaded: when it grows, what the screens
   * read before (a record's version among it) is out of date and is read again.
   */
  written: number;
};

const idle: SyncStatus = {
  userId: undefined,
  pending: 0,
  refused: [],
  heldBy: {},
  syncing: false,
  progress: undefined,
  lastError: undefined,
  reachable: undefined,
  nextTryAt: undefined,
  written: 0,
};

let status: SyncStatus = idle;
const listeners = new Set<() => void>();

export const syncStatus = {
  get: (): SyncStatus => status,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Merges what changed and tells every listener (a new object: React sees the change). */
  set(patch: Partial<SyncStatus>): void {
    status = { ...status, ...patch };
    for (const listener of listeners) listener();
  },
  reset(): void {
    status = idle;
    for (const listener of listeners) listener();
  },
};
