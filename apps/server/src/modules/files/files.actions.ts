import { contractorCompany, entities, imageMediaTypes, plantOwner } from '@inspectra/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attachments } from '../../db/schema/index.ts';
import { can } from '../../engine/access.ts';
import type { ActionHandler, ActionResult } from '../../engine/action-handler.ts';
import { AppError } from '../../errors.ts';
import type { ByteRange, FileStore } from '../../storage/file-store.ts';
import { downloadNameFor } from '../../storage/media-type.ts';
import { callerScope } from '../../engine/record-scope.ts';
import { keysInUse } from '../../engine/record-files.ts';

/**
 * Whether a browser may show a file in its tab (`inline`) or must save it (`attachment`). Only the
 * photo types are shown: browsers render them natively and they run nothing. PDF viewers run
 * script and forms, Office files open in a program that may run macros, and most browsers cannot
 * show TIFF or DWG at all; those, and any type not known here, are saved and opened deliberately.
 */
export function dispositionFor(mediaType: string): 'inline' | 'attachment' {
  return (imageMediaTypes as readonly string[]).includes(mediaType) ? 'inline' : 'attachment';
}

/**
 * The `Content-Disposition` header for a stored file: `dispositionFor` its type, and the display name
 * with an extension that fits the type, as a header-safe ASCII name plus its UTF-8 form (RFC 6266).
 */
export function contentDisposition(mediaType: string, displayName: string): string {
  const name = downloadNameFor(displayName, mediaType);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // RFC 5987 allows none of ' ( ) * unescaped, which encodeURIComponent leaves as they are.
  const utf8 = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${dispositionFor(mediaType)}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

export const fileActions: Record<string, ActionHandler> = {
  /** Sends an attachment's bytes to a caller allowed to view the record it belongs to. */
  'files.download': async ({ params, user, deps, request }) => {
    const [attachment] = await deps.db
      .select()
      .from(attachments)
      .where(eq(attachments.id, params.id as string));
    const owner = attachment ? entities[attachment.ownerEntity] : undefined;
    if (!attachment || !owner) throw new AppError('NOT_FOUND', 'The file was not found');
    // A company's (or the plant owner's) logo is shown to everyone whose shell or report carries
    // it, whatever their role.
    const openToAll = owner.name === contractorCompany.name || owner.name === plantOwner.name;
    if (!openToAll && !can(user!, { module: owner.module, action: 'view' })) {
      throw new AppError('FORBIDDEN', `Your role does not allow this (${owner.module}: view)`);
    }
    // A file of a record outside the caller's company scope is not found, like the record itself.
    const repository = deps.repositories.get(owner.name)!;
    const scope = callerScope(user!);
    if (repository.scopeWhere(scope) && !(await repository.find(deps.db, attachment.ownerId, scope)))
      throw new AppError('NOT_FOUND', 'The file was not found');
    return sendAttachment(deps.files, attachment, attachment.displayName, request.headers);
  },
};

/**
 * The one range of bytes a `Range` header asks of a file of `size` bytes (`bytes=0-`,
 * `bytes=1000-1999`, `bytes=-500` for the last 500): what a video player asks as it seeks. Undefined
 * for no header, or one this server does not serve in part (several ranges, another unit, a form
 * it cannot read), which HTTP answers with the whole file; RANGE_NOT_SATISFIABLE (416) for a range
 * that starts past the end (RFC 9110, 14.1.2).
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [first, last] = [match[1]!, match[2]!];
  if (first === '') {
    // The last n bytes: all of them when the file is shorter.
    const n = Number(last);
    if (n === 0 || size === 0) throw unsatisfiable(size);
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) throw unsatisfiable(size);
  return { start, end };
}

const unsatisfiable = (size: number) =>
  new AppError(
    'RANGE_NOT_SATISFIABLE',
    `The file has ${size} bytes: the range asked for starts past its end`,
  );

/**
 * An attachment's bytes as a download: its stored type, inline only for photos, never sniffed or
 * run by the browser. `downloadName` replaces the stored display name (a drawing's file name).
 */
export async function sendAttachment(
  files: FileStore,
  attachment: Pick<typeof attachments.$inferSelect, 'storageKey' | 'mediaType' | 'size' | 'displayName'>,
  downloadName = attachment.displayName,
  /** The request's headers, when it may ask for a part of the file (`Range`, `If-Range`). */
  asked?: { range?: string; 'if-range'?: string },
): Promise<ActionResult> {
  // A stored file's key is its content's hash: the same key is always the same bytes, so it is the
  // file's validator, and an `If-Range` naming another one gets the whole file.
  const etag = `"${attachment.storageKey}"`;
  const ifRange = asked?.['if-range'];
  const range =
    ifRange === undefined || ifRange === etag ? requestedRange(asked?.range, attachment.size) : undefined;
  const body = await files.get(attachment.storageKey, range);
  return {
    raw: {
      body,
      ...(range ? { statusCode: 206 } : {}),
      headers: {
        'content-type': attachment.mediaType,
        'content-length': String(range ? range.end - range.start + 1 : attachment.size),
        ...(range ? { 'content-range': `bytes ${range.start}-${range.end}/${attachment.size}` } : {}),
        'accept-ranges': 'bytes',
        etag,
        'content-disposition': contentDisposition(attachment.mediaType, downloadName),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, max-age=3600',
        'content-security-policy': "default-src 'none'; sandbox",
      },
    },
  };
}

/**
 * Removes stored files no attachment points at and untouched for `graceMs`: left by failed
 * uploads, replaced images and deleted records. The grace period protects uploads whose record
 * is still being saved (the store refreshes a file's time when the same bytes arrive again).
 */
export async function sweepOrphanFiles(db: Db, files: FileStore, graceMs = 60 * 60 * 1000): Promise<number> {
  const cutoff = Date.now() - graceMs;
  const candidates: string[] = [];
  for await (const file of files.list()) if (file.modifiedAt.getTime() <= cutoff) candidates.push(file.key);
  let removed = 0;
  for (let i = 0; i < candidates.length; i += 500) {
    const batch = candidates.slice(i, i + 500);
    const usedKeys = await keysInUse(db, batch);
    for (const key of batch) {
      if (usedKeys.has(key)) continue;
      await files.delete(key);
      removed++;
    }
  }
  return removed;
}
