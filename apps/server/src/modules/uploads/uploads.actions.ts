import {
  entities,
  newUploadSchema,
  uploadKeptDays,
  uploadOffsetHeader,
  uploadPieceBytes,
  uploadPieceMediaType,
} from '@inspectra/contract';
import type { FileKind, UploadState } from '@inspectra/contract';
import { and, count, eq, isNull, lt, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dbWork } from '../../db/scheduler.ts';
import { uploads } from '../../db/schema/index.ts';
import { typedAction } from '../../engine/action-handler.ts';
import type { ActionContext, ActionHandler, ActionResult } from '../../engine/action-handler.ts';
import type { EngineDeps } from '../../engine/engine-deps.ts';
import { discardUnreferenced } from '../../engine/record-files.ts';
import { anySlotAccepts, heldUpload, receivedOf, uploadLive } from '../../engine/resumable-uploads.ts';
import type { UploadRow } from '../../engine/resumable-uploads.ts';
import { AppError } from '../../errors.ts';
import { tooLarge } from '../../storage/checked-upload.ts';
import type { FileStore, PutOptions } from '../../storage/file-store.ts';

/*
 * Resumable uploads (docs/offline-capture.md part 4, "Resumable uploads"): a device makes an upload
 * for one file, sends it in pieces, each kept as an object of the file store and counted in the
 * upload's row, resumes from the bytes the server holds after a drop (from any process: nothing is
 * kept in memory), and the piece that makes the file whole has it checked and stored like any
 * other upload. A record's form then names it (`upload:<id>`, engine/resumable-uploads.ts).
 */

/**
 * What one user may hold unfinished: enough for a day's photos and a few videos on a device that
 * lost its network, not enough to fill the store with uploads never finished. Beyond, 429: the
 * device finishes what it began, or waits for the old ones to expire.
 */
export const openUploadBounds = { count: 200, bytes: 2 * 1024 ** 3 };

/** Every kind of file any declared slot or image list takes: an upload may become any of them. */
const slotKinds: ReadonlySet<FileKind> = new Set(
  Object.values(entities).flatMap((entity) =>
    [...Object.values(entity.images), ...Object.values(entity.imageLists)].map(
      (slot) => slot.accepts ?? 'image',
    ),
  ),
);

const acceptedOf = (deps: EngineDeps): PutOptions =>
  anySlotAccepts(slotKinds, {
    image: deps.maxUploadBytes,
    document: deps.maxDocumentBytes,
    video: deps.maxVideoBytes,
  });

const state = (row: UploadRow): UploadState => ({
  id: row.id,
  size: row.size,
  offset: row.received,
  complete: row.storageKey !== null,
  pieceBytes: uploadPieceBytes,
});

const notFound = () => new AppError('NOT_FOUND', 'The upload was not found');

/** A piece sent from a byte other than the count the server holds: the client resumes from the count. */
function resumeFrom(received: number): AppError {
  const message = `The upload holds ${received} bytes: send from byte ${received}`;
  return new AppError('CONFLICT', message, [{ path: 'offset', message }], {
    headers: { [uploadOffsetHeader]: String(received) },
  });
}

/**
 * An upload's statements commit on their own, never in a keyed request's transaction
 * (docs/offline-capture.md part 1): a piece counted, an upload reset after a bad SHA-256, must hold
 * whatever the request answers, since the pieces they name or dropped are already in the store. The
 * offsets make a piece sent twice harmless without a key.
 */
function ownStatements(handler: ActionHandler): ActionHandler {
  return (ctx) => {
    const work = dbWork.getStore();
    if (!work?.requestTransaction) return handler(ctx);
    return dbWork.run({ priority: work.priority, signal: work.signal }, () => handler(ctx));
  };
}

/** The row of an id, whoever's, while it is kept: made once per user and file. */
async function uploadOf(db: Db, id: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), uploadLive()));
  return row;
}

