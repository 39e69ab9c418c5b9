import { QueryClient } from '@tanstack/react-query';
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
