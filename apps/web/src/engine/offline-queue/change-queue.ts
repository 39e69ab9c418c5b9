import type { FieldError } from '@inspectra/contract';
import { clear, createStore, delMany, get, getMany, keys, set, setMany } from 'idb-keyval';
import { newId } from '../../api/new-id.ts';
import { withoutQueuedFiles } from './queued-files.ts';

/*
 * The durable queue of changes made on the device (docs/offline-capture.md, part 4): each write the
 * user makes while the server cannot be reached is kept in IndexedDB, photos included, before the
 * screen says it is saved, and sent later by the sync (sync-runner.ts) in the order it was made.
 * The queue belongs to one user: their own database, named after their id, which no other user's
 * session opens, deleted whole when they sign out on purpose.
 */

/**
 * 'sending' is written before a try and found again after a reload mid-try: the change is then sent
 * again under its key. A change the server answered with success leaves the queue (no 'done' kept).
 */
export type ChangeState = 'waiting' | 'sending' | 'refused' | 'conflict';

/** A refusal as the server's error envelope said it: shown to the user, never dropped. */
export type ChangeRefusal = {
  status: number;
  code: string | undefined;
  message: string;
  details: FieldError[];
};

/**
 * What the screens show of a change until the server has written it (queued-records.ts): the record
 * it makes or changes, the values it gives it (a photo it sends as a reference to its bytes in the queue, queued-files.ts), and for a create the query-key
 * prefixes of the lists it appears in.
 */
export type QueuedRecord = { id: string; values: Record<string, unknown>; lists?: unknown[][] };

/** A file of a form, as the form sent online carries it. */
export type QueuedFile = { name: string; type: string; size: number };

/** A form's part: text, or a file whose bytes are kept beside the change (read only to send it). */
export type QueuedFormPart = [name: string, value: string | { file: number; meta: QueuedFile }];

export type QueuedChange = {
  /** Its `Idempotency-Key` (a UUID): made once when the change is queued, sent with every try of it. */
  key: string;
  method: 'POST' | 'PUT' | 'DELETE';
  /** Relative to /api, parameters filled in: '/thermal-measurements/3f…'. */
  path: string;
  /** A JSON body, or… */
  body?: unknown;
  /** …a multipart form's parts, in order. */
  form?: QueuedFormPart[];
  /** Keys of the changes that must be written first (a row's create after its inspection's). */
  dependsOn?: string[];
  /** When the user made it (ISO). */
  madeAt: string;
  /** Place in the queue: made earlier, sent earlier. A resent edit keeps the place of what it replaces. */
  order: number;
  state: ChangeState;
  /** The server's refusal (state 'refused'), or its version conflict (state 'conflict'). */
  refusal?: ChangeRefusal;
  /** Tries that found no answer (network, busy server): what the next wait is worked out from. */
  attempts: number;
  /** A label for the lists of the indicator: what the user would call it ("Thermal measurement"). */
  label?: string;
  /**
   * The record's name as a reader finds it (`readerName`: "PL-102-S03"), beside the label in the
   * indicator's lists, so two changes of one entity read apart. Absent in changes queued before it.
   */
  name?: string;
  /** The record as the screens show it until the change is written. */
  shows?: QueuedRecord;
  /**
   * An update's record as the device read it when the change was made (the version it was made
   * from): the base of the three-way comparison when the server finds the record changed meanwhile.
   */
  base?: Record<string, unknown>;
  /**
   * How its form's files go, decided at its first try and kept: `uploads`, each sent first as an
   * upload that resumes after a drop (file-uploads.ts), the form then naming them; `form`, inside the
   * form whole, as before uploads. A change tried whole (before uploads, or online with no answer)
   * stays so: its key's kept answer belongs to that body, and another body under it is refused.
   */
  sendsFilesAs?: 'form' | 'uploads';
};

/** What a screen gives to queue a change: a JSON body or a FormData as it would send online. */
export type ChangeInput = {
  method: QueuedChange['method'];
  path: string;
  body?: unknown;
  dependsOn?: string[];
  label?: string;
  name?: string;
  shows?: QueuedRecord;
  /** An update's record as read (`QueuedChange.base`). */
  base?: Record<string, unknown> | null;
  /** The key a change is queued under (made before, so the screens' photos can name its bytes). */
  key?: string;
  /** A try online already went out under `key` (its answer never came): kept, so the server writes it once. */
  tried?: boolean;
};

