import { ApiError } from '../../api/errors.ts';
import { apiRequest } from '../../api/http-client.ts';
import { uuidOf } from '../../api/new-id.ts';
import type { ChangeQueue, QueuedChange, QueuedFile } from './change-queue.ts';

/*
 * A queued form's files sent as uploads that resume where a drop left them (docs/offline-capture.md,
 * part 4): each file goes to the server in pieces first, then the form names each upload
 * (`upload:<id>`) in its file's place. A drop costs the piece under way, not the whole file.
 */

/** An upload as the server answers it. */
type Upload = { id: string; size: number; offset: number; complete: boolean; pieceBytes: number };

/** Bytes of a change's files the server holds so far, of all it sends: the indicator's progress. */
export type BytesSent = { sent: number; total: number };

/** Hashes need `crypto.subtle`, which a page served without HTTPS lacks: its files go in the form. */
export const canUpload = (): boolean => typeof crypto !== 'undefined' && crypto.subtle !== undefined;

const sha256 = async (bytes: ArrayBuffer | string) =>
  new Uint8Array(
    await crypto.subtle.digest(
      'SHA-256',
      // A typed array: the page's ArrayBuffer and IndexedDB's may come from different realms.
      typeof bytes === 'string' ? new TextEncoder().encode(bytes) : new Uint8Array(bytes),
    ),
  );

/**
 * The upload id of a change's `file`-th file: made from the change's key, so a reload mid-sync (or
 * another try) resumes the same upload with nothing more kept on the device.
 */
export async function uploadIdOf(key: string, file: number): Promise<string> {
  return uuidOf(await sha256(`${key}:${file}`));
}

const uploadOf = async (request: Parameters<typeof apiRequest>[0]) =>
  (await apiRequest<Upload>(request)).data;

/** Starts the upload, or answers it as the server holds it (the same id, size and hash). */
const create = (id: string, bytes: ArrayBuffer, hash: string, name: string) =>
  uploadOf({ method: 'POST', url: '/uploads', data: { id, size: bytes.byteLength, sha256: hash, name } });

/**
 * Sends one file as the upload `id`, from the bytes the server already holds, piece by piece, until
 * it is whole. Throws the server's ApiError when it cannot (no answer: the change's retry; a refusal:
 * the change's refusal). `onSent` hears the bytes held after each answer.
 */
async function sendUpload(
  id: string,
  bytes: ArrayBuffer,
  meta: QueuedFile,
  onSent: (held: number) => void,
): Promise<void> {
  const hash = [...(await sha256(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
  let upload = await create(id, bytes, hash, meta.name);
  let mismatches = 0;
  // Offset corrections in a row: the server's offset moving under the device means something else
  // sends this upload; a few, and the change is refused rather than sent for ever.
  let corrections = 0;
  while (!upload.complete) {
    onSent(upload.offset);
    const piece = bytes.slice(upload.offset, upload.offset + upload.pieceBytes);
    try {
      upload = await uploadOf({
        method: 'PATCH',
        url: `/uploads/${id}`,
        data: piece,
        headers: {
          'Upload-Offset': String(upload.offset),
          'Content-Type': 'application/offset+octet-stream',
        },
      });
      corrections = 0;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 409 && error.retryAfterSeconds === undefined && corrections++ < 3) {
        // The server holds other bytes than the device thought (an answer lost): from where it is.
        upload = await uploadOf({ method: 'GET', url: `/uploads/${id}` }).catch((lost: unknown) => {
          if (lost instanceof ApiError && lost.status === 404) return create(id, bytes, hash, meta.name);
          throw lost;
        });
      } else if (error.status === 404) {
        // Expired (7 days) between pieces: a new upload under the same id.
        upload = await create(id, bytes, hash, meta.name);
      } else if (error.code === 'VALIDATION_ERROR' && mismatches++ === 0) {
        // The whole did not match its hash (the bytes changed on the way): the server emptied it.
        // Once more from the start; a second time is the change's refusal, with the server's words.
        upload = { ...upload, offset: 0 };
      } else {
        throw error;
      }
    }
  }
  onSent(upload.size);
}

/**
 * Sends each file of a change's form as its upload, in order, and answers their ids by the files'
 * index: the form is then sent with them in place of the bytes (`ChangeQueue.bodyOf`).
 */
export async function sendUploads(
  queue: ChangeQueue,
  change: QueuedChange,
  onBytes?: (bytes: BytesSent) => void,
): Promise<string[]> {
  const files = (change.form ?? []).flatMap(([, value]) => (typeof value === 'string' ? [] : [value]));
  const total = files.reduce((sum, { meta }) => sum + meta.size, 0);
  const ids: string[] = [];
  let done = 0;
  for (const file of files) {
    const bytes = await queue.fileBytes(change.key, file);
    const id = await uploadIdOf(change.key, file.file);
    await sendUpload(id, bytes, file.meta, (held) => onBytes?.({ sent: done + held, total }));
    ids[file.file] = id;
    done += bytes.byteLength;
  }
  return ids;
}
