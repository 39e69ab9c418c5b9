import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { isRunning } from '../data-dir.ts';
import type { ByteRange, FileStore, PutOptions, StoredFile } from './file-store.ts';
import {
  checkedPieceName,
  checkedUploadId,
  checkUpload,
  keyPattern,
  newPieceName,
  notFound,
} from './checked-upload.ts';

const shardPattern = /^[0-9a-f]{2}$/;

/** A temp file's name starts with the id of the process writing it: `<pid>-<uuid>`. */
const tempPidPattern = /^(\d+)-/;

const isErrno = (error: unknown, code: string): boolean =>
  error instanceof Error && (error as NodeJS.ErrnoException).code === code;

/** fsync on a directory makes a rename into it durable; Windows cannot open directories, so it is skipped there. */
async function syncDirectory(path: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * A content-addressed store in a local directory. Blobs are named by their sha256, so no user-supplied
 * name ever reaches a path, identical uploads share one file, and a half-written upload is never visible
 * under a key (it lives in `tmp/` until it is complete and synced, then is renamed into place).
 */
export async function createLocalFileStore(root: string): Promise<FileStore> {
  const base = resolve(root);
  const tmpDir = join(base, 'tmp');
  const blobsDir = join(base, 'blobs');
  // Pieces of resumable uploads, a directory an upload: `uploads/<id>/<offset>-<uuid>`.
  const uploadsDir = join(base, 'uploads');
  await mkdir(tmpDir, { recursive: true, mode: 0o700 });
  await mkdir(blobsDir, { recursive: true, mode: 0o700 });
  await mkdir(uploadsDir, { recursive: true, mode: 0o700 });
  await removeLeftTemps(tmpDir);

  const blobDir = (key: string) => join(blobsDir, key.slice(0, 2), key.slice(2, 4));
  const blobPath = (key: string) => join(blobDir(key), key);

  async function put(source: Readable, options: PutOptions): Promise<StoredFile> {
    const tmpPath = join(tmpDir, `${process.pid}-${randomUUID()}`);
    let handle: FileHandle | undefined;
    let kept = false;
    try {
      handle = await open(tmpPath, 'wx', 0o600);
      const upload = checkUpload(source, options);
      for await (const bytes of upload.chunks) await writeAll(handle, bytes);
      const stored = upload.stored();

      await handle.sync();
      await handle.close();
      handle = undefined;

      const dir = blobDir(stored.key);
      const destination = blobPath(stored.key);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      if (!(await touch(destination))) {
        await rename(tmpPath, destination);
        kept = true;
        await syncDirectory(dir);
      }
      return stored;
    } finally {
      if (handle) await handle.close().catch(() => undefined);
      if (!kept) await rm(tmpPath, { force: true });
    }
  }

  async function get(key: string, range?: ByteRange): Promise<Readable> {
    if (!keyPattern.test(key)) throw notFound();
    let handle: FileHandle;
    try {
      // Opening first (rather than stat then createReadStream) means a missing file is reported here, not as a
      // stream error after the response has started.
      handle = await open(blobPath(key), 'r');
    } catch (error) {
      if (isErrno(error, 'ENOENT')) throw notFound();
      throw error;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async function remove(key: string): Promise<void> {
    if (!keyPattern.test(key)) return;
    try {
      await rm(blobPath(key));
    } catch (error) {
      if (!isErrno(error, 'ENOENT')) throw error;
    }
  }

  async function* list(): AsyncGenerator<{ key: string; modifiedAt: Date }> {
    for (const first of await readNames(blobsDir)) {
      if (!shardPattern.test(first)) continue;
      for (const second of await readNames(join(blobsDir, first))) {
        if (!shardPattern.test(second)) continue;
        for (const key of await readNames(join(blobsDir, first, second))) {
          if (!keyPattern.test(key) || !key.startsWith(first + second)) continue;
          try {
            const info = await stat(join(blobsDir, first, second, key));
            if (info.isFile()) yield { key, modifiedAt: info.mtime };
          } catch (error) {
            // Deleted while we walked; nothing to report.
            if (!isErrno(error, 'ENOENT')) throw error;
          }
        }
      }
    }
  }

  const piecesDir = (uploadId: string) => join(uploadsDir, checkedUploadId(uploadId));

  async function putPiece(uploadId: string, offset: number, bytes: Buffer): Promise<string> {
    const dir = piecesDir(uploadId);
    const name = newPieceName(offset);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const handle = await open(join(dir, name), 'wx', 0o600);
    try {
      await writeAll(handle, bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    // The piece is counted only once its name is in the database: it must outlive a power loss.
    await syncDirectory(dir);
    return name;
  }

  function readPieces(uploadId: string, names: readonly string[]): Readable {
    const dir = piecesDir(uploadId);
    const paths = names.map((name) => join(dir, checkedPieceName(name)));
    return Readable.from(
      (async function* () {
        for (const path of paths) {
          const handle = await open(path, 'r');
          try {
            yield* handle.createReadStream({ autoClose: false });
          } finally {
            await handle.close();
          }
        }
      })(),
      { objectMode: false },
    );
  }

  async function dropPieces(uploadId: string, names?: readonly string[]): Promise<void> {
    const dir = piecesDir(uploadId);
    if (names === undefined) return rm(dir, { recursive: true, force: true });
    for (const name of names) await rm(join(dir, checkedPieceName(name)), { force: true });
  }

  return { put, get, delete: remove, list, putPiece, readPieces, dropPieces };
}

/**
 * Refreshes an existing blob's time and reports whether it exists. When the same bytes are already stored
 * the upload reuses them, and the fresh time keeps an orphan sweep from deleting the blob between this
 * upload and the record that will point at it.
 */
async function touch(path: string): Promise<boolean> {
  try {
    const now = new Date();
    await utimes(path, now, now);
    return true;
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return false;
    throw error;
  }
}

/** A file handle's `write` may write less than asked; this does not. */
async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}

/** Directory entries, or none when the directory vanished (a concurrent walk must not fail on that). */
async function readNames(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if (isErrno(error, 'ENOENT') || isErrno(error, 'ENOTDIR')) return [];
    throw error;
  }
}

/**
 * Removes the temp files of uploads cut short by a crash. At start this process has written none, so
 * every temp file is left over, except one whose writer still runs: with PostgreSQL the data directory
 * is not locked, and the old process of a restart may still be finishing an upload. A name without a
 * pid (written before names carried one), this process's own pid (a restart that was given the crashed
 * process's pid, as in a container) and a pid no longer running are all removed.
 */
async function removeLeftTemps(tmpDir: string): Promise<void> {
  for (const name of await readNames(tmpDir)) {
    const pid = Number(tempPidPattern.exec(name)?.[1] ?? 0);
    if (pid && pid !== process.pid && isRunning(pid)) continue;
    const path = join(tmpDir, name);
    try {
      const info = await stat(path);
      if (info.isFile()) await rm(path, { force: true });
    } catch (error) {
      if (!isErrno(error, 'ENOENT')) throw error;
    }
  }
}
