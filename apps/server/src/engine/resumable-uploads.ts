import { uploadKeptDays } from '@inspectra/contract';
import type { FileKind } from '@inspectra/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { uploads } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { PutOptions, StoredFile } from '../storage/file-store.ts';
import { acceptedFiles } from './request-body/accepted-files.ts';
import type { UploadLimits } from './request-body/accepted-files.ts';

/*
 * Resumable uploads as a record's form meets them (docs/offline-capture.md part 4): a file slot or
 * image list's text part `upload:<id>` names a whole upload of the signed-in user. The calls that
 * make and fill an upload are modules/uploads.
 */

/** An upload's row, as its calls and the forms that name it read it. */
export type UploadRow = typeof uploads.$inferSelect;

/** What an upload is checked against once whole: every type any slot takes, up to the largest limit. */
export function anySlotAccepts(kinds: ReadonlySet<FileKind>, limits: UploadLimits): PutOptions {
  const accepted = [...kinds].map((kind) => acceptedFiles(kind, limits));
  return {
    allowedMediaTypes: [...new Set(accepted.flatMap((a) => a.allowedMediaTypes))],
    maxBytes: Math.max(...accepted.map((a) => a.maxBytes)),
  };
}

/** An upload still kept: made less than `uploadKeptDays` ago (the upkeep removes the others). */
export const uploadLive = () => gt(uploads.createdAt, sql`now() - ${uploadKeptDays} * interval '1 day'`);

/** The caller's upload of this id while it is kept; undefined for another's, an unknown or an expired one. */
export async function heldUpload(db: DbOrTx, userId: string, id: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, userId), uploadLive()));
  return row;
}

/** "3.0 MB of 12.0 MB": both in the unit of the whole, so the two read side by side. */
export function receivedOf(received: number, size: number): string {
  const [unit, bytes] =
    size >= 1024 ** 3 ? ['GB', 1024 ** 3] : size >= 1024 ** 2 ? ['MB', 1024 ** 2] : ['KB', 1024];
  const shown = (n: number) => (n / (bytes as number)).toFixed(1);
  return `${shown(received)} ${unit} of ${shown(size)} ${unit}`;
}

/**
 * The stored file a form's `upload:<id>` names in `field`: the caller's upload, whole. Refused on
 * the field otherwise, so the form shows it beside the file it concerns.
 */
export function wholeUpload(field: string, id: string, row: UploadRow | undefined): StoredFile {
  const refuse = (why: string) => {
    const message = `${field}: the upload ${id} ${why}`;
    return new AppError('VALIDATION_ERROR', message, [{ path: field, message }]);
  };
  if (!row) throw refuse('is not known');
  if (row.storageKey === null || row.mediaType === null)
    throw refuse(`is not complete (${receivedOf(row.received, row.size)} received)`);
  return { key: row.storageKey, sha256: row.sha256, size: row.size, mediaType: row.mediaType };
}
