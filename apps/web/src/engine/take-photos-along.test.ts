import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { readDevicePhoto } from './device-photos.ts';
import { readBytes } from './image-bytes.ts';
import {
  openOfflineCopy,
  readTakenTasks,
  removeOfflineCopy,
  removeTaken,
  takeOffline,
} from './offline-copy.ts';
import { imagesRead } from './take-photos-along.ts';
import type { TakePhotosOptions } from './take-photos-along.ts';

/** Ids of stored files, as the server makes them. */
const fileId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A stored file as the records carry it (the contract's Attachment). */
const stored = (n: number, mediaType = 'image/jpeg') => ({
  id: fileId(n),
  slot: 'thermalImage',
  imageType: null,
  category: null,
  position: 0,
  displayName: `photo-${n}.jpg`,
  mediaType,
  size: 1000 + n,
  url: `/api/files/${fileId(n)}`,
  createdAt: '2026-12-01T08:00:00.000Z',
});

/** A task whose reads are an inspection (a photo) and a page of rows (photos, a video, a list). */
function taskWithPhotos(client: QueryClient, taskId: string, rows: unknown[]) {
  return async () => {
    await client.fetchQuery({
      queryKey: ['technique', 'thermal', taskId, 'inspection'],
      queryFn: async () => ({ id: 'inspection', overviewImage: stored(1) }),
    });
    await client.fetchQuery({
      queryKey: ['technique', 'thermal', taskId, 'rows', { pageNumber: 1 }],
      queryFn: async () => ({ records: rows, meta: { pageNumber: 1, totalCount: rows.length } }),
    });
    return [['technique', 'thermal', taskId]];
  };
}

/** The server's files (bytes named after their id) and a reducer that keeps a tenth: counted. */
function device(): Required<Pick<TakePhotosOptions, 'fetchPhoto' | 'reduce'>> & { fetched: string[] } {
  const fetched: string[] = [];
  return {
    fetched,
    fetchPhoto: vi.fn(async (url: string) => {
      fetched.push(url);
      return new Blob([new Uint8Array(1000).fill(url.length % 256)], { type: 'image/jpeg' });
    }),
    reduce: vi.fn(async (photo: Blob) => new Blob([photo.slice(0, photo.size / 10)], { type: 'image/jpeg' })),
  };
}

let users = 0;
const newUser = () => `photos-user-${++users}`;

describe('photos taken along with a task', () => {
  it('finds the stored images a task’s records carry, once each, and no video, document or other read', async () => {
    const client = new QueryClient();
    await client.fetchQuery({
      queryKey: ['technique', 'thermal', 't', 'rows'],
      queryFn: async () => ({
        records: [
          { id: 'r1', thermalImage: stored(2), visualImage: null, clip: stored(3, 'video/mp4') },
          { id: 'r2', summaryImages: [stored(4), stored(5, 'application/pdf'), stored(2)] },
        ],
      }),
    });
    await client.fetchQuery({ queryKey: ['elsewhere'], queryFn: async () => ({ photo: stored(6) }) });
    expect(imagesRead(client, [['technique', 'thermal', 't']]).map((i) => i.id)).toEqual([
      fileId(2),
      fileId(4),
    ]);
  });

  it('keeps each photo reduced on the device for its user, counted with the task, and only there', async () => {
    const user = newUser();
    const client = new QueryClient();
    await openOfflineCopy(client, user);
    const server = device();
    const load = taskWithPhotos(client, 't1', [
      { id: 'r1', thermalImage: stored(2), visualImage: stored(3) },
      { id: 'r2', thermalImage: stored(2), clip: stored(4, 'video/mp4') },
    ]);
    await takeOffline(client, user, { taskId: 't1', name: 'WO-1' }, load, undefined, server);

    // One read per photo (the video and the repeat not read), one at a time.
    expect(server.fetched).toEqual([1, 2, 3].map((n) => `/api/files/${fileId(n)}`));
    const [task] = await readTakenTasks(user);
    expect(task!.photos).toEqual({
      kept: { [fileId(1)]: 100, [fileId(2)]: 100, [fileId(3)]: 100 },
      leftOut: 0,
      failed: 0,
    });
    const kept = await readDevicePhoto(user, fileId(2));
    expect(kept?.type).toBe('image/jpeg');
    expect((await readBytes(kept!)).byteLength).toBe(100);
    expect(await readDevicePhoto(user, fileId(4))).toBeUndefined();
    // Another user of the tablet has none of them.
    expect(await readDevicePhoto(newUser(), fileId(2))).toBeUndefined();
  });

  it('renews them on Refresh without reading a kept photo again, and drops the photos no task needs', async () => {
    const user = newUser();
    const client = new QueryClient();
    await openOfflineCopy(client, user);
    const server = device();
    let rows: unknown[] = [{ id: 'r1', thermalImage: stored(2) }];
    const load = async () => taskWithPhotos(client, 't2', rows)();
    await takeOffline(client, user, { taskId: 't2', name: 'WO-2' }, load, undefined, server);
    // Another task shares the inspection's photo.
    await takeOffline(
      client,
      user,
      { taskId: 't3', name: 'WO-3' },
      taskWithPhotos(client, 't3', []),
      undefined,
      server,
    );
    expect(server.fetched).toHaveLength(2);

    // The row's photo replaced meanwhile (a new stored file), the task refreshed.
    rows = [{ id: 'r1', thermalImage: stored(7) }];
    await takeOffline(client, user, { taskId: 't2', name: 'WO-2' }, load, undefined, server);
    expect(server.fetched.slice(2)).toEqual([`/api/files/${fileId(7)}`]);
    expect(await readDevicePhoto(user, fileId(2))).toBeUndefined();
    expect(await readDevicePhoto(user, fileId(7))).toBeDefined();

    // Removed: its own photo goes, the one the other task shows stays.
    await removeTaken(client, user, 't2');
    expect(await readDevicePhoto(user, fileId(7))).toBeUndefined();
    expect(await readDevicePhoto(user, fileId(1))).toBeDefined();
    // Signing out removes every photo.
    await removeOfflineCopy(user);
    expect(await readDevicePhoto(user, fileId(1))).toBeUndefined();
  });

  it('stops at the cap and counts what it left out, and what it could not read', async () => {
    const user = newUser();
    const client = new QueryClient();
    await openOfflineCopy(client, user);
    const server = device();
    const failing = {
      ...server,
      fetchPhoto: async (url: string) => {
        if (url.endsWith(fileId(2))) throw new Error('no network');
        return server.fetchPhoto(url);
      },
    };
    const load = taskWithPhotos(
      client,
      't4',
      [2, 3, 4, 5].map((n) => ({ id: `r${n}`, thermalImage: stored(n) })),
    );
    await takeOffline(client, user, { taskId: 't4', name: 'WO-4' }, load, undefined, {
      ...failing,
      cap: { photos: 2, bytes: 10_000 },
    });
    expect((await readTakenTasks(user))[0]!.photos).toEqual({
      kept: { [fileId(1)]: 100, [fileId(3)]: 100 },
      leftOut: 2,
      failed: 1,
    });
    expect(await readDevicePhoto(user, fileId(4))).toBeUndefined();

    // A cap in bytes leaves out what would pass it.
    await takeOffline(client, user, { taskId: 't4', name: 'WO-4' }, load, undefined, {
      ...server,
      cap: { photos: 500, bytes: 250 },
    });
    expect((await readTakenTasks(user))[0]!.photos).toMatchObject({ leftOut: 3, failed: 0 });
  });
});
