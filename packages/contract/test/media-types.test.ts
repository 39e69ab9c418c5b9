import { describe, expect, it } from 'vitest';
import {
  documentMediaTypes,
  drawingMediaTypes,
  imageMediaTypes,
  sniffImageType,
  sniffLength,
  sniffMediaType,
  videoMediaTypes,
} from '../src/media-types.ts';

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const bytes = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

type EntryOptions = {
  /** Streaming writers set flag bit 3 and write the sizes in a data descriptor after the data. */
  sizesAfterData?: boolean;
  /** Sizes 0xFFFFFFFF in the header and the real ones in a ZIP64 extra field. */
  zip64?: boolean;
};

/** One ZIP local file header with its (stored, uncompressed) data, laid out as APPNOTE 4.3.7 says. */
function zipEntry(name: string, data: Uint8Array, o: EntryOptions = {}): Uint8Array {
  const nameBytes = bytes(name);
  const extra = new Uint8Array(o.zip64 ? 20 : 0);
  const header = new Uint8Array(30);
  const view = new DataView(header.buffer);
  view.setUint32(0, 0x04034b50, true);
  view.setUint16(4, o.zip64 ? 45 : 20, true);
  view.setUint16(6, o.sizesAfterData ? 0x0008 : 0, true);
  view.setUint16(8, 0, true); // stored
  const size = o.sizesAfterData ? 0 : o.zip64 ? 0xffffffff : data.length;
  view.setUint32(18, size, true);
  view.setUint32(22, size, true);
  view.setUint16(26, nameBytes.length, true);
  view.setUint16(28, extra.length, true);
  if (o.zip64) {
    const x = new DataView(extra.buffer);
    x.setUint16(0, 0x0001, true);
    x.setUint16(2, 16, true);
    x.setBigUint64(4, BigInt(data.length), true);
    x.setBigUint64(12, BigInt(data.length), true);
  }
  if (!o.sizesAfterData) return concat(header, nameBytes, extra, data);
  const descriptor = new Uint8Array(16);
  const d = new DataView(descriptor.buffer);
  d.setUint32(0, 0x08074b50, true);
  d.setUint32(8, data.length, true);
  d.setUint32(12, data.length, true);
  return concat(header, nameBytes, extra, data, descriptor);
}

const contentTypes = (main: string) =>
  bytes(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      `<Override PartName="${main}" ContentType="application/vnd.openxmlformats-officedocument.main+xml"/>` +
      '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
      '</Types>',
  );
const rels = (target: string) =>
  bytes(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${target}"/>` +
      '</Relationships>',
  );
const xml = (size: number) => bytes(`<?xml version="1.0"?>${'<x/>'.repeat(size / 4)}`);

/** The order Excel writes: content types, package relationships, then the workbook. */
const excelWorkbook = concat(
  zipEntry('[Content_Types].xml', contentTypes('/xl/workbook.xml')),
  zipEntry('_rels/.rels', rels('xl/workbook.xml')),
  zipEntry('xl/workbook.xml', xml(800)),
  zipEntry('xl/worksheets/sheet1.xml', xml(4000)),
);
/** The order Word writes. */
const wordDocument = concat(
  zipEntry('[Content_Types].xml', contentTypes('/word/document.xml')),
  zipEntry('_rels/.rels', rels('word/document.xml')),
  zipEntry('word/document.xml', xml(4000)),
);
/** A streaming writer (exceljs' WorkbookWriter): sizes after the data, document properties first. */
const streamedWorkbook = concat(
  zipEntry('[Content_Types].xml', contentTypes('/xl/workbook.xml'), { sizesAfterData: true }),
  zipEntry('docProps/app.xml', xml(400), { sizesAfterData: true }),
  zipEntry('docProps/core.xml', xml(400), { sizesAfterData: true }),
  zipEntry('xl/styles.xml', xml(2000), { sizesAfterData: true }),
);
/** A writer that puts the document part first, as the docx library does. */
const documentFirst = concat(
  zipEntry('word/_rels/document.xml.rels', rels('media/image1.png')),
  wordDocument,
);

const pdf = bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n');
const tiffLittle = Uint8Array.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0x0b, 0x00]);
const tiffBig = Uint8Array.from([0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, 0x00, 0x0b]);
const dwg = (version: string) => concat(bytes(version), Uint8Array.from([0, 0, 0, 0, 0, 0x0f, 0x01]));

