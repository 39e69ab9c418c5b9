import { onlineManager } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { ChangeQueue, onQueueChanged, removeChangeQueue } from './change-queue.ts';
import type { ChangeInput, QueuedChange } from './change-queue.ts';
import { showQueued } from './queued-records.ts';
import { filesWay, sendChange, serverAnswers } from './send-change.ts';
import { syncStatus } from './sync-status.ts';
import type { SyncStop } from './sync-status.ts';

/*
 * The sync of a user's queue (docs/offline-capture.md, part 4): the changes are sent one at a time in
 * the order they were made, each under its own key, once the server answers the sync's probe. It runs
 * when it starts (a reload finds the queue as it was left), when the browser says it is online,
 * after a change is queued, when asked, and after a stop, by itself, with a growing wait.
 */

export type ChangeSyncOptions = {
  send?: typeof sendChange;
  probe?: () => Promise<boolean>;
  /** Whether to try again by itself after a stop (off in tests that run it by hand). */
  retryByItself?: boolean;
  /** The screens' cache: the queued changes are shown in its records until written (queued-records.ts). */
  cache?: QueryClient;
};

const pendingStates = new Set<QueuedChange['state']>(['waiting', 'sending']);

/**
 * The next change to send: the first in order still to be sent whose every dependency has been
 * written (is no longer queued). One refused, in conflict or not yet sent holds it back.
 */
export function nextToSend(changes: readonly QueuedChange[]): QueuedChange | undefined {
  const queued = new Set(changes.map((change) => change.key));
  return changes.find(
    (change) => pendingStates.has(change.state) && !(change.dependsOn ?? []).some((key) => queued.has(key)),
  );
}

/**
 * For each refused or conflicting change, how many changes still to be sent wait for it, directly or
 * through another waiting change (the rows of an inspection whose create was refused): the sync
 * never sends them before it is settled, and the indicator says so beside it.
 */
export function heldBy(changes: readonly QueuedChange[]): Record<string, number> {
  const byKey = new Map(changes.map((change) => [change.key, change]));
  const held: Record<string, number> = {};
  for (const change of changes) {
    if (!pendingStates.has(change.state)) continue;
    // Every refusal upstream of it, each counted once per waiting change.
    const blockers = new Set<string>();
    const seen = new Set<string>();
    const walk = [...(change.dependsOn ?? [])];
    for (let key = walk.pop(); key !== undefined; key = walk.pop()) {
      const upstream = byKey.get(key);
      if (!upstream || seen.has(key)) continue;
      seen.add(key);
      if (pendingStates.has(upstream.state)) walk.push(...(upstream.dependsOn ?? []));
      else blockers.add(key);
    }
    for (const key of blockers) held[key] = (held[key] ?? 0) + 1;
  }
  return held;
}

/**
 * The wait before trying again after a stop: what the server asked for (`Retry-After`), else 2 s
 * doubled per try without an answer, at most 5 minutes, with a tenth of jitter so tablets coming back
 * together do not all call at the same second.
 */
export function retryDelayMs(attempts: number, afterSeconds: number | undefined): number {
  if (afterSeconds !== undefined) return afterSeconds * 1000;
  const base = Math.min(5 * 60_000, 2000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (1 + Math.random() / 10));
}

/** Runs `task` holding the user's sync lock across the browser's tabs when it has Web Locks. */
function acrossTabs<T>(userId: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks || typeof locks.request !== 'function') return task();
  return locks.request(`inspectra-sync-${userId}`, task) as Promise<T>;
}

export class ChangeSync {
  readonly queue: ChangeQueue;
  private readonly send: NonNullable<ChangeSyncOptions['send']>;
  private readonly probe: NonNullable<ChangeSyncOptions['probe']>;
  private readonly retryByItself: boolean;
  private running: Promise<void> | undefined;
  private runAgain = false;
  /** Runs in a row that found no answer: what the wait before the next grows with. */
  private unanswered = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private readonly detach: (() => void)[] = [];
  private readonly cache: QueryClient | undefined;
  /** The queue as last read: laid over each read the cache is answered (kept in step with the queue). */
  private changes: QueuedChange[] = [];

  constructor(userId: string, o: ChangeSyncOptions = {}) {
    this.queue = new ChangeQueue(userId);
    this.send = o.send ?? sendChange;
    this.probe = o.probe ?? serverAnswers;
    this.retryByItself = o.retryByItself ?? true;
    this.cache = o.cache;
  }

