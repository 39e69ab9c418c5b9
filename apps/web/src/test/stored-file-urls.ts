import { vi } from 'vitest';

/*
 * A stored file's object URL named after its address, at once: the screens show it in place of the
 * fetched bytes, and a test reads which file a screen shows from it (`blob:stored-/api/files/…`).
 * The setup of the test files that all replace api/files.ts so and nothing else (vitest.config.ts):
 * registered before any of them imports the app, they share one worker's loaded modules.
 */
vi.mock('../api/files.ts', () => ({
  useAuthorizedObjectUrl: (url: string | null | undefined) => (url ? `blob:stored-${url}` : undefined),
}));
