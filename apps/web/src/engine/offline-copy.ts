import { partialMatchKey, queryOptions } from '@tanstack/react-query';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { dropDevicePhotos, removeDevicePhotos } from './device-photos.ts';
import type { TaskPhotos } from './device-photos.ts';
import type { TakePhotosOptions } from './take-photos-along.ts';

/*
 * The offline copy: the queries of the tasks a user took along, kept on the device in IndexedDB by
 * TanStack Query's own persistence and put back into the cache when the app starts, so the task's
 * screens answer from it without a network (docs/offline-capture.md, "Web: the app and the offline
 * copy"). The copy belongs to one user: it is kept under their id, opened only when their session
 * starts the app, and removed when they sign out on purpose.
 */

/** A task on the device: what the indicator lists, and the query keys its screens read. */
export type TakenTask = {
  taskId: string;
  /** How the task is named where it is listed (its work order and method). */
  name: string;
  /** When it was last loaded onto the device (ISO). */
  takenAt: string;
  /** Prefixes of the queries kept for it: every query under one of them is kept. */
  keys: QueryKey[];
  /** Its photos kept on the device, reduced (device-photos.ts); absent in a copy taken before. */
  photos?: TaskPhotos;
};

/** The indicator's query of the tasks on the device (read from the store, never itself kept). */
export const offlineTasksKey = ['offline-copy', 'tasks'] as const;

export const offlineTasksQuery = (userId: string) =>
  queryOptions({
    queryKey: [...offlineTasksKey, userId],
    queryFn: () => readTakenTasks(userId),
    // The device's own store: read with or without a network, and changed only through this module.
    networkMode: 'always',
    staleTime: Infinity,
  });

/**
 * How long a copy is put back after it was last written: a week and a day, so a task taken on a
 * Monday still opens the next Monday; older, it is dropped rather than shown as if current.
 */
export const offlineCopyMaxAge = 8 * 24 * 60 * 60 * 1000;

/** Raised when what is kept changes shape: an older copy is then dropped, not misread. */
const copyFormat = 'offline-copy-1';

const store = () => createStore('inspectra-offline', 'copies');
let copies: ReturnType<typeof createStore> | undefined;
const copyStore = () => (copies ??= store());

const cacheKey = (userId: string) => `cache:${userId}`;
const tasksKey = (userId: string) => `tasks:${userId}`;

/**
 * The user's copy in IndexedDB (TanStack's persister contract). Writes are coalesced: while one is
 * under way only the newest client waits, so a burst of cache events writes twice, not a hundred times.
 */
function persisterOf(userId: string): Persister {
  let newest: PersistedClient | undefined;
  let writing: Promise<void> | undefined;
  return {
    persistClient: (client) => {
      newest = client;
      writing ??= (async () => {
        try {
          while (newest) {
            const next = newest;
            newest = undefined;
            await set(cacheKey(userId), next, copyStore());
          }
        } catch {
          // No storage (a private window, a full quota, a browser without IndexedDB): the screens
          // still work online; there is only no copy to open offline, as with drafts.
          newest = undefined;
        } finally {
          writing = undefined;
        }
      })();
      return writing;
    },
    restoreClient: () => get<PersistedClient>(cacheKey(userId), copyStore()).catch(() => undefined),
    removeClient: () => del(cacheKey(userId), copyStore()).catch(() => {}),
  };
}

/** The tasks a user has on this device, most recently taken first; none when storage fails. */
export async function readTakenTasks(userId: string): Promise<TakenTask[]> {
  try {
    const tasks = await get<TakenTask[]>(tasksKey(userId), copyStore());
    return Array.isArray(tasks) ? tasks : [];
  } catch {
    return [];
  }
}

type OpenCopy = {
  userId: string;
  queryClient: QueryClient;
  persister: Persister;
  taken: TakenTask[];
  ready: Promise<void>;
  unsubscribe: () => void;
};

let open: OpenCopy | undefined;

/** Whether a query belongs to a task on the device, and holds an answer worth keeping. */
function isKept(query: Query, taken: readonly TakenTask[]): boolean {
  return (
    query.state.status === 'success' &&
    taken.some((task) => task.keys.some((key) => partialMatchKey(query.queryKey, key)))
  );
}

/** A taken task's queries stay in the cache however long no screen shows them. */
function keepInCache(queryClient: QueryClient, taken: readonly TakenTask[]) {
  for (const key of taken.flatMap((task) => task.keys))
    queryClient.setQueryDefaults(key, { gcTime: Infinity });
}

const persistOptions = (queryClient: QueryClient, copy: Pick<OpenCopy, 'persister' | 'taken'>) => ({
  queryClient,
  persister: copy.persister,
  buster: copyFormat,
  maxAge: offlineCopyMaxAge,
  dehydrateOptions: { shouldDehydrateQuery: (query: Query) => isKept(query, copy.taken) },
});

