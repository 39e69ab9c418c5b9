import { Readable } from 'node:stream';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { workSlots } from '../../engine/work-slots.ts';
import { AppError, fieldRefusal } from '../../errors.ts';
import type { PdfFooter } from './report-pdf-cover.ts';

/**
 * pdfmake, run on a worker thread of its own for each print (docs/report-of-record.md "Memory and
 * streaming"; the worker: pdf-print-worker.mjs, which also sets pdfmake up as "Fonts and printing"
 * says). Laying a report out makes hundreds of megabytes of short-lived objects: in the server's
 * heap, whose young generation is held at 1 MB (`--max-semi-space-size=1`), they were promoted and
 * the heap grew by about 175 MiB and stayed there. The worker has a young generation sized for
 * them, a bounded old generation, and is ended after the print, giving back all it grew.
 */

/** A pdfmake document definition (content, styles…) as plain data: it is copied to the worker. */
export type PdfDocument = Record<string, unknown>;

/**
 * The print worker's heap (V8's `resourceLimits`, in MB). The young generation holds the layout's
 * garbage until it dies (V8 splits it into three: two semi-spaces of a third each and room for
 * large objects); the old generation holds what the layout keeps (the document, pdfkit's objects)
 * and is the cap past which a report is refused as too large to print in one PDF.
 */
const limits = { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 256 };

/**
 * The server's `--max-semi-space-size` (1 MB under `npm start`, docs/embedded-database.md), when it
 * runs with one. V8 reads that flag when it makes each isolate's heap, a worker's too, and lets it
 * win over the worker's `resourceLimits`: a print worker started under it had the server's 1 MB
 * semi-spaces whatever it asked for.
 */
const serverSemiSpaceMb = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)]
  .map((arg) => /^--max[-_]semi[-_]space[-_]size=(\d+)$/.exec(arg)?.[1])
  .findLast((mb) => mb !== undefined);
/** Print workers started whose heap V8 has not made yet. */
let starting = 0;

/**
 * Starts a print worker with the young generation its `resourceLimits` ask for: the server's
 * semi-space flag is lifted (0: V8 sizes the young generation from the limits) while the worker's
 * heap is made, and put back once no print worker is starting. The server's own heap, made at
 * start, keeps its size; another worker started in that moment (the password judge) would get
 * V8's default young generation, not a larger heap than it can use.
 */
function startPrintWorker(start: () => Worker): Worker {
  if (serverSemiSpaceMb === undefined) return start();
  if (starting++ === 0) v8.setFlagsFromString('--max-semi-space-size=0');
  let made = false;
  const heapMade = () => {
    if (made) return;
    made = true;
    if (--starting === 0) v8.setFlagsFromString(`--max-semi-space-size=${serverSemiSpaceMb}`);
  };
  try {
    const worker = start();
    // `online`: the worker runs JavaScript, so its heap is made; or it never will.
    worker.once('online', heapMade).once('error', heapMade).once('exit', heapMade);
    return worker;
  } catch (error) {
    heapMade();
    throw error;
  }
}

/** pdfmake or pdfkit refused the document (an image pdfkit cannot read): printing it again may do. */
export class PdfRefused extends Error {
  constructor(message: string) {
    super(`The PDF could not be laid out: ${message}`);
    this.name = 'PdfRefused';
  }
}

/**
 * An image's bytes as an ArrayBuffer of their own, to be moved to the worker rather than copied:
 * the buffer itself when the bytes fill it (a file read whole), else a copy (a slice of a pool).
 */
function transferable(bytes: Buffer): ArrayBuffer {
  if (
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer
  )
    return bytes.buffer;
  const own = new Uint8Array(bytes.byteLength);
  own.set(bytes);
  return own.buffer;
}

/**
 * What the worker sends: a block of the PDF (its first `length` bytes), the end of the PDF, or why
 * pdfmake refused the document.
 */
type PrintMessage = { chunk?: ArrayBuffer; length?: number; done?: true; error?: string };

/** The error a print answers when the worker stopped rather than answered. */
function stopped(error: unknown): Error {
  if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
    // A report whose layout outgrew the worker's old generation: the caller's answer, not a crash.
    const refusal = fieldRefusal('id', 'reportTooLargeToPrint');
    return new AppError('PAYLOAD_TOO_LARGE', refusal.message, [refusal], { cause: error });
  }
  return new AppError('INTERNAL', 'The PDF could not be printed: try again', undefined, { cause: error });
}

