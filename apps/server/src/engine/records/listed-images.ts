import type { EntityDefinition } from '@inspectra/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { attachments } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { StoredRecord } from './repository.ts';

export type AttachmentRow = typeof attachments.$inferSelect;
/** What a record view needs of an attachment. */
export type ListedAttachment = Pick<
  AttachmentRow,
  | 'id'
  | 'ownerId'
  | 'slot'
  | 'imageType'
  | 'category'
  | 'position'
  | 'displayName'
  | 'mediaType'
  | 'size'
  | 'createdAt'
>;

/** Whether records of the entity carry files (single slots or lists). */
export function hasFiles(entity: EntityDefinition): boolean {
  return Object.keys(entity.images).length > 0 || Object.keys(entity.imageLists).length > 0;
}

/**
 * The record's images as a JSON array, in the same statement as the record. The record's id is
 * named with its table: a query over one table alone writes its columns unqualified, and `id`
 * inside this subquery would be the attachment's own.
 */
export function imagesOf(entity: EntityDefinition) {
  return sql<ListedAttachment[]>`coalesce((select json_agg(json_build_object(
      'id', ${attachments.id}, 'ownerId', ${attachments.ownerId}, 'slot', ${attachments.slot},
      'imageType', ${attachments.imageType}, 'category', ${attachments.category},
      'position', ${attachments.position}, 'displayName', ${attachments.displayName},
      'mediaType', ${attachments.mediaType}, 'size', ${attachments.size}, 'createdAt', ${attachments.createdAt}))
      from ${attachments} where ${attachments.ownerEntity} = ${entity.name}
      and ${attachments.ownerId} = ${sql.identifier(entity.table)}.id), '[]'::json)`;
}

/** The select list of rows read with their images (`imagesOf`), when the entity has any. */
export function withImages(entity: EntityDefinition): { images?: SQL<ListedAttachment[]> } {
  return hasFiles(entity) ? { images: imagesOf(entity) } : {};
}

/** An attachment read back from JSON: its time is text there. */
export function listedAttachment(a: ListedAttachment): ListedAttachment {
  return { ...a, createdAt: new Date(a.createdAt) };
}

/** The rows and the images of rows read with their images as JSON (`withImages`). */
export function rowsWithImages(found: { record: StoredRecord; images?: ListedAttachment[] }[]) {
  return {
    rows: found.map((f) => f.record),
    attachments: found.flatMap((f) => (f.images ?? []).map(listedAttachment)),
  };
}

/** The attachments of some records of an entity, in one query. */
export async function attachmentsOf(db: DbOrTx, entity: EntityDefinition, ids: string[]) {
  if (ids.length === 0 || !hasFiles(entity)) return [];
  return db
    .select()
    .from(attachments)
    .where(and(eq(attachments.ownerEntity, entity.name), inArray(attachments.ownerId, ids)));
}
