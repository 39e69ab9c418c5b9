// @ts-check
/**
 * Creates a new PGlite data directory (PostgreSQL's initdb) in a process of its own, then exits.
 * Creation passes hundreds of megabytes through short-lived buffers (840 MB at the peak); in the
 * server's process the C allocator kept about 130 MB of them for good after they were freed. Here
 * they go back to the operating system when this process ends, and the server opens the finished
 * directory the way it opens one on every later start.
 *
 * Plain JavaScript (type-checked through JSDoc), run by Node without a TypeScript loader.
 * Usage: node pglite-create.mjs <directory>
 */
import { PGlite } from '@electric-sql/pglite';

const directory = process.argv[2];
if (!directory) throw new Error('pglite-create.mjs needs the directory to create');
const db = await PGlite.create(directory);
await db.close();