/** A print worker: prints one document at a time, as many as it is given, until it is ended. */
class PrintWorker {
  private readonly worker: Worker;
  /** Why the worker can print no more (it stopped, or ran out of memory). */
  failure: Error | undefined;
  /** Prints it was given. */
  prints = 0;
  /** The print under way: its answer until the PDF's first block, then the stream of its blocks. */
  private current:
    { resolve: (pdf: Readable) => void; reject: (error: Error) => void; pdf?: Readable } | undefined;
  /** Called once the print under way has written its PDF (or failed). */
  private written: (() => void) | undefined;

  constructor() {
    this.worker = startPrintWorker(
      () =>
        new Worker(new URL('./pdf-print-worker.mjs', import.meta.url), {
          resourceLimits: { ...limits },
        }),
    );
    // A worker never keeps the process alive: a print under way is held by its request.
    this.worker.unref();
    this.worker.on('message', (message: PrintMessage) => this.received(message));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`The PDF printer stopped (exit code ${code})`)));
  }

  private received(message: PrintMessage) {
    const current = this.current;
    if (!current) return;
    // The answer is the PDF's stream from its first block: the client takes the blocks as the
    // worker writes them, and the PDF is never held whole on this thread unless the client is slow.
    if (!current.pdf && !message.error) {
      current.pdf = new Readable({ read() {} });
      current.resolve(current.pdf);
    }
    if (message.chunk) current.pdf!.push(Buffer.from(message.chunk, 0, message.length));
    else if (message.done) current.pdf!.push(null);
    // Refused before any block (pdfmake refuses while laying out, before writing).
    else if (!current.pdf) current.reject(new PdfRefused(message.error ?? 'no reason given'));
    else current.pdf.destroy(new PdfRefused(message.error ?? 'no reason given'));
    if (!message.chunk) this.finished();
  }

  private fail(error: Error) {
    this.failure ??= stopped(error);
    if (this.current?.pdf) this.current.pdf.destroy(this.failure);
    else this.current?.reject(this.failure);
    this.finished();
  }

  private finished() {
    this.current = undefined;
    const written = this.written;
    this.written = undefined;
    written?.();
  }

  print(document: PdfDocument, footer: PdfFooter, images: ReadonlyMap<string, Buffer>): Promise<Readable> {
    if (this.failure) return Promise.reject(this.failure);
    this.prints++;
    const moved = [...images].map(([name, bytes]) => [name, transferable(bytes)] as [string, ArrayBuffer]);
    return new Promise<Readable>((resolve, reject) => {
      this.current = { resolve, reject };
      this.worker.postMessage(
        { document, footer, images: moved },
        moved.map(([, bytes]) => bytes),
      );
    });
  }

  /** Calls `then` once the print under way has written its PDF; now when none is. */
  whenWritten(then: () => void) {
    if (this.current) this.written = then;
    else then();
  }

  end() {
    this.failure ??= new Error('The PDF printer was ended');
    void this.worker.terminate();
  }
}

/**
 * How prints share the process (docs/report-of-record.md "Memory and streaming"): at most
 * `maxConcurrent` at once (each worker's heap is its own, up to the limits above), the rest waiting
 * for their turn for at most `waitMs`, then refused with 503 and `Retry-After`. A worker done with
 * its print is kept `keepWarmMs` for the next (V8 has by then optimised pdfmake's code, which a new
 * worker lacks: a print on a new worker took about twice as long), then ended, and everything it
 * grew with it; one is ended after `maxPrintsPerWorker` prints, whatever its heap kept.
 */
const pool = { keepWarmMs: 60_000, maxPrintsPerWorker: 50 };
/** What a print refused for waiting too long is told to wait before trying again (seconds). */
const printRetryAfterSeconds = 10;
const printSlots = workSlots({
  maxConcurrent: 1,
  waitMs: 30_000,
  refusal: () =>
    new AppError(
      'SERVICE_UNAVAILABLE',
      `Other reports are being printed: try again in ${printRetryAfterSeconds} seconds`,
      undefined,
      { retryAfterSeconds: printRetryAfterSeconds },
    ),
});
/** Workers done with their print, kept warm for the next, newest last. */
const warm: { worker: PrintWorker; timer: NodeJS.Timeout }[] = [];
/** Workers started since the process started. */
let started = 0;

type PrintSettings = Partial<typeof limits> & {
  maxConcurrent?: number;
  waitMs?: number;
  keepWarmMs?: number;
  maxPrintsPerWorker?: number;
};

