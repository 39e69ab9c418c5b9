import type { StoredFile } from '../../storage/file-store.ts';

/** An image received for a slot, already in the file store. */
export type ReceivedImage = { slot: string; file: StoredFile; displayName: string };

/** One image of a list as the body names it (contract `imageListEntrySchema`). */
export type ImageListEntry = {
  id?: string;
  file?: number;
  imageType?: string | null;
  displayName?: string;
  category?: string | null;
};

/**
 * What a body says about one image list: the list to keep, in order (`entries`, absent when the body
 * only sent files: they are then appended), and the files sent under the list's name, in arrival order.
 */
export type ImageListEdit = {
  entries: ImageListEntry[] | undefined;
  files: ReceivedImage[];
  /** For files appended without the list: each one's type and category, by the file's place (`sentWith`). */
  fileDetails?: Pick<ImageListEntry, 'imageType' | 'category'>[];
};

export type ParsedBody = {
  values: Record<string, unknown>;
  images: ReceivedImage[];
  /** Slots the client asked to empty (`"thermalImage": null`, or an empty multipart field). */
  clearedSlots: string[];
  /** Image lists the body changes, by list name. */
  lists: Record<string, ImageListEdit>;
};

/** Every file a parsed body put in the store: what to take back out if the request fails. */
export function receivedFiles(body: Pick<ParsedBody, 'images' | 'lists'>): StoredFile[] {
  return [...body.images, ...Object.values(body.lists).flatMap((l) => l.files)].map((i) => i.file);
}
