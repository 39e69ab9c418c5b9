/**
 * Starts bench/engine-server.ts for the benchmarks that load it (`bench:engine`, `bench:request-cost`):
 * built as the server is built and started as `npm start` starts the server (plain JavaScript, the
 * same Node flags and allocator settings), so what it spends and holds is the product's.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildServer, serverNodeEnv, serverNodeFlags } from '../apps/server/scripts/build-server.ts';

const repo = path.resolve(import.meta.dirname, '..');

export type EngineServer = { origin: string; pid: number; stop: () => Promise<void> };

/**
 * Builds and starts the bench server on `db` at `scale` (`args`: its further arguments, `nodeFlags`:
 * Node's, after `npm start`'s) and waits for it to listen (seeding happens before that).
 */
export async function startEngineServer(o: {
  db: 'pglite' | 'postgres';
  scale: number;
  args?: string[];
  nodeFlags?: string[];
}): Promise<EngineServer> {
  const outdir = path.join(repo, 'bench/.data/build');
  await buildServer({
    entryPoints: { 'engine-server': path.join(repo, 'bench/engine-server.ts') },
    outdir,
    packageDirs: [path.join(repo, 'apps/server')],
  });
  const child = spawn(
    process.execPath,
    [
      ...serverNodeFlags(),
      ...(o.nodeFlags ?? []),
      path.join(outdir, 'engine-server.js'),
      '--db',
      o.db,
      '--scale',
      String(o.scale),
      ...(o.args ?? []),
    ],
    { cwd: repo, stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, ...serverNodeEnv() } },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('BENCH-READY ')) resolve((JSON.parse(line.slice(12)) as { port: number }).port);
      else console.log(`  [server] ${line}`);
    });
    void exited.then(() => reject(new Error(`The bench server stopped (code ${child.exitCode})`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 60_000).unref())]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
