import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of a file, both included. */
export type ByteRange = { start: number; end: number };

/** What the store knows of a file it holds. `key` is derived from the content, never from a name. */
export type StoredFile = { key: string; sha256: string; size: number; mediaType: string };

export type PutOptions = {
  /** Larger input is refused with PAYLOAD_TOO_LARGE while streaming; nothing is kept. */
  maxBytes: number;
  /** Media types accepted, judged from the bytes; others are refused with UNSUPPORTED_MEDIA_TYPE. */
  allowedMediaTypes: readonly string[];
};

/** Where uploaded bytes live: a local directory by default, object storage later. */
export type FileStore = {
  put(source: Readable, options: PutOptions): Promise<StoredFile>;
  /**
   * The bytes of a key, or of the part of them from `start` to `end` (both included, as HTTP ranges
   * count); NOT_FOUND when absent.
   */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes a key; no error when it is already gone. */
  delete(key: string): Promise<void>;
  /** Every key with its last modification time, for sweeping files no record points at. */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>;
  /**
   * Keeps one piece of a resumable upload, apart from stored files, under the upload's id; answers
   * its name (the byte it starts at and a random suffix, so two processes writing a piece at one
   * offset never write over each other). Durable when it resolves.
   */
  putPiece(uploadId: string, offset: number, bytes: Buffer): Promise<string>;
  /** The named pieces of an upload one after another, as one stream; each is opened when reached. */
  readPieces(uploadId: string, names: readonly string[]): Readable;
  /** Removes the named pieces of an upload, or all of them; no error for a piece already gone. */
  dropPieces(uploadId: string, names?: readonly string[]): Promise<void>;
};
