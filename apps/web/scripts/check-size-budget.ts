/**
 * Part of `npm test`: fails when the sign-in page's or the signed-in shell's scripts weigh more, gzip,
 * than their budgets (size-budget.ts, docs/web-performance.md). Bytes, not time: the same build
 * weighs the same on any machine. Builds the web app first when the build is stale, as `npm start`
 * would.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { manifestFile, outDir } from './build-if-stale.ts';
import { budgetReport, measureBudgets } from './size-budget.ts';
import type { Manifest } from './size-budget.ts';

const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
// Compressed as the build's own gzip copies are (precompress.ts), which is what the server sends.
const gzipBytes = (file: string) =>
  gzipSync(readFileSync(path.join(outDir, file)), { level: constants.Z_BEST_COMPRESSION }).length;
const measurements = measureBudgets(manifest, gzipBytes);
console.log(
  `Web size budgets (${path.relative(process.cwd(), outDir) || '.'}):\n${budgetReport(measurements)}`,
);
if (measurements.some((m) => m.over)) {
  console.error(
    'A page passed its size budget: load what it does not need before it runs lazily, or change the budget with its reason (docs/web-performance.md).',
  );
  process.exit(1);
}
