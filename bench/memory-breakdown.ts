/**
 * Where a running server's resident memory is, for `npm run bench:memory`: its /proc/<pid>/smaps
 * regions sorted into what holds them, and each JavaScript thread's heap from a Node diagnostic
 * report (the server is started with `--report-on-signal`; the signal writes one report, which
 * includes every worker thread's heap). MB = 10^6 bytes.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

type Region = { start: bigint; end: bigint; perms: string; name: string; rss: number };

function regions(pid: number): Region[] {
  const found: Region[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      found.push({
        start: BigInt(`0x${head[1]}`),
        end: BigInt(`0x${head[2]}`),
        perms: head[3]!,
        name: head[4]!.trim(),
        rss: 0,
      });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && found.length > 0) found[found.length - 1]!.rss = Number(rss[1]) * 1024;
  }
  return found.sort((a, b) => (a.start < b.start ? -1 : 1));
}

const MiB = 1n << 20n;
/** glibc's arenas other than the main one are 64 MiB heaps aligned to their size. */
const arenaAlignment = 64n * MiB;

/**
 * The resident bytes by what holds them:
 * - `wasmMemory`: the embedded database's WebAssembly memory (V8 places it between two reserved,
 *   inaccessible regions of gigabytes, its guard),
 * - `v8Pages`: the JavaScript heaps' pages (256 KiB each, both threads),
 * - `malloc`: the C allocator's heap and arenas (freed memory glibc keeps counts here),
 * - `code`: anonymous executable memory (compiled JavaScript and WebAssembly),
 * - `nodeBinary` and `libraries`: file-backed pages, shared with any other process that maps them,
 * - `otherAnonymous`: the rest (large objects, buffers above the allocator's mmap threshold, stacks).
 */
export function memoryRegions(pid: number) {
  const all = regions(pid);
  const sums = {
    wasmMemory: 0,
    v8Pages: 0,
    malloc: 0,
    code: 0,
    nodeBinary: 0,
    libraries: 0,
    otherAnonymous: 0,
  };
  all.forEach((r, i) => {
    const size = r.end - r.start;
    const before = all[i - 1];
    const after = all[i + 1];
    const guard = (g: Region | undefined) =>
      g !== undefined && g.perms.startsWith('---') && g.end - g.start >= 1024n * MiB && !g.name;
    if (r.name.startsWith('/')) {
      if (r.name === process.execPath || r.name.endsWith('/node')) sums.nodeBinary += r.rss;
      else sums.libraries += r.rss;
    } else if (r.name === '[heap]') sums.malloc += r.rss;
    else if (r.name.startsWith('[')) sums.otherAnonymous += r.rss;
    else if (r.perms.includes('x')) sums.code += r.rss;
    else if (
      r.perms.startsWith('rw') &&
      guard(after) &&
      guard(before) &&
      before!.end === r.start &&
      after!.start === r.end
    )
      sums.wasmMemory += r.rss;
    else if (r.start % arenaAlignment === 0n && size <= arenaAlignment && r.perms.startsWith('rw'))
      sums.malloc += r.rss;
    else if (size === 256n * 1024n) sums.v8Pages += r.rss;
    else sums.otherAnonymous += r.rss;
  });
  return sums;
}

type HeapReport = { totalMemory: number; usedMemory: number; externalMemory?: number };
type NodeReport = {
  javascriptHeap: HeapReport;
  workers?: { javascriptHeap: HeapReport }[];
};

/**
 * Each JavaScript thread's heap (committed and used, bytes) from a diagnostic report the server
 * writes on SIGUSR2 into `directory`: the server's thread first, then its workers (the embedded
 * database's; the print worker's or the password judge's when they run).
 */
export async function threadHeaps(pid: number, directory: string) {
  const reports = () => readdirSync(directory).filter((f) => f.startsWith('report.') && f.endsWith('.json'));
  for (const old of reports()) rmSync(path.join(directory, old));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const [file] = reports();
    if (file) {
      try {
        const report = JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as NodeReport;
        const heap = (h: HeapReport) => ({ committed: h.totalMemory, used: h.usedMemory });
        return [report.javascriptHeap, ...(report.workers ?? []).map((w) => w.javascriptHeap)].map(heap);
      } catch {
        // Still being written.
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return [];
}
