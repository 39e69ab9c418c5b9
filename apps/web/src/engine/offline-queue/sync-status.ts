import { idempotencyKeyDays } from '@inspectra/contract';
import type { QueuedChange } from './change-queue.ts';

/*
 * How the sync of the signed-in user's queue stands, for the screens (the header's indicator, a
 * "sync first" on sign-out). Kept apart from the queue and the runner, which the page loads only
 * once the shell asks for them, so the hook costs the signed-in shell almost nothing.
 */

/**
 * Why a sync run stopped short, as a reason the screens say in the user's language
 * (`offline.stopped.<reason>`), never the sync's or the server's English:
 * - `unreachable`: the probe found no server (no network, or no way to it);
 * - `noAnswer`: a change went out and no answer came (the connection dropped);
 * - `notTheServer`: another machine answered (a captive portal's or a proxy's page);
 * - `serverFault`: the server answered with a fault (5xx, `status`);
 * - `busy`: the server asked to be called later (429, 408);
 * - `stillWriting`: the server is still writing an earlier try of the same change (409, `Retry-After`);
 * - `signedOut`: the session ended and could not be renewed.
 */
export type SyncStop = {
  reason: 'unreachable' | 'noAnswer' | 'notTheServer' | 'serverFault' | 'busy' | 'stillWriting' | 'signedOut';
  /** The HTTP status of the answer, where one came. */
  status?: number;
};

export type SyncStatus = {
  /** Whose queue this is (undefined until the sync has started for the signed-in user). */
  userId: string | undefined;
  /** Changes still to be sent (waiting, or being sent). */
  pending: number;
  /** When each change still to be sent was made (`madeAt`, ISO), in the queue's order. */
  pendingMadeAt: string[];
  /** Changes the server refused or found in conflict, in the queue's order, each with its reason. */
  refused: QueuedChange[];
  /** Per refused or conflicting change's key: how many changes to be sent wait for it (`heldBy`). */
  heldBy: Record<string, number>;
  syncing: boolean;
  /**
   * While syncing: `sent` of `total` changes this run has written so far; while a change's files go
   * as uploads, `bytes` the server holds of all they weigh.
   */
  progress: { sent: number; total: number; bytes?: { sent: number; total: number } } | undefined;
  /** Why the last run stopped short (no network, a busy server), cleared by a run that ends well. */
  lastError: SyncStop | undefined;
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
  pendingMadeAt: [],
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

/**
 * How many days after it was made a change still to be sent is said to be old: five days before the
 * server forgets its `Idempotency-Key` (`idempotencyKeyDays`), while there is time to sync it. Sent
 * later, a try whose answer was lost is no longer answered from the key: a create is still not made
 * twice (its id is the device's), an update meets a version conflict with itself.
 */
export const oldChangeDays = idempotencyKeyDays - 5;

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The changes still to be sent made `oldChangeDays` or more ago, at `now`: how many, and how many
 * whole days ago the oldest was made; undefined when none is.
 */
export function oldChanges(
  madeAt: readonly string[],
  now: Date,
): { count: number; days: number } | undefined {
  const ages = madeAt.map((at) => Math.floor((now.getTime() - Date.parse(at)) / dayMs));
  const old = ages.filter((days) => days >= oldChangeDays);
  return old.length > 0 ? { count: old.length, days: Math.max(...old) } : undefined;
}

/**
 * How the indicator's lists name a change: its label and its record's name ("Thermal measurement ·
 * PL-102-S03"), so two changes of one entity read apart; the label alone for a change queued
 * before names were kept (or whose record has none), `fallback` ("Change") with neither.
 */
export function changeName(change: Pick<QueuedChange, 'label' | 'name'>, fallback: string): string {
  const label = change.label ?? fallback;
  return change.name ? `${label} · ${change.name}` : label;
}
