import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Test files that never open a database of their own: the spreadsheet writer and reader, the file
 * store, the server process (it runs on its embedded database whatever the pass), the declared
 * indexes. CI runs the suite twice, on PGlite and on PostgreSQL (TEST_DATABASE_URL); these answer the
 * same in both, so the PostgreSQL pass leaves them out. Decided from each file's text, and the text
 * of the test modules it imports (`./x.ts`, and theirs): a file stays in both passes when any of
 * them calls a way of opening a database or imports a test module that offers one. So a file that
 * starts opening a database, directly or through a helper, joins both passes without a word.
 */
const testDir = new URL('./test/', import.meta.url);
/** What opens a database in a test: the test app (its routes or test routes), a copy, the client. */
const opensDatabase = /\b(startTestApp|startWithTestRoutes|freshDatabase|openDatabase)\(/;
/** Test modules whose exports open one (helpers.ts: the test app; test-routes.ts: one with test routes). */
const offersDatabase = /from '\.\/(helpers|template-database|test-routes)\.ts'/;
function touchesDatabase(name: string, seen = new Set<string>()): boolean {
  if (seen.has(name)) return false;
  seen.add(name);
  const source = readFileSync(new URL(name, testDir), 'utf8');
  if (opensDatabase.test(source) || offersDatabase.test(source)) return true;
  return [...source.matchAll(/from '\.\/([\w.-]+\.ts)'/g)].some(([, imported]) =>
    touchesDatabase(imported!, seen),
  );
}
const databaseFree = readdirSync(testDir)
  .filter((name) => name.endsWith('.test.ts') && !touchesDatabase(name))
  .map((name) => `test/${name}`);

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One migrated database for the run, copied for each file (test/template-database.ts).
    globalSetup: ['test/template-database.ts'],
    // Passwords hashed at the least cost the setting takes (test/password-cost.ts).
    setupFiles: ['test/password-cost.ts'],
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
