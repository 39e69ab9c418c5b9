/**
 * The checks of `npm test` before the e2e journeys, in two lanes side by side. The first: the
 * server's integration tests on PGlite (two workers), then the web app's tests and its size budget.
 * The second: the generated-file check, the contract's tests, then, when TEST_POSTGRES_URL names a
 * PostgreSQL server, the server's integration tests on it (one worker; the files that open no
 * database are left out, vitest.config.ts).
 *
 * The passes are throughput-bound: what shortens the whole is keeping both cores busy. The
 * PostgreSQL pass is the longer of the two server passes (one worker, and a PostgreSQL backend
 * waiting on it); run after the PGlite pass, the web app's tests fill the core it leaves idle
 * (docs/testing.md). The generated-file check and the contract's tests (one core for about half a
 * minute) run ahead of the PostgreSQL pass, not ahead of both lanes: there the other core waited
 * on them, and the first lane was the longer by about as much. The e2e journeys after them are
 * latency-bound, and a pass beside them slowed them by half again (10.6 min alone, 14.7 to
 * 15.8 min with the PostgreSQL pass beside, 27 Nov 2026), so nothing runs beside them.
 */
import { runBeside } from './beside.ts';
import type { Pass } from './beside.ts';

const { TEST_POSTGRES_URL: postgresUrl, ...withoutPostgres } = process.env;
const generated: Pass = {
  name: 'generated-file check',
  args: ['run', 'check:generated'],
  env: withoutPostgres,
};
const contract: Pass = {
  name: 'contract tests',
  args: ['run', 'test', '-w', '@inspectra/contract'],
  env: withoutPostgres,
};
const pglite: Pass = {
  name: 'server integration tests on PGlite',
  args: ['run', 'test', '-w', '@inspectra/server'],
  // Without the PostgreSQL server: the tests that need one (two processes behind nginx,
  // test/scale-out.test.ts) run once, in the PostgreSQL pass.
  env: withoutPostgres,
};
const web: Pass = {
  name: 'web app tests',
  args: ['run', 'test', '-w', '@inspectra/web'],
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

await runBeside([pglite, web], [generated, contract, ...postgres]);
