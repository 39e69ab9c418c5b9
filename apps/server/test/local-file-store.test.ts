import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileStore } from '../src/storage/file-store.ts';
import { createLocalFileStore } from '../src/storage/local-file-store.ts';
import {
  documentMediaTypes,
  drawingMediaTypes,
  imageMediaTypes,
  sniffMediaType,
  videoMediaTypes,
} from '@inspectra/contract';
import { describeMediaTypes, downloadNameFor, extensionFor } from '../src/storage/media-type.ts';
import { describeFileStore, images, png, source } from './file-store-contract.ts';

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
const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

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

/** Every file under a directory, as absolute paths. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describeFileStore('createLocalFileStore', async () => {
  const root = await mkdtemp(join(tmpdir(), 'inspectra-file-store-'));
  return {
    store: await createLocalFileStore(root),
    leftovers: async () => ({
      temps: await filesUnder(join(root, 'tmp')),
      blobs: (await filesUnder(join(root, 'blobs'))).map((file) => basename(file)),
    }),
    close: () => rm(root, { recursive: true, force: true }),
  };
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

  it('keeps a blob in two levels of directories named by its first four hex digits', async () => {
    const stored = await store.put(source(png), images);
    const digest = stored.key;
    expect(await filesUnder(join(root, 'blobs'))).toEqual([
      join(root, 'blobs', digest.slice(0, 2), digest.slice(2, 4), digest),
    ]);
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
});
