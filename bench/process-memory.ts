/**
 * A process's resident memory on Linux, read from /proc: the bench server's own (`self`, in
 * bench/engine-server.ts) or the built server's by its process id (bench/report-pdf.ts). Elsewhere
 * the readings are undefined and the resets do nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';

/** Resets the process's peak RSS (VmHWM) so the next reading is the peak since now. */
export function resetPeakRss(pid: number | 'self' = 'self'): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** The process's RSS now and its peak since the last reset (bytes); undefined off Linux. */
export function peakRss(pid: number | 'self' = 'self'): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1]) * 1024;
    return { rss: kib('VmRSS'), peak: kib('VmHWM') };
  } catch {
    return undefined;
  }
}
