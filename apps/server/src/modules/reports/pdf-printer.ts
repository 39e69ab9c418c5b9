import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import pdfmake from 'pdfmake';

/**
 * pdfmake, set up once for the server (docs/report-of-record.md "Fonts and printing"): Roboto from
 * pdfmake's own package (nothing is downloaded), no URL is ever fetched, and no local file is read
 * but those fonts. Images are handed over as bytes under names of one print, never as paths.
 */
const require = createRequire(import.meta.url);
const roboto = require('pdfmake/fonts/Roboto') as {
  Roboto: Record<'normal' | 'bold' | 'italics' | 'bolditalics', string>;
};
const fontDir = resolve(dirname(roboto.Roboto.normal));

pdfmake.addFonts(roboto);
// A report's content never names a URL to fetch: refuse them all, so no record can make the server
// reach out (CVE-2026-26801 is about exactly that).
pdfmake.setUrlAccessPolicy(() => false);
// Only the shipped fonts are read from disk; a path in a record's text is never opened.
pdfmake.setLocalAccessPolicy((path) => resolve(path).startsWith(fontDir + sep));

/** A pdfmake document definition (content, styles, footer…), kept loose: its type is pdfmake's. */
export type PdfDocument = Record<string, unknown>;

/**
 * Prints a document whose images (`{ image: name }`) are the bytes in `images` by name, and
 * answers the PDF as a stream. The bytes are put in pdfmake's in-memory file system under names
 * of this print alone (prints run side by side) and taken out when the document is laid out.
 */
export async function printPdf(
  document: PdfDocument,
  images: ReadonlyMap<string, Buffer>,
): Promise<Readable> {
  const prefix = `print-${randomUUID()}/`;
  const storage = pdfmake.virtualfs.storage;
  const named: Record<string, string> = {};
  for (const [name, bytes] of images) {
    storage[prefix + name] = bytes;
    named[name] = prefix + name;
  }
  try {
    const stream = await pdfmake.createPdf({ ...document, images: named }).getStream();
    // pdfkit's document is written out once ended; the reader takes it from there.
    stream.end();
    return stream;
  } finally {
    for (const name of Object.values(named)) delete storage[name];
  }
}
