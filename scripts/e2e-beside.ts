/**
 * The last step of `npm test`: the e2e journeys (`npm run test:e2e`), and beside them at a lower
 * CPU priority (nice 10) the web app's tests (`npm test -w @inspectra/web`).
 *
 * The journeys spend much of their time waiting on the browser (network, polling assertions, the
 * server), and leave a part of the two cores idle: the web tests take it and yield it when the
 * journeys need it. The server's tests on PostgreSQL run before, beside those on PGlite
 * (scripts/server-tests.ts): beside the journeys they slowed them by half again.
 */
import { runBeside } from './beside.ts';

await runBeside({ name: 'e2e journeys', args: ['run', 'test:e2e'], env: process.env }, [
  { name: 'web app tests', args: ['run', 'test', '-w', '@inspectra/web'], env: process.env, nice: 10 },
]);