/** The upload an id names, when it is this user's for this very file; 409 otherwise. */
function sameUpload(row: UploadRow, userId: string, body: { size: number; sha256: string }): ActionResult {
  if (row.userId !== userId || row.size !== body.size || row.sha256 !== body.sha256) {
    const message = 'This upload id is taken by another file: make a new id for a new upload';
    throw new AppError('CONFLICT', message, [{ path: 'id', message }]);
  }
  return { data: state(row), statusCode: 200 };
}

/** Refuses a new upload past what the user may hold unfinished (`openUploadBounds`). */
async function checkOpenUploads(db: Db, userId: string, size: number): Promise<void> {
  const [open] = await db
    .select({ count: count(), bytes: sum(uploads.size).mapWith(Number) })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), isNull(uploads.storageKey), uploadLive()));
  const held = { count: open?.count ?? 0, bytes: open?.bytes ?? 0 };
  if (held.count >= openUploadBounds.count || held.bytes + size > openUploadBounds.bytes)
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `You have ${held.count} uploads not yet complete (${receivedOf(held.bytes, openUploadBounds.bytes)} of what you may hold): finish them, or wait until they expire ${uploadKeptDays} days after they began, before beginning another`,
    );
}

/** The piece's bytes and the byte it starts at, as the call sends them; refused plainly otherwise. */
function sentPiece(ctx: ActionContext): { offset: number; piece: Buffer } {
  const type = (ctx.request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== uploadPieceMediaType)
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the piece's bytes as ${uploadPieceMediaType}`);
  const header = ctx.request.headers[uploadOffsetHeader.toLowerCase()];
  if (typeof header !== 'string' || !/^\d{1,16}$/.test(header.trim())) {
    const message = `${uploadOffsetHeader} must say the byte the piece starts at, as a whole number`;
    throw new AppError('BAD_REQUEST', message, [{ path: 'offset', message }]);
  }
  const piece = ctx.request.body;
  if (!Buffer.isBuffer(piece) || piece.length === 0) throw new AppError('BAD_REQUEST', 'The piece is empty');
  return { offset: Number(header.trim()), piece };
}

/**
 * Counts a piece the store holds, if the upload still holds `offset` bytes: the condition makes two
 * pieces sent at one offset (two processes, a retry racing its original) count once. The loser's
 * piece is dropped, and it is told the count.
 */
