/**
 * File types judged from a file's first bytes, never from its name or the client's claim, which are
 * both attacker-controlled. The server decides what it stores this way; the browser uses the same
 * rules to refuse a text file renamed .png before any upload.
 */

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The image types photos may be uploaded as; browsers render all of them natively and none runs script. */
export const imageMediaTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ImageMediaType = (typeof imageMediaTypes)[number];

/** Supporting documents attached to a report: PDF, Excel workbooks and Word documents. */
export const documentMediaTypes = ['application/pdf', xlsx, docx] as const;
export type DocumentMediaType = (typeof documentMediaTypes)[number];

/** Isometric and engineering drawings of an equipment; DWG is kept as an opaque download. */
export const drawingMediaTypes = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/tiff',
  'image/vnd.dwg',
] as const;
export type DrawingMediaType = (typeof drawingMediaTypes)[number];

/**
 * Videos (a motion-magnification recording): MP4 and WebM, the two every current browser plays in a
 * `<video>` element. QuickTime (.mov) and Matroska (.mkv) are not among them.
 */
export const videoMediaTypes = ['video/mp4', 'video/webm'] as const;
export type VideoMediaType = (typeof videoMediaTypes)[number];

/** Every type `sniffMediaType` can name. */
export type SniffedMediaType = ImageMediaType | DocumentMediaType | DrawingMediaType | VideoMediaType;

/**
 * How many leading bytes `sniffMediaType` needs to recognise every type it knows. Most signatures sit
 * in the first 8 bytes; Excel and Word files are both ZIP archives, told apart by the names of their
 * first entries. Writers put `[Content_Types].xml`, `_rels/.rels` or a theme before the first `xl/`
 * or `word/` entry; with exceljs (in-memory and streaming) and the docx library that entry starts
 * within the first 2 KB. The rest is margin for a large content-types part stored uncompressed.
 */
export const sniffLength = 8192;

const startsWith = (head: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  head.length >= offset + signature.length && signature.every((byte, i) => head[offset + i] === byte);

const ascii = (text: string): number[] => Array.from(text, (char) => char.charCodeAt(0));

const lowerAscii = (byte: number): number => (byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte);

const isDigit = (byte: number | undefined): boolean => byte !== undefined && byte >= 0x30 && byte <= 0x39;

const zipLocalHeader = ascii('PK\x03\x04');
/** General-purpose flag bit 3: sizes are 0 in the local header and follow the data instead. */
const zipSizesAfterData = 0x0008;
const zip64ExtraId = 0x0001;

/**
 * Office Open XML part names that say which application wrote the package. OPC compares part names
 * without regard to ASCII case, so the comparison lowercases.
 */
const officePartPrefixes: readonly [prefix: number[], mediaType: DocumentMediaType][] = [
  [ascii('xl/'), xlsx],
  [ascii('word/'), docx],
];

function officeTypeOfEntry(head: Uint8Array, start: number, length: number): DocumentMediaType | undefined {
  for (const [prefix, mediaType] of officePartPrefixes) {
    if (length < prefix.length) continue;
    if (prefix.every((byte, i) => lowerAscii(head[start + i] ?? 0) === byte)) return mediaType;
  }
  return undefined;
}

function indexOf(head: Uint8Array, signature: readonly number[], from: number): number {
  for (let i = from; i + signature.length <= head.length; i++) if (startsWith(head, signature, i)) return i;
  return -1;
}

/** The compressed size a ZIP64 extra field gives, when the local header's own says 0xFFFFFFFF. */
function zip64CompressedSize(view: DataView, start: number, end: number): number | undefined {
  for (let at = start; at + 4 <= end;) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    // In a local header the ZIP64 field holds both sizes: uncompressed, then compressed.
    if (id === zip64ExtraId && size >= 16 && at + 20 <= end) return Number(view.getBigUint64(at + 12, true));
    at += 4 + size;
  }
  return undefined;
}

/**
 * Excel or Word from the local file headers at the start of a ZIP archive: the first entry under
 * `xl/` or `word/` decides. Headers are followed by their sizes; when a streaming writer put the
 * sizes after the data, the next header is found by its signature. An archive whose entries within
 * the bytes seen say neither (an OpenDocument file, a JAR, a plain ZIP) stays unrecognised.
 */
