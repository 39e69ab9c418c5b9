import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

/** In development Vite serves the app and forwards /api to the server started by `npm run dev`. */
export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    // What each page loads, read by the size budget's check (scripts/size-budget.ts); written under
    // `.vite/`, which the server does not serve (dot folders are not).
    manifest: true,
    // No source maps in the build: everything in it is served, and the maps would publish the sources.
    // `npm run dev` has them.
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // The contract's modules declare entities, routes and rules as values: their only effect is
        // what they export, so a page takes only the modules it uses (the sign-in page: the field
        // messages and the task states, not the entity declarations). messages.ts is the exception:
        // it sets zod's messages for every schema (`z.config`), wherever a schema is built.
        moduleSideEffects: [
          { test: /packages[\\/]contract[\\/]src[\\/](?!messages\.ts$)/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // The zod setting (src/api/no-eval.ts) shares a chunk with zod's core, which every zod
              // schema imports: whichever chunk builds a schema first loads this one, and so runs the
              // setting, before its own code. Placed by import order alone it would not: a chunk's
              // imports run before the entry that imported the setting first.
              name: 'zod-config',
              test: /src[\\/]api[\\/]no-eval\.ts$|node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/,
              priority: 10,
            },
            {
              // What the first page needs before it runs, in one file: one request, and gzip and
              // brotli find the repetitions across React, the router and Mantine in one stream
              // (as 19 files they were 6 % larger). The budget's check reads it (scripts/size-budget.ts).
              name: 'start',
              tags: ['$initial'],
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