async function countPiece(
  deps: EngineDeps,
  row: UploadRow,
  offset: number,
  name: string,
  length: number,
  whole?: { storageKey: string; mediaType: string },
): Promise<UploadRow> {
  const [moved] = await deps.db
    .update(uploads)
    .set({
      received: offset + length,
      // Once whole, the pieces are no longer needed: the stored file is.
      pieces: whole ? [] : sql`${uploads.pieces} || ${JSON.stringify([name])}::jsonb`,
      ...(whole ?? {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(uploads.id, row.id), eq(uploads.received, offset)))
    .returning();
  if (moved) return moved;
  await deps.files.dropPieces(row.id, [name]);
  const now = await uploadOf(deps.db, row.id);
  throw now ? resumeFrom(now.received) : notFound();
}

/**
 * The piece that makes the file whole: the pieces are read in order through the store's own
 * checks (type from the bytes, size, hash) into a stored file, which must have the declared
 * SHA-256; only then is the piece counted, with the stored file, so no upload is ever whole
 * without its file. A hash that differs resets the upload to byte 0; a type no slot takes removes it.
 */
async function finish(deps: EngineDeps, row: UploadRow, offset: number, name: string, length: number) {
  const names = [...row.pieces, name];
  const accepted = acceptedOf(deps);
  let stored;
  try {
    stored = await deps.files.put(deps.files.readPieces(row.id, names), { ...accepted, maxBytes: row.size });
  } catch (error) {
    const refused = error instanceof AppError && error.code === 'UNSUPPORTED_MEDIA_TYPE';
    const [removed] = refused
      ? await deps.db
          .delete(uploads)
          .where(and(eq(uploads.id, row.id), eq(uploads.received, offset)))
          .returning({ id: uploads.id })
      : [];
    await deps.files.dropPieces(row.id, removed ? names : [name]);
    throw error;
  }
  if (stored.sha256 !== row.sha256) {
    await discardUnreferenced(deps.db, deps.files, [stored]);
    const [reset] = await deps.db
      .update(uploads)
      .set({ received: 0, pieces: [], updatedAt: sql`now()` })
      .where(and(eq(uploads.id, row.id), eq(uploads.received, offset)))
      .returning({ id: uploads.id });
    await deps.files.dropPieces(row.id, reset ? names : [name]);
    const message = "The file's bytes do not match its SHA-256: send it again from byte 0";
    throw new AppError('VALIDATION_ERROR', message, [{ path: 'sha256', message }], {
      headers: reset ? { [uploadOffsetHeader]: '0' } : {},
    });
  }
  let whole: UploadRow;
  try {
    whole = await countPiece(deps, row, offset, name, length, {
      storageKey: stored.key,
      mediaType: stored.mediaType,
    });
  } catch (error) {
    // Another process finished (or moved) the upload first: its file stays, held by its row.
    await discardUnreferenced(deps.db, deps.files, [stored]);
    throw error;
  }
  await deps.files.dropPieces(row.id, names);
  return whole;
}

export const uploadActions: Record<string, ActionHandler> = {
  /** Begins an upload, or answers the one this id already names for this user and file. */
  'uploads.create': ownStatements(
    typedAction({ body: newUploadSchema }, async ({ body, user, deps }) => {
      const { maxBytes } = acceptedOf(deps);
      if (body.size > maxBytes) throw tooLarge(maxBytes);
      const held = await uploadOf(deps.db, body.id);
      if (held) return sameUpload(held, user!.id, body);
      await checkOpenUploads(deps.db, user!.id, body.size);
      // An expired upload of this id, not yet swept, gives way to the new one.
      await removeUploads(deps.db, deps.files, and(eq(uploads.id, body.id), expired())!);
      const [made] = await deps.db
        .insert(uploads)
        .values({ id: body.id, userId: user!.id, name: body.name, size: body.size, sha256: body.sha256 })
        .onConflictDoNothing()
        .returning();
      if (made) return { data: state(made), statusCode: 201 };
      // Made at the same moment by a retry of this very call: answered as a repeat.
      const raced = await uploadOf(deps.db, body.id);
      if (!raced) throw notFound();
      return sameUpload(raced, user!.id, body);
    }),
  ),

  'uploads.get': async ({ params, user, deps }) => {
    const row = await heldUpload(deps.db, user!.id, params.id as string);
    if (!row) throw notFound();
    return { data: state(row) };
  },

  /** Keeps the next piece, counts it, and checks and stores the file once it is whole. */
  'uploads.append': ownStatements(async (ctx) => {
    const { user, deps } = ctx;
    const { offset, piece } = sentPiece(ctx);
    const row = await heldUpload(deps.db, user!.id, ctx.params.id as string);
    if (!row) throw notFound();
    if (offset !== row.received) throw resumeFrom(row.received);
    const end = offset + piece.length;
    if (end > row.size) {
      const message = `The piece passes the end of the file: the file is ${row.size} bytes, the piece ends at byte ${end}`;
      throw new AppError('BAD_REQUEST', message, [{ path: 'offset', message }]);
    }
    const name = await deps.files.putPiece(row.id, offset, piece);
    const moved =
      end < row.size
        ? await countPiece(deps, row, offset, name, piece.length)
        : await finish(deps, row, offset, name, piece.length);
    return { data: state(moved) };
  }),
};

const expired = () => lt(uploads.createdAt, sql`now() - ${uploadKeptDays} * interval '1 day'`);

/** Removes the uploads `where` selects and their pieces; answers how many went. */
async function removeUploads(db: Db, files: FileStore, where: ReturnType<typeof expired>): Promise<number> {
  const removed = await db.delete(uploads).where(where).returning({ id: uploads.id });
  for (const { id } of removed) await files.dropPieces(id);
  return removed.length;
}

/**
 * The upkeep (main.ts): uploads older than they are kept, with their pieces. A whole upload's
 * stored file is then no longer held by it; the orphan-file sweep removes it unless a record uses it.
 */
export function sweepUploads(db: Db, files: FileStore): Promise<number> {
  return removeUploads(db, files, expired());
}
