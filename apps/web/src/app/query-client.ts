import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors.ts';

/**
 * One cache for the app. A failed call is retried once unless the server answered it (4xx: retrying
 * cannot help); sessions are handled by the HTTP client, not here.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failures, error) =>
        failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

// TanStack starts out online and learns of a change from the browser's events only; a page loaded
// with no network (the offline copy's reload) would try every query and fail. The browser's "offline"
// is reliable (its "online" only means a network interface is up), so the page starts from it.
if (typeof navigator !== 'undefined' && !navigator.onLine) onlineManager.setOnline(false);
