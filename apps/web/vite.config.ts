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
    // No source maps in the build: everything in it is served, and the maps would publish the sources.
    // `npm run dev` has them.
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The zod setting (src/app/no-eval.ts) shares a chunk with zod's core, which every zod
              // schema imports: whichever chunk builds a schema first loads this one, and so runs the
              // setting, before its own code. Placed by import order alone it would not: a chunk's
              // imports run before the entry that imported the setting first.
              name: 'zod-config',
              test: /src[\\/]app[\\/]no-eval\.ts$|node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
