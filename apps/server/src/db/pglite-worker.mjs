// @ts-check
/**
 * Runs PGlite on its own thread and serves it over a Unix socket with the PostgreSQL wire protocol,
 * so the server talks to it through node-postgres exactly as it talks to a PostgreSQL server, and a
 * slow query never blocks the event loop that answers health checks, sign-in and static files.
 *
 * Plain JavaScript (type-checked through JSDoc), loaded without a TypeScript loader: tsx in the
 * worker started a loader thread of its own and cost the server about 90 MB at idle.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** @type {{ dataDir: string; socketPath: string; settings: Record<string, string>; archive?: Uint8Array<ArrayBufferLike>; artifacts?: { pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module; fsBundle: Blob } }} */
const { dataDir, socketPath, settings, archive, artifacts } = workerData;
const parent = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/**
 * The archive's bytes as PGlite reads a Blob: its `arrayBuffer()`, and a `type` that does not say
 * gzip (a dump made with compression 'none').
 * @param {Uint8Array<ArrayBufferLike>} bytes
 */
function archiveBlob(bytes) {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return { type: '', arrayBuffer: async () => (whole ? bytes.buffer : bytes.slice().buffer) };
}

/**
 * A full collection of this thread's heap, asked for by the server when the database has gone quiet
 * after work (client.ts `trimWhenQuiet`): the wire protocol's buffers of a load are garbage by then,
 * but V8 keeps the pages they grew until a collection it may not run while the thread idles. Node
 * gives a worker no `gc()` unless the whole process was started with `--expose-gc`; the flag set here
 * makes a new context's `gc` (the flag is the process's, harmless for the rest).
 */
const collectGarbage = (() => {
  v8.setFlagsFromString('--expose-gc');
  return /** @type {() => void} */ (vm.runInNewContext('gc'));
})();

try {
  const db = await PGlite.create(dataDir, {
    // For an in-memory database, compiled and read once by the process that starts this thread
    // (client.ts).
    ...artifacts,
    extensions: { pg_trgm },
    // A copy of another database (its `dump`): tests start each file from one migrated database.
    // PGlite reads the archive with `arrayBuffer()` and nothing else of a Blob: answering the bytes
    // themselves spares a copy into a Blob and Node's chunked read back out of it (about 0.6 s of
    // the 1.5 s a copy took to open).
    ...(archive ? { loadDataDir: /** @type {Blob} */ (/** @type {unknown} */ (archiveBlob(archive))) } : {}),
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
  });
  // More than one connection is accepted so a client replacing a broken connection is not refused
  // while the old one is still being torn down; the server's pool itself uses one at a time.
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 8 });
  await server.start();
  parent.on('message', async (/** @type {unknown} */ message) => {
    if (message === 'trim') {
      collectGarbage();
      return;
    }
    if (message === 'dump') {
      // Written out first, so a copy opens without replaying the log since the last checkpoint
      // (about 0.4 s of every copy's start).
      await db.query('checkpoint');
      const dumped = await db.dumpDataDir('none');
      parent.postMessage({ archive: new Uint8Array(await dumped.arrayBuffer()) });
      return;
    }
    if (message !== 'close') return;
    await server.stop();
    await db.close();
    parent.postMessage({ closed: true });
  });
  parent.postMessage({ ready: true });
} catch (error) {
  parent.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
