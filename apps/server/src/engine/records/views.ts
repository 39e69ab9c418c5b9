import { deriveValue } from '@inspectra/contract';
import type { Attachment, EntityDefinition } from '@inspectra/contract';
import type { DbOrTx } from '../../db/client.ts';
import { attachmentsOf } from './listed-images.ts';
import type { ListedAttachment } from './listed-images.ts';
import type { StoredRecord } from './repository.ts';

export function attachmentView(row: ListedAttachment): Attachment {
  return {
    id: row.id,
    slot: row.slot,
    imageType: row.imageType,
    category: row.category,
    position: row.position,
    displayName: row.displayName,
    mediaType: row.mediaType,
    size: row.size,
    url: `/api/files/${row.id}`,
    createdAt: row.createdAt.toISOString(),
  };
}

function jsonValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** A stored record as the API returns it: ISO dates, derived values, images by slot, id alias. */
export function recordView(
  entity: EntityDefinition,
  row: StoredRecord,
  rowAttachments: ListedAttachment[] = [],
) {
  const view: Record<string, unknown> = {};
  // A variant's record shows only that variant's fields (the shared table has columns of all).
  const fields = entity.variants ? entity.fieldsOf(row.variant as string) : entity.fields;
  for (const [key, value] of Object.entries(row)) {
    if (key in entity.fields && !(key in fields)) continue;
    view[key] = jsonValue(value);
  }
  for (const [key, derived] of Object.entries(entity.derived)) {
    view[key] = deriveValue(derived, view) ?? null;
  }
  const own = rowAttachments.filter((x) => x.ownerId === row.id);
  for (const slot of Object.keys(entity.images)) {
    const a = own.find((x) => x.slot === slot);
    view[slot] = a ? attachmentView(a) : null;
  }
  for (const list of Object.keys(entity.imageLists)) {
    view[list] = own
      .filter((x) => x.slot === list)
      .sort((a, b) => a.position - b.position)
      .map(attachmentView);
  }
  if (entity.idAlias) view[entity.idAlias] = row.id;
  return view;
}

/** Views of several records, loading their attachments in one query. */
export async function recordViews(db: DbOrTx, entity: EntityDefinition, rows: StoredRecord[]) {
  const found = await attachmentsOf(
    db,
    entity,
    rows.map((r) => r.id),
  );
  return rows.map((row) => recordView(entity, row, found));
}
