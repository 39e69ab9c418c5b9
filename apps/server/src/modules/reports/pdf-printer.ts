import { Readable } from 'node:stream';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { workSlots } from '../../engine/work-slots.ts';
import type { TakeOptions } from '../../engine/work-slots.ts';
import { AppError, fieldRefusal } from '../../errors.ts';
import type { PdfFooter } from './report-pdf-cover.ts';

/**
 * pdfmake, run on a worker thread of its own for each print (docs/report-of-record.md "Memory and
 * streaming"; the worker: pdf-print-worker.mjs, which also sets pdfmake up as "Fonts and printing"
 * says). Laying a report out makes hundreds of megabytes of short-lived objects: in the server's
 * heap, whose young generation is held small (`--max-semi-space-size`, 1 MB then), they were
 * promoted and the heap grew by about 175 MiB and stayed there. The worker has a young generation sized for
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
 * The server's heap flags (`npm start`'s `--max-semi-space-size` and `--max-old-space-size`,
 * docs/embedded-database.md), those it runs with. V8 reads them when it makes each isolate's heap,
 * a worker's too, and lets them win over the worker's `resourceLimits`: a print worker started under
 * them had the server's semi-spaces and old generation whatever it asked for.
 */
const serverHeapFlags = ['max-semi-space-size', 'max-old-space-size'].flatMap((flag) => {
  const pattern = new RegExp(`^--${flag.replaceAll('-', '[-_]')}=(\\d+)$`);
  const mb = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)]
    .map((arg) => pattern.exec(arg)?.[1])
    .findLast((found) => found !== undefined);
  return mb === undefined ? [] : [{ flag, mb }];
});
/** Print workers started whose heap V8 has not made yet. */
let starting = 0;
const setHeapFlags = (value: (mb: string) => string) => {
  for (const { flag, mb } of serverHeapFlags) v8.setFlagsFromString(`--${flag}=${value(mb)}`);
};

/**
 * Starts a print worker with the heap its `resourceLimits` ask for: the server's heap flags are
 * lifted (0: V8 sizes the heap from the limits) while the worker's heap is made, and put back once
 * no print worker is starting. The server's own heap, made at start, keeps its sizes; another worker
 * started in that moment (the password judge) would get V8's default heap, not one it cannot use.
 */
