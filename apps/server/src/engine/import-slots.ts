import { AppError } from '../errors.ts';
import { workSlots } from './work-slots.ts';

/**
 * Spreadsheet imports running at once, across the whole process (docs/spreadsheets.md, "Imports at
 * once"). An import holds its workbook reader, its rows and its batches' parameters, and a database
 * connection, while it runs: eight 10,000-row imports at once raised the peak RSS by 340–380 MB on
 * PostgreSQL, two at a time by about 200. Every import route takes a slot first; one beyond the
 * limit waits a short while for a slot, then is refused with 503 and a `Retry-After`, before
 * anything of it is written.
 */

/** How long an import waits for a slot before it is refused: a little longer than one import. */
export const defaultImportWaitMs = 10_000;
/** What a refused import is told to wait before trying again (`Retry-After`, seconds). */
export const importRetryAfterSeconds = 10;

const slots = workSlots({
  maxConcurrent: 2,
  waitMs: defaultImportWaitMs,
  refusal: () =>
    new AppError(
      'SERVICE_UNAVAILABLE',
      `Other spreadsheet imports are running and nothing of this one was imported: try again in ${importRetryAfterSeconds} seconds`,
      undefined,
      { retryAfterSeconds: importRetryAfterSeconds },
    ),
});

/**
 * Sets how many imports run at once (`MAX_CONCURRENT_IMPORTS`) and how long one waits for a slot.
 * Read at start; imports already running keep their slots.
 */
export const configureImportSlots = slots.configure;

/** Imports running and waiting now. */
export const importSlots = slots.state;

/**
 * Runs one import in a slot: at most `MAX_CONCURRENT_IMPORTS` run at once in the process. Past the
 * limit it waits (first come, first served) for at most the configured time, then throws 503
 * `SERVICE_UNAVAILABLE` with `Retry-After` without running `work`.
 */
export const withImportSlot = <T>(work: () => Promise<T>): Promise<T> => slots.run(work);
