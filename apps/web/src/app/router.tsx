import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { hasSession, rememberReturnTo } from '../api/session.ts';
import { SignInPage } from '../features/auth/SignInPage.tsx';
import { profileQuery } from '../features/auth/useProfile.ts';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { ReportPage } from '../features/reports/ReportPage.tsx';
import { ReportsPage } from '../features/reports/ReportsPage.tsx';
import { MeasurementEditPage } from '../features/thermal/MeasurementEditPage.tsx';
import { ThermalAnalysisPage } from '../features/thermal/ThermalAnalysisPage.tsx';
import { WorkOrderPage } from '../features/work-orders/WorkOrderPage.tsx';
import { WorkOrdersPage } from '../features/work-orders/WorkOrdersPage.tsx';
import { queryClient } from './query-client.ts';
import { AppLayout } from './AppLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RouteError } from './RouteError.tsx';

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

/** The sign-in page, the only route the specification names; `?code=401` says the session ended. */
const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth',
  // The router reads `?code=401` as the number 401 and writes back what this returns: keep it a number
  // so the address stays `/auth/?code=401`.
  validateSearch: z.object({ code: z.union([z.number(), z.string()]).optional().catch(undefined) }),
  component: SignInPage,
});

/** Every other screen needs a session; without one the user signs in and comes back here. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ location }) => {
    if (!hasSession()) {
      rememberReturnTo(location.href);
      throw redirect({ to: '/auth' });
    }
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(profileQuery),
  component: AppLayout,
  errorComponent: RouteError,
});

const page = <P extends string>(path: P, component: () => React.ReactNode) =>
  createRoute({ getParentRoute: () => appRoute, path, component, errorComponent: RouteError });

const routeTree = rootRoute.addChildren([
  signInRoute,
  appRoute.addChildren([
    page('/', DashboardPage),
    page('work-orders', WorkOrdersPage),
    page('work-orders/$workOrderId', WorkOrderPage),
    page('reports', ReportsPage),
    page('reports/$reportId', ReportPage),
    page('reports/$reportId/thermal', ThermalAnalysisPage),
    page('reports/$reportId/thermal/measurements/new', MeasurementEditPage),
    page('reports/$reportId/thermal/measurements/$measurementId', MeasurementEditPage),
  ]),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  trailingSlash: 'preserve',
});

declare module '@tanstack/react-router' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting needs an interface
  interface Register {
    router: typeof router;
  }
}
