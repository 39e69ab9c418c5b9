import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { sniffLength, sniffMediaType } from '@inspectra/contract';
import { isRunning } from '../data-dir.ts';
import { AppError } from '../errors.ts';
import type { ByteRange, FileStore, PutOptions, StoredFile } from './file-store.ts';
import { describeMediaTypes } from './media-type.ts';

/** Keys are sha256 hex digests; checking the shape is what keeps a key like `../etc/passwd` out of paths. */
const keyPattern = /^[0-9a-f]{64}$/;
const shardPattern = /^[0-9a-f]{2}$/;

/** A temp file's name starts with the id of the process writing it: `<pid>-<uuid>`. */
const tempPidPattern = /^(\d+)-/;

const notFound = () => new AppError('NOT_FOUND', 'The file was not found');

const isErrno = (error: unknown, code: string): boolean =>
  error instanceof Error && (error as NodeJS.ErrnoException).code === code;

/** "10 MB" rather than "10485760 bytes" in the message a user reads. */
function humanSize(bytes: number): string {
  const units = ['KB', 'MB', 'GB'];
  if (bytes < 1024) return `${bytes} bytes`;
  let value = bytes;
  let unit = 'bytes';
  for (const next of units) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  return `${Number(value.toFixed(1))} ${unit}`;
}

const tooLarge = (maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the limit of ${humanSize(maxBytes)}`);

const unsupported = (allowed: readonly string[]) =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    allowed.length === 0 ? 'No files are accepted' : `Only ${describeMediaTypes(allowed)} are accepted`,
  );

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
  await mkdir(tmpDir, { recursive: true, mode: 0o700 });
  await mkdir(blobsDir, { recursive: true, mode: 0o700 });
  await removeLeftTemps(tmpDir);

  const blobDir = (key: string) => join(blobsDir, key.slice(0, 2), key.slice(2, 4));
  const blobPath = (key: string) => join(blobDir(key), key);

  async function put(source: Readable, options: PutOptions): Promise<StoredFile> {
    const { maxBytes, allowedMediaTypes } = options;
    const tmpPath = join(tmpDir, `${process.pid}-${randomUUID()}`);
    const hash = createHash('sha256');
    let handle: FileHandle | undefined;
    let kept = false;
    try {
      handle = await open(tmpPath, 'wx', 0o600);
      let size = 0;
      let head = Buffer.alloc(0);
      let sniffed: string | undefined;
      // Leaving this loop early (throw) destroys the source, so an oversize or forbidden upload stops being read.
      for await (const chunk of source) {
        const bytes: Buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
        size += bytes.length;
        if (size > maxBytes) throw tooLarge(maxBytes);
        if (head.length < sniffLength) {
          head = Buffer.concat([head, bytes.subarray(0, sniffLength - head.length)]);
          if (head.length >= sniffLength) sniffed = checkMediaType(head, allowedMediaTypes);
        }
        hash.update(bytes);
        await writeAll(handle, bytes);
      }
      // @fastify/multipart ends the stream quietly at its own limit and only flags it, so the bytes seen are short.
      if ((source as { truncated?: boolean }).truncated === true) throw tooLarge(maxBytes);
      if (size === 0) throw new AppError('BAD_REQUEST', 'The file is empty');
      const mediaType = sniffed ?? checkMediaType(head, allowedMediaTypes);

      await handle.sync();
      await handle.close();
      handle = undefined;

      const sha256 = hash.digest('hex');
      const dir = blobDir(sha256);
      const destination = blobPath(sha256);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      if (!(await touch(destination))) {
        await rename(tmpPath, destination);
        kept = true;
        await syncDirectory(dir);
      }
      return { key: sha256, sha256, size, mediaType };
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

  return { put, get, delete: remove, list };
}

/** The sniffed type if it is allowed; otherwise the refusal, so the caller stops reading at once. */
function checkMediaType(head: Uint8Array, allowed: readonly string[]): string {
  const mediaType = sniffMediaType(head);
  if (mediaType === undefined || !allowed.includes(mediaType)) throw unsupported(allowed);
  return mediaType;
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