/**
 * Changes how prints run: how many at once and how long one waits for its turn
 * (`MAX_CONCURRENT_PRINTS` at start), how long a worker is kept warm and after how many prints it is
 * ended, and the heap limits of workers started after (tests, the benchmark). Answers the settings
 * it replaced, to put them back.
 */
export function configurePdfPrints(o: PrintSettings): Required<PrintSettings> {
  const { maxConcurrent, waitMs } = printSlots.state();
  const before = { ...limits, ...pool, maxConcurrent, waitMs };
  printSlots.configure(o);
  for (const key of Object.keys(limits) as (keyof typeof limits)[]) limits[key] = o[key] ?? limits[key];
  for (const key of Object.keys(pool) as (keyof typeof pool)[]) pool[key] = o[key] ?? pool[key];
  return before;
}

/** Prints running and waiting, and workers kept warm, now. */
export function pdfPrints() {
  return { ...printSlots.state(), warm: warm.length, started };
}

/** Ends the workers kept warm (the server closing; a test that needs a fresh one). */
export function endWarmPdfPrinters() {
  for (const { worker, timer } of warm.splice(0)) {
    clearTimeout(timer);
    worker.end();
  }
}

/**
 * A full collection of the server's own heap once no print is running. A print's reading (the
 * report's tree, its photos' bytes, the layout's definition) lives for seconds, long enough for
 * the 1 MB young generation (`--max-semi-space-size=1`) to promote it; it is garbage once the PDF
 * is written, but V8 collects the old generation only when it has grown by a factor of what was
 * live, so print after print RSS rose by its 20–35 MiB before falling back (on PostgreSQL, 120 →
 * 154 MiB above idle over 20 prints; 119–134 with this). A pause of a few tens of milliseconds,
 * once per burst of prints. `--expose-gc` set now gives `gc` to the context made for it alone.
 */
let collect: (() => void) | undefined;
function collectAfterPrints() {
  if (printSlots.state().running > 0) return;
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  const gc = collect;
  setImmediate(() => {
    if (printSlots.state().running === 0) gc();
  });
}

function keepWarm(worker: PrintWorker) {
  if (worker.failure || worker.prints >= pool.maxPrintsPerWorker || pool.keepWarmMs <= 0) {
    worker.end();
    return;
  }
  const entry = {
    worker,
    timer: setTimeout(() => {
      warm.splice(warm.indexOf(entry), 1);
      worker.end();
    }, pool.keepWarmMs),
  };
  entry.timer.unref();
  warm.push(entry);
}

/** A print's worker, taken for one report (which may be printed twice: without its images). */
export type PdfPrinter = {
  /**
   * Prints a document whose images (`{ image: name }`) are the bytes in `images` by name, with
   * its footer made from `footer` on every page; answers the PDF as a stream. The images' buffers
   * are moved to the worker: they are empty afterwards. Throws `PdfRefused` when pdfmake or pdfkit
   * refused the document (the printer may print again); 413 `PAYLOAD_TOO_LARGE`, in the user's
   * words (catalogue code `reportTooLargeToPrint`), when laying it out needed more than the
   * worker's old generation; 500 when the worker stopped otherwise. The server is never at risk:
   * the worker's heap is its own.
   */
  print(document: PdfDocument, footer: PdfFooter, images: ReadonlyMap<string, Buffer>): Promise<Readable>;
  /** Gives the worker back once its PDF is written, to be kept warm or ended. */
  close(): void;
};

/**
 * Takes a print's turn and its worker: one kept warm when there is one, else a new one, which loads
 * pdfmake meanwhile (0.5–1.1 s on the shared 2-core machine): take it as soon as a print is known
 * to be wanted, and close it whatever happens. Throws 503 when the turn did not come in time.
 */
export async function takePdfPrinter(): Promise<PdfPrinter> {
  const release = await printSlots.take();
  let worker: PrintWorker | undefined;
  try {
    while (!worker || worker.failure) {
      const entry = warm.pop();
      if (!entry) {
        worker = new PrintWorker();
        started++;
        break;
      }
      clearTimeout(entry.timer);
      worker = entry.worker;
    }
  } catch (error) {
    // No worker could be started: the turn is given back, not kept by a print that never runs.
    release();
    throw error;
  }
  let closed = false;
  const taken = worker;
  return {
    print: (document, footer, images) => taken.print(document, footer, images),
    close() {
      if (closed) return;
      closed = true;
      // A print still writing its PDF keeps its turn until it is written.
      taken.whenWritten(() => {
        release();
        keepWarm(taken);
        collectAfterPrints();
      });
    },
  };
}
