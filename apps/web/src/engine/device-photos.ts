import { clear, createStore, delMany, get } from 'idb-keyval';

/*
 * The photos a task taken along keeps on the device (docs/offline-capture.md, "Photos taken along"),
 * and how a screen names a photo that is only on the device: a stored file is `/api/files/{id}`; a
 * photo saved offline with a record is still in the queue (`queued-file:{change}:{n}`, the queue's
 * own key of its bytes) until the sync sends it. Small and read by the shell's screens: the taking
 * (fetch, reduce, cap) is `take-photos-along.ts`, loaded when a task is taken.
 */

/** A photo as kept on the device: its bytes (an ArrayBuffer, kept alike by every browser) and type. */
export type DevicePhoto = { bytes: ArrayBuffer; type: string };

/**
 * The photos of one taken task: the id of each stored file kept and the bytes it takes, those left
 * out by the cap (`photosAlongCap`), and those that could not be read or stored.
 */
export type TaskPhotos = { kept: Record<string, number>; leftOut: number; failed: number };

/**
 * At most this many photos and bytes (after reducing) per task: a survey of a few hundred
 * measurements fits whole, a task of thousands of photos does not fill a tablet. The indicator says
 * how many were left out.
 */
export const photosAlongCap = { photos: 500, bytes: 200 * 1024 * 1024 };

/** The photos of the tasks one user took along: a database of their own, emptied on sign-out. */
const stores = new Map<string, ReturnType<typeof createStore>>();
export function devicePhotoStore(userId: string) {
  let store = stores.get(userId);
  if (!store) stores.set(userId, (store = createStore(`inspectra-photos-${userId}`, 'photos')));
  return store;
}

const storedFile = /^\/api\/files\/([0-9a-f-]{36})$/i;

/** The id of a stored file from its address (`/api/files/{id}`, as the records carry it), if it is one. */
export const storedFileIdOf = (url: string): string | undefined => storedFile.exec(url)?.[1];

/** Where a photo saved offline with a record is, until the sync sends it: the queue's change and part. */
export type QueuedFileRef = { key: string; file: number };

/** How a queued record names a photo it was saved with (the form's n-th file of the change). */
export const queuedFileUrl = (key: string, file: number) => `queued-file:${key}:${file}`;

/** The queued photo an address names, if it names one. */
export function queuedFileOf(url: string): QueuedFileRef | undefined {
  const match = /^queued-file:([^:]+):(\d+)$/.exec(url);
  return match ? { key: match[1]!, file: Number(match[2]) } : undefined;
}

/** The reduced copy of a stored photo kept on the device for `userId`, if it is there. */
export async function readDevicePhoto(userId: string, fileId: string): Promise<Blob | undefined> {
  const photo = await get<DevicePhoto>(fileId, devicePhotoStore(userId));
  return photo ? new Blob([photo.bytes], { type: photo.type }) : undefined;
}

/** Removes kept photos no task needs any more (a task removed or refreshed). */
export async function dropDevicePhotos(userId: string, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length > 0) await delMany([...fileIds], devicePhotoStore(userId)).catch(() => undefined);
}

/** Removes every photo a user keeps on this device (signing out on purpose). */
export async function removeDevicePhotos(userId: string): Promise<void> {
  await clear(devicePhotoStore(userId)).catch(() => undefined);
}
