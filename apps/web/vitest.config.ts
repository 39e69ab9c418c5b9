import { readdirSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

const include = ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'];

const testFiles = ['src', 'scripts']
  .flatMap((root) =>
    readdirSync(new URL(root, import.meta.url), { recursive: true, encoding: 'utf8' }).map(
      (name) => `${root}/${name}`,
    ),
  )
  .filter((name) => /\.test\.tsx?$/.test(name))
  .map((name) => ({ name, source: readFileSync(new URL(name, import.meta.url), 'utf8') }));

/**
 * The one replacement many files make, word for word: a stored file's URL in place of its bytes
 * (src/test/stored-file-urls.ts). Written any other way, a file runs in a fresh module graph.
 */
const storedFileUrls =
  /vi\.mock\('(?:\.\.\/)+api\/files\.ts', \(\) => \(\{\n {2}useAuthorizedObjectUrl: \(url: string \| null \| undefined\) => \(url \? `blob:stored-\$\{url\}` : undefined\),\n\}\)\);/g;

/**
 * Test files that replace a module (`vi.mock(`): a module mocked in one file must not be the one
 * another file of the same worker already loaded, so these run each in a fresh module graph;
 * but those whose one replacement is the stored files' URLs share a worker's modules, with that
 * replacement made before any of them loads the app (about 5 s of imports a file saved). Decided
 * from each file's text, so a file that starts mocking joins them.
 */
const mocking = testFiles.filter(({ source }) => source.includes('vi.mock('));
const withStoredFileUrls = mocking
  .filter(({ source }) => source.split('vi.mock(').length - 1 === (source.match(storedFileUrls) ?? []).length)
  .map(({ name }) => name);
const isolated = mocking.map(({ name }) => name).filter((name) => !withStoredFileUrls.includes(name));

export default defineConfig({
  // The service worker's plugin for its registration module (`virtual:pwa-register`), which the
  // shell imports; outside a build the plugin gives its no-op version, and the app registers only in
  // a build anyway (src/app/app-update.ts).
  plugins: [react(), VitePWA({ injectRegister: false })],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 15_000,
    // Vitest's default is one worker fewer than the cores: one on CI's two. Each file's jsdom and
    // imports are work on one core, so two at a time halve the pass.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // The build scripts' own tests too (the size budget's computation).
        test: { name: 'shared', include, exclude: [...withStoredFileUrls, ...isolated], isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'stored-file-urls',
          include: withStoredFileUrls,
          setupFiles: ['./src/test/stored-file-urls.ts'],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: isolated } },
    ],
  },
});
