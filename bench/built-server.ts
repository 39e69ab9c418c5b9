/**
 * The product's server for the benchmarks that measure it whole (`bench:web`, `bench:pdf`): built
 * when stale and started as `npm start` starts it (plain JavaScript, the same Node flags), in a
 * process of its own whose id is known, so its memory can be read from /proc. And the sign-in every
 * benchmark makes through the API.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import {
  buildServerIfStale,
  serverMain,
  serverNodeEnv,
  serverNodeFlags,
} from '../apps/server/scripts/build-server.ts';

const repo = path.resolve(import.meta.dirname, '..');

export type Credentials = { username: string; password: string };
export type BuiltServer = { origin: string; pid: number; stop: () => Promise<void> };

/** A TCP port nothing listens on now, chosen by the system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server on 127.0.0.1:`port` with `env` (DATA_DIR, ADMIN_USERNAME, … as for
 * `npm start`) and waits until `/api/health` answers (migrations and seeding happen before that).
 */
export async function startBuiltServer(port: number, env: Record<string, string>): Promise<BuiltServer> {
  await buildServerIfStale();
  const server = spawn(process.execPath, [...serverNodeFlags(), serverMain], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...serverNodeEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server stopped with code ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { origin, pid: server.pid!, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error('The server did not answer /api/health within 2 minutes');
}

/** Signs in through the API; the tokens the app keeps in its session cookies. */
export async function signIn(
  origin: string,
  credentials: Credentials,
): Promise<{ accessToken: string; refreshToken: string }> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!res.ok) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { accessToken: string; refreshToken: string } }).data;
}
