import { imageTypeOf } from './image-bytes.ts';

/*
 * Tablet photos (12 megapixels, 3–6 MB) are shrunk in the browser before upload, because plant Wi-Fi
 * is slow and a report never needs more than a few megapixels. The photo is made upright (the EXIF
 * Orientation applied to the pixels) and, for a JPEG, its EXIF is carried over, since an auditor
 * later needs the GPS position and capture time it holds. Shrinking is a courtesy, never a gate: when
 * anything fails the original file is uploaded.
 *
 * The byte work is done here rather than with a library: browser-image-compression 2.0.2 weighs 53 KB
 * minified (21 KB gzipped, most of it a PNG deflater not needed here), loads its web worker from a CDN
 * by default, and its EXIF copy can wait forever on a damaged segment instead of failing.
 */

/** The longest side, in pixels, of a photo as uploaded; larger photos are scaled down to it. */
export const photoMaxSidePx = 2560;

/** JPEG quality of a shrunk photo: no visible loss at the sizes reports and screens show. */
export const photoJpegQuality = 0.85;

export type ShrinkPhotoOptions = { maxSidePx?: number; quality?: number };

/**
 * The photo to upload: `file` itself when it is already within `maxSidePx` and upright (or is a GIF,
 * which may be animated, or no image at all), otherwise a re-encoded copy whose longest side is
 * `maxSidePx` and whose pixels are upright. The copy is a JPEG (keeping the original's EXIF, with
 * Orientation 1 and the new pixel size) unless the source has transparent pixels, which stay PNG. The
 * name and modification time are kept; only the extension follows a changed type. Never rejects:
 * when decoding or encoding fails, the original file is returned.
 */
export async function shrinkPhoto(file: File, options: ShrinkPhotoOptions = {}): Promise<File> {
  try {
    return await shrink(file, options.maxSidePx ?? photoMaxSidePx, options.quality ?? photoJpegQuality);
  } catch {
    return file;
  }
}

async function shrink(file: File, maxSidePx: number, quality: number): Promise<File> {
  const type = await imageTypeOf(file);
  if (type !== 'image/jpeg' && type !== 'image/png' && type !== 'image/webp') return file;
  const exif = type === 'image/jpeg' ? readExifSegment(new Uint8Array(await file.arrayBuffer())) : undefined;
  const orientation = exif ? exifOrientation(exif) : 1;
  // A decoder that ignores EXIF leaves the pixels as stored; the tag must then stay as it was.
  const turnsUpright = orientation !== 1 && (await decoderAppliesOrientation());

  const image = await decodeImage(file);
  try {
    const longest = Math.max(image.width, image.height);
    if (longest <= maxSidePx && !turnsUpright) return file;
    const scale = Math.min(1, maxSidePx / longest);
    const width = Math.max(1, Math.round(image.width * scale));
    const height = Math.max(1, Math.round(image.height * scale));
    const { canvas, context } = createCanvas(width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image.source, 0, 0, width, height);
    image.release(); // the full-size decode is the largest allocation: free it before encoding

    // A screenshot with transparency would turn black as JPEG, so it stays PNG.
    const outType =
      type !== 'image/jpeg' && hasTransparency(context, width, height) ? 'image/png' : 'image/jpeg';
    const encoded = await encodeCanvas(canvas, outType, quality);
    if (encoded.type !== outType) return file;
    let bytes = new Uint8Array(await encoded.arrayBuffer());
    if (outType === 'image/jpeg') bytes = carryExif(exif, bytes, { upright: turnsUpright, width, height });
    return new File([bytes], renamed(file.name, type, outType), {
      type: outType,
      lastModified: file.lastModified,
    });
  } finally {
    image.release();
  }
}

function renamed(name: string, from: string, to: string): string {
  if (from === to) return name;
  const extension = to === 'image/png' ? '.png' : '.jpg';
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name) + extension;
}

// ---------------------------------------------------------------------------------------------------
// Decoding and encoding (browser only: jsdom has no canvas)

type DecodedImage = { source: CanvasImageSource; width: number; height: number; release(): void };

async function decodeImage(blob: Blob): Promise<DecodedImage> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
    } catch {
      // Older Safari refuses the options bag; an <img> element still decodes the file.
    }
  }
  const url = URL.createObjectURL(blob);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return {
      source: img,
      width: img.naturalWidth,
      height: img.naturalHeight,
      release: () => URL.revokeObjectURL(url),
    };
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
}

/*
 * A 2 × 1 px JPEG tagged Orientation 6 (turn 90° clockwise): a decoder that applies EXIF orientation
 * returns it 1 × 2. Browsers since 2020 all do, but an older tablet that did not, with the tag reset
 * to 1, would store the photo on its side for good.
 */
