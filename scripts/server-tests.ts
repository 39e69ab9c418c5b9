/**
 * The server's integration tests in `npm test`: on PGlite (two workers), and at the same time, when
 * TEST_POSTGRES_URL names a PostgreSQL server, on it (one worker; the files that open no database
 * are left out, vitest.config.ts).
 *
 * Both passes are throughput-bound and share the two cores well; the e2e journeys after them are
 * latency-bound, and a pass beside them slowed them by half again (10.6 min alone, 14.7 to
 * 15.8 min with the PostgreSQL pass beside, 27 Nov 2026), so the PostgreSQL pass runs here.
 */
import { runBeside } from './beside.ts';
import type { Pass } from './beside.ts';

const { TEST_POSTGRES_URL: postgresUrl, ...withoutPostgres } = process.env;
const pglite: Pass = {
  name: 'server integration tests on PGlite',
  args: ['run', 'test', '-w', '@inspectra/server'],
  // Without the PostgreSQL server: the tests that need one (two processes behind nginx,
  // test/scale-out.test.ts) run once, in the PostgreSQL pass.
  env: withoutPostgres,
};
const postgres: Pass[] = postgresUrl
  ? [
      {
        name: 'server integration tests on PostgreSQL',
        args: ['run', 'test', '-w', '@inspectra/server', '--', '--maxWorkers=1'],
        env: { ...process.env, TEST_DATABASE_URL: postgresUrl },
      },
    ]
  : [];

await runBeside(pglite, postgres);