  /** Starts following the queue and the network: counts published, a run now and on `online`. */
  start(): this {
    const online = () => this.runBySelf();
    window.addEventListener('online', online);
    this.detach.push(
      () => window.removeEventListener('online', online),
      // The server answering again after calls went unanswered (api/server-reach.ts).
      onlineManager.subscribe((isOnline) => isOnline && online()),
      onQueueChanged((userId) => {
        if (userId === this.queue.userId) void this.publishCounts();
      }),
    );
    // A read answered while a change is still queued (a refetch before the sync sent it, a screen
    // opened on a record made offline) shows the change: laid over as the answer comes in.
    const cache = this.cache;
    if (cache)
      this.detach.push(
        cache.getQueryCache().subscribe((event) => {
          const answered =
            event.type === 'updated' && event.action.type === 'success' && !event.action.manual;
          if ((answered || event.type === 'added') && this.changes.length > 0)
            showQueued(cache, this.changes, event.query);
        }),
      );
    syncStatus.set({ userId: this.queue.userId });
    void this.publishCounts();
    this.runBySelf();
    return this;
  }

  /**
   * A run nobody waits for (a start, the network back, a timer). A device without IndexedDB (a
   * browser that refuses it) has no queue to send: its counts say none, and nothing is thrown unseen.
   */
  private runBySelf(): void {
    this.run().catch(() => undefined);
  }

  /** Stops following (another user signs in, or this one signs out); the queue stays on the device. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const detach of this.detach.splice(0)) detach();
  }

  /** Queues a change, and sends it at once when the server can be reached. */
  async enqueue(input: ChangeInput): Promise<QueuedChange> {
    const change = await this.queue.enqueue(input);
    // Shown before the screen hears it is saved: its lists and forms hold it from then on.
    await this.publishCounts();
    this.runBySelf();
    return change;
  }

  /**
   * Sends what is queued. One run at a time: a call while a run is under way makes it look again when
   * it ends (a change queued meanwhile), it never starts a second one beside it.
   */
  run(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.runAgain = true;
      return this.running;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running = (async () => {
      try {
        do {
          this.runAgain = false;
          await acrossTabs(this.queue.userId, () => this.pass());
        } while (this.runAgain && !this.stopped && !this.timer);
      } finally {
        this.running = undefined;
        syncStatus.set({ syncing: false, progress: undefined });
        await this.publishCounts();
      }
    })();
    return this.running;
  }

  /** Publishes the queue's counts for the indicator, and shows its changes in the screens' records. */
  private async publishCounts() {
    const changes = await this.queue.list().catch(() => []);
    if (this.stopped) return;
    this.changes = changes;
    if (this.cache) showQueued(this.cache, changes);
    const pending = changes.filter((change) => pendingStates.has(change.state));
    syncStatus.set({
      pending: pending.length,
      pendingMadeAt: pending.map((change) => change.madeAt),
      refused: changes.filter((change) => !pendingStates.has(change.state)),
      heldBy: heldBy(changes),
    });
  }

  /** One pass over the queue; ends when nothing can be sent, or at the first change without an answer. */
  private async pass(): Promise<void> {
    let changes = await this.queue.list();
    if (!nextToSend(changes)) return;
    const reachable = await this.probe();
    syncStatus.set({ reachable });
    if (!reachable) return this.stopShort({ reason: 'unreachable' }, { afterSeconds: undefined });

    let sent = 0;
    syncStatus.set({ syncing: true, nextTryAt: undefined });
    for (let next = nextToSend(changes); next && !this.stopped; next = nextToSend(changes)) {
      const total = sent + changes.filter((change) => pendingStates.has(change.state)).length;
      syncStatus.set({ progress: { sent, total } });
      // How its files go is decided once, kept with 'sending' in one write: a reload mid-try
      // finds it 'sending' and sends it again, the same key, the same way.
      const sendsFilesAs = filesWay(next);
      const way = sendsFilesAs ? { sendsFilesAs } : {};
      await this.queue.update(next.key, { state: 'sending', ...way });
      const outcome = await this.send(this.queue, { ...next, ...way }, (bytes) =>
        syncStatus.set({ progress: { sent, total, bytes } }),
      );
      if (outcome.kind === 'written') {
        await this.queue.discard(next.key);
        sent += 1;
        syncStatus.set({ written: syncStatus.get().written + 1 });
      } else if (outcome.kind === 'refused' || outcome.kind === 'conflict') {
        await this.queue.update(next.key, {
          state: outcome.kind === 'refused' ? 'refused' : 'conflict',
          refusal: outcome.refusal,
        });
      } else {
        const attempts = next.attempts + 1;
        await this.queue.update(next.key, { state: 'waiting', attempts });
        if (outcome.kind === 'signedOut') return this.stopShort({ reason: 'signedOut' });
        return this.stopShort(outcome.stop, { afterSeconds: outcome.afterSeconds });
      }
      changes = await this.queue.list();
    }
    this.unanswered = 0;
    syncStatus.set({ lastError: undefined });
  }