const orientationProbeJpeg =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4QAiRXhpZgAATU0AKgAAAAgAAQESAAMAAAABAAYAAAAAAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAEAAgMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AOQm/wBc/wDvGvssF/u1P/CvyFi/94qer/M//9k=';

let orientationApplied: Promise<boolean> | undefined;

function decoderAppliesOrientation(): Promise<boolean> {
  orientationApplied ??= (async () => {
    const bytes = Uint8Array.from(atob(orientationProbeJpeg), (char) => char.charCodeAt(0));
    const probe = await decodeImage(new Blob([bytes], { type: 'image/jpeg' }));
    probe.release();
    return probe.height > probe.width;
  })().catch(() => false);
  return orientationApplied;
}

type Drawing = {
  canvas: OffscreenCanvas | HTMLCanvasElement;
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
};

function createCanvas(width: number, height: number): Drawing {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    // Safari before 16.4 has OffscreenCanvas without a 2D context.
    const context = canvas.getContext('2d');
    if (context) return { canvas, context };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  return { canvas, context };
}

function encodeCanvas(canvas: Drawing['canvas'], type: string, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded'))),
      type,
      quality,
    ),
  );
}

function hasTransparency(context: Drawing['context'], width: number, height: number): boolean {
  const { data } = context.getImageData(0, 0, width, height);
  for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha] !== 255) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------------
// JPEG and EXIF bytes. A JPEG is SOI (FF D8) then segments (FF, marker, 2-byte big-endian length that
// counts itself, body) up to SOS, after which the compressed pixels follow. EXIF lives in an APP1
// segment whose body starts "Exif\0\0" and holds a TIFF structure: byte order ("II" little-endian or
// "MM" big-endian), 42, the offset of IFD0; each IFD is a count then 12-byte entries (tag, type, count,
// value or offset), all offsets counted from the TIFF header.

const soi = 0xd8;
const app0 = 0xe0;
const app1 = 0xe1;
const exifHeader = [0x45, 0x78, 0x69, 0x66, 0, 0]; // "Exif\0\0"
const tiffStart = 4 + exifHeader.length; // marker, length, "Exif\0\0"

const tag = { orientation: 0x0112, exifIfd: 0x8769, pixelWidth: 0xa002, pixelHeight: 0xa003 } as const;
const fieldType = { short: 3, long: 4 } as const;

type Segment = { marker: number; start: number; end: number };

/** The header segments of a JPEG, up to the compressed pixels; stops early at a damaged length. */
function* headerSegments(jpeg: Uint8Array): Generator<Segment> {
  if (jpeg[0] !== 0xff || jpeg[1] !== soi) return;
  const view = new DataView(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
  let at = 2;
  while (at + 4 <= jpeg.length && view.getUint8(at) === 0xff) {
    const marker = view.getUint8(at + 1);
    if (marker === 0xff) {
      at += 1; // fill byte before a marker
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return; // SOS or EOI: no metadata after this
    const length = view.getUint16(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > jpeg.length) return;
    yield { marker, start: at, end };
    at = end;
  }
}

function isExif(jpeg: Uint8Array, segment: Segment): boolean {
  return (
    segment.marker === app1 &&
    segment.end - segment.start >= tiffStart + 8 &&
    exifHeader.every((byte, i) => jpeg[segment.start + 4 + i] === byte)
  );
}

/**
 * A copy of the JPEG's EXIF segment (APP1 "Exif\0\0", marker and length included), or undefined when
 * `jpeg` is no JPEG, has no EXIF, or its headers are damaged before the EXIF.
 */
export function readExifSegment(jpeg: Uint8Array): Uint8Array | undefined {
  for (const segment of headerSegments(jpeg)) {
    if (isExif(jpeg, segment)) return jpeg.slice(segment.start, segment.end);
  }
  return undefined;
}

type Tiff = { view: DataView; little: boolean };

function tiffOf(exif: Uint8Array): Tiff | undefined {
  if (exif.length < tiffStart + 8) return undefined;
  const view = new DataView(exif.buffer, exif.byteOffset + tiffStart, exif.length - tiffStart);
  const order = view.getUint16(0);
  const little = order === 0x4949 ? true : order === 0x4d4d ? false : undefined;
  if (little === undefined || view.getUint16(2, little) !== 42) return undefined;
  return { view, little };
}

/** Offset from the TIFF header of the entry for `wanted` in the IFD at `ifd`, if it is there and whole. */
function findEntry({ view, little }: Tiff, ifd: number, wanted: number): number | undefined {
  if (ifd < 8 || ifd + 2 > view.byteLength) return undefined;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > view.byteLength) return undefined;
    if (view.getUint16(entry, little) === wanted) return entry;
  }
  return undefined;
}

