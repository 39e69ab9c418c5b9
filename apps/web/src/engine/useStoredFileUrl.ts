import { useEffect, useState } from 'react';
import { useAuthorizedObjectUrl } from '../api/files.ts';
import { queuedFileOf, readDevicePhoto, storedFileIdOf } from './device-photos.ts';
import { offlineCopyUserId } from './offline-copy.ts';
import { useOnline } from './useOnline.ts';

/** A stored file as a screen draws it: an object URL, or why there is none. */
export type StoredFileView = {
  /** The image's object URL (revoked when the address changes or the component unmounts). */
  src: string | undefined;
  /** Offline, and the device holds no copy of it: said in place of the image, never a broken one. */
  notOnDevice: boolean;
};

/** A photo saved offline with a record, read from the user's queue (loaded with the queue). */
async function queuedPhoto(url: string): Promise<Blob | undefined> {
  const ref = queuedFileOf(url)!;
  const userId = offlineCopyUserId();
  if (!userId) return undefined;
  const { ChangeQueue } = await import('./offline-queue/change-queue.ts');
  return new ChangeQueue(userId).file(ref.key, ref.file);
}

/** A stored photo's reduced copy kept with a task taken along, for the signed-in user. */
async function devicePhoto(url: string): Promise<Blob | undefined> {
  const fileId = storedFileIdOf(url);
  const userId = offlineCopyUserId();
  return fileId && userId ? readDevicePhoto(userId, fileId) : undefined;
}

/**
 * The object URL of a file a record carries (its `url`), wherever the file is
 * (docs/offline-capture.md, "Photos taken along"): online, the server's file as before (the
 * session's token, refreshed when expired); offline, the reduced copy kept with a task taken along;
 * a photo saved offline with a record (`queued-file:…`), its bytes in the queue, online or not.
 * Offline with no copy, `notOnDevice` says so. Undefined while loading.
 */
export function useStoredFileUrl(url: string | null | undefined): StoredFileView {
  const online = useOnline();
  const source = !url ? undefined : queuedFileOf(url) ? 'queue' : online ? 'server' : 'device';
  const fromServer = useAuthorizedObjectUrl(source === 'server' ? url : null);
  const [shown, setShown] = useState<{ url: string; src?: string; missing?: boolean }>();
  useEffect(() => {
    if (!url || (source !== 'queue' && source !== 'device')) return;
    let cancelled = false;
    let created: string | undefined;
    (source === 'queue' ? queuedPhoto(url) : devicePhoto(url)).then(
      (blob) => {
        if (cancelled) return;
        if (!blob) return setShown({ url, missing: true });
        created = URL.createObjectURL(blob);
        setShown({ url, src: created });
      },
      // No storage (a private window, a browser without IndexedDB): nothing on the device.
      () => !cancelled && setShown({ url, missing: true }),
    );
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
      setShown(undefined);
    };
  }, [url, source]);
  if (source === 'server') return { src: fromServer, notOnDevice: false };
  const current = shown && shown.url === url ? shown : undefined;
  return { src: current?.src, notOnDevice: current?.missing === true };
}
