import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Takes the data directory for this process. PGlite has no lock of its own and two processes on
 * one directory corrupt it, so a second process stops here with a clear message. A lock left by a
 * process that no longer runs is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const lockFile = path.join(dataDir, 'inspectra.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockFile, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (pid && pid !== process.pid && isRunning(pid)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by another Inspectra process (pid ${pid}); stop it or choose another DATA_DIR`,
          { cause: error },
        );
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new Error(`DATA_DIR ${dataDir} could not be locked`);
}

/** Whether a process with this id runs (on this machine); one we may not signal still runs. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The token signing secret: configured, or generated once and kept in the data directory. */
export async function jwtSecretFor(dataDir: string, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing && Buffer.byteLength(existing.trim()) >= 32) return existing.trim();
  const secret = randomBytes(48).toString('base64url');
  const handle = await open(file, 'w', 0o600);
  await handle.writeFile(secret);
  await handle.sync();
  await handle.close();
  return secret;
}
