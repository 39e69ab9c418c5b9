import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { serverMain, serverNodeEnv, serverNodeFlags } from '../scripts/build-server.ts';
import { testPasswordHashEnv } from './password-cost.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** A server process started from the build, its output so far, and its exit. */
export type ServerProcess = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/**
 * Runs the real entry point (`dist/main.js`) as `npm start` does (its Node flags and environment,
 * no TypeScript loader), with the given environment; build it first (`buildServerIfStale`).
 */
export function runServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [...serverNodeFlags(), serverMain], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: os.tmpdir(),
      LOG_LEVEL: 'info',
      ...testPasswordHashEnv,
      ...serverNodeEnv(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The address a server started with `PORT=0` says it listens at, once it does (within `withinMs`). */
export async function listeningUrl(s: ServerProcess, withinMs = 60_000): Promise<string> {
  for (let i = 0; i < withinMs / 100; i++) {
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(s.output());
    if (match) return match[1]!;
    if (s.child.exitCode !== null) throw new Error(`server exited: ${s.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${s.output()}`);
}
