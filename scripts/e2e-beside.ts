/**
 * The last step of `npm test`: the e2e journeys (`npm run test:e2e`), and beside them, one after
 * another at a lower CPU priority (nice 10), the web app's tests (`npm test -w @inspectra/web`) and,
 * when TEST_POSTGRES_URL names a PostgreSQL server, the server's integration tests on it.
 *
 * The journeys spend much of their time waiting on the browser (network, polling assertions, the
 * server), and leave a part of the two cores idle: the passes beside them take it and yield it when
 * the journeys need it. The PostgreSQL pass goes first (the longer), on one worker. Their output is
 * kept and printed after the journeys', so the logs do not interleave. Exits non-zero when any
 * failed.
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

/** A pass run beside the journeys at nice 10, its output kept in `dir`. */
type Pass = { name: string; args: string[]; env: NodeJS.ProcessEnv };
const passes: Pass[] = [
  ...(postgresUrl
    ? [
        {
          name: 'server integration tests on PostgreSQL',
          args: ['run', 'test', '-w', '@inspectra/server', '--', '--maxWorkers=1'],
          env: { ...process.env, TEST_DATABASE_URL: postgresUrl },
        },
      ]
    : []),
  { name: 'web app tests', args: ['run', 'test', '-w', '@inspectra/web'], env: process.env },
];

const dir = mkdtempSync(path.join(os.tmpdir(), 'inspectra-beside-e2e-'));
const beside = (async () => {
  const results: { pass: Pass; code: number; seconds: number; log: string }[] = [];
  for (const [i, pass] of passes.entries()) {
    const log = path.join(dir, `${i}.log`);
    const started = performance.now();
    const code = await run('nice', ['-n', '10', npm, ...pass.args], pass.env, log);
    results.push({ pass, code, seconds: Math.round((performance.now() - started) / 1000), log });
  }
  return results;
})();
const journeys = await e2e();
const results = await beside;
for (const r of results) {
  console.log(`\n--- ${r.pass.name} (beside the e2e journeys, ${r.seconds} s)\n`);
  console.log(readFileSync(r.log, 'utf8'));
}
rmSync(dir, { recursive: true, force: true });
console.log(
  `--- e2e journeys: ${journeys === 0 ? 'passed' : `failed (exit ${journeys})`}; ${results
    .map((r) => `${r.pass.name}: ${r.code === 0 ? 'passed' : `failed (exit ${r.code})`}`)
    .join('; ')}`,
);
process.exit(journeys !== 0 ? journeys : (results.find((r) => r.code !== 0)?.code ?? 0));
