/** Leading bytes of real document and drawing formats, for tests of storing and serving them. */

/** One ZIP local file header with its stored (uncompressed) data, as APPNOTE 4.3.7 lays it out. */
export function zipEntry(name: string, data: Buffer): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(Buffer.byteLength(name), 26);
  return Buffer.concat([header, Buffer.from(name), data]);
}

const contentTypes = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
);
const xml = (size: number) => Buffer.from(`<?xml version="1.0"?>${'<x/>'.repeat(size / 4)}`);

/** Entries in the order Office writes them; larger than the sniffed head, so it is judged mid-stream. */
export const xlsxBytes = Buffer.concat([
  zipEntry('[Content_Types].xml', contentTypes),
  zipEntry('_rels/.rels', xml(300)),
  zipEntry('xl/workbook.xml', xml(1000)),
  zipEntry('xl/worksheets/sheet1.xml', xml(20_000)),
]);
export const docxBytes = Buffer.concat([
  zipEntry('[Content_Types].xml', contentTypes),
  zipEntry('_rels/.rels', xml(300)),
  zipEntry('word/document.xml', xml(3000)),
]);
/** An OpenDocument text: a ZIP, but neither Excel nor Word. */
export const odtBytes = Buffer.concat([
  zipEntry('mimetype', Buffer.from('application/vnd.oasis.opendocument.text')),
  zipEntry('content.xml', xml(2000)),
]);
export const pdfBytes = Buffer.from(
  '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
export const tiffBytes = Buffer.from([
  0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0, 0, 0, 0,
]);
export const dwgBytes = Buffer.concat([Buffer.from('AC1027'), Buffer.alloc(122)]);

/**
 * The start of an MP4 video as a phone or camera writes it: the 24-byte `ftyp` box (major brand
 * isom, compatible isom, iso2, avc1, mp41), then a `free` box. Enough for the type; not playable.
 */
export const mp4Head = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from('ftypisom\0\0\x02\0isomiso2avc1mp41', 'latin1'),
  Buffer.from([0, 0, 0, 0x08]),
  Buffer.from('free', 'latin1'),
]);
