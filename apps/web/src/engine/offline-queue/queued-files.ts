import type { Attachment, EntityDefinition } from '@inspectra/contract';
import type { PayloadInput } from '../../api/payload.ts';
import { queuedFileOf, queuedFileUrl } from '../device-photos.ts';

/*
 * The photos of a write queued offline, as the screens show them until the sync (queued-records.ts):
 * the record's image slot or list holds an attachment like the server's, whose `url` names the
 * photo's bytes in the queue (`queued-file:{change}:{n}`), so the table counts it, the drawer and
 * the viewer show it and the form reopened offline previews it, through the same hook as a stored
 * photo (`useStoredFileUrl`).
 */

type Row = Record<string, unknown>;

const photos = (accepts: string | undefined) => accepts === undefined || accepts === 'image';

/**
 * The slots and lists a queued write gives its record: each photo sent (a form's n-th file part,
 * numbered as the queue keeps them: change-queue.ts) as an attachment naming its queued bytes, a
 * slot emptied as null, a list as it is to be kept (the record's stored images it keeps, then or
 * among them the new ones, in order). Documents, drawings and videos are not shown from the queue
 * (as before: they show once synced).
 */
export function queuedFilesShown(
  entity: EntityDefinition,
  key: string,
  body: unknown,
  input: PayloadInput,
  madeAt: string,
): Row {
  const shown: Row = {};
  for (const [slot, value] of Object.entries(input.images ?? {}))
    if (value === null && entity.images[slot]) shown[slot] = null;
  if (!(body instanceof FormData)) return shown;
  const listed = new Map<string, Attachment[]>();
  let index = 0;
  for (const [name, value] of body.entries()) {
    if (typeof value === 'string') continue;
    const file = value as File;
    const attachment: Attachment = {
      id: queuedFileUrl(key, index),
      slot: name,
      imageType: null,
      category: null,
      position: 0,
      displayName: file.name,
      mediaType: file.type,
      size: file.size,
      url: queuedFileUrl(key, index),
      createdAt: madeAt,
    };
    index += 1;
    const slot = entity.images[name];
    if (slot && photos(slot.accepts)) shown[name] = attachment;
    if (entity.imageLists[name]) listed.set(name, [...(listed.get(name) ?? []), attachment]);
  }
  for (const [name, items] of Object.entries(input.imageLists ?? {})) {
    const list = entity.imageLists[name];
    if (!items || !list || !photos(list.accepts)) continue;
    const sent = listed.get(name) ?? [];
    const before = Array.isArray(input.previous?.[name]) ? (input.previous[name] as Attachment[]) : [];
    let next = 0;
    shown[name] = items.flatMap((item, position) => {
      const stored = item.file ? sent[next++] : before.find((a) => a.id === item.id);
      if (!stored) return [];
      return [
        {
          ...stored,
          position,
          imageType: item.imageType ?? stored.imageType,
          displayName: item.displayName?.trim() || stored.displayName,
          category: item.category ?? stored.category,
        },
      ];
    });
  }
  return shown;
}

const namesChange = (value: unknown, key: string): boolean =>
  typeof (value as Attachment | null)?.url === 'string' &&
  queuedFileOf((value as Attachment).url)?.key === key;

/**
 * `values` without the photos of change `key` (a refused change resent edited, its form without
 * them: change-queue.ts `retry`): a slot holding one is left out, a list keeps its other images.
 */
export function withoutQueuedFiles(values: Row, key: string): Row {
  const next: Row = {};
  for (const [name, value] of Object.entries(values)) {
    if (namesChange(value, key)) continue;
    next[name] = Array.isArray(value) ? value.filter((item) => !namesChange(item, key)) : value;
  }
  return next;
}
