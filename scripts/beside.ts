/**
 * Runs passes of tests one after another (the main ones, their output shown as it comes) and beside
 * them, one after another, other passes whose output is kept and printed after the main ones', so
 * the logs do not interleave. Every pass runs, whatever an earlier one's outcome, so one run tells
 * every failure (the web app's tests come after the server's). Exits non-zero when any failed.
 * `npm test` uses it for the contract's, the web app's and the server's tests
 * (scripts/test-passes.ts).
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
export async function runBeside(main: Pass[], beside: Pass[]): Promise<never> {
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
  const mainResults: { pass: Pass; code: number; seconds: number }[] = [];
  for (const pass of main) {
    const started = performance.now();
    const code = await run(...niced(pass), pass.env);
    mainResults.push({ pass, code, seconds: Math.round((performance.now() - started) / 1000) });
  }
  const mainCode = mainResults.find((r) => r.code !== 0)?.code ?? 0;
  const results = await besideDone;
  for (const r of results) {
    console.log(
      `\n--- ${r.pass.name} (beside the ${main.map((p) => p.name).join(', then ')}, ${r.seconds} s)\n`,
    );
    console.log(readFileSync(r.log, 'utf8'));
  }
  rmSync(dir, { recursive: true, force: true });
  const outcome = (name: string, code: number) =>
    `${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`}`;
  console.log(
    `--- ${[
      ...mainResults.map((r) => `${outcome(r.pass.name, r.code)} (${r.seconds} s)`),
      ...results.map((r) => `${outcome(r.pass.name, r.code)} (${r.seconds} s)`),
    ].join('; ')}`,
  );
  process.exit(mainCode !== 0 ? mainCode : (results.find((r) => r.code !== 0)?.code ?? 0));
}
