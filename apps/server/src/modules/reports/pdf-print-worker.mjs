// @ts-check
/**
 * Prints a report's PDF with pdfmake on a thread of its own (pdf-printer.ts starts one for each
 * print and ends it after). pdfmake lays a document out in memory and makes hundreds of megabytes
 * of short-lived objects doing it: on this thread they die in a young generation of its own, sized
 * for them, instead of being promoted into the server's heap (whose young generation is kept at
 * 1 MB), and everything the print grew is given back when the thread ends (docs/report-of-record.md
 * "Memory and streaming"). It loads pdfmake as soon as it starts, while the server still reads the
 * report and its photos.
 *
 * Each message is a print: the document definition as plain data, its footer as data (the function
 * pdfmake wants is made here), and the images' bytes by name (transferred, not copied). A chart
 * (`{ chart: <Vega specification>, width }`, a profile of rows) is drawn here as SVG. Answers
 * the PDF in blocks of bytes (transferred), one for each `{ more: 1 }` the server sends (it asks
 * as its client reads), and `{ done: true }`, or `{ error }` when pdfmake or
 * pdfkit refused the document; a second print (the same document without images) may follow a
 * refusal.
 *
 * Plain JavaScript (type-checked through JSDoc), loaded without a TypeScript loader.
 */
import { createRequire } from 'node:module';
import { dirname, resolve, sep } from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort } from 'node:worker_threads';
import pdfmake from 'pdfmake';

/**
 * @typedef {string | Record<string, unknown> | unknown[]} Content
 * @typedef {{ margin: [number, number, number, number]; lines: Content[]; pageOf: { template: string; style: string } }} Footer
 * @typedef {{ document: Record<string, unknown>; footer: Footer; images: [string, ArrayBuffer][] }} PrintJob
 */

const parent = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

// Roboto from pdfmake's own package: nothing is downloaded at run time.
const require = createRequire(import.meta.url);
const roboto = /** @type {{ Roboto: Record<'normal' | 'bold' | 'italics' | 'bolditalics', string> }} */ (
  require('pdfmake/fonts/Roboto')
);
const fontDir = resolve(dirname(roboto.Roboto.normal));
pdfmake.addFonts(roboto);
// A report's content never names a URL to fetch: refuse them all, so no record can make the server
// reach out (CVE-2026-26801 is about exactly that).
pdfmake.setUrlAccessPolicy(() => false);
// Only the shipped fonts are read from disk; a path in a record's text is never opened.
pdfmake.setLocalAccessPolicy((path) => resolve(path).startsWith(fontDir + sep));

/**
 * pdfmake's footer function from the footer's data: its lines on the left and "Page 3 of 12" on
 * the right. Fresh nodes for every page, as pdfmake writes its layout into the nodes it is given.
 * @param {Footer} f
 */
const footerOf = (f) => (/** @type {number} */ currentPage, /** @type {number} */ pageCount) => ({
  margin: f.margin,
  columns: [
    { width: '*', stack: structuredClone(f.lines) },
    {
      width: 'auto',
      text: f.pageOf.template.replace(/\{(pages?)\}/g, (_, key) =>
        String(key === 'page' ? currentPage : pageCount),
      ),
      style: f.pageOf.style,
      alignment: 'right',
    },
  ],
});

/** @type {typeof import('vega') | undefined} */
let vega;

/**
 * The charts of a document's content: its nodes, or a stack's in it, that hold one (the layout puts
 * a profile's in a stack with its title and words).
 * @param {unknown[]} nodes
 * @param {Record<string, unknown>[]} found
 */
function chartsIn(nodes, found = []) {
  for (const node of nodes) {
    if (!node || typeof node !== 'object' || Array.isArray(node)) continue;
    const n = /** @type {Record<string, unknown>} */ (node);
    if ('chart' in n) found.push(n);
    else if (Array.isArray(n.stack)) chartsIn(n.stack, found);
  }
  return found;
}

/**
 * Draws a document's charts in place as pdfmake's `svg` nodes. Vega is loaded with the first chart
 * a worker draws (most reports have none); it draws without a canvas, and its text is set in the
 * family the specification names, which pdfmake maps to the PDF's own font.
 * @param {Record<string, unknown>} document
 */
async function drawCharts(document) {
  for (const node of chartsIn(/** @type {unknown[]} */ (document.content))) {
    vega ??= await import('vega');
    const view = new vega.View(vega.parse(/** @type {import('vega').Spec} */ (node.chart)), {
      renderer: 'none',
    });
    node.svg = await view.toSVG();
    view.finalize();
    delete node.chart;
  }
}

/** Bytes of the PDF sent at a time: pdfkit's many small chunks are gathered into blocks this size. */
const blockBytes = 256 * 1024;

/**
 * Blocks the server's thread asked for and not yet sent (docs/bounded-clients.md, "The PDF
 * streams with backpressure"): it asks for one each time its client has taken the last, so a
 * client that reads nothing is sent nothing more, and the print waits here until it reads.
 */
let asked = 0;
/** @type {(() => void) | undefined} */
let whenAsked;

/** Resolves once the server has asked for a block not yet sent. */
function askedFor() {
  if (asked > 0) return Promise.resolve();
  return new Promise((resolve) => {
    whenAsked = () => resolve(undefined);
  });
}

/**
 * Prints a document and sends its PDF to the server's thread in blocks of bytes of their own (not
 * slices of a shared pool), transferred rather than copied, one each time the server asks for one:
 * `{ chunk, length }`, …, then `{ done: true }`. The worker holds the PDF's unsent blocks; the
 * server's thread holds one at a time.
 * @param {PrintJob} job
 */