const changeKey = (key: string) => `change:${key}`;
const fileKey = (key: string, index: number) => `file:${key}:${index}`;

/** The database of a user's queue: a database of its own, so removing it is one deletion. */
export const queueDatabaseName = (userId: string) => `inspectra-queue-${userId}`;

/** A change's key, a version 4 UUID (made as a record's device-made id is). */
export const newChangeKey = newId;

let lastOrder = 0;
/** Increasing within the page even for changes made in the same millisecond. */
function nextOrder(): number {
  lastOrder = Math.max(Date.now() * 1000, lastOrder + 1);
  return lastOrder;
}

const byOrder = (a: QueuedChange, b: QueuedChange) => a.order - b.order || a.key.localeCompare(b.key);

/** Listeners of every queue in the page: the hook's counts follow each write. */
const listeners = new Set<(userId: string) => void>();
export function onQueueChanged(listener: (userId: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * One user's queue. Every write goes to IndexedDB before it resolves: a change enqueued survives a
 * reload, a closed browser and a flat battery.
 */
export class ChangeQueue {
  readonly userId: string;
  private readonly store: ReturnType<typeof createStore>;

  constructor(userId: string) {
    this.userId = userId;
    this.store = createStore(queueDatabaseName(userId), 'changes');
  }

  private changed() {
    for (const listener of listeners) listener(this.userId);
  }

  /**
   * Keeps a change to send later, with its key made now and never again. A FormData's files are kept
   * as their bytes beside it; its text parts and a JSON body are kept as they are.
   */
  async enqueue(input: ChangeInput, now: Date = new Date()): Promise<QueuedChange> {
    return this.put(input, {
      key: input.key ?? newChangeKey(),
      order: nextOrder(),
      madeAt: now.toISOString(),
    });
  }

  private async put(
    input: ChangeInput,
    place: Pick<QueuedChange, 'key' | 'order' | 'madeAt'>,
  ): Promise<QueuedChange> {
    const change: QueuedChange = {
      ...place,
      method: input.method,
      path: input.path,
      state: 'waiting',
      attempts: 0,
      ...(input.dependsOn?.length ? { dependsOn: input.dependsOn } : {}),
      ...(input.label ? { label: input.label } : {}),
      ...(input.name ? { name: input.name } : {}),
      ...(input.shows ? { shows: input.shows } : {}),
      ...(input.base ? { base: input.base } : {}),
    };
    // Its key's answer, if the server kept one, is for the whole form that try sent.
    if (input.tried) change.sendsFilesAs = 'form';
    const files: [string, ArrayBuffer][] = [];
    if (input.body instanceof FormData) {
      change.form = [];
      for (const [name, value] of input.body.entries()) {
        if (typeof value === 'string') {
          change.form.push([name, value]);
          continue;
        }
        // Bytes rather than the Blob: an ArrayBuffer is kept alike by every browser's IndexedDB.
        files.push([fileKey(place.key, files.length), await value.arrayBuffer()]);
        const meta = { name: value.name, type: value.type, size: value.size };
        change.form.push([name, { file: files.length - 1, meta }]);
      }
    } else if (input.body !== undefined) {
      change.body = input.body;
    }
    // The files first: a change is never listed without the bytes it sends.
    await setMany([...files, [changeKey(place.key), change]], this.store);
    this.changed();
    return change;
  }

  /** Every change not yet written by the server, in the order they are sent. */
  async list(): Promise<QueuedChange[]> {
    const names = (await keys<string>(this.store)).filter((name) => name.startsWith('change:'));
    const changes = await getMany<QueuedChange>(names, this.store);
    return changes.filter((change): change is QueuedChange => change !== undefined).sort(byOrder);
  }

  async find(key: string): Promise<QueuedChange | undefined> {
    return get<QueuedChange>(changeKey(key), this.store);
  }

  /** Records how a change stands (sending, refused…); a change no longer queued stays gone. */
  async update(
    key: string,
    patch: Partial<Pick<QueuedChange, 'state' | 'refusal' | 'attempts' | 'sendsFilesAs'>>,
  ) {
    const change = await this.find(key);
    if (!change) return;
    const next: QueuedChange = { ...change, ...patch };
    if (patch.state === 'waiting' || patch.state === 'sending') delete next.refusal;
    await set(changeKey(key), next, this.store);
    this.changed();
  }

  /**
   * The body a change is sent with: its JSON, or its form rebuilt with its files' kept bytes, or,
   * given `uploads` (the upload of each file, by its index), with `upload:<id>` text parts in their
   * place, which the server reads as the whole upload.
   */
  async bodyOf(change: QueuedChange, uploads?: readonly string[]): Promise<unknown> {
    if (!change.form) return change.body;
    const form = new FormData();
    for (const [name, value] of change.form) {
      if (typeof value === 'string') {
        form.append(name, value);
      } else if (uploads) {
        form.append(name, `upload:${uploads[value.file]}`);
      } else {
        const bytes = await this.fileBytes(change.key, value);
        form.append(name, new File([bytes], value.meta.name, { type: value.meta.type }));
      }
    }
    return form;
  }

  /** The kept bytes of a change's file; thrown when the device lost them (the user must hear of it). */
  async fileBytes(key: string, { file, meta }: { file: number; meta: QueuedFile }): Promise<ArrayBuffer> {
    const bytes = await get<ArrayBuffer>(fileKey(key, file), this.store);
    if (!bytes) throw new Error(`The kept photo ${meta.name} of a queued change is missing`);
    return bytes;
  }

  /**
   * A photo a queued change sends (its form's `file`-th), as the screens show it until the sync:
   * undefined once the change has left the queue.
   */
  async file(key: string, file: number): Promise<Blob | undefined> {
    const part = (await this.find(key))?.form?.find(
      ([, value]) => typeof value !== 'string' && value.file === file,
    )?.[1];
    if (!part || typeof part === 'string') return undefined;
    const bytes = await get<ArrayBuffer>(fileKey(key, file), this.store);
    return bytes && new Blob([bytes], { type: part.meta.type });
  }

  /** Takes a change off the queue with its files: written by the server, or discarded by the user. */
  async discard(key: string): Promise<void> {
    const change = await this.find(key);
    if (!change) return;
    const files = (change.form ?? []).flatMap(([, value]) =>
      typeof value === 'string' ? [] : [fileKey(key, value.file)],
    );
    await delMany([changeKey(key), ...files], this.store);
    this.changed();
  }

  /**
   * A refused or conflicting change sent again as the user edited it: a new change with a new key
   * (the old key's answer is the refusal, kept by the server), in the old one's place in the order;
   * the changes that waited on the old one now wait on it.
   */
  async retry(
    key: string,
    edited: Omit<ChangeInput, 'dependsOn'>,
    now: Date = new Date(),
  ): Promise<QueuedChange> {
    const old = await this.find(key);
    if (!old) throw new Error(`No queued change ${key}`);
    // One still to be sent may have been written already (its answer lost): under a new key it
    // would be written twice. Only what the server answered with a refusal is resent edited.
    if (old.state !== 'refused' && old.state !== 'conflict')
      throw new Error(`Only a refused or conflicting change is resent edited (${key} is ${old.state})`);
    // The screens show the edited values (a JSON body's, its version as read left out).
    const body = edited.body instanceof FormData ? undefined : (edited.body as Record<string, unknown>);
    const { version: _, ...values } = body ?? {};
    // Its photos went with the old key's bytes: the edited form (the resolving dialog's) has none.
    const shows = old.shows && {
      ...old.shows,
      values: { ...withoutQueuedFiles(old.shows.values, key), ...values },
    };
    const replacement = await this.put(
      // The same record: named as the old one was, unless the edit says otherwise.
      { shows, base: old.base, label: old.label, name: old.name, ...edited, dependsOn: old.dependsOn },
      { key: newChangeKey(), order: old.order, madeAt: now.toISOString() },
    );
    const dependents = (await this.list()).filter((change) => change.dependsOn?.includes(key));
    await setMany(
      dependents.map((change) => [
        changeKey(change.key),
        { ...change, dependsOn: change.dependsOn!.map((k) => (k === key ? replacement.key : k)) },
      ]),
      this.store,
    );
    await this.discard(key);
    return replacement;
  }
}

/**
 * Removes a user's whole queue from this device (signing out on purpose, after the offer to sync):
 * its changes and photos are deleted. The empty database stays: deleting it would wait for (and
 * hold up) every connection the page has open to it, as the same user's next sign-in in this page.
 */
export async function removeChangeQueue(userId: string): Promise<void> {
  await clear(createStore(queueDatabaseName(userId), 'changes')).catch(() => undefined);
  for (const listener of listeners) listener(userId);
}
