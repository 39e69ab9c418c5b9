/**
 * The last step of `npm test`: the e2e journeys (`npm run test:e2e`), and, when TEST_POSTGRES_URL
 * names a PostgreSQL server, the server's integration tests on it at the same time.
 *
 * The journeys spend much of their time waiting on the browser (animations, network, polling
 * assertions), so the PostgreSQL pass runs beside them at a lower CPU priority (nice 10) on one
 * worker: it takes the cores the journeys leave idle and yields them when the journeys need them.
 * Its output is kept and printed after the journeys', so the two logs do not interleave. Exits
 * non-zero when either failed.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const postgresUrl = process.env.TEST_POSTGRES_URL;

function run(command: string, args: string[], env: NodeJS.ProcessEnv, output?: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: repo,
      env,
      stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (output) {
      const file = createWriteStream(output);
      child.stdout!.pipe(file);
      child.stderr!.pipe(file);
    }
    child.on('error', (error) => {
      console.error(`${command} ${args.join(' ')} could not start: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const e2e = () => run(npm, ['run', 'test:e2e'], process.env);

if (!postgresUrl) process.exit(await e2e());

const dir = mkdtempSync(path.join(os.tmpdir(), 'inspectra-postgres-pass-'));
const log = path.join(dir, 'output.log');
const started = performance.now();
const postgresPass = run(
  'nice',
  ['-n', '10', npm, 'run', 'test', '-w', '@inspectra/server', '--', '--maxWorkers=1'],
  { ...process.env, TEST_DATABASE_URL: postgresUrl },
  log,
).then((code) => ({ code, seconds: Math.round((performance.now() - started) / 1000) }));
const journeys = await e2e();
const postgres = await postgresPass;
console.log(
  `\n--- server integration tests on PostgreSQL (beside the e2e journeys, ${postgres.seconds} s)\n`,
);
console.log(readFileSync(log, 'utf8'));
rmSync(dir, { recursive: true, force: true });
console.log(
  `--- e2e journeys: ${journeys === 0 ? 'passed' : `failed (exit ${journeys})`}; server tests on PostgreSQL: ${postgres.code === 0 ? 'passed' : `failed (exit ${postgres.code})`}`,
);
process.exit(journeys !== 0 ? journeys : postgres.code);