/** The value of a single SHORT or LONG entry, or undefined. */
function readNumber({ view, little }: Tiff, entry: number): number | undefined {
  if (view.getUint32(entry + 4, little) !== 1) return undefined;
  const type = view.getUint16(entry + 2, little);
  if (type === fieldType.short) return view.getUint16(entry + 8, little);
  if (type === fieldType.long) return view.getUint32(entry + 8, little);
  return undefined;
}

/** Overwrites a single SHORT or LONG entry in place; leaves it when the value does not fit its type. */
function writeNumber({ view, little }: Tiff, entry: number, value: number): void {
  if (view.getUint32(entry + 4, little) !== 1) return;
  const type = view.getUint16(entry + 2, little);
  if (type === fieldType.short && value <= 0xffff) view.setUint16(entry + 8, value, little);
  if (type === fieldType.long) view.setUint32(entry + 8, value, little);
}

/** The EXIF Orientation (1–8, 1 = upright as stored) of an EXIF segment; 1 when absent or invalid. */
export function exifOrientation(exif: Uint8Array): number {
  const tiff = tiffOf(exif);
  if (!tiff) return 1;
  const entry = findEntry(tiff, tiff.view.getUint32(4, tiff.little), tag.orientation);
  const value = entry === undefined ? undefined : readNumber(tiff, entry);
  return value !== undefined && value >= 1 && value <= 8 ? value : 1;
}

/**
 * A copy of an EXIF segment for pixels that were re-encoded at `width` × `height`: Orientation 1 when
 * `upright` (the pixels were turned, so viewers must not turn them again), and the Exif IFD's pixel
 * size. Every other byte, GPS and capture time included, is kept as it was; the segment keeps its
 * length, so no offset inside it moves.
 */
export function exifForShrunkPhoto(
  exif: Uint8Array,
  change: { upright: boolean; width: number; height: number },
): Uint8Array {
  const copy = exif.slice();
  const tiff = tiffOf(copy);
  if (!tiff) return copy;
  const ifd0 = tiff.view.getUint32(4, tiff.little);
  const orientation = findEntry(tiff, ifd0, tag.orientation);
  if (change.upright && orientation !== undefined) writeNumber(tiff, orientation, 1);
  const exifIfdEntry = findEntry(tiff, ifd0, tag.exifIfd);
  const exifIfd = exifIfdEntry === undefined ? undefined : readNumber(tiff, exifIfdEntry);
  if (exifIfd !== undefined) {
    const widthEntry = findEntry(tiff, exifIfd, tag.pixelWidth);
    const heightEntry = findEntry(tiff, exifIfd, tag.pixelHeight);
    if (widthEntry !== undefined) writeNumber(tiff, widthEntry, change.width);
    if (heightEntry !== undefined) writeNumber(tiff, heightEntry, change.height);
  }
  return copy;
}

/**
 * `jpeg` with `exif` (a whole APP1 segment) as its only EXIF segment, placed right after SOI, or after
 * a JFIF APP0 that opens the file, since JFIF readers expect APP0 first. Any EXIF the encoder wrote is
 * dropped. Returns `jpeg` unchanged when it is no JPEG.
 */
export function insertExifSegment(jpeg: Uint8Array<ArrayBuffer>, exif: Uint8Array): Uint8Array<ArrayBuffer> {
  if (jpeg[0] !== 0xff || jpeg[1] !== soi) return jpeg;
  const segments = [...headerSegments(jpeg)];
  const first = segments[0];
  const insertAt = first && first.start === 2 && first.marker === app0 ? first.end : 2;
  const dropped = segments.filter((segment) => isExif(jpeg, segment));
  const pieces: Uint8Array[] = [jpeg.subarray(0, insertAt), exif];
  let at = insertAt;
  for (const segment of dropped) {
    pieces.push(jpeg.subarray(at, segment.start));
    at = segment.end;
  }
  pieces.push(jpeg.subarray(at));
  const result = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    result.set(piece, offset);
    offset += piece.length;
  }
  return result;
}

/**
 * The re-encoded JPEG with the original's EXIF carried over (see `exifForShrunkPhoto`), or `encoded`
 * unchanged when the original had none: a photo without EXIF gains none.
 */
export function carryExif(
  exif: Uint8Array | undefined,
  encoded: Uint8Array<ArrayBuffer>,
  change: { upright: boolean; width: number; height: number },
): Uint8Array<ArrayBuffer> {
  return exif ? insertExifSegment(encoded, exifForShrunkPhoto(exif, change)) : encoded;
}
