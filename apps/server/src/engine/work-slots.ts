import type { AppError } from '../errors.ts';

/**
 * A limit on one kind of heavy work running at once across the process (spreadsheet imports,
 * report prints), with a fair queue in front of it (docs/bounded-clients.md, "Work slots"): work
 * past the limit waits, first come first served, for at most `waitMs`, then is refused with the
 * kind's own error (a 503 with `Retry-After`) before anything of it has run. The queue holds at most
 * `maxWaiting`: one more is refused at once with the same error. Work that names its owner (a
 * user) waits at most once per owner: a second while the first waits is refused with
 * `ownerRefusal`. Work whose client has gone (`signal`) leaves the queue.
 */
export type WorkSlots = {
  /** Runs `work` in a slot, given back when it settles. */
  run<T>(work: () => Promise<T>, o?: TakeOptions): Promise<T>;
  /**
   * Takes a slot for work whose end is not one promise (a print streamed to its client): answers
   * the function that gives it back (once; later calls do nothing).
   */
  take(o?: TakeOptions): Promise<() => void>;
  /** Changes the limit, the wait or the queue's length; work already running keeps its slot. */
  configure(o: SlotSettings): void;
  /** The settings, and the work running and waiting now. */
  state(): Required<SlotSettings> & { running: number; waiting: number };
};

export type SlotSettings = { maxConcurrent?: number; waitMs?: number; maxWaiting?: number };

export type TakeOptions = {
  /** Who asks (a user's id): at most one of theirs waits at a time. */
  owner?: string;
  /** Aborted when the work is no longer wanted (its client went away): it leaves the queue. */
  signal?: AbortSignal;
};

type Waiter = { granted: () => void; owner: string | undefined };

export function workSlots(o: {
  maxConcurrent: number;
  waitMs: number;
  maxWaiting?: number;
  refusal: () => AppError;
  /** The refusal of a second waiting work of the same owner; without it, owners are not counted. */
  ownerRefusal?: () => AppError;
}): WorkSlots {
  const settings = {
    maxConcurrent: o.maxConcurrent,
    waitMs: o.waitMs,
    maxWaiting: o.maxWaiting ?? Number.POSITIVE_INFINITY,
  };
  let running = 0;
  const waiting: Waiter[] = [];

  /** Gives free slots to the work waiting longest. */
  const handOver = () => {
    while (running < settings.maxConcurrent && waiting.length > 0) {
      running++;
      waiting.shift()!.granted();
    }
  };
  const giveBack = () => {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      running--;
      handOver();
    };
  };
  const take = (t: TakeOptions = {}): Promise<() => void> => {
    if (t.signal?.aborted) return Promise.reject(t.signal.reason);
    if (running < settings.maxConcurrent && waiting.length === 0) {
      running++;
      return Promise.resolve(giveBack());
    }
    if (o.ownerRefusal && t.owner !== undefined && waiting.some((w) => w.owner === t.owner))
      return Promise.reject(o.ownerRefusal());
    if (waiting.length >= settings.maxWaiting) return Promise.reject(o.refusal());
    return new Promise((resolve, reject) => {
      const leave = (error: unknown) => {
        const at = waiting.indexOf(waiter);
        if (at >= 0) waiting.splice(at, 1);
        clearTimeout(timer);
        t.signal?.removeEventListener('abort', gone);
        reject(error);
      };
      const gone = () => leave(t.signal!.reason);
      const waiter: Waiter = {
        owner: t.owner,
        granted: () => {
          clearTimeout(timer);
          t.signal?.removeEventListener('abort', gone);
          resolve(giveBack());
        },
      };
      const timer = setTimeout(() => leave(o.refusal()), settings.waitMs);
      t.signal?.addEventListener('abort', gone, { once: true });
      waiting.push(waiter);
    });
  };
  return {
    take,
    async run(work, t) {
      const release = await take(t);
      try {
        return await work();
      } finally {
        release();
      }
    },
    configure(c) {
      if (c.maxConcurrent !== undefined) settings.maxConcurrent = c.maxConcurrent;
      if (c.waitMs !== undefined) settings.waitMs = c.waitMs;
      if (c.maxWaiting !== undefined) settings.maxWaiting = c.maxWaiting;
      handOver();
    },
    state: () => ({ ...settings, running, waiting: waiting.length }),
  };
}
