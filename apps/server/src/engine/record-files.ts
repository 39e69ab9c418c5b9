import { listedFilesWord } from '@inspectra/contract';
import type { EntityDefinition, FieldError } from '@inspectra/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { attachments, reportApprovalSteps, uploads } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { FileStore, StoredFile } from '../storage/file-store.ts';
import { printableDisplayName } from './request-body/display-name.ts';
import type { ImageListEdit, ImageListEntry, ParsedBody, ReceivedImage } from './request-body/parsed-body.ts';

/** Attaches received images to a record, replacing what each slot held; emptied slots lose theirs. */
export async function saveImageSlots(
  tx: DbOrTx,
  entity: EntityDefinition,
  ownerId: string,
  images: ReceivedImage[],
  clearedSlots: string[],
  actorId: string,
) {
  const replaced = [...new Set([...images.map((i) => i.slot), ...clearedSlots])];
  if (replaced.length > 0) {
    await tx
      .delete(attachments)
      .where(
        and(
          eq(attachments.ownerEntity, entity.name),
          eq(attachments.ownerId, ownerId),
          inArray(attachments.slot, replaced),
        ),
      );
  }
  for (const image of images)
    await tx.insert(attachments).values(newAttachment(entity, ownerId, image, actorId));
}

function newAttachment(entity: EntityDefinition, ownerId: string, image: ReceivedImage, actorId: string) {
  return {
    ownerEntity: entity.name,
    ownerId,
    slot: image.slot,
    displayName: image.displayName,
    mediaType: image.file.mediaType,
    size: image.file.size,
    sha256: image.file.sha256,
    storageKey: image.file.key,
    createdBy: actorId,
  };
}

function refused(details: FieldError[]): AppError {
  return new AppError(
    'VALIDATION_ERROR',
    `The images could not be saved: ${details[0]!.path} — ${details[0]!.message}`,
    details,
  );
}

/**
 * Makes each edited image list what the body says, in that order: images named by id are kept (with
 * a new type, caption or category when given), files sent are added where their entry stands, and
 * images left out are removed. A body that sends files without the list appends them. Every entry is
 * checked before anything is written, so a refused list changes nothing.
 */
export async function saveImageLists(
  tx: DbOrTx,
  entity: EntityDefinition,
  ownerId: string,
  lists: Record<string, ImageListEdit>,
  actorId: string,
) {
  for (const [key, edit] of Object.entries(lists)) {
    const list = entity.imageLists[key]!;
    const existing = await tx
      .select()
      .from(attachments)
      .where(
        and(
          eq(attachments.ownerEntity, entity.name),
          eq(attachments.ownerId, ownerId),
          eq(attachments.slot, key),
        ),
      );
    const entries: ImageListEntry[] = edit.entries ?? [
      ...existing.sort((a, b) => a.position - b.position).map((a) => ({ id: a.id })),
      ...edit.files.map((_, file) => ({ file, ...edit.fileDetails?.[file] })),
    ];
    const details: FieldError[] = [];
    const usedIds = new Set<string>();
    const usedFiles = new Set<number>();
    entries.forEach((entry, i) => {
      const path = `${key}.${i}`;
      if (entry.id !== undefined) {
        if (!existing.some((a) => a.id === entry.id))
          details.push({ path: `${path}.id`, message: 'Not an image of this list' });
        else if (usedIds.has(entry.id)) details.push({ path: `${path}.id`, message: 'Listed twice' });
        usedIds.add(entry.id);
      } else if (entry.file !== undefined) {
        if (entry.file >= edit.files.length)
          details.push({
            path: `${path}.file`,
            message: `No file ${entry.file} was sent (${edit.files.length} were)`,
          });
        else if (usedFiles.has(entry.file)) details.push({ path: `${path}.file`, message: 'Listed twice' });
        usedFiles.add(entry.file);
        if (list.types && !entry.imageType)
          details.push({
            path: `${path}.imageType`,
            message: `Choose the image type (${list.types.join(', ')})`,
          });
      }
    });
    edit.files.forEach((_, file) => {
      if (!usedFiles.has(file))
        details.push({ path: key, message: `File ${file} was sent but is not in the list` });
    });
    if (entries.length > list.max)
      details.push({
        path: key,
        message: `${key} holds at most ${list.max} ${listedFilesWord(list)}`,
      });
    if (details.length > 0) throw refused(details);

    const removed = existing.filter((a) => !usedIds.has(a.id)).map((a) => a.id);
    if (removed.length > 0) await tx.delete(attachments).where(inArray(attachments.id, removed));
    for (const [position, entry] of entries.entries()) {
      // A caption is cleaned as a file name is: it is shown, and downloads are saved under it.
      const caption = entry.displayName === undefined ? '' : printableDisplayName(entry.displayName);
      const changes = {
        position,
        ...(entry.imageType !== undefined ? { imageType: entry.imageType } : {}),
        ...(entry.category !== undefined ? { category: entry.category } : {}),
        ...(caption ? { displayName: caption } : {}),
      };
      if (entry.id !== undefined) {
        await tx.update(attachments).set(changes).where(eq(attachments.id, entry.id));
      } else {
        const image = edit.files[entry.file!]!;
        await tx
          .insert(attachments)
          .values({ ...newAttachment(entity, ownerId, image, actorId), ...changes });
      }
    }
  }
}

