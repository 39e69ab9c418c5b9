/**
 * The mark a record shown from the device's queue carries (docs/offline-capture.md, "What the
 * screens show until the sync"): the key of the last change laid over it, not yet written by the
 * server. Kept in the shell (the table's mark, the form's re-read read it); the overlay that sets it
 * loads with the queue.
 */
export const queuedMark = '$queued';

/** The key of the queued change a record shows, or undefined for a record as the server gave it. */
export function queuedKeyOf(record: Record<string, unknown> | null | undefined): string | undefined {
  const key = record?.[queuedMark];
  return typeof key === 'string' ? key : undefined;
}

/**
 * A read's `meta` saying what it answers while the record it reads under (its key names the id: an
 * inspection's rows) is one made on this device and not yet synced: what the server will answer
 * once it is (no rows, a page of none), rather than "Not on this device". The overlay lays the
 * queued creates of its lists over it (queued-records.ts).
 */
export const answerWhenNew = (empty: unknown) => ({ [emptyWhenNew]: empty });
export const emptyWhenNew = 'emptyWhenNew';
