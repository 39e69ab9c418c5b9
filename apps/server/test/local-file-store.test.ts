import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../src/errors.ts';
import type { FileStore, PutOptions } from '../src/storage/file-store.ts';
import { createLocalFileStore } from '../src/storage/local-file-store.ts';
import {
  documentMediaTypes,
  drawingMediaTypes,
  imageMediaTypes,
  sniffMediaType,
  videoMediaTypes,
} from '@inspectra/contract';
import { describeMediaTypes, downloadNameFor, extensionFor } from '../src/storage/media-type.ts';
import { docxBytes, dwgBytes, mp4Head, odtBytes, pdfBytes, tiffBytes, xlsxBytes } from './document-bytes.ts';

/** A valid 1x1 RGBA PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const jpegHead = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0, 0, 1,
]);
const gif87 = Buffer.from('GIF87a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff', 'latin1');
const gif89 = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff', 'latin1');
const webpHead = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.from([0x0d, 0, 0, 0]),
]);
const pdfHead = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

const images: PutOptions = { maxBytes: 1024 * 1024, allowedMediaTypes: imageMediaTypes };
const documents: PutOptions = { maxBytes: 1024 * 1024, allowedMediaTypes: documentMediaTypes };
const drawings: PutOptions = { maxBytes: 1024 * 1024, allowedMediaTypes: drawingMediaTypes };
const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const source = (...chunks: Buffer[]) => Readable.from(chunks);

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every file under a directory, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('sniffMediaType', () => {
  it('recognises each supported signature', () => {
    expect(sniffMediaType(png)).toBe('image/png');
    expect(sniffMediaType(jpegHead)).toBe('image/jpeg');
    expect(sniffMediaType(gif87)).toBe('image/gif');
    expect(sniffMediaType(gif89)).toBe('image/gif');
    expect(sniffMediaType(webpHead)).toBe('image/webp');
    expect(sniffMediaType(pdfHead)).toBe('application/pdf');
  });

  it('does not recognise text formats, even when they describe images', () => {
    expect(sniffMediaType(svg)).toBeUndefined();
    expect(sniffMediaType(Buffer.from('<!DOCTYPE html><html></html>'))).toBeUndefined();
    expect(sniffMediaType(Buffer.from('just some text'))).toBeUndefined();
    expect(sniffMediaType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
    expect(sniffMediaType(Buffer.from('GIF88a'))).toBeUndefined();
  });

  it('does not guess from input shorter than a signature', () => {
    expect(sniffMediaType(new Uint8Array())).toBeUndefined();
    expect(sniffMediaType(png.subarray(0, 7))).toBeUndefined();
    expect(sniffMediaType(webpHead.subarray(0, 11))).toBeUndefined();
    expect(sniffMediaType(Buffer.from('GIF89'))).toBeUndefined();
    expect(sniffMediaType(Buffer.from([0xff, 0xd8]))).toBeUndefined();
  });

  it('names extensions and describes allowed lists', () => {
    expect(imageMediaTypes.map(extensionFor)).toEqual(['jpg', 'png', 'webp', 'gif']);
    expect(extensionFor('application/pdf')).toBe('pdf');
    expect(extensionFor('text/html')).toBe('bin');
    expect(describeMediaTypes(imageMediaTypes)).toBe('JPEG, PNG, WebP and GIF images');
    expect(describeMediaTypes(['image/png', 'application/pdf'])).toBe('PNG and PDF files');
  });

  it('names extensions and describes the document and drawing lists', () => {
    expect(documentMediaTypes.map(extensionFor)).toEqual(['pdf', 'xlsx', 'docx']);
    expect(drawingMediaTypes.map(extensionFor)).toEqual(['pdf', 'png', 'jpg', 'tif', 'dwg']);
    expect(describeMediaTypes(documentMediaTypes)).toBe('PDF, Excel and Word files');
    expect(describeMediaTypes(drawingMediaTypes)).toBe('PDF, PNG, JPEG, TIFF and DWG files');
    expect(describeMediaTypes(['image/tiff', 'image/png'])).toBe('TIFF and PNG images');
    expect(describeMediaTypes(['image/vnd.dwg'])).toBe('DWG files');
    expect(describeMediaTypes(videoMediaTypes)).toBe('MP4 and WebM videos');
    expect(downloadNameFor('Deflection.mov', 'video/mp4')).toBe('Deflection.mov.mp4');
  });

  it('gives a download name an extension that fits the stored type', () => {
    expect(downloadNameFor('Isometric P-101.pdf', 'application/pdf')).toBe('Isometric P-101.pdf');
    expect(downloadNameFor('Scan.TIF', 'image/tiff')).toBe('Scan.TIF');
    expect(downloadNameFor('photo.jpeg', 'image/jpeg')).toBe('photo.jpeg');
    expect(downloadNameFor('report.html', 'application/pdf')).toBe('report.html.pdf');
    expect(downloadNameFor('book.xlsm', xlsx)).toBe('book.xlsm.xlsx');
    expect(downloadNameFor('minutes', docx)).toBe('minutes.docx');
    expect(downloadNameFor('.pdf', 'application/pdf')).toBe('.pdf.pdf');
    expect(downloadNameFor('page.html', 'text/html')).toBe('page.html.bin');
  });
});

describe('createLocalFileStore', () => {
  let root: string;
  let store: FileStore;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'inspectra-file-store-'));
    store = await createLocalFileStore(root);
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const tmpFiles = () => filesUnder(join(root, 'tmp'));
  const blobFiles = () => filesUnder(join(root, 'blobs'));

  it('stores bytes under their sha256 and returns them unchanged', async () => {
    const stored = await store.put(source(png), images);
    const digest = sha256(png);
    expect(stored).toEqual({ key: digest, sha256: digest, size: png.length, mediaType: 'image/png' });
    expect(await blobFiles()).toEqual([join(root, 'blobs', digest.slice(0, 2), digest.slice(2, 4), digest)]);
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
  ])('refuses an empty file (%s) as empty, whatever is allowed, and keeps nothing', async (_name, empty) => {
    for (const options of [images, documents]) {
      const error = await refusal(store.put(empty(), options));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toBe('The file is empty');
    }
    expect(await tmpFiles()).toEqual([]);
    expect(await blobFiles()).toEqual([]);
  });

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

  it("removes at start the temp files of uploads a crash cut short, keeping a running writer's", async () => {
    // No process has an id above the largest pid_max (2^22), so this writer has surely ended.
    const ended = `${2 ** 22 + 1}-${'a'.repeat(8)}`;
    const running = `${process.ppid}-${'b'.repeat(8)}`;
    for (const name of ['upload-before-pids', ended, `${process.pid}-${'c'.repeat(8)}`, running]) {
      await writeFile(join(root, 'tmp', name), png);
    }
    await createLocalFileStore(root);
    expect(await tmpFiles()).toEqual([join(root, 'tmp', running)]);
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

  it('lists nothing for an empty store', async () => {
    const listed: unknown[] = [];
    for await (const entry of store.list()) listed.push(entry);
    expect(listed).toEqual([]);
  });
});
