import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../scripts/build-server.ts';

const run = promisify(execFile);
const printer = path.resolve(import.meta.dirname, '../src/modules/reports/pdf-printer.ts');

/**
 * What a worker's heap holds when started as a print worker and as any other, in a process with
 * `npm start`'s heap flags: V8 lets those flags win over a worker's `resourceLimits`, so the
 * printer lifts them while its worker's heap is made (pdf-printer.ts `startPrintWorker`).
 */
const script = `
import { Worker } from 'node:worker_threads';
import { startPrintWorker } from ${JSON.stringify(printer)};
// The worker's code is read as the script is: a module (\`--input-type=module\`, inherited).
const limitOf = (make) => new Promise((resolve, reject) => {
  const worker = make(() => new Worker(
    "import v8 from 'node:v8'; import { parentPort } from 'node:worker_threads'; parentPort.postMessage(v8.getHeapStatistics().heap_size_limit / 1048576);",
    { eval: true, resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 } },
  ));
  worker.once('message', (mb) => { void worker.terminate(); resolve(mb); }).once('error', reject);
});
const plain = await limitOf((start) => start());
const printing = await limitOf(startPrintWorker);
const after = await limitOf((start) => start());
console.log(JSON.stringify({ plain, printing, after }));
`;

describe("a print worker's heap under npm start's flags", () => {
  it('is the heap its limits ask for, and the flags are back for the workers after it', async () => {
    const flags = serverNodeFlags();
    expect(flags.some((flag) => flag.startsWith('--max-old-space-size='))).toBe(true);
    const { stdout } = await run(
      process.execPath,
      [...flags, '--import', 'tsx', '--input-type=module', '--eval', script],
      { cwd: path.resolve(import.meta.dirname, '..') },
    );
    const heap = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, number>;
    const serverOldSpaceMb = Number(
      flags.find((flag) => flag.startsWith('--max-old-space-size='))!.split('=')[1],
    );
    // A worker started plainly has the server's old generation; a print worker its own 64 MB (and
    // its young generation), well under the server's.
    expect(heap.plain).toBeGreaterThanOrEqual(serverOldSpaceMb);
    expect(heap.printing).toBeLessThan(128);
    expect(heap.after).toBeGreaterThanOrEqual(serverOldSpaceMb);
  });
});