  /**
   * A run that found no answer: says why, and, unless the session ended (`retry` absent), tries
   * again by itself after a wait that grows with each run in a row that found none.
   */
  private stopShort(stop: SyncStop, retry?: { afterSeconds: number | undefined }): void {
    syncStatus.set({ lastError: stop });
    if (!retry || !this.retryByItself || this.stopped) return;
    this.unanswered += 1;
    const wait = retryDelayMs(this.unanswered, retry.afterSeconds);
    syncStatus.set({ nextTryAt: new Date(Date.now() + wait).toISOString() });
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.runBySelf();
    }, wait);
  }
}

let current: ChangeSync | undefined;

/**
 * The sync of the signed-in user, started once per page and user; another user's is stopped first
 * (their queue stays on the device, never shown to this one).
 */
export function startChangeSync(userId: string, o?: ChangeSyncOptions): ChangeSync {
  if (current?.queue.userId === userId) return current;
  current?.stop();
  syncStatus.reset();
  current = new ChangeSync(userId, o).start();
  return current;
}

/** Stops the sync of the page (signing out); its queue stays unless removed (`removeChangeQueue`). */
export function stopChangeSync(): void {
  current?.stop();
  current = undefined;
  syncStatus.reset();
}

/** Sends the page's queue now, if its sync has started (the indicator's "Sync now"). */
export function syncNowIfStarted(): Promise<void> {
  return current?.run() ?? Promise.resolve();
}

/** Queues a change of the signed-in user's (their sync started), and sends it when the server answers. */
export function queueChange(input: ChangeInput): Promise<QueuedChange> {
  if (!current) throw new Error('The sync of the signed-in user has not started');
  return current.enqueue(input);
}

/** Takes a refused or conflicting change off the signed-in user's queue (the indicator's Discard). */
export async function discardChange(key: string): Promise<void> {
  await current?.queue.discard(key);
}

/**
 * A refused or conflicting change the user settled online in its form (the resolved record written
 * with the server's answer in hand): it leaves the queue, and what waited on it is sent now.
 */
export async function settleChange(key: string): Promise<void> {
  if (!current) return;
  await current.queue.discard(key);
  await current.run();
}

/** What a queued change sends (a form rebuilt with its files), or undefined once it has left the queue. */
export async function queuedBody(key: string): Promise<unknown> {
  const change = current && (await current.queue.find(key));
  return change ? current!.queue.bodyOf(change) : undefined;
}

/** A file a queued change sends (its form's `file`-th), or undefined once the change has left the queue. */
export async function queuedFile(key: string, file: number): Promise<Blob | undefined> {
  return current?.queue.file(key, file);
}

/**
 * The keys of the queued creates whose client-made id is among `ids`: a change that names one of
 * those records (a row under an inspection made offline) is sent after it.
 */
export async function creatorsOf(ids: readonly string[]): Promise<string[]> {
  if (!current || ids.length === 0) return [];
  const wanted = new Set(ids);
  return (await current.queue.list())
    .filter((change) => change.method === 'POST' && wanted.has(createdIdOf(change) as string))
    .map((change) => change.key);
}

/** The id a queued create gives its record (a form's part, or the JSON body's). */
function createdIdOf(change: QueuedChange): unknown {
  return change.form
    ? change.form.find(([name]) => name === 'id')?.[1]
    : (change.body as { id?: unknown } | undefined)?.id;
}

/**
 * The last change still queued that makes or changes the record `id` (whatever its state): a later
 * update of the same record is sent after it, with the version it will have made.
 */
export async function lastChangeOf(id: string): Promise<QueuedChange | undefined> {
  if (!current) return undefined;
  const changes = await current.queue.list();
  return changes.findLast(
    (change) => change.shows?.id === id || (change.method === 'POST' && createdIdOf(change) === id),
  );
}

/**
 * The version a record will hold once `change` is written: 1 after its create (every record is
 * created at 1), one more than an update sends. Undefined when there is no such change, or it says
 * no version (the screen's version as read then stands).
 */
export function versionAfter(change: QueuedChange | undefined): number | undefined {
  if (!change) return undefined;
  if (change.method === 'POST') return 1;
  if (change.method !== 'PUT') return undefined;
  const sent = change.form
    ? change.form.find(([name]) => name === 'version')?.[1]
    : (change.body as { version?: unknown } | undefined)?.version;
  const version = typeof sent === 'string' ? Number(sent) : sent;
  return typeof version === 'number' && Number.isInteger(version) ? version + 1 : undefined;
}

/**
 * Signing out on purpose: the sync stops and the user's queue is removed from the device, its photos
 * with it (after the offer to sync first).
 */
export async function endChangeSync(userId: string): Promise<void> {
  stopChangeSync();
  await removeChangeQueue(userId);
}