function officeTypeOfZip(head: Uint8Array): DocumentMediaType | undefined {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let offset = 0;
  while (startsWith(head, zipLocalHeader, offset) && offset + 30 <= head.length) {
    const flags = view.getUint16(offset + 6, true);
    const compressedSize = view.getUint32(offset + 18, true);
    const nameLength = view.getUint16(offset + 26, true);
    const extraLength = view.getUint16(offset + 28, true);
    const nameStart = offset + 30;
    if (nameStart + nameLength > head.length) return undefined;
    const mediaType = officeTypeOfEntry(head, nameStart, nameLength);
    if (mediaType) return mediaType;

    const extraStart = nameStart + nameLength;
    const dataStart = extraStart + extraLength;
    if (flags & zipSizesAfterData) {
      offset = indexOf(head, zipLocalHeader, dataStart);
      if (offset < 0) return undefined;
      continue;
    }
    const size =
      compressedSize === 0xffffffff
        ? zip64CompressedSize(view, extraStart, Math.min(dataStart, head.length))
        : compressedSize;
    if (size === undefined) return undefined;
    offset = dataStart + size;
  }
  return undefined;
}

/**
 * ISO base media file brands (the `ftyp` box) of MP4 video: the ISO family, MP4 versions 1 and 2,
 * H.264, M4V, DASH and the phone makers' own. An HEIF or AVIF still image is also an ISO file,
 * under its own brands, and is not a video; nor is QuickTime (`qt  `).
 */
const mp4Brands = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'mmp4',
  'MSNV',
]);
const stillImageBrands = new Set(['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/** MP4 from its `ftyp` box: its major brand, or a compatible one, is an MP4 brand (`mp4Brands`). */
function isMp4(head: Uint8Array): boolean {
  if (!startsWith(head, ascii('ftyp'), 4) || head.length < 12) return false;
  const brandAt = (at: number) => String.fromCharCode(...head.subarray(at, at + 4));
  const major = brandAt(8);
  if (stillImageBrands.has(major)) return false;
  if (mp4Brands.has(major)) return true;
  const boxSize = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(0);
  for (let at = 16; at + 4 <= Math.min(boxSize, head.length); at += 4)
    if (mp4Brands.has(brandAt(at))) return true;
  return false;
}

/**
 * WebM from its EBML header: the DocType element (ID 0x4282) says `webm`, within the header's first
 * bytes. Matroska's own DocType (`matroska`) is not WebM.
 */
function isWebm(head: Uint8Array): boolean {
  if (!startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return false;
  const docType = indexOf(head.subarray(0, 64), [0x42, 0x82], 4);
  // The element's size as a one-byte variable-length integer: 0x84 is 4 bytes, "webm".
  return docType >= 0 && head[docType + 2] === 0x84 && startsWith(head, ascii('webm'), docType + 3);
}

/**
 * The media type of a file from its first bytes (`sniffLength` of them suffice), or undefined. Text
 * formats (SVG, HTML) are deliberately not recognised: they can carry script and have no reliable
 * signature. Nothing is guessed: input shorter than a signature, or a ZIP whose first entries do
 * not show it to be an Excel or Word file, is unrecognised.
 */
export function sniffMediaType(head: Uint8Array): SniffedMediaType | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(head, ascii('II*\0')) || startsWith(head, ascii('MM\0*'))) return 'image/tiff';
  // AutoCAD's version string: AC1015 is R2000, AC1032 is R2018; later releases keep the pattern.
  if (startsWith(head, ascii('AC10')) && isDigit(head[4]) && isDigit(head[5])) return 'image/vnd.dwg';
  if (startsWith(head, zipLocalHeader)) return officeTypeOfZip(head);
  if (isMp4(head)) return 'video/mp4';
  if (isWebm(head)) return 'video/webm';
  return undefined;
}

/** The image type of a file's first bytes, or undefined when they are none of the image types. */
export function sniffImageType(head: Uint8Array): ImageMediaType | undefined {
  const type = sniffMediaType(head);
  return imageMediaTypes.find((t) => t === type);
}
