import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trimWhenQuiet } from '../src/db/client.ts';

/** The embedded database's heaps are collected once each time it goes quiet after work (docs/embedded-database.md). */
describe('trimWhenQuiet', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('trims once after a period of work followed by a quiet one, and not while work goes on or stays away', () => {
    const pool = { statements: 0 };
    const trim = vi.fn();
    const stop = trimWhenQuiet(pool, trim);
    vi.advanceTimersByTime(30_000);
    expect(trim).not.toHaveBeenCalled(); // never worked: nothing to give back

    for (let period = 0; period < 3; period++) {
      pool.statements += 5;
      vi.advanceTimersByTime(10_000);
    }
    expect(trim).not.toHaveBeenCalled(); // busy the whole time

    vi.advanceTimersByTime(10_000);
    expect(trim).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(trim).toHaveBeenCalledTimes(1); // quiet stays quiet: once

    pool.statements += 1;
    vi.advanceTimersByTime(20_000);
    expect(trim).toHaveBeenCalledTimes(2);

    stop();
    pool.statements += 1;
    vi.advanceTimersByTime(60_000);
    expect(trim).toHaveBeenCalledTimes(2);
  });
});
