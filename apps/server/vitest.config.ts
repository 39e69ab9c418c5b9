import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Test files that never open a database of their own (no `startTestApp(`, `startWithTestRoutes(` or
 * `openDatabase(`): the
 * spreadsheet writer and reader, the file store, the server process (it runs on its embedded
 * database whatever the pass), the declared indexes. CI runs the suite twice, on PGlite and on
 * PostgreSQL (TEST_DATABASE_URL); these answer the same in both, so the PostgreSQL pass leaves them
 * out. Decided from each file's text, so a file that starts opening a database joins both passes.
 */
const databaseFree = readdirSync(new URL('./test', import.meta.url))
  .filter((name) => name.endsWith('.test.ts'))
  .filter((name) => {
    const source = readFileSync(new URL(`./test/${name}`, import.meta.url), 'utf8');
    // A test app serving test-only routes opens one too (test/test-routes.ts).
    return !/\b(startTestApp|startWithTestRoutes|openDatabase)\(/.test(source);
  })
  .map((name) => `test/${name}`);

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One migrated database for the run, copied for each file (test/template-database.ts).
    globalSetup: ['test/template-database.ts'],
    exclude: process.env.TEST_DATABASE_URL ? databaseFree : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file starts its own database; two at a time fit the two cores of CI.
    maxWorkers: 2,
    // Files share a worker's loaded modules instead of importing the server afresh for each (about
    // 3 s a file). Safe because every file builds its own app on its own database, and the server
    // keeps no module state tied to one: caches are keyed by the database or the declaration.
    isolate: false,
    // A spy one file leaves behind must not reach the next file of the worker.
    restoreMocks: true,
    // On CI a test that fails is run once more (the first run's failure stays in the log, marked
    // as retried): a few tests time a held database or a hung-up client, and CI's machine shares its
    // two cores. A test that fails twice fails the run.
    retry: process.env.CI ? 1 : 0,
  },
});