async function print({ document, footer, images }) {
  // The images in pdfmake's in-memory file system (this print's only: the fonts are read from disk),
  // by the names the document gives them: never paths.
  const storage = pdfmake.virtualfs.storage;
  for (const name of Object.keys(storage)) delete storage[name];
  /** @type {Record<string, string>} */
  const named = {};
  for (const [name, bytes] of images) {
    storage[name] = Buffer.from(bytes);
    named[name] = name;
  }
  await drawCharts(document);
  const stream = await pdfmake
    .createPdf({ ...document, images: named, footer: footerOf(footer) })
    .getStream();
  // pdfkit writes the whole document into its stream as it is ended, whatever is read: its many
  // small chunks are gathered at once into blocks of their own (large allocations, given back to
  // the system when freed; pdfkit's small chunks held until read fragmented the worker's memory),
  // and each block is sent when the server asks for it.
  /** @type {{ buffer: ArrayBuffer; length: number }[]} */
  const blocks = [];
  let block = Buffer.allocUnsafeSlow(blockBytes);
  let filled = 0;
  const full = () => {
    blocks.push({ buffer: block.buffer, length: filled });
    block = Buffer.allocUnsafeSlow(blockBytes);
    filled = 0;
  };
  await new Promise((done, fail) => {
    stream.on('data', (/** @type {Buffer} */ chunk) => {
      for (let at = 0; at < chunk.length;) {
        const taken = chunk.copy(block, filled, at);
        filled += taken;
        at += taken;
        if (filled === blockBytes) full();
      }
    });
    stream.on('end', done);
    stream.on('error', fail);
    // pdfkit's document is written out once ended.
    stream.end();
  });
  if (filled > 0) full();
  for (let next = blocks.shift(); next; next = blocks.shift()) {
    await askedFor();
    asked--;
    parent.postMessage({ chunk: next.buffer, length: next.length }, [next.buffer]);
  }
  parent.postMessage({ done: true });
}

/**
 * A full collection, run after each print: the worker is kept warm for the next print, and V8
 * would otherwise keep this print's garbage in the old generation until the heap's growth
 * heuristics pressed it, so a warm worker held more with every print (measured: 120 → 154 MiB
 * above idle over 20 prints on PostgreSQL). `--expose-gc` set now gives `gc` to contexts made
 * after, as this one; no other context in the process asks for it.
 */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = /** @type {() => void} */ (runInNewContext('gc'));

/**
 * A small document laid out and written to nowhere, as soon as the server asks for a warm worker
 * (pdf-printer.ts `warmPdfPrinter`): a cover-like heading, a table that runs onto a second page and
 * a chart, so that pdfmake, pdfkit, the fonts and Vega are loaded and their code compiled before a
 * user's first print rather than during it (the first print after a start took 0.7–1.1 s for a
 * 3-page report, later ones 0.26–0.32 s).
 */
async function warmUp() {
  const rows = Array.from({ length: 60 }, (_, i) => [
    `Row ${i + 1}`,
    { text: String(i * 1.5), alignment: 'right' },
  ]);
  /** @type {Record<string, unknown>} */
  const document = {
    content: [
      { text: 'Warm-up', style: 'title' },
      { table: { headerRows: 1, widths: ['*', 60], body: [['Name', 'Value'], ...rows] } },
      {
        stack: [
          {
            chart: {
              $schema: 'https://vega.github.io/schema/vega/v6.json',
              width: 200,
              height: 80,
              data: [{ name: 'points', values: rows.slice(0, 5).map((_, i) => ({ x: i, y: i * i })) }],
              scales: [
                { name: 'x', type: 'linear', range: 'width', domain: { data: 'points', field: 'x' } },
                { name: 'y', type: 'linear', range: 'height', domain: { data: 'points', field: 'y' } },
              ],
              axes: [
                { orient: 'bottom', scale: 'x' },
                { orient: 'left', scale: 'y' },
              ],
              marks: [
                {
                  type: 'line',
                  from: { data: 'points' },
                  encode: { enter: { x: { scale: 'x', field: 'x' }, y: { scale: 'y', field: 'y' } } },
                },
              ],
            },
            width: 200,
          },
        ],
      },
    ],
    styles: { title: { fontSize: 16, bold: true } },
  };
  await drawCharts(document);
  const stream = await pdfmake.createPdf(document).getStream();
  await new Promise((done, fail) => {
    stream.on('data', () => {});
    stream.on('end', done);
    stream.on('error', fail);
    stream.end();
  });
}

/** The warm-up under way, which a print waits for rather than runs beside. */
let warming = Promise.resolve();

parent.on('message', async (/** @type {PrintJob | { more: number } | { warmUp: true }} */ message) => {
  if ('more' in message) {
    asked += message.more;
    const asking = whenAsked;
    whenAsked = undefined;
    asking?.();
    return;
  }
  if ('warmUp' in message) {
    // A warm-up that fails leaves a worker as a first print would find it: nothing to report.
    warming = warmUp()
      .catch(() => {})
      .finally(collectGarbage);
    return;
  }
  // A print starts with no block asked for: the server asks for its first with the job (counted
  // even while the print waits for the warm-up).
  asked = 0;
  await warming;
  try {
    await print(message);
  } catch (error) {
    parent.postMessage({ error: error instanceof Error ? error.message : String(error) });
  } finally {
    collectGarbage();
  }
});
