import { partialMatchKey } from '@tanstack/react-query';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { QueuedChange } from './change-queue.ts';
import { emptyWhenNew, queuedKeyOf, queuedMark } from './queued-mark.ts';

/*
 * What the screens show until the sync (docs/offline-capture.md): the changes still in the device's
 * queue laid over the records the cache holds, at read time. The queue is the truth of what the user
 * did offline (durable, in order); the cache is the truth of what the server last said. Laying the
 * one over the other whenever either changes (a change queued, the queue read after a reload, a read
 * answered) shows the user's values wherever the record is shown, whatever the cache was restored
 * from, and gives the server's record back by itself once the change has left the queue.
 */

type Row = Record<string, unknown>;

/**
 * A queued change as the screens show it: the record it changes (`made`: a create, the record made
 * on the device) and the values it gives it.
 */
type Shown = { key: string; id: string; made: boolean; values: Row; lists: readonly QueryKey[] | undefined };

/** The changes of the queue that show a record, in order (refused and conflicting ones included). */
export function shownChanges(changes: readonly QueuedChange[]): Shown[] {
  return changes.flatMap((change) =>
    change.shows
      ? [
          {
            key: change.key,
            id: change.shows.id,
            made: change.method === 'POST',
            values: change.shows.values,
            lists: change.shows.lists,
          },
        ]
      : [],
  );
}

const isRecord = (value: unknown): value is Row =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as Row).id === 'string';

/** A record with every queued change to it laid over it (its version left as read). */
function laid(record: Row, shown: readonly Shown[]): Row {
  let next = record;
  for (const change of shown)
    if (change.id === record.id)
      next = { ...next, ...change.values, id: record.id, [queuedMark]: change.key };
  return next;
}

/**
 * The record a queued create makes, as the screens show it until the server has it: at version 1,
 * the version every record is created at (the server's `recordColumns`), so an edit of it queued
 * offline goes out with the version the create will have made.
 */
function made(create: Shown, shown: readonly Shown[]): Row {
  return laid({ id: create.id, version: 1, [queuedMark]: create.key }, shown);
}

/** Whether a list of this query shows the records a create puts under `lists`: its first page only. */
function listsOf(query: Query, create: Shown, data: unknown): boolean {
  if (!create.lists?.some((prefix) => partialMatchKey(query.queryKey, prefix))) return false;
  const page = (data as { meta?: { pageNumber?: number } } | undefined)?.meta?.pageNumber;
  const asked = query.queryKey.find(
    (part): part is { pageNumber: number } =>
      typeof (part as { pageNumber?: unknown })?.pageNumber === 'number',
  );
  return (page ?? asked?.pageNumber ?? 1) === 1;
}

/** Lays the queued changes over one list of records, the creates it shows first. */
function laidList(records: readonly unknown[], query: Query, data: unknown, shown: readonly Shown[]) {
  const held = new Set(records.map((r) => (isRecord(r) ? r.id : undefined)));
  const creates = shown.filter(
    (c, i) =>
      c.lists && !held.has(c.id) && shown.findIndex((o) => o.id === c.id) === i && listsOf(query, c, data),
  );
  const next = [
    ...creates.reverse().map((c) => made(c, shown)),
    ...records.map((r) => (isRecord(r) ? laid(r, shown) : r)),
  ];
  return { records: next, added: creates.length };
}

/**
 * A query's data with the queued changes laid over it: a record, a list of records, or a page or a
 * whole list (`{ records, totalCount?, meta? }`). A read under a create's lists that found nothing
 * and names the record (its own read: the row's form) or is the list itself (the report's one
 * inspection) answers the record made on the device; one whose key names a record made on the
 * device and whose `meta` gives its empty answer (`answerWhenNew`) answers that, laid over. Same
 * data (`===`) when nothing changes. A query whose `meta` says `asStored` is never laid over.
 */
export function laidOver(query: Query, shown: readonly Shown[]): unknown {
  const data = query.state.data;
  // A read of the record as the server stores it (a queued change's comparison) is left as read.
  if (query.meta?.asStored === true) return data;
  if (data === undefined || data === null) {
    const create = shown.find(
      (c) =>
        c.lists?.some((prefix) => partialMatchKey(query.queryKey, prefix)) &&
        (query.queryKey.includes(c.id) || c.lists.some((prefix) => prefix.length === query.queryKey.length)),
    );
    if (create) return made(create, shown);
    // A read under a record made on the device (an inspection's rows): the server holds none yet,
    // so it answers what the server will once synced, with what was queued under it laid over.
    const empty = query.meta?.[emptyWhenNew];
    if (empty !== undefined && shown.some((c) => c.made && query.queryKey.includes(c.id)))
      return laidOverData(query, empty, shown);
    return data;
  }
  return laidOverData(query, data, shown);
}

/** A query's answer with the queued changes laid over it (`laidOver`, once there is an answer). */
function laidOverData(query: Query, data: unknown, shown: readonly Shown[]): unknown {
  if (isRecord(data)) {
    const next = laid(data, shown);
    return same(next, data) ? data : next;
  }
  if (Array.isArray(data)) {
    const { records, added } = laidList(data, query, data, shown);
    return added === 0 && records.every((r, i) => r === data[i] || same(r as Row, data[i] as Row))
      ? data
      : records;
  }
  const list = data as { records?: unknown; totalCount?: number; meta?: { totalCount?: number } };
  if (!Array.isArray(list.records)) return data;
  const before = list.records;
  const { records, added } = laidList(before, query, data, shown);
  if (added === 0 && records.every((r, i) => r === before[i] || same(r as Row, before[i] as Row)))
    return data;
  return {
    ...list,
    records,
    ...(typeof list.totalCount === 'number' ? { totalCount: list.totalCount + added } : {}),
    ...(list.meta && typeof list.meta.totalCount === 'number'
      ? { meta: { ...list.meta, totalCount: list.meta.totalCount + added } }
      : {}),
  };
}

/** Shallow equality of two records (what laying over changes is top-level values). */
function same(a: Row, b: Row | undefined): boolean {
  if (!b) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => Object.is(a[k], b[k]));
}

/** Whether a query holds a record laid over by a change no longer queued (written or discarded). */
function holdsGone(data: unknown, queued: ReadonlySet<string>): boolean {
  const gone = (r: unknown) => isRecord(r) && queuedKeyOf(r) !== undefined && !queued.has(queuedKeyOf(r)!);
  if (Array.isArray(data)) return data.some(gone);
  const records = (data as { records?: unknown } | null | undefined)?.records;
  return Array.isArray(records) ? records.some(gone) : gone(data);
}

/**
 * Lays the queue's changes over the cache's queries (every one, or `only`), keeping each query's
 * time (a patched copy is no fresher than the read it came from). A query showing a change that has
 * left the queue is marked stale: read again when the network allows (the sync's own refetch does
 * it for a change written).
 */
export function showQueued(queryClient: QueryClient, changes: readonly QueuedChange[], only?: Query): void {
  const shown = shownChanges(changes);
  const queued = new Set(changes.map((change) => change.key));
  for (const query of only ? [only] : queryClient.getQueryCache().getAll()) {
    const data = query.state.data;
    const next = shown.length > 0 ? laidOver(query, shown) : data;
    if (next !== data) {
      queryClient.setQueryData(query.queryKey, next, {
        updatedAt: query.state.dataUpdatedAt || undefined,
      });
    } else if (data !== undefined && holdsGone(data, queued)) {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }
  }
}