export function startPrintWorker(start: () => Worker): Worker {
  if (serverHeapFlags.length === 0) return start();
  if (starting++ === 0) setHeapFlags(() => '0');
  let made = false;
  const heapMade = () => {
    if (made) return;
    made = true;
    if (--starting === 0) setHeapFlags((mb) => mb);
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

/**
 * How long a print waits for its client to take the next block of its PDF before it gives up
 * (docs/bounded-clients.md, "Slow readers"): the connection is then closed and the print's turn
 * freed. `PRINT_READ_TIMEOUT_MS` at start.
 */
const reading = { readTimeoutMs: 30_000 };

/** The error a print's PDF stream ends with when its client stopped reading. */
export class SlowReader extends Error {
  constructor(ms: number) {
    super(`The client read nothing of the PDF for ${ms} ms: the connection was closed`);
    this.name = 'SlowReader';
  }
}

/** Prints whose client has not taken the last block sent, now (tests watch for a stalled reader). */
let unread = 0;

/**
 * A print worker: prints one document at a time, as many as it is given, until it is ended. The
 * PDF comes back a block at a time, each asked for when the client has taken the one before
 * (backpressure from the socket to the worker): the server's thread holds at most one block of
 * a print beside what the socket holds.
 */
class PrintWorker {
  private readonly worker: Worker;
  /** Why the worker can print no more (it stopped, or ran out of memory). */
  failure: Error | undefined;
  /** Prints it was given. */
  prints = 0;
  /** The print under way: its answer until the PDF's first block, then the stream of its blocks. */
  private current:
    | {
        resolve: (pdf: Readable) => void;
        reject: (error: Error) => void;
        pdf?: Readable;
        /** Armed while a block waits for the client to take it. */
        stall?: NodeJS.Timeout;
      }
    | undefined;
  /** Called once the print under way has written its PDF (or failed). */
  private written: (() => void) | undefined;
  /** The PDF is written whole and its last blocks are on their way to the client. */
  private draining = false;

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

  /** The PDF's stream: each block asked for when the client has taken the one before. */
  private stream(current: NonNullable<PrintWorker['current']>): Readable {
    const settle = () => {
      if (current.stall === undefined) return;
      clearTimeout(current.stall);
      current.stall = undefined;
      unread--;
    };
    return new Readable({
      // One block: the next is asked for once the client has taken this one.
      highWaterMark: 1,
      read: () => {
        settle();
        if (this.current === current) this.worker.postMessage({ more: 1 });
      },
      destroy: (error, done) => {
        settle();
        // The client went away, or stopped reading, before the PDF was whole: the worker is
        // ended mid-print (and the turn given back), rather than kept waiting for a reader.
        if (this.current === current) this.fail(error ?? new Error('The PDF was not read to its end'));
        done(error);
      },
    });
  }

  private received(message: PrintMessage) {
    const current = this.current;
    if (!current) return;
    // The answer is the PDF's stream from its first block.
    if (!current.pdf && !message.error) {
      current.pdf = this.stream(current);
      current.resolve(current.pdf);
    }
    if (message.chunk) {
      current.pdf!.push(Buffer.from(message.chunk, 0, message.length));
      // The client has a while to take it; past that the connection is closed.
      if (current.stall === undefined) unread++;
      clearTimeout(current.stall);
      const pdf = current.pdf!;
      current.stall = setTimeout(
        () => pdf.destroy(new SlowReader(reading.readTimeoutMs)),
        reading.readTimeoutMs,
      );
      return;
    }
    this.current = undefined;
    if (message.done) {
      // Written whole: the turn is given back once the client has taken the last block too (or
      // stopped reading it, or gone).
      this.draining = true;
      current.pdf!.once('close', () => {
        this.draining = false;
        this.finished();
      });
      current.pdf!.push(null);
      return;
    }
    // Refused before any block (pdfmake refuses while laying out, before writing).
    if (!current.pdf) current.reject(new PdfRefused(message.error ?? 'no reason given'));
    else current.pdf.destroy(new PdfRefused(message.error ?? 'no reason given'));
    this.finished();
  }

  private fail(error: Error) {
    this.failure ??= error instanceof SlowReader ? error : stopped(error);
    void this.worker.terminate();
    const current = this.current;
    this.current = undefined;
    if (current?.pdf) current.pdf.destroy(this.failure);
    else current?.reject(this.failure);
    this.finished();
  }

  private finished() {
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
      // The first block, which answers the print.
      this.worker.postMessage({ more: 1 });
    });
  }

  /** Calls `then` once the print under way has written its PDF and its client taken it; now when none is. */
  whenWritten(then: () => void) {
    if (this.current || this.draining) this.written = then;
    else then();
  }

  /** Lays a small document out to nowhere, loading and compiling what a print runs (the worker's `warmUp`). */
  warmUp() {
    this.worker.postMessage({ warmUp: true });
  }

  end() {
    this.failure ??= new Error('The PDF printer was ended');
    void this.worker.terminate();
  }
}

/**
 * How prints share the process (docs/bounded-clients.md, "Prints wait in a fair queue"): at most
 * `maxConcurrent` at once (each worker's heap is its own, up to the limits above), the rest waiting
 * for their turn first come first served, at most `maxWaiting` of them and one per user, each for
 * at most `waitMs`; past the queue's length or that wait, refused with 503 and `Retry-After`. A
 * print keeps its turn until its client has taken the whole PDF, or has taken nothing for
 * `readTimeoutMs`. A worker done with its print is kept `keepWarmMs` for the next (V8 has by then
 * optimised pdfmake's code, which a new worker lacks: a print on a new worker took about twice as
 * long), then ended, and everything it grew with it; one is ended after `maxPrintsPerWorker`
 * prints, whatever its heap kept. `warmAhead`: a worker is also started and warmed when a print is
 * likely to come (`warmPdfPrinter`, at sign-in): on for the server (main.ts), off in tests, where
 * every test file signs in and would load the printer for nothing.
 */
