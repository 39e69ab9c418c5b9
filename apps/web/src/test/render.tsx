import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import type { RouteComponent, RouterHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import type { ComponentType, ReactElement } from 'react';
import { theme } from '../app/theme.ts';
import { SignInAgainSlot } from '../engine/useSignInAgain.tsx';
import { SignInAgain } from '../features/auth/SignInAgainDialog.tsx';

/**
 * Renders a component inside the providers the app gives it (Mantine in test mode, a fresh query
 * cache unless one is given, the forms' way of signing in again).
 */
export function renderWithProviders(ui: ReactElement, queryClient = testQueryClient()) {
  return {
    queryClient,
    ...render(
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <SignInAgainSlot.Provider value={SignInAgain}>{ui}</SignInAgainSlot.Provider>
        </QueryClientProvider>
      </MantineProvider>,
    ),
  };
}

/** A query cache as the tests' renders make it: no retries, so a failure shows at once. */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/**
 * Renders a few pages (path → component) in a router of their own, with the app's providers, for
 * what navigates or asks before leaving. It starts at `start`, a path in memory, or the given history.
 */
export function renderWithRouter(pages: Record<string, RouteComponent>, start: string | RouterHistory) {
  const rootRoute = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: rootRoute.addChildren(
      Object.entries(pages).map(([path, component]) =>
        createRoute({ getParentRoute: () => rootRoute, path, component }),
      ),
    ),
    history: typeof start === 'string' ? createMemoryHistory({ initialEntries: [start] }) : start,
  });
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}

/** A page as the app's router shows it: "loading" until the queries it suspends on answer. */
export const suspended = (Page: ComponentType) => () => (
  <Suspense fallback="loading">
    <Page />
  </Suspense>
);
