/**
 * Runs PGlite on its own thread and serves it over a Unix socket with the PostgreSQL wire protocol,
 * so the server talks to it through node-postgres exactly as it talks to a PostgreSQL server, and a
 * slow query never blocks the event loop that answers health checks, sign-in and static files.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

type WorkerInput = { dataDir: string; socketPath: string; sharedBuffers: string };
const { dataDir, socketPath, sharedBuffers } = workerData as WorkerInput;

try {
  const db = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
  });
  // More than one connection is accepted so a client replacing a broken connection is not refused
  // while the old one is still being torn down; the server's pool itself uses one at a time.
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 8 });
  await server.start();
  parentPort!.on('message', async (message: unknown) => {
    if (message !== 'close') return;
    await server.stop();
    await db.close();
    parentPort!.postMessage({ closed: true });
  });
  parentPort!.postMessage({ ready: true });
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
