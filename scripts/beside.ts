/**
 * Runs one pass of tests (the main one, its output shown as it comes) and beside it, one after
 * another, other passes whose output is kept and printed after the main one's, so the logs do not
 * interleave. Exits non-zero when any failed. `npm test` uses it for the server tests
 * (scripts/server-tests.ts).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** A pass: its name in the log, the npm arguments that run it, its environment and CPU priority. */
export type Pass = { name: string; args: string[]; env: NodeJS.ProcessEnv; nice?: number };

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

const niced = (pass: Pass): [string, string[]] =>
  pass.nice ? ['nice', ['-n', String(pass.nice), npm, ...pass.args]] : [npm, pass.args];

/** Runs `main` with `beside` alongside it, prints their outcome, and exits with the first failure. */
export async function runBeside(main: Pass, beside: Pass[]): Promise<never> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'inspectra-beside-'));
  const besideDone = (async () => {
    const results: { pass: Pass; code: number; seconds: number; log: string }[] = [];
    for (const [i, pass] of beside.entries()) {
      const log = path.join(dir, `${i}.log`);
      const started = performance.now();
      const code = await run(...niced(pass), pass.env, log);
      results.push({ pass, code, seconds: Math.round((performance.now() - started) / 1000), log });
    }
    return results;
  })();
  const started = performance.now();
  const mainCode = await run(...niced(main), main.env);
  const mainSeconds = Math.round((performance.now() - started) / 1000);
  const results = await besideDone;
  for (const r of results) {
    console.log(`\n--- ${r.pass.name} (beside the ${main.name}, ${r.seconds} s)\n`);
    console.log(readFileSync(r.log, 'utf8'));
  }
  rmSync(dir, { recursive: true, force: true });
  const outcome = (name: string, code: number) =>
    `${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`}`;
  console.log(
    `--- ${[
      `${outcome(main.name, mainCode)} (${mainSeconds} s)`,
      ...results.map((r) => outcome(r.pass.name, r.code)),
    ].join('; ')}`,
  );
  process.exit(mainCode !== 0 ? mainCode : (results.find((r) => r.code !== 0)?.code ?? 0));
}