describe('media type sets', () => {
  it('name images, documents and drawings', () => {
    expect(imageMediaTypes).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
    expect(documentMediaTypes).toEqual(['application/pdf', xlsx, docx]);
    expect(drawingMediaTypes).toEqual([
      'application/pdf',
      'image/png',
      'image/jpeg',
      'image/tiff',
      'image/vnd.dwg',
    ]);
  });
});

describe('sniffMediaType', () => {
  it.each([
    ['PDF', pdf, 'application/pdf'],
    ['little-endian TIFF', tiffLittle, 'image/tiff'],
    ['big-endian TIFF', tiffBig, 'image/tiff'],
    ['DWG R2000', dwg('AC1015'), 'image/vnd.dwg'],
    ['DWG R2018', dwg('AC1032'), 'image/vnd.dwg'],
    ['an Excel workbook', excelWorkbook, xlsx],
    ['a streamed workbook', streamedWorkbook, xlsx],
    ['a Word document', wordDocument, docx],
    ['a Word document whose first entry is its document part', documentFirst, docx],
  ])('recognises %s from its leading bytes', (_name, file, expected) => {
    expect(sniffMediaType(file.subarray(0, sniffLength))).toBe(expected);
    expect(sniffImageType(file.subarray(0, sniffLength))).toBeUndefined();
  });

  it('follows a ZIP64 local header to the next entry', () => {
    const workbook = concat(
      zipEntry('[Content_Types].xml', contentTypes('/xl/workbook.xml'), { zip64: true }),
      zipEntry('xl/workbook.xml', xml(400), { zip64: true }),
    );
    expect(sniffMediaType(workbook)).toBe(xlsx);
  });

  it('compares part names without regard to case, as packages do', () => {
    expect(sniffMediaType(zipEntry('XL/Workbook.xml', xml(40)))).toBe(xlsx);
    expect(sniffMediaType(zipEntry('Word/document.xml', xml(40)))).toBe(docx);
  });

  it('still recognises the image types', () => {
    expect(sniffMediaType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      'image/png',
    );
    expect(sniffImageType(bytes('GIF89a\x01\x00'))).toBe('image/gif');
    expect(sniffImageType(bytes('RIFF\x1a\0\0\0WEBPVP8L'))).toBe('image/webp');
  });

  it('refuses a ZIP of something else', () => {
    const openDocument = concat(
      zipEntry('mimetype', bytes('application/vnd.oasis.opendocument.text')),
      zipEntry('content.xml', xml(400)),
      zipEntry('META-INF/manifest.xml', xml(400)),
    );
    const photos = concat(zipEntry('IR_0001.jpg', xml(400)), zipEntry('IR_0002.jpg', xml(400)));
    // Names that merely contain or resemble the prefixes decide nothing.
    const lookalikes = concat(zipEntry('excel/xl.xml', xml(40)), zipEntry('words/document.xml', xml(40)));
    expect(sniffMediaType(openDocument)).toBeUndefined();
    expect(sniffMediaType(photos)).toBeUndefined();
    expect(sniffMediaType(lookalikes)).toBeUndefined();
  });

  it('refuses a ZIP whose first entries within the sniffed bytes do not tell, rather than guessing', () => {
    const late = concat(
      zipEntry('[Content_Types].xml', contentTypes('/xl/workbook.xml')),
      zipEntry('customXml/item1.xml', xml(sniffLength)),
      zipEntry('xl/workbook.xml', xml(400)),
    );
    expect(sniffMediaType(late.subarray(0, sniffLength))).toBeUndefined();
    // Given the whole file it would be recognised: the refusal comes from the bytes seen.
    expect(sniffMediaType(late)).toBe(xlsx);
  });

  it('does not guess from truncated input', () => {
    expect(sniffMediaType(new Uint8Array())).toBeUndefined();
    expect(sniffMediaType(pdf.subarray(0, 4))).toBeUndefined();
    expect(sniffMediaType(tiffLittle.subarray(0, 3))).toBeUndefined();
    expect(sniffMediaType(tiffBig.subarray(0, 3))).toBeUndefined();
    expect(sniffMediaType(bytes('AC101'))).toBeUndefined();
    expect(sniffMediaType(bytes('AC10X5'))).toBeUndefined();
    expect(sniffMediaType(bytes('AC2.10'))).toBeUndefined();
    // A ZIP cut inside its first header, inside the first name, and before the deciding entry.
    expect(sniffMediaType(excelWorkbook.subarray(0, 4))).toBeUndefined();
    expect(sniffMediaType(excelWorkbook.subarray(0, 20))).toBeUndefined();
    expect(sniffMediaType(wordDocument.subarray(0, 35))).toBeUndefined();
    expect(sniffMediaType(documentFirst.subarray(0, 31))).toBeUndefined();
    const workbookHeader =
      zipEntry('[Content_Types].xml', contentTypes('/xl/workbook.xml')).length +
      zipEntry('_rels/.rels', rels('xl/workbook.xml')).length;
    expect(sniffMediaType(excelWorkbook.subarray(0, workbookHeader))).toBeUndefined();
    expect(sniffMediaType(excelWorkbook.subarray(0, workbookHeader + 32))).toBeUndefined();
    expect(sniffMediaType(excelWorkbook.subarray(0, workbookHeader + 45))).toBe(xlsx);
  });

  it('does not recognise text or other formats that share a prefix', () => {
    expect(
      sniffMediaType(bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeUndefined();
    expect(sniffMediaType(bytes('%!PS-Adobe-3.0'))).toBeUndefined();
    expect(sniffMediaType(bytes('II+\0\x08\0\0\0'))).toBeUndefined(); // BigTIFF
    expect(sniffMediaType(bytes('PK\x05\x06\0\0\0\0'))).toBeUndefined(); // an empty ZIP
  });

  it('judges a PDF named and declared as a PNG by its bytes', async () => {
    const disguised = new File([pdf], 'drawing-P-101.png', { type: 'image/png' });
    const head = new Uint8Array(await disguised.slice(0, sniffLength).arrayBuffer());
    expect(sniffMediaType(head)).toBe('application/pdf');
    expect(sniffImageType(head)).toBeUndefined();
  });
});

/** An ISO base media file's `ftyp` box: its major brand, then compatible ones. */
const ftyp = (major: string, ...compatible: string[]) => {
  const body = bytes(`ftyp${major}\0\0\0\0${compatible.join('')}`);
  const size = new Uint8Array(4);
  new DataView(size.buffer).setUint32(0, body.length + 4);
  return concat(size, body, bytes('\0\0\0\x08free'));
};
/** An EBML header whose DocType element (0x4282, 4 bytes) says `docType`. */
const ebml = (docType: string) =>
  concat(
    Uint8Array.from([
      0x1a,
      0x45,
      0xdf,
      0xa3,
      0xa3,
      0x42,
      0x86,
      0x81,
      0x01,
      0x42,
      0x82,
      0x80 + docType.length,
    ]),
    bytes(docType),
  );

describe('videos', () => {
  it('recognises MP4 by its brands and WebM by its DocType', () => {
    expect(sniffMediaType(ftyp('isom', 'isom', 'iso2', 'avc1', 'mp41'))).toBe('video/mp4');
    expect(sniffMediaType(ftyp('mp42', 'mp42', 'isom'))).toBe('video/mp4');
    // A phone's own major brand, MP4 among its compatible ones.
    expect(sniffMediaType(ftyp('3gp5', '3gp5', 'isom'))).toBe('video/mp4');
    expect(sniffMediaType(ebml('webm'))).toBe('video/webm');
    expect(videoMediaTypes).toEqual(['video/mp4', 'video/webm']);
  });

  it('does not take a still image, QuickTime or Matroska for one', () => {
    // HEIF and AVIF photos are ISO files too, under their own brands.
    expect(sniffMediaType(ftyp('heic', 'mif1', 'heic'))).toBeUndefined();
    expect(sniffMediaType(ftyp('avif', 'avif', 'mif1', 'miaf', 'isom'))).toBeUndefined();
    expect(sniffMediaType(ftyp('qt  ', 'qt  '))).toBeUndefined();
    expect(sniffMediaType(ebml('matroska'))).toBeUndefined();
    expect(sniffMediaType(ftyp('isom').subarray(0, 10))).toBeUndefined();
    expect(sniffMediaType(ebml('webm').subarray(0, 13))).toBeUndefined();
  });
});
