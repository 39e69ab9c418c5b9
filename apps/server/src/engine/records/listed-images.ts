import type { EntityDefinition } from '@inspectra/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { attachments } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { readsThroughJson } from '../derived-sql.ts';
import { PreparedStatements } from './statements.ts';
import { parentRefOf } from './list-query.ts';
import type { StoredRecord } from './read-shapes.ts';

export type AttachmentRow = typeof attachments.$inferSelect;
/**
 * What a record view needs of an attachment; its time as read from its table, or as the API answers
 * it (ISO text) when read from JSON (`rowsWithImages`).
 */
export type ListedAttachment = Pick<
  AttachmentRow,
  'id' | 'ownerId' | 'slot' | 'imageType' | 'category' | 'position' | 'displayName' | 'mediaType' | 'size'
> & { createdAt: Date | string };

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

/**
 * What a row's derived values read through its references (`ufdInspectionId.matThickness`), kept on
 * the row beside its fields, not among them: a view computes its derived values with them and
 * shows none of them.
 */
export const readsThroughOfRow = Symbol('readsThrough');

/** The values a row was read with through its references, when its entity reads any. */
export function readsThroughOf(row: StoredRecord): Record<string, unknown> | undefined {
  return (row as { [readsThroughOfRow]?: Record<string, unknown> })[readsThroughOfRow];
}

function keepReadsThrough(row: StoredRecord, through: Record<string, unknown>) {
  (row as { [readsThroughOfRow]?: Record<string, unknown> })[readsThroughOfRow] = through;
}

/**
 * The select list of rows read with their images (`imagesOf`), when the entity has any, and with
 * what their derived values read through references (`readsThroughJson`), when they read any: for
 * a list by parent (`byParent`), the parent read once for the statement (list-query.ts `parentRefOf`).
 */
export function withImages(
  entity: EntityDefinition,
  o: { images?: boolean; byParent?: boolean } = {},
): {
  images?: SQL<ListedAttachment[]>;
  through?: SQL<Record<string, unknown>>;
} {
  const through = readsThroughJson(entity, { refOf: parentRefOf(entity, !!o.byParent) });
  const images = (o.images ?? true) && hasFiles(entity);
  return { ...(images ? { images: imagesOf(entity) } : {}), ...(through ? { through } : {}) };
}

/**
 * Reads what the rows' derived values read through references, for rows not read with it (one
 * record just written): one query for them all, nothing when the entity reads nothing through one.
 */
export async function readThroughFor(
  db: DbOrTx,
  entity: EntityDefinition,
  table: object,
  rows: StoredRecord[],
) {
  const through = readsThroughJson(entity);
  const wanted = rows.filter((row) => !readsThroughOf(row));
  if (!through || wanted.length === 0) return;
  const id = (table as Record<string, AnyPgColumn>).id!;
  const found = await db
    .select({ id, through })
    .from(table as PgTable)
    .where(
      inArray(
        id,
        wanted.map((row) => row.id),
      ),
    );
  const byId = new Map(found.map((f) => [f.id as string, f.through]));
  for (const row of wanted) keepReadsThrough(row, byId.get(row.id) ?? {});
}

/**
 * A `timestamptz` as PostgreSQL writes it in UTC (`2026-11-26 21:07:00.825123+00`, or with `T` and
 * `+00:00` inside JSON) as the API answers it, `Date.toISOString()`'s form
 * (`2026-11-26T21:07:00.825Z`): sliced, not parsed. The milliseconds are cut, not rounded, as
 * parsing into a Date cuts them. Any other form (another time zone, a year outside 1000–9999,
 * `infinity`) goes through a Date, as it did before.
 */
export function isoTimestamp(text: string): string {
  const n = text.length;
  const inJson = text.charCodeAt(10) === 84; // 'T'
  const zone = inJson ? '+00:00' : '+00';
  const end = n - zone.length;
  const first = text.charCodeAt(0);
  if (
    n >= 22 &&
    text.endsWith(zone) &&
    first >= 49 && // '1'…'9': a four-digit year from 1000
    first <= 57 &&
    text.charCodeAt(4) === 45 && // '-'
    (inJson || text.charCodeAt(10) === 32) && // ' '
    text.charCodeAt(13) === 58 && // ':'
    (end === 19 || (text.charCodeAt(19) === 46 && end > 20)) // '.', then at least one digit
  ) {
    const millis = end === 19 ? '000' : (text.slice(20, Math.min(end, 23)) + '00').slice(0, 3);
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${millis}Z`;
  }
  return new Date(text).toISOString();
}

/** The rows and the images of rows read with their images as JSON (`withImages`). */
export function rowsWithImages(
  found: { record: StoredRecord; images?: ListedAttachment[]; through?: Record<string, unknown> }[],
) {
  const rows: StoredRecord[] = [];
  const listed: ListedAttachment[] = [];
  for (const f of found) {
    if (f.through) keepReadsThrough(f.record, f.through);
    rows.push(f.record);
    // Times are text in JSON: made ISO once here, as the view answers them.
    if (f.images)
      for (const a of f.images) {
        a.createdAt = isoTimestamp(a.createdAt as string);
        listed.push(a);
      }
  }
  return { rows, attachments: listed };
}

/** The files' reads (`attachmentsOf`), prepared once for every entity. */
const attachmentStatements = new PreparedStatements('attachment');

/**
 * The attachments of some records of an entity, in one query, prepared by name: a record opened by
 * id reads its files by it, and a report's walk each batch's.
 */
export async function attachmentsOf(db: DbOrTx, entity: EntityDefinition, ids: string[]) {
  if (ids.length === 0 || !hasFiles(entity)) return [];
  return attachmentStatements.run<(typeof attachments.$inferSelect)[]>(
    db,
    'of',
    () =>
      db
        .select()
        .from(attachments)
        // One array value rather than a list of parameters: a batch of 500 ids is planned as one.
        .where(
          and(
            eq(attachments.ownerEntity, sql.placeholder('entity')),
            sql`${attachments.ownerId} = any(${sql.placeholder('ids')}::uuid[])`,
          ),
        ),
    { entity: entity.name, ids },
    // Off the (owner entity, owner) index, whichever entity and records.
    'shared',
  );
}