/**
 * Whether a record holds, by content, the files a create's body sends (docs/offline-capture.md,
 * part 2): per image slot and list, the same SHA-256 digests in the same order, and no field with
 * files on one side only. Names, captions and image types are not compared: the bytes are.
 */
export async function holdsSentFiles(
  tx: DbOrTx,
  entity: EntityDefinition,
  ownerId: string,
  body: Pick<ParsedBody, 'images' | 'lists'>,
): Promise<boolean> {
  const stored = await tx
    .select({ slot: attachments.slot, sha256: attachments.sha256 })
    .from(attachments)
    .where(and(eq(attachments.ownerEntity, entity.name), eq(attachments.ownerId, ownerId)))
    .orderBy(asc(attachments.slot), asc(attachments.position));
  const held = contentBySlot(stored);
  const sent = contentBySlot([
    ...body.images.map((image) => ({ slot: image.slot, sha256: image.file.sha256 })),
    ...Object.entries(body.lists).flatMap(([slot, edit]) =>
      (edit.entries ?? edit.files.map((_, file): ImageListEntry => ({ file }))).map((entry) => ({
        slot,
        // An entry naming a stored image by id matches no content: a first create names none.
        sha256: entry.file === undefined ? `id ${entry.id}` : (edit.files[entry.file]?.file.sha256 ?? ''),
      })),
    ),
  ]);
  return held.size === sent.size && [...held].every(([slot, digests]) => sent.get(slot) === digests);
}

/** Each slot's digests in order, joined, so that two slots compare as strings. */
function contentBySlot(files: { slot: string; sha256: string }[]): Map<string, string> {
  const bySlot = new Map<string, string[]>();
  for (const { slot, sha256 } of files) bySlot.set(slot, [...(bySlot.get(slot) ?? []), sha256]);
  return new Map([...bySlot].map(([slot, digests]) => [slot, digests.join(' ')]));
}

/**
 * Takes stored files back out when the request that sent them failed: each one no attachment points
 * at is deleted now rather than left for the sweep. Identical bytes already used by a record are
 * shared (the store is content-addressed) and stay.
 */
export async function discardUnreferenced(db: Db, files: FileStore, stored: Pick<StoredFile, 'key'>[]) {
  const keys = [...new Set(stored.map((f) => f.key))];
  if (keys.length === 0) return;
  const usedKeys = await keysInUse(db, keys);
  for (const key of keys) if (!usedKeys.has(key)) await files.delete(key);
}

/**
 * Which of these stored files something still names: an attachment, an approval that carries
 * the approver's signature as it was then (a signature replaced since is kept for it), or a whole
 * resumable upload while it is kept (a record written days later still finds its bytes).
 */
export async function keysInUse(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const [byAttachments, bySignatures, byUploads] = await Promise.all([
    db
      .selectDistinct({ key: attachments.storageKey })
      .from(attachments)
      .where(inArray(attachments.storageKey, keys)),
    db
      .selectDistinct({ key: reportApprovalSteps.signatureKey })
      .from(reportApprovalSteps)
      .where(inArray(reportApprovalSteps.signatureKey, keys)),
    db.selectDistinct({ key: uploads.storageKey }).from(uploads).where(inArray(uploads.storageKey, keys)),
  ]);
  return new Set(
    [...byAttachments, ...bySignatures, ...byUploads]
      .map((u) => u.key)
      .filter((k): k is string => k !== null),
  );
}

/** Removes every file record of a deleted record (its bytes go with the sweep when nothing else uses them). */
export async function deleteRecordFiles(tx: DbOrTx, entity: EntityDefinition, ownerId: string) {
  await tx
    .delete(attachments)
    .where(and(eq(attachments.ownerEntity, entity.name), eq(attachments.ownerId, ownerId)));
}
