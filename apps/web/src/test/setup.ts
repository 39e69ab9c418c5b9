import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { onlineManager } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { followUnansweredCalls, stopProbing } from '../api/server-reach.ts';
import { i18n } from '../i18n/index.ts';
import { loadWorkspaceStrings } from '../i18n/workspace-strings.ts';

// Test files share a worker's window and loaded modules (vitest.config.ts, `isolate: false`): each
// file starts as in a new window, with no notices, nothing stored and the page's first language.
notifications.clean();
localStorage.clear();
sessionStorage.clear();
await i18n.changeLanguage('en');
// The mock API fails a call nobody answers as a lost connection: that must not turn the app offline
// for the tests after it (server-reach.ts; its own tests turn it on). Each test starts online.
followUnansweredCalls(false);
// Both languages' words are here from the start, as for a reader who has switched once.
await loadWorkspaceStrings('id');

// jsdom lacks what Mantine and mantine-datatable read from the browser.
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  writable: true,
  // An empty query must match, or mantine-datatable hides every column.
  value: (query: string) => ({
    matches: query === '' || query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { ready: Promise.resolve(), addEventListener: vi.fn(), removeEventListener: vi.fn() },
});
Element.prototype.scrollTo = vi.fn() as never;
Element.prototype.scrollIntoView = vi.fn() as never;
window.HTMLElement.prototype.hasPointerCapture = vi.fn() as never;
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as never;
URL.createObjectURL = vi.fn(() => 'blob:preview');
URL.revokeObjectURL = vi.fn();

afterEach(() => {
  cleanup();
  stopProbing();
  onlineManager.setOnline(true);
});
