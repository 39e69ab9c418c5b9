/**
 * `npm run dev`: the API under `tsx watch` on :3000 and Vite on :5173 (which forwards /api to it).
 * Either stopping stops both, so a crashed API never leaves a dev server pointing at nothing.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../../..');
// The tools' own binaries, not `npx`: a signal to `npx` does not always reach the process it started.
const bin = (name: string) => path.join(repo, 'node_modules/.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', 'apps/server/src/main.ts'], { cwd: repo, stdio: 'inherit' }),
  spawn(bin('vite'), [], { cwd: path.join(repo, 'apps/web'), stdio: 'inherit' }),
];
let stopping = false;
function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
