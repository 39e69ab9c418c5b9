import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { documentMediaTypes, drawingMediaTypes, imageMediaTypes, videoMediaTypes } from '@inspectra/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../src/errors.ts';
import type { FileStore, PutOptions } from '../src/storage/file-store.ts';
import { docxBytes, dwgBytes, mp4Head, odtBytes, pdfBytes, tiffBytes, xlsxBytes } from './document-bytes.ts';

/** A store under test, what it holds besides through its interface, and how to be rid of it. */
export type OpenedStore = {
  store: FileStore;
  /** Uploads in progress (temp names) and stored blobs (their keys), read from the store's own medium. */
  leftovers(): Promise<{ temps: string[]; blobs: string[] }>;
  close(): Promise<void>;
};

/** A valid 1x1 RGBA PNG. */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const gif89 = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff', 'latin1');
const pdfHead = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

export const images: PutOptions = { maxBytes: 1024 * 1024, allowedMediaTypes: imageMediaTypes };
const documents: PutOptions = { maxBytes: 1024 * 1024, allowedMediaTypes: documentMediaTypes };
const drawings: PutOptions = { maxBytes: 1024 * 1024, allowedMediaTypes: drawingMediaTypes };
const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
export const source = (...chunks: Buffer[]) => Readable.from(chunks);

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/**
 * What every FileStore does, whatever keeps its bytes: the local directory and object storage run
 * these same tests (local-file-store.test.ts, s3-file-store.test.ts).
 */
