import { describe, expect, it } from 'vitest';
import {
  carryExif,
  exifForShrunkPhoto,
  exifOrientation,
  insertExifSegment,
  readExifSegment,
  shrinkPhoto,
} from './photo-shrink.ts';

/*
 * Hand-made JPEGs: only the header segments matter to the byte work, so the "compressed pixels" after
 * SOS are a few arbitrary bytes. The EXIF is laid out as a tablet camera writes it: IFD0 with
 * Orientation and pointers to the Exif IFD (capture time, pixel size) and the GPS IFD (position).
 */

const ascii = (text: string): number[] => Array.from(text, (char) => char.charCodeAt(0));
const u16 = (n: number, little: boolean): number[] => (little ? [n & 255, n >> 8] : [n >> 8, n & 255]);
const u32 = (n: number, little: boolean): number[] => {
  const big = [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  return little ? big.reverse() : big;
};
const segment = (marker: number, body: number[]): number[] => [
  0xff,
  marker,
  ...u16(body.length + 2, false),
  ...body,
];

const soi = [0xff, 0xd8];
const eoi = [0xff, 0xd9];
const jfif = segment(0xe0, [...ascii('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
const xmp = segment(0xe1, [...ascii('http://ns.adobe.com/xap/1.0/\0'), ...ascii('<x:xmpmeta/>')]);
const quantTable = segment(0xdb, [0, ...Array.from({ length: 64 }, (_, i) => i + 1)]);
const frame = segment(0xc0, [8, 0, 1, 0, 2, 1, 1, 0x11, 0]);
// The compressed data holds a stuffed FF 00 and bytes that look like an EXIF segment, which must be ignored.
const scan = [
  ...segment(0xda, [1, 1, 0, 0, 63, 0]),
  0x12,
  0xff,
  0x00,
  0xff,
  0xe1,
  0,
  16,
  ...ascii('Exif\0\0'),
  0x34,
];

/** A JPEG as a canvas encodes it: SOI, JFIF, tables, frame, scan, EOI; optionally with more segments. */
const jpegOf = (...extra: number[][]): Uint8Array<ArrayBuffer> =>
  new Uint8Array([...soi, ...jfif, ...extra.flat(), ...quantTable, ...frame, ...scan, ...eoi]);

type ExifLayout = {
  segment: Uint8Array;
  orientationValue: number;
  gps: [number, number];
  pixelSize: [number, number];
};

/** An EXIF APP1 segment; offsets in the layout are counted from the segment's first byte. */
function exifOf(little: boolean, orientation: number | null = 6): ExifLayout {
  const entry = (tag: number, type: number, count: number, value: number[]): number[] => [
    ...u16(tag, little),
    ...u16(type, little),
    ...u32(count, little),
    ...value,
  ];
  const short = (n: number): number[] => [...u16(n, little), 0, 0];
  const long = (n: number): number[] => u32(n, little);
  const rationals = (...pairs: number[]): number[] => pairs.flatMap((n) => u32(n, little));

  // TIFF offsets: header 8, IFD0 at 8, Exif IFD after it, GPS IFD after that, then the long values.
  const ifd0Entries = orientation === null ? 2 : 3;
  const exifIfd = 8 + 2 + ifd0Entries * 12 + 4;
  const gpsIfd = exifIfd + 2 + 3 * 12 + 4;
  const dateTime = gpsIfd + 2 + 4 * 12 + 4;
  const latitude = dateTime + 20;
  const longitude = latitude + 24;

  const tiff = [
    ...(little ? ascii('II') : ascii('MM')),
    ...u16(42, little),
    ...u32(8, little),
    ...u16(ifd0Entries, little),
    ...(orientation === null ? [] : entry(0x0112, 3, 1, short(orientation))),
    ...entry(0x8769, 4, 1, long(exifIfd)),
    ...entry(0x8825, 4, 1, long(gpsIfd)),
    ...u32(0, little),
    ...u16(3, little),
    ...entry(0x9003, 2, 20, long(dateTime)), // DateTimeOriginal
    ...entry(0xa002, 4, 1, long(4000)), // PixelXDimension
    ...entry(0xa003, 3, 1, short(3000)), // PixelYDimension
    ...u32(0, little),
    ...u16(4, little),
    ...entry(1, 2, 2, [...ascii('S'), 0, 0, 0]), // GPSLatitudeRef
    ...entry(2, 5, 3, long(latitude)),
    ...entry(3, 2, 2, [...ascii('E'), 0, 0, 0]), // GPSLongitudeRef
    ...entry(4, 5, 3, long(longitude)),
    ...u32(0, little),
    ...ascii('2026:11:20 09:41:07\0'),
    ...rationals(6, 1, 12, 1, 3456, 100), // 6° 12' 34.56" S
    ...rationals(106, 1, 49, 1, 1234, 100), // 106° 49' 12.34" E
  ];
  expect(tiff.length).toBe(longitude + 24);
  const header = 10; // marker, length, "Exif\0\0"
  const entryValue = (ifd: number, index: number) => header + ifd + 2 + index * 12 + 8;
  return {
    segment: new Uint8Array(segment(0xe1, [...ascii('Exif\0\0'), ...tiff])),
    orientationValue: entryValue(8, 0),
    gps: [header + gpsIfd, header + longitude + 24],
    pixelSize: [entryValue(exifIfd, 1), entryValue(exifIfd, 2)],
  };
}

/** Indexes where two equally long byte arrays differ. */
function differences(a: Uint8Array, b: Uint8Array): number[] {
  expect(b.length).toBe(a.length);
  return Array.from(a.keys()).filter((i) => a[i] !== b[i]);
}

/** Where `part` occurs in `whole`, or -1. */
function indexOf(whole: Uint8Array, part: Uint8Array): number {
  for (let i = 0; i + part.length <= whole.length; i++) {
    if (part.every((byte, j) => whole[i + j] === byte)) return i;
  }
  return -1;
}

describe.each([
  ['little-endian (II)', true],
  ['big-endian (MM)', false],
])('EXIF in %s byte order', (_name, little) => {
  it('is found whole after JFIF and an XMP segment, and its Orientation is read', () => {
    const exif = exifOf(little);
    const found = readExifSegment(jpegOf(xmp, [...exif.segment]));
    expect(found).toEqual(exif.segment);
    expect(exifOrientation(found!)).toBe(6);
  });

  it('is marked upright with the new pixel size, every other byte (GPS, capture time) unchanged', () => {
    const exif = exifOf(little);
    const shrunk = exifForShrunkPhoto(exif.segment, { upright: true, width: 1920, height: 2560 });

    expect(exifOrientation(shrunk)).toBe(1);
    const [w, h] = exif.pixelSize;
    expect(
      differences(exif.segment, shrunk).every(
        (i) =>
          (i >= exif.orientationValue && i < exif.orientationValue + 2) ||
          (i >= w && i < w + 4) ||
          (i >= h && i < h + 2),
      ),
    ).toBe(true);
    const view = new DataView(shrunk.buffer);
    expect(view.getUint32(w, little)).toBe(1920);
    expect(view.getUint16(h, little)).toBe(2560);
    expect(shrunk.subarray(...exif.gps)).toEqual(exif.segment.subarray(...exif.gps));
    expect(exif.segment).toEqual(exifOf(little).segment); // the original is not written to
  });

  it('keeps the Orientation when the decoder left the pixels as stored', () => {
    const shrunk = exifForShrunkPhoto(exifOf(little, 3).segment, {
      upright: false,
      width: 2560,
      height: 1920,
    });
    expect(exifOrientation(shrunk)).toBe(3);
  });

  it('leaves a pixel size stored as SHORT when the new size does not fit it', () => {
    const exif = exifOf(little);
    const shrunk = exifForShrunkPhoto(exif.segment, { upright: true, width: 70_000, height: 70_000 });
    expect(new DataView(shrunk.buffer).getUint16(exif.pixelSize[1], little)).toBe(3000);
  });
});

describe('readExifSegment', () => {
  it('finds none in a JPEG without EXIF, even when the compressed data looks like one', () => {
    expect(readExifSegment(jpegOf(xmp))).toBeUndefined();
  });

  it('finds none in a PNG or in a JPEG whose segment length runs past the end', () => {
    expect(readExifSegment(new Uint8Array([0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a]))).toBeUndefined();
    const cut = jpegOf([...exifOf(true).segment]).subarray(0, soi.length + jfif.length + 40);
    expect(readExifSegment(cut)).toBeUndefined();
  });

  it('skips fill bytes before a marker', () => {
    const exif = exifOf(false).segment;
    expect(readExifSegment(jpegOf([0xff, 0xff, ...exif]))).toEqual(exif);
  });
});

describe('exifOrientation', () => {
  it('is 1 when the tag is absent, out of range, or the TIFF header is damaged', () => {
    expect(exifOrientation(exifOf(true, null).segment)).toBe(1);
    expect(exifOrientation(exifOf(false, 9).segment)).toBe(1);
    const damaged = exifOf(true).segment.slice();
    damaged[12] = 0; // the 42 after the byte order
    expect(exifOrientation(damaged)).toBe(1);
  });
});

describe('insertExifSegment', () => {
  it('puts the EXIF right after JFIF and keeps every other byte in order', () => {
    const encoded = jpegOf();
    const exif = exifOf(true).segment;
    const result = insertExifSegment(encoded, exif);
    const at = soi.length + jfif.length;
    expect(result.subarray(0, at)).toEqual(encoded.subarray(0, at));
    expect(result.subarray(at, at + exif.length)).toEqual(exif);
    expect(result.subarray(at + exif.length)).toEqual(encoded.subarray(at));
  });

  it('puts it right after SOI when no JFIF opens the file', () => {
    const encoded = new Uint8Array([...soi, ...quantTable, ...frame, ...scan, ...eoi]);
    const exif = exifOf(false).segment;
    const result = insertExifSegment(encoded, exif);
    expect(result.subarray(2, 2 + exif.length)).toEqual(exif);
    expect(result.length).toBe(encoded.length + exif.length);
  });

  it('replaces an EXIF the encoder wrote, so the file has one', () => {
    const written = exifOf(true, 1).segment;
    const carried = exifOf(false).segment;
    const result = insertExifSegment(jpegOf([...written]), carried);
    expect(readExifSegment(result)).toEqual(carried);
    expect(indexOf(result, written)).toBe(-1);
    expect(result.length).toBe(jpegOf().length + carried.length);
  });

  it('returns bytes that are no JPEG unchanged', () => {
    const png = new Uint8Array([0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a]);
    expect(insertExifSegment(png, exifOf(true).segment)).toBe(png);
  });
});

describe('carryExif', () => {
  it('gives the shrunk JPEG the original GPS block and capture time, marked upright', () => {
    const exif = exifOf(false);
    const original = jpegOf([...exif.segment]);
    const encoded = jpegOf();
    const result = carryExif(readExifSegment(original), encoded, {
      upright: true,
      width: 2560,
      height: 1920,
    });

    const carried = readExifSegment(result)!;
    expect(exifOrientation(carried)).toBe(1);
    expect(carried.subarray(...exif.gps)).toEqual(exif.segment.subarray(...exif.gps));
    expect(indexOf(result, new Uint8Array(ascii('2026:11:20 09:41:07')))).toBeGreaterThan(0);
    expect(result.subarray(result.length - scan.length - eoi.length)).toEqual(
      encoded.subarray(encoded.length - scan.length - eoi.length),
    );
  });

  it('adds no EXIF to a photo that had none', () => {
    const encoded = jpegOf();
    const result = carryExif(readExifSegment(jpegOf(xmp)), encoded, {
      upright: false,
      width: 10,
      height: 10,
    });
    expect(result).toEqual(encoded);
    expect(readExifSegment(result)).toBeUndefined();
  });
});

describe('shrinkPhoto', () => {
  // jsdom decodes no image, which is what a browser without a usable decoder does too.
  it.each([
    ['a JPEG that cannot be decoded', jpegOf([...exifOf(true).segment]), 'image/jpeg', 'photo.jpg'],
    [
      'a GIF, which may be animated',
      new Uint8Array(ascii('GIF89a\x01\x00\x01\x00')),
      'image/gif',
      'anim.gif',
    ],
    ['a file that is no image', new Uint8Array(ascii('hello, world')), 'text/plain', 'notes.png'],
  ])('returns %s untouched rather than blocking the upload', async (_name, bytes, type, name) => {
    const file = new File([bytes], name, { type });
    await expect(shrinkPhoto(file)).resolves.toBe(file);
  });
});
