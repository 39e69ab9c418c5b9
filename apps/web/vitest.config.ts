import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // The build scripts' own tests too (the size budget's computation).
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    css: false,
    testTimeout: 15_000,
    // Vitest's default is one worker fewer than the cores: one on CI's two. Each file's jsdom and
    // imports are work on one core, so two at a time halve the pass.
    maxWorkers: 2,
  },
});
