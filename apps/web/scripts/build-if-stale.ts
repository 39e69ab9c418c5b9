/**
 * `npm start` runs this first: it builds the web app when there is no build yet or a source file is
 * newer than the build, so a fresh clone needs no separate build step and an unchanged one starts fast.
 * The size budget's check (check-size-budget.ts) imports it for the same reason, and reads `outDir`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { isStale } from '../../../scripts/stale-build.ts';

const webRoot = path.resolve(import.meta.dirname, '..');
// WEB_DIR builds elsewhere (e2e runs side by side each build their own copy).
export const outDir = process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : path.join(webRoot, 'dist');
const built = path.join(outDir, 'index.html');
/** What each page loads (vite.config.ts `build.manifest`); a build made before it had one is stale. */
export const manifestFile = path.join(outDir, '.vite', 'manifest.json');
const sources = [
  path.join(webRoot, 'src'),
  path.join(webRoot, 'public'),
  path.join(webRoot, 'index.html'),
  path.join(webRoot, 'vite.config.ts'),
  path.join(webRoot, 'scripts/precompress.ts'),
  path.resolve(webRoot, '../../packages/contract/src'),
];

if (isStale(built, sources) || !existsSync(manifestFile)) {
  console.log('Building the web app…');
  await build({
    root: webRoot,
    logLevel: 'warn',
    configFile: path.join(webRoot, 'vite.config.ts'),
    build: { outDir, emptyOutDir: true },
  });
}
