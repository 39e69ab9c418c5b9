import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sniffLength, sniffMediaType, uuidText } from '@inspectra/contract';
import { AppError } from '../errors.ts';
import type { PutOptions, StoredFile } from './file-store.ts';
import { describeMediaTypes } from './media-type.ts';

/** Keys are sha256 hex digests; checking the shape is what keeps a key like `../etc/passwd` out of paths. */
export const keyPattern = /^[0-9a-f]{64}$/;

export const notFound = () => new AppError('NOT_FOUND', 'The file was not found');

/** An upload's id (a UUID) and a piece's name (`<offset>-<uuid>`): checked before either reaches a path or key. */
// Lower case only (the database writes a uuid so): a name in a path or key has one spelling.
const uploadIdPattern = new RegExp(`^${uuidText}$`);
const pieceNamePattern = new RegExp(`^\\d{1,16}-${uuidText}$`);

/** The upload's id, refused unless it is a UUID in lower case. */
export function checkedUploadId(uploadId: string): string {
  if (!uploadIdPattern.test(uploadId)) throw new Error(`Not an upload id: ${uploadId}`);
  return uploadId;
}

/** A piece's name, refused unless it is one `newPieceName` made. */
export function checkedPieceName(name: string): string {
  if (!pieceNamePattern.test(name)) throw new Error(`Not a piece name: ${name}`);
  return name;
}

/** A new piece's name: the byte it starts at, padded so names sort by offset, and a random suffix. */
export const newPieceName = (offset: number) => `${String(offset).padStart(13, '0')}-${randomUUID()}`;

/** "10 MB" rather than "10485760 bytes" in the message a user reads. */
export function humanSize(bytes: number): string {
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

export const tooLarge = (maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the limit of ${humanSize(maxBytes)}`);

export const unsupported = (allowed: readonly string[]) =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    allowed.length === 0 ? 'No files are accepted' : `Only ${describeMediaTypes(allowed)} are accepted`,
  );

/** The sniffed type if it is allowed; otherwise the refusal, so the caller stops reading at once. */
function checkMediaType(head: Uint8Array, allowed: readonly string[]): string {
  const mediaType = sniffMediaType(head);
  if (mediaType === undefined || !allowed.includes(mediaType)) throw unsupported(allowed);
  return mediaType;
}

/** An upload's bytes as they pass the checks, and what they turned out to be once all have passed. */
export type CheckedUpload = {
  /** The source's bytes, each chunk only after it passed the size limit and, from the head, the type. */
  chunks: AsyncGenerator<Buffer>;
  /** The refusal the checks raised, if any: a store passing `chunks` to a library gets it back wrapped. */
  refusal(): AppError | undefined;
  /** After `chunks` has ended: the content's hash, size and type (the key is the hash). */
  stored(): StoredFile;
};

/**
 * What every store does to an upload while it streams, whatever it writes to: it counts the bytes
 * against `maxBytes`, judges the type from the first `sniffLength` bytes (never the name), hashes the
 * content for its key, and stops at the first check that fails, so an oversize or forbidden upload
 * stops being read (leaving the loop early destroys the source). Nothing is buffered beyond the head.
 */
export function checkUpload(source: Readable, options: PutOptions): CheckedUpload {
  const { maxBytes, allowedMediaTypes } = options;
  const hash = createHash('sha256');
  let size = 0;
  let mediaType: string | undefined;
  let result: StoredFile | undefined;
  let refused: AppError | undefined;
  const refuse = (error: AppError) => {
    refused = error;
    return error;
  };

  async function* chunks(): AsyncGenerator<Buffer> {
    let head = Buffer.alloc(0);
    try {
      for await (const chunk of source) {
        const bytes: Buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
        size += bytes.length;
        if (size > maxBytes) throw refuse(tooLarge(maxBytes));
        if (head.length < sniffLength) {
          head = Buffer.concat([head, bytes.subarray(0, sniffLength - head.length)]);
          if (head.length >= sniffLength) mediaType = checkMediaType(head, allowedMediaTypes);
        }
        hash.update(bytes);
        if (bytes.length > 0) yield bytes;
      }
      // @fastify/multipart ends the stream quietly at its own limit and only flags it, so the bytes seen are short.
      if ((source as { truncated?: boolean }).truncated === true) throw refuse(tooLarge(maxBytes));
      if (size === 0) throw refuse(new AppError('BAD_REQUEST', 'The file is empty'));
      mediaType ??= checkMediaType(head, allowedMediaTypes);
    } catch (error) {
      if (error instanceof AppError) refused ??= error;
      throw error;
    }
    const sha256 = hash.digest('hex');
    result = { key: sha256, sha256, size, mediaType };
  }

  return {
    chunks: chunks(),
    refusal: () => refused,
    stored: () => {
      if (!result) throw new Error('The upload was not read to its end');
      return result;
    },
  };
}

/**
 * A file already stored (a whole resumable upload) judged as an upload to a slot would be: the same
 * refusals, in the same words, for a type the slot does not take or a size over its limit.
 */
export function checkStored(file: StoredFile, options: PutOptions): void {
  if (!options.allowedMediaTypes.includes(file.mediaType)) throw unsupported(options.allowedMediaTypes);
  if (file.size > options.maxBytes) throw tooLarge(options.maxBytes);
}