export function describeFileStore(name: string, open: () => Promise<OpenedStore>) {
  describe(`${name}: the FileStore contract`, () => {
    let opened: OpenedStore;
    let store: FileStore;

    beforeEach(async () => {
      opened = await open();
      store = opened.store;
    });

    afterEach(() => opened.close());

    const tmpFiles = () => opened.leftovers().then((found) => found.temps);
    const blobFiles = () => opened.leftovers().then((found) => found.blobs);

    async function modifiedAt(key: string): Promise<Date> {
      for await (const entry of store.list()) if (entry.key === key) return entry.modifiedAt;
      throw new Error(`${key} is not listed`);
    }

    it('stores bytes under their sha256 and returns them unchanged', async () => {
      const stored = await store.put(source(png), images);
      const digest = sha256(png);
      expect(stored).toEqual({ key: digest, sha256: digest, size: png.length, mediaType: 'image/png' });
      expect(await blobFiles()).toEqual([digest]);
      expect(await tmpFiles()).toEqual([]);
      expect((await readAll(await store.get(stored.key))).equals(png)).toBe(true);
    });

    it('sniffs the type even when the first bytes arrive one at a time', async () => {
      const chunks = Array.from(png, (byte) => Buffer.from([byte]));
      const stored = await store.put(source(...chunks), images);
      expect(stored.mediaType).toBe('image/png');
      expect(stored.size).toBe(png.length);
      expect((await readAll(await store.get(stored.key))).equals(png)).toBe(true);
    });

    it('keeps one blob for identical content', async () => {
      const first = await store.put(source(png), images);
      const second = await store.put(source(png.subarray(0, 20), png.subarray(20)), images);
      expect(second.key).toBe(first.key);
      expect(await blobFiles()).toHaveLength(1);
      expect(await tmpFiles()).toEqual([]);
    });

    it('refuses a file over the limit and keeps nothing', async () => {
      const error = await refusal(store.put(source(png), { ...images, maxBytes: png.length - 1 }));
      expect(error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(error.message).toBe(`The file is larger than the limit of ${png.length - 1} bytes`);
      expect(await tmpFiles()).toEqual([]);
      expect(await blobFiles()).toEqual([]);
    });

    it('keeps a video under the video types and refuses anything else there', async () => {
      const videos = { maxBytes: 1024 * 1024, allowedMediaTypes: videoMediaTypes };
      const stored = await store.put(source(mp4Head, Buffer.alloc(4096, 7)), videos);
      expect(stored.mediaType).toBe('video/mp4');
      const error = await refusal(store.put(source(png), videos));
      expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(error.message).toContain('MP4 and WebM videos');
      // Read back in part, as a player seeking asks for it.
      expect((await readAll(await store.get(stored.key, { start: 4, end: 11 }))).toString()).toBe('ftypisom');
    });

    it("streams a video larger than one part of an object store's multipart upload and reads it back in part", async () => {
      const body = Buffer.alloc(12 * 1024 * 1024 + 7);
      for (let at = 0; at < body.length; at += 4096) body.writeUInt32BE(at, at);
      mp4Head.copy(body);
      const chunks: Buffer[] = [];
      for (let at = 0; at < body.length; at += 64 * 1024) chunks.push(body.subarray(at, at + 64 * 1024));
      const videos = { maxBytes: 64 * 1024 * 1024, allowedMediaTypes: videoMediaTypes };
      const stored = await store.put(source(...chunks), videos);
      expect(stored).toEqual({
        key: sha256(body),
        sha256: sha256(body),
        size: body.length,
        mediaType: 'video/mp4',
      });
      const start = 10 * 1024 * 1024 + 3;
      const part = await readAll(await store.get(stored.key, { start, end: start + 99_999 }));
      expect(part.equals(body.subarray(start, start + 100_000))).toBe(true);
      expect((await readAll(await store.get(stored.key))).equals(body)).toBe(true);
      expect(await tmpFiles()).toEqual([]);
    });

    it('refreshes the time of a blob uploaded again, so the orphan sweep spares it', async () => {
      const { key } = await store.put(source(png), images);
      const first = await modifiedAt(key);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await store.put(source(png), images);
      expect((await modifiedAt(key)).getTime()).toBeGreaterThan(first.getTime());
      expect(await blobFiles()).toEqual([key]);
    });

    it('accepts a file exactly at the limit', async () => {
      const stored = await store.put(source(png), { ...images, maxBytes: png.length });
      expect(stored.size).toBe(png.length);
    });

    it('stops reading an endless source once it passes the limit', async () => {
      const chunk = Buffer.alloc(64 * 1024, 1);
      png.copy(chunk);
      const endless = Readable.from(
        (function* () {
          for (;;) yield chunk;
        })(),
      );
      const error = await refusal(store.put(endless, { ...images, maxBytes: 5 * 1024 * 1024 }));
      expect(error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(error.message).toBe('The file is larger than the limit of 5 MB');
      expect(endless.destroyed).toBe(true);
      expect(await tmpFiles()).toEqual([]);
      expect(await blobFiles()).toEqual([]);
    });

    it('refuses a stream that @fastify/multipart flagged as truncated', async () => {
      const truncated = Object.assign(source(png), { truncated: true });
      const error = await refusal(store.put(truncated, images));
      expect(error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(await tmpFiles()).toEqual([]);
      expect(await blobFiles()).toEqual([]);
    });

    it.each([
      ['SVG', svg],
      ['text', Buffer.from('hello, this is plain text and not a picture at all')],
      ['a short text', Buffer.from('hi')],
      ['PDF when only images are allowed', pdfHead],
    ])('refuses %s as an unsupported media type and keeps nothing', async (_name, bytes) => {
      const error = await refusal(store.put(source(bytes), images));
      expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(error.message).toBe('Only JPEG, PNG, WebP and GIF images are accepted');
      expect(await tmpFiles()).toEqual([]);
      expect(await blobFiles()).toEqual([]);
    });

    it('describes a different allowed list in its refusal', async () => {
      const error = await refusal(
        store.put(source(svg), { ...images, allowedMediaTypes: ['application/pdf'] }),
      );
      expect(error.message).toBe('Only PDF files are accepted');
    });

    it.each([
      ['no chunks', () => source()],
      ['one empty chunk', () => source(Buffer.alloc(0))],
    ])(
      'refuses an empty file (%s) as empty, whatever is allowed, and keeps nothing',
      async (_name, empty) => {
        for (const options of [images, documents]) {
          const error = await refusal(store.put(empty(), options));
          expect(error.code).toBe('BAD_REQUEST');
          expect(error.message).toBe('The file is empty');
        }
        expect(await tmpFiles()).toEqual([]);
        expect(await blobFiles()).toEqual([]);
      },
    );

    it.each([
      ['a PDF', pdfBytes, documents, 'application/pdf'],
      ['an Excel workbook', xlsxBytes, documents, xlsx],
      ['a Word document', docxBytes, documents, docx],
      ['a PDF drawing', pdfBytes, drawings, 'application/pdf'],
      ['a TIFF drawing', tiffBytes, drawings, 'image/tiff'],
      ['a DWG drawing', dwgBytes, drawings, 'image/vnd.dwg'],
      ['a PNG drawing', png, drawings, 'image/png'],
    ])('stores %s when its type is allowed', async (_name, bytes, options, mediaType) => {
      const stored = await store.put(source(bytes), options);
      expect(stored).toMatchObject({ key: sha256(bytes), size: bytes.length, mediaType });
      expect((await readAll(await store.get(stored.key))).equals(bytes)).toBe(true);
      expect(await tmpFiles()).toEqual([]);
    });

    it('recognises a workbook whose entries arrive a few bytes at a time', async () => {
      const chunks: Buffer[] = [];
      for (let at = 0; at < xlsxBytes.length; at += 13) chunks.push(xlsxBytes.subarray(at, at + 13));
      const stored = await store.put(source(...chunks), documents);
      expect(stored).toMatchObject({ mediaType: xlsx, size: xlsxBytes.length, sha256: sha256(xlsxBytes) });
    });

    it.each([
      ['a PDF', pdfBytes],
      ['an Excel workbook', xlsxBytes],
      ['a Word document', docxBytes],
      ['a TIFF', tiffBytes],
      ['a DWG', dwgBytes],
    ])('refuses %s when only images are allowed, and keeps nothing', async (_name, bytes) => {
      const error = await refusal(store.put(source(bytes), images));
      expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(error.message).toBe('Only JPEG, PNG, WebP and GIF images are accepted');
      expect(await tmpFiles()).toEqual([]);
      expect(await blobFiles()).toEqual([]);
    });

    it.each([
      ['an OpenDocument text', odtBytes],
      ['an image', png],
      ['a DWG', dwgBytes],
      ['SVG', svg],
    ])('refuses %s as a document', async (_name, bytes) => {
      const error = await refusal(store.put(source(bytes), documents));
      expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(error.message).toBe('Only PDF, Excel and Word files are accepted');
      expect(await blobFiles()).toEqual([]);
    });

    it('refuses an Office file as a drawing', async () => {
      const error = await refusal(store.put(source(docxBytes), drawings));
      expect(error.message).toBe('Only PDF, PNG, JPEG, TIFF and DWG files are accepted');
    });

    it('leaves nothing in tmp when the source fails part-way', async () => {
      const failing = Readable.from(
        (async function* () {
          yield png.subarray(0, 30);
          throw new Error('connection reset');
        })(),
      );
      await expect(store.put(failing, images)).rejects.toThrow('connection reset');
      expect(await tmpFiles()).toEqual([]);
      expect(await blobFiles()).toEqual([]);
    });

    it.each(['0'.repeat(64), '../etc/passwd', '../../tmp', 'A'.repeat(64), '', `${'0'.repeat(64)}/..`])(
      'answers NOT_FOUND for key %j',
      async (key) => {
        const error = await refusal(store.get(key));
        expect(error.code).toBe('NOT_FOUND');
        expect(error.message).toBe('The file was not found');
      },
    );

    it('deletes idempotently and ignores malformed keys', async () => {
      const { key } = await store.put(source(png), images);
      await store.delete(key);
      await store.delete(key);
      await store.delete('../etc/passwd');
      expect(await blobFiles()).toEqual([]);
      expect((await refusal(store.get(key))).code).toBe('NOT_FOUND');
    });

    it('lists every stored key with its modification time', async () => {
      const before = Date.now() - 1000;
      const a = await store.put(source(png), images);
      const b = await store.put(source(gif89), images);
      const listed: { key: string; modifiedAt: Date }[] = [];
      for await (const entry of store.list()) listed.push(entry);
      expect(listed.map((entry) => entry.key).sort()).toEqual([a.key, b.key].sort());
      for (const entry of listed) expect(entry.modifiedAt.getTime()).toBeGreaterThanOrEqual(before);
    });

    it("keeps an upload's pieces apart, reads them back in the order named, and drops them", async () => {
      const upload = randomUUID();
      const first = await store.putPiece(upload, 0, png.subarray(0, 20));
      const second = await store.putPiece(upload, 20, png.subarray(20));
      // Two pieces at one offset (two processes given the same piece) never write over each other.
      const twin = await store.putPiece(upload, 20, Buffer.from('another piece'));
      expect(new Set([first, second, twin]).size).toBe(3);
      expect((await readAll(store.readPieces(upload, [first, second]))).equals(png)).toBe(true);
      // Pieces are not stored files: the sweep's list never sees them.
      expect(await blobFiles()).toEqual([]);
      // A whole file read from its pieces goes through the store's own checks into a stored file.
      const stored = await store.put(store.readPieces(upload, [first, second]), images);
      expect(stored.key).toBe(sha256(png));

      await store.dropPieces(upload, [twin]);
      await expect(readAll(store.readPieces(upload, [twin]))).rejects.toThrow();
      expect((await readAll(store.readPieces(upload, [first, second]))).equals(png)).toBe(true);
      await store.dropPieces(upload);
      await store.dropPieces(upload);
      await expect(readAll(store.readPieces(upload, [first]))).rejects.toThrow();
    });

    it('refuses an upload id or piece name that is not its own shape', async () => {
      await expect(store.putPiece('../etc', 0, png)).rejects.toThrow();
      expect(() => store.readPieces(randomUUID(), ['../../blobs/x'])).toThrow();
      await expect(store.dropPieces('../..')).rejects.toThrow();
    });

    it('lists nothing for an empty store', async () => {
      const listed: unknown[] = [];
      for await (const entry of store.list()) listed.push(entry);
      expect(listed).toEqual([]);
    });
  });
}