const pool = { keepWarmMs: 60_000, maxPrintsPerWorker: 50, warmAhead: false };
/** What a print refused for a full queue or a long wait is told to wait before trying again (seconds). */
const printRetryAfterSeconds = 10;
/** A print refused a place in the queue, in the catalogue's words (the web says them in its user's language). */
function printRefusal(
  code: 'SERVICE_UNAVAILABLE' | 'TOO_MANY_REQUESTS',
  message: 'printQueueFull' | 'printAlreadyWaiting',
) {
  const refusal = fieldRefusal('id', message, { seconds: printRetryAfterSeconds });
  return new AppError(code, refusal.message, [refusal], { retryAfterSeconds: printRetryAfterSeconds });
}
const printSlots = workSlots({
  maxConcurrent: 1,
  waitMs: 5 * 60_000,
  maxWaiting: 20,
  refusal: () => printRefusal('SERVICE_UNAVAILABLE', 'printQueueFull'),
  ownerRefusal: () => printRefusal('TOO_MANY_REQUESTS', 'printAlreadyWaiting'),
});
/** Workers done with their print, kept warm for the next, newest last. */
const warm: { worker: PrintWorker; timer: NodeJS.Timeout }[] = [];
/** Workers started since the process started. */
let started = 0;

type PrintSettings = Partial<typeof limits> &
  Partial<typeof reading> & {
    maxConcurrent?: number;
    waitMs?: number;
    maxWaiting?: number;
    keepWarmMs?: number;
    maxPrintsPerWorker?: number;
    warmAhead?: boolean;
  };

/**
 * Changes how prints run: how many at once, how many may wait and how long, and how long a client
 * may take nothing of its PDF (`MAX_CONCURRENT_PRINTS`, `PRINT_QUEUE_LENGTH`,
 * `PRINT_READ_TIMEOUT_MS` at start), how long a worker is kept warm and after how many prints it
 * is ended, and the heap limits of workers started after (tests, the benchmark). Answers the
 * settings it replaced, to put them back.
 */
export function configurePdfPrints(o: PrintSettings): Required<PrintSettings> {
  const { maxConcurrent, waitMs, maxWaiting } = printSlots.state();
  const before = { ...limits, ...pool, ...reading, maxConcurrent, waitMs, maxWaiting };
  printSlots.configure(o);
  for (const key of Object.keys(limits) as (keyof typeof limits)[]) limits[key] = o[key] ?? limits[key];
  Object.assign(pool, {
    keepWarmMs: o.keepWarmMs ?? pool.keepWarmMs,
    maxPrintsPerWorker: o.maxPrintsPerWorker ?? pool.maxPrintsPerWorker,
    warmAhead: o.warmAhead ?? pool.warmAhead,
  });
  reading.readTimeoutMs = o.readTimeoutMs ?? reading.readTimeoutMs;
  return before;
}

/** Prints running and waiting, and workers kept warm, now. */
export function pdfPrints() {
  return { ...printSlots.state(), warm: warm.length, started, unread };
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
 * the server's small young generation (`--max-semi-space-size`) to promote it; it is garbage once the PDF
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

/**
 * Starts a worker and warms it (`PrintWorker.warmUp`) ahead of a print that is likely to come, unless
 * one is warm or printing already; it is kept warm as a worker after a print is (`keepWarmMs`), then
 * ended, so an idle server holds no print worker.
 */
export function warmPdfPrinter(): void {
  if (!pool.warmAhead || warm.length > 0 || printSlots.state().running > 0 || pool.keepWarmMs <= 0) return;
  const worker = new PrintWorker();
  started++;
  worker.warmUp();
  keepWarm(worker);
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
 * to be wanted, and close it whatever happens. Waits in the queue for its turn; throws 503 when the
 * queue is full or the turn did not come in time, 429 when `o.owner` has a print waiting already,
 * and the signal's reason when it is aborted (the client went away) while waiting.
 */
export async function takePdfPrinter(o: TakeOptions = {}): Promise<PdfPrinter> {
  const release = await printSlots.take(o).catch((error: unknown) => {
    // Nobody is left to answer: said plainly in the log, as the database's queue says it.
    if (o.signal?.aborted)
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The print was abandoned by its client while it waited for its turn',
      );
    throw error;
  });
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
      // A print still writing its PDF keeps its turn until it is written and its client has taken it.
      taken.whenWritten(() => {
        release();
        keepWarm(taken);
        collectAfterPrints();
      });
    },
  };
}
