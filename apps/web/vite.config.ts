import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** In development Vite serves the app and forwards /api to the server started by `npm run dev`. */
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
