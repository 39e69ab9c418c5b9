import { partialMatchKey } from '@tanstack/react-query';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { get, set } from 'idb-keyval';
import { apiBlob } from '../api/http-client.ts';
import { devicePhotoStore, photosAlongCap, storedFileIdOf } from './device-photos.ts';
import type { DevicePhoto, TaskPhotos } from './device-photos.ts';
import { readBytes } from './image-bytes.ts';
import { shrinkPhoto } from './photo-shrink.ts';

/*
 * Taking a task's photos along (docs/offline-capture.md, "Photos taken along"): the stored images
 * the task's records carry are read from the server one at a time, reduced on the device to a size
 * fit for its screens, and kept beside the offline copy, under a cap. Loaded when a task is taken,
 * not with the shell.
 */

/** The longest side a photo is kept at: sharp on a tablet's screen, a quarter of the upload's pixels. */
export const photoAlongMaxSidePx = 1280;
export const photoAlongJpegQuality = 0.8;

/** A stored image as every record carries it (the contract's `Attachment`): its address and type. */
export type ImageRead = { id: string; url: string };

/** Reduces a photo's bytes for the screens; the device's canvas by default (jsdom has none). */
export type ReducePhoto = (photo: Blob) => Promise<Blob>;

export type TakePhotosOptions = {
  fetchPhoto?: (url: string) => Promise<Blob>;
  reduce?: ReducePhoto;
  cap?: { photos: number; bytes: number };
};

/**
 * A photo at `photoAlongMaxSidePx` on its longest side (JPEG), or as it is when it is smaller (or no
 * photo the canvas can read); the smaller of the two is kept.
 */
export const reduceForScreens: ReducePhoto = async (photo) => {
  const reduced = await shrinkPhoto(new File([photo], 'photo', { type: photo.type }), {
    maxSidePx: photoAlongMaxSidePx,
    quality: photoAlongJpegQuality,
  });
  return reduced.size < photo.size ? reduced : photo;
};

const isImageRead = (value: Record<string, unknown>): boolean =>
  typeof value.url === 'string' &&
  storedFileIdOf(value.url) !== undefined &&
  typeof value.mediaType === 'string' &&
  value.mediaType.startsWith('image/');

/**
 * The stored images in the answers the cache holds under `keys` (the reads of a task taken along),
 * each once, in the order read. Every image slot and image list of every declared entity travels as
 * the contract's `Attachment` ({ id, url, mediaType, … }), so this finds them whatever the
 * technique; videos and documents (another media type) are not taken.
 */
export function imagesRead(queryClient: QueryClient, keys: readonly QueryKey[]): ImageRead[] {
  const found = new Map<string, ImageRead>();
  const walk = (value: unknown, depth: number) => {
    if (depth > 8 || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if (isImageRead(record)) {
      const url = record.url as string;
      const id = storedFileIdOf(url)!;
      if (!found.has(id)) found.set(id, { id, url });
      return;
    }
    for (const item of Object.values(record)) walk(item, depth + 1);
  };
  for (const query of queryClient.getQueryCache().getAll())
    if (query.state.status === 'success' && keys.some((key) => partialMatchKey(query.queryKey, key)))
      walk(query.state.data, 0);
  return [...found.values()];
}

/**
 * Keeps `images` on the device for `userId`: one at a time (a plant's network is slow, and a task
 * of hundreds of photos must not flood the server), each reduced, until the cap. A photo another
 * taken task already keeps (`onDevice`, its size) is not read again: a stored file's bytes never
 * change (a replaced photo is a new file). Never throws: a photo that cannot be read is counted.
 */
export async function takePhotosAlong(
  userId: string,
  images: readonly ImageRead[],
  onDevice: Readonly<Record<string, number>>,
  o: TakePhotosOptions = {},
): Promise<TaskPhotos> {
  const fetchPhoto = o.fetchPhoto ?? ((url: string) => apiBlob(url));
  const reduce = o.reduce ?? reduceForScreens;
  const cap = o.cap ?? photosAlongCap;
  const store = devicePhotoStore(userId);
  const result: TaskPhotos = { kept: {}, leftOut: 0, failed: 0 };
  let bytes = 0;
  for (const image of images) {
    if (Object.keys(result.kept).length >= cap.photos) {
      result.leftOut += 1;
      continue;
    }
    try {
      const known = onDevice[image.id];
      const kept = known !== undefined && (await get<DevicePhoto>(image.id, store)) !== undefined;
      const photo = kept ? undefined : await reduce(await fetchPhoto(image.url));
      const size = photo?.size ?? known!;
      if (bytes + size > cap.bytes) {
        result.leftOut += 1;
        continue;
      }
      if (photo) await set(image.id, { bytes: await readBytes(photo), type: photo.type }, store);
      bytes += size;
      result.kept[image.id] = size;
    } catch {
      // Not read (a refusal, the network gone) or not stored (the device's quota): counted, and the
      // screens say "Photo not on this device" where it would be.
      result.failed += 1;
    }
  }
  return result;
}