/**
 * Opens the signed-in user's copy: puts what they took along back into the cache, then keeps it
 * written as its queries change. Called before the signed-in screens load (the router's loader), so
 * their first reads find it. Another user's copy opened before in this page is closed and the cache
 * emptied: nothing of theirs is shown to this one.
 */
export function openOfflineCopy(queryClient: QueryClient, userId: string): Promise<void> {
  if (open?.userId === userId && open.queryClient === queryClient) return open.ready;
  if (open) {
    open.unsubscribe();
    queryClient.clear();
  }
  const copy: OpenCopy = {
    userId,
    queryClient,
    persister: persisterOf(userId),
    taken: [],
    ready: Promise.resolve(),
    unsubscribe: () => undefined,
  };
  open = copy;
  copy.ready = (async () => {
    copy.taken = await readTakenTasks(userId);
    keepInCache(queryClient, copy.taken);
    if (copy.taken.length > 0)
      await persistQueryClientRestore(persistOptions(queryClient, copy)).catch(() => undefined);
    // Closed meanwhile (signed out while restoring): nothing to keep writing.
    if (open === copy) copy.unsubscribe = persistQueryClientSubscribe(persistOptions(queryClient, copy));
  })();
  return copy.ready;
}

/** Whose copy the page has open: the signed-in user (the screens' photos kept on the device are theirs). */
export const offlineCopyUserId = (): string | undefined => open?.userId;

/** The open copy of this user, opened if it is not yet (a screen may act before the loader ran). */
async function copyOf(queryClient: QueryClient, userId: string): Promise<OpenCopy> {
  await openOfflineCopy(queryClient, userId);
  return open!;
}

/** The photos kept for any of `tasks`, with the bytes each takes. */
const photosOf = (tasks: readonly TakenTask[]): Record<string, number> =>
  Object.assign({}, ...tasks.map((task) => task.photos?.kept ?? {})) as Record<string, number>;

async function writeTaken(queryClient: QueryClient, copy: OpenCopy, taken: TakenTask[]) {
  const before = photosOf(copy.taken);
  copy.taken = taken;
  await set(tasksKey(copy.userId), taken, copyStore());
  // A photo no task on the device names any more (its task removed, its record's photo replaced).
  const now = photosOf(taken);
  await dropDevicePhotos(
    copy.userId,
    Object.keys(before).filter((id) => !(id in now)),
  );
  keepInCache(queryClient, taken);
  // Written now rather than on the next cache event: a reload right after still finds it.
  await persistQueryClientSave(persistOptions(queryClient, copy));
  await queryClient.invalidateQueries({ queryKey: offlineTasksKey });
}

/**
 * Puts a task on the device: `load` reads its queries into the cache (the same calls its screens
 * make), the stored photos those records carry are kept reduced (`take-photos-along.ts`; `photos`
 * injects its reading and reducing in tests), then the task is listed with the key prefixes of what
 * it read and its photos, and the copy written. A task taken again is refreshed, its photos renewed
 * and its time renewed. Fails when the reads fail (no network, a
 * refusal): the task is then not listed as on the device.
 */
export async function takeOffline(
  queryClient: QueryClient,
  userId: string,
  task: Pick<TakenTask, 'taskId' | 'name'>,
  load: () => Promise<QueryKey[]>,
  now: Date = new Date(),
  photos: TakePhotosOptions = {},
): Promise<void> {
  const copy = await copyOf(queryClient, userId);
  const keys = await load();
  // The stored images its records carry, reduced, after its reads (loaded with the first task taken).
  const along = await import('./take-photos-along.ts');
  const kept = await along.takePhotosAlong(
    userId,
    along.imagesRead(queryClient, keys),
    photosOf(copy.taken),
    photos,
  );
  const entry: TakenTask = { ...task, keys, takenAt: now.toISOString(), photos: kept };
  await writeTaken(queryClient, copy, [entry, ...copy.taken.filter((t) => t.taskId !== task.taskId)]);
}

/** Takes one task off the device; queries another task on it still needs stay. */
export async function removeTaken(queryClient: QueryClient, userId: string, taskId: string): Promise<void> {
  const copy = await copyOf(queryClient, userId);
  await writeTaken(
    queryClient,
    copy,
    copy.taken.filter((t) => t.taskId !== taskId),
  );
}

/**
 * Removes everything a user keeps on this device. Signing out on purpose calls it: a shared tablet
 * handed over holds nothing of theirs. A session that merely expires keeps the copy.
 */
export async function removeOfflineCopy(userId: string): Promise<void> {
  if (open?.userId === userId) {
    open.unsubscribe();
    open = undefined;
  }
  await Promise.all([
    del(cacheKey(userId), copyStore()),
    del(tasksKey(userId), copyStore()),
    removeDevicePhotos(userId),
  ]).catch(() => undefined);
}
