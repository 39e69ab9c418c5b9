/*
 * Unsaved form input kept on the device, so a session that ends, a reload or a closed tab does not
 * lose it. The values are small and go to localStorage under a key per user and record; photos chosen
 * but not uploaded yet are kept in IndexedDB, which (unlike localStorage) holds megabytes of bytes.
 * Every function fails quietly: a browser without storage (private mode, quota full) still edits and
 * saves, it only cannot keep a draft.
 */

const keyPrefix = 'inspectra.draft.';
const databaseName = 'inspectra-drafts';
const imageStore = 'images';

/** Whose draft, of which record: `new` records are told apart by the parent they are added to. */
export type DraftScope = {
  userId: string;
  entity: string;
  /** The record's id, or undefined for a record not created yet. */
  recordId?: string;
  /** For a new record: the parent it will be added to. */
  parentId?: string;
};

/** An image slot the user changed: a new file (kept in IndexedDB) or the stored image removed. */
export type DraftImage = 'file' | 'removed';

export type FormDraft = {
  /** When the draft was last written (ISO). */
  savedAt: string;
  /** The version of the record the changes were made to; null for a new record. */
  baseVersion: number | null;
  /** The inputs as they were at that version, to tell the user's changes from someone else's. */
  base: Record<string, unknown>;
  /** What the inputs hold. */
  inputs: Record<string, unknown>;
  images: Record<string, DraftImage>;
};

export function draftKey(scope: DraftScope): string {
  const record = scope.recordId ?? `new:${scope.parentId ?? ''}`;
  return `${keyPrefix}${scope.userId}.${scope.entity}.${record}`;
}

export function readDraft(key: string): FormDraft | undefined {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return undefined;
    const draft = JSON.parse(raw) as Partial<FormDraft>;
    // Anything else in the slot (an older format, a hand edit) is not offered.
    if (typeof draft.savedAt !== 'string' || typeof draft.inputs !== 'object' || draft.inputs === null)
      return undefined;
    return {
      savedAt: draft.savedAt,
      baseVersion: typeof draft.baseVersion === 'number' ? draft.baseVersion : null,
      base: draft.base ?? {},
      inputs: draft.inputs,
      images: draft.images ?? {},
    };
  } catch {
    return undefined;
  }
}

export function writeDraft(key: string, draft: FormDraft): void {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // No room or no storage: the form still works, only without a draft.
  }
}

/** Forgets the draft and its photos. */
export async function removeDraft(key: string): Promise<void> {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to remove where nothing could be stored.
  }
  await withStore('readwrite', (store) => store.delete(IDBKeyRange.bound(`${key}|`, `${key}|\uffff`))).catch(
    () => undefined,
  );
}

/**
 * Forgets every draft of one user on this device, photos included. Signing out on purpose calls it:
 * a shared tablet handed over keeps nothing of the previous user's unsaved work. A session that
 * merely expires keeps its drafts, so they can be restored after signing in again.
 */
export async function removeUserDrafts(userId: string): Promise<void> {
  const prefix = `${keyPrefix}${userId}.`;
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter(
      (k): k is string => k?.startsWith(prefix) ?? false,
    );
    for (const k of keys) localStorage.removeItem(k);
  } catch {
    // No storage: nothing was kept.
  }
  await withStore('readwrite', (store) => store.delete(IDBKeyRange.bound(prefix, `${prefix}\uffff`))).catch(
    () => undefined,
  );
}

/** A kept photo: the bytes with the name and type, rebuilt into a File when read. */
type KeptImage = { name: string; type: string; lastModified: number; bytes: ArrayBuffer };

export async function writeDraftImage(key: string, slot: string, file: File): Promise<void> {
  const kept: KeptImage = {
    name: file.name,
    type: file.type,
    lastModified: file.lastModified,
    bytes: await file.arrayBuffer(),
  };
  await withStore('readwrite', (store) => store.put(kept, `${key}|${slot}`)).catch(() => undefined);
}

export async function removeDraftImage(key: string, slot: string): Promise<void> {
  await withStore('readwrite', (store) => store.delete(`${key}|${slot}`)).catch(() => undefined);
}

/** The photo kept for a slot, or undefined when there is none (or no IndexedDB). */
export async function readDraftImage(key: string, slot: string): Promise<File | undefined> {
  const kept = (await withStore('readonly', (store) => store.get(`${key}|${slot}`)).catch(
    () => undefined,
  )) as KeptImage | undefined;
  // Checked by shape: a structured clone may come from another realm, where instanceof fails.
  if (typeof kept?.name !== 'string' || typeof kept.bytes?.byteLength !== 'number') return undefined;
  return new File([kept.bytes], kept.name, { type: kept.type, lastModified: kept.lastModified });
}

let database: Promise<IDBDatabase> | undefined;

function openDatabase(): Promise<IDBDatabase> {
  database ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('No IndexedDB'));
      return;
    }
    const request = indexedDB.open(databaseName, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(imageStore);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  }).catch((error: unknown) => {
    // Try again next time: the failure may have been passing (storage being cleared).
    database = undefined;
    throw error;
  });
  return database;
}

async function withStore<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>) {
  const db = await openDatabase();
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(imageStore, mode);
    const request = use(transaction.objectStore(imageStore));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}
