import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress.ts';

/**
 * The installable app (docs/offline-capture.md, "Web: the app and the offline copy"): a web app
 * manifest and a Workbox service worker that keeps every file the build emits on the device and
 * answers a page's address with the kept index.html when there is no network. The API is never kept
 * by the worker: the offline copy of a task is the app's own store (src/app/offline-copy.ts). A new
 * build waits until the app is next started, or until the user takes the "reload" of its notice
 * (src/app/AppUpdateNotice.tsx registers the worker). Off in `npm run dev`.
 */
const installableApp = VitePWA({
  strategies: 'generateSW',
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    name: 'Inspectra',
    short_name: 'Inspectra',
    description: 'Equipment inspections, condition monitoring and their reports',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0b7285',
    background_color: '#ffffff',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  },
  workbox: {
    // Every script, style, font and image the build emits, and the shell; not the .br/.gz copies
    // beside them (the server picks one per request) nor the tools' `.vite/` manifest.
    globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
    // The largest chunk (the PDF viewer's, the charts') must be kept too, or that screen fails offline.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    navigateFallback: '/index.html',
    // /api is the server's: a call is never answered by the worker, online or not.
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    cleanupOutdatedCaches: true,
    // The first install takes the open page at once, so a task taken offline on the first visit
    // survives a reload without a network; later builds wait (registerType 'prompt').
    clientsClaim: true,
  },
});

/** In development Vite serves the app and forwards /api to the server started by `npm run dev`. */
export default defineConfig({
  plugins: [react(), precompress(), installableApp],
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
