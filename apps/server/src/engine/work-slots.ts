import type { AppError } from '../errors.ts';

/**
 * A limit on one kind of heavy work running at once across the process (spreadsheet imports,
 * report prints): work past the limit waits, first come first served, for at most `waitMs`, then is
 * refused with the kind's own error (a 503 with `Retry-After`) before anything of it has run.
 */
export type WorkSlots = {
  /** Runs `work` in a slot, given back when it settles. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Takes a slot for work whose end is not one promise (a print streamed to its client): answers
   * the function that gives it back (once; later calls do nothing).
   */
  take(): Promise<() => void>;
  /** Changes the limit or the wait; work already running keeps its slot. */
  configure(o: { maxConcurrent?: number; waitMs?: number }): void;
  /** The settings, and the work running and waiting now. */
  state(): { maxConcurrent: number; waitMs: number; running: number; waiting: number };
};

export function workSlots(o: { maxConcurrent: number; waitMs: number; refusal: () => AppError }): WorkSlots {
  const settings = { maxConcurrent: o.maxConcurrent, waitMs: o.waitMs };
  let running = 0;
  const waiting: (() => void)[] = [];

  /** Gives free slots to the work waiting longest. */
  const handOver = () => {
    while (running < settings.maxConcurrent && waiting.length > 0) {
      running++;
      waiting.shift()!();
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
  const take = (): Promise<() => void> => {
    if (running < settings.maxConcurrent && waiting.length === 0) {
      running++;
      return Promise.resolve(giveBack());
    }
    return new Promise((resolve, reject) => {
      const granted = () => {
        clearTimeout(timer);
        resolve(giveBack());
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(granted), 1);
        reject(o.refusal());
      }, settings.waitMs);
      waiting.push(granted);
    });
  };
  return {
    take,
    async run(work) {
      const release = await take();
      try {
        return await work();
      } finally {
        release();
      }
    },
    configure(c) {
      if (c.maxConcurrent !== undefined) settings.maxConcurrent = c.maxConcurrent;
      if (c.waitMs !== undefined) settings.waitMs = c.waitMs;
      handOver();
    },
    state: () => ({ ...settings, running, waiting: waiting.length }),
  };
}
