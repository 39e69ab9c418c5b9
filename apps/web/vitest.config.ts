import { readdirSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

const include = ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'];

/**
 * Test files that replace a module (`vi.mock(`): a module mocked in one file must not be the one
 * another file of the same worker already loaded, so these run each in a fresh module graph.
 * Decided from each file's text, so a file that starts mocking joins them.
 */
const mocking = ['src', 'scripts']
  .flatMap((root) =>
    readdirSync(new URL(root, import.meta.url), { recursive: true, encoding: 'utf8' }).map(
      (name) => `${root}/${name}`,
    ),
  )
  .filter((name) => /\.test\.tsx?$/.test(name))
  .filter((name) => readFileSync(new URL(name, import.meta.url), 'utf8').includes('vi.mock('));

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
        test: { name: 'shared', include, exclude: mocking, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: mocking } },
    ],
  },
});
