/**
 * Whether a build is older than what it is made from: `npm start` rebuilds the web app and the
 * server only then, so a fresh clone needs no build step and an unchanged one starts at once.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest modification time under `target` (a file or a folder; a deletion dates its folder). */
function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(target, name))),
    stat.mtimeMs,
  );
}

/** Whether `built` is missing or older than a file under one of `sources`. */
export function isStale(built: string, sources: string[]): boolean {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  return Math.max(...sources.map(newestChange)) > builtAt;
}
